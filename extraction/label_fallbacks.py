"""Rules of labels the label table does not list, read from the label's words (split from `extraction.doc_context`).

"- Data store: Postgres", "Hotfix PR: #12", "Suspected trigger: X", "- Team: Wallet team": the words of such a label
say what it states even though no table lists it; `extraction.lines` asks here when `verify.vocabulary.label_rule`
knows nothing.
"""

from __future__ import annotations

import re
from dataclasses import replace

from extraction.list_scopes import LINK_RULE
from extraction.vocabulary import LABEL_HEDGES
from verify.vocabulary import LABELS, LabelRule, label_key, label_rule

# A label that names a piece of infrastructure by its role states what the system in question uses: "- Data store:
# Postgres", "Edge proxy: envoy", "Load balancer: nginx" (architecture and environment sections). Roles of things a
# system runs on or through, not of things it is or shows (dashboards, consoles, endpoints).
_INFRA_ROLES = frozenset({"store", "datastore", "database", "db", "cache", "queue", "broker", "bus", "proxy", "gateway",
                          "balancer", "registry", "storage", "runner", "runners", "cluster", "mesh", "warehouse",
                          "orchestrator", "scheduler", "runtime", "backend", "index"})
USES_RULE = LabelRule("USES", False, "topic")
# A bare "Team:" line of a catalogue entry or a runbook names the team that answers for the system the entry is
# about; body lines only (front matter "team:" says whose write-up it is), and only about a system (`extraction.lines`).
TEAM_RULE = LabelRule("OWNS", True, "topic", "Team")
# A label that names an artifact ("Hotfix PR", "RCA doc", "Incident ticket") links the document to its value.
_ARTIFACT_TAILS = frozenset({"pr", "prs", "doc", "docs", "ticket", "tickets", "runbook", "page", "issue", "thread"})


# A change named by a word of fixing ("Patch PR:", "Mitigation PR created:", "Remediation commit:") is the fix of what
# the document is about, as "Fix PR:" and "Hotfix PR:" are; other artifact labels only link.
_FIX_HEADS = frozenset({"patch", "fix", "hotfix", "bugfix", "mitigation", "remediation"})
_CHANGE_TAILS = frozenset({"pr", "prs", "mr", "mrs", "change", "changes", "commit", "commits", "diff"})
# A change not merged yet ("(under review)", "(draft)", "pending review"): its fix is planned, not done.
_PENDING = re.compile(r"\b(?:under review|in review|awaiting review|open for review|pending|draft|not (?:yet )?merged)"
                      r"\b", re.I)


def pending_change(value: str) -> bool:
    """The value says the change is not merged yet ("https://.../pull/7 (under review)")."""
    return _PENDING.search(value) is not None


# A past participle or state after a label's noun says what happened to the values, not what they are: "Related PRs
# created:", "Tickets filed:", "Docs updated:" label the same values as "Related PRs:".
_LABEL_STATES = frozenset({"created", "opened", "filed", "raised", "merged", "added", "landed", "submitted", "updated",
                          "pending", "open", "closed", "shipped", "published"})
# "Customer account:", "Client name:": a word naming how a customer is recorded, after the word customer or client.
_CUSTOMER_RECORDS = frozenset({"account", "name", "org", "organization", "organisation", "company", "tenant"})


def fallback_rule(label: str) -> LabelRule | None:
    """The rule of a label the label table does not list, read from its words: an artifact links (a change named
    by a word of fixing fixes), an infrastructure role is used, a customer's record names the customer, a hedged
    cause label is a hypothesis, a bare "Team:" line names the team answering for the system; a trailing state word
    is dropped."""
    words = _stateless_words(label)
    if len(words) < len(label_key(label).split("_")):
        known = label_rule("_".join(words))
        if known is not None:
            return known
    if len(words) == 2 and words[0] in ("customer", "client") and words[1] in _CUSTOMER_RECORDS:
        return label_rule(words[0])
    hedged = label_rule("_".join(words[1:])) if len(words) > 1 and words[0] in LABEL_HEDGES else None
    if hedged is not None and hedged.rel_type == "CAUSED":  # "Suspected trigger:", "Possible cause:": a hypothesis
        return replace(hedged, hedged=True)
    if words in (["team"], ["squad"]):  # "- Team: Wallet team" under a system's heading: the team answers for it
        return TEAM_RULE
    tail = words[-1]
    if tail in _CHANGE_TAILS and set(words[:-1]) & _FIX_HEADS:  # "Patch PR created:": the document's fix
        return LABELS["fix_pr"]
    return LINK_RULE if tail in _ARTIFACT_TAILS else infra_rule(label)


def infra_rule(label: str) -> LabelRule | None:
    """A label or column header naming a piece of infrastructure by its role ("Store:", "| Load balancer |"): what
    it is about uses the value. Only the role word decides (before any trailing state word: "Queue added:"), so a
    header of any other kind stays unread."""
    return USES_RULE if _stateless_words(label)[-1] in _INFRA_ROLES else None


def _stateless_words(label: str) -> list[str]:
    """The label's words without trailing state words ("Related PRs created" -> related, prs)."""
    words = label_key(label).split("_")
    while len(words) > 1 and words[-1] in _LABEL_STATES:
        words.pop()
    return words


# Front-matter fields that link an item to others, read from the words of their key, as trackers and wikis name
# them: "related_wiki_pages", "linked_helpdesk_tickets", "see_also", "duplicate_of", "parent_epic". A head word
# says the values are links; a predicate the key opens with says which relation ("blocked_by_issues" BLOCKS,
# "depends_on_tickets" DEPENDS_ON); "parent" makes the item part of its value.
_LINK_HEADS = frozenset({"related", "linked", "link", "links", "relates", "references", "referenced", "refs", "see",
                         "duplicates", "duplicate", "duplicated", "associated"})
_LINK_TAILS = frozenset({"links", "link", "references", "refs", "see_also", "backlinks", "crossrefs"})
_PARENT_RULE = LabelRule("PART_OF", False, "document")


def link_field_rule(key: str) -> LabelRule | None:
    """The rule of a front-matter key whose words say its values are other items: None for any other key."""
    words = label_key(key).split("_")
    for cut in range(len(words) - 1, 0, -1):  # "blocked_by_issues": the predicate the key opens with
        known = LABELS.get("_".join(words[:cut]))
        if known is not None and known.rel_type in ("BLOCKS", "DEPENDS_ON", "REPLACES", "FIXES", "CAUSED"):
            return known
    if words[0] == "parent":
        return _PARENT_RULE
    if words[0] in _LINK_HEADS or words[-1] in _LINK_TAILS or "_".join(words[-2:]) in _LINK_TAILS:
        return LINK_RULE
    return None
