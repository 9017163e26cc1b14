"""Stage 3, retrieve: the graph walk an entity question names, and the documents that may answer any question.

- **Walk** (entity routes with a resolved subject): ``who_owns`` / ``entity_profile`` / ``depends_on`` /
  ``dependents_of`` / ``impact``, each path enriched with its edges' sentences (``evidence_for``).
- **Documents** (every question whose walk returned nothing, and every passage question): the question is
  embedded while it is analysed and each ask while the passages are searched (:meth:`Similarity.start`);
  ``search_passages`` ranks passages (full-text + vector); a document's first score is the similarity of its
  nearest hit to the question plus the full-text reciprocal ranks of its hits, and the documents that mention a
  resolved subject (``documents_mentioning``) come first.
  The documents where the question's names meet (:func:`zehn.agent.question_names.named_documents`) join them.
  Every document the search found (a document only the full-text list finds included) is read
  whole (``document_passages``, with each passage's exact distance to the question and to
  every ask) and re-ranked from what was read (:mod:`zehn.agent.doc_scores`: the nearest passage's similarity plus
  the best passage's word match, :mod:`zehn.agent.lexical`, plus the share of the question's names it holds, plus
  the share of the question its own subject holds, :mod:`zehn.agent.doc_subjects`, plus the share of the question's
  words the whole document holds, plus the share of the words by which the question names its document ("the
  stream truncation ticket") that its subject holds, :mod:`zehn.agent.doc_references`, ordered less a discount for
  the document's length and, for a question in the present, with a standing page lifted,
  :mod:`zehn.agent.standing_pages`): the
  indexes' rankings differ from one server start to the next. The best :data:`DOCUMENTS` of them are kept, their
  sentences (``document_sentences``) read on first use, and the :data:`FURTHER` after them for the "which <kind>"
  name reader only. Ties are broken by document id, so the same graph gives the same candidates.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, partial

import numpy as np

from traversal_policy.params import MAX_DOCUMENTS, MAX_K
from zehn.agent.dispatch import Dispatcher
from zehn.agent.doc_memo import DocMemo
from zehn.agent.doc_references import reference_shares, referred_words
from zehn.agent.doc_scores import exact_nearest, exact_scores, length_discount
from zehn.agent.doc_subjects import subject_shares
from zehn.agent.lemmas import words
from zehn.agent.links import linked_ids
from zehn.agent.question import Analysis
from zehn.agent.question_names import named_documents, question_names
from zehn.agent.resolve import Subjects
from zehn.agent.routing import DEPENDENCY_RELS
from zehn.agent.rows import DocPassage, DocumentInfo, PassageHit, PathRow, Sentence
from zehn.agent.similarity import Similarity
from zehn.agent.standing_pages import standing_lift
from zehn.agent.text_index import TextIndex, comparison, text_index

DOCUMENTS = 5  # documents read whole per question
# Documents the search read beyond those, kept for the one reader narrow enough that retrieval's order need not
# decide (a "which <kind>" ask answered by a name of that kind: zehn.agent.kind_names), as many again. Their
# passages are read already; their sentences only if that reader gets to them.
FURTHER = DOCUMENTS
# Passages ranked per search: the most the policy allows (traversal_policy.params.MAX_K). A long document holds
# many of the nearest passages, so 30 passages came from only 5-25 documents on the tune half (11 as the median),
# and a short one that states the asked numbers in few words (a chat thread) ranked below them was never read. The
# search itself took the same ~10 ms at 30 and 50 (tune questions, median).
SEARCH_K = MAX_K
# Every document the search found has its passages read to rank it exactly (50 passages came from 6-40 documents
# on the tune half, 17 as the median). None is cut by the search's own order: which passages the
# indexes return, and the full-text scores, differ from one server start to the next (on the tune half the
# documents found differed between three starts for 50 of 71 questions at 30 passages), and a cut of the 16 first
# by that order changed the read set's word statistics, and with them which document ranked first, between starts.
# A document only the full-text list finds (its rare words, no near vector) is read like any other and ranked by
# its words (zehn.agent.doc_scores).
WALKS = {"ownership": ("who_owns", None), "participation": ("entity_profile", None), "dependency": ("depends_on", 1),
         "dependents": ("dependents_of", 1), "impact": ("impact", 3), "yes_no": ("depends_on", 3)}


class DocView:
    """A document read for a question: its passages now, its sentences (``document_sentences``) on first use, so
    only the documents that are bound pay for them."""

    def __init__(self, info: DocumentInfo, passages: tuple[DocPassage, ...], score: float, mentions_subject: bool,
                 load: Callable[[], list[Sentence]], links: Callable[[DocView], list[DocView]] | None = None,
                 subject: float = 0.0, memo: DocMemo | None = None) -> None:
        self.info = info
        self.passages = passages
        self.score = score  # nearest passage's similarity plus the weighted word match (exact_scores)
        self.mentions_subject = mentions_subject
        self.subject = subject  # the share of the question its own subject holds (zehn.agent.doc_subjects)
        self._load = load
        self._links = links
        self.memo = memo or DocMemo()  # what its content alone gives, kept while the service keeps the document
        self._frames = self.memo.of(_frames, self)
        self._in_passage: dict[str, tuple[Sentence, ...]] = {}

    def framed(self, passage: DocPassage, sentence: Sentence, read: Callable[[], tuple[str, ...]]
               ) -> tuple[str, ...]:
        """The words of the list items ``sentence`` is nested under in ``passage``, read once per document content
        (every ask, and every question that reads the document, reads the same passages again; zehn/agent/doc_memo.py):
        ``read`` must read nothing but the passage, the sentence and the document."""
        key = (passage.id, sentence.id)
        if key not in self._frames:
            self._frames[key] = read()
        return self._frames[key]

    def in_passage(self, passage: DocPassage) -> tuple[Sentence, ...]:
        """The sentences that overlap ``passage`` (a sentence may begin with the heading above it), found once per
        turn: every ask reads the same passages again."""
        found = self._in_passage.get(passage.id)
        if found is None:
            found = self._in_passage[passage.id] = tuple(
                s for s in self.sentences if s.start < passage.end and s.end > passage.start)
        return found

    @cached_property
    def linked(self) -> tuple[DocView, ...]:
        """The documents that share this one's case (:mod:`zehn.agent.links`), read on first use."""
        return tuple(self._links(self)) if self._links is not None else ()

    @cached_property
    def sentences(self) -> tuple[Sentence, ...]:
        return tuple(self._load())

    @cached_property
    def joined(self) -> str:
        return "\n".join(p.text for p in self.passages)

    def text(self) -> str:
        return self.joined

    @cached_property
    def words(self) -> list[str]:
        """The title's and every passage's words (see :func:`zehn.agent.lemmas.words`)."""
        return words(f"{self.info.title}\n{self.joined}")

    @cached_property
    def index(self) -> TextIndex:
        """The title and every passage, for name look-ups."""
        return text_index(f"{self.info.title}\n{self.joined}")


