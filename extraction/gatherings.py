"""A team named only as the host of a gathering: "run the Pricing team offsite", "joined the Billing group's standup".

English puts the group in front of the event it holds ("the Billing team retro", "the platform group's weekly
sync"). The verb's object is then the gathering, not the group: leading an offsite is not leading the team, and
joining a standup is not joining the team. The parse does not always see it ("offsite" is often read as a verb),
so the words right after the name decide: an optional type noun ("team"), an optional possessive, an optional
cadence word, then a gathering noun. Only a team or an organisation is read this way; after a system's name such
a word may name a job ("the inventory sync").
"""

from __future__ import annotations

import re

from extraction.extraction_types import Mention
from extraction.vocabulary import words

# Events a group holds (general English of meetings and team life).
GATHERING_NOUNS: frozenset[str] = words(
    """offsite offsites onsite onsites retro retros retrospective retrospectives standup standups stand-up
    stand-ups meeting meetings sync syncs kickoff kickoffs kick-off workshop workshops all-hands huddle huddles
    meetup meetups summit hackathon townhall town-hall dinner lunch social party review reviews call calls
    session sessions planning demo demos training trainings"""
)
# Words that may stand between the group and the event: how often it is held, what kind it is.
_CADENCE: frozenset[str] = words("weekly monthly quarterly annual yearly daily biweekly bi-weekly fortnightly design")
_GROUP_NOUNS: frozenset[str] = words("team teams squad group org organisation organization department crew guild")
_WORDS = re.compile(r"[A-Za-z][\w-]*|['’]s\b")
_PHRASE_END = re.compile(r"[.,;:!?()\[\]\n]")
_GROUP_TYPES = frozenset({"Team", "Organization"})
_LOOK = 40  # characters after the name that are read


def hosts_a_gathering(text: str, mention: Mention, offset: int = 0) -> bool:
    """Whether ``mention`` (a team or organisation; document offsets, ``text`` starting at ``offset``) is only the
    host named in front of a gathering: "the Pricing team offsite", "Billing's weekly sync"."""
    if mention.type not in _GROUP_TYPES:
        return False
    at = mention.end - offset
    if at < 0 or at > len(text):
        return False
    phrase = _PHRASE_END.split(text[at : at + _LOOK])[0]  # "leads the Billing team. Meetings ..." stops here
    after = [w.casefold() for w in _WORDS.findall(phrase)]
    if after[:1] and after[0] in _GROUP_NOUNS:
        after = after[1:]
    if after[:1] and after[0] in ("'s", "’s"):
        after = after[1:]
    if after[:1] and after[0] in _CADENCE:
        after = after[1:]
    return bool(after) and after[0] in GATHERING_NOUNS
