"""Question-time binding of a dependency or impact relation the graph lacks: scan the sentences of the documents
about the subject for the relation's cue words and let the hop grader decide (part of stage 4, bind).

A passage binder looks for the sentence that best answers the ask as a whole; a relation question asks for the other
end of one relation ("where does X read its signals from", "what did X break"), which a document often states
in a sentence that shares few words with the question. So, in the best documents (at most
:data:`DOCUMENTS_SCANNED`) that mention the subject:

1. a sentence is a candidate when one of its words is a cue lemma of a relation of the asked family
   (:data:`verify.lexicon.CUES`: depend, need, consume, read, call ... for a dependency; affect, break, degrade,
   saturate ... for an impact);
2. the unknown end is the cue's own argument: the object of its preposition or its direct object (what X depends
   on, reads from, breaks), or, for an intransitive impact cue, its subject ("the GPU pool saturated");
3. the hop grader grades the relation between the subject and that end in the sentence: read as written when the
   sentence names the subject, else as about the document's subject (``via="document_subject"``, never better
   than ``inferred``). A hop answers when source-backed, or inferred with the cue on the path between its ends;
   a negated or hedged one never does (the grader says ``insufficient``).

4. for an impact, when no cue states it in a document that names the subject: the sentence right after one that
   names the subject, when it continues it ("This deleted ..."; :mod:`zehn.agent.continuation`).

The hops are shown as read at question time, with their grades.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc, Token

from verify import HopInput, grade_hop
from verify.lexicon import CUES
from verify.parsing import Parse
from zehn.agent.bound import PathView
from zehn.agent.continuation import continued
from zehn.agent.documents import DocJudgement
from zehn.agent.grading import hop, view
from zehn.agent.lemmas import words
from zehn.agent.line_hops import answers, asks_future
from zehn.agent.parses import Parses
from zehn.agent.phrases import names_system
from zehn.agent.question import Analysis, SubjectPhrase
from zehn.agent.routing import DEPENDENCY_RELS, IMPACT_RELS, WAITS_FOR
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity
from zehn.agent.text_index import TextIndex

DOCUMENTS_SCANNED = 3  # the documents an entity question's relation is looked for in (as the passage binder)
MAX_HOPS = 4  # answering hops shown, those that name the subject first, then in document order
MAX_END_WORDS = 8  # an argument longer than this is a clause, not a name
# The relations each route asks about: a dependency may be stated with any verb of the family.
# routing's relation sets in a fixed order: a cue shared by two relations reads as the first (sets iterate by hash)
_DEPENDENCY = tuple(sorted(DEPENDENCY_RELS, key=("DEPENDS_ON", "USES", "CONSUMES", "CALLS").index))
FAMILIES = {"dependency": _DEPENDENCY, "dependents": _DEPENDENCY, "impact": tuple(sorted(IMPACT_RELS))}
_OBJECTS = ("dobj", "attr", "oprd")
_SUBJECTS = ("nsubj", "nsubjpass")
_NAMING_DEPS = frozenset({"compound", "amod", "nmod", "poss"})
_SOURCE_PREPS = frozenset({"from", "on", "to", "via", "through"})  # where a dependency's other end is written
# Prepositions that introduce a relation's other end ("depends on X", "reads from X", "impact on X", "consumer of
# X"); time, place and manner ("within minutes", "at 10:05", "in us-west") do not.
_END_PREPS = _SOURCE_PREPS | {"upon", "into", "with", "against", "of"}


def _cue(token: Token, rels: tuple[str, ...]) -> str | None:
    lemma = token.lemma_.casefold()
    return next((r for r in rels if lemma in CUES.get(r, frozenset()) or token.lower_ in CUES.get(r, frozenset())),
                None)


def _phrase(token: Token) -> tuple[int, int] | None:
    """The character span of the noun phrase a token heads (its clauses and a leading determiner left out), if it is
    short enough to be a name."""
    if token.pos_ in ("PRON", "VERB"):
        return None
    clauses = {t.i for c in token.children if c.dep_ in ("relcl", "acl", "advcl") for t in c.subtree}
    tokens = [t for t in token.subtree if t.i not in clauses]
    if len(tokens) > MAX_END_WORDS:  # "the pool of GPUs in us-west": the head without its prepositions
        preps = {t.i for c in token.children if c.dep_ == "prep" for t in c.subtree}
        tokens = [t for t in tokens if t.i not in preps]
    while tokens and (tokens[0].dep_ == "det" or tokens[0].is_punct):
        tokens = tokens[1:]
    while tokens and tokens[-1].is_punct:
        tokens = tokens[:-1]
    if not tokens or len(tokens) > MAX_END_WORDS:
        return None
    return tokens[0].idx, tokens[-1].idx + len(tokens[-1].text)


def ends(token: Token, route: str) -> list[tuple[int, int, Token]]:
    """The cue's arguments that may be the unknown end, each with the token heading it: objects of its prepositions,
    its direct object, and for an impact cue without an object, its subject."""
    found: list[Token] = []
    for child in token.children:
        if child.dep_ == "prep" and child.lower_ in _END_PREPS:
            found += [c for c in child.children if c.dep_ == "pobj"]
        elif child.dep_ in _OBJECTS:  # "consume signals *from X*": the source hangs on the object
            sources = [c for p in child.children if p.dep_ == "prep" and p.lower_ in _SOURCE_PREPS
                       for c in p.children if c.dep_ == "pobj"]
            found += sources or [child]
    waits = any(t.dep_ in ("mark", "prep") and t.lower_ in WAITS_FOR for t in token.subtree)
    if not found and (route == "impact" or waits):
        # "the GPU pool saturated": what an impact cue without an object affects is its subject; "the migration
        # needs to be merged before the canary": what must come first is the subject of the need.
        found = [c for c in token.children if c.dep_ in _SUBJECTS]
        if not found and token.dep_ == "acl" and route == "impact":  # "GPU pool saturated" read as a noun phrase
            found = [token.head]
    spans = [(_phrase(t), t) for t in found]
    return [(s[0], s[1], t) for s, t in spans if s is not None]


@dataclass(frozen=True)
class Scanned:
    paths: tuple[PathView, ...] = ()
    # Where the document names the subject, when a hop is read as about the document's subject: the sentence that
    # ties the document to what was asked about, cited beside the inferred hops.
    naming: Sentence | None = None


def scan(analysis: Analysis, subject: SubjectPhrase, order: list[DocJudgement], parses: Parses,
         similarity: Similarity, nlp: Parse) -> Scanned:
    """The answering hops of the asked relation family, read at question time in the documents about the subject.
    Of those, the ones whose sentences hold the most of what the question asks besides its subject (the ask's core
    terms: "its trigger *signals*", "has to be *merged*") are kept; with no such term, the first in the document."""
    rels = FAMILIES.get(analysis.route)
    if rels is None:
        return Scanned()
    names = [n for n in (*subject.references, subject.name) if n]
    # What the question asks besides its subject and the relation itself (the cue already chose the sentence).
    cues = {c for r in rels for c in CUES.get(r, frozenset())} | {a.predicate for a in analysis.asks}
    asked = [t for a in analysis.asks for t in a.core if t not in subject.terms and t not in cues]
    for judged in order[:DOCUMENTS_SCANNED]:
        doc_view = judged.view
        if not (doc_view.mentions_subject or any(doc_view.index.mentions(n) for n in names)):
            continue
        candidates = [s for s in doc_view.sentences if s.kind != "metadata" and _has_cue_word(s, rels)]
        parsed = parses.of(candidates)
        found: list[tuple[int, bool, int, PathView]] = []
        for n, sentence in enumerate(candidates):
            score = len(similarity.matches(asked, words(sentence.text)))
            for path in _hops(analysis, subject, names, sentence, parsed[sentence.id], rels, nlp):
                found.append((score, "document_subject" in path.hops[0].reasons, n, path))
        if found:  # the best document that states the relation answers; others are not mixed in
            best = max(f[0] for f in found)
            paths = [f[3] for f in sorted(found, key=lambda f: (-f[0], f[1], f[2])) if f[0] == best][:MAX_HOPS]
            inferred = any("document_subject" in p.hops[0].reasons for p in paths)
            naming = next((s for s in doc_view.sentences if s.kind != "metadata" and
                           any(TextIndex(s.text).mentions(n) for n in names)), None) if inferred else None
            return Scanned(tuple(paths), naming)
        if analysis.route == "impact":  # "Trigger: X lowered Y. This deleted Z": the effect in the next sentence
            effects = continued(subject.name, names, doc_view, parses)
            if effects:
                return Scanned(effects[:MAX_HOPS])
    return Scanned()


def _one_system(head: Token) -> bool:
    """The phrase can name one system: an identifier, a proper name or a system noun, or a singular noun said which
    one by a modifier ("the fleet monitor"); a plural of plain words is a kind of thing ("samples", "large headers")."""
    return names_system(head) or (head.tag_ == "NN" and any(c.dep_ in _NAMING_DEPS for c in head.children))


def _has_cue_word(sentence: Sentence, rels: tuple[str, ...]) -> bool:
    """A cheap look before parsing: some word starts like a cue lemma ("consumes", "saturated", "needs")."""
    words = {w.strip(".,;:()[]\"'").casefold() for w in sentence.text.split()}
    stems = {c[:max(4, len(c) - 2)] for r in rels for c in CUES.get(r, frozenset())}
    return any(w.startswith(stem) for w in words for stem in stems)


def _hops(analysis: Analysis, subject: SubjectPhrase, names: list[str], sentence: Sentence, parse: Doc,
          rels: tuple[str, ...], nlp: Parse) -> list[PathView]:
    index = TextIndex(sentence.text)
    said = next((n for n in names if index.mentions(n)), None)
    out: list[PathView] = []
    seen: set[tuple[int, int]] = set()
    for token in parse:
        rel = _cue(token, rels)
        if rel is None:
            continue
        for start, end, head in ends(token, analysis.route):
            filler = sentence.text[start:end]
            if (start, end) in seen or any(TextIndex(filler).mentions(n) for n in names):
                continue
            if not said and analysis.route != "impact" and head.dep_ not in _SUBJECTS and not _one_system(head):
                # Read as about the document's subject, "logs (or request samples)" or "requests with large
                # headers" says nothing about what the subject runs on: such a hop needs a system at its other end.
                continue
            seen.add((start, end))
            source, target = (filler, subject.name) if analysis.route == "dependents" else (said or subject.name,
                                                                                             filler)
            graded = grade_hop(HopInput(source, rel, target, sentence.id, sentence.text,
                                        via="text" if said else "document_subject"), nlp)
            if answers(graded, asks_future(analysis)):
                out.append(view(filler, filler, (source, target),
                                [hop(source, rel, target, graded, sentence, "question")], [sentence]))
    return out
