"""An answer that cites part of a flat list cites the rest of it, and a cited line's other sentence that states an
unbound ask is cited too, in what is left of the word budget; records of a nested list, a single cited item, a
line-mate about something else and a rest that does not fit are left out. Fixture text is our own."""

from __future__ import annotations

import re

import pytest
from spacy.language import Language

from zehn.agent.bound import Bound, Finding
from zehn.agent.completion import completed, list_rest, unbound_mates
from zehn.agent.parses import ParseCache, Parses
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, DocumentInfo, Sentence

FLAT = ("1) Add a queue depth alert for the badge relay. Owning team: Access SRE.",
        "2) Add a soak test to the relay release checklist. Owning team: Access SRE.",
        "3) Document the kiosk certificate pinning limits. Owning team: Identity Platform.")
NESTED = ("- **Rotate the relay certificate**", "  - Owner: Dana", "  - Target: March 9",
          "- **Unpin kiosk fingerprints**", "  - Owner: Lee", "  - Target: March 12",
          "- **Add an expiry alert**", "  - Owner: Sam", "  - Target: March 20")
SUMMARY = ("On March 3 the badge relay dropped kiosk sessions after its certificate rotation. "
           "Reverting the pinning change and shipping a patched kiosk build put the sessions back.")
ASK_FIX = Ask("what change fixed it", "what", "change", "change", "fix", "fix", ("change", "fix"),
              core=("fix",), focus_terms=("change",))
ASK_TEAM = Ask("which team owns each", "which", "team", "team", "own", "agent", ("team", "own"),
               core=("team", "own"), focus_terms=("team",))
ASK_GPU = Ask("which GPU was hit", "which", "GPU", "gpu", "hit", "system", ("gpu", "hit"), core=("gpu", "hit"),
              focus_terms=("gpu",))


def _view(sections: tuple[tuple[str, tuple[str, ...]], ...]) -> DocView:
    """A document of the given sections (heading, lines); a line's sentences are split after ". "."""
    passages, sentences, at = [], [], 0
    for n, (heading, lines) in enumerate(sections):
        at += len(heading) + 1  # the heading line, stored apart from the body
        start, body = at, "\n".join(lines)
        for k, line in enumerate(lines):
            pos = 0
            for m, part in enumerate(re.split(r"(?<=\.) ", line.strip())):
                pos = line.index(part, pos)
                sentences.append(Sentence(f"ev_{n}_{k}_{m}", part, "d", at + pos, at + pos + len(part), "sentence"))
                pos += len(part)
            at += len(line) + 1
        passages.append(DocPassage(f"d#p{n}", "d", heading, "section", start, start + len(body), f"{heading}\n{body}",
                                   (0.3,)))
    return DocView(DocumentInfo("d", "Badge relay", "jira", None, None), tuple(passages), 1.0, False,
                   lambda: sentences)


def _starting(view: DocView, text: str) -> Sentence:
    return next(s for s in view.sentences if s.text.startswith(text))


VIEW = _view((("## Summary", (SUMMARY,)), ("## Follow-ups", FLAT), ("## Tickets", NESTED)))


@pytest.fixture(scope="module")
def parses(nlp: Language) -> Parses:
    return Parses(ParseCache(nlp))


def test_two_cited_items_of_a_flat_list_bring_the_third() -> None:
    cited = [_starting(VIEW, "1) Add a queue"), _starting(VIEW, "2) Add a soak")]
    added = list_rest(VIEW, cited, 100)
    assert [s.text for s in added] == ["3) Document the kiosk certificate pinning limits.",
                                       "Owning team: Identity Platform."]


def test_one_cited_item_is_an_answer_found_in_a_list_and_brings_no_other() -> None:
    assert list_rest(VIEW, [_starting(VIEW, "1) Add a queue")], 100) == []


def test_a_rest_that_does_not_fit_the_words_left_is_not_cited_in_part() -> None:
    cited = [_starting(VIEW, "1) Add a queue"), _starting(VIEW, "2) Add a soak")]
    assert list_rest(VIEW, cited, 5) == []


def test_the_records_of_a_nested_list_are_other_actions_and_are_not_finished() -> None:
    cited = [_starting(VIEW, "- **Rotate"), _starting(VIEW, "- **Unpin")]
    assert list_rest(VIEW, cited, 100) == []


def test_a_cited_lines_other_sentence_holding_an_unbound_asks_thing_is_cited(parses: Parses) -> None:
    first = _starting(VIEW, "On March 3")
    bound = Bound(missing=(ASK_FIX,))
    added = unbound_mates(bound, VIEW, [first], 100, parses)
    assert [s.text for s in added] == ["Reverting the pinning change and shipping a patched kiosk build put the "
                                       "sessions back."]


def test_a_line_mate_about_something_else_than_the_unbound_ask_is_not_cited(parses: Parses) -> None:
    first = _starting(VIEW, "On March 3")
    assert unbound_mates(Bound(missing=(ASK_GPU,)), VIEW, [first], 100, parses) == []
    assert unbound_mates(Bound(), VIEW, [first], 100, parses) == []  # every ask bound: nothing to complete


def test_completed_adds_to_the_detail_and_leaves_the_findings_and_the_unbound_asks(parses: Parses) -> None:
    one, two = _starting(VIEW, "1) Add a queue"), _starting(VIEW, "2) Add a soak")
    finding = Finding(ASK_TEAM, (one,), "inferred", (), "Follow-ups", one)
    bound = Bound(findings=(finding,), missing=(ASK_FIX,), detail=(two,))
    done = completed(bound, VIEW, parses)
    assert done.findings == bound.findings and done.missing == bound.missing
    assert [s.text for s in done.detail] == ["2) Add a soak test to the relay release checklist.",
                                             "3) Document the kiosk certificate pinning limits.",
                                             "Owning team: Identity Platform."]
    assert completed(Bound(missing=(ASK_FIX,)), VIEW, parses) == Bound(missing=(ASK_FIX,))  # nothing answered
    assert completed(bound, None, parses) == bound


def test_an_unbound_ask_a_cited_line_mate_names_is_marked_named_and_stays_missing(parses: Parses) -> None:
    first = _starting(VIEW, "On March 3")
    finding = Finding(ASK_TEAM, (first,), "inferred", (), "Summary", first)
    done = completed(Bound(findings=(finding,), missing=(ASK_FIX, ASK_GPU)), VIEW, parses)
    assert done.missing == (ASK_FIX, ASK_GPU) and done.named == (ASK_FIX,)
