"""Stage 4 for passage questions: bind each ask to the sentences of one document that answer it.

1. **Document.** Of the retrieved documents that mention every anchor and hold every constraint
   (:mod:`zehn.agent.documents`), the one that mentions the resolved subject, then ranks first in retrieval,
   is read, with those retrieval cannot tell apart from it (within :data:`NEAR_DOCUMENT` of its score, holding most
   of the question's words it holds: :data:`zehn.agent.doc_scores.NEAR_COVERAGE`): of these,
   the one that establishes something and whose own subject holds most of the question
   (:mod:`zehn.agent.doc_subjects`), then whose bound sentences hold most of the question's words, answers (one
   document answers; they are never merged). A document behind the best-ranked one establishes something only
   when its bound sentences hold a word of the question. None -> a "which <kind>" ask is read once more in the
   documents behind them (and those the search read beyond them) for a name of that kind in lines that hold the
   asked words (:mod:`zehn.agent.kind_names`, narrow enough for retrieval's order not to decide); else nothing is
   established, and the reason says what the best document lacks.
2. **Passage per ask** (:mod:`zehn.agent.find_passage`, which does 3 and 4 as well). Each passage of the
   document is scored for the ask: its similarity to the ask and to
   the whole question (the stored passage vectors), how strongly its own heading (never the title) names the
   section role of the ask's type ("Root cause" for a cause, "Mitigation" for a fix; :mod:`zehn.agent.focus`),
   and the share of the ask's core terms (the focus, the verb and its arguments) it holds. Front-matter lines
   take part only when their key is what is asked.
3. **Sentence.** In the best :data:`TOP_PASSAGES` passages, a sentence answers when it holds a filler of the
   ask's type (:mod:`verify.fillers`) and at least one core term, while its passage holds at least
   :data:`PASSAGE_COVERAGE` of them (the asked thing is there, not merely its topic); a description or a list
   needs the focus noun itself instead of a filler (a list's lead line, "Required events:", may stand in for the
   verb; so may a heading about the asked kind over a line naming one, "## Event names":
   :mod:`zehn.agent.kind_headings`, which then ranks as a labelled line). A cause or a fix may also be bound by
   its section (a heading that names that role) or by a line labelled with it ("Likely cause: ...", which must
   say which one); such a section is bound by its first line,
   or by the line holding the focus's modifier ("*long-term* fix"); a description, by a line labelled with the
   asked thing's name ("Rollout plan: ...") or by the first line of a section headed with it ("## Cutover
   schedule") or with its act, in the ask's polarity ("Steps to reproduce", "What NOT to request":
   :mod:`zehn.agent.act_headings`). A table row is read with its header row
   (:mod:`zehn.agent.table_rows`). A question the document asks answers nothing: the first statement of the
   block after it (the reply) is bound in its place. A negated sentence does not answer a
   wh-question. A typed value whose line names another environment than the asked one, never it, is not the
   asked value (:func:`zehn.agent.documents.line_contradicts`). Of the bound sentences the one with the best
   passage and the most core terms (then of the ask's qualifiers) wins; one already cited for an earlier ask is
   passed over. A list line is read with the item it is nested under (:mod:`zehn.agent.list_items`).
4. **Extent** (:mod:`zehn.agent.extent`). The answer is that sentence, the rest of its list item and of its
   block (paragraph, list, speaker turn; its lines holding more of the question's words first), then the
   sentences of the section's other blocks that hold one of the ask's terms, after it (then before it), never past
   the next titled part or the next action item (:mod:`zehn.agent.sibling_parts`) (a line
   ending in a colon also takes the next passage: the list it announces), up to the ask's share of
   :data:`WORD_BUDGET` words; what the share leaves goes to the ask's bound lines of other sections that rank
   nearly as well (a resolution's summary and the comment that says how: :mod:`zehn.agent.restated`), and what
   is left of the budget to the sentences that state the situation the question describes
   (:mod:`zehn.agent.situation`).

An ask whose line an earlier ask's extent already cites is answered by that line, quoted again, not reported
missing. A name, a date or a number, or a thing coordinated with an earlier ask ("which fallback and release
number"), is answered first by the best line an earlier extent cites, when that line is its best.
What the asks leave of the budget first finishes a numbered list an answer's share cut short, then goes to the
situation. When the document states some asks and not others, the asks it states are bound again sharing the whole
budget (a share left to an ask the document does not state would otherwise cut the list that answers another).
An ask bound in its own sentence (or its own labelled line) grades ``source_backed``; one bound by its section
heading only, ``inferred``. Asks it does not state may come from another (:mod:`zehn.agent.supporting`).
A "which service / component <act>" ask no sentence binds this way is read for a system in the asked slot of a
sentence that states the act (:mod:`zehn.agent.system_acts`), then a "which <kind>" ask for a name of that kind
(``metrics-bundle`` for "which bundle") in a sentence that states the case (:mod:`zehn.agent.kind_names`).
"""

