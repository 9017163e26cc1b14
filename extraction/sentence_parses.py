"""One spaCy parse per sentence, shared by the extraction rules and the parse store.

Extraction used to parse each body chunk, and the parse store then parsed each evidence sentence again on its own
(the parse a reader at question time reads): the full pipeline ran twice over most text. Now each chunk is read in
three steps, and the second is the only full parse:

1. segment: the chunk is split into sentences by the cheap part of the pipeline only (tokenizer, identifier merge,
   the model's own sentence recogniser ``senter`` with its small private tok2vec, then the line-break rule, which
   makes list items, headings and chat lines sentences of their own as before);
2. parse: each sentence's text (trimmed as an evidence row's text is, :func:`~extraction.relations.sentence_range`)
   is parsed alone, batched, through the process's :class:`~extraction.parse_store.ParseCache`; that parse is the
   one the parse store keeps for the evidence row of that text;
3. join: the chunk is rebuilt as one ``Doc`` from those parses (``Doc.from_docs``; the whitespace between two
   sentences an unparsed token ending the first), so the rules read a chunk as before: its text and offsets, its
   sentences in order, each with the one before it ("it" after a sentence about another system).

The parser may still split a segmented sentence in two (at a dash, after a label): the rules read it as one sentence
all the same, as its evidence row is one text, and the stored parse is its own parse, cut as the parser cuts it.
Entities are the standalone parse's too.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, cast

import numpy
from spacy.attrs import SENT_START
from spacy.language import Language
from spacy.tokens import Doc

from extraction.errors import ZehnError
from extraction.nlp import ESCAPED_BREAKS, escaped_spans
from extraction.parse_store import ParseCache
from extraction.relations import sentence_range

# The components that set sentence starts without the tagger, parser or recogniser (names from extraction.nlp);
# between the recogniser and the line-break rule, :func:`within_line_ends` drops the recogniser's stray starts.
SENTER = "senter"
SEGMENTERS = ("zehn_identifiers", SENTER, "zehn_line_breaks")
# What ends a sentence inside a line, and what may close it after ("done." "(done.)" "**Done.**").
_FINAL = frozenset(".!?…")
_CLOSING = frozenset("\"')]*_”’`")
_LIST_MARKER = re.compile(r"^\s*(?:[-*+•]\s+)?(?:\d{1,3}|[A-Za-z])[.)]$")
SEGMENT_BATCH = 64
_SPACE = "SPACE"

# A chunk cut into sentences: (start, end) of each sentence's text within the chunk, in order.
Pieces = list[tuple[int, int]]
Span = tuple[int, int]


def _run(component: Any, docs: Iterable[Doc]) -> Iterator[Doc]:
    if hasattr(component, "pipe"):
        yield from component.pipe(docs, batch_size=SEGMENT_BATCH)
    else:
        yield from (component(doc) for doc in docs)


def segment(nlp: Language, texts: Sequence[str], breaks: Sequence[Sequence[Span]] | None = None) -> list[Pieces]:
    """Each text's sentences, as the pipeline's cheap sentence recogniser and the line-break rule cut them.
    ``breaks``: each text's escaped line breaks as its document has them (a chunk holds only part of its line)."""
    missing = [name for name in SEGMENTERS if name not in nlp.component_names]
    if missing:
        raise ZehnError(f"the spaCy pipeline lacks {', '.join(missing)}: load it with extraction.nlp.load_nlp")
    docs: Iterable[Doc] = (_made(nlp, text, None if breaks is None else breaks[n]) for n, text in enumerate(texts))
    for name in SEGMENTERS:
        docs = _run(nlp.get_pipe(name), docs)
        if name == SENTER:
            docs = (within_line_ends(doc) for doc in docs)
    return [_pieces(doc) for doc in docs]


def _made(nlp: Language, text: str, breaks: Sequence[Span] | None) -> Doc:
    doc = nlp.make_doc(text)
    if breaks is not None:
        doc.user_data[ESCAPED_BREAKS] = tuple(breaks)
    return doc


def _ends_sentence(token: Any) -> bool:
    """A token after which a new sentence may start within a line: final punctuation, maybe closed after."""
    text = token.text.rstrip("".join(_CLOSING))
    while not text and token.i > 0 and token.text[0] in _CLOSING:  # "done." ")" "**": look behind the closers
        token = token.nbor(-1)
        text = token.text.rstrip("".join(_CLOSING))
    return bool(text) and text[-1] in _FINAL


