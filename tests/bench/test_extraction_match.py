"""The scoring rules of the extraction bench, on hand-made units and predictions (no model, no corpus)."""

from __future__ import annotations

import pytest

from bench.extraction_match import (
    FAMILY_OF,
    LABEL_PREDICATES,
    GoldRelation,
    LabelledUnit,
    LabelsMismatch,
    Predicted,
    check_units,
    evaluate,
    name_key,
)
from bench.extraction_units import text_sha
from extraction.vocabulary import REL_TYPES

TEXT = "Intro line.\nThe Billing API service depends on ledger-db.\nLunch is at noon."
S1 = (TEXT.index("The Billing"), TEXT.index("ledger-db.") + len("ledger-db."))
S2 = (TEXT.index("Lunch"), len(TEXT))
BILLING = (TEXT.index("Billing"), TEXT.index(" service"))
LEDGER = (TEXT.index("ledger-db"), TEXT.index("ledger-db") + len("ledger-db"))


def unit(span: tuple[int, int], half: str = "check", *rels: GoldRelation) -> LabelledUnit:
    return LabelledUnit(f"u_{span[0]:012x}", "a.md", span[0], span[1], text_sha(TEXT[span[0] : span[1]]), "sentence",
                        half, rels)


def gold(rel: str = "DEPENDS_ON", hedged: bool = False) -> GoldRelation:
    return GoldRelation((BILLING,), rel, (LEDGER,), False, hedged, False, "text")


def pred(subject: str = "billing api", at: tuple[int, int] = (0, 5), rel: str = "DEPENDS_ON",
         evidence: tuple[int, int] = S1, predicate: tuple[int, int] | None = None, obj_at: tuple[int, int] = LEDGER,
         hedged: bool = False) -> Predicted:
    return Predicted("a.md", evidence, predicate, rel, subject, at, "ledger-db", obj_at, False, hedged, False)


def test_family_map_covers_every_predicate_a_label_may_use() -> None:
    assert set(FAMILY_OF) == LABEL_PREDICATES == set(REL_TYPES) | {"CAUSED", "FIXES"}


def test_names_match_without_article_case_or_trailing_type_noun() -> None:
    assert name_key("the Billing  API service") == name_key("billing api") == "billing api"
    assert name_key("service") == "service"  # a lone type noun is kept, not emptied


def test_a_name_match_counts_where_the_spans_do_not_overlap() -> None:
    result = evaluate([unit(S1, "check", gold())], [pred(at=(0, 5))], {"a.md": TEXT})
    assert (result.overall.precision, result.overall.recall) == (1.0, 1.0)


def test_subject_and_object_must_not_be_swapped() -> None:
    swapped = Predicted("a.md", S1, None, "DEPENDS_ON", "ledger-db", LEDGER, "billing api", BILLING, False, False,
                        False)
    result = evaluate([unit(S1, "check", gold())], [swapped], {"a.md": TEXT})
    assert (result.overall.precision, result.overall.recall) == (0.0, 0.0)
    assert len(result.false_positives) == 1 and len(result.misses) == 1


def test_a_prediction_belongs_to_the_unit_holding_its_predicate() -> None:
    both = (S1[0], S2[1])  # one evidence range over both units; the verb sits in the first
    verb = (TEXT.index("depends"), TEXT.index("depends") + 7)
    units = [unit(S1, "check", gold()), unit(S2, "tune")]
    result = evaluate(units, [pred(evidence=both, predicate=verb)], {"a.md": TEXT})
    assert result.by_half["check"].predictions == 1 and result.by_half["tune"].predictions == 0


def test_duplicates_in_one_unit_count_once_and_extra_relations_cost_precision() -> None:
    preds = [pred(), pred(), pred(rel="CALLS")]
    result = evaluate([unit(S1, "check", gold())], preds, {"a.md": TEXT})
    assert (result.overall.matched_predictions, result.overall.predictions) == (1, 2)
    assert result.by_family["dependency"].precision == 0.5


def test_relations_from_an_empty_unit_are_false_positives() -> None:
    result = evaluate([unit(S2, "tune")], [pred(evidence=S2, obj_at=S2)], {"a.md": TEXT})
    assert result.overall.precision == 0.0 and result.overall.recall is None


def test_flag_agreement_is_measured_on_matched_pairs() -> None:
    result = evaluate([unit(S1, "check", gold(hedged=True))], [pred()], {"a.md": TEXT})
    assert result.flag_pairs == 1
    assert result.flag_agree == {"negated": 1, "hedged": 0, "planned": 1, "all": 0}


def test_labels_are_refused_when_the_corpus_text_changed_or_is_missing() -> None:
    units = [unit(S1)]
    check_units(units, {"a.md": TEXT})
    with pytest.raises(LabelsMismatch, match="no longer match"):
        check_units(units, {"a.md": TEXT.replace("ledger", "LEDGER")})
    with pytest.raises(LabelsMismatch, match="not in the corpus"):
        check_units(units, {"b.md": TEXT})
