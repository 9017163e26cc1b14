"""How much of a document an answer cites around the sentence its ask was bound to (part of stage 4, bind).

Writers put one statement in one paragraph: the sentences of the bound sentence's block (a paragraph, a whole list,
a speaker's turn of a transcript; blocks are separated by blank lines) continue what it says, so they come first.
A sentence of another block of the same section is a neighbour, not a continuation: it is cited only when it is
itself about the ask (``about``: it holds one of the ask's terms), so the word budget goes to the sentences that
cover the ask and not to the turns, items or paragraphs that merely follow it.

Order: the bound sentence, the rest of its line (:mod:`zehn.agent.line_mates`: a message, a paragraph written on one
line), the rest of its list item, the rest of its block (after it, then before it; a block ending in a colon takes
the next one, the list it announces), then the other blocks' sentences (after, then before), each followed by its
line-mates that hold some of the question, while the words fit the budget. Those neighbours stop at the next
titled part of a document written without markup headings and at the next action item of a list, and a paragraph
that runs labelled fields together is read as its fields ("Summary: ... Security: ..."): the answer's own field is
its block (:mod:`zehn.agent.sibling_parts`).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable
from functools import lru_cache

from spacy.tokens import Doc

from extraction.line_breaks import paragraph_starts, stored_lines
from zehn.agent.clause_shapes import NO_ANSWER
from zehn.agent.focus import KIND_WORDS, heading_words
from zehn.agent.lemmas import LIGHT_VERBS, lemmas_of, words
from zehn.agent.line_mates import line_mates, with_mates
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, Sentence
from zehn.agent.sentence_binding import Scored, core_terms
from zehn.agent.sibling_parts import field_runs, other_items, titled_part
from zehn.agent.similarity import Similarity
from zehn.agent.whole_asks import YES_NO_OPENERS

_LEAD = re.compile(r"^[\s*_>#-]*(?:\d+[.)]\s*|q\s*:\s*)?[\s*_]*", re.IGNORECASE)  # "1. ", "- ", "**Q: "
About = Callable[[Sentence], bool]
SECTION_LINES = 3  # lines of a section read, in order, until one binds


def block_of(passages: tuple[DocPassage, ...], sentence: Sentence) -> tuple[int, int]:
    """(passage, block) the sentence opens in: blocks of a passage's body are separated by blank lines (a list or a
    table has none inside it and stays one block; so does a chat log of one line per message). A first sentence
    stored with its heading line ("## Root cause\nA regression in ...": no blank line between them) starts before
    the passage's body but is the opening of its first block."""
    for n, p in enumerate(passages):
        if p.start <= sentence.start < p.end or sentence.start < p.start < sentence.end:
            ends = _blank_ends(p.body, p.escaped)
            if ends is None or not p.aligned:
                return n, 0  # text that is not heading + body: the passage is one block
            return n, bisect_right(ends, max(sentence.start, p.start) - p.start)
    return -1, sentence.start


@lru_cache(maxsize=2048)
def _blank_ends(body: str, escaped: bool) -> tuple[int, ...] | None:
    """Where each blank line of a passage's body ends (offsets into the body; written out too on an exported body's
    line), found once per passage: every sentence the extent weighs asks for its block. None when the body is
    empty."""
    return tuple(paragraph_starts(body, stored_lines(body, escaped))) if body else None


