"""Remedy lines labelled by horizon: an ask naming one horizon is answered by that horizon's lines. Own text."""

from __future__ import annotations

from zehn.agent.horizons import horizon_of, line_horizon, line_of, of_horizon, off_horizon, on_horizon, other_horizon
from zehn.agent.rows import DocPassage, Sentence

BODY = ("Quick fix: restarted the poller.\n"
        "Mid-term: ticket OPS-7 to add a retry budget. Needs review.\n"
        "Long-term (quarter): replace the poller with push events.\n"
        "The outage lasted an hour.")
HEADING = "Poller outage > Remediation"
AT = 100  # where the body starts in the document


def _passage() -> DocPassage:
    return DocPassage("p1", "d1", HEADING, "section", AT, AT + len(BODY), f"{HEADING}\n{BODY}", ())


def _sentence(text: str) -> Sentence:
    start = AT + BODY.index(text)
    return Sentence(text[:8], text, "d1", start, start + len(text), "sentence")


def test_horizon_words_name_short_medium_and_long() -> None:
    assert horizon_of("what temporary workaround") == "short"
    assert horizon_of("what mid-term plan") == "medium"
    assert horizon_of("what permanent fix") == "long"
    assert horizon_of("what mitigation") is None


def test_only_a_label_opening_the_line_gives_its_horizon() -> None:
    assert line_horizon("- **Long-term (weeks)**: move to push events") == "long"
    assert line_horizon("2) Immediate mitigation in place: drained the queue") == "short"
    assert line_horizon("We discussed a long-term option: none yet") is None
    assert line_horizon("Restarted the poller at 10:00.") is None


def test_a_line_of_another_horizon_than_asked_is_off_and_an_unasked_horizon_keeps_every_line() -> None:
    assert other_horizon("short-term mitigation", "Long-term: replace the poller")
    assert not other_horizon("short-term mitigation", "Short term: restart the poller")
    assert not other_horizon("mitigation", "Long-term: replace the poller")


def test_a_later_sentence_of_a_labelled_line_is_under_its_label() -> None:
    second = _sentence("Needs review.")
    assert line_of((_passage(),), second).startswith("Mid-term:")
    assert off_horizon("permanent fix", (_passage(),), second)
    assert not off_horizon("permanent fix", (_passage(),), _sentence("The outage lasted an hour."))


def test_the_lines_of_the_asked_horizon_come_first_else_those_of_none() -> None:
    lines = [_sentence(t) for t in ("Quick fix: restarted the poller.", "Mid-term: ticket OPS-7 to add a retry budget.",
                                    "Long-term (quarter): replace the poller with push events.",
                                    "The outage lasted an hour.")]
    assert [s.text[:4] for s in of_horizon("durable fix", lines, (_passage(),))] == ["Long"]
    assert [s.text[:4] for s in of_horizon("interim workaround", lines, (_passage(),))] == ["Quic", "The "]
    assert of_horizon("fix", lines, (_passage(),)) == lines


def test_an_extent_pool_loses_the_lines_of_another_horizon_but_never_the_bound_sentence() -> None:
    lines = [_sentence(t) for t in BODY.split("\n")]
    assert [x.text[:9] for x in on_horizon("permanent fix", (_passage(),), lines[0], lines)] == [
        "Quick fix", "Long-term", "The outag"]
    assert lines[1] in on_horizon("permanent fix", (_passage(),), lines[1], lines)  # bound though mid-term
    assert on_horizon("what fix", (_passage(),), lines[0], lines) == lines


def test_a_horizon_label_after_a_speakers_name_gives_the_lines_horizon() -> None:
    assert line_horizon("Ines: Longer-term: add a schema test to the pipeline") == "long"
    assert line_horizon("**Odile V.:** Shorter-term: pin the client version") == "short"
    assert line_horizon("ops-bot: Node 3 drained by Ines") is None
    assert line_horizon("Odile: we talked about the long-term plan for a while") is None
