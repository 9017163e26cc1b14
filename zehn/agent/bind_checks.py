"""Checks on what stage 4 (bind) may return for a graph question: a named subject nothing mentions is unknown, and a
person the question itself names is never the answer to its "who"."""

from __future__ import annotations

from dataclasses import replace

from zehn.agent.bound import Bound
from zehn.agent.question import Analysis, SubjectPhrase
from zehn.agent.resolve import Subjects
from zehn.agent.retrieve import Retrieved
from zehn.agent.stops import Stop
from zehn.agent.text_index import TextIndex


def not_the_asker(analysis: Analysis, bound: Bound | Stop) -> Bound | Stop:
    """A person the question itself names is the other party of a "who" ask ("who took over X from Ana?"), never
    its answer: such paths are dropped, and with none left the relation is not established."""
    if isinstance(bound, Stop) or not bound.paths or analysis.route == "yes_no" or \
            not analysis.asks or analysis.asks[0].answer_type != "agent":
        return bound
    asked = TextIndex(analysis.question)
    kept = tuple(p for p in bound.paths if not (" " in p.entity_name.strip() and asked.mentions(p.entity_name)))
    if len(kept) == len(bound.paths):
        return bound
    return replace(bound, paths=kept) if kept else Bound(
        decline="relation_unstated", reason="not established: the only doer the documents name is the person the "
                                            "question names")


def required_names(subject: SubjectPhrase) -> tuple[str, ...]:
    """What a document must name to speak for the subject: its name, the identifiers in it and the identifier-shaped
    words of the whole phrase ("the load test *of the tenant-router*"), so a list or a line that leaves its subject
    to context is read only in a document about that very thing."""
    named = [t for t in subject.terms if any(c in t for c in "-_")]
    return tuple(dict.fromkeys((subject.name, *subject.identifiers, *named)))


def unknown_subject(subjects: Subjects, retrieved: Retrieved) -> Stop | None:
    """A named subject that resolved to no entity and that no retrieved document mentions."""
    end = subjects.subject
    if end is None or end.entity is not None or retrieved.paths or not _names_a_thing(end.phrase.name) or \
            _mentioned(end.phrase.name, retrieved):
        return None
    return Stop("unknown_entity", f"no entity or document mentions {end.phrase.name!r}; similar names are "
                                  "offered, never substituted", list(end.suggestions))


def _names_a_thing(name: str) -> bool:
    """A name (an identifier, a capitalised name) rather than a description ("the routing work that ..."): only a
    name can be unknown; a description is bound in the passages or not at all."""
    return any(c in name for c in "-_#/") or any(c.isdigit() for c in name) or \
        any(w[:1].isupper() for w in name.split())


def _mentioned(name: str, retrieved: Retrieved) -> bool:
    return any(mentions_name(d.index, name) for d in retrieved.documents)


def mentions_name(index: TextIndex, name: str) -> bool:
    """A text mentions a name when it holds the whole name or one of its distinctive words: an identifier or an
    acronym. A question's parse often joins a product's long name to its short form ("Fallback Analytics (FA)
    product" -> "Fallback Analytics FA product"), a phrase no document writes though every part of it is known."""
    return index.mentions(name) or any(index.mentions(w) for w in name.split() if _distinctive(w))


def _distinctive(word: str) -> bool:
    return len(word) > 1 and (any(c in word for c in "-_#/") or any(c.isdigit() for c in word) or
                              (word.isupper() and word.isalpha()))
