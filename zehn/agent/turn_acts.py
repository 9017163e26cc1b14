"""The speaker as the answer to "who": a turn that states the asked act in the speaker's own voice (stage 4, bind).

In a chat log, a meeting transcript or a mail thread, the person who does an act says so without naming
themselves: "elaine (sre): taking over.", "Ana Ruiz: I'll roll it back.", "Agreed, let's go with 30 days." The
line's words name no one; its speaker label does. So, for a "who <act>" ask, the first sentence of a turn (it
holds the header that names the speaker: :mod:`zehn.agent.comment_blocks`) answers with its speaker when it states
the asked act (the asked verb with its particle, "take over", or an act that reads alike:
:mod:`zehn.agent.act_phrases`), and half of what the act is done to when the ask names it ("who took *the runbook
work*"), with no doer of its own: no subject, "I" / "we", or the speaker's own name. A line
that names someone else as the act's subject ("Ben took over"), denies the act, or asks for it ("can someone take
over?") is no such statement. The speaker is named in the cited line itself, so the answer quotes the name.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from verify.parsing import Parse
from zehn.agent.act_phrases import act_phrase, acts_alike, asked_act
from zehn.agent.comment_blocks import act_negated, turns
from zehn.agent.lemmas import LIGHT_VERBS, lemmas_of
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity

_OWN_VOICE = frozenset({"i", "we"})  # the speaker as the act's subject
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "agent"})
HEADER_REACH = 3  # characters between a turn's header and its first sentence's start (a space or a line break)


def opening_speaker(view: DocView, sentence: Sentence) -> str:
    """The author of the turn whose header the sentence holds ("elaine (sre): taking over." -> "elaine"), or ""
    for a sentence later in its turn (its words do not name the speaker) or outside any turn."""
    block = next((b for b in turns(view) if b.own(sentence)), None)
    if block is None or sentence.start > block.start + HEADER_REACH:
        return ""
    return block.author if block.author.casefold() in sentence.text.casefold() else ""


def speaker_does(ask: Ask, speaker: str, parse: Doc, similarity: Similarity, parse_text: Parse) -> bool:
    """The sentence states the asked act in the voice of ``speaker`` (see the module's docstring)."""
    if not speaker or ask.answer_type != "agent" or not ask.predicate or ask.predicate in LIGHT_VERBS:
        return False
    if parse.text.rstrip().endswith("?") or act_negated(parse):
        return False
    act = asked_act(ask, parse_text)
    done_to = _object_words(ask, parse_text)
    if done_to and 2 * len(similarity.matches(done_to, lemmas_of(parse))) < len(done_to):
        return False  # "I can take canary gating" is not taking the runbook work
    verbs = [t for t in parse if t.pos_ == "VERB" and _own_voice(t, speaker)]
    return any(act_phrase(t) == act for t in verbs) or acts_alike(act, [act_phrase(t) for t in verbs], similarity)


def _object_words(ask: Ask, parse_text: Parse) -> tuple[str, ...]:
    """The nouns of the asked act's object in the ask ("who took *the runbook work*": runbook, work); none for an
    act without one ("who took over from X": the "from X" says from whom, not what was done)."""
    verb = next((t for t in parse_text(ask.text) if t.lemma_.casefold() == ask.predicate and t.pos_ == "VERB"), None)
    if verb is None:
        return ()
    return tuple(dict.fromkeys(w.lemma_.casefold() for c in verb.children if c.dep_ == "dobj" for w in c.subtree
                               if w.pos_ in ("NOUN", "PROPN")))


def _own_voice(verb: Token, speaker: str) -> bool:
    """The verb has no subject, or the speaker's own: "I", "we", the speaker's name."""
    subjects = [c for c in verb.children if c.dep_ in _SUBJECTS]
    return all(s.lower_ in _OWN_VOICE or s.text.casefold() in speaker.casefold() for s in subjects)
