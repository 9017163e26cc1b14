"""Completing what an answer cites, in what is left of the word budget: the rest of a list it cites part of, the
lines right next to a cited one that carry its statement on (:mod:`zehn.agent.cited_neighbours`), and the rest of a
cited line that states an ask nothing was bound to.

The answer's lines are chosen one by one (each ask's extent, the situation, the detail that restates it), so a list
can be cited in part: the situation takes the first action item and the detail the second, and the third, that
the question counted ("how many follow-ups, and who owns each"), is left out though the words were there. A writer
makes a list one statement: an answer that cites two of its items cites the rest of them, when all of them fit.

A paragraph written on one line often says what happened and how it ended in two sentences ("On <date> X failed
after the upgrade. Reverting the change put it right."): the first is cited as the situation, the
second states the ask that nothing was bound to, and the answer says that ask is not established. So the other
sentences of a cited line that hold one of an unbound ask's own words are cited too.

Only the answering document's lines are read, and only body sentences (no front matter, no heading alone); what is
added is cited with the answer's other detail (``Bound.detail``), so nothing here changes which document answers
or whether the question is answered.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from zehn.agent.bound import Bound
from zehn.agent.cited_neighbours import neighbours
from zehn.agent.detail import content_of, heading_only
from zehn.agent.extent import overlaps
from zehn.agent.line_mates import line_mates
from zehn.agent.list_items import Line, lines
from zehn.agent.parses import Parses
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage, Sentence
from zehn.agent.situation import WORD_BUDGET

# Items of one list an answer must already cite before the rest is cited with them: one cited item is an answer
# found in a list (the extent decides how much of it to take); two are the list read in part. Chosen on tune halves:
# from one item, the studied sets (public, facts5, facts7, para) gained two questions, but the sets only measured
# (facts2, facts3, facts4, facts6, facts8, para2) gained none and their median answer grew by 17 cited words.
FINISH_FROM = 2


@dataclass(frozen=True)
class _List:
    items: tuple[tuple[int, int], ...]  # document range of each item: its line and the lines nested under it


def _lists(passage: DocPassage) -> list[_List]:
    """The passage's flat lists: runs of item lines of one indent and the blank lines between them (a loose list),
    ended by a blank line not followed by a sibling item, or by a line as little indented that is no item. A list
    whose items have lines nested under them is left out: its items are records of their own ("1. Fix X" with its
    owner, ticket and target), each another action, not parts of one statement."""
    found = lines(passage)
    out: list[_List] = []
    n = 0
    while n < len(found):
        if not found[n].item:
            n += 1
            continue
        items, n, nested = _run(found, n)
        if not nested:
            out.append(_List(tuple(items)))
    return out


def _run(found: list[Line], first: int) -> tuple[list[tuple[int, int]], int, bool]:
    """The items of the list that starts at line ``first``, the index of the line after it, and whether any item
    has lines nested under it."""
    indent = found[first].indent
    items: list[tuple[int, int]] = []
    n, nested = first, False
    while n < len(found):
        line = found[n]
        if line.blank:
            after = next((x for x in found[n + 1:] if not x.blank), None)
            if after is None or not (after.item and after.indent == indent):
                break
        elif line.item and line.indent == indent:
            items.append((line.start, line.end))
        elif line.indent > indent and items:
            items[-1] = (items[-1][0], line.end)
            nested = True
        else:
            break
        n += 1
    return items, n, nested


def _words(sentences: list[Sentence]) -> int:
    return sum(len(s.text.split()) for s in sentences)


def _body(sentence: Sentence) -> bool:
    return sentence.kind == "sentence" and not heading_only(sentence.text)


def _in(sentence: Sentence, span: tuple[int, int]) -> bool:
    return sentence.start < span[1] and sentence.end > span[0]


def list_rest(view: DocView, cited: list[Sentence], left: int) -> list[Sentence]:
    """The sentences of the other items of every list of which ``cited`` holds at least :data:`FINISH_FROM` items,
    a list at a time, when all of that list's rest fits in ``left`` words."""
    added: list[Sentence] = []
    for passage in view.passages:
        if not any(passage.start <= s.start < passage.end for s in cited):
            continue
        for found in _lists(passage):
            held = [span for span in found.items if any(_in(s, span) for s in cited)]
            if len(held) < FINISH_FROM or len(held) == len(found.items):
                continue
            rest = [s for span in found.items if span not in held for s in view.in_passage(passage)
                    if _in(s, span) and _body(s) and not overlaps(s, [*cited, *added])]
            rest = list({s.id: s for s in rest}.values())
            if rest and _words(rest) <= left:
                added += rest
                left -= _words(rest)
    return added


def _asked(ask: Ask) -> frozenset[str]:
    """An unbound ask's asked words: its asked thing's (``Ask.focus_terms``), its core's when it names none."""
    return frozenset(t.lower() for t in ask.focus_terms or ask.core)


def unbound_mates(bound: Bound, view: DocView, cited: list[Sentence], left: int, parses: Parses
                  ) -> list[Sentence]:
    """The other sentences of cited lines that hold a word of an unbound ask's asked thing (``Ask.focus_terms``:
    "server-side change", "team"; its core when it names none), while they fit ``left`` words, in document order.
    The clause's other words set the scene ("what stopgap did Support and SRE use", "which GPU did the latency
    regression affect"): a line-mate that names the same team or the regression says nothing of the stopgap or
    the GPU."""
    asked = frozenset().union(*(_asked(ask) for ask in bound.missing))
    if not asked:
        return []
    body = [s for s in view.sentences if _body(s)]
    mates = line_mates(body, view.passages, covered=True)
    pool = list({m.id: m for s in cited for m in mates(s) if not overlaps(m, cited)}.values())
    lemmas = parses.lemmas(pool)
    chosen: list[Sentence] = []
    for mate in sorted(pool, key=lambda s: s.start):
        size = len(mate.text.split())
        if content_of(lemmas[mate.id]) & asked and size <= left and not overlaps(mate, chosen):
            chosen.append(mate)
            left -= size
    return chosen


def completed(bound: Bound, view: DocView | None, parses: Parses) -> Bound:
    """``bound`` with the rest of the lists it cites in part (:func:`list_rest`) and the line-mates that state an
    unbound ask (:func:`unbound_mates`), from the answering document ``view``, while the words fit the budget."""
    if not bound.findings or view is None:
        return bound
    every = {s.id: s for f in bound.findings for s in f.sentences} | {s.id: s for s in (*bound.setting,
                                                                                            *bound.detail)}
    cited = [s for s in every.values() if s.document_id == view.info.id]
    left = WORD_BUDGET - _words(list(every.values()))
    if left <= 0 or not cited:
        return bound
    added = list_rest(view, cited, left)
    added += neighbours(view, [*cited, *added], left - _words(added))
    mates = unbound_mates(bound, view, [*cited, *added], left - _words(added), parses)
    added += mates
    if not added:
        return bound
    return replace(bound, detail=tuple(sorted({s.id: s for s in (*bound.detail, *added)}.values(),
                                              key=lambda s: s.start)), named=named_asks(bound.missing, mates, parses))


def named_asks(missing: tuple[Ask, ...], mates: list[Sentence], parses: Parses) -> tuple[Ask, ...]:
    """The unbound asks whose asked words (as :func:`unbound_mates` reads them) one of ``mates`` holds."""
    if not mates:
        return ()
    lemmas = parses.lemmas(mates)
    held = frozenset().union(*(content_of(lemmas[m.id]) for m in mates))
    return tuple(a for a in missing if held & _asked(a))