def extent(best: Sentence, pool: list[Sentence], budget: int, item: list[Sentence] | None = None,
           passages: tuple[DocPassage, ...] = (), about: About | None = None,
           carries: Callable[[Sentence], int] | None = None) -> tuple[Sentence, ...]:
    """The best sentence, the rest of its list item (``item``), the rest of its block, then the sentences of other
    blocks that are ``about`` the ask (every one when ``about`` is None), after it and then before it, while the
    words fit the budget. Without ``passages`` the pool is one block. ``carries``: how much of the question a line
    holds; the block's lines that hold more come first (a block states the conclusion in one line and the detail
    the question names in another, not always next to it), the nearest first among equals."""
    chosen = [best]
    count = len(best.text.split())
    if best not in pool:
        return (best,)
    at = pool.index(best)
    first = [s for s in item or () if s in pool and s.id != best.id]
    order = [s for s in [*pool[at + 1:], *reversed(pool[:at])] if s not in first]
    if passages and about is not None:  # neighbours stop at the next titled part and at the next action item
        in_part = titled_part(best, pool, passages, lambda s: block_of(passages, s))
        sibling = other_items(best, passages)
        order = [s for s in order if in_part(s) and not sibling(s)]
    homes = _announced(best, pool, passages) if passages else None
    own = [s for s in order if homes is None or block_of(passages, s) in homes]
    fields = field_runs(pool, passages) if passages and about is not None else {}
    if best.id in fields and about is not None:  # another field of a run ("Scope: ...") only when about the ask
        own = [s for s in own if fields.get(s.id, fields[best.id]) == fields[best.id] or about(s)]
    if carries is not None:  # the block's lines that carry more of the question first, else the nearest
        own.sort(key=lambda s: -carries(s))
    rest = [s for s in order if s not in own and (about is None or about(s))]
    ranked = [*first, *own, *rest]
    line = line_mates(pool, passages)

    def mates(s: Sentence) -> list[Sentence]:  # one statement per field of a field run; a question states none
        return [m for m in line(s) if fields.get(m.id) == fields.get(s.id) and not asks_back(m)]

    def carrying(s: Sentence) -> list[Sentence]:  # a neighbour's line-mates that hold some of the question too
        return [m for m in mates(s) if carries is not None and carries(m) > 0]
    # The rest of the best sentence's own line first, in the order its block ranks them.
    home = sorted(mates(best), key=lambda m: ranked.index(m) if m in ranked else len(ranked))
    for neighbour, mate in [*((m, True) for m in home), *with_mates(ranked, carrying)]:
        if overlaps(neighbour, chosen):  # a line stored both whole and as its sentences is read once
            continue
        size = len(neighbour.text.split())
        if count + size > budget:
            if mate:  # a line's further sentence that does not fit: the next neighbour may
                continue
            break
        chosen.append(neighbour)
        count += size
    return tuple(sorted(chosen, key=lambda s: s.start))


def overlaps(sentence: Sentence, chosen: list[Sentence]) -> bool:
    """The sentence shares characters with one already chosen (the same text under two evidence rows)."""
    return any(sentence.start < c.end and c.start < sentence.end for c in chosen)


def _announced(best: Sentence, pool: list[Sentence], passages: tuple[DocPassage, ...]) -> set[tuple[int, int]]:
    """The best sentence's block, and the block after each one that ends in a colon ("keyed by the following
    dimensions:"): a lead line and the list it announces are one statement."""
    blocks: dict[tuple[int, int], list[Sentence]] = {}
    for s in sorted(pool, key=lambda s: s.start):
        blocks.setdefault(block_of(passages, s), []).append(s)
    keys = list(blocks)
    home = block_of(passages, best)
    out = {home}
    at = keys.index(home) if home in keys else len(keys)
    while at + 1 < len(keys) and blocks[keys[at]][-1].text.rstrip(" *_").endswith(":"):
        at += 1
        out.add(keys[at])
    return out


def section_sentences(view: DocView, passage: DocPassage, used: set[str]) -> list[Sentence]:
    """The body sentences of every passage under the same heading (a section cut into several passages)."""
    spans = [(p.start, p.end) for p in view.passages if p.heading == passage.heading and p.kind == passage.kind]
    return [s for s in view.sentences if (s.id not in used or s.start == passage.start) and
            any(s.start < b and s.end > a for a, b in spans) and (s.kind == "sentence" or passage.kind == "metadata")]


