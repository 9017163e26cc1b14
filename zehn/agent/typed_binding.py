"""Does one sentence answer a typed ask (a person, a date, a duration, a number, ...)? Split from
:mod:`zehn.agent.sentence_binding`, which calls it once a sentence holds the ask's terms and its focus."""

from __future__ import annotations

from spacy.tokens import Doc

from zehn.agent.asked_measure import MEASURED, unshown_share, unstated_measure
from zehn.agent.asked_thing import asked_thing_held
from zehn.agent.clause_shapes import conditioned
from zehn.agent.focus import DURATION_VERBS, NUMBER_ONLY, OCCURRENCE_VERBS, family, states_threshold, states_unit
from zehn.agent.lemmas import LIGHT_VERBS, SUPPORT_VERBS, lemmas_of
from zehn.agent.question import Ask
from zehn.agent.sentence_checks import answering_fillers, label_states
from zehn.agent.similarity import Similarity


def bind_typed(ask: Ask, parse: Doc, lemmas: list[str], similarity: Similarity, context: tuple[str, ...],
               hit: set[str], asked: frozenset[str], frame: tuple[str, ...], *,
               stamped: bool) -> tuple[str, int] | None:
    """A typed ask: a filler of its type beside the asked thing's own words, of the asked thing and act. ``stamped``:
    a clock time of the line stamps the asked words ("13:31 queue depth under the limit":
    :func:`zehn.agent.clock_entries.stamps_asked`, read by the caller)."""
    text = parse.text
    if stamped:
        return "filler", max(1, len(hit))
    # The asked thing's own words (the focus, a content verb) or a label naming it sit beside the filler:
    # a duration in a sentence about something else is not the asked duration.
    # (None of its own: "how long did the export take" asks for the export's duration, held by the core terms.)
    # (A focus that says only "a number", "to what value was X raised", is stated by the filler itself.)
    focus_words = [w for w in (*ask.focus.casefold().split(), ask.focus_head) if w not in NUMBER_ONLY]
    carrier = LIGHT_VERBS | SUPPORT_VERBS | DURATION_VERBS | OCCURRENCE_VERBS  # they only carry the asked kind
    own = (*focus_words, *([ask.predicate] if ask.predicate not in carrier else []),
           *family(ask.predicate))
    if any(own) and not (similarity.matches(own, lemmas) or label_states(text, ask) or
                         states_threshold(ask.focus_head, text) or states_unit(ask.focus_head, text)):
        return None
    if ask.answer_type in MEASURED and _other_measure(ask, text, lemmas, similarity):
        return None  # "trip rate < 0.5%" for the asked error rate: a value of the asked type for another measure
    if ask.wh == "how many" and ask.focus_head and not (similarity.matches((ask.focus_head,), [
            *lemmas_of(parse), *frame]) or states_unit(ask.focus_head, text)):
        return None  # "how many customers": a count of customers, not "31% of attempts" under their heading
    own_terms = tuple(t for t in ask.core or ask.terms if t not in context)
    unit = states_unit(ask.focus_head, text)
    if not label_states(text, ask) and not asked_thing_held(ask, lemmas, verbs(parse), similarity,
                                                                context, own_terms, unit=unit):
        return None  # the sentence's value is of the asked type but belongs to another thing or act
    if ask.answer_type == "frequency" and label_states(text, ask):
        return "label", max(1, len(hit))  # "Observed frequency: ...": a line of the asked kind, by its label
    return ("filler", max(1, len(hit))) if answering_fillers(parse, ask, asked) or (
        ask.answer_type == "date" and conditioned(parse, ask.predicate)) else None


def verbs(parse: Doc) -> list[str]:
    """The sentence's verbs and adjectives, as lemmas: what a synonym of the asked act is looked for among."""
    return [t.lemma_.casefold() for t in parse if t.pos_ in ("VERB", "ADJ")]


def _other_measure(ask: Ask, text: str, lemmas: list[str], similarity: Similarity) -> bool:
    """The line (with its label, header, item and heading) leaves a word of the asked measure unstated; a threshold
    or a unit the asked head names may be stated by a comparison or a symbol instead ("fires above 85%")."""
    if unshown_share(ask.focus_head, text, lemmas):
        return True
    missing = unstated_measure(ask.measure, lemmas, similarity)
    if missing is None:
        return False
    if missing == ask.focus_head and (states_threshold(missing, text) or states_unit(missing, text)):
        return unstated_measure(tuple(w for w in ask.measure if w != missing), lemmas, similarity) is not None
    return True
