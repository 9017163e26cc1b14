"""Table-driven cases for every rule of the citation gate, in the style of real answers."""

from __future__ import annotations

import pytest

from verify.citation_gate import check_draft, quote_is_verbatim
from verify.verdicts import Abstained, Answered, Refused

OWN = "ev_0a1b2c3d4e5f6789"
DEP = "ev_1f2e3d4c5b6a7980"
RUN = "ev_aaaabbbbccccdddd"
EVIDENCE = {
    OWN: "ledger-sync is owned by the Payments team.",
    DEP: "checkout-api depends on rate-engine for every price lookup.",
    RUN: "Restart the reconciler pod before rerunning the nightly settlement job.",
}


def test_fully_cited_answer_is_answered() -> None:
    draft = (
        "Here is what the docs say:\n"
        f"- ledger-sync is owned by the Payments team [{OWN}].\n"
        f"- checkout-api depends on rate-engine [{DEP}].\n\n"
        "[answered] citing 2 of 3 retrieved evidence ids"
    )
    verdict = check_draft(draft, EVIDENCE)
    assert verdict == Answered((OWN, DEP), (), ())


@pytest.mark.parametrize(
    ("draft", "offending"),
    [
        (f"The Payments team owns ledger-sync [{OWN[:-1]}8].", (OWN[:-1] + "8",)),  # one digit off
        (f"The Payments team owns ledger-sync [{OWN}] [ev_9999999999999999].", ("ev_9999999999999999",)),
        ("Payments owns it [ev_9999999999999999]. Also [ev_8888888888888888].",
         ("ev_9999999999999999", "ev_8888888888888888")),
    ],
)
def test_any_unreturned_id_refuses_the_whole_answer(draft: str, offending: tuple[str, ...]) -> None:
    verdict = check_draft(draft, EVIDENCE)
    assert isinstance(verdict, Refused)
    assert verdict.reason.startswith("fabricated_citation")
    assert verdict.offending == offending


@pytest.mark.parametrize(
    "bad",
    [OWN.upper().replace("EV_", "ev_"), OWN.replace("ev_", "EV_"), OWN.replace("ev_", "ev-"), OWN[:-2],
     OWN + "0", OWN[:8] + " " + OWN[8:], OWN[:8] + "\u200b" + OWN[8:]],
)
def test_malformed_lookalike_refuses_even_next_to_a_real_citation(bad: str) -> None:
    verdict = check_draft(f"The Payments team owns ledger-sync [{OWN}] [{bad}].", EVIDENCE)
    assert isinstance(verdict, Refused)
    assert verdict.reason.startswith("malformed_citation")
    assert verdict.offending == (bad,)


def test_markdown_link_citation_refuses() -> None:
    verdict = check_draft(f"The Payments team owns [ledger-sync]({OWN}).", EVIDENCE)
    assert isinstance(verdict, Refused)
    assert verdict.offending == (OWN,)


@pytest.mark.parametrize("draft", ["I don't know who owns ledger-sync.", "", "Nothing relevant came back."])
def test_no_valid_citation_abstains_with_retrieved_count(draft: str) -> None:
    assert check_draft(draft, EVIDENCE) == Abstained("no_citation: the draft cites no returned evidence", 3)


def test_uncited_factual_sentence_refuses_and_names_it() -> None:
    draft = f"ledger-sync is owned by the Payments team [{OWN}]. It pages Julia Novak at night."
    verdict = check_draft(draft, EVIDENCE)
    assert isinstance(verdict, Refused)
    assert verdict.reason == "uncited_claim: 'It pages Julia Novak at night.'"
    assert verdict.offending == ("It pages Julia Novak at night.",)


@pytest.mark.parametrize(
    "extra",
    ["## Summary", "Short version:", "[answered] citing 1 of 3 retrieved evidence ids",
     "Do you want the runbook steps as well?", "---"],
)
def test_non_factual_lines_need_no_citation(extra: str) -> None:
    draft = f"{extra}\nledger-sync is owned by the Payments team [{OWN}]."
    assert isinstance(check_draft(draft, EVIDENCE), Answered)


def test_verbatim_quote_of_cited_evidence_is_answered() -> None:
    draft = f'The ownership note says "owned by the Payments team" [{OWN}].'
    assert isinstance(check_draft(draft, EVIDENCE), Answered)


def test_quote_with_ellipsis_must_keep_order() -> None:
    assert quote_is_verbatim("Restart the reconciler pod … settlement job", EVIDENCE[RUN])
    assert not quote_is_verbatim("settlement job … Restart the reconciler pod", EVIDENCE[RUN])


@pytest.mark.parametrize(
    "draft",
    [
        f'The runbook says to "reboot the reconciler pod first" [{RUN}].',  # paraphrase in quotes
        f"The runbook says “restart the reconciler pod” [{RUN}].",  # case differs
        f'The owner note says "owned by the Payments team" [{DEP}].',  # verbatim, but of another sentence
    ],
)
def test_quote_that_is_not_a_slice_of_its_cited_evidence_refuses(draft: str) -> None:
    verdict = check_draft(draft, EVIDENCE)
    assert isinstance(verdict, Refused)
    assert verdict.reason.startswith("quote_not_verbatim")


def test_citation_sharing_no_content_word_is_flagged_weak_not_refused() -> None:
    draft = f"The Payments team owns ledger-sync [{OWN}]. Escalations go to finance [{DEP}]."
    verdict = check_draft(draft, EVIDENCE)
    assert isinstance(verdict, Answered)
    assert [(w.evidence_id, w.claim) for w in verdict.weak] == [(DEP, f"Escalations go to finance [{DEP}].")]


def test_hedged_sentences_are_reported() -> None:
    draft = f"checkout-api probably depends on rate-engine [{DEP}]."
    verdict = check_draft(draft, EVIDENCE)
    assert isinstance(verdict, Answered)
    assert verdict.hedged == (draft,)


@pytest.mark.parametrize(
    "trailer",
    ["[answered] citing 2 of 3 retrieved evidence ids", "[answered] citing 1 of 5 retrieved evidence ids",
     "[abstained] 3 evidence ids retrieved", "[answered] all good"],
)
def test_trailer_that_disagrees_with_the_draft_refuses(trailer: str) -> None:
    draft = f"ledger-sync is owned by the Payments team [{OWN}].\n{trailer}"
    verdict = check_draft(draft, EVIDENCE)
    assert isinstance(verdict, Refused)
    assert verdict.reason.startswith("status_mismatch")