from __future__ import annotations

import re
from dataclasses import replace

from zehn.agent.bound import Bound, Finding
from zehn.agent.denials import ruled_out
from zehn.agent.dependent_asks import refers_back, turn_answer
from zehn.agent.doc_scores import holds_as_much
from zehn.agent.documents import judge, line_contradicts, nowhere, ranked, why_missing
from zehn.agent.find_passage import find
from zehn.agent.focus import reads_sections
from zehn.agent.kind_names import bind_kind_name, first_kind_name
from zehn.agent.lemmas import words
from zehn.agent.parses import CachedParse, Parses
from zehn.agent.question import Analysis, Ask
from zehn.agent.retrieve import DocView, Retrieved
from zehn.agent.rows import Sentence
from zehn.agent.sentence_binding import TYPED, Scored
from zehn.agent.similarity import Similarity
from zehn.agent.situation import MIN_SHARE, WORD_BUDGET, situation
from zehn.agent.supporting import supported
from zehn.agent.system_acts import bind_system_act

# Documents whose retrieval scores are within this share of the best one's are as near to the question: each is
# bound, and the one that states more of what is asked answers (chosen as "retrieval cannot tell them apart", not
# fitted: 5% of the score); at most NEAR_READ of them. Checked again once the score became similarity plus word
# match (doc_scores.exact_scores): on the tune halves (questions, facts2, nearmiss) 0.92, 0.94, 0.95 and 0.97 gave the
# same answer to every question; 1.0 (the best document only) lost a two-document answer (facts 0.513 -> 0.492).
NEAR_DOCUMENT = 0.95
NEAR_READ = 3
# A document is about the asked case when its own subject (zehn.agent.doc_subjects) holds at least this share of
# the question's words that tell the read subjects apart: most of them. Only that, not a larger share as such,
# decides among near documents: a title that shares one incidental word ("trace", "key") with the question is no
# more about it (tune halves: a finer share picked such a title over the gold ticket once).
ABOUT_SHARE = 0.5
# Of near documents, the one whose bound sentences hold more of the question's words answers only when it holds
# more than this many more: one word is what a long document (a thread of many messages, where the question's words
# recur) gains by chance over the short one retrieval ranks first for being about the asked case.
HELD_MARGIN = 1


def bind_document(analysis: Analysis, view: DocView, parses: Parses, similarity: Similarity) -> Bound:
    asks = list(dict.fromkeys(analysis.asks))
    # Terms judged elsewhere, not asked of a passage again: an entity question's subject (its document or line names
    # it), and an environment the question sets ("in production"), which the document holds by the constraint check
    # (:mod:`zehn.agent.documents`) and a typed value's line by :func:`line_contradicts`: a passage need not
    # repeat it, as a ticket's body need not repeat the environment of its front matter.
    subject = analysis.subject.terms if analysis.entity_route and analysis.subject is not None else ()
    context = (*subject, *(w for c in analysis.constraints if c.kind == "environment" for w in words(c.text)))
    if ruled := ruled_out(analysis, view, parses):
        return Bound(missing=tuple(asks), document=view.info, decline="ruled_out",
                     reason=f"not established: {view.info.title or view.info.id} says {ruled}")
    bind = _Asks(analysis, view, parses, similarity, context)
    findings, missing, used, spent = bind.each(asks)
    if findings and missing:  # the share of an ask the document does not state goes to those it does
        again = bind.each([f.ask for f in findings])
        if len(again[0]) == len(findings):
            findings, _, used, spent = again
    if not findings:
        decline, reason = why_missing(missing, view, similarity, context)
        return Bound(missing=tuple(missing), document=view.info, decline=decline, reason=reason)
    findings, used, spent = bind.finish_steps(findings, used, spent)
    setting = situation(analysis, view, used, WORD_BUDGET - spent, similarity) if not analysis.entity_route else ()
    return Bound(findings=tuple(findings), missing=tuple(missing), document=view.info, setting=setting)