def _frames(view: DocView) -> dict[tuple[str, str], tuple[str, ...]]:
    """A document's list-item words by (passage id, sentence id), filled as :meth:`DocView.framed` reads them (each
    entry a function of the document alone, never changed once there)."""
    return {}


# The documents about a question, read on first call (only a reader that gets past its own checks pays for them).
Views = Callable[[], tuple[DocView, ...]]


@dataclass(frozen=True)
class Retrieved:
    paths: tuple[PathRow, ...]
    documents: tuple[DocView, ...]
    vectors: tuple[np.ndarray, ...]  # the question's, then each ask's
    unmentioned: tuple[str, ...] = ()  # names of the question that no document mentions at all
    further: tuple[DocView, ...] = ()  # the next FURTHER documents the search read, for the "which <kind>" reader


def walk(analysis: Analysis, subjects: Subjects, dispatcher: Dispatcher) -> tuple[PathRow, ...]:
    end = subjects.subject
    if end is None or end.entity is None or not end.recorded or analysis.route not in WALKS:
        return ()
    if analysis.route == "yes_no" and analysis.rel_type not in DEPENDENCY_RELS:
        query, depth = "entity_profile", None
    else:
        query, depth = WALKS[analysis.route]
    args: dict[str, object] = {"entity_id": end.entity.id}
    if depth is not None:
        args["depth"] = depth
    return tuple(dispatcher.walk(query, args))


