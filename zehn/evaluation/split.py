"""The one fixed split of every question set into a tuning half and a check half.

A question belongs to the tuning half when the first byte of sha256(its id) is even, else to the check half.
Rules and thresholds are chosen by looking at the tuning half only; the check half is what we report. The split
depends on nothing but the id, so it is the same for every run, every machine and every question file.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Literal, Protocol, TypeVar

Half = Literal["tune", "check"]
HalfChoice = Literal["tune", "check", "all"]


class HasId(Protocol):
    @property
    def id(self) -> str: ...


Q = TypeVar("Q", bound=HasId)


def half_of(question_id: str) -> Half:
    return "tune" if hashlib.sha256(question_id.encode("utf-8")).digest()[0] % 2 == 0 else "check"


def select(questions: Sequence[Q], half: HalfChoice) -> list[Q]:
    """The questions of one half, in their original order ("all": every question)."""
    return list(questions) if half == "all" else [q for q in questions if half_of(q.id) == half]
