"""An answer's neighbours stop at the next titled part of a document written without markup headings, and at the
next action item of a list; the situation reads one action item of a list, not its siblings. Fixture text is our
own."""

from __future__ import annotations

from zehn.agent.extent import block_of, extent
from zehn.agent.rows import DocPassage, Sentence
from zehn.agent.sibling_parts import (
    best_framed,
    field_runs,
    numbered_item,
    one_action_item,
    other_items,
    title_line,
    titled_part,
)

PLAIN = (
    "Greenhouse controller spec\n"
    "\n"
    "Sensor readings\n"
    "- Required readings:\n"
    "  - soil.moisture (percent)\n"
    "  - air.temperature (celsius)\n"
    "\n"
    "Readings older than ten minutes are discarded by the controller.\n"
    "\n"
    "Watering faults\n"
    "- Stuck valve: the controller closes the main line and pages the grower.\n"
    "- Dry sensor readings for an hour: the controller waters on the default schedule.\n")
ACTIONS = (
    "Follow-ups\n"
    "1. **Replace the stuck valve in bay four**\n"
    "   - Owner: Mira Okafor\n"
    "   - Tracking: GRN-41\n"
    "   - Target: 2026-05-03\n"
    "\n"
    "2. **Recalibrate the moisture probes**\n"
    "   - Owner: Tomas Reyes\n"
    "   - Tracking: GRN-42\n"
    "\n"
    "Steps\n"
    "1. Open the valve.\n"
    "2. Check the pressure.\n")


def _doc(body: str) -> tuple[DocPassage, list[Sentence]]:
    heading = "body"
    passage = DocPassage("p1", "doc", heading, "section", 0, len(body), f"{heading}\n{body}", (0.2,))
    out, at = [], 0
    for n, line in enumerate(body.split("\n")):
        if line.strip():
            lead = len(line) - len(line.lstrip())
            out.append(Sentence(f"s{n}", line.strip(), "doc", at + lead, at + len(line), "sentence"))
        at += len(line) + 1
    return passage, out


def _by(sentences: list[Sentence], part: str) -> Sentence:
    return next(s for s in sentences if part in s.text)


def test_a_short_capitalised_line_alone_without_closing_punctuation_is_a_title() -> None:
    passage, sentences = _doc(PLAIN)
    assert title_line(_by(sentences, "Sensor readings"), passage)
    assert title_line(_by(sentences, "Watering faults"), passage)
    assert not title_line(_by(sentences, "Readings older"), passage)  # a statement: it closes with a full stop
    assert not title_line(_by(sentences, "Required readings"), passage)  # a list item
    assert not title_line(_by(sentences, "soil.moisture"), passage)


def test_neighbours_stay_in_the_titled_part_of_the_bound_line() -> None:
    passage, sentences = _doc(PLAIN)
    best = _by(sentences, "soil.moisture")
    inside = titled_part(best, sentences, (passage,), lambda s: block_of((passage,), s))
    assert inside(_by(sentences, "Readings older"))  # an untitled block after the title belongs to its part
    assert not inside(_by(sentences, "Stuck valve"))
    assert not inside(_by(sentences, "Dry sensor readings"))


def test_one_title_alone_is_no_structure_to_stop_at() -> None:
    body = "Sensor readings\n- soil.moisture (percent)\n\nReadings older than ten minutes are discarded.\n"
    passage, sentences = _doc(body)
    inside = titled_part(sentences[1], sentences, (passage,), lambda s: block_of((passage,), s))
    assert all(inside(s) for s in sentences)


def test_the_extent_does_not_run_into_the_next_titled_part() -> None:
    passage, sentences = _doc(PLAIN)
    best = _by(sentences, "Required readings")
    chosen = extent(best, sentences, 200, None, (passage,), lambda s: "readings" in s.text.casefold())
    texts = [s.text for s in chosen]
    assert any("soil.moisture" in t for t in texts)
    assert any("Readings older" in t for t in texts)
    assert not any("Dry sensor readings" in t for t in texts)


def test_without_an_about_test_the_extent_reads_the_whole_section_as_before() -> None:
    passage, sentences = _doc(PLAIN)
    chosen = extent(_by(sentences, "Required readings"), sentences, 200, None, (passage,))
    assert any("Dry sensor readings" in s.text for s in chosen)


