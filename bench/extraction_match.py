"""Scoring extracted relations against the labelled units (pure: no model, no corpus I/O).

Rules, in the order they are applied:

1. Every unit's text is re-read from the corpus and must hash to its ``sha`` (else ``LabelsMismatch``).
2. A predicted relation belongs to a unit when its evidence range overlaps the unit and, when the extractor
   recorded where the predicate is, that predicate span overlaps the unit too (a relation read from a sentence
   that runs over several units belongs to the unit holding its verb or label, not to all of them).
3. Within a unit, predictions with the same (rel_type, subject name, object name) count once.
4. A prediction matches a gold relation when the rel_type is equal and the subject and the object each match one
   of the gold's acceptable spans: the character ranges overlap, or the names are equal after ``name_key``
   (casefolded, whitespace collapsed, quotes and edge punctuation dropped, a leading "the" and a trailing type
   noun such as "service" or "team" removed). Direction counts: subject must match subject.
5. Precision = matched predictions / predictions in labelled units; recall = gold relations matched by at least
   one prediction / gold relations. Families use the prediction's rel_type for precision, the gold's for recall.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.extraction_units import UnitKind, text_sha
from extraction.vocabulary import REL_TYPES, TYPE_NOUNS

FAMILIES: dict[str, tuple[str, ...]] = {
    "ownership": ("OWNS", "MAINTAINS", "LEADS", "MEMBER_OF"),
    "dependency": ("DEPENDS_ON", "USES", "CALLS", "CONSUMES", "PRODUCES"),
    "impact": ("AFFECTS", "CAUSED", "BLOCKS", "FIXES"),
    "people": ("ASSIGNED_TO", "REPORTED", "REVIEWED", "APPROVED", "DECIDED"),
    "structure": ("PART_OF", "HAS_COMPONENT", "LINKED_TO", "REPLACES", "CONCERNS"),
}
FAMILY_OF: dict[str, str] = {rel: family for family, rels in FAMILIES.items() for rel in rels}
LABEL_PREDICATES: frozenset[str] = frozenset(REL_TYPES) | {"CAUSED", "FIXES"}  # issue 10 adds the last two
HALVES = ("tune", "check")
_FLAGS = ("negated", "hedged", "planned")
_KINDS: frozenset[str] = frozenset({"sentence", "labelled_line", "list_item", "table_row", "heading", "metadata"})
_EDGE_PUNCT = "\"'`“”‘’*_()[]{}<>.,;:!?"

Span = tuple[int, int]


class LabelsError(ValueError):
    """The labels file is malformed."""


class LabelsMismatch(ValueError):
    """The labels do not fit the corpus given: a document is missing or a unit's text changed."""


@dataclass(frozen=True)
class GoldRelation:
    subject: tuple[Span, ...]
    predicate: str
    object: tuple[Span, ...]
    negated: bool
    hedged: bool
    planned: bool
    via: str


@dataclass(frozen=True)
class LabelledUnit:
    unit: str
    doc: str
    start: int
    end: int
    sha: str
    kind: UnitKind
    half: str
    relations: tuple[GoldRelation, ...]


@dataclass(frozen=True)
class Predicted:
    """One relation of one evidence row, as the extractor wrote it (document offsets)."""

    doc: str
    evidence: Span
    predicate: Span | None
    rel_type: str
    subject: str
    subject_at: Span
    object: str
    object_at: Span
    negated: bool
    hedged: bool
    planned: bool


def _spans(raw: object, where: str) -> tuple[Span, ...]:
    if not isinstance(raw, list) or not raw:
        raise LabelsError(f"{where}: expected a non-empty list of [start, end] spans")
    out = []
    for item in raw:
        if not (isinstance(item, list) and len(item) == 2 and all(isinstance(x, int) for x in item)
                and 0 <= item[0] < item[1]):
            raise LabelsError(f"{where}: bad span {item!r}")
        out.append((item[0], item[1]))
    return tuple(out)


def gold_relation(raw: dict[str, object], where: str) -> GoldRelation:
    predicate = raw.get("predicate")
    if predicate not in LABEL_PREDICATES:
        raise LabelsError(f"{where}: unknown predicate {predicate!r}")
    flags = [raw.get(k, False) for k in _FLAGS]
    if not all(isinstance(f, bool) for f in flags) or raw.get("via") not in ("text", "document_subject"):
        raise LabelsError(f"{where}: flags must be booleans and via 'text' or 'document_subject'")
    return GoldRelation(_spans(raw.get("subject"), where), str(predicate), _spans(raw.get("object"), where),
                        bool(flags[0]), bool(flags[1]), bool(flags[2]), str(raw["via"]))


def jsonl_lines(path: Path) -> Iterator[tuple[str, str]]:
    """Each non-blank line of a JSONL file with its place ("file:line") for the error a bad line raises."""
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            yield f"{path}:{number}", line


def load_labels(path: Path) -> list[LabelledUnit]:
    units = []
    for where, line in jsonl_lines(path):
        try:
            row = json.loads(line)
            if row["kind"] not in _KINDS or row["half"] not in HALVES or not 0 <= row["start"] < row["end"]:
                raise LabelsError(f"{where}: bad kind, half or range")
            rels = tuple(gold_relation(r, f"{where} relation {i}") for i, r in enumerate(row["relations"]))
            units.append(LabelledUnit(row["unit"], row["doc"], row["start"], row["end"], row["sha"], row["kind"],
                                      row["half"], rels))
        except (KeyError, TypeError, json.JSONDecodeError) as exc:
            raise LabelsError(f"{where}: {exc!r}") from exc
    return units


