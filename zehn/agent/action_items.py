"""Who owns an action item, chosen by WHAT the item asks to do (part of stage 4, bind).

Postmortems, ADRs and meeting notes list their follow-ups in a few shapes:

- a numbered or labelled line with the owner in it: "ACTION 2 (Edge): enforce request signing (owner: A, due: D)",
  "- Routing: enforce the default (Owner: A / B)";
- a checklist line with a handle: "- [ ] rotate the bucket credentials — @a.person";
- an "Owner: A" line right under a heading that names the task ("### Migrate the scheduler off cron").

A question "who owns the action item / follow-up / work to <do something>" names the item by what it does, so the
item is chosen by the content similarity of the asked words (the question's core terms besides the task nouns and
the ownership verb) against each item's own words, never by its position in the document. The best item answers
when it holds at least half of the asked terms and, when the question names an act (a verb), that act (or a
synonym of it); two items that tie both answer. Documents that list items, none of which meets this -> "not
established" (the asked item is not there); documents that list none -> nothing is bound here (the caller goes on).

The hop is graded by the labelled-line grader (the line holds the owner label and, by the match, what was asked);
a handle on a checklist line has no label, so its hop is ``inferred`` (``checklist_handle``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from verify import HopGrade
from verify.labelled import grade_labelled, label_relation, segments
from verify.parsing import Parse
from zehn.agent.bound import Bound, PathView
from zehn.agent.grading import hop, view
from zehn.agent.lemmas import LIGHT_VERBS, words
from zehn.agent.question import Analysis
from zehn.agent.retrieve import DocView, Views
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity

DOCUMENTS_READ = 3  # the best retrieved documents whose action items are compared
MIN_SHARE = 0.5  # an item must hold at least this share of the asked terms (half: the ask is mostly its words)
# Nouns that name a task as such (what a question calls the item, not what the item does).
TASK_NOUNS = frozenset({"action", "item", "follow-up", "followup", "follow", "task", "todo", "to-do", "work",
                        "step", "remediation", "owner", "own", "ownership", "responsible", "responsibility",
                        "assignment", "workstream", "deliverable"})
# Verbs that ask about ownership itself, not about what the item does.
_OWNING_VERBS = frozenset({"own", "lead", "drive", "handle", "responsible", "assign", "take", "have"})
# Words by which a "who" question asks for an owner when the parse found no ownership verb.
_OWNING_WORDS = frozenset({"own", "owns", "owner", "owners", "responsible", "dri", "assigned", "assignee"})
_HANDLE = re.compile(r"(?:^|\s)@(?P<handle>[A-Za-z][\w.\-]*[A-Za-z0-9])")
_CHECKBOX = re.compile(r"^\s*(?:[-*+]\s+)?\[[ xX]\]\s+")
_ACTION_KEY = re.compile(r"^\s*(?:[-*+]\s+)?[*_]*ACTION\s+\d{1,3}[*_]*\s*(?:\([^)\n]{1,40}\))?\s*:\s*", re.I)
_OWNER_ONLY = re.compile(r"^\s*(?:[-*+]\s+)?[*_]*(?:owners?|dri|assignee)[*_]*\s*[:—–]", re.I)


@dataclass(frozen=True)
class ActionItem:
    line: Sentence
    what: str  # the item's own words: the line without its owner parts, or the heading above an "Owner:" line
    owners: tuple[str, ...]
    labelled: bool  # the owners are the values of an owner label (else a checklist handle)


def task_question(analysis: Analysis) -> bool:
    """An ownership question that names a task by what it does ("who owns the follow-up to rotate X", "who is
    responsible for the action item to ...")."""
    if analysis.route not in ("ownership", "participation", "attribute") or analysis.rel_type not in ("OWNS", None):
        return False
    if analysis.route != "ownership" and not (analysis.asks[0].answer_type == "agent" and set(
            words(analysis.question)) & _OWNING_WORDS):
        return False
    return bool(analysis.subject and set(analysis.subject.terms) & TASK_NOUNS) or any(
        t in TASK_NOUNS - {"owner", "own", "ownership"} for a in analysis.asks for t in a.core)


def _owner_values(text: str) -> tuple[str, ...]:
    found = [v for seg in segments(text) if label_relation(seg.label) == "OWNS" for v in seg.values]
    return tuple(v.strip(" *_`") for v in found if ":" not in v and v[:1].isalpha())


def _what(text: str) -> str:
    """The line without its owner segments, handles, checkbox or action key."""
    for seg in segments(text):
        if label_relation(seg.label) == "OWNS":
            cut = text.rfind("(", 0, seg.start + 1)
            text = text[: cut if cut >= 0 and seg.start - cut <= 2 else seg.start]
            break
    text = _HANDLE.sub(" ", _ACTION_KEY.sub("", _CHECKBOX.sub("", text)))
    return text.strip(" -—–:*")


def _heading_of(doc_view: DocView, line: Sentence) -> str:
    for passage in doc_view.passages:
        if passage.start <= line.start < passage.end:
            return passage.heading.rsplit(" > ", 1)[-1]
    return ""


def items(doc_view: DocView) -> list[ActionItem]:
    """The action items of a document, in document order."""
    out: list[ActionItem] = []
    for line in doc_view.sentences:
        if line.kind == "metadata":
            continue
        owners = _owner_values(line.text)
        if owners and _OWNER_ONLY.match(line.text):  # "Owner: A" alone: the task is its section's heading
            heading = _heading_of(doc_view, line)
            if heading:
                out.append(ActionItem(line, heading, owners, True))
            continue
        if owners:
            out.append(ActionItem(line, _what(line.text), owners, True))
            continue
        handles = tuple(m.group("handle") for m in _HANDLE.finditer(line.text))
        if handles and (_CHECKBOX.match(line.text) or _ACTION_KEY.match(line.text)):
            out.append(ActionItem(line, _what(line.text), handles, False))
    return out


def _asked(analysis: Analysis, nlp: Parse) -> tuple[list[str], list[str]]:
    """(asked terms, asked acts): the question's terms besides the task nouns, and its content verbs."""
    # The whole question's terms: a parse often leaves "to rotate X" off the subject phrase ("the follow-up").
    terms = [t for t in analysis.terms if t not in TASK_NOUNS and t not in _OWNING_VERBS]
    # An act is a verb, or a word the parse made the head of a clause ("to decommission X" is often tagged a noun).
    acts = [t.lemma_.casefold() for t in nlp(analysis.question)
            if (t.pos_ == "VERB" or t.dep_ in ("relcl", "advcl", "xcomp", "acl") or
                any(c.tag_ == "TO" for c in t.children)) and
            t.lemma_.casefold() not in LIGHT_VERBS | _OWNING_VERBS and t.lemma_.casefold() in terms]
    return list(dict.fromkeys(terms)), list(dict.fromkeys(acts))


def _grade(item: ActionItem, owner: str, nlp: Parse) -> HopGrade:
    if item.labelled:
        return grade_labelled(item.line.text, "OWNS", owner, True, item.line.id, nlp)
    return HopGrade("inferred", ("checklist_handle",), item.line.id)


def bind_action(analysis: Analysis, views: Views, similarity: Similarity,
                nlp: Parse) -> Bound | None:
    """The owners of the action item whose WHAT best matches the asked one, or None when no item matches."""
    terms, acts = _asked(analysis, nlp)
    if not terms:
        return None
    documents = views()
    scored: list[tuple[int, int, ActionItem, DocView]] = []
    listed = 0
    for rank, doc_view in enumerate(documents[:DOCUMENTS_READ]):
        for item in items(doc_view):
            listed += 1
            own = words(item.what)
            said = similarity.matches(terms, own)
            said |= {a for a in acts if a not in said and similarity.synonym(a, own)}
            if len(said) < MIN_SHARE * len(terms) or (acts and not said & set(acts)):
                continue
            scored.append((len(said), -rank, item, doc_view))
    if not scored:
        # Documents that list action items, none of which does the asked thing: the item is not there.
        return Bound(reason="not established: no action item in the documents does what was asked") if listed \
            else None
    best = max((s[0], s[1]) for s in scored)
    chosen = [s for s in scored if (s[0], s[1]) == best]
    paths: list[PathView] = []
    for _, _, item, _ in chosen:
        for owner in item.owners:
            graded = _grade(item, owner, nlp)
            if graded.grade == "insufficient":
                continue
            paths.append(view(owner, owner, (owner, item.what),
                              [hop(owner, "OWNS", item.what, graded, item.line, "question")], [item.line]))
    if not paths:
        return None
    return Bound(paths=tuple(paths), document=chosen[0][3].info)
