"""The shapes of structured lines and the heading words that decide what a line is about (read by `extraction.lines`).

Kept apart so the patterns and word lists can be reviewed alone.
"""

from __future__ import annotations

import re

from extraction.extraction_types import Mention
from verify.vocabulary import label_key

LABELLED = re.compile(
    r"^(?P<lead>[ \t>]*(?:[-*+•]\s+|\d{1,3}[.)]\s+)?)[*_`]*(?P<label>[A-Za-z][\w ()/&'\-]{0,48}?)[*_`]*\s*:"
    r"[*_`]*[ \t]+(?P<value>\S.*?)\s*$"
)
# A label set off by emphasis and a dash instead of a colon, as slide-like notes write it: "**Service owner** -
# Dana Ruiz", "__Reviewers__ — A, B". Only a label the table knows is read so (`extraction.lines`).
DASHED_LABEL = re.compile(
    r"^(?P<lead>[ \t>]*(?:[-*+•]\s+|\d{1,3}[.)]\s+)?)(?P<em>\*\*|__)(?P<label>[A-Za-z][\w ()/&'\-]{0,48}?)(?P=em)"
    r"[ \t]+[-–—][ \t]+(?P<value>\S.*?)\s*$"
)
# A line that opens with a role's passive label and no colon, as tickets and notes write who did what: "Reported by
# Dana Ruiz via the support queue.", "Assigned to Li Wei after triage." The value is the name up to a full stop or a
# preposition that begins the rest of the sentence; only a label of people is read so (`extraction.lines`).
PASSIVE_LABEL = re.compile(
    r"^(?P<lead>[ \t>]*(?:[-*+•]\s+)?)[*_]*(?P<label>[A-Z][a-z]+(?:[ _-][a-z]+)?[ \t]+(?:by|to))[*_]*[ \t]+"
    r"(?P<value>@?[A-Z][^.;:!?()\n]*?)(?=\s*[.;:!?(]|\s+(?:via|after|since|because|on|in|at|from|for|when|while|"
    r"with|during|before|as|and\s+[a-z])\b|\s*$)"
)
SPEAKER = re.compile(r"^[ \t]*(?:[-*+•]\s+)?[*_]*(?P<name>[^:()\n]{2,60}?)[*_]*\s*(?:\([^)\n]{1,40}\))?\s*:\s*"
                      r"[*_`]*(?P<verdict>approv\w*|lgtm)?", re.I)
LEAD_IN = re.compile(r"^[ \t>]*(?:[-*+]\s+)?[*_]*(?P<label>[A-Za-z][\w ()/&'\-]{1,48}?)[*_]*\s*:[*_]*\s*$")
PERSON_NAME = re.compile(r"^[A-Z][a-z'’\-]+(?: [A-Z][a-z'’.\-]*){1,2}$")
ITEM = re.compile(r"^(?P<lead>[ \t]*(?:[-*+•]|\d{1,3}[.)])\s+)(?P<value>.+?)\s*$")
ROW_SUBJECT = frozenset({"service", "services", "system", "systems", "component", "components", "name",
                          "deliverable", "item", "workstream", "project", "api", "job", "pipeline"})
REVIEW_SOURCES = frozenset({"github", "gitlab"})
# An "Owner:" line with no system to be about is about the document itself only under a heading that describes
# the document (its owners, contacts, status); under any other heading (action items, timeline) it owns a task.
ROLE_RELATIONS = frozenset({"OWNS", "MAINTAINS", "LEADS"})
ABOUT_HEADINGS = ("owner", "contact", "role", "team", "people", "metadata", "document", "status", "summary",
                   "about", "overview", "responsib", "stakeholder", "approv", "raci", "content", "body",
                   "description", "text")
# Headings of task lists: an "Owner:" line under them owns a task, whatever the document is about.
TASK_HEADINGS = ("action", "follow", "next step", "todo", "to-do", "task", "remediation", "open item")
# Item labels that only rank the values of the list they sit in ("- Primary: Dana Ruiz" under "## Owners").
RANK_LABELS = frozenset({"primary", "secondary", "backup", "co_owners", "co_owner", "main", "alternate", "deputy",
                          "interim", "tertiary"})

