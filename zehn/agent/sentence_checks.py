"""Checks of one parsed sentence that stage 4's binding rules share (:mod:`zehn.agent.sentence_binding`): its
lemmas, whether it denies the asked act, whether it holds a filler of the asked type, whether a label of it names
the asked relation.

Two ways real documents write that a sentence-level rule must not misread:

- a **condition** is not a denial: "forces a flush *when no rows are written* for 2s" states what happens, the
  "no" belongs to the condition (an adverbial clause), not to the sentence's act;
- a **clock time** is not a quantity: "09:42: spill alert fires" holds no count or rate; its digits say
  when (a timeline's stamps would otherwise answer every "what rate" / "how many" asked of a postmortem).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from spacy.tokens import Doc, Token

from extraction.vocabulary import VERB_RULES
from verify.fillers import fillers
from verify.labelled import label_relation, opening_label, segments
from verify.lexicon import METADATA_FIELDS
from zehn.agent.focus import KIND_NOUNS
from zehn.agent.lemmas import inflects, words
from zehn.agent.question import Ask
from zehn.agent.rows import own_heading
from zehn.agent.similarity import Similarity

# A time of day ("13:06", "9:41:07"), with an optional zone: the stamp of a timeline entry, a log line, an e-mail.
_SPLIT = re.compile(r"[\W_]+")  # a heading's words: "cutover_schedule" is "cutover schedule"
CLOCK_TIME = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b")
_CONDITION = frozenset({"advcl"})  # the clause a "when", "if", "unless", "until" opens


def in_condition(token: Token) -> bool:
    """The token sits in an adverbial clause ("when no tokens are emitted", "if no owner is set")."""
    node = token
    while node.head.i != node.i:  # (a parse's root is its own head; tokens are made anew on each access)
        if node.dep_ in _CONDITION:
            return True
        node = node.head
    return False


def negated(parse: Doc, hits: set[str]) -> bool:
    """A negation on the verb (or a matched word) of the sentence: "invoices were not impacted", "made no changes"
    (the determiner "no" on the asked act's noun); not one inside a condition ("... when no tokens arrive")."""
    return any((t.dep_ == "neg" or (t.dep_ == "det" and t.lower_ == "no")) and
               (t.head.dep_ == "ROOT" or t.head.lemma_.casefold() in hits) and not in_condition(t) for t in parse)


def answering_fillers(parse: Doc, ask: Ask, asked: frozenset[str]) -> bool:
    """A filler of the ask's type that is not one of the question's own words (the company a question names is not
    the person it asks for) nor, for a quantity, part of a clock time; the values of a label that names the asked
    relation count as fillers."""
    if label_states(parse.text, ask):
        return True
    clocks = [m.span() for m in CLOCK_TIME.finditer(parse.text)] if ask.answer_type == "quantity" else []
    for start, end in fillers(parse, ask.answer_type):
        if any(a <= start and end <= b for a, b in clocks):
            continue
        words = {w.casefold() for w in parse.text[start:end].split()}
        if not words <= asked:
            return True
    return False


def ask_relation(ask: Ask) -> str | None:
    """The relation the ask names by its verb ("who owns") or its role noun ("who is the account owner")."""
    rule = VERB_RULES.get((ask.predicate, None))
    return rule[0] if rule is not None else METADATA_FIELDS.get(ask.focus_head)


def label_states(line: str, ask: Ask) -> bool:
    """A labelled segment of the line (or a front-matter key) names the asked relation ("Owner: X", "(owner: X)",
    ``"assignee": "X"`` for "who owns / who is the assignee"); or, for a frequency, the line's label is headed by
    the asked kind (:func:`labelled_by_head`); or, for a who-question, a roster line names the asked role or area
    (:func:`roster_line`)."""
    if ask.answer_type == "frequency" and labelled_by_head(line, ask.focus_head):
        return True
    if ask.answer_type == "agent" and roster_line(line, ask):
        return True
    relation = ask_relation(ask)
    return relation is not None and any(label_relation(seg.label) == relation
                                        for seg in segments(line.replace('"', "")))


def roster_line(line: str, ask: Ask) -> bool:
    """A roster line ("Queue health: A", "Release captain / rollback owner: B") whose label, or one of
    its slash-joined alternatives, is all words of the question: a who-question that names the role or area asks
    for the person the line gives for it."""
    label = opening_label(line)
    if label is None:
        return False
    values = segments(line)[0].values
    if not values or not all(_NAME.match(v) for v in values):
        return False  # "Cache eviction: disabled in v2" says how it stands, not who holds it
    asked = set(ask.core or ask.terms)
    return any(len(named) >= 2 and named <= asked for named in
               ({w.removesuffix("s") for w in words(part)} for part in label.split(" / ")))


# A name as rosters write it: one to four capitalised words ("Ana Ruiz", "Lea Ben-Ami", "Payments Platform").
_NAME = re.compile(r"^[A-Z][\w.'-]*(?: [A-Z][\w.'-]*){0,3}$")


def labelled_by_head(line: str, head: str) -> bool:
    """The line opens with a short label whose head (its last word, an English compound's noun) is the asked kind
    ("Observed frequency: ~2% of runs", "Sync cadence: hourly" for "how often"): the label says what its value is,
    the value need not repeat it. A label of more than three words is a clause, not a name."""
    label = opening_label(line)
    if not head or label is None or len(label.split()) > 3:
        return False
    last = label.split()[-1]
    return last == head or inflects(head, last)  # "Sync cadences:" heads "cadence"


def headed_by_focus(heading: str, focus: str) -> bool:
    """The section's own heading is the asked thing's own name of two or more words ("## Cutover schedule",
    "## cutover_schedule (UTC)" for "what is the cutover schedule of X"): a section states what its heading names,
    as a labelled line does (:func:`labelled_by_focus`); its lines need not repeat the name. At most one word
    besides the name (a unit or a qualifier in brackets); one word is not enough ("Notes", "Details")."""
    asked = _name_words(focus)
    if len(asked) < 2:
        return False
    named = _name_words(own_heading(heading))
    return asked <= named and len(named - asked) <= 1


# Words of a label beside the asked thing's own: a participle or a qualifier ("Evidence package *requested*:",
# "*Draft* rollout plan:"). One, as :func:`headed_by_focus` allows a heading (taken from there, not tuned; on the
# tune halves of round 33 the rule moved one answer, to the right line, and no other); more make it another thing's.
LABEL_EXTRA_WORDS = 1


def labelled_by_core(line: str, ask: Ask, title: str = "") -> bool:
    """The line opens with a label of two to four words that names the asked thing in the ask's own terms, written
    when the question asks it without a head noun ("what is X expecting to find in *the evidence package*" /
    "- Evidence package requested: change ids, approver, ..."): at least two of the label's words are core terms of
    the ask (its asked thing, verb and their arguments, not the words that set the scene), at most
    :data:`LABEL_EXTRA_WORDS` other, and the ask's head noun, when it has one, among them. A label that names the
    document's subject ("Incident bot: ...") is no core term of the ask and does not count, and neither is one whose
    held words are all words of the document's ``title``: a label of what the whole document is about ("- Export
    jobs: A, B" in "Runbook: export jobs") heads a part of that subject (its owners, its steps), whatever is asked."""
    label = opening_label(line)
    if label is None or not ask.core:
        return False
    named = _name_words(label) - {""}
    if not 2 <= len(named) <= 4:
        return False
    core = {t.removesuffix("s") for t in ask.core} - set(ask.names)
    held = {w for w in named if w in core or any(inflects(t, w) for t in core)}
    head = ask.focus_head.removesuffix("s")
    return len(held) >= 2 and len(named - held) <= LABEL_EXTRA_WORDS and (not head or head in held) and \
        not held <= _name_words(title)


def _name_words(name: str) -> set[str]:
    """A name's words, snake_case split and a plural "s" dropped, so a heading and a question's phrase compare."""
    return {w.removesuffix("s") for w in _SPLIT.split(name.casefold()) if w}


def labelled_by_focus(line: str, focus: str) -> bool:
    """The line opens with a label that is the asked thing's own name of two or more words ("Rollout plan: staging
    first, then ..." for "what is the rollout plan"): writers label a line with what it states. One word is not
    enough ("Status:", "Notes:" head lines of every kind)."""
    asked = words(focus)
    if len(asked) < 2:
        return False
    label = opening_label(line)
    return label is not None and words(label) == asked


def agent_of(parse: Doc, predicate: str) -> bool:
    """Someone is the doer of the ask's verb in this parse: its subject, or the agent of its passive ("disabled by
    X"), not merely a name near it."""
    for t in parse:
        if t.lemma_.casefold() != predicate:
            continue
        for child in t.children:
            if (child.dep_ == "nsubj" and child.pos_ in ("PROPN", "NOUN")) or (child.dep_ == "agent" and any(
                    c.dep_ == "pobj" for c in child.children)):
                return True
    return False


# A message's header field ("Subject: Re: ...", "From: ...", "Cc: ..."): which message it is, not what it says.
_HEADER_FIELD = re.compile(r"^[\s*_>]*(?:subject|from|to|cc|bcc|date|sent|reply-to)[*_]*\s*:", re.IGNORECASE)


def header_field(line: str) -> bool:
    """The line is an e-mail header field. Its subject line repeats the thread's topic, so it holds most of a
    question's words, yet states nothing about them: a statement, a description or a cause is never bound to it (a
    sender may still be read from "From:" by a typed ask)."""
    return _HEADER_FIELD.match(line) is not None


def states_focus_of_case(ask: Ask, coverage: float, lemmas: Sequence[str], similarity: Similarity) -> bool:
    """A list or description ask whose focus is a content noun ("guardrails", not "steps" or "change") held by the
    line itself, in a passage that holds every core term of the ask (its title and headings name the case): the
    line names the asked thing and its passage says of what ("Postmortem: X alert storm > Corrective actions" /
    "- Baseline guardrails: ..." for "what guardrails were proposed to prevent another X alert storm"). It stands in
    for a core term in the line; the line must still pass the ask's other checks (its verb or a planning section)."""
    return ask.answer_type in ("items", "description") and bool(ask.focus_head) and coverage >= 1.0 and \
        ask.focus_head not in KIND_NOUNS and bool(similarity.matches((ask.focus_head,), lemmas))
