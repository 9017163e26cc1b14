"""Inputs and verdicts of the hop grader, and how hop grades combine into a path grade."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

Grade = Literal["source_backed", "inferred", "insufficient"]
HopKind = Literal["sentence", "metadata"]

GRADES: tuple[Grade, ...] = ("insufficient", "inferred", "source_backed")  # weakest first
_RANK: dict[str, int] = {g: i for i, g in enumerate(GRADES)}


@dataclass(frozen=True)
class HopInput:
    """One edge of a traversal path and the evidence sentence it was read from.

    Spans are character offsets relative to ``sentence``; ``None`` means "find the mention yourself".
    For ``kind="metadata"`` the sentence is one front-matter line such as ``"assignee": "Julia Novak"``.
    """

    subject: str
    rel_type: str
    object: str
    evidence_id: str
    sentence: str
    subject_span: tuple[int, int] | None = None
    object_span: tuple[int, int] | None = None
    kind: HopKind = "sentence"


@dataclass(frozen=True)
class HopGrade:
    grade: Grade
    reasons: tuple[str, ...]
    evidence_id: str


@dataclass(frozen=True)
class PathGrade:
    grade: Grade
    evidence_ids: tuple[str, ...]
    hops: tuple[HopGrade, ...]


def rank(grade: str) -> int:
    """0 for insufficient, 1 for inferred, 2 for source_backed."""
    return _RANK[grade]


def weakest(grades: Iterable[Grade]) -> Grade:
    """The weakest grade of a non-empty collection."""
    ordered = sorted(grades, key=rank)
    if not ordered:
        raise ValueError("weakest() needs at least one grade")
    return ordered[0]


def path_grade(hops: Iterable[HopGrade]) -> PathGrade:
    """A path is only as strong as its weakest hop; an empty path is insufficient."""
    graded = tuple(hops)
    if not graded:
        return PathGrade("insufficient", (), ())
    return PathGrade(weakest(h.grade for h in graded), tuple(h.evidence_id for h in graded), graded)
