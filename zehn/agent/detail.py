"""The detail an answer's summary leaves out, read from the rest of its document in what is left of the word budget.

Enterprise documents state one thing twice: a summary section ("Root cause", "Resolution") in a sentence or two,
and the detail in the comments, the timeline or the investigation notes ("Pushed fix: set X, import Y from Z, ...").
An answer bound to the summary is short and leaves most of the word budget unread, while the numbers, names and
steps a reader asks for sit in the detail. So an answer well under :data:`DETAIL_TARGET` cited words is followed by
the document's other lines that restate it: lines that hold one of the question's own words and at least
:data:`DETAIL_TERMS` of the question's and the answer's words together, most first, while they fit. Words half the
passages hold (the document's topic) do not count towards those: they tell no restatement from a line that merely
follows it. Timestamped log records and headings alone are passed over, and a line is never cited twice.

Front matter is never cited as an answer's context: an ask bound to a front-matter key ("owner_team") keeps that
line, but the keys around it (title, authors, source paths) state nothing that was asked and spend the budget of
the lines that do.
"""

from __future__ import annotations

from dataclasses import replace

from spacy.lang.en.stop_words import STOP_WORDS

from zehn.agent.bound import Bound, Finding
from zehn.agent.extent import asks_back, overlaps
from zehn.agent.lemmas import words
from zehn.agent.retrieve import DocView, Retrieved
from zehn.agent.rows import Sentence
from zehn.agent.situation import leveled_log

DETAIL_TARGET = 200  # cited words an answer is filled up to (the budget's cap, 250, is left to the asks' own lines)
DETAIL_TERMS = 3  # distinct question or answer words a line must hold to restate the answer (two are chance)
MIN_LINE_WORDS = 4  # a shorter line is a title or a label ("Impact", "Owner: SRE"): it restates nothing
_SUFFIXES = ("ing", "ed", "es", "s")


def _stem(word: str) -> str:
    """A word without its inflection ("stepped" and "step", "imports" and "import" match), by spelling: read for
    every line of a document, so no parse and no vectors."""
    word = word.removesuffix("'s")
    if word.endswith(("ies", "ied")) and len(word) > 5:  # "retries", "retried", "retry"
        return word[:-3] + "y"
    for end in _SUFFIXES:
        if word.endswith(end) and len(word) - len(end) >= 4:
            word = word[:-len(end)]
            break
    word = word[:-1] if len(word) > 4 and word[-1] == "e" else word  # "rotate", "rotated": "rotat"
    return word[:-1] if len(word) > 4 and word[-1] == word[-2] else word


def content_stems(text: str) -> frozenset[str]:
    """The stems of the text's content words (no stop words, no bare numbers or punctuation)."""
    parts = (p.strip("?!") for w in words(text) for p in w.split("="))  # "retries=2" names the setting "retries"
    return frozenset(_stem(p) for p in parts if p not in STOP_WORDS and any(c.isalpha() for c in p))


def _topic(view: DocView) -> frozenset[str]:
    """Stems at least half of the document's body passages hold: its topic, not what one line adds."""
    bodies = [content_stems(p.body) for p in view.passages if p.kind == "section"]
    counts: dict[str, int] = {}
    for body in bodies:
        for stem in body:
            counts[stem] = counts.get(stem, 0) + 1
    return frozenset(s for s, n in counts.items() if len(bodies) > 1 and 2 * n >= len(bodies))


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


def detail_lines(question: str, answer: tuple[Sentence, ...], view: DocView, taken: list[Sentence],
                 budget: int) -> tuple[Sentence, ...]:
    """The document's lines, not yet cited, that restate the question and its answer (see the module), most
    restating first, while their words fit ``budget``; in document order."""
    if budget <= 0:
        return ()
    topic = _topic(view)
    question_stems = content_stems(question)
    asked = question_stems - topic
    said = frozenset(s for line in answer for s in content_stems(line.text)) - topic
    scored: list[tuple[int, int, Sentence]] = []
    for line in view.sentences:
        if overlaps(line, taken) or line.kind != "sentence" or len(line.text.split()) < MIN_LINE_WORDS or \
                asks_back(line) or leveled_log(line.text) or heading_only(line.text):
            continue
        stems = content_stems(line.text)
        held = stems & (asked | said)
        if stems & question_stems and len(held) >= DETAIL_TERMS:
            scored.append((len(held), len(stems & asked), line))
    chosen: list[Sentence] = []
    left = budget
    for _, _, line in sorted(scored, key=lambda x: (-x[0], -x[1], x[2].start)):
        size = len(line.text.split())
        if size <= left and not overlaps(line, chosen):
            chosen.append(line)
            left -= size
    return tuple(sorted(chosen, key=lambda s: s.start))


def detailed(question: str, bound: Bound, view: DocView | None) -> Bound:
    """``bound`` without front-matter context, and with the detail of its answers (:func:`detail_lines`) from the
    answering document ``view`` while the answer is under :data:`DETAIL_TARGET` words."""
    if not bound.findings or view is None:
        return bound
    bound = replace(bound, findings=tuple(without_front_matter(f) for f in bound.findings))
    own = tuple(s for f in bound.findings if f.document is None for s in f.answer)
    taken = [*(s for f in bound.findings for s in f.sentences), *bound.setting]
    if not own:
        return bound
    return replace(bound, detail=detail_lines(question, own, view, taken, DETAIL_TARGET - cited_words(bound)))


def answering(bound: Bound, retrieved: Retrieved) -> DocView | None:
    """The retrieved document the answer was read from."""
    if bound.document is None:
        return None
    return next((v for v in (*retrieved.documents, *retrieved.further) if v.info.id == bound.document.id), None)
