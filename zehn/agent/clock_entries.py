"""A time of day as the answer to a "when" ask: the clock time that stamps the asked event's own words (stage 4).

Incident threads, timelines and status lines say when something happened with a time of day beside the event's
words, in three shapes:

- a timeline entry that opens its line ("- 14:05 The alert fired"), which :mod:`verify.fillers` reads as the line's
  stamp for any date ask;
- entries run together on one line ("13:02 pager fired -> 13:09 ack -> 13:31 queue depth under the limit");
- a time inside the clause that states the act ("job 4411 -> export worker DRAINED by omar at 13:20 UTC", "at
  14:32 UTC we drained the worker");
- a time that labels its entry with a colon or a dash ("* 09:55: Disabled export retry", "14:32 — paused X"),
  which :mod:`verify.fillers` does not read as a stamp.

A line's other clock times are the times of its other events, so a clock time answers only for the stretch of the
line it stamps: the text between the separators around it (an arrow, a semicolon, a bar, a dash or a colon set off
by spaces, a sentence's end), or, in a run of entries, from the time to the next one. That stretch must hold the
asked act (the ask's verb, a synonym of it or a verb that reads alike as an act, when it has one) and at least half
of the ask's words, or every word of an ask with no act of its own (a state: "when were errors back below the
threshold"): "13:40 handover to omar" answers "when did the handover happen"; "Closing the handover: queue stable
at 14:10 UTC" does not (the time stamps "queue stable", the handover is the label's). The line itself is bound
as any typed line is (:mod:`zehn.agent.sentence_binding`): its passage holds the ask and no other filler is needed.
"""

from __future__ import annotations

import re
from itertools import pairwise

from spacy.tokens import Doc

from extraction.verb_reader import PARTICLES
from zehn.agent.act_phrases import acts_alike
from zehn.agent.focus import DURATION_VERBS, OCCURRENCE_VERBS
from zehn.agent.lemmas import LIGHT_VERBS, SUPPORT_VERBS, words
from zehn.agent.question import Ask
from zehn.agent.sentence_checks import CLOCK_TIME
from zehn.agent.similarity import Similarity

# What parts a line into the stretches clock times stamp: arrows, semicolons, bars, a dash or a colon set off by
# spaces ("Closing the handover: queue stable at 14:10"; a clock's own colon has no space after it), a full stop.
_SEPARATOR = re.compile(r"\s*(?:->|→|=>|;|\||\s[—–-]\s|:\s|\.\s)\s*")
# A time that labels what follows it ("* 09:55: Disabled X", "14:32 UTC — paused X"): its colon or dash joins the time
# to its entry, it parts nothing.
_LABELLING = re.compile(r"(?P<time>\b\d{1,2}:\d{2}(?::\d{2})?(?:\s?(?:UTC|GMT|Z|[A-Z]{2,4}T))?)\s*(?::|[—–-])\s")
# Words of a date ask that only name a point in time ("at what *time*", "on which *date*"): the clock states them.
_WHEN_WORDS = frozenset({"time", "date", "day", "when", "moment", "hour", "clock"})
# Modals that make a "when" ask a rule's condition (:func:`asks_condition`).
_RULE_MODALS = frozenset({"should", "must", "can", "could", "may", "might", "would", "ought", "need"})
# Of the ask's words, in the stretch the time stamps, beside the act: as the doer reader asks of the act's line
# (zehn.agent.doers.MIN_SHARE), not tuned.
MIN_SHARE = 0.5
_CARRIERS = LIGHT_VERBS | SUPPORT_VERBS | DURATION_VERBS | OCCURRENCE_VERBS  # verbs that carry no act of their own


def stretches(text: str) -> list[str]:
    """The parts of a line that each clock time stamps: the text between separators, and within it, when more than
    one time opens an entry ("13:09 ack 13:20 worker drained"), from each time to the next."""
    out: list[str] = []
    for part in _SEPARATOR.split(_LABELLING.sub(r"\g<time> ", text)):
        starts = [m.start() for m in CLOCK_TIME.finditer(part)]
        if len(starts) < 2:
            out.append(part)
            continue
        cuts = [0, *starts[1:], len(part)]
        out += [part[a:b] for a, b in pairwise(cuts)]
    return [p for p in out if CLOCK_TIME.search(p)]


def asked_words(ask: Ask, context: tuple[str, ...] = ()) -> tuple[str, tuple[str, ...]]:
    """(the asked act, or "" when the ask's verb carries none; the ask's words, the act among them)."""
    act = ask.predicate if ask.predicate and ask.predicate not in _CARRIERS else ""
    said = tuple(t for t in dict.fromkeys((*(ask.core or ask.terms), act)) if t and t not in _WHEN_WORDS and
                 t not in _CARRIERS and t not in context)
    return act, said


def stamps_asked(ask: Ask, text: str, similarity: Similarity, context: tuple[str, ...] = (),
                 parse: Doc | None = None) -> bool:
    """A "when" ask is answered by a clock time of ``text``: the stretch it stamps holds the asked act and at
    least half (and one) of the ask's words (see the module's docstring). With the line's ``parse``, the act may be
    said by a verb that reads alike ("Disabled X" for "when was X switched off":
    :func:`zehn.agent.act_phrases.acts_alike`)."""
    if ask.answer_type != "date" or not CLOCK_TIME.search(text) or asks_condition(ask):
        return False
    act, said = asked_words(ask, context)
    if not said:
        return False
    # With an act, the act and half of the ask's words; with none, every word: what is asked is then a state
    # ("errors below the threshold"), and one of its words is another state ("72% errors").
    needed = max(1.0, MIN_SHARE * len(said)) if act else len(said)
    for stretch in stretches(text):
        held = similarity.matches(said, words(CLOCK_TIME.sub(" ", stretch)))
        if act and act not in held and _acted(ask, act, stretch, parse, similarity):
            held.add(act)
        if (not act or act in held) and len(held) >= needed:
            return True
    return False


def asks_condition(ask: Ask) -> bool:
    """"When should / can / must X" asks under what condition X is done (a rule), not when it was: a time of day
    stamps an event, so it answers no such ask ("1) Drained the worker (13:20 UTC)" is not when one should drain it)."""
    return ask.time.when == "unmarked" and ask.time.evidence.casefold() in _RULE_MODALS


def _acted(ask: Ask, act: str, stretch: str, parse: Doc | None, similarity: Similarity) -> bool:
    """The stretch says the asked act in another word: a near synonym, or a verb of the line's parse in the stretch
    that reads alike as an act, with the ask's particle ("switched *off*" ~ "disabled")."""
    said = words(stretch)
    if similarity.synonym(act, said):
        return True
    if parse is None:
        return False
    asked = ask.text.casefold().split()
    at = next((n for n, w in enumerate(asked) if w.startswith(act[:4])), None)
    particle = asked[at + 1] if at is not None and at + 1 < len(asked) and asked[at + 1] in PARTICLES else ""
    verbs = [t.lemma_.casefold() for t in parse if t.pos_ in ("VERB", "ADJ") and t.lower_ in said]  # "Disabled X"
    return acts_alike(f"{act} {particle}".strip(), verbs, similarity)
