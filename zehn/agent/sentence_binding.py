"""Does one sentence answer one ask? The binding rules of stage 4, shared by passage and entity questions.

A sentence answers an ask when the asked thing is there, not merely its topic:

- a **typed** ask (a person, a date, a duration, a number, a version, a system, an identifier) needs a filler of
  that type (:mod:`verify.fillers`) that is not one of the question's own words, or a labelled value whose label
  names the asked relation (:mod:`verify.labelled`), beside the asked thing's own words (its focus, a content
  verb) - a duration in a sentence about something else is not the asked duration - and the words that say which
  one of its kind and of what act (:mod:`zehn.agent.asked_thing`): a batch hold time is no median batch size;
- "what did X **show**" is bound by a line labelled with X or a clause with X as the subject of a verb of finding
  (:mod:`zehn.agent.findings`);
- a **cause** or a **fix** is bound by a section that names its kind ("Root cause", "Resolution"), or by a causal
  or remedial cue in a sentence that holds the ask's terms;
- a **list** or a **description** needs its focus noun (unless the noun only names a kind; a caution may be
  marked instead, "note: ...": :mod:`zehn.agent.remarks`) and, for a list, its verb or a synonym of it ("which
  invoices were affected" needs something affected); "which <kind>" of a kind with no filler of its own needs one
  thing of that kind named beside the noun ("their tracker (Trackly)": :func:`zehn.agent.named_items.names_one`);
  a bare "what did X <act>" (no focus noun) needs the act or a synonym of it, as a list does ("what was advised
  against": avoidance, "avoid X", "should not X"); a synonym is a word the full model puts near the verb, or a verb
  of the sentence that reads alike as an act, both as infinitives with their particles ("detected" for "what
  spotted X": :mod:`zehn.agent.act_phrases`);
- always: at least one core term (the focus, the verb and its arguments) in the sentence, at least
  :data:`PASSAGE_COVERAGE` of them in its passage, every name among them, no negation of the sentence's verb ("X
  is not on" answers "is X on?" with no) and no message header field ("Subject: Re: ...") unless a typed ask's;
  a part that carries an earlier part's words also needs half of its own (:func:`_carried_only`).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from spacy.tokens import Doc

from verify.fillers import fillers
from verify.parsing import Parse
from zehn.agent.act_phrases import states_act
from zehn.agent.action_lines import planned_in_section
from zehn.agent.clause_shapes import chosen_over, commanded, field_labels, headed_by, states_unsettled
from zehn.agent.clock_entries import stamps_asked
from zehn.agent.compounds import compound_held
from zehn.agent.confirmations import confirmed_clause
from zehn.agent.findings import asks_finding, states_finding
from zehn.agent.focus import (
    KIND_NOUNS,
    KIND_WORDS,
    heading_words,
    label_roles,
    reads_sections,
    role_words,
    roles_for,
    states_unit,
)
from zehn.agent.front_matter import key_words
from zehn.agent.lemmas import LIGHT_VERBS, SUPPORT_VERBS, content_terms, lemmas_of, words
from zehn.agent.modal_acts import modal_states
from zehn.agent.named_items import asks_named_items, asks_one_named, names_items, names_one
from zehn.agent.question import Ask
from zehn.agent.remarks import advised_against, marks_remark, states_avoidance
from zehn.agent.rows import DocPassage, own_heading
from zehn.agent.said_acts import said_act
from zehn.agent.sentence_checks import (
    header_field,
    label_states,
    negated,
    states_focus_of_case,
)
from zehn.agent.similarity import Similarity
from zehn.agent.typed_binding import bind_typed, verbs
from zehn.agent.value_changes import changed

PASSAGE_COVERAGE = 0.5  # share of an ask's core terms its passage must hold (tuned on the tune half)
TYPED = frozenset({"agent", "date", "duration", "frequency", "quantity", "version", "system", "identifier"})


@dataclass(frozen=True)
class Scored:
    passage: DocPassage
    score: float
    role: float
    coverage: float  # share of the ask's core terms the passage (with its heading path) holds
    names: bool  # every name among the core terms is in the passage
    document: tuple[float, bool]  # the same two for the whole document (a section-bound cause or fix)


def cover(terms: tuple[str, ...], names: tuple[str, ...], words: list[str],
           similarity: Similarity) -> tuple[float, bool]:
    """Share of ``terms`` in ``words``, and whether every one of ``names`` (the things the ask names) is there."""
    found = similarity.matches((*terms, *names), words)
    share = len([t for t in terms if t in found]) / len(terms) if terms else 1.0
    return share, all(n in found or compound_held(n, words) for n in names)


def core_terms(ask: Ask, context: tuple[str, ...] = ()) -> tuple[str, ...]:
    """The ask's core terms without the words that only name the kind of answer ("root cause", "fix", "field",
    "mitigation", its focus head and verb): those are judged by the filler and the section, the rest say which.
    ``context``: terms judged elsewhere (an entity question's subject, which its document or line names)."""
    core = ask.core or ask.terms
    kind = {ask.focus_head, ask.predicate, *context}
    if ask.answer_type in ("cause", "fix"):  # "server-side fix", "confirmed root cause": the whole phrase is the kind
        kind |= {w.casefold() for w in ask.focus.split()} | set(ask.focus_terms)  # as written and as lemmas
    # A typed focus's modifiers say which one is asked ("*restore* time", "*retry* limit"), even words that name a
    # kind elsewhere ("what restored it").
    which = {w.casefold() for w in ask.focus.split()} - kind if ask.answer_type in TYPED else set()
    return tuple(t for t in core if t in which or (t not in KIND_WORDS and t not in kind))


def bind_sentence(ask: Ask, scored: Scored, parse: Doc, similarity: Similarity, context: tuple[str, ...],
                  asked: frozenset[str] = frozenset(), frame: tuple[str, ...] = (), *,
                  parse_text: Parse) -> tuple[str, int] | None:
    """How the sentence answers the ask ("filler" / "section") and how many core terms it holds, or None.
    ``frame``: the words of the list items the sentence is nested under (:mod:`zehn.agent.list_items`), read
    like its heading."""
    text = parse.text  # a Doc rebuilds its text from its tokens on every read
    lemmas = [*lemmas_of(parse), *heading_words(scored.passage.heading), *frame, *key_words(scored.passage, text),
              *changed(ask.predicate, text), *said_act(ask.answer_type, ask.predicate, parse)]  # "6.1% -> 1.3%"
    # states a fall (:mod:`zehn.agent.value_changes`); "Please use X" who asked for X (:mod:`zehn.agent.said_acts`)
    hit = similarity.matches((*core_terms(ask, context), ask.predicate), lemmas) - {""}
    # "why must X never be purged": "Never purge X: ..." answers; so does "don't X" what was advised against, and
    # "X is not on" a yes/no statement ("is X on?": no)
    if (negated(parse, hit) and not ask.negated and not advised_against(ask) and ask.answer_type != "statement") or \
            _carried_only(ask, lemmas, similarity):
        return None
    if asks_finding(ask) and states_finding(ask, parse, similarity):
        # "What did the trace show": "Trace summary: ...", "the trace showed ..." answers for its document's topic.
        return _for_document("label", scored, len(hit))
    if _fields_only(ask, text, similarity):
        return None
    if reads_sections(ask.answer_type, ask.focus_head, ask.predicate, ask.needed) and scored.role >= 1.0:
        # A section that names the asked kind ("Root cause", "Impact") answers for its document's topic.
        return _for_document("section", scored, len(hit))
    if labelled_as_asked(ask, text):
        # A line labelled with the asked kind ("Likely cause: X") is a section of one line: it answers when it, its
        # heading or its item holds one of the ask's own terms (which of the document's causes), not the verb alone.
        which = _which(ask, context)  # none: the question names no one of them ("what mitigation was applied")
        held = similarity.matches(which, lemmas)
        return _for_document("label", scored, len(held)) if held or not which else None
    # A front-matter line is about its document and was admitted by its key: its passage need not hold the terms.
    enough = scored.passage.kind == "metadata" or (scored.coverage >= PASSAGE_COVERAGE and scored.names)
    if not enough:
        return None
    if ask.answer_type in ("cause", "fix"):
        return _bind_cause_or_fix(ask, scored, parse, similarity, context, hit, parse_text)
    # (A clock time stamping the asked words answers "when" with none of them a core term: "13:31 queue depth
    # under the limit" for "when was the queue depth back under the limit", all kind words;
    # :mod:`zehn.agent.clock_entries`.)
    stamped = stamps_asked(ask, text, similarity, context, parse)  # read once: bind_typed answers by it too
    if not hit and not label_states(text, ask) and not states_focus_of_case(ask, scored.coverage, lemmas_of(parse),
                                                                          similarity) and not stamped:
        return None
    if not _focus_held(ask, parse, lemmas, similarity, asked):
        return None
    if ask.answer_type in TYPED:
        return bind_typed(ask, parse, lemmas, similarity, context, hit, asked, frame, stamped=stamped)
    # The act compared as a phrase goes last: it may run the model, the checks before it are look-ups.
    if _verb_asked(ask) and not (ask.predicate in hit or similarity.synonym(ask.predicate, verbs(parse)) or
                                 modal_states(ask.predicate, parse) or  # "we should add X": proposed
                                 planned_in_section(ask.predicate, scored.passage.heading) or  # "## Next steps"
                                 (advised_against(ask) and states_avoidance(parse)) or  # "avoid X"
                                 named_list(ask, parse, frame, similarity, context) or
                                 states_act(ask, parse, similarity, parse_text)):  # "detected" for "spotted"
        return None  # "which invoices were affected": a list of invoices that says nothing of being affected
    # (a clause without a verb, "what grouping fields", asks for the list itself)
    return ("filler", len(hit)) if content_terms(parse) else None


def _carried_only(ask: Ask, lemmas: list[str], similarity: Similarity) -> bool:
    """An ask with words of its own besides those carried from an earlier part is answered by a line that holds at
    least half of its own, as a passage must hold half of an ask's terms (:data:`PASSAGE_COVERAGE`): "does the
    endpoint need that full path" is not answered by a line about the adapter the first part named, nor by one that
    shares a single word with it (carried words place the ask, they do not state it). An ask that names nothing of
    its own ("who settled that") is bound by the carried words alone."""
    own = [t for t in ask.core if t not in ask.carried] if ask.carried else []
    return bool(own) and len(similarity.matches(own, lemmas)) < PASSAGE_COVERAGE * len(own)


def _for_document(how: str, scored: Scored, count: int) -> tuple[str, int] | None:
    """A finding, section or labelled line answers for its document's topic: the document must hold the ask."""
    coverage, names = scored.document
    return (how, count) if coverage >= PASSAGE_COVERAGE and names else None


def _fields_only(ask: Ask, text: str, similarity: Similarity) -> bool:
    """Header and field lines state what their labels name, not the answer to an untyped ask (or any cause/fix)."""
    if ask.answer_type not in TYPED and header_field(text):
        return True  # "Subject: Re: ..." repeats the topic, states nothing
    labels = field_labels(text)
    named = similarity.matches((ask.focus_head, ask.predicate), words(" ".join(labels))) if labels else set()
    # "Status: Done / Fix version: 3.8.1": fields state what their labels name, no cause or change
    return bool(labels) and (ask.answer_type in ("cause", "fix") or (ask.answer_type not in TYPED and not named))


def _bind_cause_or_fix(ask: Ask, scored: Scored, parse: Doc, similarity: Similarity, context: tuple[str, ...],
                       hit: set[str], parse_text: Parse) -> tuple[str, int] | None:
    """A cause or fix outside its section: a typed cue with the ask's terms, a confirmation or an explanation."""
    typed = fillers(parse, ask.answer_type)
    if typed and (hit or scored.role > 0):
        return "filler", len(hit)
    if ask.answer_type == "cause" and confirmed_clause(parse.text):  # "Yes — PR 12 changed the merge order"
        return "label", len(hit)
    # "Why isn't X done": "X: merged behind a flag; pending the load test" says what holds X back, where the line
    # (its items, its heading path) names X by two of its words at least and half (the billing export, not payroll).
    if ask.answer_type == "cause" and ask.negated and states_unsettled(parse):  # the heading read only then
        core = core_terms(ask, context)
        own = len((hit | similarity.matches(core, words(scored.passage.heading))) - {ask.predicate})
        if own >= min(2, len(core)) > 0 and 2 * own >= len(core):
            return "filler", len(hit)
    explained = ask.answer_type == "cause" and explains(parse, ask, scored.passage, similarity, context,
                                                        parse_text)
    return ("label", len(hit)) if explained else None


def _focus_held(ask: Ask, parse: Doc, lemmas: list[str], similarity: Similarity, asked: frozenset[str]) -> bool:
    """The focus noun is there (unless it only names a kind: "which change", "what steps"), and a named item."""
    text = parse.text
    focus = not ask.focus_head or ask.focus_head in KIND_NOUNS or bool(similarity.matches((ask.focus_head,), lemmas)) \
        or states_unit(ask.focus_head, text) or marks_remark(ask.focus_head, text)  # "for 2s", "note: ..."
    if not focus or (asks_named_items(ask) and not names_items(ask, parse, lemmas, similarity, asked)):
        return False  # "which fields": a line naming no field (:mod:`zehn.agent.named_items`)
    return not (asks_one_named(ask) and not names_one(parse, ask))  # "which tracker": "file it in a tracker"


def explains(parse: Doc, ask: Ask, passage: DocPassage, similarity: Similarity, context: tuple[str, ...],
             parse_text: Parse) -> bool:
    """The sentence opens an explanation of the asked thing without a causal word, as enterprise documents give
    reasons: a verdict under a heading that names the thing ("### Buy a hosted product" / "Rejected. The quotes
    ..."), the first line under a heading that names the asked thing ("### Digest mismatch errors" / "A digest
    mismatch means ..."), a choice stated against an alternative ("instead of", "rather than") with more of its
    block after it, a verbless lead naming it ("- Replacing the artifact registry. The current one ..."), or a colon
    after the asked act ("Never purge the queue: purged messages cannot be recovered"). The reason is what follows
    it in its block, which the extent cites."""
    core = core_terms(ask, context)
    text = parse.text
    if after := chosen_over(text, passage.text):  # "X is now 30 s instead of 15. <the reason>": most of the
        stated = len(set(core) & {*lemmas_of(parse), *heading_words(passage.heading)})  # ask, as written, two at least
        return stated >= 2 and 2 * stated > len(core) and not commanded(next(parse_text(after).sents))  # no "Restart"
    if headed_by(core, passage, text):  # '### "digest mismatch" errors' / 'A digest mismatch means ...'
        return not commanded(parse)  # not '### Digest mismatch errors' / 'Run `verify --layers` to find the layer.'
    if not ask.predicate or ask.predicate in LIGHT_VERBS or ask.predicate in KIND_WORDS:
        return False  # "what caused X": the verb names the kind asked, not an act a verdict or a lead names
    lemmas = lemmas_of(parse)
    named = [t for t in core if t != ask.predicate]
    heading, body = passage.heading, passage.body
    lead, _, rest = body.lstrip(" \n*_").partition(".")
    verdict, said = lead.split(), text.strip(" \n*_")
    # The verdict's own line, or the sentence right after it (not any later sentence of its passage).
    opens = bool(said) and (lead.strip().startswith(said[:-1].strip()) or rest.lstrip(" \n*_").startswith(said))
    if len(verdict) <= 2 and opens and similarity.matches((ask.predicate,), words(" ".join(verdict))):  # "Rejected."
        held = similarity.matches(named, [*heading_words(heading), *words(own_heading(heading))])
        return bool(named) and len(held) * 2 >= len(named)
    if not any(t.dep_ in ("nsubj", "nsubjpass", "expl") or t.tag_ in ("VB", "VBD", "VBZ", "VBP", "MD") for t in parse):
        held = similarity.matches((*core, ask.predicate), lemmas)  # a lead: "Replacing X."
        return ask.predicate in held and len(held) - 1 >= max(1, PASSAGE_COVERAGE * len(core))
    left, colon, right = text.partition(": ")
    return bool(colon and right.strip()) and ask.predicate in similarity.matches((ask.predicate,), words(left)) and \
        any(t.idx > len(left) and t.pos_ in ("VERB", "AUX") for t in parse)


def named_list(ask: Ask, parse: Doc, frame: tuple[str, ...], similarity: Similarity,
               context: tuple[str, ...]) -> bool:
    """A list whose lead line (the item a line is nested under, or the line itself when it ends in a colon) names
    the asked thing and one more of the ask's terms: "Required telemetry events:" lists the events for "which
    telemetry events must X emit", without repeating the verb. The focus noun alone is not enough ("Invoices:")."""
    lead = [*frame, *(lemmas_of(parse) if parse.text.rstrip(" *_").endswith(":") else ())]
    others = tuple(t for t in core_terms(ask, context) if t != ask.focus_head)
    return bool(lead) and bool(similarity.matches((ask.focus_head,), lead)) and bool(similarity.matches(others, lead))


def labelled_as_asked(ask: Ask, line: str) -> bool:
    """The line's own label names the section role of a cause, fix or impact ask ("Likely cause:", "Workaround:")."""
    if not reads_sections(ask.answer_type, ask.focus_head, ask.predicate, ask.needed):
        return False
    named = label_roles(line)
    return any(named.get(r, 0.0) >= 1.0 for r in roles_for(ask.answer_type, ask.focus_head, ask.predicate, ask.needed))


def _which(ask: Ask, context: tuple[str, ...]) -> tuple[str, ...]:
    """The ask's terms that say which one of its kind is asked: its core less the focus, the verb and the words that
    name the asked role itself ("rollback" says which cause; for a fix it would name the kind)."""
    kind = {ask.focus_head, ask.predicate, *context, *role_words(roles_for(ask.answer_type, ask.focus_head,
                                                                           ask.predicate, ask.needed))}
    return tuple(t for t in (ask.core or ask.terms) if t not in kind)


def _verb_asked(ask: Ask) -> bool:
    """A list ask whose content verb a sentence must hold, or a synonym of it; so must a bare "what did X <act>"
    ("what did the alias point to"): with no focus noun, only the act says what is asked of X."""
    if ask.answer_type == "description" and ask.wh == "what" and not ask.focus:
        return bool(ask.predicate) and ask.predicate not in LIGHT_VERBS | SUPPORT_VERBS
    return ask.answer_type == "items" and bool(ask.predicate) and ask.predicate not in LIGHT_VERBS


def prefetch_synonyms(ask: Ask, parses: Iterable[Doc], similarity: Similarity) -> None:
    """Embed, in one model call, the words :func:`bind_sentence` may compare with the ask's verb in ``parses``
    (those not embedded before), instead of one call per sentence. A parse that holds the verb itself is never
    compared (the verb is among its hits): its words are not embedded."""
    if _verb_asked(ask):
        similarity.prefetch([ask.predicate, *(w for parse in parses if ask.predicate not in lemmas_of(parse)
                                              for w in verbs(parse))])

