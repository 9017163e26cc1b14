"""Who did something, read from the comment blocks of a ticket or review thread (part of stage 4, bind).

Trackers and review tools export a conversation as blocks: a header line that names the author, then the body the
author wrote, in which the author is the unwritten subject ("Rolled back the renderer to v3.2", "Mitigation
applied: throttled the export worker", "Approved."). Header shapes read here (general conventions, no names):

- a date or timestamp, a dash, the name (and a role): ``2026-02-20 20:41Z — Ana Ruiz``, or with the body on
  the same line, ``2026-02-20 20:41 — Ana Ruiz (SRE): Restarted the pods`` (or the name first, then the date);
- the name and a reporting verb: ``Ana Ruiz commented:`` / ``wrote:`` / ``replied:``;
- the name in bold, an optional bracketed date, a colon, and maybe the body on the same line:
  ``**Ana Ruiz** (2026-02-21): Approved the schema change``.

A block runs from its header to the next header, or to a section heading that is not a header. A question "who
<verb> <object>" binds to the body sentence that holds the asked verb (or a synonym) and at least half of the
asked terms, with no negation and no doer of its own ("disabled by Ana", "Ben rolled back X": the author only
reports those); the block's author is the answer, the body sentence (and the header, when the
exporter kept it in the same citable line) is the evidence. The author is given by the block's structure, not by
the sentence's words, so the hop grades ``inferred`` (``comment_author``) unless the cited text names the author
(the header line is cited beside the body when it is a citable line).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from spacy.tokens import Doc

from verify import HopGrade
from verify.lexicon import NEGATION_WORDS
from zehn.agent.bound import Bound, PathView
from zehn.agent.grading import hop, view
from zehn.agent.lemmas import LIGHT_VERBS, words
from zehn.agent.parses import Parses
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView, Views
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity

DOCUMENTS_READ = 3
MIN_SHARE = 0.5  # a body sentence must hold at least half of the asked terms (the asked verb among them)
_NAME = r"(?P<name>[A-Z][\w'’.\-]*(?: [A-Z][\w'’.\-]*){0,3}|[a-z][a-z0-9._\-]{1,30})"
_STAMP = r"\[?\d{4}-\d{2}-\d{2}(?:[ T][\d:]{4,8}(?:\s?(?:Z|UTC|[+-]\d{2}:?\d{2}))?)?\]?"
_DASH = r"\s+[—–-]{1,2}\s+"
_ROLE = r"(?:\s*\([^)\n]{1,40}\))?"  # "(SRE)", "(Support)": the author's team or role
HEADERS = (
    re.compile(rf"^{_STAMP}{_DASH}{_NAME}{_ROLE}\s*:?$"),
    re.compile(rf"^{_STAMP}{_DASH}{_NAME}{_ROLE}\s*:\s+(?P<rest>\S.*)$"),  # the body on the header's line
    re.compile(rf"^{_NAME}{_DASH}{_STAMP}\s*:?$"),
    re.compile(rf"^{_NAME}\s+(?:commented|wrote|replied|responded|said|added a comment)\b[^:\n]{{0,40}}:?$"),
    re.compile(rf"^\*\*{_NAME}\*\*\s*(?:\([^)\n]{{1,40}}\))?\s*:\s*(?P<rest>.*)$"),
)
_PERSON = re.compile(r"^[A-Z][a-z'’-]+(?: [A-Z][a-z'’.-]*)+$")  # "Ben Okafor", "Ana R." (a label word is one)
# The shared negation words, less "without", which qualifies an act ("rolled back without downtime") rather than
# denying it, plus "cannot", which whitespace splitting keeps whole.
_NEGATIONS = (NEGATION_WORDS - {"without"}) | {"cannot"}


@dataclass(frozen=True)
class Block:
    author: str
    start: int  # the header line's start (document offset; the passage start when the header is a heading)
    end: int  # the body's end


def header(line: str) -> tuple[str, int] | None:
    """(author, offset of the body in the line) when the line is a comment header."""
    text = line.strip().strip("#").strip()
    for pattern in HEADERS:
        m = pattern.match(text)
        if m is not None:
            rest = m.groupdict().get("rest")
            at = line.find(rest) if rest else len(line)
            return m.group("name").strip(), at
    return None


def _lines(doc_view: DocView) -> Iterator[tuple[str, int, int, bool]]:
    """(text, start, end, is_heading) for each passage's heading and body line, in document order."""
    for passage in sorted(doc_view.passages, key=lambda p: p.start):
        yield passage.heading.rsplit(" > ", 1)[-1], passage.start, passage.start, True
        body = passage.text[len(passage.text) - (passage.end - passage.start):]
        at = passage.start
        for raw in body.split("\n"):
            if raw.strip():
                yield raw, at, at + len(raw), False
            at += len(raw) + 1


