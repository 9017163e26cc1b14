"""The hand-written labelled sets (tests/extraction/data/prose_units*.jsonl) through the real extractor and model.

Set 1 (prose_units.jsonl) states ownership, dependency, impact and participation the way enterprise prose does,
plus the many sentences that state none (negated, hedged, planned, hypothetical, relations between non-entities).
Set 2 (prose_units2.jsonl, written and committed before the rules it measures, rules 13) uses phrasings set 1 lacks:
ownership without "own" ("sits with", "on the hook for", "point of contact"), dependency through prepositions and
nouns ("talks to", "backed by", "without Y, X cannot"), impact through nouns and states ("spillover to", "knock-on
effect on"), participation with no relation of the vocabulary ("attendees", "paged"), in sentences, bullets,
labelled lines and table rows; about a quarter state no relation or a negated, hedged or planned one.
Set 3 (prose_units3.jsonl, written and committed before rules 16) uses phrasings sets 1-2 lack: relative clauses and
appositions ("X, which the Routing team owns"), "depends on: A, B and C", "sits behind" / "fronted by" / "traffic to
X goes through Y", hand-overs and migrations, causal chains, "because of" / "due to", runbook steps, status-page
updates and ticket comments; about a third state no relation or a negated, hedged or planned one.
Set 4 (prose_units4.jsonl, written and committed before rules 18) uses shapes sets 1-3 under-cover: meeting speech,
e-mail prose, changelog lines, "backed by" / "sits on top of" / "hands requests to" / "is consumed by", ownership in
apposition and brackets, purpose clauses, lists after a colon, two relations in one long sentence; half state no
relation or a negated, hedged or planned one.
Set 5 (prose_units5.jsonl, written and committed before rules 28) aims at what sets 1-4 still miss: a system named
only inside a long document title and then called "it" / "the service" / "we"; a section heading that is the subject
of "- Source:" / "- Target:" / "- DB:" bullets; "we persist / write ... to X" with the team as doer; prepositional
verbs, passives with an agent, coordination on both sides and possessives ("the Payments team's X"); a quarter
state no relation.
Set 6 (prose_units6.jsonl, written and committed before rules 29, held out: measured, never tuned on) uses the
shapes of service catalogues and data-flow pages: labels with a note in brackets ("Owners (primary/secondary):"),
slash-joined team names, "Source:" / "Input:" values that open with what flows, dotted and hyphenated identifiers,
tables whose header gives each column's role, "consumed by" / "fed by" / "backed by", nested bullets under a
labelled parent and relations stated in asides; about half state no relation or a negated, hedged or planned one.
All are scored by the corpus bench's rules (bench/extraction_match.py); the floors are the figures measured on each
set, so a rule change that loses precision or recall here fails.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
from spacy.language import Language

from bench.extraction import score_written
from bench.extraction_match import Evaluation
from bench.extraction_written import WrittenSet, load_written

DATA = Path(__file__).parent / "data"


@dataclass(frozen=True)
class Floors:
    precision: float  # on every half
    recall: dict[str, float]  # by half; raise with the rules, never lower


FLOORS = {
    "prose_units.jsonl": Floors(0.85, {"tune": 0.85, "check": 0.66}),  # measured 0.881 / 0.694 (rules 13)
    "prose_units2.jsonl": Floors(0.9, {"tune": 0.80, "check": 0.75}),  # measured 0.822 / 0.776 (rules 13)
    "prose_units3.jsonl": Floors(0.83, {"tune": 0.65, "check": 0.50}),  # measured 0.667 / 0.537 (rules 18)
    "prose_units4.jsonl": Floors(0.9, {"tune": 0.70, "check": 0.50}),  # measured 0.738 / 0.542 (rules 18)
    "prose_units5.jsonl": Floors(0.95, {"tune": 0.84, "check": 0.78}),  # measured 0.843 / 0.789 (rules 29)
    "prose_units6.jsonl": Floors(0.95, {"tune": 0.85, "check": 0.75}),  # measured 0.868 / 0.757 (rules 29)
}


@pytest.fixture(scope="module", params=sorted(FLOORS))
def written_set(request: pytest.FixtureRequest, nlp: Language,
                tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Evaluation]:
    name: str = request.param
    return name, score_written(DATA / name, nlp, tmp_path_factory.mktemp(name.split(".")[0]))


def _units(name: str) -> WrittenSet:
    return load_written(DATA / name)


def test_set_one_is_large_and_mostly_plain_prose() -> None:
    units = _units("prose_units.jsonl").units
    assert len(units) >= 100
    assert sum(not u.relations for u in units) >= 30  # the many with no relation
    assert sum(u.kind == "sentence" for u in units) >= 0.8 * len(units)
    assert {u.half for u in units} == {"tune", "check"}


@pytest.mark.parametrize(("name", "size"), [("prose_units2.jsonl", 120), ("prose_units3.jsonl", 150)])
def test_sets_two_and_three_mix_shapes_and_hold_many_units_without_a_relation(name: str, size: int) -> None:
    units = _units(name).units
    assert len(units) >= size
    assert sum(not u.relations for u in units) >= 0.2 * len(units)
    assert {u.kind for u in units} >= {"sentence", "labelled_line", "list_item", "table_row"}
    assert {u.half for u in units} == {"tune", "check"}


@pytest.mark.parametrize("half", ["tune", "check"])
def test_precision_and_recall_hold_their_floors_on_each_half(written_set: tuple[str, Evaluation], half: str) -> None:
    name, scored = written_set
    tally, floors = scored.by_half[half], FLOORS[name]
    assert tally.precision is not None and tally.precision >= floors.precision, tally
    assert tally.recall is not None and tally.recall >= floors.recall[half], tally


def test_matched_relations_carry_the_flags_the_sentence_states(written_set: tuple[str, Evaluation]) -> None:
    _, scored = written_set
    assert scored.flag_pairs > 0
    assert scored.flag_agree["all"] / scored.flag_pairs >= 0.9


def test_set_four_is_large_and_half_of_it_states_no_plain_relation() -> None:
    units = _units("prose_units4.jsonl").units
    assert len(units) >= 150
    flagged = [u for u in units if not u.relations or any(r.negated or r.hedged or r.planned for r in u.relations)]
    assert len(flagged) >= 0.35 * len(units)
    assert {u.kind for u in units} >= {"sentence", "labelled_line", "list_item"}
    assert {u.half for u in units} == {"tune", "check"}


def test_set_five_aims_at_titles_headings_and_team_doers() -> None:
    units = _units("prose_units5.jsonl").units
    assert len(units) >= 100
    assert sum(not u.relations for u in units) >= 0.2 * len(units)
    assert sum(r.via == "document_subject" for u in units for r in u.relations) >= 8
    assert {u.kind for u in units} >= {"sentence", "labelled_line", "list_item", "table_row"}
    assert {u.half for u in units} == {"tune", "check"}


def test_set_six_covers_catalogue_shapes_and_half_of_it_states_no_plain_relation() -> None:
    units = _units("prose_units6.jsonl").units
    assert len(units) >= 90
    flagged = [u for u in units if not u.relations or all(r.negated or r.hedged or r.planned for r in u.relations)]
    assert len(flagged) >= 0.4 * len(units)
    assert {u.kind for u in units} >= {"sentence", "labelled_line", "list_item", "table_row"}
    assert {u.half for u in units} == {"tune", "check"}