def _mentioning(subjects: Subjects, dispatcher: Dispatcher) -> list[str]:
    end = subjects.subject
    if end is None or end.entity is None:
        return []
    found = dispatcher.found("documents_mentioning", {"entity_id": end.entity.id})
    return [str(r["document_id"]) for r in found.rows] if found else []


def documents(analysis: Analysis, subjects: Subjects, dispatcher: Dispatcher, similarity: Similarity,
              keep: int = DOCUMENTS) -> tuple[tuple[DocView, ...], tuple[np.ndarray, ...]]:
    asks = list(dict.fromkeys(a.text for a in analysis.asks))[:7]
    similarity.start(asks)  # the asks' vectors are needed only to read the documents: embedded while searching
    # The reads that need no vector run first, while the question is still being embedded in the background (on a
    # first ask the search below waited ~14 ms for its vector, tune questions); they are merged after the search's
    # documents in the same order as before, so the ranking is the same.
    names = question_names(analysis)
    named = named_documents(names, dispatcher.mentions)
    # The documents whose passages hold the question's rare words, wherever they are (zehn.agent.corpus_words):
    # read and ranked with the rest on what is read, never placed by that score.
    rare = dispatcher.corpus_documents(analysis.question)
    mentioning = _mentioning(subjects, dispatcher)
    found = similarity.texts([analysis.question])
    hits = dispatcher.passages(analysis.question, SEARCH_K, [float(x) for x in found[0]] if found else None)
    nearest: dict[str, float] = {}
    for hit in hits:
        nearest[hit.document_id] = max(nearest.get(hit.document_id, 0.0), hit.similarity or 0.0)
    shares = hit_words(hits)
    scores = {d: nearest.get(d, 0.0) + shares.get(d, 0.0) for d in {h.document_id for h in hits}}
    scores.update((d, 0.0) for d in named if d not in scores)
    scores.update((d, 0.0) for d in rare if d not in scores)
    ranked = sorted(scores, key=lambda d: (d not in mentioning, -scores[d], d))
    if mentioning and not any(d in mentioning for d in ranked[:DOCUMENTS]):
        ranked = [mentioning[0], *ranked]
    vectors = tuple(similarity.texts([analysis.question, *asks]))
    reads = _Reads(dispatcher, [[float(x) for x in v] for v in vectors])
    read = reads.documents(ranked)
    about = subject_shares(analysis.question, read, similarity.matches)
    if vectors:
        referred = reference_shares(referred_words(analysis.parse), read, similarity.matches)
        scores = exact_scores(read, analysis.question, names, about, referred)
    # Ordered by the score less the length discount, plus a standing page's lift; each view keeps its score (the
    # near-document shares in zehn.agent.bind_passages and zehn.agent.supporting compare it, and were chosen on it).
    read.sort(key=lambda r: (r[0].id not in mentioning, length_discount(len(r[1])) - scores.get(r[0].id, 0.0)
                             - standing_lift(analysis, r[0]), r[0].id))
    links = partial(_linked, reads)
    views = [DocView(info, tuple(passages), scores.get(info.id, 0.0), info.id in mentioning,
                     partial(reads.sentences, info.id), links, about.get(info.id, 0.0), dispatcher.memo(info.id))
             for info, passages in read[:keep]]
    return tuple(views), vectors


