"""A system its users could not reach or use: what an incident's impact says was hit, written from the user's side.

Impact statements often name the damage as a lost ability of the people or traffic that use a system, not as a
state of the system: "Users could not log in to the login-portal", "Some viewers cannot start streams on play-api",
"Admins were unable to complete sign-in to reach the Admin Console". The system named after the lost ability is the
one the incident hit (the document AFFECTS it). Read by `extraction.relations` in an incident write-up and by
`extraction.lines` in an impact list ("Impact:" / "## Customer impact"), where the document is about the incident
and an item may leave the users unsaid ("- Unable to open the Admin Console").

Only when the clause before the lost ability names users, customers or traffic (a client noun), so an investigator's
"we could not reproduce it on staging-api" or a system's own failure ("checkout-api could not reach ledger-db",
read by the failing-verb rules) is not read; only with a verb of reaching or using a system; not in a condition
("If X is down, users cannot ...") or a question. The clause ends at a full stop, a semicolon or a conjunction that
starts another statement ("..., but X kept serving").
"""

from __future__ import annotations

import re

from extraction.extraction_types import Mention
from extraction.impact_prose import CLIENT_NOUNS
from extraction.traffic_phrases import TRAFFIC_NOUNS
from extraction.vocabulary import words

# A lost ability: "cannot", "can't", "could not", "couldn't", "unable to", "failed to" (of people, not systems).
_LOST = re.compile(r"\b(?:can\s?not|can[’']t|could\s+not|couldn[’']t|unable\s+to|failed\s+to|fail\s+to)\s+", re.I)
# Verbs by which people reach or use a system ("log in to X", "start streams on X", "load pages from X").
_USE_VERBS = words("""reach access use log sign connect load open start complete finish submit view stream upload
    download send authenticate call query place run create pay check browse save fetch play book order""")
# People who use a system, besides `impact_prose.CLIENT_NOUNS` and traffic nouns.
_USERS = CLIENT_NOUNS | TRAFFIC_NOUNS | words("""admin administrator operator developer engineer partner agent member
    buyer shopper visitor player guest patient rider driver employee staff account""")
_CLAUSE_END = re.compile(r"[.;!?](?:\s|$)|,?\s+(?:but|while|whereas|although|though|because|since|until"
                         r"|and\s+(?:the|we)\b)\s", re.I)
_CONDITION = re.compile(r"\b(?:if|unless|whenever|when|once|should)\b", re.I)
_WORD = re.compile(r"[a-z]+")
_SYSTEMS = frozenset({"Service", "Component", "Technology"})


def _users_before(clause: str) -> bool:
    """The words before the lost ability name people or traffic ("Users", "Some viewers", "Admins on X")."""
    for word in _WORD.findall(clause.casefold()):
        if word in _USERS or word.removesuffix("s") in _USERS or word.removesuffix("es") in _USERS:
            return True
    return False


def lost_access(text: str, start: int, end: int, mentions: list[Mention], listed: bool = False
                ) -> list[tuple[Mention, tuple[int, int]]]:
    """(system hit, span of the lost-ability words) for each system ``text[start:end]`` says users could not reach.
    ``listed``: the text is an item of an impact list, which may open with the lost ability ("- Unable to reach X")."""
    found: list[tuple[Mention, tuple[int, int]]] = []
    if text[start:end].rstrip().endswith("?"):
        return found
    for m in _LOST.finditer(text, start, end):
        verb = _WORD.match(text[m.end() : m.end() + 20].casefold())
        if verb is None or verb.group(0) not in _USE_VERBS:
            continue
        clause_start = max((c.end() for c in _CLAUSE_END.finditer(text, start, m.start())), default=start)
        before = text[clause_start : m.start()]
        if _CONDITION.search(before) or not (_users_before(before) or (listed and not before.strip(" -*•"))):
            continue
        if any(clause_start <= x.start < m.start() and x.type in _SYSTEMS for x in mentions):
            continue  # "users of X could not ..." is read by the client-noun rules; a system subject is not a user
        stop = _CLAUSE_END.search(text, m.end(), end)
        clause_end = end if stop is None else stop.start()
        for x in mentions:
            if m.end() <= x.start and x.end <= clause_end and x.type in _SYSTEMS and all(x is not f for f, _ in found):
                found.append((x, (m.start(), m.end() - 1)))
    return found
