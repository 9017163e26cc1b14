from __future__ import annotations

import pytest

from verify.evidence_ids import cited_ids, lookalikes, strip_ids

GOOD = "ev_0a1b2c3d4e5f6789"


@pytest.mark.parametrize(
    "text",
    [
        f"Per the runbook [{GOOD}].",
        f"({GOOD})",
        f"{GOOD}, ev_ffffffffffffffff",
        f"source: {GOOD}",
    ],
)
def test_canonical_ids_are_cited(text: str) -> None:
    assert GOOD in cited_ids(text)
    assert lookalikes(text) == ()


@pytest.mark.parametrize(
    ("text", "raw"),
    [
        ("see ev_0a1b2c3d4e5f678", "ev_0a1b2c3d4e5f678"),  # 15 hex digits
        ("see ev_0a1b2c3d4e5f67890", "ev_0a1b2c3d4e5f67890"),  # 17 hex digits
        ("see ev_0A1B2C3D4E5F6789", "ev_0A1B2C3D4E5F6789"),  # uppercase hex
        ("see EV_0a1b2c3d4e5f6789", "EV_0a1b2c3d4e5f6789"),
        ("see Ev_0a1b2c3d4e5f6789", "Ev_0a1b2c3d4e5f6789"),
        ("see ev-0a1b2c3d4e5f6789", "ev-0a1b2c3d4e5f6789"),
        ("see ev–0a1b2c3d4e5f6789", "ev–0a1b2c3d4e5f6789"),
        ("see ev_0a1b2c3d 4e5f6789", "ev_0a1b2c3d 4e5f6789"),
        ("see ev_0a1b2c3d\u200b4e5f6789", "ev_0a1b2c3d\u200b4e5f6789"),
        ("see e\u200bv_0a1b2c3d4e5f6789", "e\u200bv_0a1b2c3d4e5f6789"),
        ("see ev_ghijklmnopqrstuv", "ev_ghijklmnopqrstuv"),
        (f"see [the runbook]({GOOD})", GOOD),
        (f"see [{GOOD}](https://wiki.example/runbook)", GOOD),
    ],
)
def test_malformed_lookalikes_are_caught(text: str, raw: str) -> None:
    assert raw in lookalikes(text)
    assert cited_ids(text) == ()


@pytest.mark.parametrize(
    "text",
    ["EV charging for the fleet", "the prev_state flag", "ev-cafe", "level_3 alerts", "every event"],
)
def test_ordinary_words_are_not_ids(text: str) -> None:
    assert cited_ids(text) == ()
    assert lookalikes(text) == ()


def test_cited_ids_keep_first_appearance_order_without_duplicates() -> None:
    other = "ev_1111111111111111"
    assert cited_ids(f"{other} then {GOOD} then {other}") == (other, GOOD)


def test_strip_ids_removes_ids_and_empty_brackets() -> None:
    assert " ".join(strip_ids(f"Payments owns ledger-sync [{GOOD}].").split()) == "Payments owns ledger-sync ."


def test_quotable_parts_quote_around_a_lookalike_never_through_it() -> None:
    from verify.evidence_ids import quotable_parts

    text = "The incident was filed as EV_12ab, and the Payments team owns basalt-queue"
    assert quotable_parts(text) == ("The incident was filed as", "and the Payments team owns basalt-queue")
    assert all(part in text for part in quotable_parts(text))  # verbatim slices
    assert quotable_parts("Plain sentence without ids.") == ("Plain sentence without ids.",)
    assert quotable_parts("ev_0123456789abcdef") == ()  # nothing but an id: nothing to quote
    assert quotable_parts("see ev-3fa9c0d1e2f3a4b5 ; then ev_zz") == ("see", "then")