class _Reads:
    """One turn's whole-document reads, by document id: a document read for the question and again as one linked
    to another (its passages with the same vectors, its sentences) is read from the graph once."""

    def __init__(self, dispatcher: Dispatcher, vectors: list[list[float]]) -> None:
        self.dispatcher = dispatcher
        self.vectors = vectors
        self._documents: dict[str, tuple[DocumentInfo, list[DocPassage]]] = {}
        self._sentences: dict[str, list[Sentence]] = {}

    def documents(self, ids: list[str]) -> list[tuple[DocumentInfo, list[DocPassage]]]:
        """As :meth:`Dispatcher.documents` reads them (the ready ones, in ``ids`` order); those read before are not
        read again."""
        missing = [d for d in ids if d not in self._documents]
        for at in range(0, len(missing), MAX_DOCUMENTS):  # document_passages' own limit
            self._documents.update((info.id, (info, passages)) for info, passages
                                   in self.dispatcher.documents(missing[at:at + MAX_DOCUMENTS], self.vectors))
        return [self._documents[d] for d in ids if d in self._documents]

    def sentences(self, document_id: str) -> list[Sentence]:
        if document_id not in self._sentences:
            self._sentences[document_id] = self.dispatcher.sentences(document_id)
        return self._sentences[document_id]


def _linked(reads: _Reads, view: DocView) -> list[DocView]:
    """The documents linked to ``view`` by shared tracker keys, read as retrieved ones are (one level, no links)."""
    ids = linked_ids(view.info.id, view.joined, reads.dispatcher.mentions)
    return [DocView(info, tuple(passages), exact_nearest(passages), False, partial(reads.sentences, info.id),
                    memo=reads.dispatcher.memo(info.id)) for info, passages in reads.documents(ids)]


def hit_words(hits: list[PassageHit]) -> dict[str, float]:
    """Each document's share of the full-text list's reciprocal ranks (a first, approximate ranking)."""
    out: dict[str, float] = {}
    for hit in hits:
        out[hit.document_id] = out.get(hit.document_id, 0.0) + hit.fulltext
    return out


def unmentioned(analysis: Analysis, views: tuple[DocView, ...], dispatcher: Dispatcher) -> tuple[str, ...]:
    """The question's names (hyphenated words, identifiers) that no ready document mentions: first looked for in
    the documents just read, then in every passage (``passages_mentioning_each``, all of them in one query). A name
    no document mentions is a thing the documents cannot speak about ("a system that exists nowhere")."""
    asked = [*analysis.names, *analysis.anchors, *(n for a in analysis.asks for n in a.names)]
    names = [n for n in dict.fromkeys(asked) if not comparison(n)]
    # A view's index is built on first look-up; the names no view mentions are looked up in one query.
    pending = [n for n in names if not any(v.index.mentions(n, " " in n) for v in views)]
    found = dispatcher.mentions(pending) if pending else {}
    out = []
    for name in pending:
        held = found.get(name, [])
        # An identifier must be there as written; a hyphenated name's words need only meet in one passage (a
        # question may write "embedding-catalog" for a document's "embedding catalog"... or "catalog of models").
        exact = name in analysis.anchors
        if not held or (exact and not any(TextIndex(text).mentions(name, " " in name) for _, text in held)):
            out.append(name)
    return tuple(out)


def retrieve(analysis: Analysis, subjects: Subjects, dispatcher: Dispatcher, similarity: Similarity) -> Retrieved:
    paths = walk(analysis, subjects, dispatcher)
    if paths:
        return Retrieved(paths, (), ())
    read, vectors = documents(analysis, subjects, dispatcher, similarity, DOCUMENTS + FURTHER)
    views = read[:DOCUMENTS]
    return Retrieved(paths, views, vectors, unmentioned(analysis, views, dispatcher), read[DOCUMENTS:])
