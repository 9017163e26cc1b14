"""The units of the labelled extraction set: ZEHN's own citable rows, with structured lines split out.

A unit is a character range of a document's full text (front matter included, as everywhere in ZEHN):

* every front-matter line with a value (``kind="metadata"``), as the evidence rows make them;
* every body sentence as the extractor splits it (the ingest chunker, then spaCy sentences trimmed by
  ``extraction.relations.sentence_range``), kept when ``extraction.evidence.citable`` would cite it;
* when one of those sentences runs over several lines, each line that is a list item, a ``Key: value`` line, a
  table row or a heading becomes a unit of its own, and each run of other lines stays one sentence unit.

``draw`` samples units at random with a fixed seed, stratified by kind and capped per document. Run as a
script it prints the drawn skeletons (no relations) as JSON lines; the labels are added by reading:

    .venv/bin/python bench/extraction_units.py CORPUS_DIR [--seed 10] > skeleton.jsonl

A later set is drawn from what earlier sets left: ``--exclude LABELS`` (repeatable) drops every unit an earlier
labels file holds, ``--quota STRATUM=N`` (repeatable) and ``--per-document`` set the strata and the cap.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import re
import sys
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parents[1]
if sys.path[0] != str(ROOT):
    sys.path.insert(0, str(ROOT))  # before bench/: the `extraction` package, not bench/extraction.py

from spacy.language import Language  # noqa: E402

from extraction.chunker import chunk_document  # noqa: E402
from extraction.documents import SourceDocument  # noqa: E402
from extraction.evidence import citable  # noqa: E402
from extraction.pipeline import CHUNK_CHARS  # noqa: E402
from extraction.relations import sentence_range  # noqa: E402

UnitKind = Literal["sentence", "labelled_line", "list_item", "table_row", "heading", "metadata"]
STRUCTURED: frozenset[str] = frozenset({"labelled_line", "list_item", "table_row"})
SEED = 10
QUOTAS: dict[str, int] = {"structured": 160, "prose": 250, "metadata": 40}  # ~1/3 structured, <= 10% metadata
PER_DOCUMENT = 7

_HEADING = re.compile(r"^\s{0,3}#{1,6}\s")
_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_TABLE_RULE = re.compile(r"^[\s|:-]*$")
_LIST_MARKER = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+")
# "Owner: X", "**Root cause:** X", "Affected service(s): X": a short label, a colon, then a value.
_LABEL = re.compile(r"^\**([A-Za-z][\w /()&'.-]{0,40}?)\**\s*:\**\s+\S")
_BARE_LABEL = re.compile(r"^\**[A-Za-z][\w /()&'.-]{0,40}?\**\s*:\**\s*$")  # "Impact:" with its value below
_LETTERS = re.compile(r"[^\W\d_]")
_SPEAKER_ROLE = re.compile(r"\s*\([^)]*\)\s*$")  # "lee (oncall): ..." is lee speaking


@dataclass(frozen=True)
class Unit:
    doc: str  # the file name inside the corpus directory
    start: int
    end: int
    kind: UnitKind

    @property
    def id(self) -> str:
        return unit_id(self.doc, self.start, self.end)


def unit_id(doc: str, start: int, end: int) -> str:
    return "u_" + hashlib.sha256(f"{doc}\x1f{start}\x1f{end}".encode()).hexdigest()[:12]


def text_sha(text: str) -> str:
    """First 12 hex of sha256 of a unit's text: the labels file stores no corpus text, only this check."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def half_of(uid: str) -> Literal["tune", "check"]:
    """Fixed by a hash of the unit id: tune on one half, report the other."""
    return "tune" if int(hashlib.sha256(uid.encode()).hexdigest()[:8], 16) % 2 == 0 else "check"


def line_kind(line: str, speakers: frozenset[str]) -> UnitKind:
    """The shape of one body line. A chat "speaker: message" line is a sentence, not a labelled line."""
    if _HEADING.match(line):
        return "heading"
    if _TABLE_ROW.match(line):
        return "table_row"
    marker = _LIST_MARKER.match(line)
    rest = line[marker.end() :] if marker else line.lstrip()
    label = _LABEL.match(rest)
    if label and _SPEAKER_ROLE.sub("", label.group(1)).strip().casefold() not in speakers:
        return "labelled_line"
    if marker:
        return "list_item"
    if _BARE_LABEL.match(rest):
        return "heading"
    return "sentence"


def _speakers(document: SourceDocument) -> frozenset[str]:
    """Who may speak in a chat line: the document's people, by full name and by first name or handle."""
    names = [name.casefold() for name in (*document.authors, *document.participants)]
    return frozenset(names) | frozenset(n.split()[0] for n in names if n.split())


