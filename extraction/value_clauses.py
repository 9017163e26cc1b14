"""Two shapes of a labelled line's value that are not a plain list (read by `extraction.lines`).

* A label nested in a parenthesis inside the value: "CI: GitLab (runner group: build-runners)",
  "Queue: Kafka (consumer group: billing-events)". Writers put a second key/value pair in brackets rather than on a
  line of its own; the inner label states its own relation about what the line is about. Role labels
  ("(owner: X)") are left to the task readers: after a task they own the task, not the line's subject.
* A value that reads as a sentence but opens with the systems it is about: "Secondary impact: search-proxy and
  ledger pods saw elevated latency" names search-proxy and ledger as hit, the way "Secondary impact: search-proxy,
  ledger" would. Only systems that open the value, joined by list separators (and an optional plural type noun
  such as "pods"), count; a system named later in the sentence is not the label's value.
* A cause stated as a problem placed in a system: "Root cause: an expired certificate on the auth gateway",
  "Trigger: a config push to X" - the system the problem sits in (after "in", "on", "to" ...) is the cause, the
  first one only, and only a system (`seat_of_cause`).
* A list item that is only a bold title names a deliverable ("1) **Retry budget for the gateway**"): its indented
  "Owner: X" / "Depends on: Y" sub-items are about it, as they are about a ticket key an item opens with. It is a
  work item, so what its sub-items state is planned. A task cell that opens with a name and a colon before its
  bold deliverable ("X: implement **Y** ...") places the deliverable in X: Y PART_OF X (`deliverable_whole`).
"""

from __future__ import annotations

import re

from extraction.extraction_types import Mention
from extraction.line_shapes import ROLE_RELATIONS, SYSTEM_VALUE_TYPES, affected_system
from extraction.vocabulary import NEGATION_WORDS
from verify.vocabulary import LabelRule, label_rule

# "(runner group: build-runners)": a short label, a colon, a value without brackets.
_NESTED = re.compile(r"\((?P<label>[A-Za-z][\w \-/]{0,30}?)\s*:\s*(?P<value>[^()\[\]:]{1,80}?)\s*\)")
# A list item's whole value is one bold title: "**Retry budget**", "**Retry budget**:". A task's title is a short
# imperative clause ("**Add per-region limits to the routing and failover checks**"): up to about fifteen words.
_BOLD_TITLE = re.compile(r"\*\*(?P<name>[A-Za-z][^*\n]{2,100}?)\*\*:?\s*$")
# A bold phrase inside a task's cell names its deliverable: "Add **deploy metadata export** for tooling".
_BOLD = re.compile(r"\*\*(?P<name>[A-Za-z][^*\n]{2,60}?)\*\*")
# What stands before a task cell's bold deliverable when the cell opens with what the work belongs to: the whole, a
# colon, one verb ("Bot v2: implement **Y**", "Billing portal: add **Z**").
_WHOLE_PREFIX = re.compile(r"\s*(?P<whole>[^:|*]{2,40}?)\s*:\s*[A-Za-z]+\s+\*\*$")
# Table columns that hold the task a row is about ("| Action item | Owner | Due |").
TASK_COLUMNS = frozenset({"action", "action_item", "action_items", "task", "tasks", "item", "work_item", "deliverable",
                          "follow_up", "follow_ups", "remediation"})
# What may stand between two opening systems: list separators, emphasis, a plural noun of running things.
_JOIN = re.compile(r"[\s*_`]*(?:,|\band\b|&|\+|/)[\s*_`]*")
_FILLER = re.compile(r"[\s*_`]*(?:pods?|services?|instances?|nodes?|workers?|replicas?|clusters?|fleets?)\b", re.I)
# Relations whose labelled value is a system another system or the document stands in.
_SYSTEM_RELATIONS = frozenset({"AFFECTS", "USES", "DEPENDS_ON", "CALLS", "CONSUMES", "PRODUCES"})


def nested_labels(text: str, start: int, end: int) -> list[tuple[LabelRule, tuple[int, int], tuple[int, int]]]:
    """(rule, label span, value span) for each "(Label: value)" inside ``text[start:end]`` whose label states a
    relation of the vocabulary other than a role."""
    found = []
    for m in _NESTED.finditer(text, start, end):
        rule = label_rule(m.group("label"))
        if rule is not None and rule.rel_type not in ROLE_RELATIONS:
            found.append((rule, (m.start("label"), m.end("label")), (m.start("value"), m.end("value"))))
    return found


