"""The speakers a chat or meeting document's own metadata names, for reading its lowercase speaker lines (pure).

Chat and meeting exports write each message as ``handle: text`` ("tove: rolled back the edge pool", "edgeops (sre):
rotated the keys"), and list the handles in the front matter (``participants: ["tove", "edgeops"]``). A lowercase
"word: text" line is far more often a label ("note:", "status:", "owner:"), so a handle is read as the line's
speaker only when the document's metadata names it: exactly as listed, or as the first name of exactly one listed
full name ("runa" for "Runa Falk"; two people called Runa leave "runa" unresolved: an ambiguity, not a guess).
A team tag the metadata gives a handle ("oskar (sre)") is kept as the speaker's team.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from extraction.people import HANDLE, PEOPLE_KEYS
from verify.vocabulary import LABELS

# A chat line or transcript turn's opening speaker label ("Ines: ", "**Ana B.:** ", "ci-runner: "), whether or not
# the metadata lists the speaker: what follows it is the turn's own text (its label, its affirmation).
SPEAKER_PREFIX = re.compile(r"^[\s*_>]*[A-Za-z][\w.'-]*(?: [A-Z][\w.'-]*){0,2}[*_]*:[*_]*[ \t]+(?=\S)")


def without_speaker(line: str) -> str:
    """The line after its speaker label ("Ines: Longer-term: add X" -> "Longer-term: add X"); the line itself when
    it opens with none."""
    return SPEAKER_PREFIX.sub("", line, count=1)


_KEY = re.compile(r'^\s*"?(?P<key>[\w\-]+)"?\s*:\s*(?P<value>.*)$')
_QUOTED = re.compile(r'"([^"\n]+)"|\'([^\'\n]+)\'')
_TAGGED = re.compile(r"^(?P<name>[^()]+?)\s*\((?P<team>[^)]{1,40})\)$")


@dataclass(frozen=True)
class Speaker:
    name: str  # as the metadata lists the person ("tove", "Runa Falk")
    team: str = ""  # the team tag the metadata gives ("oskar (sre)": "sre")


def _values(value: str) -> list[str]:
    quoted = [a or b for a, b in _QUOTED.findall(value)]
    if quoted:
        return quoted
    return [v.strip() for v in value.split("#", 1)[0].strip("[] ").split(",")]


def _listed(metadata: list[str]) -> list[Speaker]:
    """Each person a people-listing metadata line names, with its team tag."""
    found: list[Speaker] = []
    for line in metadata:
        m = _KEY.match(line)
        if m is None:
            continue
        key = m.group("key").casefold()
        rule = LABELS.get(key)
        if key not in PEOPLE_KEYS and (rule is None or rule.value_type != "Person"):
            continue
        for value in _values(m.group("value")):
            name = " ".join(value.split())
            tagged = _TAGGED.match(name)
            found.append(Speaker(tagged["name"], tagged["team"].strip()) if tagged else Speaker(name))
    return [s for s in found if s.name]


def roster(metadata: list[str]) -> dict[str, Speaker]:
    """Lowercase handle -> the one listed person it names, from the text of the document's metadata lines."""
    claims: dict[str, set[Speaker]] = {}
    for speaker in _listed(metadata):
        if HANDLE.match(speaker.name):
            claims.setdefault(speaker.name, set()).add(speaker)
        elif " " in speaker.name and speaker.name[:1].isupper():
            claims.setdefault(speaker.name.split()[0].casefold(), set()).add(speaker)
    return {handle: max(owners, key=lambda o: o.team) for handle, owners in claims.items()
            if len({o.name for o in owners}) == 1 and HANDLE.match(handle)}
