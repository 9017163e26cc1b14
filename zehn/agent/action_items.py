"""Who owns an action item, chosen by WHAT the item asks to do (part of stage 4, bind).

Postmortems, ADRs and meeting notes list their follow-ups in many shapes (owner labels, the owner as the task's
subject, action tables with an owner column, checklist handles, "Owner: A" under a heading); they are read line by
line in :mod:`zehn.agent.action_lines`, and each item cites the sentences that cover its line.

A question "who owns the action item / follow-up / work to <do something>" names the item by what it does, so the
item is chosen by the content similarity of the asked words (the question's core terms besides the task nouns and
the ownership verb) against each item's own words, never by its position in the document. The best item answers
when it holds at least half of the asked terms and, when the question names an act (a verb), that act (or a
synonym of it); two items that tie both answer. Documents that list items, none of which meets this -> "not
established" (the asked item is not there); documents that list none -> nothing is bound here (the caller goes on).
Asked words that the document's title holds ("after the webhook outage, which team ...") set the scene: they count
for every item of that document, and an act the title names is not required of the item. "Which team will / has to
<act>" asks for the same owner as "who owns the follow-up to <act>".

When the best item names no owner (a checklist line nobody took, a "TBD" owner cell), the answer is "not
established": the neighbouring items' owners are never given. The hop is graded by the labelled-line grader when
an owner label states it; an owner given by the line's shape has no label, so its hop is ``inferred``
(``action_subject``, ``table_owner_column``, ``checklist_handle``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from spacy.tokens import Token

from verify import HopGrade
from verify.labelled import grade_labelled, label_relation, segments
from verify.parsing import Parse
from zehn.agent.act_relations import relations, states
from zehn.agent.action_lines import OWNER_ONLY, OwnerShape, later_sentences, person_test, read_line, table_items
from zehn.agent.bound import Bound, PathView
from zehn.agent.doc_lines import Line, covering, lines
from zehn.agent.field_lists import GROUP_FOCI
from zehn.agent.grading import hop, view
from zehn.agent.inline_items import inline_items
from zehn.agent.lemmas import LIGHT_VERBS, inflects, words
from zehn.agent.question import DOCUMENT_WORDS, Analysis
from zehn.agent.retrieve import DocView, Views
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity
from zehn.agent.speakers import roster

DOCUMENTS_READ = 3  # the best retrieved documents whose action items are compared
MIN_SHARE = 0.5  # an item must hold at least this share of the asked terms (half: the ask is mostly its words)
# Nouns that name a task as such (what a question calls the item, not what the item does).
TASK_NOUNS = frozenset({"action", "item", "follow-up", "followup", "follow", "task", "todo", "to-do", "work",
                        "step", "remediation", "owner", "own", "ownership", "responsible", "responsibility",
                        "assignment", "workstream", "deliverable"})
# Verbs that ask about ownership itself, not about what the item does.
_OWNING_VERBS = frozenset({"own", "lead", "drive", "handle", "responsible", "assign", "take", "have", "pick", "carry",
                           "volunteer", "owe"})
# Words by which a "who" question asks for an owner when the parse found no ownership verb.
_OWNING_WORDS = frozenset({"own", "owns", "owner", "owners", "responsible", "dri", "assigned", "assignee"})
# "Who will / has to / is to <act>", "which team must <act>": a doer asked for an act still to be done is the owner
# of the follow-up that does it (modal and semi-modal English; "who will be affected" names no act).
_LISTED = re.compile(r"^\s*(?:[-*+•]|\d{1,3}[.)])\s+")  # a list line (its lead still opens it)
_DOER_NOUNS = "|".join(sorted(GROUP_FOCI | {"function", "person", "engineer"}))  # the group nouns of field_lists
_OWED = re.compile(rf"\b(?:who|which\s+(?:{_DOER_NOUNS}))\s+(?:owes?\b|"  # "who owes them a reply": a debt to act
                   r"(?:will|shall|must|should|has to|have to|is to|are to|needs? to|is going to|is expected to)\s+"
                   r"(?!be\b|have\b|get\b|see\b)[a-z]{3,}\b)", re.I)
# Pronouns that stand for a thing named earlier in the question ("The open follow-ups: who has *them*?").
_STANDING_IN = frozenset({"it", "them", "this", "these", "that", "those"})
# Words after a gerund that make it an act with an argument ("adding *a* stage", "alerting *on* latency").
_ACT_FOLLOWERS = frozenset({"a", "an", "the", "on", "to", "our", "its", "their"})


@dataclass(frozen=True)
class ActionItem:
    cited: tuple[Sentence, ...]  # the citable sentences of the item's line (and of its owner line)
    what: str  # the item's own words: the line without its key and owner parts, or the heading above "Owner: A"
    owners: tuple[str, ...]
    how: OwnerShape  # how the owner is given
    lead: str = ""  # the item's heading and the line that opens its list ("Owners were assigned as follows:")


def _owns_an_act(question: str) -> bool:
    """"Who owns adding a stage", "who is responsible for updating the runbook": an owning word, then an act (a
    gerund with its object or preposition after it; "who owns pricing" names an area, not an act)."""
    said = words(question)
    for n, word in enumerate(said[:-2]):
        act = said[n + 2] if said[n + 1] == "for" else said[n + 1]
        after = said[n + 3] if said[n + 1] == "for" and n + 3 < len(said) else said[n + 2]
        if word in _OWNING_WORDS and act.endswith("ing") and len(act) > 5 and after in _ACT_FOLLOWERS:
            return True
    return False


def task_question(analysis: Analysis) -> bool:
    """An ownership question that names a task by what it does ("who owns the follow-up to rotate X", "who is
    responsible for the action item to ...", "who owns adding X"), or asks who is still to do an act ("which team
    will build X", "who has to update Y")."""
    if analysis.asks and analysis.asks[0].answer_type == "agent" and (
            _owns_an_act(analysis.question) or _OWED.search(analysis.question)):
        return True
    if analysis.route not in ("ownership", "participation", "attribute") or analysis.rel_type not in ("OWNS", None):
        return False
    first = analysis.asks[0] if analysis.asks else None
    # "Who has / carries / picked up the follow-ups": an ownership verb as the ask's own predicate asks for an owner
    # as "who owns" does (the parse routes "have" and "carry" as participation, not ownership).
    if analysis.route != "ownership" and not (first is not None and first.answer_type == "agent" and (
            set(words(analysis.question)) & _OWNING_WORDS or first.predicate in _OWNING_VERBS)):
        return False
    subject = analysis.subject
    # "Remaining work after X: who has it?": the pronoun stands for the task named before the ask, so the
    # question's own terms name the task.
    named = analysis.terms if subject is not None and subject.text.casefold() in _STANDING_IN else (
        subject.terms if subject is not None else ())
    return bool(set(named) & TASK_NOUNS) or any(
        t in TASK_NOUNS - {"owner", "own", "ownership"} for a in analysis.asks for t in a.core)


def items(doc_view: DocView, person: Callable[[str], bool], asked: frozenset[str] = frozenset()) -> list[ActionItem]:
    """The action items of a document, in document order (lines of a table are read with the table's header;
    ``asked``: the question's words, which may name the table's role column)."""
    out: list[ActionItem] = []
    read = lines(doc_view)
    n = 0
    lead = ""
    # "- nadia: raise the pool size (P1)" in a chat's follow-up list: the handles the metadata lists are names.
    handles = frozenset(roster([s.text for s in doc_view.sentences if s.kind == "metadata"]))
    while n < len(read):
        line = read[n]
        if line.is_heading:
            n, lead = n + 1, ""
            continue
        if line.text.lstrip().startswith("|"):
            rows, n = _table(doc_view, read, n, asked)
            out.extend(rows)
            continue
        n += 1
        cited = tuple(covering(doc_view, line.start, line.end))
        if not cited:
            continue
        inline = inline_items(line.text, person, handles)  # "follow-ups: A (the hotfix), B (the postmortem)"
        if inline:
            out.extend(ActionItem(tuple(c for c in cited if i.owner in c.text) or cited, i.what, (i.owner,),
                                  "subject", i.lead) for i in inline)
            continue
        item = read_line(line.text, line.heading, person, lead, handles)
        if item is None and OWNER_ONLY.match(line.text):  # "Owner: A" alone: the task is its section's heading
            out.extend(_owned_heading(line, cited))
            continue
        if item is not None:
            out.append(ActionItem(cited, item.what, item.owners, item.how, f"{line.heading} {lead}"))
        elif line.text.rstrip(" *_").endswith(":"):  # a line that opens a list: "Follow-ups were assigned as below:"
            lead = line.text
        elif not _LISTED.match(line.text):  # prose after the list: the list it opened has ended
            lead = ""
    return out


def _table(doc_view: DocView, read: list[Line], n: int, asked: frozenset[str]) -> tuple[list[ActionItem], int]:
    """The action items of the table that starts at line ``n``, read with its header, and the line after it."""
    out: list[ActionItem] = []
    table = [read[n]]
    while n + len(table) < len(read) and read[n + len(table)].text.lstrip().startswith("|"):
        table.append(read[n + len(table)])
    for row, cell in table_items([t.text for t in table], asked):
        covered = covering(doc_view, table[row].start, table[row].end)
        if covered:
            out.append(ActionItem(tuple(covered), cell.what, cell.owners, cell.how))
    return out, n + len(table)


def _owned_heading(line: Line, cited: tuple[Sentence, ...]) -> list[ActionItem]:
    """An "Owner: A" line alone: its section's heading is the task A owns."""
    owners = tuple(v for seg in segments(line.text) if label_relation(seg.label) == "OWNS" for v in seg.values)
    return [ActionItem(cited, line.heading, owners, "heading", line.heading)] if owners and line.heading else []


def _asked(analysis: Analysis, nlp: Parse) -> tuple[list[str], list[str], dict[str, frozenset[str]], list[str]]:
    """(asked terms, asked acts, the relations each act states, framing terms): the question's terms besides the task
    nouns, its content verbs, and the terms of a phrase fronted before the wh-word ("*In the sweep before the
    canary,* who ..."), which set the scene as a title does."""
    # The whole question's terms: a parse often leaves "to rotate X" off the subject phrase ("the follow-up").
    focus = {a.focus_head for a in analysis.asks}  # "which *team* owns the follow-up ...": the answer's kind
    parse = nlp(analysis.question)
    placing = {t.lemma_.casefold() for t in parse if _placing(t)}
    # ("the follow-ups from the X *ticket*": a word for the kind of document names no part of the task)
    terms = [t for t in analysis.terms if t not in TASK_NOUNS | DOCUMENT_WORDS and t not in _OWNING_VERBS | placing
             and t not in focus]
    # An act is a verb, or a word the parse made the head of a clause ("to decommission X" is often tagged a noun).
    # (A participle before its noun describes the thing, "the *scoped* canary", and so does one after it, "the offset
    # *tied to* the errors": it is no act the item must do.)
    acting = [t for t in parse
              if ((t.pos_ == "VERB" and t.dep_ != "amod") or t.dep_ in ("relcl", "advcl", "xcomp", "acl") or
                  any(c.tag_ == "TO" for c in t.children)) and not _describing(t) and
              t.lemma_.casefold() not in LIGHT_VERBS | _OWNING_VERBS and t.lemma_.casefold() in terms]
    stated: dict[str, frozenset[str]] = {}  # one act, asked twice, states what either of its uses states
    for t in acting:
        lemma = t.lemma_.casefold()
        stated[lemma] = stated.get(lemma, frozenset()) | relations(t)
    wh = next((t.i for t in parse if t.tag_ in ("WP", "WDT", "WRB", "WP$")), 0)
    fronted = parse[wh - 1].text == "," and {t.lemma_.casefold() for t in parse[:wh]}
    framing = [t for t in terms if fronted and t in fronted]
    return list(dict.fromkeys(terms)), list(stated), stated, framing


def _describing(verb: Token) -> bool:
    """A past participle after a noun that is no task noun: it says which thing ("an alert on the offset *tied to*
    the errors"), as an adjective would, not what the item does ("the follow-up *to rotate* X" does)."""
    return verb.dep_ == "acl" and verb.tag_ == "VBN" and verb.head.lemma_.casefold() not in TASK_NOUNS


def _placing(verb: Token) -> bool:
    """A verb of the question that places a task on someone rather than says what the task does: its complement is
    another act ("who volunteered to rotate X", "who was asked to add Y") or a task noun ("who picked up the
    follow-up on Z"). The item need not say it: its owner label is the placing."""
    if verb.pos_ != "VERB":
        return False
    objects = [c for c in verb.children if c.dep_ in ("dobj", "nsubjpass")]
    objects += [g for c in verb.children if c.dep_ in ("prep", "prt") for g in c.children if g.dep_ == "pobj"]
    return any(c.dep_ == "xcomp" and c.pos_ == "VERB" for c in verb.children) or any(
        o.lemma_.casefold() in TASK_NOUNS for o in objects)


def grade_owner(item: ActionItem, owner: str, nlp: Parse) -> tuple[HopGrade, Sentence]:
    """An owner label in a cited sentence that names the owner grades as the labelled-line grader says; an owner
    given by the line's shape (the task's subject, a table column, a handle) is ``inferred``."""
    said = next((s for s in item.cited if owner.casefold() in s.text.casefold()), item.cited[0])
    if item.how in ("label", "heading"):
        # The label may open a later sentence of the cited one ("Add X. Owner team: Y."): graded where it stands.
        for text in (said.text, *(t for _, t in later_sentences(said.text))):
            graded = grade_labelled(text, "OWNS", owner, True, said.id, nlp)
            if graded.grade != "insufficient":
                return graded, said
    reason = {"subject": "action_subject", "table": "table_owner_column", "handle": "checklist_handle",
              "due_paren": "owner_before_due_date"}.get(
        item.how, "owner_label_split")
    return HopGrade("inferred", (reason,), said.id), said


def _acts_done(doing: list[str], said: set[str], item: ActionItem, stated: dict[str, frozenset[str]],
               similarity: Similarity, nlp: Parse) -> set[str]:
    """The asked acts the item does: said, inflected or a synonym in it or its lead, or the same relation stated."""
    own, placed = words(item.what), words(item.lead)
    done = {a for a in doing if a in said or any(inflects(a, w) for w in (*own, *placed)) or
            a in placed or similarity.synonym(a, own)}
    if len(done) < len(doing):  # the same relation by another verb: "sign off on X" / "approve X"
        done |= {a for a in doing if a not in done and states(stated.get(a, frozenset()), nlp(item.what))}
    return done


def bind_action(analysis: Analysis, views: Views, similarity: Similarity,
                nlp: Parse) -> Bound | None:
    """The owners of the action item whose WHAT best matches the asked one, or None when no item matches."""
    terms, acts, stated, framing = _asked(analysis, nlp)
    if not terms:
        return None
    documents = views()
    scored: list[tuple[int, int, ActionItem, DocView]] = []
    listed = 0

    for rank, doc_view in enumerate(documents[:DOCUMENTS_READ]):
        # Terms that name the document ("after the webhook outage", "per the tokenizer postmortem") set the scene:
        # they count for every item of that document, which need not repeat them (an asked act must be the item's,
        # unless the title names it).
        scene = similarity.matches(terms, words(doc_view.info.title)) | similarity.matches(
            framing, [w for s in doc_view.sentences for w in words(s.text)])  # a chat's title names no scene
        doing = [a for a in acts if a not in scene]  # an act the title names sets the scene too ("the X rollout")
        for item in items(doc_view, person_test(nlp), frozenset(words(analysis.question))):
            listed += bool(item.owners)
            own = words(item.what)
            said = similarity.matches(terms, own) | scene
            if len(said | set(doing)) < MIN_SHARE * len(terms):
                continue  # short of the share even if every asked act had a synonym here: no embedding needed
            # The verb that placed the item may be said by its heading or lead line, not by the item itself
            # ("Owners were assigned as follows:" / "- Rotate the keys (owner: A)").
            done = _acts_done(doing, said, item, stated, similarity, nlp)
            said |= done
            if len(said) < MIN_SHARE * len(terms) or (doing and not done):
                continue
            scored.append((len(said), -rank, item, doc_view))
    if not scored:
        # Documents that list action items, none of which does the asked thing: the item is not there.
        return Bound(reason="not established: no action item in the documents does what was asked",
                     decline="ask_unbound") if listed else None
    best = max((s[0], s[1]) for s in scored)
    chosen = [s for s in scored if (s[0], s[1]) == best]
    if not any(item.owners for _, _, item, _ in chosen):
        return Bound(reason="not established: the action item that does what was asked names no owner",
                     decline="relation_unstated")
    paths: list[PathView] = []
    for _, _, item, _ in chosen:
        for owner in item.owners:
            graded, line = grade_owner(item, owner, nlp)
            if graded.grade == "insufficient":
                continue
            paths.append(view(owner, owner, (owner, item.what),
                              [hop(owner, "OWNS", item.what, graded, line, "question")], list(item.cited)))
    if not paths:
        return None
    return Bound(paths=tuple(paths), document=chosen[0][3].info)
