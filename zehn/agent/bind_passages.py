"""Stage 4 for passage questions: bind each ask to the sentences of one document that answer it.

1. **Document.** Of the retrieved documents that mention every anchor and hold every constraint
   (:mod:`zehn.agent.documents`), the one that mentions the resolved subject, then ranks first in retrieval,
   is read. None -> nothing is established, and the reason says what the
   best document lacks.
2. **Passage per ask.** Each passage of the document is scored for the ask: its similarity to the ask and to
   the whole question (the stored passage vectors), how strongly its heading names the section role the ask's
   type lives in ("Root cause" for a cause, "Resolution" / "Mitigation" for a fix, ...; :mod:`zehn.agent.focus`),
   and the share of the ask's core terms (the focus, the verb and its arguments) it holds. Front-matter lines
   take part only when their key is what is asked.
3. **Sentence.** In the best :data:`TOP_PASSAGES` passages, a sentence answers when it holds a filler of the
   ask's type (:mod:`verify.fillers`) and at least one core term, while its passage holds at least
   :data:`PASSAGE_COVERAGE` of them (the asked thing is there, not merely its topic); a description or a list
   needs the focus noun itself instead of a filler. A cause or a fix may also be bound by its section (a heading
   that names that role). A negated sentence does not answer a wh-question. Of the bound sentences the one with
   the best passage and the most core terms wins; one already cited for an earlier ask is passed over.
4. **Extent.** The answer is that sentence and the sentences after it (then before it) in the same passage, up
   to the ask's share of :data:`WORD_BUDGET` words.

An ask bound in its own sentence grades ``source_backed``; one bound by its section heading only, ``inferred``.
"""

from __future__ import annotations

from dataclasses import dataclass

from spacy.tokens import Doc

from extraction.vocabulary import VERB_RULES
from verify.fillers import fillers
from verify.labelled import label_relation, segments
from verify.lexicon import METADATA_FIELDS
from zehn.agent.bound import Bound, Finding
from zehn.agent.documents import DocJudgement, judge
from zehn.agent.focus import KIND_NOUNS, KIND_WORDS, heading_words, roles_for, roles_of
from zehn.agent.lemmas import LIGHT_VERBS, content_terms
from zehn.agent.parses import Parses
from zehn.agent.question import Analysis, Ask
from zehn.agent.retrieve import DocView, Retrieved
from zehn.agent.rows import DocPassage, Sentence
from zehn.agent.similarity import Similarity
from zehn.answers.model import Grade

WORD_BUDGET = 250  # cited words per answer, all asks together
MIN_SHARE = 40  # an ask's share never falls below this many words
SITUATION_TERMS = 6  # a question with this many terms outside its asks describes a situation
NAMED_BUDGET = 60  # cited words for an ask whose answer is a date or a number (its sentence and a neighbour)
PASSAGE_COVERAGE = 0.5  # share of an ask's core terms its passage must hold (tuned on the tune half)
TOP_PASSAGES = 5  # passages read closely per ask (every passage for a typed ask)
ROLE_WEIGHT = 0.3
LEXICAL_WEIGHT = 0.3
QUESTION_WEIGHT = 0.5
_TYPED = frozenset({"agent", "date", "duration", "quantity", "version", "system", "identifier"})
_NAMES = frozenset({"agent", "system", "identifier"})  # answered by their own line: a neighbour names others
ALIKE = 0.05  # other lines of the best passage within this of the best line answer too
CONTEXT_BUDGET = 90  # words of the section around a named answer, cited as its context (not as the answer)


@dataclass(frozen=True)
class _Scored:
    passage: DocPassage
    score: float
    role: float
    coverage: float  # share of the ask's core terms the passage (with its heading path) holds
    names: bool  # every name among the core terms is in the passage
    document: tuple[float, bool]  # the same two for the whole document (a section-bound cause or fix)


def _cover(terms: tuple[str, ...], names: tuple[str, ...], words: list[str],
           similarity: Similarity) -> tuple[float, bool]:
    """Share of ``terms`` in ``words``, and whether every one of ``names`` (the things the ask names) is there."""
    found = similarity.matches((*terms, *names), words)
    share = len([t for t in terms if t in found]) / len(terms) if terms else 1.0
    return share, all(n in found for n in names)