def blocks(doc_view: DocView) -> list[Block]:
    """The comment blocks of a document, in order."""
    out: list[Block] = []
    author: str | None = None
    start = last = 0
    heading = ""
    for text, begin, end, is_heading in _lines(doc_view):
        found = header(text)
        if is_heading and found is None and text == heading:
            continue  # the same section, split into several passages
        if found is not None or is_heading:
            if author is not None:
                out.append(Block(author, start, last))
            author, start = (found[0], begin) if found is not None else (None, begin)
            heading = text if is_heading else heading
        last = max(last, end)
    if author is not None:
        out.append(Block(author, start, last))
    return out


def _negated(text: str) -> bool:
    # Whitespace-split words keep contractions whole ("didn't"), hence the suffix test beside the shared list.
    return any(w in _NEGATIONS or w.endswith("n't") for w in words(text))


def _someone_else(parse: Doc, predicate: str, author: str) -> bool:
    """The act has a doer of its own in the sentence ("policy disabled by Ana", "Ben rolled back X"): the author
    reports it, the author did not do it."""
    for verb in (t for t in parse if t.lemma_.casefold() == predicate):
        for c in verb.children:
            if c.dep_ == "agent" and any(g.dep_ == "pobj" for g in c.children):
                return True
            name = " ".join(t.text for t in c.subtree)
            if c.dep_ == "nsubj" and (c.ent_type_ == "PERSON" or _PERSON.match(name)) and \
                    name.casefold() not in author.casefold():
                return True
    return False


def bind_comment(analysis: Analysis, views: Views, similarity: Similarity,
                 parses: Parses) -> Bound | None:
    """The author of the comment block whose body states the asked act, or None when no body does."""
    ask = analysis.asks[0]
    if ask.answer_type != "agent" or not ask.predicate or ask.predicate in LIGHT_VERBS or analysis.subject is None:
        return None
    terms = list(dict.fromkeys((ask.predicate, *ask.core)))
    documents = views()
    found: list[tuple[int, int, Block, Sentence]] = []
    for rank, doc_view in enumerate(documents[:DOCUMENTS_READ]):
        for block in blocks(doc_view):
            for sentence in doc_view.sentences:
                if sentence.kind == "metadata" or not block.start <= sentence.start < block.end or \
                        _negated(sentence.text):
                    continue
                own = words(sentence.text)
                said = similarity.matches(terms, own)
                if ask.predicate not in said and not similarity.synonym(ask.predicate, own):
                    continue
                said.add(ask.predicate)
                if len(said) >= MIN_SHARE * len(terms) and not _someone_else(parses.of([sentence])[sentence.id],
                                                                             ask.predicate, block.author):
                    found.append((len(said), -rank, block, sentence))
    if not found:
        return None
    best = max((f[0], f[1]) for f in found)
    paths: list[PathView] = []
    for _, rank, block, sentence in (f for f in found if (f[0], f[1]) == best):
        cited = [s for s in (_header_line(documents[-rank], block), sentence) if s is not None]
        cited = list({s.id: s for s in cited}.values())
        named = any(block.author.casefold() in s.text.casefold() for s in cited)
        graded = HopGrade("source_backed" if named else "inferred", ("comment_author",), sentence.id)
        rel = analysis.rel_type or ask.predicate.upper()
        paths.append(view(block.author, block.author, (block.author, analysis.subject.name),
                          [hop(block.author, rel, analysis.subject.name, graded, sentence, "question")], [*cited]))
    return Bound(paths=tuple(paths), document=documents[-best[1]].info)


def _header_line(doc_view: DocView, block: Block) -> Sentence | None:
    """The citable line that holds the block's header (exporters keep some headers in a line of their own, merge
    some into the body's first sentence, and leave short ones uncitable)."""
    return next((s for s in doc_view.sentences if s.kind != "metadata" and s.start <= block.start <= s.end + 3
                 and block.author.casefold() in s.text.casefold()), None)
