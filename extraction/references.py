"""Tickets, pull requests and pages a document names in its prose, and how it names them.

A ticket or page named in the body (not the document's own) is linked to the document - unless the sentence asks
a question, or the key is a value inside code, JSON or a config line. The words around it can say more: a fix
("patch deployed (PR #21)", "hotfix PR #7", "PR #8 opened to fix ...") FIXES the document's subject, while
"this change fixes LAR-1" means the document fixes the ticket; a cause ("root cause (PR #5)", "regression from
PR #5", "rolled back PR #5") CAUSED it, while a change put out ("rolled out PR #5", "deployed PR #5") is only linked.
The nearer words decide: those before the name in its clause first, then the first few after it in its sentence.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from extraction.change_announcements import announced_fix
from extraction.extraction_types import Mention

# Words around a ticket or PR named in prose that make it the document's fix or its cause (general English).
# A change that had to be reverted or rolled back is the cause, not the fix: the revert is the fix.
_FIX_CUES = frozenset({"fix", "fixes", "fixed", "hotfix", "patch", "patched", "mitigation", "mitigate", "mitigated",
                       "remediation", "resolve", "resolves", "resolved"})
# A fix verb right before the ticket makes the ticket what is fixed, not the fix.
_FIXING_VERBS = frozenset({"fixes", "fixed", "resolves", "resolved", "closes", "closed", "addresses", "addressed",
                           "mitigates", "mitigated"})
_CAUSE_CUES = frozenset({"cause", "caused", "causing", "culprit", "regression", "introduced", "triggered", "trigger",
                         "broke", "broken"})
# Undoing a change makes the change the cause only when the undoing is said of it: "rolled back PR #5", "PR #5 was
# reverted" - not "retry rules written to match the rollback policy", where the word only describes something nearby.
_UNDOING_CUES = frozenset({"revert", "reverted", "reverting", "rollback", "rolled", "rolling"})
_UNDOING_REACH = 3
_ID_LABEL = re.compile(r"\bid\s*[:=#]?\s*$", re.I)
# A cause verb right before a ticket makes the ticket its effect ("alert triggered INC-7"), not its cause.
_EFFECT_VERBS = frozenset({"caused", "triggered", "triggers", "trigger", "causing", "causes", "opened", "created"})
_UNDONE = frozenset({"reverted", "rolled"})  # after the name, only a verb says the change itself was undone
# Putting a change out is not undoing it: "rolled out PR 5", "deployed PR 5", "shipped PR 5" say what was released.
# With one of these right before the name, the words before it ("the regression was mitigated once we rolled out")
# are about the incident, not the change; only the words after it ("..., which introduced the bug") can make it a
# cause. "rolled back" stays an undoing.
_RELEASE_VERBS = frozenset({"deployed", "deploying", "deploy", "shipped", "shipping", "ship", "released",
                            "releasing", "merged", "landed", "applied", "out"})
_ROLLING = frozenset({"rolled", "rolling"})  # "rolled" undoes a change only as "rolled back"
# A cue word that names a kind of test or a kind of write-up ("regression tests", "mitigation steps", "fix notes")
# describes that thing, not the change or ticket named beside it.
_KIND_NOUNS = frozenset({"test", "tests", "testing", "suite", "suites", "check", "checks", "step", "steps",
                         "guidance", "notes", "doc", "docs", "runbook", "playbook", "checklist", "template"})
# An identifier in parentheses after one of these nouns names that thing ("the header rewrite rule (NET-44)", "the
# feature flag (FF-12)"), not a ticket or pull request.
_NAMED_THING = re.compile(r"\b(?:rule|policy|flag|setting|alarm|host|node|error|code)\s*\(\s*$", re.I)
# A key that labels its own list item with a one-digit number ("- QA-2: add a load test", "UX-3: ...") numbers an
# item of this document's own list (requirements, action items), not a tracker's ticket.
_OWN_ITEM = re.compile(r"^[A-Za-z]+-\d$")
# A pull request given in brackets at the end of a clause ("... (PR: <url>)", "(PR submitted: <url>)", "(see PR #4)")
# holds the change the clause describes; when the clause opens with a word of fixing ("Patch X to ...", "Ship SDK
# patch ...", "Root cause fix: ..."), that change is the fix, however long the description between.
_PR_NOTE = re.compile(r"\(\s*(?:see\s+)?(?:PR|MR|pull request|merge request)\b[^()]{0,20}$", re.I)
_OPENING = 4  # words at the head of a clause that say what it is about


def _opens_with_a_fix(opening: list[str]) -> bool:
    """A clause's first words say it is a fix: its label's last word ("Root cause fix:", not "Root cause:"), or,
    with no label, a fix word and no cause word ("Patch X to ...")."""
    label = next((i for i, w in enumerate(opening) if w.endswith(":")), None)
    bare = [w.strip("()[]*,:`'\"") for w in opening]
    if label is not None:
        return bare[label] in _FIX_CUES
    return bool(set(bare) & _FIX_CUES) and not set(bare) & _CAUSE_CUES


def _reference_role(text: str, sentence_start: int, m: Mention) -> str:
    """How a document refers to a ticket or pull request it names: as its fix ("patch rolled out (PR #21)",
    "hotfix PR #7", "PR #8 opened to fix ..."), as its cause ("root cause (PR #5)", "regression from PR #5"), or
    merely as a link."""
    # The words before the name in its clause: a line, a list item or a dash ends a clause too.
    clause = re.split(r"[;.!?]\s|\s[—–-]\s|\n|\\n", text[sentence_start : m.start])[-1].casefold().split()
    before = clause[-8:]
    if before and before[-1].strip("*`") in _FIXING_VERBS:
        return "FIXED_BY_DOCUMENT"  # "this change fixes LAR-140": the document fixes the ticket
    if before and before[-1].strip("*`:") in _EFFECT_VERBS:  # "incident triggered: INC-7": what was set off, not
        named = {w.strip("()[]*,:`'\"") for w in before[-4:-1]}  # its cause; "Patch PR created: #7" is the fix
        return "FIXES" if named & _FIX_CUES else "LINKED_TO"
    if _PR_NOTE.search(text, max(sentence_start, m.start - 30), m.start) and _opens_with_a_fix(clause[:_OPENING]):
        return "FIXES"  # "Patch X to close the socket on error (PR: <url>)": the change the clause opens with
    rest = text[m.end : m.end + 60]
    # A key that labels its own item ("- OPS-7: revert the drift ...") is a task; its words say what the task does.
    after = [] if rest.lstrip("*`").startswith(":") else re.split(r"[;.!?](?:\s|$)|\n|\\n", rest)[0].casefold(
    ).split()[:5]
    bare = [w.strip("()[]*,:`'\"") for w in before]
    # "rolled out the search-indexer PR 881": a release verb may stand a word or two before the name
    released = bool(set(bare[-3:]) & _RELEASE_VERBS)
    if released and "back" not in bare[-3:]:
        before = [w for w in before if w.strip("()[]*,:`'\"") not in _ROLLING]
    if len(clause) > len(before) and _opens_with_a_fix(clause[:_OPENING]) and not (
            set(bare[-_UNDOING_REACH:]) & (_CAUSE_CUES | _UNDOING_CUES)):
        # "Fix and revert the regression in the compression wrapper (PR open): PR #9": the clause opens with its fix
        # further back than the words read below; a cause word between names what is fixed, unless it is said of
        # the change itself ("Fix the outage introduced by PR #9").
        return "FIXES"
    for window, reach in ((before, len(before)), (after, 4)):
        # A cue word naming a kind of test ("regression tests") says nothing about the change.
        words = {w.strip("()[]*,:`'\"") for w, nxt in zip(window[:reach], [*window[1:], ""], strict=False)
                 if nxt.strip("()[]*,:`'\"") not in _KIND_NOUNS}
        near = ({w.strip("()[]*,:`'\"") for w in window[-_UNDOING_REACH:]} if window is before
                else {w for w in window[:_UNDOING_REACH] if w in _UNDONE})  # "PR #5 was reverted", not "(rollback)"
        if words & _FIX_CUES:
            return "FIXES"
        if released and window is before:
            continue  # "rolled out PR 5": what the words before say is not said of the change
        if words & _CAUSE_CUES or near & _UNDOING_CUES:
            return "CAUSED"
    return "LINKED_TO"


def references(text: str, mentions: list[Mention], own: Mention, sentences: list[tuple[int, int]],
               used: set[tuple[int, int]]) -> Iterator[tuple[Mention, str, tuple[int, int]]]:
    """(mention, role, its sentence) for every ticket or page the prose names; ``used`` spans are skipped. The role
    is LINKED_TO, FIXES or CAUSED (the mention fixes or caused the document's subject), FIXED_BY_DOCUMENT, or
    PLANNED_FIX / ANNOUNCED_FIX: a pull request announced after the change it holds is described, linked and the
    subject's fix (`extraction.change_announcements`)."""
    for m in mentions:
        if m.type not in ("Ticket", "Page") or (m.start, m.end) in used or m.name.casefold() in own.name.casefold():
            continue  # not a reference, already read, or the document's own key ("ADR-15" in "ADR-15: ...")
        sentence = next(((s, e) for s, e in sentences if s <= m.start and m.end <= e), None)
        if sentence is None or text[sentence[0] : sentence[1]].rstrip().endswith("?"):
            continue
        if text[m.start - 1 : m.start] in ("\"", "'", "`", "=") or "{\"" in text[slice(*sentence)]:
            continue  # a value inside code, JSON or a config line, not a reference
        lead = text[max(sentence[0], m.start - 24) : m.start]
        if _ID_LABEL.search(lead) or _NAMED_THING.search(lead):
            continue  # "(rule id: RWL-12)", "the rewrite rule (RWL-12)": an identifier of something else
        if _OWN_ITEM.match(m.name) and text[m.end : m.end + 1] == ":":
            continue  # "- QA-2: add a load test": an item numbered in this document
        role = _reference_role(text, sentence[0], m)
        planned = announced_fix(text, sentence, m) if role == "LINKED_TO" else None
        yield m, role if planned is None else "PLANNED_FIX" if planned else "ANNOUNCED_FIX", sentence
