"""Stage 2, resolve: the subject phrase of an entity question becomes an entity, a stop, or a phrase to bind later.

Only entity routes and yes/no relation checks resolve (a passage question's names rank its sources instead).
For each end (``subject``, then ``other``), each name of the phrase is tried in order (the phrase's name, then the
identifiers in it) through ``traversal_policy``'s resolution (name, alias, noun-phrase head, "did you mean"):

- ``Resolved`` -> the entity; ``NotInGraph`` -> the entity too (no edge is recorded, so the answer can only be
  bound at question time; nothing bound -> ``not_in_graph``);
- ``Ambiguous`` -> cut to the phrase's type hint, then to candidates with any recorded relation; one left -> that
  entity; several -> stop with ``ambiguous`` and the candidates ("Which one?");
- ``Unknown`` -> the phrase stays unresolved, with its suggestions ("Did you mean ...?"): the bind stage answers
  ``unknown_entity`` when no retrieved document mentions it either, and binds it at question time otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from traversal_policy import Ambiguous, EntityCandidate, NotInGraph, QueryFailed, Resolved, Unknown
from zehn.agent.dispatch import Dispatcher, GraphFailure
from zehn.agent.question import Analysis, SubjectPhrase
from zehn.agent.stops import Stop, candidate_out
from zehn.answers.model import Candidate


@dataclass(frozen=True)
class End:
    """One end of the asked relation: the phrase, and the entity it resolved to (None: unresolved)."""

    phrase: SubjectPhrase
    entity: EntityCandidate | None
    recorded: bool = True  # False: the entity is mentioned but no relation of it is recorded
    suggestions: tuple[Candidate, ...] = ()


@dataclass(frozen=True)
class Subjects:
    subject: End | None = None
    other: End | None = None
    notes: tuple[str, ...] = field(default=())


def _narrow(phrase: SubjectPhrase, found: tuple[EntityCandidate, ...]) -> list[EntityCandidate]:
    kept = [c for c in found if not phrase.type_hint or c.type in phrase.type_hint] or list(found)
    kept = _as_written(phrase, kept)
    related = [c for c in kept if c.relation_count > 0]
    return related or kept


def _as_written(phrase: SubjectPhrase, found: list[EntityCandidate]) -> list[EntityCandidate]:
    """A name the question writes in lower case ("the serving runtime") is a common noun phrase, which describes a
    thing; English writes the names of teams, people and companies with capitals ("Serving Runtime"). Of candidates
    that differ only in that, the ones written as proper names are dropped (a capitalised phrase keeps all: "the
    Ledger" may be either)."""
    if not phrase.name or phrase.name != phrase.name.casefold():
        return found
    common = [c for c in found if not _proper(c.name)]
    return common or found


def _proper(name: str) -> bool:
    """Every word of the name starts with a capital ("Serving Runtime", "Ana Ruiz"), none is an identifier."""
    parts = name.split()
    return bool(parts) and all(p[:1].isupper() and not any(ch in p for ch in "-_./") for p in parts)


def _end(dispatcher: Dispatcher, phrase: SubjectPhrase) -> End | Stop:
    suggestions: list[Candidate] = []
    for name in phrase.names():
        outcome = dispatcher.resolve(name)
        if isinstance(outcome, QueryFailed):
            raise GraphFailure(outcome)
        if isinstance(outcome, Resolved):
            return End(phrase, outcome.entity)
        if isinstance(outcome, NotInGraph):
            return End(phrase, outcome.entity, recorded=False)
        if isinstance(outcome, Ambiguous):
            kept = _narrow(phrase, outcome.candidates)
            if len(kept) == 1:
                return End(phrase, kept[0], recorded=kept[0].relation_count > 0)
            if phrase.describes_document:  # "the Private ticket where X": a document described, read by text
                return End(phrase, None)
            return Stop("ambiguous", f"{name!r} matches {len(kept)} entities; say which one you mean",
                        [candidate_out(c) for c in kept])
        assert isinstance(outcome, Unknown)
        suggestions += [candidate_out(c) for c in outcome.suggestions if c.id not in {s.entity_id
                                                                                       for s in suggestions}]
    return End(phrase, None, suggestions=tuple(suggestions))


def resolve(analysis: Analysis, dispatcher: Dispatcher) -> Subjects | Stop:
    if analysis.subject is None or not (analysis.entity_route or analysis.other is not None):
        return Subjects()
    subject = _end(dispatcher, analysis.subject)
    if isinstance(subject, Stop):
        return subject
    other: End | Stop | None = _end(dispatcher, analysis.other) if analysis.other is not None else None
    if isinstance(other, Stop):
        return other
    return Subjects(subject, other)
