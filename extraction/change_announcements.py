"""A pull request announced right after the change it carries is described: that change's fix.

Comment threads of tickets say what an engineer is doing in one line or sentence and then announce the pull
request that holds it: "Drafted a small change to the gateway that retries the decode. Created draft PR: <url>",
"Opening a change that signs the payload first.\\nRaised PR for review: <url>". The pull request FIXES what the
ticket is about; it is still planned - a drafted, opened or raised change is not merged - unless its own sentence
says it was merged or deployed. Chat updates put the verb after the noun and the change after the link: "PR opened:
<ref> - adds jitter to the retry" is announced the same way. Chat writers also name the change first and then give
the link under a bare "PR:" ("patch queued: add a preflight check. PR: <url> (wip)", "Created PR to add strict cookie
checks. Linked PR: <url>", "Pushed a draft change to normalise keys (PR: <url>)"): the change described in the
link's own statement or the one before it is what the pull request carries. A pull request announced with no
change described before or right after it is only linked.
"""

from __future__ import annotations

import re

from extraction.extraction_types import Mention

# The words right before the pull request in its sentence announce it: a verb of putting a change up, then (a few
# words on) the kind of change, then a colon or "at" before the link ("Created draft PR:", "Raised internal PR for
# discussion:", "Opened a merge request at").
_ANNOUNCED = re.compile(r"\b(?:created|creating|raised|raising|opened|opening|submitted|filed|posted|put up|pushed)"
                        r"\s+(?:[\w-]+\s+){0,2}(?:PR|MR|pull request|merge request)\b[^.!?:]{0,40}(?::|\bat)\s*[`<(]*$",
                        re.I)
# The same announcement with the verb after the noun, as chat and ticket updates shorten it ("PR opened: <link>",
# "MR up: <ref>"), then what the change does right after the link ("- adds jitter to the retry", ": raises the
# pool limit"): the change is described after its announcement instead of before it.
_ANNOUNCED_AFTER = re.compile(r"\b(?:PR|MR|pull request|merge request)\s+(?:opened|up|raised|created|submitted|posted|"
                              r"filed|pushed)\s*:\s*[`<(]*$", re.I)
# A bare link label ("PR:", "Linked PR:", "(MR: "), which names no act of its own: the statement must describe one.
_ANNOUNCED_BARE = re.compile(r"(?:^|[\s(*_])(?:linked\s+)?(?:PR|MR|pull request|merge request)\s*:\s*[`<]*$", re.I)
# A change described noun first, as chat shortens it ("patch queued:", "fix ready", "hotfix up for review"), or a
# pull request put up for a purpose ("Created PR to add ...", "Opened an MR to cap ...").
_QUEUED = re.compile(r"\b(?:patch|fix|hotfix|change)\s+(?:is\s+)?(?:queued|ready|drafted|prepared|written|up|pushed|"
                     r"in progress)\b|\b(?:created|opened|raised|pushed|put up)\s+(?:an?\s+)?(?:draft\s+)?"
                     r"(?:PR|MR|pull request|merge request)\s+to\s+[a-z]+", re.I)
# Verbs of changing a system in the third person, as a change's one-line summary opens ("adds", "caps", "reverts");
# a verb of harm ("breaks", "introduces") or of mere talk ("discusses") says nothing of a fix.
_CHANGE_SUMMARY = re.compile(r"[`>)]*\s*(?:[-—–:]\s*)?(?:adds|removes|caps|bumps|raises|lowers|limits|switches|moves|"
                             r"changes|sets|disables|enables|guards|hardens|reduces|increases|handles|validates|"
                             r"restores|reverts|skips|drops|fixes|patches|makes|clamps|retries|rejects)\b", re.I)
# A change described by its writer: a verb of drafting or opening, a few words of size, then the change itself
# ("Drafted a small change to X", "Opening a change that ...", "Prepared a patch for ...", "Working on a fix ...").
_DESCRIBED = re.compile(r"\b(?:draft(?:ed|ing)?|open(?:ed|ing)?|prepar(?:ed|ing)|wrote|writing|propos(?:ed|ing)|"
                        r"put(?:ting)? together|working on|worked on)\s+(?:(?:a|an|the|one|small|smaller|quick|minor|"
                        r"tiny|narrow|targeted|first|candidate|proposed|possible|draft)\s+){0,3}"
                        r"(?:[\w-]+\s+)?(?:change|patch|fix|hotfix)\b", re.I)
# The pull request's own sentence says the change is in already: a fix done, not planned.
_LANDED = re.compile(r"\b(?:merged|landed|deployed|shipped|released|rolled out)\b", re.I)
# What ends the writer's previous statement: a sentence end, or a line (an exported body's written "\n" too).
_STATEMENT_END = re.compile(r"[.!?](?:\s+|$)|\n|\\n")
_REACH = 400  # how far back the previous statement is looked for


def announced_fix(text: str, sentence: tuple[int, int], m: Mention) -> bool | None:
    """Whether the pull request ``m`` is announced right after a change described (see module): None when it is
    not, else whether the fix is still planned."""
    at = _statement_start(text, sentence[0], m.start)
    if m.type not in ("Page", "Ticket"):
        return None
    if _ANNOUNCED_AFTER.search(text, at, m.start) and _CHANGE_SUMMARY.match(text, m.end, m.end + 40):
        return _landed(text, at, sentence, m) is None  # "PR opened: <link> - adds jitter + backoff"
    if _ANNOUNCED.search(text, at, m.start) is not None:
        if _DESCRIBED.search(_previous(text, at)) is None:
            return None
        return _landed(text, at, sentence, m) is None
    if _ANNOUNCED_BARE.search(text[at : m.start]) is None:  # its own string: "^" is the statement's start
        return None
    described = (_DESCRIBED.search(s) or _QUEUED.search(s) for s in (text[at : m.start], _previous(text, at)))
    return _landed(text, at, sentence, m) is None if any(described) else None


def _previous(text: str, at: int) -> str:
    """The writer's statement before the one starting at ``at`` (not past a blank line), or ""."""
    before = re.split(r"\n\s*\n|\\n\s*\\n", text[max(0, at - _REACH) : at])[-1]
    pieces = [p for p in _STATEMENT_END.split(before) if p.strip()]
    return pieces[-1] if pieces else ""


def _landed(text: str, at: int, sentence: tuple[int, int], m: Mention) -> re.Match[str] | None:
    """A word of the pull request's own statement saying the change is in already ("merged", "deployed")."""
    end = _STATEMENT_END.search(text, m.end)
    return _LANDED.search(text, at, sentence[1] if end is None else end.start())


def _statement_start(text: str, sentence_start: int, at: int) -> int:
    """Where the statement holding ``at`` starts: after the last sentence end or line before it."""
    ends = list(_STATEMENT_END.finditer(text, max(0, min(sentence_start, at - _REACH)), at))
    return ends[-1].end() if ends else sentence_start
