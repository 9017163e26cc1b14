"""Which <kind>: a name that says what kind of thing it is, in a sentence that states the asked case (part of
stage 4, passage binding).

"Which bundle holds the alert rules that were switched off?" is answered by "3) switch off alert rules in
metrics-bundle": engineering names carry their kind as their last part (``ledger-store``, ``metrics-bundle``,
``mailer-config``). Documents also name a thing of a kind by a parenthesis after the kind ("Edge router (Traefik)
was configured with ...") or as the value of a line labelled with the kind ("Edge router: traefik-3.1, Worker
image: py-3.12", an environment list), or right after the kind noun as a command line writes it ("patch configmap
edge-cfg", an identifier only); a code host's address names the repository of a change
(``https://host/owner/edge-router/pull/12`` for "which repository"). A typed filler looks for identifiers or
system heads anywhere in a sentence; this reader looks only for a name of the asked kind, which keeps it narrow.

The sentence, read with the lines just before it in its section (:data:`WINDOW`: a list item continues its lead
line and the items before it, a chat turn the request it replies to), must hold at least half of the ask's other
words (:data:`MIN_HELD`, at least two; the document's title counts for all of them, since "during the disk-full
outage" names the incident the document is about, but one at least must be the lines' own), state the asked act
when the ask names one (the verb, an inflection or a synonym; a verb of containment, "holds", is said by "in"), not
negate it, and its name must not be one the question itself writes.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

from zehn.agent.bound import Bound, Finding
from zehn.agent.lemmas import LIGHT_VERBS, inflects, lemmas_of, words
from zehn.agent.parses import Parses
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.sentence_checks import negated
from zehn.agent.similarity import Similarity

MIN_HELD = 0.5  # share of the ask's other words the sentence (with its window and the title) must hold: most
WINDOW = 3  # lines before the sentence, in its section, read with it (a lead line and two items; a request and reply)
# Answer types of a "which <kind>" ask that a name answers (a date, a number or a version is never a name's kind).
_NAMED_TYPES = frozenset({"system", "identifier", "description"})
# Verbs of containment: "which bundle holds the rules" is written "the rules in metrics-bundle", so the act is
# said by the preposition, not asked of the sentence.
_CONTAINING = frozenset({"hold", "contain", "include", "host", "house"})
# A parenthesis that gives examples or a pointer ("a SIEM (e.g. X or Y)") names no thing of the kind.
_EXAMPLES = re.compile(r"\s*(?:e\.g\.|i\.e\.|eg\b|for example|such as|see\b|like\b)", re.I)
_PARTS = re.compile(r"[-_=./:]+")
# A name written right after its kind noun, as a command line or an inventory writes it ("patch configmap
# edge-cfg", "the deployment api-v2"): only an identifier (it has a joiner), never a plain word after the noun.
_AFTER_KIND = r"(?<![\w-]){kind}\s+`?([A-Za-z][\w]*(?:[-_.][\w]+)+)"
# A code host's address names the repository as its second path part: host/owner/repository/pull/12.
_REPOSITORY_KINDS = frozenset({"repository", "repo"})
_REPOSITORY_URL = re.compile(r"https?://[^/\s]+/[\w.-]+/([\w.-]+?)(?:\.git)?/(?:-/)?"
                             r"(?:pulls?|merge_requests|issues|commits?|tree|blob|compare|releases)\b")


def names_of_kind(text: str, kind: str, phrase: str) -> list[str]:
    """The names of the asked kind in ``text``: identifiers whose last part is the kind noun, the name in a
    parenthesis right after the kind phrase (not one of examples), the value of a label that is the kind phrase."""
    found = [m.group(0) for m in re.finditer(rf"(?<![\w-])[A-Za-z][\w]*(?:[-_][\w]+)*[-_]{re.escape(kind)}s?(?![\w-])",
                                             text, re.I)]
    label = re.escape(phrase).replace(r"\ ", r"\s+")
    found += [m.group(1).strip() for m in re.finditer(rf"(?<![\w-]){label}\s*\(([^()\n]{{2,40}})\)", text, re.I)
              if not _EXAMPLES.match(m.group(1))]
    found += [m.group(1) for m in re.finditer(rf"(?<![\w-]){label}\s*:\s*([^\s,;]{{2,60}})", text, re.I)]
    found += [m.group(1) for m in re.finditer(_AFTER_KIND.format(kind=label), text, re.I)]
    if kind.casefold() in _REPOSITORY_KINDS:
        found += [m.group(1) for m in _REPOSITORY_URL.finditer(text)]
    return [n.strip("`*\"'.,") for n in found if n.strip("`*\"'.,")]


def kind_phrase(ask: Ask) -> str:
    """The kind as written after the wh-word, less a possessive owner ("service's config" -> "config")."""
    focus = ask.focus.split("'s")[-1].split(" 's")[-1]
    return " ".join(focus.split()) or ask.focus_head


def bind_kind_name(ask: Ask, question: str, view: DocView, parses: Parses, similarity: Similarity,
                   used: set[str]) -> Finding | None:
    """The sentence of ``view`` that names a thing of the asked kind in the asked case, or None."""
    kind = ask.focus_head.casefold()
    if ask.wh != "which" or ask.answer_type not in _NAMED_TYPES or len(kind) < 3 or not kind.isalpha():
        return None
    phrase = kind_phrase(ask)
    kind_words = set(words(ask.focus)) | {kind}  # "which service's config": both name the kind
    want = tuple(t for t in ask.terms if t not in kind_words and t not in LIGHT_VERBS | _CONTAINING)
    need = max(2, math.ceil(MIN_HELD * len(want)))
    if len(want) < need:
        return None
    scene = similarity.matches(want, words(view.info.title))
    act = ask.predicate if ask.predicate and ask.predicate not in LIGHT_VERBS | _CONTAINING else ""
    if kind in _REPOSITORY_KINDS:  # a change's repository is the same whatever was done to it (opened, merged)
        act = ""
    asked = _plain(question)
    candidates = [s for s in view.sentences if s.kind == "sentence"]
    docs = parses.of(candidates)
    best: tuple[int, int, Finding] | None = None
    for n, sentence in enumerate(candidates):
        if sentence.id in used:
            continue
        names = [m for m in names_of_kind(sentence.text, kind, phrase) if _plain(m) not in asked]
        if not names:
            continue
        window = [s for s in candidates[max(0, n - WINDOW):n] if _same_section(view, s, sentence)]
        said = [*lemmas_of(docs[sentence.id]), *_split(sentence.text)]
        around = [w for s in window for w in (*lemmas_of(docs[s.id]), *_split(s.text))]
        stated = similarity.matches(want, [*said, *around])
        held = stated | scene
        if not stated or len(held) < need or negated(docs[sentence.id], held):
            continue
        if act and act not in held and not any(inflects(act, w) for w in (*said, *around)) and \
                not similarity.synonym(act, [*said, *around]):
            continue
        finding = Finding(ask, (sentence,), "source_backed", ("bound_by:kind_name",), _heading(view, sentence),
                          sentence, tuple(window))
        if best is None or (len(held), -sentence.start) > best[:2]:
            best = (len(held), -sentence.start, finding)
    return best[2] if best is not None else None


def first_kind_name(ask: Ask, question: str, views: Sequence[DocView], parses: Parses,
                    similarity: Similarity) -> Bound | None:
    """The first of ``views`` (in the caller's order) that names a thing of the asked kind in the asked case."""
    for view in views:
        found = bind_kind_name(ask, question, view, parses, similarity, set())
        if found is not None:
            return Bound(findings=(found,), document=view.info)
    return None


def _plain(text: str) -> str:
    """Lower case with separators as spaces: "edge-router" is the question's own "edge router"."""
    return " ".join(_PARTS.sub(" ", text.casefold()).split())


def _split(text: str) -> list[str]:
    """The parts of identifiers and settings ("retry_on_timeout=5s" -> retry, on, timeout, 5s): a name or a
    command line writes the act in its parts."""
    return [p for w in words(text) if _PARTS.search(w) for p in _PARTS.split(w) if p]


def _same_section(view: DocView, before: Sentence, sentence: Sentence) -> bool:
    return _heading(view, before) == _heading(view, sentence)


def _heading(view: DocView, sentence: Sentence) -> str:
    return next((p.heading for p in view.passages if p.start <= sentence.start < p.end), "")