def leading_systems(text: str, start: int, end: int, mentions: list[Mention], rule: LabelRule) -> list[Mention]:
    """The systems a prose value opens with ("ledger-api and quote-cache nodes reported ..."), for a label whose
    values are systems; empty when the value opens with anything else."""
    if rule.rel_type == "CAUSED":
        return seat_of_cause(text, start, end, mentions)
    if rule.rel_type not in _SYSTEM_RELATIONS:
        return []
    if rule.rel_type in _FLOW_PLACES and not rule.value_is_subject:
        placed = flow_end(text, start, end, mentions, rule.rel_type)
        if placed:
            return placed
    by_start = {m.start: m for m in mentions if start <= m.start and m.end <= end and m.type in SYSTEM_VALUE_TYPES}
    pos = start + len(text[start:end]) - len(text[start:end].lstrip(" *_`"))
    found: list[Mention] = []
    while pos in by_start:
        found.append(by_start[pos])
        pos = by_start[pos].end
        filler = _FILLER.match(text, pos, end)
        pos = filler.end() if filler else pos
        join = _JOIN.match(text, pos, end)
        if join is None:
            break
        pos = join.end()
    return [m for m in found if affected_system(text, m, end)]  # not "gateway logs show 502s"


# A data-flow value that names what flows before where it comes from or goes: "Input: the orders topic from
# event-hub", "Output: daily totals into the warehouse-db", "Source: nightly snapshot-job runs". The preposition that
# places the far end, by the label's relation; or a system after at most two plain lowercase words.
_FLOW_PLACES = {"CONSUMES": re.compile(r"\b(?:from|of|off)\s+(?:the\s+|our\s+|a\s+)?[`*_]*$", re.I),
                "PRODUCES": re.compile(r"\b(?:to|into|in|onto)\s+(?:the\s+|our\s+|a\s+)?[`*_]*$", re.I)}
_PLAIN_LEAD = re.compile(r"(?:[a-z]+\s+){1,2}[`*_]*$")
# Lowercase words that, opening a value, say it is not a system's name but a negation or a clause.
_CLAUSE_OPENERS = frozenset({"none", "without", "except", "until", "unless", "if", "when", "every", "each", "any"})
_NOT_PLAIN = re.compile(r"\b(?:" + "|".join(sorted(w for w in NEGATION_WORDS | _CLAUSE_OPENERS if w.isalpha()))
                        + r")\b", re.I)


def flow_end(text: str, start: int, end: int, mentions: list[Mention], rel_type: str) -> list[Mention]:
    """The system at the far end of a data-flow value (see `_FLOW_PLACES`), within its opening words."""
    inside = sorted((m for m in mentions if start <= m.start and m.end <= end and m.type in SYSTEM_VALUE_TYPES),
                    key=lambda m: m.start)
    first = inside[0] if inside else None
    lead = text[start : first.start] if first is not None else ""
    if first is None or not lead.strip(" *_`") or len(lead.split()) > _SEAT_WORDS or any(c in lead for c in ".,;:("):
        return []
    if _NOT_PLAIN.search(lead):
        return []
    placed = _FLOW_PLACES[rel_type].search(text, start, first.start)
    return [first] if placed or _PLAIN_LEAD.fullmatch(text, start, first.start) else []



def deliverable(text: str, start: int, end: int) -> Mention | None:
    """The deliverable a list item names when its whole value is a bold title, else None."""
    m = _BOLD_TITLE.match(text, start, end)
    if m is None:
        return None
    return Mention(m.group("name").strip(), "Project", m.start("name"), m.start("name") + len(m.group("name").strip()))


# "an expired certificate on X", "a config push to X", "a stale entry in X": the preposition placing the problem.
_SEAT_WORDS = 8
_SEAT = re.compile(r"\b(?:in|on|of|to|inside|within|at|from)\s+(?:the\s+|our\s+|a\s+)?[`*_]*$", re.I)


def seat_of_cause(text: str, start: int, end: int, mentions: list[Mention]) -> list[Mention]:
    """The first system of a cause value that follows a preposition placing a problem in it, within the value's
    opening noun phrase (a few words, no clause break): a long hypothesis names many things that are no cause."""
    inside = sorted((m for m in mentions if start <= m.start and m.end <= end and m.type in SYSTEM_VALUE_TYPES),
                    key=lambda m: m.start)
    first = inside[0] if inside else None
    lead = text[start : first.start] if first is not None else ""
    if first is None or len(lead.split()) > _SEAT_WORDS or any(c in lead for c in ".,;:"):
        return []
    return [first] if _SEAT.search(text, start, first.start) else []


def bold_deliverable(text: str, start: int, end: int) -> Mention | None:
    """The deliverable a task cell names in bold (the first bold phrase), else None."""
    m = _BOLD.search(text, start, end)
    if m is None:
        return None
    name = m.group("name").strip()
    return Mention(name, "Project", m.start("name"), m.start("name") + len(name))


def deliverable_whole(text: str, start: int, deliverable: Mention, mentions: list[Mention]) -> Mention | None:
    """The named thing a task cell (from ``start``) places its bold deliverable in: "X: implement **Y**" -> X, when X
    is an entity the document names (one mention spanning the whole prefix), else None."""
    m = _WHOLE_PREFIX.fullmatch(text, start, deliverable.start)
    if m is None:
        return None
    return next((x for x in mentions if (x.start, x.end) == m.span("whole") and x.type != "Person"), None)
