"""Labels that name their own subject: "Depends on X: A, B and C", "Consumers of X: A, B", "Calls into X: A".

Architecture pages and service catalogues list a system's neighbours under a label that names the system itself
instead of a heading. Two shapes, told apart by the word before the name:

* a noun phrase with "of" ("Consumers of X:", "Dependencies of X:", "Owners of X:"): the label's own rule, about X
  (the consumers consume X; X depends on its dependencies);
* a verb phrase ("Depends on X:", "Calls into X:", "Reads from X:", "Writes to X:"): the values do what the verb
  says to X, so a rule whose value is normally its object reads the other way (each value DEPENDS_ON X).

The name must close the label, so "Owner team for on-call:" or "Notes on the rollout:" never match.
"""

from __future__ import annotations

from dataclasses import replace

from extraction.causal import SYSTEM_TYPES
from extraction.extraction_types import Mention
from verify.vocabulary import LabelRule, label_rule

# Prepositions a verb label puts before its object ("depends on", "calls into", "reads from", "writes to").
_VERB_PREPOSITIONS = frozenset({"on", "into", "from", "to", "with", "through", "via"})
# What a verb label may state between systems: the relations of wiring and data flow.
_FLOW_RELATIONS = frozenset({"DEPENDS_ON", "CALLS", "CONSUMES", "PRODUCES", "USES"})


def subject_label(text: str, label: tuple[int, int], mentions: list[Mention]) -> tuple[LabelRule, Mention] | None:
    """The rule of a label that ends with a system's name, and that system; None for any other label."""
    inside = [m for m in mentions if label[0] <= m.start and m.end <= label[1] and m.type in SYSTEM_TYPES]
    if len(inside) != 1 or text[inside[0].end : label[1]].strip(" *_`"):
        return None
    named = inside[0]
    words = text[label[0] : named.start].split()
    if not words or (len(words) == 1 and words[0].casefold() in _VERB_PREPOSITIONS):
        return None  # a bare "On X:" or "X:" names no relation
    last = words[-1].casefold()
    if last == "of":  # "Consumers of X": a noun phrase about X
        rule = label_rule(" ".join(words[:-1]))
        return (rule, named) if rule is not None else None
    rule = label_rule(" ".join(words)) or (label_rule(" ".join(words[:-1])) if last in _VERB_PREPOSITIONS else None)
    if rule is None or rule.value_is_subject or rule.rel_type not in _FLOW_RELATIONS:
        return None
    return replace(rule, value_is_subject=True), named  # "Depends on X: A": A depends on X
