"""The hand-written labelled set (tests/extraction/data/prose_units.jsonl) through the real extractor and model.

The units are written the way enterprise prose states ownership, dependency, impact and participation, plus the
many sentences that state none (negated, hedged, planned, hypothetical, relations between non-entities). They are
scored by the corpus bench's rules (bench/extraction_match.py); the floors below are the figures measured on this
set, so a rule change that loses precision or recall here fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from spacy.language import Language

from bench.extraction import score_written
from bench.extraction_match import Evaluation
from bench.extraction_written import WrittenSet, load_written

UNITS = Path(__file__).parent / "data" / "prose_units.jsonl"
PRECISION_FLOOR = 0.85  # issue 10's target, on every half
RECALL_FLOOR = {"tune": 0.85, "check": 0.66}  # measured 0.881 / 0.694 (rules 13); raise with the rules, never lower


@pytest.fixture(scope="module")
def written() -> WrittenSet:
    return load_written(UNITS)


@pytest.fixture(scope="module")
def scored(nlp: Language, tmp_path_factory: pytest.TempPathFactory) -> Evaluation:
    return score_written(UNITS, nlp, tmp_path_factory.mktemp("prose_units"))


def test_the_set_is_large_and_mostly_plain_prose(written: WrittenSet) -> None:
    units = written.units
    assert len(units) >= 100
    assert sum(not u.relations for u in units) >= 30  # the many with no relation
    assert sum(u.kind == "sentence" for u in units) >= 0.8 * len(units)
    assert {u.half for u in units} == {"tune", "check"}


@pytest.mark.parametrize("half", ["tune", "check"])
def test_precision_and_recall_hold_their_floors_on_each_half(scored: Evaluation, half: str) -> None:
    tally = scored.by_half[half]
    assert tally.precision is not None and tally.precision >= PRECISION_FLOOR, tally
    assert tally.recall is not None and tally.recall >= RECALL_FLOOR[half], tally


def test_matched_relations_carry_the_flags_the_sentence_states(scored: Evaluation) -> None:
    assert scored.flag_pairs > 0
    assert scored.flag_agree["all"] / scored.flag_pairs >= 0.9
