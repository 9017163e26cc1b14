"""A labelled set written by hand (not drawn from any corpus), scored by the same rules as the corpus labels.

Each line of the JSONL file is one unit: ``{"unit", "kind", "title", "before", "text", "relations": [{"subject",
"predicate", "object", "negated", "hedged", "planned", "via"}]}``. Every unit becomes a small Markdown document of
its own::

    ---
    title: "<title>"
    ---

    # <title>

    <before><text>

so the title gives the document its own entity (and, as its first heading, its topic when it names one system),
``before`` gives the
context a line needs (a "## Dependencies" heading, the list it continues), and ``text`` is the unit scored.
Relations name their ends by surface text; each name is located in the unit first, then anywhere in the document
(the title, for a relation read through the document's subject). The unit's half is fixed by its id's hash, so
rules can be tuned on one half of the written set and reported on the other, as with the corpus labels.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path

from bench.extraction_match import LabelledUnit, LabelsError, gold_relation, jsonl_lines
from bench.extraction_units import UnitKind, text_sha


@dataclass(frozen=True)
class WrittenSet:
    """The documents to write (file name -> text) and the units labelled in them."""

    documents: dict[str, str]
    units: list[LabelledUnit]


def half_of(unit_id: str) -> str:
    return "tune" if int(hashlib.sha256(unit_id.encode("utf-8")).hexdigest()[:8], 16) % 2 == 0 else "check"


def document_text(title: str, before: str, text: str) -> str:
    return f"---\ntitle: {json.dumps(title)}\n---\n\n# {title}\n\n{before}{text}\n"


def _locate(name: str, doc: str, start: int, end: int, where: str) -> list[int]:
    at = doc.find(name, start, end)
    if at < 0:
        at = doc.find(name)
    if at < 0:
        raise LabelsError(f"{where}: {name!r} is not in the unit's document")
    return [at, at + len(name)]


def load_written(path: Path) -> WrittenSet:
    documents: dict[str, str] = {}
    units: list[LabelledUnit] = []
    for where, line in jsonl_lines(path):
        try:
            row = json.loads(line)
            uid, text = str(row["unit"]), str(row["text"])
            doc = document_text(str(row["title"]), str(row.get("before", "")), text)
            start = doc.rindex(text)
            end = start + len(text)
            rels = []
            for i, raw in enumerate(row["relations"]):
                spans = {k: [_locate(str(raw[k]), doc, start, end, where)] for k in ("subject", "object")}
                rels.append(gold_relation({**raw, **spans}, f"{where} relation {i}"))
            kind: UnitKind = row["kind"]
        except (KeyError, TypeError, ValueError) as exc:
            raise LabelsError(f"{where}: {exc!r}") from exc
        name = f"{uid}.md"
        if name in documents:
            raise LabelsError(f"{where}: unit {uid!r} twice")
        documents[name] = doc
        units.append(LabelledUnit(uid, name, start, end, text_sha(text), kind, half_of(uid), tuple(rels)))
    return WrittenSet(documents, units)


def write_documents(written: WrittenSet, directory: Path) -> None:
    for name, text in written.documents.items():
        (directory / name).write_text(text, encoding="utf-8")