def _lines(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    """Trimmed, non-empty line ranges of ``text[start:end]``."""
    pos = start
    while pos < end:
        nl = text.find("\n", pos, end)
        stop = end if nl < 0 else nl
        s, e = pos, stop
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        if s < e:
            yield s, e
        pos = stop + 1


def split_passage(document: SourceDocument, start: int, end: int) -> list[Unit]:
    """One extractor sentence as units: structured lines on their own, runs of other lines together."""
    text, speakers, name = document.text, _speakers(document), Path(document.path).name
    lines = list(_lines(text, start, end))
    if len(lines) == 1:
        return [Unit(name, start, end, line_kind(text[start:end], speakers))]
    units: list[Unit] = []
    run: list[tuple[int, int]] = []
    for s, e in [*lines, (-1, -1)]:
        kind = line_kind(text[s:e], speakers) if s >= 0 else "heading"
        if kind == "sentence":
            run.append((s, e))
            continue
        if run:
            units.append(Unit(name, run[0][0], run[-1][1], "sentence"))
            run = []
        if s >= 0:
            units.append(Unit(name, s, e, kind))
    return units


def _keep(document: SourceDocument, unit: Unit) -> bool:
    text = document.text[unit.start : unit.end]
    if unit.kind == "table_row" and _TABLE_RULE.match(text):
        return False
    if unit.kind in STRUCTURED:
        return bool(_LETTERS.search(text))
    return citable(text)


def document_units(document: SourceDocument, nlp: Language) -> list[Unit]:
    """Every unit of one document, in text order."""
    name = Path(document.path).name
    units = [Unit(name, line.start, line.end, "metadata") for line in document.metadata_lines if line.values]
    body = [c for c in chunk_document(document, CHUNK_CHARS) if c.kind == "body"]
    for chunk, doc in zip(body, nlp.pipe([c.text for c in body]), strict=True):
        for sent in doc.sents:
            s, e = sentence_range(sent)
            if e > s:
                units.extend(u for u in split_passage(document, chunk.start + s, chunk.start + e) if _keep(document, u))
    return units


def stratum(kind: str) -> str:
    return "metadata" if kind == "metadata" else "structured" if kind in STRUCTURED else "prose"


def draw(units: Iterable[Unit], seed: int = SEED, quotas: dict[str, int] | None = None,
         per_document: int = PER_DOCUMENT) -> list[Unit]:
    """A seeded, stratified draw: each stratum shuffled once, taken in order, at most ``per_document`` per file."""
    quotas = QUOTAS if quotas is None else quotas
    rng = random.Random(seed)
    pool = sorted(set(units), key=lambda u: (u.doc, u.start, u.end))
    per_doc: Counter[str] = Counter()
    chosen: list[Unit] = []
    for name in sorted(quotas):
        candidates = [u for u in pool if stratum(u.kind) == name]
        rng.shuffle(candidates)
        taken = 0
        for unit in candidates:
            if taken == quotas[name]:
                break
            if per_doc[unit.doc] < per_document:
                per_doc[unit.doc] += 1
                chosen.append(unit)
                taken += 1
    return sorted(chosen, key=lambda u: (u.doc, u.start))


def skeleton(unit: Unit, document: SourceDocument) -> dict[str, object]:
    return {"unit": unit.id, "doc": unit.doc, "start": unit.start, "end": unit.end,
            "sha": text_sha(document.text[unit.start : unit.end]), "kind": unit.kind, "half": half_of(unit.id),
            "relations": []}


def labelled_ids(paths: Iterable[Path]) -> frozenset[str]:
    """The unit ids of earlier labels files: a new draw must not repeat them."""
    ids: set[str] = set()
    for path in paths:
        with path.open(encoding="utf-8") as fh:
            ids.update(json.loads(line)["unit"] for line in fh if line.strip())
    return frozenset(ids)


def parse_quotas(values: Sequence[str]) -> dict[str, int] | None:
    """``["prose=130", "structured=50"]`` -> ``{"prose": 130, "structured": 50}``; none given -> the default."""
    if not values:
        return None
    quotas: dict[str, int] = {}
    for value in values:
        name, _, count = value.partition("=")
        if name not in {"prose", "structured", "metadata"} or not count.isdigit():
            raise ValueError(f"quota {value!r}: expected prose|structured|metadata=N")
        quotas[name] = int(count)
    return quotas


def main(argv: Sequence[str] | None = None) -> int:
    from extraction.loaders import Loaded, iter_documents
    from extraction.nlp import load_nlp

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--exclude", type=Path, action="append", default=[], help="an earlier labels file")
    parser.add_argument("--quota", action="append", default=[], help="STRATUM=N (prose, structured, metadata)")
    parser.add_argument("--per-document", type=int, default=PER_DOCUMENT)
    args = parser.parse_args(argv)
    quotas = parse_quotas(args.quota)
    excluded = labelled_ids(args.exclude)
    nlp = load_nlp()
    documents = {Path(o.document.path).name: o.document for o in iter_documents([args.corpus])
                 if isinstance(o, Loaded)}
    units = [u for d in documents.values() for u in document_units(d, nlp) if u.id not in excluded]
    for unit in draw(units, args.seed, quotas, args.per_document):
        print(json.dumps(skeleton(unit, documents[unit.doc])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