# A short line on its own that names a section the way a heading does ("Environment", "Impact", "Next steps"): the
# list right after it is its list.
BARE_LEAD_IN = re.compile(r"^[ \t>]*[*_]*(?P<label>[A-Z][A-Za-z/&'\- ]{1,40}?)[*_]*\s*$")
# Sections that describe where and on what a system runs ("## Environment", "Tech stack:"): a "Role: Technology"
# line there ("- CI: Jenkins", "- DB: Postgres") states what the section's system uses, whatever the role word is.
ENVIRONMENT_SECTIONS = frozenset({"environment", "environments", "stack", "tech_stack", "technology_stack",
                                  "infrastructure", "infra", "setup", "tooling", "runtime_environment",
                                  "deployment_environment", "environment_details", "system_details"})

# What an environment line's value must be to count: a system or a technology, not a region, a size or a version.
SYSTEM_VALUE_TYPES = frozenset({"Technology", "Component", "Service"})


# A pool's, cluster's or host's name as an environment item gives it: lowercase words joined by hyphens and closed by an
# index ("nw-analytics-ded-01", "fastquery-dedicated-1"). Elsewhere a trailing number makes a hyphenated word an id
# or a count, not a name (`entity_rules.identifier_type`); as the whole opening of a "Role: X" item of an environment
# list it names the instance the case runs on. Regions ("us-east-1", "prod-eu-west-2") are places, not instances.
_INDEXED = re.compile(r"[a-z][a-z0-9]*(?:-[a-z][a-z0-9]*)+-\d{1,4}(?=$|[\s,;(])")
_REGIONISH = re.compile(r"^(?:(?:prod|production|staging|stage|dev|qa)-)?(?:us|eu|ap|sa|ca|me|af|asia|uk)-[a-z]+-\d+$")


def indexed_instance(text: str, start: int, end: int) -> Mention | None:
    """The instance an environment item's value opens with, when it is named with an index (see ``_INDEXED``)."""
    m = _INDEXED.match(text, start, end)
    if m is None or _REGIONISH.match(m.group(0)):
        return None
    return Mention(m.group(0), "Component", m.start(), m.end())


# An environment item whose label names its things in the plural lists several of one role ("- Models observed: a-1
# (primary), b-2 (fallback)", "- Service components: API Gateway (...), serving-runtime (...)"): each comma-separated
# part, brackets aside, opens with one of them, as a one-thing value opens with its thing. A singular label ("- Cache:
# redis-prod-3 (managed), key-prefix v2") names one thing and the parts after it are notes about it. Plural: a word
# of four letters or more ending in "s" but not "ss", "us" or "is" (status, access, Redis are singular).
_PLURAL = re.compile(r"\b[A-Za-z]{3,}(?<![SUIsui])s\b")


def list_openings(label: str, text: str, start: int, end: int) -> set[int]:
    """Where each listed thing of an environment item's value opens: only ``start`` unless the label is plural."""
    if _PLURAL.search(label) is None:
        return {start}
    out, depth, part = set(), 0, start
    for i in range(start, end + 1):
        ch = text[i] if i < end else ","
        depth += (ch in "([{") - (ch in ")]}" and depth > 0)
        if ch == "," and depth == 0:
            while part < i and text[part] in " \t*_`":
                part += 1
            out.add(part)
            part = i + 1
    return out


def environment_section(label: str) -> bool:
    """A lead-in or heading text names an environment section ("Environment", "## Tech stack")."""
    return label_key(label.strip(" #")) in ENVIRONMENT_SECTIONS


# Words after a system's name in an impact list that make the item evidence about it, not damage to it ("- API
# gateway logs: intermittent 502s"), and verbs that open an item describing the damage rather than naming a system.
_EVIDENCE_NOUNS = frozenset({"log", "logs", "metric", "metrics", "trace", "traces", "dashboard", "dashboards", "alert",
                             "alerts", "graph", "graphs", "output", "events"})
_IMPACT_VERBS = frozenset({"affects", "affected", "impacts", "impacted", "causes", "caused", "blocks", "blocked"})