class _Asks:
    """Binds a question's asks in one document, in order, each in its share of the word budget."""

    def __init__(self, analysis: Analysis, view: DocView, parses: Parses, similarity: Similarity,
                 context: tuple[str, ...]) -> None:
        self.view, self.parses, self.similarity, self.context = view, parses, similarity, context
        self.slots = {text: n + 1 for n, text in enumerate(dict.fromkeys(a.text for a in analysis.asks))}
        self.question = analysis.question
        self.constraints = analysis.constraints
        self.asked = frozenset(words(analysis.question))
        self.scores: dict[Ask, list[Scored]] = {}
        self.back = frozenset(a for a in analysis.asks if refers_back(analysis, a))  # "and what did *they* say"

    def each(self, asks: list[Ask]) -> tuple[list[Finding], list[Ask], set[str], int]:
        """The findings, the asks not stated, the sentences cited and the words they hold."""
        view, parses, similarity, context, asked = self.view, self.parses, self.similarity, self.context, self.asked
        findings: list[Finding] = []
        missing: list[Ask] = []
        used: set[str] = set()
        spent = 0
        for n, ask in enumerate(asks):
            budget = max(MIN_SHARE, (WORD_BUDGET - spent) // (len(asks) - n))  # what the asks before left, shared
            slot = self.slots.get(ask.text, 0)
            # A name, a date or a number, or a thing asked in the same phrase as an earlier one ("which fallback and
            # release number", "what staged deploy + smoke checks"), whose best line the earlier ask's extent
            # already cites is answered by that line again, not by a worse line elsewhere.
            sibling = any(f.ask.text == ask.text for f in findings)
            found = turn_answer(ask, findings, view, budget) if ask in self.back else None
            if found is None and used and (sibling or ask.answer_type in TYPED):
                found = _already_cited(ask, slot, view, parses, similarity, used, findings, context, asked, self.scores)
            if found is None:
                found = find(ask, slot, view, parses, similarity, budget, used, context, asked, scores=self.scores)
            if found is None and used:
                found = _already_cited(ask, slot, view, parses, similarity, used, findings, context, asked,
                                       self.scores)
            # every passage:
            if found is None and reads_sections(ask.answer_type, ask.focus_head, ask.predicate, ask.needed):
                found = find(ask, slot, view, parses, similarity, budget, used, context, asked, True, self.scores)
            if found is None:  # "which service checked X": a sentence whose doer is a system states the act
                found = bind_system_act(ask, self.question, view, parses, similarity, CachedParse(parses.cache), used)
            if found is None:  # "which bundle holds X": a name of that kind (metrics-bundle) where X is stated
                found = bind_kind_name(ask, self.question, view, parses, similarity, used)
            if found is not None and ask.answer_type in TYPED and line_contradicts(self.constraints, found.bound.text):
                found = None  # a value stated of another environment than the asked one ("canary", not "us-east")
            if found is None:
                missing.append(ask)
                continue
            findings.append(found)
            spent += sum(len(s.text.split()) for s in found.sentences if s.id not in used)
            used |= {s.id for s in found.sentences}
        return findings, missing, used, spent


    def finish_steps(self, findings: list[Finding], used: set[str], spent: int
                     ) -> tuple[list[Finding], set[str], int]:
        """What the asks left of the budget first finishes a numbered list an answer's share cut short ("1) ...
        2) ... 3)" of five steps), before the situation is restated: ordered steps are one procedure, and the
        question's scene is already in the question. Only the items that continue the numbering are added."""
        out: list[Finding] = []
        for finding in findings:
            numbers = [n for s in finding.answer if (n := _step_number(s.text)) is not None]
            left = WORD_BUDGET - spent
            if not numbers or left <= 0 or finding.ask.answer_type in TYPED:
                out.append(finding)
                continue
            own = {s.id for s in finding.answer}
            size = sum(len(s.text.split()) for s in finding.answer)
            wider = find(finding.ask, self.slots.get(finding.ask.text, 0), self.view, self.parses, self.similarity,
                         size + left, used - own, self.context, self.asked, scores=self.scores)
            added: list[Sentence] = []
            between: list[Sentence] = []  # an item's own further sentences, kept once the next item follows
            after = max(finding.answer, key=lambda s: s.start).start
            for line in sorted(wider.answer if wider is not None and wider.bound.id == finding.bound.id else (),
                               key=lambda s: s.start):
                if line.id in used or line.start < after:
                    continue
                number = _step_number(line.text)
                if number is None:
                    between.append(line)
                    continue
                size = sum(len(x.text.split()) for x in (*between, line))
                if number != max(numbers) + 1 or size > left:
                    break
                added += [*between, line]
                between = []
                numbers.append(number)
                left -= size
            if added:
                finding = replace(finding, answer=tuple(sorted((*finding.answer, *added), key=lambda s: s.start)))
                used |= {s.id for s in added}
                spent += sum(len(s.text.split()) for s in added)
            out.append(finding)
        return out, used, spent


# A numbered list item's opening: "3) ...", "- 3. ...", "Step 3. ...".
_STEP = re.compile(r"^\s*(?:[-*+]\s+)?(?:step\s+)?(\d{1,2})[.)]\s", re.IGNORECASE)


def _step_number(text: str) -> int | None:
    found = _STEP.match(text)
    return int(found.group(1)) if found else None


def _already_cited(ask: Ask, slot: int, view: DocView, parses: Parses, similarity: Similarity, used: set[str],
                   findings: list[Finding], context: tuple[str, ...], asked: frozenset[str],
                   scores: dict[Ask, list[Scored]]) -> Finding | None:
    """An ask whose own line an earlier ask's extent already cites ("what mitigation and what long-term fix": one
    section states both, the first ask's extent takes both): bound again with those lines readable, it is answered
    by that line, quoted once more, never reported "not established". The line an earlier ask was bound to answers
    no second ask. ``scores``: the ask's passage scores from the first reading (the same document, ask and slot:
    scored once per turn)."""
    again = find(ask, slot, view, parses, similarity, 0, set(), context, asked, scores=scores)
    if again is None or again.bound.id not in used or again.bound.id in {f.bound.id for f in findings}:
        return None
    return replace(again, answer=(again.bound,), context=())


def bind_passages(analysis: Analysis, retrieved: Retrieved, parses: Parses, similarity: Similarity) -> Bound:
    """Read the best document and those retrieval cannot tell apart from it (a document well behind it that holds
    the asked words is how wrong answers are made); an ask it does not state may come from another near one."""
    if retrieved.unmentioned:
        return Bound(reason=nowhere(retrieved.unmentioned), decline="unmentioned")
    order = ranked(analysis, retrieved, similarity)
    if isinstance(order, str):
        return Bound(reason=order, decline="document_unheld")
    best = order[0].view
    close = [j.view for j in order if j.view.mentions_subject >= best.mentions_subject and
             j.view.score >= NEAR_DOCUMENT * best.score][:NEAR_READ]
    # One holding clearly fewer of the question's words than the best-ranked one, anywhere, is a sibling about
    # another case, whatever its lines bind (doc_scores.NEAR_COVERAGE).
    near = [best, *(v for v in close[1:] if holds_as_much(analysis.question, (best.info, best.passages),
                                                          (v.info, v.passages)))]
    bounds = [bind_document(analysis, view, parses, similarity) for view in near]
    # Retrieval cannot tell these documents apart: of those that establish something, one whose own subject (its
    # title, a thread's opening message) holds most of the question is about the asked case and answers; then the
    # one whose bound sentences clearly hold more of the question's words (HELD_MARGIN), then retrieval's order.
    # A document behind the best-ranked one establishes something in its place only when its bound sentences hold
    # one of the question's words: a line bound by its type alone (a name, a heading's role) in another document
    # is another case's answer, and the best-ranked document's own reason for declining is the truer one.
    held = [_held(analysis, b, similarity) for b in bounds]
    rank = [(bool(b.findings) and (n == 0 or held[n] > 0), v.subject >= ABOUT_SHARE)
            for n, (b, v) in enumerate(zip(bounds, near, strict=True))]
    first = [n for n in range(len(bounds)) if rank[n] == max(rank)]
    most = max(held[n] for n in first)
    chosen = min(n for n in first if held[n] + HELD_MARGIN >= most)
    if not bounds[chosen].findings:
        further = [v for v in retrieved.further if judge(analysis, v, similarity).ok]  # (anchors and constraints held)
        named = _kind_named(analysis, [*(j.view for j in order if j.view not in close), *further], parses, similarity)
        if named is not None:
            return named
    slots = {t: n + 1 for n, t in enumerate(dict.fromkeys(a.text for a in analysis.asks))}
    return supported(bounds[chosen], near[chosen], [j.view for j in order], lambda ask, view, budget: find(
        ask, slots.get(ask.text, 0), view, parses, similarity, budget, set(), (), frozenset(words(analysis.question))))


def _kind_named(analysis: Analysis, others: list[DocView], parses: Parses, similarity: Similarity) -> Bound | None:
    """No near document states the one ask: a name of the asked kind ("which bundle" -> metrics-bundle) in lines
    of a document further down that hold most of the asked words is read instead (:mod:`zehn.agent.kind_names`:
    narrow enough that retrieval's order need not decide; the first such document answers), down to the documents
    the search read beyond those retrieved (:data:`zehn.agent.retrieve.FURTHER`)."""
    if len(analysis.asks) != 1:
        return None
    return first_kind_name(analysis.asks[0], analysis.question, others, parses, similarity)


def _held(analysis: Analysis, bound: Bound, similarity: Similarity) -> int:
    """How many of the question's terms the sentences the asks were bound to hold."""
    return len(similarity.matches(analysis.terms, [w for f in bound.findings for w in words(f.bound.text)]))
