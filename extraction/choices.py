"""Decisions between alternatives: "**Postgres** was chosen over MySQL because ...", "we picked Redis instead of
Memcached", "Kafka was selected rather than RabbitMQ".

A decision record says what the system it is about will use; the option chosen is used, each alternative named
after "over" / "instead of" / "rather than" is, by the same sentence, not used. Neither end is the sentence's
subject (it is the section's or document's system), so every such relation is an inference (``via=
"document_subject"``). How the chosen thing is used is what the section says: under "## Data sources" it is read
from (CONSUMES), under "### Storage" or with no such heading it is used (USES).

The chosen option is often written as an emphasised name that no other rule types ("1) **Deploy Feed Export** was
chosen over ..."): a bold or backticked run of capitalised words or an identifier, right before the passive
auxiliary, is taken as a component's name.
"""

from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass

from spacy.tokens import Span, Token

from extraction.causal import SYSTEM_TYPES
from extraction.chunker import Heading
from extraction.extraction_types import Mention
from extraction.vocabulary import words
from verify.vocabulary import label_rule

# Verbs of deciding between options (lemmas).
_CHOICE_LEMMAS = words("choose select pick prefer adopt")
# Passive auxiliaries: "X was chosen", "X has been selected", "X is preferred".
_PASSIVE_AUX = words("was were is are be been")
# What introduces the options not taken, after the choice.
_ALTERNATIVES = (("over",), ("instead", "of"), ("rather", "than"))
# Words that end the list of alternatives: the reason or another clause begins.
_REASON_WORDS = words("because since as so which that while but given due ; . : —")
# The relations a section heading can give a choice of what the system uses (its data sources, its store, ...).
_USE_RELATIONS = frozenset({"USES", "CONSUMES", "PRODUCES", "DEPENDS_ON", "CALLS"})
_EMPHASIS = frozenset({"*", "**", "`", "_", "__"})
# Words that name an option by its place in a list ("**Option 2** was chosen over Option 1"): not a system's name.
_OPTION_WORDS = words("option options alternative alternatives approach proposal plan variant design choice path")


@dataclass(frozen=True)
class Choice:
    chosen: Mention
    rejected: list[Mention]
    verb: Token


def _alternatives_at(sent: Span, k: int) -> int | None:
    """The token after an "over" / "instead of" / "rather than" starting at ``k``, if one does."""
    doc = sent.doc
    for marker in _ALTERNATIVES:
        end = k + len(marker)
        if end <= sent.end and all(doc[k + n].lower_ == w for n, w in enumerate(marker)):
            return end
    return None


def _emphasised_name(sent: Span, end: int, offset: int) -> Mention | None:
    """A bold or backticked name ending at token ``end`` (exclusive, closing marks included): "**Feed Export**"."""
    doc = sent.doc
    j = end
    while j > sent.start and doc[j - 1].text in _EMPHASIS:
        j -= 1
    if j == end:
        return None
    i = j
    while i > sent.start and doc[i - 1].text not in _EMPHASIS and j - i < 6:
        i -= 1
    name = doc[i:j]
    if i == j or i == sent.start or doc[i - 1].text not in _EMPHASIS or not all(
            t.text[:1].isupper() or t.text[:1].isdigit() or not t.is_alpha for t in name) or (
            name[0].lower_ in _OPTION_WORDS):
        return None
    return Mention(name.text, "Component", name.start_char + offset, name.end_char + offset)


def _chosen(sent: Span, verb: Token, starts: dict[int, tuple[int, Mention]], offset: int) -> tuple[Mention, int] | None:
    """The option chosen and the token after the choice: passive "X was chosen", active "we chose X"."""
    doc = sent.doc
    if verb.i > sent.start and doc[verb.i - 1].lower_ in _PASSIVE_AUX:
        aux = verb.i - 1
        while aux > sent.start and doc[aux - 1].lower_ in _PASSIVE_AUX | {"has", "have", "had"}:
            aux -= 1
        named = next((m for i, (e, m) in starts.items() if e == aux and i >= sent.start), None)
        named = named or _emphasised_name(sent, aux, offset)
        return None if named is None else (named, verb.i + 1)
    k = verb.i + 1 + (verb.i + 1 < sent.end and doc[verb.i + 1].lower_ == "the")
    if k in starts and starts[k][1].type in SYSTEM_TYPES:
        return starts[k][1], starts[k][0]
    return None


def choices(sent: Span, starts: dict[int, tuple[int, Mention]], offset: int) -> list[Choice]:
    """Every choice the sentence states between a named option and the alternatives after "over" & co."""
    found: list[Choice] = []
    for verb in sent:
        if verb.lemma_.lower() not in _CHOICE_LEMMAS or verb.pos_ not in ("VERB", "AUX"):
            continue
        chosen = _chosen(sent, verb, starts, offset)
        if chosen is None or (after := _alternatives_at(sent, chosen[1])) is None:
            continue
        end = next((t.i for t in sent.doc[after : sent.end] if t.lower_ in _REASON_WORDS), sent.end)
        if any(t.ent_type_ in ("DATE", "TIME") for t in sent.doc[after:end]):
            continue  # "chosen over the weekend": when, not instead of what
        rejected = [m for i, (e, m) in starts.items() if after <= i and e <= end and m.type in SYSTEM_TYPES]
        found.append(Choice(chosen[0], rejected, verb))
    return found


def section_use(headings: list[Heading], at: int) -> str:
    """How the section at offset ``at`` says its system uses what it names: the rule of the last label word of
    the nearest heading above that has one ("Why we read each source" -> CONSUMES), else USES."""
    i = bisect_right([h.start for h in headings], at) - 1
    level = 7
    while i >= 0:
        heading = headings[i]
        if heading.level < level:
            level = heading.level
            tokens = heading.text.replace("-", " ").split()
            for n in range(len(tokens), 0, -1):
                for width in (2, 1):
                    rule = label_rule(" ".join(tokens[max(0, n - width) : n]))
                    if rule is not None and rule.rel_type in _USE_RELATIONS and rule.about == "topic" and (
                            not rule.value_is_subject):
                        return rule.rel_type
        i -= 1
    return "USES"
