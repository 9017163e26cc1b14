from __future__ import annotations

import pytest

from verify.answer_text import content_words, hedges_in, is_factual, quotes_in, sentences

ID = "ev_0a1b2c3d4e5f6789"


def test_sentences_skip_headings_lead_ins_and_trailers() -> None:
    draft = (
        "## Ownership\n"
        "Here is what the docs say:\n"
        f"- The Payments team owns ledger-sync [{ID}].\n"
        f"1. checkout-api depends on rate-engine. [{ID}]\n"
        "\n"
        "[answered] citing 1 of 3 retrieved evidence ids\n"
    )
    assert sentences(draft) == [
        f"The Payments team owns ledger-sync [{ID}].",
        f"checkout-api depends on rate-engine. [{ID}]",
    ]


def test_sentences_do_not_split_after_abbreviations() -> None:
    assert sentences("Several services, e.g. checkout-api, call rate-engine.") == [
        "Several services, e.g. checkout-api, call rate-engine."
    ]


@pytest.mark.parametrize(
    ("sentence", "factual"),
    [
        ("The Payments team owns ledger-sync.", True),
        ("Want me to check the runbook too?", False),
        ("I could not find anything in the indexed documents about quotas.", False),
        (f"[{ID}]", False),
        ("OK.", True),
    ],
)
def test_is_factual(sentence: str, factual: bool) -> None:
    assert is_factual(sentence) is factual


def test_content_words_ignore_stopwords_case_and_ids() -> None:
    assert content_words(f"The Payments team owns it [{ID}].") == {"payment", "team", "own"}


def test_hedges_in_finds_words_and_phrases() -> None:
    assert hedges_in("I think rate-engine probably caches quotes") == ("probably", "i think")
    assert hedges_in("rate-engine caches quotes") == ()


def test_quotes_in_reads_straight_and_curly_quotes() -> None:
    assert quotes_in('The ADR says "use Postgres" and “keep Redis”.') == ("use Postgres", "keep Redis")
