"""Question files, one JSON object per line; the format is detected per line.

- **benchmark** lines (``questions.jsonl``): ``id``, ``category``, ``question``, ``answer``, ``gold_doc_ids``
  and, optionally, ``answer_facts``. ``category == "Info Not Found"`` marks a question that must be declined. An
  answer key may list, among its facts, what a right answer must *not* say ("The answer must not attribute the
  outage to ..."): those are kept apart as ``exclusions``, because they are no fact an answer should carry (an
  answer citing the excluded account would otherwise earn credit for it).
- **graph** lines (``graph_questions.jsonl``): ``id``, ``kind``, ``question``, ``expect_status``,
  ``expected_answer_terms``, ``gold_doc_ids``. A line is a graph line when it has ``expect_status``; an optional
  ``reader`` (``public``, the default, or ``all``) says who can answer it: ``all`` marks an answer key read from
  documents a caller without a token may not read, so a run asked as that caller expects a decline
  (:func:`as_read_by`).

A malformed line is an :class:`InputRejected` naming the file and line; nothing is skipped silently.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from extraction.errors import InputRejected

NOT_FOUND_CATEGORY = "Info Not Found"
ANSWERED = "answered"
Reader = Literal["public", "all"]
READER_NAMES: tuple[Reader, ...] = ("public", "all")
# What a reader who cannot see the answer's only documents must get: the same statuses a made-up name may get.
UNREADABLE_EXPECT: tuple[str, ...] = ("abstained", "unknown_entity")
# How an answer key words a constraint on the answer rather than a fact of it: "The answer must/should not ...".
_EXCLUSION = re.compile(r"^\s*the\s+answer\s+(?:must|should)\s+not\b", re.IGNORECASE)
# The same constraints put as orders to whoever answers ("Do not attribute ...", "Don't claim ..."). A fact can open
# that way too (a runbook's "Do not rotate ...", a field named "Do Not Contact"), so only a closing run of at least
# two such lines after the facts counts: the shape of a key that lists what a right answer must leave out.
_PROHIBITION = re.compile(r"^\s*(?:do\s+not|don[’']t)\b", re.IGNORECASE)
_CLOSING_PROHIBITIONS = 2


def _split_exclusions(listed: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(facts, exclusions) of an answer key's lines, in their order."""
    start = len(listed)
    while start > 0 and (_PROHIBITION.match(listed[start - 1]) or _EXCLUSION.match(listed[start - 1])):
        start -= 1
    closing = sum(1 for f in listed[start:] if _PROHIBITION.match(f))
    ordered = start > 0 and closing >= _CLOSING_PROHIBITIONS
    excluded = [bool(_EXCLUSION.match(f)) or (ordered and i >= start) for i, f in enumerate(listed)]
    return (tuple(f for f, x in zip(listed, excluded, strict=True) if not x),
            tuple(f for f, x in zip(listed, excluded, strict=True) if x))


@dataclass(frozen=True)
class BenchQuestion:
    id: str
    category: str
    question: str
    answer: str
    gold_doc_ids: tuple[str, ...]
    answer_facts: tuple[str, ...] = ()
    exclusions: tuple[str, ...] = ()  # what a right answer must not say, as the answer key words it

    @property
    def answerable(self) -> bool:
        return self.category != NOT_FOUND_CATEGORY


@dataclass(frozen=True)
class GraphQuestion:
    id: str
    kind: str
    question: str
    expect_status: tuple[str, ...]
    expected_answer_terms: tuple[str, ...]
    gold_doc_ids: tuple[str, ...]
    reader: Reader = "public"

    @property
    def answerable(self) -> bool:
        return ANSWERED in self.expect_status


Question = BenchQuestion | GraphQuestion


def _strings(raw: dict[str, Any], key: str, where: str, required: bool = True) -> tuple[str, ...]:
    value = raw.get(key)
    if value is None and not required:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputRejected(f"{where}: {key!r} must be a list of strings")
    return tuple(value)


def _text(raw: dict[str, Any], key: str, where: str) -> str:
    value = raw.get(key)
    if not isinstance(value, str) or not value.strip():
        raise InputRejected(f"{where}: {key!r} must be a non-blank string")
    return value


def _reader(raw: dict[str, Any], where: str) -> Reader:
    value = raw.get("reader", "public")
    for name in READER_NAMES:
        if value == name:
            return name
    raise InputRejected(f"{where}: 'reader' must be one of {', '.join(READER_NAMES)}")


def as_read_by(questions: list[Question], reader: Reader) -> list[Question]:
    """The questions as ``reader`` must be graded: a graph line whose answer only an every-document reader can see
    expects a decline from a public reader (its gold documents are unread; an answer from elsewhere is wrong), with
    no terms to find. Lines a reader can answer are kept as written."""
    if reader == "all":
        return list(questions)
    return [replace(q, expect_status=UNREADABLE_EXPECT, expected_answer_terms=())
            if isinstance(q, GraphQuestion) and q.reader == "all" and q.answerable else q for q in questions]


def parse_line(raw: object, where: str) -> Question:
    if not isinstance(raw, dict):
        raise InputRejected(f"{where}: expected a JSON object")
    if "expect_status" in raw:
        return GraphQuestion(
            id=_text(raw, "id", where), kind=_text(raw, "kind", where), question=_text(raw, "question", where),
            expect_status=_strings(raw, "expect_status", where),
            expected_answer_terms=_strings(raw, "expected_answer_terms", where),
            gold_doc_ids=_strings(raw, "gold_doc_ids", where), reader=_reader(raw, where))
    if "category" in raw:
        facts, exclusions = _split_exclusions(_strings(raw, "answer_facts", where, required=False))
        return BenchQuestion(
            id=_text(raw, "id", where), category=_text(raw, "category", where),
            question=_text(raw, "question", where), answer=str(raw.get("answer") or ""),
            gold_doc_ids=_strings(raw, "gold_doc_ids", where),
            answer_facts=facts, exclusions=exclusions)
    raise InputRejected(f"{where}: neither a benchmark line (category) nor a graph line (expect_status)")


def load_questions(path: Path) -> list[Question]:
    """Every question in ``path``, in file order. Blank lines are allowed; duplicate ids are not."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputRejected(f"cannot read question file {path}: {exc}") from exc
    questions: list[Question] = []
    seen: set[str] = set()
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            raise InputRejected(f"{where}: not JSON ({exc.msg})") from exc
        question = parse_line(raw, where)
        if question.id in seen:
            raise InputRejected(f"{where}: duplicate question id {question.id!r}")
        seen.add(question.id)
        questions.append(question)
    if not questions:
        raise InputRejected(f"{path}: no questions")
    return questions