def core_terms(ask: Ask, context: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The ask's core terms without the words that only name the kind of answer ("root cause", "fix", "field",
    "mitigation", its focus head and verb): those are judged by the filler and the section, the rest say which.
    ``context``: terms judged elsewhere (an entity question's subject, which its document or line names)."""
    core = ask.core or ask.terms
    kind = {ask.focus_head, ask.predicate, *context}
    if ask.answer_type in ("cause", "fix"):  # "server-side fix", "confirmed root cause": the whole phrase is the kind
        kind |= {w.casefold() for w in ask.focus.split()}
    return tuple(t for t in core if t not in KIND_WORDS and t not in kind)


def _words(text: str) -> list[str]:
    return [w for w in (t.strip(".,;:()[]{}\"'`*|") for t in text.casefold().split()) if w]


def _metadata_asked(sentence: Sentence, ask: Ask, similarity: Similarity) -> bool:
    """A front-matter line answers only when its key is what is asked ("assignee", "components", "created")."""
    found = segments(sentence.text.replace('"', ""))
    if not found:
        return False
    key = found[0].label
    return bool(similarity.matches((ask.focus_head, ask.predicate), key.replace("_", " ").split())) or \
        (label_relation(key) is not None and ask.answer_type in ("agent", "items"))


def _score(view: DocView, ask: Ask, slot: int, similarity: Similarity, context: tuple[str, ...]) -> list[_Scored]:
    roles = roles_for(ask.answer_type, ask.focus_head, ask.predicate)
    terms = core_terms(ask, context)
    names = tuple(n for n in ask.names if n not in context)
    document = _cover(terms, names, _words(f"{view.info.title}\n{view.text()}"), similarity)
    scored = []
    for p in view.passages:
        coverage, held = _cover(terms, names, _words(p.text), similarity)
        named = roles_of(p.heading)
        role = max((named.get(r, 0.0) for r in roles), default=0.0)
        ask_sim = 1.0 - p.distances[slot] if len(p.distances) > slot else 0.0
        q_sim = 1.0 - p.distances[0] if p.distances else 0.0
        score = ask_sim + QUESTION_WEIGHT * q_sim + ROLE_WEIGHT * role + LEXICAL_WEIGHT * coverage
        scored.append(_Scored(p, score, role, coverage, held, document))
    return sorted(scored, key=lambda s: (-s.score, s.passage.start))


def _in(passage: DocPassage, sentences: tuple[Sentence, ...]) -> list[Sentence]:
    """The sentences that overlap the passage (a sentence may begin with the heading above it)."""
    return [s for s in sentences if s.start < passage.end and s.end > passage.start]


def _negated(parse: Doc, hits: set[str]) -> bool:
    """A negation on the verb (or a matched word) of the sentence: "invoices were not impacted"."""
    return any(t.dep_ == "neg" and (t.head.dep_ == "ROOT" or t.head.lemma_.casefold() in hits) for t in parse)


def _bind(ask: Ask, scored: _Scored, parse: Doc, similarity: Similarity, context: tuple[str, ...],
          asked: frozenset[str] = frozenset()) -> tuple[str, int] | None:
    """How the sentence answers the ask ("filler" / "section") and how many core terms it holds, or None."""
    lemmas = [t.lemma_.casefold() for t in parse] + list(heading_words(scored.passage.heading))
    hit = similarity.matches((*core_terms(ask, context), ask.predicate), lemmas) - {""}
    if _negated(parse, hit):
        return None
    if ask.answer_type in ("cause", "fix") and scored.role >= 1.0:
        # A section that names the asked kind ("Root cause") answers for its document's topic.
        coverage, names = scored.document
        return ("section", len(hit)) if coverage >= PASSAGE_COVERAGE and names else None
    # A front-matter line is about its document and was admitted by its key: its passage need not hold the terms.
    enough = scored.passage.kind == "metadata" or (scored.coverage >= PASSAGE_COVERAGE and scored.names)
    if not enough:
        return None
    if ask.answer_type in ("cause", "fix"):
        typed = fillers(parse, ask.answer_type)
        return ("filler", len(hit)) if typed and (hit or scored.role > 0) else None
    if not hit and not _label_states(parse.text, ask):
        return None
    # The focus noun must be there, unless it only names a kind ("which change", "what steps", "which team").
    focus = not ask.focus_head or ask.focus_head in KIND_NOUNS or bool(similarity.matches((ask.focus_head,), lemmas))
    if not focus:
        return None
    if ask.answer_type in _TYPED:
        # The asked thing's own words (the focus, a content verb) or a label naming it sit beside the filler:
        # a duration in a sentence about something else is not the asked duration.
        own = (*ask.focus.casefold().split(), ask.focus_head, *([ask.predicate] if ask.predicate not in LIGHT_VERBS
                                                               else []))
        if not (similarity.matches(own, lemmas) or _label_states(parse.text, ask)):
            return None
        return ("filler", max(1, len(hit))) if _answering_fillers(parse, ask, asked) else None
    if ask.answer_type == "items" and ask.predicate not in LIGHT_VERBS and not (
            ask.predicate in hit or similarity.synonym(ask.predicate, [t.lemma_.casefold() for t in parse
                                                                       if t.pos_ in ("VERB", "ADJ")])):
        return None  # "which invoices were affected": a list of invoices that says nothing of being affected
    return ("filler", len(hit)) if content_terms(parse) else None


def _answering_fillers(parse: Doc, ask: Ask, asked: frozenset[str]) -> bool:
    """A filler of the ask's type that is not one of the question's own words (the company a question names is not
    the person it asks for); the values of a label that names the asked relation count as fillers."""
    if _label_states(parse.text, ask):
        return True
    for start, end in fillers(parse, ask.answer_type):
        words = {w.casefold() for w in parse.text[start:end].split()}
        if not words <= asked:
            return True
    return False


def ask_relation(ask: Ask) -> str | None:
    """The relation the ask names by its verb ("who owns") or its role noun ("who is the account owner")."""
    rule = VERB_RULES.get((ask.predicate, None))
    return rule[0] if rule is not None else METADATA_FIELDS.get(ask.focus_head)


def _label_states(line: str, ask: Ask) -> bool:
    """A labelled segment of the line (or a front-matter key) names the asked relation ("Owner: X", "(owner: X)",
    ``"assignee": "X"`` for "who owns / who is the assignee")."""
    relation = ask_relation(ask)
    return relation is not None and any(label_relation(seg.label) == relation
                                        for seg in segments(line.replace('"', "")))


def _section(view: DocView, passage: DocPassage, used: set[str]) -> list[Sentence]:
    """The body sentences of every passage under the same heading (a section cut into several passages)."""
    spans = [(p.start, p.end) for p in view.passages if p.heading == passage.heading and p.kind == passage.kind]
    return [s for s in view.sentences if (s.id not in used or s.start == passage.start) and
            any(s.start < b and s.end > a for a, b in spans) and (s.kind == "sentence" or passage.kind == "metadata")]


def _extent(best: Sentence, pool: list[Sentence], budget: int) -> tuple[Sentence, ...]:
    chosen = [best]
    words = len(best.text.split())
    if best not in pool:
        return (best,)
    at = pool.index(best)
    for neighbour in [*pool[at + 1:], *reversed(pool[:at])]:
        size = len(neighbour.text.split())
        if words + size > budget:
            break
        chosen.append(neighbour)
        words += size
    return tuple(sorted(chosen, key=lambda s: s.start))


def _worth_parsing(ask: Ask, sentence: Sentence, heading: str, similarity: Similarity,
                   context: tuple[str, ...]) -> bool:
    """A cheap look before the parse: the sentence (or its heading) shares a word with the ask."""
    words = [*_words(sentence.text), *heading_words(heading)]
    return bool(similarity.matches((*core_terms(ask, context), ask.predicate, ask.focus_head), words)) or \
        _label_states(sentence.text, ask)


def _agent_of(parse: Doc, predicate: str) -> bool:
    """Someone is the doer of the ask's verb in this parse: its subject, or the agent of its passive ("disabled by
    X"), not merely a name near it."""
    for t in parse:
        if t.lemma_.casefold() != predicate:
            continue
        for child in t.children:
            if (child.dep_ == "nsubj" and child.pos_ in ("PROPN", "NOUN")) or (child.dep_ == "agent" and any(
                    c.dep_ == "pobj" for c in child.children)):
                return True
    return False


def find(ask: Ask, slot: int, view: DocView, parses: Parses, similarity: Similarity, budget: int,
         used: set[str], context: tuple[str, ...] = (), asked: frozenset[str] = frozenset()) -> Finding | None:
    bound_all: list[tuple[float, Sentence, list[Sentence], _Scored, str]] = []
    scored_all = _score(view, ask, slot, similarity, context)
    kinds = ask.answer_type in ("cause", "fix")
    # A name, a date or a number is judged by its filler: every passage may hold it (a long chat log has many);
    # a cause or a fix is read in the best passages and in every section that names it.
    read = scored_all if ask.answer_type in _TYPED else [
        s for n, s in enumerate(scored_all) if n < TOP_PASSAGES or (kinds and s.role >= 1.0)]
    for scored in read:
        pool = [s for s in _in(scored.passage, view.sentences)
                if s.kind == "sentence" or _metadata_asked(s, ask, similarity)]
        section = scored.role >= 1.0 and ask.answer_type in ("cause", "fix")
        candidates = [s for s in pool if s.id not in used and (
            section or _worth_parsing(ask, s, scored.passage.heading, similarity, context))]
        docs = parses.of(candidates)
        for sentence in candidates:
            bound = _bind(ask, scored, docs[sentence.id], similarity, context, asked)
            if bound is None:
                continue
            how, hits = bound
            about = len(similarity.matches(context, _words(sentence.text))) if context else 0
            # A name bound to the asked verb in the parse, or filling a label that names the relation, comes first.
            doer = float(ask.answer_type == "agent" and (_agent_of(docs[sentence.id], ask.predicate) or
                                                         _label_states(sentence.text, ask)))
            # A section that names the asked kind ("Root cause") outranks a cause-like sentence elsewhere.
            first = doer + float(how == "section")
            bound_all.append((first + scored.score + 0.1 * hits + 0.1 * about, sentence, pool, scored, how))
            if how == "section":
                break  # the section's first sentence opens the answer
    if not bound_all:
        return None
    rank, sentence, pool, scored, how = max(bound_all, key=lambda b: (b[0], -b[1].start))
    grade: Grade = "source_backed" if how == "filler" else "inferred"
    if ask.answer_type in _NAMES:  # every line of that passage that answers as well ("X: Approved." "Y: Approved.")
        alike = tuple(sorted((b[1] for b in bound_all if b[3] is scored and b[0] >= rank - ALIKE),
                             key=lambda s_: s_.start))
        taken = {x.id for x in alike}
        around = _extent(sentence, [x for x in _section(view, scored.passage, used) if x.id not in taken or
                                    x.id == sentence.id], min(budget, CONTEXT_BUDGET))
        framing = tuple(x for x in around if x.id not in taken)
        return Finding(ask, alike, "source_backed" if how == "filler" else "inferred", (f"bound_by:{how}",),
                       scored.passage.heading, sentence, framing)
    elif how == "section":  # every section of that role, in document order ("resolution", "resolution_notes")
        roles = roles_for(ask.answer_type, ask.focus_head, ask.predicate)
        named = [s_.passage for s_ in scored_all if max((roles_of(s_.passage.heading).get(r, 0.0) for r in roles),
                                                        default=0.0) >= 1.0]
        pool_all = sorted({x.id: x for p in named for x in _section(view, p, used)}.values(), key=lambda x: x.start)
        chosen = _extent(sentence, pool_all, budget)
    else:
        extent = min(budget, NAMED_BUDGET) if ask.answer_type in _TYPED else budget
        chosen = _extent(sentence, _section(view, scored.passage, used), extent)
    return Finding(ask, chosen, grade, (f"bound_by:{how}",), scored.passage.heading, sentence)  # all of it answers


def ranked(analysis: Analysis, retrieved: Retrieved, similarity: Similarity) -> list[DocJudgement] | str:
    """The documents worth reading, best first, or why there is none."""
    judged = [judge(analysis, v) for v in retrieved.documents]
    eligible = [j for j in judged if j.ok]
    if not eligible:
        return f"not established: {judged[0].why_not()}" if judged else "no passage matches the question"
    # Retrieval order, with the documents that mention a resolved subject first (on the tune half this picked the
    # right document 27 times in 29; reordering by term coverage or by names found picked fewer: 24-26).
    order = sorted(enumerate(eligible), key=lambda e: (-(e[1].view.mentions_subject), e[0]))
    return [j for _, j in order]


def bind_document(analysis: Analysis, view: DocView, parses: Parses, similarity: Similarity) -> Bound:
    slots = {text: n + 1 for n, text in enumerate(dict.fromkeys(a.text for a in analysis.asks))}
    asks = list(dict.fromkeys(analysis.asks))
    findings: list[Finding] = []
    missing: list[Ask] = []
    used: set[str] = set()
    context = analysis.subject.terms if analysis.entity_route and analysis.subject is not None else ()
    asked = frozenset(_words(analysis.question))
    spent = 0
    for n, ask in enumerate(asks):
        budget = max(MIN_SHARE, (WORD_BUDGET - spent) // (len(asks) - n))  # what the asks before left, shared
        found = find(ask, slots.get(ask.text, 0), view, parses, similarity, budget, used, context, asked)
        if found is None:
            missing.append(ask)
            continue
        findings.append(found)
        used |= {s.id for s in found.sentences}
        spent += sum(len(s.text.split()) for s in found.sentences)
    if not findings:
        return Bound(missing=tuple(missing), document=view.info,
                     reason=_why_missing(missing, view, similarity, context))
    setting = _setting(analysis, view, used, WORD_BUDGET - spent) if not analysis.entity_route else ()
    return Bound(findings=tuple(findings), missing=tuple(missing), document=view.info, setting=setting)


def _setting(analysis: Analysis, view: DocView, used: set[str], budget: int) -> tuple[Sentence, ...]:
    """When the question describes a situation before it asks ("In the March incident where ..., what ..."), the
    passage of the document nearest to the whole question, in what is left of the budget: where the document
    states the situation the answer belongs to."""
    asked = {t for a in analysis.asks for t in a.core}
    if budget < MIN_SHARE or len(set(analysis.terms) - asked) < SITUATION_TERMS:
        return ()
    body = [p for p in view.passages if p.kind == "section" and p.distances]
    for passage in sorted(body, key=lambda p: (p.distances[0], p.start)):
        pool = [s for s in _in(passage, view.sentences) if s.kind == "sentence" and s.id not in used]
        if pool:
            return _extent(pool[0], pool, budget)
    return ()


def _why_missing(missing: list[Ask], view: DocView, similarity: Similarity, context: tuple[str, ...]) -> str:
    """Names the asks hold that the document never mentions, else what it does not state."""
    words = _words(f"{view.info.title}\n{view.text()}")
    named = [t for a in missing for t in a.names if t not in context]
    absent = [t for t in dict.fromkeys(named) if t not in similarity.matches(named, words)]
    title = view.info.title or view.info.id
    if absent:
        return f"not established: {title} never mentions " + ", ".join(repr(t) for t in absent)
    return f"not established: {title} does not state " + "; ".join(a.focus or a.text for a in missing)


def bind_passages(analysis: Analysis, retrieved: Retrieved, parses: Parses, similarity: Similarity) -> Bound:
    """Read the best document only: a second-best document that happens to hold the asked words is how wrong
    answers are made."""
    if retrieved.unmentioned:
        return Bound(reason=nowhere(retrieved.unmentioned))
    order = ranked(analysis, retrieved, similarity)
    if isinstance(order, str):
        return Bound(reason=order)
    return bind_document(analysis, order[0].view, parses, similarity)


def nowhere(names: tuple[str, ...]) -> str:
    return "not established: no document mentions " + ", ".join(repr(n) for n in names)
