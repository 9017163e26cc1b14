"""The one shared vocabulary of the graph: relation and entity types, type nouns, system nouns and labels.

Pure constants and one pure helper, importing nothing. Everything that must agree across the stages lives here
once: the extractor writes these relation types and reads these labels, the verifier grades against them, the
router reads the same type nouns, and the traversal policy may only name these predicates. (`verify/` is the one
package every other one may import, and it imports nothing from the project; see docs/architecture.md.)

Labels (`LABELS`) are the keys of structured lines, wherever they are written: a front-matter field
(`"owner_team": "Payments"`), a body line or list item (`- Owner: Dana Ruiz`, `Affected services: a, b`), or a table
header cell (`| Service | Owner |`). `label_key()` normalises the written label (case, spaces, hyphens, Markdown
emphasis, a plural "(s)") and the table maps it to the relation it states. A label states a relation between the
line's values and the thing the line is about: the document itself (its ticket, page or incident) or the topic of
its section or document (the system a runbook is about).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from verify.directions import DEPENDENCY_NOUNS, DEPENDENT_NOUNS, DIRECTION_SIDE, side

ENTITY_TYPES: tuple[str, ...] = (
    "Person", "Team", "Service", "Component", "Customer", "Organization", "Project", "Ticket", "Technology",
    "Page",
)  # fmt: skip

REL_TYPES: tuple[str, ...] = (
    "DEPENDS_ON", "USES", "CALLS", "CONSUMES", "PRODUCES", "OWNS", "MAINTAINS", "AFFECTS", "CAUSED", "FIXES",
    "BLOCKS", "PART_OF", "REPLACES", "DECIDED", "APPROVED", "REPORTED", "ASSIGNED_TO", "REVIEWED", "HAS_COMPONENT",
    "LINKED_TO", "CONCERNS", "MEMBER_OF", "LEADS",
)  # fmt: skip

# A noun that names the type of the name beside it ("the Atlas team", "customer Atlas", "the billing service")
# -> the entity types it can name, the one the extractor assigns first. Also the router's type hints and the words
# an answer-term check ignores: one table for all three.
TYPE_NOUNS: dict[str, tuple[str, ...]] = {
    "team": ("Team",), "squad": ("Team",), "guild": ("Team",),
    "service": ("Service", "Component"), "svc": ("Service", "Component"), "microservice": ("Service", "Component"),
    "component": ("Component", "Service"), "module": ("Component", "Service"), "library": ("Component",),
    "customer": ("Customer",), "client": ("Customer",), "account": ("Customer",),
    "project": ("Project",), "initiative": ("Project",),
    "ticket": ("Ticket",), "person": ("Person",), "page": ("Page",), "technology": ("Technology",),
    "organization": ("Organization", "Customer"), "company": ("Organization", "Customer"),
    "system": ("Service", "Component"),
}  # fmt: skip

# Nouns a group of people is written with ("the Atlas team", "Payments squad", "the Data group"): the team nouns of
# TYPE_NOUNS, and "group", too loose to type a name alone ("a consumer group") but a group when a name ends in it.
GROUP_NOUNS: frozenset[str] = frozenset({n for n, types in TYPE_NOUNS.items() if types[0] == "Team"} | {"group"})

# Type nouns a question uses to say what it asks about ("which company", "the ticket") but that, in running text,
# are too loose to type the name beside them ("the AWS account", "the Slack page"): the extractor skips these.
LOOSE_TYPE_NOUNS: frozenset[str] = frozenset(
    {"account", "company", "organization", "system", "person", "page", "technology", "ticket"})

# Head nouns of a noun phrase that names a system ("the shared retry wrapper", "the central session store"):
# -> the type such a phrase gets. Generic English heads of software architecture, not names. Component for all but
# "service", like a hyphenated identifier, so "the billing API" and `billing-api` are one entity.
SYSTEM_NOUNS: dict[str, str] = {
    **dict.fromkeys(("service", "microservice"), "Service"),
    **dict.fromkeys((
        "api", "gateway", "proxy", "endpoint", "backend", "frontend", "store", "cache", "queue", "pipeline",
        "controller", "adapter", "wrapper", "job", "worker", "workers", "cluster", "database", "db", "bucket",
        "scheduler", "router", "exporter", "ingester", "collector", "broker", "registry", "operator", "agent",
        "daemon", "sidecar", "plugin", "runner", "runners", "pool", "balancer", "sdk", "cli", "bot", "index",
        "plane", "limiter", "tokenizer", "batcher", "autoscaler", "dashboard", "installer", "console", "library",
        "module", "component", "engine", "server", "system", "platform", "mesh", "warehouse", "alias",
        "repository", "repo", "frontends", "backends", "gateways", "proxies", "services"), "Component"),
}  # fmt: skip

Subject = Literal["document", "topic"]


@dataclass(frozen=True)
class LabelRule:
    """What a label states: ``rel_type`` between the line's values and what the line is about.

    ``value_is_subject``: the value is the relation's subject ("Owner: Dana" -> Dana OWNS it); else its object.
    ``about``: "document" (the ticket, page or incident itself) or "topic" (the system the section or document is
    about, else the document). ``value_type``: the type a value gets when nothing in the text types it (None: a
    value must be recognised as an entity on its own).
    """

    rel_type: str
    value_is_subject: bool
    about: Subject
    value_type: str | None = None
    hedged: bool = False  # the label states a hypothesis ("Root hypothesis:", "Suspected cause:"), not a fact


def _rules(keys: str, rule: LabelRule) -> dict[str, LabelRule]:
    return dict.fromkeys(keys.split(), rule)


# Label -> relation. Each group is one convention of enterprise documents and trackers; keys are `label_key()`s.
LABELS: dict[str, LabelRule] = {
    # who is answerable for a thing: ownership fields of trackers, wikis and service catalogues
    **_rules("owner owners owned_by owner_team owning_team team_owner service_owner spec_owner product_owner "
             "code_owner code_owners dri responsible_team accountable", LabelRule("OWNS", True, "topic", "Person")),
    **_rules("maintainer maintainers maintained_by operated_by", LabelRule("MAINTAINS", True, "topic", "Person")),
    **_rules("lead tech_lead team_lead project_lead eng_lead led_by", LabelRule("LEADS", True, "topic", "Person")),
    # a team page's or team section's roster ("Members: A, B"): each person is a member of the team it is about (the
    # relation's types keep a system's page from taking members)
    **_rules("members", LabelRule("MEMBER_OF", True, "topic", "Person")),
    # who answers for a thing without the word "owner": catalogue and runbook fields naming a contact or an
    # escalation target; the value must be a recognised person or team ("Escalation: page the on-call" is none)
    **_rules("ownership primary_contact contact contacts escalation escalation_team escalate_to accountable_team "
             "support_team", LabelRule("OWNS", True, "topic")),
    # an escalation point named as such is someone to page for the thing: a name-shaped value is a person, as an
    # owner's is ("Point of contact: Dana Ruiz"), though a name tagger may not know it. A bare "Contact:" or
    # "Primary contact:" stays above: on a customer's record it names the customer's person, who owns nothing.
    **_rules("point_of_contact escalation_contact", LabelRule("OWNS", True, "topic", "Person")),
    # who did what on a ticket, pull request or page
    **_rules("assignee assignees assigned_to", LabelRule("ASSIGNED_TO", False, "document", "Person")),
    **_rules("reporter reported_by creator opened_by filed_by raised_by", LabelRule("REPORTED", True, "document",
                                                                                     "Person")),
    **_rules("reviewer reviewers reviewed_by", LabelRule("REVIEWED", True, "document", "Person")),
    **_rules("approver approvers approved_by signed_off_by sign_off", LabelRule("APPROVED", True, "document",
                                                                                 "Person")),
    **_rules("review", LabelRule("REVIEWED", True, "document")),  # "Review: A, B" (the value must name people)
    **_rules("approvals approval", LabelRule("APPROVED", True, "document")),
    **_rules("decider deciders decided_by decision_owner decision_makers", LabelRule("DECIDED", True, "document",
                                                                                      "Person")),
    # what a ticket or page is made of, part of, linked to, about
    **_rules("components component", LabelRule("HAS_COMPONENT", False, "document", "Component")),
    **_rules("project repo repository parent parent_issue epic program", LabelRule("PART_OF", False, "document",
                                                                                    "Project")),
    **_rules("linked_issues linked_tickets related_issues related_tickets linked_jira linked_linear linked_artifacts "
             "linked_prs related_prs related_github_prs related_pull_requests related_links links references "
             "see_also tracking_ticket tracked_in ticket tickets jira_ticket related_incident related_incident_id "
             "incident_ticket rca_doc rca postmortem incident_doc incident_runbook design_doc runbook related_docs",
             LabelRule("LINKED_TO", False, "document")),
    **_rules("customer customers customer_company company account related_account client",
             LabelRule("CONCERNS", False, "document", "Customer")),
    **_rules("service services system systems", LabelRule("CONCERNS", False, "document")),
    # incidents: what was hit, what caused it, what fixed it
    **_rules("affected affected_services affected_service affected_components affected_component affected_systems "
             "affected_system affected_models affected_model affected_products affected_customers impacted "
             "impacted_services impacted_systems impacted_components primary_impact secondary_impact blast_radius",
             LabelRule("AFFECTS", False, "document")),
    **_rules("root_cause root_causes cause caused_by trigger triggered_by culprit", LabelRule("CAUSED", True,
                                                                                                "document")),
    # a cause stated as a hypothesis is hedged; a contributing factor is a cause among others
    **_rules("root_hypothesis hypothesis suspected_cause suspected_root_cause probable_cause likely_cause "
             "working_theory", LabelRule("CAUSED", True, "document", hedged=True)),
    **_rules("contributing_factor contributing_factors", LabelRule("CAUSED", True, "document")),
    **_rules("fix fixes fixed_by fixed_in fix_pr hotfix hotfix_pr resolved_by", LabelRule("FIXES", True,
                                                                                           "document")),
    **_rules("blocks", LabelRule("BLOCKS", False, "document")),
    **_rules("blocked_by blockers blocker", LabelRule("BLOCKS", True, "document")),
    **_rules("replaces supersedes", LabelRule("REPLACES", False, "document")),
    **_rules("replaced_by superseded_by", LabelRule("REPLACES", True, "document")),
    # how a system is wired: service-catalogue and architecture-page fields
    **_rules("dependencies dependency depends_on requires prerequisites hard_dependencies hard_dependency "
             "runtime_dependencies", LabelRule("DEPENDS_ON", False, "topic")),
    **_rules("dependents depended_on_by", LabelRule("DEPENDS_ON", True, "topic")),
    # a direction word with a side noun ("Upstream dependencies", "Downstream consumers") is that noun's side; a
    # bare "Upstream:" / "Downstream:" line is read alone, as a position in a flow of data (verify.directions)
    **{f"{way}_{noun}": LabelRule("DEPENDS_ON", side(noun.split(), paired=False) == "dependents", "topic")
       for way in DIRECTION_SIDE for noun in (*DEPENDENCY_NOUNS, *DEPENDENT_NOUNS)},
    **{f"{way}{tail}": LabelRule("DEPENDS_ON", side([way], paired=False) == "dependents", "topic")
       for way in DIRECTION_SIDE for tail in ("", "s", "_services")},
    **_rules("uses stack tech_stack technologies built_with runs_on database db datastore storage cache queue "
             "message_bus broker runner runners runner_group backing_store backing_stores datastores data_store "
             "persistence", LabelRule("USES", False, "topic")),
    **_rules("used_by", LabelRule("USES", True, "topic")),
    # a system's wiring written as a passive label ("Backed by: Postgres", "Fronted by: edge-lb", "Fed by: X")
    **_rules("backed_by powered_by", LabelRule("USES", False, "topic")),
    **_rules("fronted_by", LabelRule("CALLS", True, "topic")),
    **_rules("fed_by", LabelRule("CONSUMES", False, "topic")),
    **_rules("calls outbound_calls talks_to", LabelRule("CALLS", False, "topic")),
    # "Upstream calls:" read alone, as the bare direction is: upstream is the system's dependency, which it calls
    "upstream_calls": LabelRule("CALLS", side(["upstream"], paired=False) == "dependents", "topic"),
    **_rules("callers called_by", LabelRule("CALLS", True, "topic")),
    # a data-flow block ("## nightly-export job" over "- Source:", "- Input:", "- Target:", "- Output:" bullets): the
    # section's or document's system reads from its inputs and writes to its outputs
    **_rules("consumes reads_from source sources data_source data_sources input inputs subscribes_to",
             LabelRule("CONSUMES", False, "topic")),
    **_rules("consumers consumed_by", LabelRule("CONSUMES", True, "topic")),
    **_rules("produces writes_to output outputs sink sinks emits publishes_to target targets destination "
             "destinations", LabelRule("PRODUCES", False, "topic")),
    # a side noun that names the flow itself keeps its own reading after a direction word: "Downstream consumers:"
    # are the system's consumers, "Upstream callers:" its callers (the side is the noun's, as above)
    **{f"{way}_{noun}": LabelRule(rel, True, "topic") for way in DIRECTION_SIDE
       for noun, rel in (("consumers", "CONSUMES"), ("callers", "CALLS"))},
}

# Relations whose labelled value is the subject (the person for an owner or a reviewer): one answer, read off LABELS.
VALUE_IS_SUBJECT: frozenset[str] = frozenset(rule.rel_type for rule in LABELS.values() if rule.value_is_subject)

_EMPHASIS = re.compile(r"[*`]+|^_+|_+$")
_PLURAL = re.compile(r"\(s\)|\(es\)")
_NOTE = re.compile(r"\([^)]*\)")
_SEPARATOR = re.compile(r"[\s\-/]+")


def label_key(label: str) -> str:
    """ "Affected service(s)" -> "affected_services", "**Owner team**" -> "owner_team", "Owned-by" -> "owned_by",
    "Runbook (internal)" -> "runbook"."""
    text = _NOTE.sub(" ", _PLURAL.sub("s", _EMPHASIS.sub("", label))).strip().strip(":").strip()
    return _SEPARATOR.sub("_", text.casefold()).strip("_")


# Role words that keep their meaning at the end of a longer label: "Spec owner", "billing-export owner",
# "Postmortem reviewers" state the same relation as "Owner" and "Reviewers", about what the label names first.
ROLE_SUFFIXES = frozenset({"owner", "owners", "maintainer", "maintainers", "lead", "dri", "reviewer", "reviewers",
                           "approver", "approvers", "assignee"})


def label_rule(label: str) -> LabelRule | None:
    """The rule of a written label, or None when the label states no relation of the vocabulary."""
    key = label_key(label)
    tail = key.rsplit("_", 1)[-1]
    return LABELS.get(key) or (LABELS[tail] if tail in ROLE_SUFFIXES else None)