def affected_system(text: str, value: Mention, end: int) -> bool:
    """An impact-list item names ``value`` as a system the incident hit."""
    after = {w.strip(".,:;()").casefold() for w in text[value.end : end].split()}
    return (value.type in SYSTEM_VALUE_TYPES and not after & _EVIDENCE_NOUNS
            and value.name.split()[0].casefold() not in _IMPACT_VERBS)


# "wasn't": no boundary before n't; a word joined by a hyphen is another word ("no-op", "not-ready" are no denial)
_NOT = re.compile(r"(?<![\w-])(?:not|never|no|unaffected|unimpacted)(?![\w-])|n't\b", re.I)


def stated_unhit(value: str) -> bool:
    """An impact item that says the system was spared ("- Billing portal was not affected"): no hit to read."""
    return _NOT.search(value) is not None


# Table headers whose cell says how a row's system was hit ("| System | Impact | Duration |"): a row with such a
# cell, unless the cell says it was spared ("none", "not impacted", "-"), is a system the document's incident hit.
IMPACT_HEADERS = frozenset({"impact", "effect", "symptom", "symptoms", "customer_impact", "user_impact",
                            "observed_impact", "degradation"})


def impact_cell(header: str, cell: str) -> bool:
    value = cell.strip(" *_`").casefold()
    return label_key(header) in IMPACT_HEADERS and value not in ("", "-", "n/a", "none", "tbd") and not stated_unhit(
        value)


# A references-list item that opens with a title and then a note about it: "Pool sizing guide (internal wiki)",
# "Retry budget notes — linked from the runbook". The title, two to eight words from a capital, names a page.
_TITLE_NOTE = re.compile(r"[*_`]*(?P<title>[A-Z][^\s.:;!?*`]*(?: [^\s.:;!?*`]+){1,7}?)[*_`]*(?: [—–-] | \()")


# The same item led by where the page lives, a word or two and a colon ("Wiki: Pool sizing guide", "Team space:
# Onboarding checklist (draft)"): after such a label the rest of the item, up to a note, is the title.
_WHERE = re.compile(r"[*_`]*[A-Z][\w]*(?: [\w]+)?[*_`]*:\s+")
_TITLE_ALONE = re.compile(r"[*_`]*(?P<title>[A-Z][^\s:;!?*`]*(?: [^\s:;!?*`]+){0,9}?)[*_`]*[.]?\s*$")


def titled_reference(text: str, start: int, end: int) -> Mention | None:
    """The page a references-list item names by its title, when the item names no ticket, URL or page itself."""
    where = _WHERE.match(text, start, end)
    m = _TITLE_NOTE.match(text, start, end)
    if where is not None:
        m = _TITLE_NOTE.match(text, where.end(), end) or _TITLE_ALONE.match(text, where.end(), end)
    if m is None:
        return None
    return Mention(m.group("title"), "Page", m.start("title"), m.end("title"))


# A references-list item whose value is a file or page path, after the item's own label or alone: "Draft guide:
# drive/shared/guide-draft.json", "- wiki/ops/rollout-checklist", "- /wiki/ops/rollout-checklist (for the steps)".
# Two slashes at least, no spaces: a path names a document the way a URL does; one slash is too often a pair
# ("read/write", "eng/sre"). A site-absolute path opens with "/"; a note after it, in brackets or after a dash, says
# what the page is for, as after a title (`_TITLE_NOTE`).
_PATH_ITEM = re.compile(r"(?:[*_`]*[A-Za-z][\w ()/&'\-]{0,48}?[*_`]*:\s+)?[`]?"
                        r"(?P<path>/?[\w.~\-]+(?:/[\w.\-+%~]+){2,}/?)[`]?(?:\s+\([^()]*\)|\s+[—–-]\s+[^/]*)?[.,;]?\s*$")


def path_reference(text: str, start: int, end: int) -> Mention | None:
    """The document a references-list item names by its path, when the item names no ticket, URL or page itself."""
    m = _PATH_ITEM.match(text, start, end)
    if m is None or "://" in m.group("path"):
        return None
    return Mention(m.group("path"), "Page", m.start("path"), m.end("path"))
