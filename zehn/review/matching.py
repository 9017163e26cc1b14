"""Match what a change names to entities of the graph, and say how (exact, alias, path, symbol) or why not.

Rules, in order, for each candidate (only named queries run: ``resolve_entity`` and ``search_evidence``):

1. text (a name the extractor found in the input): ``resolve_entity`` on it; an exact match is ``exact`` when the
   entity's name is the surface (case and spacing aside), else ``alias`` (``checkout_api`` for checkout-api); a
   CamelCase surface is tried once more split into words (``LedgerSync`` for ledger-sync, ``alias``). Several exact
   entities of one name: the one of the type the extractor read in the text, else ambiguous (listed, none picked).
2. path (a directory or file name of a changed file): exact resolution only, ``path``; a name shared by several
   entities is taken when exactly one of them is a system. Names no entity has (``src``, ``lib``) are skipped.
3. symbol (a name a changed line defines): exact resolution, else the sentences that name the symbol verbatim
   (``search_evidence``) and the systems those sentences relate: ``symbol``, with the sentences as evidence.

A file none of whose path names or symbols matched is reported as such; so is every unmatched text name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Literal

from extraction.evidence_reads import get_evidence
from traversal_policy import (
    Ambiguous,
    EntityCandidate,
    Found,
    NotInGraph,
    QueryFailed,
    QueryRecord,
    Resolved,
    TraversalExecutor,
)
from zehn.api.schemas import CandidateOut
from zehn.review.model import ChangedFileOut, MatchKind, MatchOut, UnmatchedOut
from zehn.review.radar import words_only

SYSTEM_TYPES = frozenset({"Service", "Component", "Technology"})
_SYSTEM_BY_PREFIX = {t.lower(): t for t in SYSTEM_TYPES}  # entity ids are "<type>:<slug>" (extraction.identity)
MAX_SYMBOL_SENTENCES = 5
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
_RANK: dict[str, int] = {"exact": 0, "alias": 1, "path": 2, "symbol": 3}


@dataclass(frozen=True)
class Candidate:
    surface: str
    source: Literal["text", "path", "symbol"]
    type_hint: str | None = None
    start: int | None = None
    end: int | None = None
    where: str | None = None  # the changed file


@dataclass
class Matching:
    matches: dict[str, MatchOut] = field(default_factory=dict)
    unmatched: list[UnmatchedOut] = field(default_factory=list)
    records: list[QueryRecord] = field(default_factory=list)


def _folded(text: str) -> str:
    return " ".join(text.casefold().split())


def _pick(res: object, type_hint: str | None, systems_only: bool) -> EntityCandidate | None:
    if isinstance(res, Resolved | NotInGraph):
        return res.entity
    if isinstance(res, Ambiguous) and res.match == "exact":
        typed = [c for c in res.candidates if type_hint is not None and c.type == type_hint]
        systems = [c for c in res.candidates if c.type in SYSTEM_TYPES]
        if len(typed) == 1:
            return typed[0]
        if systems_only and len(systems) == 1:
            return systems[0]
    return None


class Matcher:
    """Matches candidates through one executor; collects every query record."""

    def __init__(self, executor: TraversalExecutor, graph: Any) -> None:
        self.executor = executor
        self.graph = graph
        self.out = Matching()

    def _resolve(self, name: str) -> object:
        res = self.executor.resolve(name)
        self.out.records.extend(res.queries)
        if isinstance(res, QueryFailed):
            raise res.error
        return res

    def _add(self, entity: EntityCandidate, kind: MatchKind, cand: Candidate, via: Iterable[str] = ()) -> None:
        known = self.out.matches.get(entity.id)
        if known is not None and _RANK[known.kind] <= _RANK[kind]:
            known.via_evidence.extend(e for e in via if e not in known.via_evidence)
            return
        self.out.matches[entity.id] = MatchOut(
            entity_id=entity.id, name=entity.name, type=entity.type, kind=kind, surface=cand.surface,
            where=cand.where, start=cand.start, end=cand.end, via_evidence=list(via),
            system=entity.type in SYSTEM_TYPES)

    def text(self, cand: Candidate) -> None:
        res = self._resolve(cand.surface)
        entity = _pick(res, cand.type_hint, systems_only=False)
        if entity is not None:
            self._add(entity, "exact" if _folded(entity.name) == _folded(cand.surface) else "alias", cand)
            return
        split = _CAMEL.sub(" ", cand.surface)
        if split != cand.surface and (entity := _pick(self._resolve(split), cand.type_hint, False)) is not None:
            self._add(entity, "alias", cand)
            return
        ambiguous = isinstance(res, Ambiguous)
        listed = [CandidateOut(**c.to_dict()) for c in res.candidates] if isinstance(res, Ambiguous) else []
        message = (f"{cand.surface!r} fits {len(listed)} entities; none was picked" if ambiguous
                   else f"no entity of the graph is named like {cand.surface!r}")
        self.out.unmatched.append(UnmatchedOut(surface=cand.surface, source=cand.source, where=cand.where,
                                               reason="ambiguous" if ambiguous else "unknown", message=message,
                                               candidates=listed))

    def path(self, cand: Candidate) -> list[str]:
        entity = _pick(self._resolve(cand.surface), None, systems_only=True)
        if entity is None:
            return []
        self._add(entity, "path", cand)
        return [entity.id]

    def symbol(self, cand: Candidate) -> list[str]:
        entity = _pick(self._resolve(cand.surface), None, systems_only=True)
        if entity is not None:
            self._add(entity, "symbol", cand)
            return [entity.id]
        found = words_only(self.executor).run("search_evidence", {"text": cand.surface, "k": 10})
        self.out.records.extend(found.queries)
        if isinstance(found, QueryFailed):
            raise found.error
        word = re.compile(rf"(?<![\w]){re.escape(cand.surface)}(?![\w])")
        ids = [str(r["id"]) for r in (found.rows if isinstance(found, Found) else ())
               if r.get("kind") == "evidence" and word.search(str(r.get("text") or ""))][:MAX_SYMBOL_SENTENCES]
        hits: list[str] = []
        for ev in get_evidence(self.graph, ids):
            for rel in ev["relations"]:
                for end in ("subject", "object"):
                    entity_id, name = str(rel.get(f"{end}_id") or ""), str(rel.get(end) or "")
                    typed = _SYSTEM_BY_PREFIX.get(entity_id.split(":", 1)[0])
                    if typed is not None:
                        self._add(EntityCandidate(entity_id, name, typed, 0, 0, ()), "symbol", cand, [ev["id"]])
                        hits.append(entity_id)
        return hits

    def files(self, files: Iterable[ChangedFileOut], names: dict[str, list[str]]) -> None:
        """Match each changed file by its path names, then its symbols; record what each file matched."""
        for changed in files:
            hits: list[str] = []
            for name in names[changed.path]:
                hits += self.path(Candidate(name, "path", where=changed.path))
            for symbol in changed.symbols:
                hits += self.symbol(Candidate(symbol, "symbol", where=changed.path))
            changed.matched = sorted(set(hits))