def section_line(ask: Ask, candidates: list[Sentence], heading: str, similarity: Similarity) -> list[Sentence]:
    """The lines a section that names the asked kind is bound by, best first: its first, unless a later one holds a
    word that says which one of the kind is asked (the focus's modifiers: "*long-term* fix", "*short-term*
    mitigation") and the heading does not ("Immediate mitigation" heads lines that are all immediate), as a section
    stating several remedies labels each ("Long-term fix shipped: ..."). A section of questions with their answers
    (an FAQ, a five-whys chain) is bound by the question that holds most of the ask's core terms. The next lines
    follow in case the first binds nothing (a note on the section itself: "Not for sharing with the customer.")."""
    which = tuple(w for w in words(ask.focus) if w != ask.focus_head and w not in KIND_WORDS)
    said = [*words(heading.rsplit(" > ", 1)[-1]), *heading_words(heading)]
    which = tuple(w for w in which if w not in similarity.matches(which, said))
    named = [c for c in candidates if which and similarity.matches(which, words(c.text))]
    asked = [c for c in candidates if asks_back(c)]
    if not named and len(asked) > 1:
        terms = (*core_terms(ask), ask.predicate)
        held = [len(similarity.matches(terms, words(c.text))) for c in asked]
        named = [asked[held.index(max(held))]] if max(held) else []
    return named[:1] or candidates[:SECTION_LINES]
def asks_back(sentence: Sentence) -> bool:
    """The sentence is a question the document itself asks ("What did we do to get it built?", "Is that the
    long-term fix?"): it states nothing, and in a meeting, a thread or an FAQ its answer is the reply below it."""
    return sentence.text.rstrip(" *_\"'").endswith("?")


def asks_why(ask: Ask, sentence: Sentence, similarity: Similarity) -> bool:
    """The document asks the asked why itself ("**Q: Why not use X?**", "5. Why was that not caught?"): a question
    opening with "why" that holds at least half of the ask's core terms and its verb; the reply below states the
    reason without a causal word."""
    opening = _LEAD.sub("", sentence.text).casefold()
    if not asks_back(sentence) or not opening.startswith("why"):
        return False
    terms = (*core_terms(ask), ask.predicate)
    held = similarity.matches(terms, words(sentence.text))
    return ask.predicate in held and 2 * len(held) >= len(terms)


def asks_whether(ask: Ask, sentence: Sentence, similarity: Similarity) -> bool:
    """For "why isn't X ...", "why not X": the document asks whether X ("Are we moving the cache to Redis?"), and
    the reply that denies it states the reason with no causal word ("Not this quarter. The move needs a freeze
    window."): a yes/no question (it opens with an auxiliary, after any time stamp and speaker label) that holds two
    of the ask's core terms and every name among them (:func:`denies` reads the reply)."""
    if not ask.negated or not asks_back(sentence):
        return False
    opening = words(_TURN.sub("", sentence.text))
    if not opening or opening[0] not in YES_NO_OPENERS:
        return False
    held = similarity.matches((*core_terms(ask), *ask.names), words(sentence.text))
    return len(held) >= 2 and all(n in held for n in ask.names)


def denies(reply: Sentence) -> bool:
    """The reply opens by denying what was asked: "No, ...", "Not yet.", "Nope - ..." (after its speaker)."""
    return _DENIAL.match(_TURN.sub("", reply.text)) is not None


def reply_to(question: Sentence, sentences: list[Sentence], passages: tuple[DocPassage, ...]) -> Sentence | None:
    """The statement right after the question in its own block ("Q: ...? A: ...", "2. Why ...? The resolver ..."),
    else the first statement of the block after the question's (the next speaker's turn, the next paragraph); None
    when the section has none or the block after it asks again."""
    home = block_of(passages, question)
    later = [s for s in sentences if s.start > question.start]
    own = next((s for s in later if block_of(passages, s) == home), None)
    if own is not None and _answers(question, own):
        return own if not _unanswered(own) else None
    after = [s for s in later if block_of(passages, s) != home]
    if not after:
        return None
    block = block_of(passages, after[0])
    reply = next((s for s in after if block_of(passages, s) == block and not asks_back(s)), None)
    return reply if reply is not None and not _unanswered(reply) else None


