"""A list of a system's neighbours introduced by a sentence that says how they are linked (part of stage 4, bind).

Notices and runbooks list callers and dependencies under a lead-in line that ends with a colon and carries the verb:
"These services still send traffic to legacy-search and must migrate:", "billing-export calls:". The list items
name the neighbours (``- store-finder (Retail team), migration in progress``: the name before its parenthesis or
comma).

1. **The lead-in**: a line ending with ``:`` that names the subject and holds a linking verb (:data:`LINK_WORDS`:
   call, send, depend, rely, use, read, query, hit ...: the verbs of those relations that the hop grader and
   extraction share), with no negation word, not passive ("X is read by:" names who reads X, the other side) and
   no instruction ("To use X, run:" lists commands, not neighbours).
2. **The side**: the subject after the verb is its target ("... send traffic to X:"): the items are its
   dependents; the subject before the verb is its source ("X calls:"): the items are its dependencies.
3. **The items**: the list lines right under the lead-in, each item's name its first words (at most
   :data:`MAX_NAME_WORDS`) before a parenthesis, a comma, a colon or a dash.

The entries are returned as flows labelled by their side noun, so the one direction rule
(:mod:`verify.directions`) reads them like any other labelled line.
"""

from __future__ import annotations

import re

from extraction.vocabulary import VERB_RULES
from verify.lexicon import CUES, NEGATION_WORDS
from zehn.agent.components import Part
from zehn.agent.doc_lines import covering, lines
from zehn.agent.lemmas import words
from zehn.agent.retrieve import DocView

# The verbs both the hop grader (its relation cues) and extraction (its verb rules, subject first) read as a call,
# a dependency, a use or a read: no nouns ("dependencies of X:" puts X after the word the other way round).
_LINKING = frozenset(v for (v, _), (_, inverse) in VERB_RULES.items() if not inverse) & frozenset().union(
    *(CUES[rel] for rel in ("CALLS", "DEPENDS_ON", "USES", "CONSUMES")))


def _forms(verb: str) -> set[str]:
    """The verb's inflections ("rely": "relies", "relied", "relying")."""
    if verb.endswith("y"):
        return {verb, f"{verb}s", f"{verb[:-1]}ies", f"{verb[:-1]}ied", f"{verb}ing"}
    if verb.endswith("e"):
        return {verb, f"{verb}s", f"{verb}d", f"{verb[:-1]}ing"}
    return {verb, f"{verb}es" if verb.endswith(("s", "sh", "ch", "x")) else f"{verb}s", f"{verb}ed", f"{verb}ing"}


LINK_WORDS = frozenset(f for v in _LINKING for f in _forms(v))
_BE = frozenset({"is", "are", "was", "were", "be", "been", "being"})
# "To use X, run:", "Then, run:": a lead-in that instructs lists commands.
_INSTRUCTION = re.compile(r"^\W*to\s|(?:^|,)\s*(?:then\s+|please\s+)?[a-z]+\s*:\s*$", re.I)
MAX_NAME_WORDS = 4
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+[*_`]*(?P<name>[^(),:;*_`]+?)[*_`]*\s*(?:[(),:;]|\s[-–—]\s|$)")


def _side(lead: str, subject: str) -> str | None:
    said = words(lead)
    name = words(subject)
    if not name or NEGATION_WORDS.intersection(said) or _INSTRUCTION.search(lead):
        return None
    at = next((i for i in range(len(said)) if said[i:i + len(name)] == name), None)
    cue = next((i for i, w in enumerate(said) if w in LINK_WORDS), None)
    if at is None or cue is None or (_BE.intersection(said[:cue]) and "by" in said[cue + 1:]):
        return None  # "X is read by:": a passive turns the sides round
    return "dependents" if at > cue else "dependencies"


def led_items(doc_view: DocView, subject: str) -> list[tuple[str, Part]]:
    """(side noun, part) for every item of a list whose lead-in links it to the subject, in document order."""
    read = lines(doc_view)
    out: list[tuple[str, Part]] = []
    for n, line in enumerate(read):
        if line.is_heading or not line.text.rstrip().endswith(":"):
            continue
        side = _side(line.text, subject)
        if side is None:
            continue
        for item in read[n + 1:]:
            said = None if item.is_heading else _ITEM.match(item.text)
            if said is None:
                break
            name = said["name"].strip()
            cited = covering(doc_view, item.start, item.end)
            if cited and len(name.split()) <= MAX_NAME_WORDS:
                out.append((side, Part(name, cited[0])))
    return out
