"""The detail an answer's summary leaves out, read from the rest of its document in what is left of the word budget.

Enterprise documents state one thing twice: a summary section ("Root cause", "Resolution") in a sentence or two,
and the detail in the comments, the timeline or the investigation notes ("Pushed fix: set X, import Y from Z, ...").
An answer bound to the summary is short and leaves most of the word budget unread, while the numbers, names and
steps a reader asks for sit in the detail. So an answer well under :data:`DETAIL_TARGET` cited words is followed by
the document's other lines that restate it: lines that hold one of the question's own words and at least
:data:`DETAIL_TERMS` of the question's and the answer's words together, most first, while they fit. Words are
compared by lemma (no stemmer of our own): the parses the turn holds, else the lemma column of those stored at
ingest (every line of the document is read, and no ``Doc`` need be rebuilt for one). Words half the passages hold
(the document's topic) do not count towards those: they tell no restatement from a line that merely follows it.
Timestamped log records and headings alone are passed over, and a line is never cited twice.

Front matter is never cited as an answer's context: an ask bound to a front-matter key ("owner_team") keeps that
line, but the keys around it (title, authors, source paths) state nothing that was asked and spend the budget of
the lines that do.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from functools import lru_cache

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc

from zehn.agent.bound import Bound, Finding
from zehn.agent.extent import asks_back, overlaps
from zehn.agent.lemmas import lemmas_of
from zehn.agent.parses import Parses
from zehn.agent.retrieve import DocView, Retrieved
from zehn.agent.rows import Sentence
from zehn.agent.situation import leveled_log

# Cited words an answer is filled up to (the budget's cap, 250, is left to the asks' own lines and to the rest of a
# list or line the answer cites in part, zehn.agent.completion). 200 until round 34: an answer citing ~200 words left
# the line that states a second fact unread (tune halves of public, facts5, facts7 and para studied: 240 carried
# more facts on three questions of three documents, 225 on none; of the sets measured only, facts2 and facts4 gained
# one question each, facts3, facts6, facts8 and para2 none, none lost any), while the median stays under the cap (it
# grows by 0 to 35 words a set).
DETAIL_TARGET = 240
DETAIL_TERMS = 3  # distinct question or answer words a line must hold to restate the answer (two are chance)
MIN_LINE_WORDS = 4  # a shorter line is a title or a label ("Impact", "Owner: SRE"): it restates nothing


def content_lemmas(parse: Doc) -> frozenset[str]:
    """The lemmas of the parse's content words (:func:`content_of`)."""
    return content_of(lemmas_of(parse))


@lru_cache(maxsize=8192)  # a sentence's lemmas are the same whenever a turn reads its document again
def content_of(lemmas: tuple[str, ...]) -> frozenset[str]:
    """The content words of folded lemmas (no stop words, no bare numbers or punctuation: "retried" and "retries"
    are "retry"; "retries=2" names the setting "retry")."""
    parts = (p.strip("?!") for lemma in lemmas for p in lemma.split("="))
    return frozenset(p for p in parts if p not in STOP_WORDS and any(c.isalpha() for c in p))


def _topic(view: DocView, lemmas: dict[str, frozenset[str]]) -> frozenset[str]:
    """Lemmas at least half of the document's body passages hold: its topic, not what one line adds."""
    bodies = [frozenset().union(*(lemmas[s.id] for s in view.in_passage(p) if s.id in lemmas))
              for p in view.passages if p.kind == "section"]
    counts = Counter(lemma for body in bodies for lemma in body)
    return frozenset(w for w, n in counts.items() if len(bodies) > 1 and 2 * n >= len(bodies))


def heading_only(text: str) -> bool:
    """The line is a Markdown heading alone ("# Outage of X"): a title names the topic every line shares."""
    return text.lstrip().startswith("#") and "\n" not in text.strip()


def cited_words(bound: Bound) -> int:
    lines = {s.id: s for f in bound.findings for s in f.sentences} | {s.id: s for s in bound.setting}
    return sum(len(s.text.split()) for s in lines.values())


def without_front_matter(finding: Finding) -> Finding:
    """The finding less its front-matter context lines (the line it was bound to stays: it was asked)."""
    kept = tuple(s for s in finding.context if s.kind != "metadata")
    return finding if len(kept) == len(finding.context) else replace(finding, context=kept)


def _candidate(line: Sentence, taken: list[Sentence]) -> bool:
    """A body line not yet cited that may restate an answer: no front matter, heading alone, question or log."""
    return line.kind == "sentence" and not overlaps(line, taken) and len(line.text.split()) >= MIN_LINE_WORDS and \
        not asks_back(line) and not leveled_log(line.text) and not heading_only(line.text)


def detail_lines(question: Doc, answer: tuple[Sentence, ...], view: DocView, taken: list[Sentence], budget: int,
                 parses: Parses) -> tuple[Sentence, ...]:
    """The document's lines, not yet cited, that restate the question (its parse) and its answer (see the module),
    most restating first, while their words fit ``budget``; in document order."""
    if budget <= 0:
        return ()
    # Lemmas alone: a line the turn never parsed is read from its stored parse's lemma column, no Doc rebuilt.
    lemmas = {i: content_of(found) for i, found in parses.lemmas((*view.sentences, *answer)).items()}
    topic = _topic(view, lemmas)
    question_lemmas = content_lemmas(question)
    asked = question_lemmas - topic
    said = frozenset().union(*(lemmas[line.id] for line in answer)) - topic
    scored: list[tuple[int, int, Sentence]] = []
    for line in (s for s in view.sentences if _candidate(s, taken)):
        held = lemmas[line.id] & (asked | said)
        if lemmas[line.id] & question_lemmas and len(held) >= DETAIL_TERMS:
            scored.append((len(held), len(lemmas[line.id] & asked), line))
    chosen: list[Sentence] = []
    left = budget
    for _, _, line in sorted(scored, key=lambda x: (-x[0], -x[1], x[2].start)):
        size = len(line.text.split())
        if size <= left and not overlaps(line, chosen):
            chosen.append(line)
            left -= size
    return tuple(sorted(chosen, key=lambda s: s.start))


def detailed(question: Doc, bound: Bound, view: DocView | None, parses: Parses) -> Bound:
    """``bound`` without front-matter context, and with the detail of its answers (:func:`detail_lines`) from the
    answering document ``view`` while the answer is under :data:`DETAIL_TARGET` words."""
    if not bound.findings or view is None:
        return bound
    bound = replace(bound, findings=tuple(without_front_matter(f) for f in bound.findings))
    own = tuple(s for f in bound.findings if f.document is None for s in f.answer)
    taken = [*(s for f in bound.findings for s in f.sentences), *bound.setting]
    if not own:
        return bound
    return replace(bound, detail=detail_lines(question, own, view, taken, DETAIL_TARGET - cited_words(bound), parses))


def answering(bound: Bound, retrieved: Retrieved) -> DocView | None:
    """The retrieved document the answer was read from."""
    if bound.document is None:
        return None
    return next((v for v in (*retrieved.documents, *retrieved.further) if v.info.id == bound.document.id), None)