def _starts_after(before: Any, text: str, ends: frozenset[int]) -> bool:
    """Whether a sentence may start right after ``before`` (a token on the same line of ``text``, its doc's text:
    spaCy joins a Doc's text from its tokens at each ``doc.text``, so the caller reads it once per doc)."""
    if "\n" in before.text or before.idx + len(before) in ends:
        return True  # a line break: the recogniser's call, and the line-break rule's after it
    if not (before.whitespace_ or before.is_space) or not _ends_sentence(before):
        return False  # inside a word or markup ("**", "[07:30]"), or after a label's colon
    line_at = max([text.rfind("\n", 0, before.idx) + 1, *(e for e in ends if e <= before.idx)])
    line = text[line_at : before.idx + len(before)]
    return not _LIST_MARKER.match(line)  # "4. Do X": the item's number is no sentence


def within_line_ends(doc: Doc) -> Doc:
    """Keep the sentence recogniser's starts inside a line only after final punctuation and a space ("Done. Next"):
    it also starts sentences inside markup ("4. **Heading**", "[07:30] name:") and after a label's colon ("KEY-1:
    do X"), where a line stays one sentence. Starts at a line break are left to it and to the line-break rule."""
    text = doc.text
    ends = frozenset(end for _, end in escaped_spans(doc))
    for token in doc[1:]:
        if token.is_sent_start and not _starts_after(token.nbor(-1), text, ends):
            token.is_sent_start = False
    return doc


def _pieces(doc: Doc) -> Pieces:
    ranges = [r for r in (sentence_range(sent) for sent in doc.sents) if r[1] > r[0]]
    if not ranges:
        return [(0, len(doc.text))] if doc.text else []
    if ranges[0][0] > 0:  # text before the first sentence (chunks are trimmed, so only a written-out "\\n")
        ranges[0] = (0, ranges[0][1])
    return ranges


def _gap(nlp: Language, text: str) -> Doc:
    """The text between two sentences, tokenised, unparsed, continuing the sentence before it."""
    doc = nlp.make_doc(text)
    for token in doc:
        token.is_sent_start = False
        if token.is_space:
            token.pos_, token.tag_ = _SPACE, "_SP"
    return doc


def join(nlp: Language, text: str, pieces: Pieces, parses: dict[str, Doc]) -> Doc:
    """``text`` as one Doc made of its sentences' standalone parses (``parses``: by sentence text)."""
    if not pieces:
        return nlp.make_doc(text)
    docs: list[Doc] = []
    starts: list[int] = []  # token index of each piece's first token
    at = 0
    for i, (start, end) in enumerate(pieces):
        docs.append(parses[text[start:end]])
        starts.append(at)
        at += len(docs[-1])
        gap = text[end : pieces[i + 1][0] if i + 1 < len(pieces) else len(text)]
        if gap:
            docs.append(_gap(nlp, gap))
            at += len(docs[-1])
    from_docs: Any = Doc.from_docs  # spaCy's stub lacks ``exclude``: the sentence tensors differ in shape
    joined: Doc = from_docs(docs, ensure_whitespace=False, exclude=["tensor", "user_data"])
    if joined.text != text:
        raise ZehnError("sentence parses do not rebuild their chunk's text")  # a bug, never a document's fault
    # Each piece is one sentence for the rules, as its evidence row is one text, even where its own parse splits it
    # ("- **Name** — does X": the parser cuts at the dash; the stored parse keeps that cut, it is nlp(text)'s).
    flags = numpy.full((len(joined), 1), -1, dtype=numpy.int64)
    flags[starts, 0] = 1
    joined.from_array([SENT_START], cast(Any, flags.astype(numpy.uint64)))
    return joined


def chunk_parses(cache: ParseCache, texts: Sequence[str], breaks: Sequence[Sequence[Span]] | None = None
                 ) -> list[Doc]:
    """Each chunk text as one Doc of its sentences' standalone parses (one full parse per distinct sentence);
    ``breaks`` as :func:`segment` takes them."""
    nlp = cache.nlp
    cut = segment(nlp, texts, breaks)
    parses = cache.docs(text[start:end] for text, pieces in zip(texts, cut, strict=True) for start, end in pieces)
    return [join(nlp, text, pieces, parses) for text, pieces in zip(texts, cut, strict=True)]