_SPEAKER = re.compile(r"^[\s*_>]*(?P<who>[A-Z][\w.' -]{0,40}?)[*_]*:[*_]*\s")  # "**Ana:** ", "A: ", "Answer: "
# A turn's time stamp and speaker label before its words: "[10:02] Ana Ruiz: ", "**Ana:** ".
_TURN = re.compile(r"^[\s*_>]*(?:\[[\d:]+\][\s*_]*)?(?:[^\s:?*][^:?]{0,40}?[*_]*:[*_]*\s+)?")
_DENIAL = re.compile(r"(?:no|nope|nah|not|never)\b", re.IGNORECASE)
_CHAIN = re.compile(r"^\s*(?:[-+]|\*(?!\*)|\d+[.)])\s")  # "2. Why ...?" / "- Why ...?": a why-chain line


def _answers(question: Sentence, own: Sentence) -> bool:
    """The next sentence of the question's own block replies to it, not the asker going on ("Ana: Why did X stall?
    I want a root cause by Friday."): it opens with an answer label or another speaker's name, or the question is an
    FAQ entry ("Q: ...", "**Why ...?**") or a line of a numbered or bulleted why-chain, answered where it stands."""
    if asks_back(own):
        return False
    asker, speaker = _SPEAKER.match(question.text), _SPEAKER.match(own.text)
    if speaker is not None:
        return asker is None or asker["who"] != speaker["who"]
    faq = question.text.strip().startswith("**") if asker is None else asker["who"] == "Q"  # "**Why X?**"
    return faq or _CHAIN.match(question.text) is not None


def _unanswered(reply: Sentence) -> bool:
    """The reply says it has no answer ("No idea, let's check the logs.", "Root cause: TBD.")."""
    return asks_back(reply) or NO_ANSWER.search(reply.text) is not None


def about_ask(terms: tuple[str, ...], view: DocView, similarity: Similarity) -> About:
    """Whether a sentence of another block is about the ask: it states something (it is no question) and holds one
    of the ask's terms that says more than the document's topic. A term in at least half of the document's body
    passages is its topic ("reindex" in the notes of a meeting about the reindex): every paragraph holds it, so it
    tells no neighbour that continues the answer from one that merely follows it."""
    body = [set(words(p.body)) for p in view.passages if p.kind == "section"]
    # Read by spelling (the term or an inflection of it), not by the embeddings: it runs for every passage.
    forms = {t: {t, f"{t}s", f"{t}es", f"{t}d", f"{t}ed", f"{t}ing"} for t in terms}
    specific = tuple(t for t in terms if 2 * sum(bool(forms[t] & b) for b in body) < len(body))
    return lambda s: bool(specific) and not asks_back(s) and bool(similarity.matches(specific, words(s.text)))


def handed_over(sentence: Sentence, sentences: list[Sentence], passages: tuple[DocPassage, ...]) -> Sentence | None:
    """The reply to the block the sentence states something in, when that block closes by asking ("The export
    failed again last night. Ana, what happened?"): the next speaker's turn takes up what was just stated."""
    home = block_of(passages, sentence)
    block = [s for s in sentences if block_of(passages, s) == home]
    if not block or block[-1].start <= sentence.start or not asks_back(block[-1]):
        return None
    return reply_to(block[-1], sentences, passages)


def taken_up(ask: Ask, sentence: Sentence, parse: Doc, view: DocView, scored: Scored, used: set[str],
             similarity: Similarity, context: tuple[str, ...]) -> Sentence | None:
    """The reply that takes up a sentence restating the asked event in a block that closes by asking the next
    speaker (:func:`handed_over`). The sentence restates the event when it holds two of the ask's terms, one of
    them its verb unless the ask's verb is a light one ("what was the root cause of the reindex failures") or the
    parse found none."""
    held = similarity.matches((*core_terms(ask, context), ask.predicate), lemmas_of(parse))
    verb = not ask.predicate or ask.predicate in held or ask.predicate in LIGHT_VERBS
    if len(set(held) - {""}) < 2 or not verb:
        return None
    return handed_over(sentence, section_sentences(view, scored.passage, used), view.passages)