def check_units(units: Iterable[LabelledUnit], texts: Mapping[str, str]) -> None:
    """Rule 1: raise LabelsMismatch unless every unit's document is there with the text it was labelled on."""
    missing = sorted({u.doc for u in units if u.doc not in texts})
    if missing:
        raise LabelsMismatch(f"{len(missing)} labelled document(s) are not in the corpus given (first: {missing[0]});"
                             " pass the directory the labels were drawn from")
    changed = [u.unit for u in units if text_sha(texts[u.doc][u.start : u.end]) != u.sha]
    if changed:
        raise LabelsMismatch(f"{len(changed)} unit(s) no longer match their text (first: {changed[0]}); the corpus"
                             " differs from the one that was labelled")


def name_key(name: str) -> str:
    words = " ".join(name.split()).casefold().strip(_EDGE_PUNCT + " ").split(" ")
    if words and words[0] == "the":
        words = words[1:]
    if len(words) > 1 and words[-1] in TYPE_NOUNS:
        words = words[:-1]
    return " ".join(words).strip(_EDGE_PUNCT + " ")


def _overlaps(a: Span, b: Span) -> bool:
    return a[0] < b[1] and b[0] < a[1]


def entity_matches(at: Span, name: str, gold: Sequence[Span], text: str) -> bool:
    key = name_key(name)
    return any(_overlaps(at, span) or (key and key == name_key(text[span[0] : span[1]])) for span in gold)


def belongs(pred: Predicted, unit: LabelledUnit) -> bool:
    """Rule 2."""
    here = (unit.start, unit.end)
    return (pred.doc == unit.doc and _overlaps(pred.evidence, here)
            and (pred.predicate is None or _overlaps(pred.predicate, here)))


def matches(pred: Predicted, gold: GoldRelation, text: str) -> bool:
    """Rule 4."""
    return (pred.rel_type == gold.predicate and entity_matches(pred.subject_at, pred.subject, gold.subject, text)
            and entity_matches(pred.object_at, pred.object, gold.object, text))


@dataclass
class Tally:
    matched_predictions: int = 0
    predictions: int = 0
    found_gold: int = 0
    gold: int = 0

    @property
    def precision(self) -> float | None:
        return self.matched_predictions / self.predictions if self.predictions else None

    @property
    def recall(self) -> float | None:
        return self.found_gold / self.gold if self.gold else None


@dataclass
class Evaluation:
    overall: Tally = field(default_factory=Tally)
    by_family: dict[str, Tally] = field(default_factory=lambda: {f: Tally() for f in FAMILIES})
    by_half: dict[str, Tally] = field(default_factory=lambda: {h: Tally() for h in HALVES})
    by_source: dict[str, Tally] = field(default_factory=lambda: {"body": Tally(), "metadata": Tally()})
    flag_pairs: int = 0
    flag_agree: dict[str, int] = field(default_factory=lambda: dict.fromkeys((*_FLAGS, "all"), 0))
    false_positives: list[tuple[LabelledUnit, Predicted]] = field(default_factory=list)
    misses: list[tuple[LabelledUnit, GoldRelation]] = field(default_factory=list)
    units: int = 0


def _unit_predictions(unit: LabelledUnit, predicted: Iterable[Predicted]) -> list[Predicted]:
    """Rules 2 and 3."""
    seen: set[tuple[str, str, str]] = set()
    out = []
    for pred in predicted:
        key = (pred.rel_type, name_key(pred.subject), name_key(pred.object))
        if belongs(pred, unit) and key not in seen:
            seen.add(key)
            out.append(pred)
    return out


def _family(rel_type: str) -> str:
    return FAMILY_OF.get(rel_type, "other")


def evaluate(units: Iterable[LabelledUnit], predicted: Iterable[Predicted], texts: Mapping[str, str]) -> Evaluation:
    by_doc: dict[str, list[Predicted]] = {}
    for pred in predicted:
        by_doc.setdefault(pred.doc, []).append(pred)
    result = Evaluation()
    for unit in units:
        result.units += 1
        text = texts[unit.doc]
        preds = _unit_predictions(unit, by_doc.get(unit.doc, ()))
        source = "metadata" if unit.kind == "metadata" else "body"
        tallies = (result.overall, result.by_half[unit.half], result.by_source[source])
        for pred in preds:
            hit = any(matches(pred, gold, text) for gold in unit.relations)
            for tally in (*tallies, result.by_family.setdefault(_family(pred.rel_type), Tally())):
                tally.predictions += 1
                tally.matched_predictions += hit
            if not hit:
                result.false_positives.append((unit, pred))
        for gold in unit.relations:
            partner = next((p for p in preds if matches(p, gold, text)), None)
            for tally in (*tallies, result.by_family[_family(gold.predicate)]):
                tally.gold += 1
                tally.found_gold += partner is not None
            if partner is None:
                result.misses.append((unit, gold))
                continue
            agree = {f: getattr(partner, f) == getattr(gold, f) for f in _FLAGS}
            result.flag_pairs += 1
            for flag, same in {**agree, "all": all(agree.values())}.items():
                result.flag_agree[flag] += same
    return result


def span_text(text: str, spans: Sequence[Span]) -> str:
    return " | ".join(dict.fromkeys(text[s:e] for s, e in spans))  # one surface once, in label order


def relation_line(text: str, gold: GoldRelation) -> str:
    flags = "".join(c for c, on in (("n", gold.negated), ("h", gold.hedged), ("p", gold.planned)) if on)
    return f"{span_text(text, gold.subject)} -{gold.predicate}-> {span_text(text, gold.object)} {flags}".rstrip()


_WS = re.compile(r"\s+")


def unit_text(text: str, unit: LabelledUnit, limit: int = 160) -> str:
    shown = _WS.sub(" ", text[unit.start : unit.end])
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"