def test_an_action_item_is_a_numbered_title_with_lines_under_it() -> None:
    passage, sentences = _doc(ACTIONS)
    assert numbered_item(passage, _by(sentences, "GRN-41")) is not None
    assert numbered_item(passage, _by(sentences, "Replace the stuck valve")) is not None
    assert numbered_item(passage, _by(sentences, "Open the valve")) is None  # a step of one line


def test_lines_of_the_next_action_item_are_siblings_not_more_of_the_answer() -> None:
    passage, sentences = _doc(ACTIONS)
    other = other_items(_by(sentences, "GRN-41"), (passage,))
    assert not other(_by(sentences, "Mira Okafor"))
    assert other(_by(sentences, "GRN-42"))
    assert other(_by(sentences, "Recalibrate"))
    assert not other(_by(sentences, "Open the valve"))
    assert not any(other_items(_by(sentences, "Open the valve"), (passage,))(s) for s in sentences)


def test_the_extent_of_a_line_in_an_action_item_stops_at_the_next_item() -> None:
    passage, sentences = _doc(ACTIONS)
    chosen = extent(_by(sentences, "GRN-41"), sentences, 200, None, (passage,), lambda s: "Tracking" in s.text)
    assert "- Tracking: GRN-42" not in [s.text for s in chosen]


def test_an_items_title_counts_for_its_lines_only_when_it_is_the_best_item() -> None:
    _, sentences = _doc(ACTIONS)
    frames = {s.id: "1. Replace the stuck valve in bay four" for s in sentences if s.text.endswith("GRN-41")}
    frames |= {s.id: "2. Recalibrate the moisture probes" for s in sentences if s.text.endswith("GRN-42")}

    def held(text: str) -> int:
        return sum(w in text.casefold() for w in ("valve", "stuck", "probes"))
    counted = best_framed(sentences, frames, held)
    assert counted[_by(sentences, "GRN-41").id] == 2  # its item holds "stuck" and "valve"
    assert counted[_by(sentences, "GRN-42").id] == 0  # its item's "probes" is not counted: a sibling action


def test_the_situation_reads_the_action_item_that_holds_most_of_the_question() -> None:
    passage, sentences = _doc(ACTIONS)
    held = {s.id: (3 if "valve" in s.text else 1) for s in sentences}
    kept = [s.text for s in one_action_item(sentences, held, (passage,))]
    assert "- Tracking: GRN-41" in kept and "- Owner: Mira Okafor" in kept
    assert "- Tracking: GRN-42" not in kept and "2. **Recalibrate the moisture probes**" not in kept
    assert "1. Open the valve." in kept and "Follow-ups" in kept  # not action items: kept


RUN = ["Summary: Adds a pager bridge for the greenhouse alarms.", "It batches alarms per bay.",
       "Scope: bridge code and unit tests only.",
       "**Privacy:** the bridge never logs grower phone numbers and masks them in errors.",
       "Test plan: replay a day of alarms against a sandbox pager."]
FIELDS = " ".join(RUN) + "\nReviewer: looks fine to me."


def _fields() -> tuple[DocPassage, list[Sentence]]:
    passage = DocPassage("p1", "doc", "body", "section", 0, len(FIELDS), f"body\n{FIELDS}", (0.2,))
    out, at = [], 0
    for n, piece in enumerate(FIELDS.replace("\n", " \n").split(". ")):
        text = piece.strip()
        start = FIELDS.index(text, at)
        out.append(Sentence(f"f{n}", text, "doc", start, start + len(text), "sentence"))
        at = start + len(text)
    return passage, out


def test_a_line_running_labelled_fields_together_is_read_as_its_fields() -> None:
    passage, sentences = _fields()
    fields = field_runs(sentences, (passage,))
    summary, batches, scope, privacy, test_plan = (fields[s.id] for s in sentences[:5])
    assert summary == batches  # the field's second sentence stays in it
    assert len({summary, scope, privacy, test_plan}) == 4
    assert sentences[5].id not in fields  # a line with one label is no run ("Reviewer: ...")


def test_the_extent_of_a_field_skips_sibling_fields_unless_they_are_about_the_ask() -> None:
    passage, sentences = _fields()
    privacy = next(s for s in sentences if "Privacy" in s.text)
    about = lambda s: "sandbox" in s.text  # noqa: E731
    chosen = extent(privacy, sentences[:5], 200, None, (passage,), about)
    assert [s.text.split(":")[0] for s in chosen] == ["**Privacy", "Test plan"]
    whole = extent(privacy, sentences[:5], 200, None, (passage,), None)
    assert len(whole) == 5  # without an ask to be about, the paragraph is one block as before
