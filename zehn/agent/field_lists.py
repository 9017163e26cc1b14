"""A document's own front-matter field, for a question that names the document by what it is about (stage 4, bind).

Tickets, pages and retrospectives keep their tags in front-matter fields: ``components: [a, b]``,
``affected_models: [...]``, ``services: [...]``, ``team: x``, ``owner_team: x``. A question often names such a
document by its topic rather than by its key ("which components are listed on the ticket about truncated chunks
after a resume", "which team owns the serialization bottleneck retrospective"); no graph entity is named then,
and the walk either finds nothing or the document's person owner.

1. **The document**: the best retrieved document whose title the question's topic names
   (:func:`zehn.agent.components.names_document`): the subject phrase and the asked clause's terms, the words that
   only say what kind of document it is ("the ticket about", "the page on") left out.
2. **The field**: a front-matter line whose key names the asked focus ("component" -> ``components``, "team" ->
   ``owner_team``), or its plural; an impact question ("which models were affected") takes only a key that says
   affected / impacted, any other question only a key that does not. A team field answers only who owns the
   document ("which team owns the retrospective"), never who did an act in it ("which team reverted X"). Keys are
   read by the ingest's front-matter rules (:func:`extraction.frontmatter.read_key_line`).
   A subject phrase that is itself such a description ("the ticket where X") is read here before the graph walk
   (:func:`describes_document`); any other after the walk declined.
3. The answer cites that line; the document, not the line, names the subject, so the finding is ``inferred``
   (``document_subject``).
"""

from __future__ import annotations

import re

from extraction.frontmatter import read_key_line
from zehn.agent.bound import Bound
from zehn.agent.components import Part, listed, names_document
from zehn.agent.lemmas import words
from zehn.agent.question import DOCUMENT_WORDS, Analysis
from zehn.agent.retrieve import DocView, Views
from zehn.agent.similarity import Similarity

DOCUMENTS_READ = 3  # the best retrieved documents whose titles may name the subject
# Words of a field's key that make it the affected side ("affected_models", "impacted_services").
AFFECTED_WORDS = frozenset({"affected", "impacted"})
# Asked foci answered from a key naming a group (an ownership question: "which team owns ...").
GROUP_FOCI = frozenset({"team", "group", "squad", "org", "organisation", "organization", "department"})


def _topic(analysis: Analysis) -> str:
    """The words that name the document: the subject phrase's, then the asked clause's own terms (a parse often
    leaves "on the worker dropping frames" off "the postmortem"), without the focus, the verb and the words that
    only say what kind of document it is."""
    ask = analysis.asks[0]
    said = [*(words(analysis.subject.text) if analysis.subject else []), *ask.core]
    skip = DOCUMENT_WORDS | {ask.focus_head, ask.predicate}
    return " ".join(dict.fromkeys(w for w in said if w not in skip))


def _key_words(key: str) -> set[str]:
    return {w for w in re.split(r"[\s_\-]+", key.casefold()) if w}


def _key(line: str) -> str | None:
    """The key of a front-matter line that carries a value, read by the ingest's own front-matter rules."""
    read = read_key_line(line)
    return read.key if read is not None and read.values else None


def _field(doc_view: DocView, focus: str, affected: bool) -> Part | None:
    for sentence in doc_view.sentences:
        if sentence.kind != "metadata":
            continue
        key = _key(sentence.text)
        if key is None:
            continue
        said = _key_words(key)
        if {focus, focus + "s"} & said and bool(said & AFFECTED_WORDS) == affected:
            return Part(key, sentence)
    return None


def describes_document(analysis: Analysis) -> bool:
    """The subject phrase is a document described by its topic ("the ticket where X", "the page about Y"): its
    head says what kind of document it is, so no graph entity is named and the walk would resolve the kind word
    (or a modifier: "the Private ticket") instead of the document."""
    return analysis.subject is not None and analysis.subject.describes_document


def bind_field(analysis: Analysis, views: Views, similarity: Similarity) -> Bound | None:
    """The front-matter field of the titled document that names the asked focus, or None (nothing bound here)."""
    if not analysis.asks:
        return None
    focus = analysis.asks[0].focus_head
    if not focus:
        return None
    if analysis.route == "ownership" and focus not in GROUP_FOCI:
        return None  # "who owns" a document: its owner line, which the walk reads
    if analysis.route != "ownership" and focus in GROUP_FOCI:
        return None  # "which team reverted X": the team that owns the document is not the one that acted
    topic = _topic(analysis)
    if not topic:
        return None
    for doc_view in views()[:DOCUMENTS_READ]:
        if not names_document(topic, doc_view.info.title, similarity):
            continue
        found = _field(doc_view, focus, analysis.route == "impact")
        if found is not None:
            return listed(analysis, doc_view, [found])
    return None
