"""The second hand-written labelled set (tests/extraction/data/prose_units2.jsonl) through the real extractor.

Written and committed before the rules it measures (rules 13), in phrasings the first set lacks: ownership without
"own" ("sits with", "on the hook for", "point of contact", "escalate to"), dependency through prepositions and nouns
("talks to", "backed by", "has a hard dependency on", "without Y, X cannot"), impact through nouns and states
("spillover to", "knock-on effect on", "started returning 5xx") and participation ("attendees", "paged": no
relation of the vocabulary), in sentences, bullets, labelled lines and table rows; about a quarter state no
relation or a negated, hedged or planned one. Scored like the corpus labels (bench/extraction_match.py); the floors
are the figures measured when the rules were written, so a change that loses precision or recall here fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from bench.extraction import score_written
from bench.extraction_match import Evaluation
from bench.extraction_written import WrittenSet, load_written

UNITS = Path(__file__).parent / "data" / "prose_units2.jsonl"
PRECISION_FLOOR = 0.9  # every half
RECALL_FLOOR = {"tune": 0.80, "check": 0.75}  # measured 0.822 / 0.776 with rules 13; raise with the rules


@pytest.fixture(scope="module")
def written() -> WrittenSet:
    return load_written(UNITS)


@pytest.fixture(scope="module")
def scored(nlp: Language, tmp_path_factory: pytest.TempPathFactory) -> Evaluation:
    return score_written(UNITS, nlp, tmp_path_factory.mktemp("prose_units2"))


def test_the_set_mixes_shapes_and_holds_many_units_without_a_relation(written: WrittenSet) -> None:
    units = written.units
    assert len(units) >= 120
    assert sum(not u.relations for u in units) >= 0.2 * len(units)
    assert {u.kind for u in units} >= {"sentence", "labelled_line", "list_item", "table_row"}
    assert {u.half for u in units} == {"tune", "check"}


@pytest.mark.parametrize("half", ["tune", "check"])
def test_precision_and_recall_hold_their_floors_on_each_half(scored: Evaluation, half: str) -> None:
    tally = scored.by_half[half]
    assert tally.precision is not None and tally.precision >= PRECISION_FLOOR, tally
    assert tally.recall is not None and tally.recall >= RECALL_FLOOR[half], tally


def test_matched_relations_carry_the_flags_the_sentence_states(scored: Evaluation) -> None:
    assert scored.flag_pairs > 0
    assert scored.flag_agree["all"] / scored.flag_pairs >= 0.9
