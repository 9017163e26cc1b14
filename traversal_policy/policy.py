"""The traversal policy: which RELATES predicates (``rel_type``) a named query may walk.

The policy is a TOML file (``default_policy.toml`` in this package unless settings name another)::

    name = "default"
    description = "..."
    [traversal]
    walkable = ["DEPENDS_ON", "USES", ...]

Its identity is the sha256 of the file's bytes, reported with every answer. The production baseline is the code
constant :data:`PRODUCTION_WALKABLE` (a file cannot declare itself "default"): a policy that walks any predicate
outside it is in *evaluation mode*. Walking fewer predicates than the baseline is stricter and stays production.
"""

from __future__ import annotations

import hashlib
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from extraction.errors import InputRejected
from extraction.vocabulary import REL_TYPES

from .outcomes import PolicyInfo, PolicyViolation

DEFAULT_POLICY_PATH = Path(__file__).resolve().parent / "default_policy.toml"
MAX_HOPS = 3

# The controlled vocabulary the extractor writes: a policy may only name predicates that exist.
KNOWN_REL_TYPES: frozenset[str] = frozenset(REL_TYPES)

PRODUCTION_WALKABLE: frozenset[str] = frozenset({
    "DEPENDS_ON", "USES", "CONSUMES", "OWNS", "MAINTAINS", "LEADS", "MEMBER_OF", "AFFECTS", "BLOCKS", "PART_OF",
    # Incidents and changes: what caused an incident, what fixed it (CAUSED is walked by impact, FIXES is not).
    "CAUSED", "FIXES",
    # Who did what on a ticket, page or PR; mostly read from structured metadata, cited by its exact line.
    "ASSIGNED_TO", "REPORTED", "REVIEWED", "APPROVED", "HAS_COMPONENT", "LINKED_TO", "DECIDED", "REPLACES",
    # Which customer a ticket is for (the `customer_company` line): the departure query's waiting customers.
    "CONCERNS",
})  # fmt: skip


@dataclass(frozen=True)
class Policy:
    name: str
    description: str
    walkable: frozenset[str]
    hash: str  # sha256 hex of the policy file's bytes
    source: str  # where it was loaded from

    @property
    def evaluation_mode(self) -> bool:
        return bool(self.walkable - PRODUCTION_WALKABLE)

    @property
    def non_default(self) -> tuple[str, ...]:
        """The predicates that put this policy in evaluation mode."""
        return tuple(sorted(self.walkable - PRODUCTION_WALKABLE))

    def info(self) -> PolicyInfo:
        return PolicyInfo(self.name, self.hash, self.evaluation_mode)

    def allowed(self, wanted: Iterable[str]) -> list[str]:
        """The walkable subset of ``wanted``, sorted: this list is passed to the Cypher as ``$allowed``."""
        return sorted(set(wanted) & self.walkable)

    def check_rows(self, rows: Iterable[Mapping[str, Any]]) -> None:
        """Second guard: no returned path longer than MAX_HOPS and none over a forbidden predicate. A row with
        neither a path nor a relation type (a passage, a sentence: most rows a turn reads) has nothing to check."""
        for row in rows:
            path = row.get("path")
            if path is None and "rel_type" not in row:
                continue
            rel_types = list(path["rel_types"]) if isinstance(path, Mapping) else []
            if "rel_type" in row and not isinstance(path, Mapping):
                rel_types = [row["rel_type"]]
            if len(rel_types) > MAX_HOPS:
                raise PolicyViolation(f"a returned path has {len(rel_types)} hops (cap {MAX_HOPS})")
            forbidden = sorted({str(t) for t in rel_types} - self.walkable)
            if forbidden:
                raise PolicyViolation(f"a returned path crosses predicates the policy {self.name!r} forbids: "
                                      f"{', '.join(forbidden)}")

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "hash": self.hash, "walkable": sorted(self.walkable),
                "evaluation_mode": self.evaluation_mode, "non_default": list(self.non_default),
                "description": self.description, "source": self.source}


def parse_policy(data: bytes, source: str) -> Policy:
    """Parse and validate policy bytes; any problem is an InputRejected naming the file and the field."""
    try:
        raw = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise InputRejected(f"policy {source}: not valid UTF-8 TOML ({exc})") from exc
    name = raw.get("name")
    if not isinstance(name, str) or not name.strip():
        raise InputRejected(f"policy {source}: 'name' must be a non-empty string")
    description = raw.get("description", "")
    if not isinstance(description, str):
        raise InputRejected(f"policy {source}: 'description' must be a string")
    traversal = raw.get("traversal")
    walkable = traversal.get("walkable") if isinstance(traversal, dict) else None
    if not isinstance(walkable, list) or not all(isinstance(t, str) for t in walkable):
        raise InputRejected(f"policy {source}: [traversal] walkable must be a list of rel_type strings")
    unknown = sorted(set(walkable) - KNOWN_REL_TYPES)
    if unknown:
        raise InputRejected(f"policy {source}: unknown rel_type(s) {', '.join(unknown)}; "
                            f"known: {', '.join(sorted(KNOWN_REL_TYPES))}")
    return Policy(name=name.strip(), description=description, walkable=frozenset(walkable),
                  hash=hashlib.sha256(data).hexdigest(), source=source)


def load_policy(path: Path | None = None) -> Policy:
    """Load the policy file (the bundled default when ``path`` is None)."""
    target = path or DEFAULT_POLICY_PATH
    try:
        data = target.read_bytes()
    except OSError as exc:
        raise InputRejected(f"policy file {target} cannot be read: {exc.strerror or exc}") from exc
    return parse_policy(data, str(target))
