"""The controlled vocabulary of the extractor: entity types, relation types, and how verbs map onto them.

Entity types (`ENTITY_TYPES`): Person, Team, Service, Component, Customer, Organization, Project, Ticket,
Technology, Page (a document as a thing people review or own; the :Document label is the lexical node).
The same name with different types is a different entity ("Atlas" the Team, the Service and
the Customer stay apart), so the type noun of "the Atlas team" / "the Atlas service" / "customer Atlas" is read
as the type and left out of the name.

Relation types (`REL_TYPES`) and their direction. Subject first, as the sentence reads in the active voice;
passive sentences are turned round ("ledger is owned by Payments" -> Payments OWNS ledger).

====================  ==========================================  ==========================================
rel_type              read from (lemma + particle/preposition)     direction
====================  ==========================================  ==========================================
DEPENDS_ON            depend on, rely on, require, need, be        dependent -> dependency
                      dependent on, be built/based on
USES                  use, utilize, leverage, run on               user -> thing used
CALLS                 call, invoke, query, talk to, hit            caller -> callee
CONSUMES              consume, read from, subscribe to, ingest,    reader -> source
                      pull/fetch from
PRODUCES              produce, emit, publish (to), write to,       writer -> sink / product
                      push to, send to
OWNS                  own, be owned by, be responsible for,        owner (Person/Team/Org) -> owned thing
                      be (the) owner of, "Owner: X" list items
MAINTAINS             maintain, operate, manage (a thing)          maintainer -> thing
AFFECTS               affect, impact, degrade, disrupt, break,     cause -> affected thing
                      overload, saturate, slow down, time out on,
                      "Affected service(s): X" lines
CAUSED                cause, trigger, lead to, result in,          cause -> effect (an incident, a failure)
                      introduce, "Root cause: X" lines
FIXES                 fix, resolve, mitigate, patch, repair,       fix (a change, PR, rollback) -> what it
                      revert, roll back, "Hotfix PR: X" lines      fixes
BLOCKS                block, be blocked by/on, prevent             blocker -> blocked
PART_OF               be part of, belong to                        part -> whole
REPLACES              replace, supersede, be replaced by           new -> old
DECIDED               decide (on)                                  decider -> decision/thing
APPROVED              approve, sign off on                         approver -> thing
REPORTED              report, file, raise                          reporter -> ticket/issue
ASSIGNED_TO           be assigned to, assign X to Y                ticket -> assignee
REVIEWED              review                                       reviewer -> document
HAS_COMPONENT         consist of, comprise, contain, include       whole -> component
LINKED_TO             link to, be related to                       ticket -> ticket
CONCERNS              concern, be about                            ticket/document -> subject matter
MEMBER_OF             join, be member of, be on/in (a team)        person -> team
LEADS                 lead, head, run/manage (a team)              leader -> team/project
====================  ==========================================  ==========================================

Labelled lines (front matter, body `Label: values` lines, table headers) map through the one label table,
`verify.vocabulary.LABELS`, shared with the verifier. Metadata lines use the same vocabulary (see
extraction/metadata.py): (Ticket)-[:ASSIGNED_TO]->(Person),
(Person)-[:REPORTED]->(Ticket), (Ticket)-[:HAS_COMPONENT]->(Component), (Ticket)-[:LINKED_TO]->(Ticket),
(Ticket)-[:DEPENDS_ON]->(Ticket), (Ticket)-[:CONCERNS]->(Customer), (Person)-[:REVIEWED]->(Page),
(Person|Team)-[:OWNS]->(Page|Ticket).

`normalise()` applies type constraints (a wrong edge is worse than a missing one): e.g. OWNS needs a
Person/Team/Organization subject, CALLS never has a Person at either end, and "Person is part of Team" is
re-typed MEMBER_OF.
"""

from __future__ import annotations

from extraction.verb_rules import COPULA_RULES, OPERATING_VERBS, PASSIVE_PREP_RULES, VERB_RULES
from verify.vocabulary import ENTITY_TYPES, GROUP_NOUNS, REL_TYPES, SYSTEM_NOUNS, TYPE_NOUNS

# The verb, passive and copula tables live in extraction/verb_rules.py and are re-exported here (one vocabulary).
__all__ = ["COPULA_RULES", "ENTITY_TYPES", "GROUP_NOUNS", "OPERATING_VERBS", "PASSIVE_PREP_RULES", "REL_TYPES",
           "SYSTEM_NOUNS", "TYPE_NOUNS", "VERB_RULES"]


def words(text: str) -> frozenset[str]:
    """The whitespace-separated words of `text` (keeps the word lists below readable)."""
    return frozenset(text.split())


# Well-known technologies (casefolded) whose names spaCy tags as ORG/PRODUCT or not at all.
TECHNOLOGIES: frozenset[str] = words(
    """kubernetes k8s redis postgres postgresql mysql kafka grafana prometheus terraform helm docker envoy
    nginx aws gcp azure s3 ec2 eks gke istio linkerd pagerduty datadog sentry github gitlab jira confluence
    slack cloudwatch cloudtrail bigquery snowflake elasticsearch opensearch rabbitmq zookeeper etcd vault
    kms okta python golang rust java typescript javascript pytorch tensorflow cuda triton vllm onnx grpc
    graphql websocket falkordb spacy sagemaker airflow spark hubspot salesforce zendesk jenkins circleci buildkite
    argocd memcached cassandra dynamodb clickhouse
    cloudflare fastly akamai haproxy traefik consul nats pulsar minio ceph cloudfront kinesis sqs sns pubsub gcs
    fargate splunk jaeger opentelemetry loki thanos opsgenie artifactory bazel keycloak auth0"""
)
# Of those, names that are also everyday English words (or read as one in lowercase): only capitalised are they
# the technology ("the Helm chart", not "at the helm"; "Slack", not "some slack in the budget").
EVERYDAY_TECHNOLOGIES: frozenset[str] = words(
    """helm vault slack envoy spark rust consul triton pulsar sentry jaeger loki thanos airflow java docker
    kms sns sqs gcs eks gke ec2 pubsub ceph fastly"""
)

# Nouns of a stream or a store of records that, after an identifier, say it names one ("the orders.created topic",
# "the billing.events stream"): the dotted-identifier pattern (`extraction.entity_rules.dotted_type`).
STREAM_NOUNS: frozenset[str] = words("topic topics stream streams queue table tables bus channel exchange feed")
# Of those, what a stream of events is called, and the events themselves: a "<noun>-<participle>" word before one
# names the stream ("the order-shipped topic", "claim-submitted events": `extraction.entity_rules.names_an_event`).
EVENT_NOUNS: frozenset[str] = (STREAM_NOUNS & words("topic topics stream streams")) | words("event events")
# Endings of a dotted word that make it a file or a host, never a system's name ("results.json", "example.com").
FILE_AND_DOMAIN_ENDINGS: frozenset[str] = words(
    """com org net io ai dev co uk de internal local json jsonl ndjson yaml yml toml ini cfg conf env log txt csv
    tsv md rst html pdf png jpg svg zip gz tar zst parquet py go rs js ts java rb sh sql proto docx xlsx pcap"""
)

# Words that are never an entity on their own (after the type noun and "the" are removed).
GENERIC_WORDS: frozenset[str] = words(
    """i me we us you he she it they them my our your his her its their this that these those who what which
    team service customer client project component module library user users everyone someone same other
    whole entire new old main our own each every all any some one none both api apis cpu gpu slo sla sli sev
    utc http https json yaml sdk ci cd pr prs db url ui ux p0 p1 p2 p3 eta tbd todo faq tl dr ok n/a note
    notes owner status summary impact update issue ticket bug fix mitigation root cause action oncall on-
    call dev prod staging canary incident"""
)

# Nouns of a change: "the rollout of PR #5 degraded X", "the hotfix in PR #7 fixes Y" - the change's subject is
# what it names ("of"/"in"/"from" + a ticket or system).
CHANGE_NOUNS: frozenset[str] = words(
    """change rollout deploy deployment release merge revert rollback upgrade migration update patch hotfix fix
    commit push bump refactor regression"""
)

# Lead-ins and headings of a list of causes, besides the root-cause headings of `extraction.cause_sections`
# ("Contributing factors:", "## Causal factors"): an item there says what led to the incident, so "X failed" in it is
# a cause, never a system the incident hit (the list-of-causes pattern).
CAUSE_LIST_LABELS: frozenset[str] = frozenset({"contributing factors", "contributing factor", "contributing causes",
                                               "contributing cause", "causal factors", "underlying causes",
                                               "underlying cause", "root causes and contributing factors"})

# A responder reporting a defect found in a system ("uncovered a regression in X", "we found a bug in X"): the verbs
# of finding and the nouns of a defect (not of a symptom: "found errors in X" says where errors showed, not why).
FINDING_VERBS: frozenset[str] = words("discover find identify uncover spot pinpoint isolate")
DEFECT_NOUNS: frozenset[str] = words("regression bug defect leak misconfiguration misconfig flaw")

# Nouns naming what a system stands on, by lemma (the role-noun pattern for systems, seen from the system the noun
# is of): "X's main dependency is Y", "the database of X is Postgres", "Y is X's message broker" -> X DEPENDS_ON /
# USES / CONSUMES / PRODUCES Y as the noun says.
SUPPORT_NOUNS: dict[str, str] = {
    "dependency": "DEPENDS_ON", "prerequisite": "DEPENDS_ON", "database": "USES", "datastore": "USES",
    "backend": "USES", "broker": "USES", "cache": "USES", "queue": "USES", "source": "CONSUMES", "sink": "PRODUCES",
}  # fmt: skip

# Words of a title that only say what kind of write-up it is ("Runbook", "overview", "on-call guide", "Postmortem:",
# "ADR-7:"), with the small words between them: the title-subject patterns - a title of a name and such words
# ("quota-keeper runbook"), or a "Kind:" title naming one system anywhere, is about that system. Catalogue write-ups
# name their kind too: "Service card: X", "Fact sheet: X", "Catalogue entry: X", "X profile".
DOC_KIND_WORDS: frozenset[str] = words(
    """runbook runbooks playbook postmortem post mortem retrospective retro incident review rca adr decision record
    design note notes doc docs documentation proposal rfc spec specification overview architecture guide handbook
    primer intro introduction reference readme faq charter catalog wiki page report summary writeup write up
    analysis operations ops service system on call oncall how to the a an of for and card profile sheet factsheet
    datasheet fact entry catalogue brief"""
)

# Head words of a heading that name a part of a write-up, not a thing ("## Background", "## Inputs and outputs"): the
# heading-over-data-flow-bullets pattern (`extraction.section_subjects.flow_heading`) never takes them as a subject.
GENERIC_HEADING_WORDS: frozenset[str] = words(
    """background overview context summary details detail notes note data input inputs output outputs source
    sources target targets configuration config setup architecture flow flows design appendix references links
    dependencies requirements scope goals status timeline impact steps procedure section example examples facts
    properties info information metadata attributes"""
)

# Relations of data flow whose doer, in a write-up about one system, may be written as "we" ("we persist state to
# X", "we read events from Y"): the team-as-doer pattern binds "we" to the system the document is about.
TEAM_DOER_RELATIONS: frozenset[str] = frozenset({"PRODUCES", "CONSUMES", "CALLS"})

NEGATION_WORDS: frozenset[str] = frozenset({"not", "n't", "never", "no", "neither", "nor", "nobody", "nothing"})
# Verbs that end what they govern: "stopped maintaining X", "left the Payments team", "dropped the dependency on Y"
# state a relation that no longer holds (negated, as "no longer" does).
ENDING_VERBS: frozenset[str] = frozenset({"stop", "cease", "quit", "leave", "drop", "abandon", "remove"})
# Verbs that carry another verb's act (a phase: "start enforcing X", "began to reject Y", "kept retrying"; a need:
# "has to sign off", "needs to approve"): the verb they govern (gerund or to-infinitive) says what is done.
CARRIER_VERBS: frozenset[str] = words("start begin continue keep resume commence have need")
# Flags that open a chat or e-mail line before what it states ("fyi", "heads up, ..."): read past, never a clause of
# their own (`extraction.chat_asides`), as word tuples.
CHAT_ASIDES: tuple[tuple[str, ...], ...] = (("fyi",), ("btw",), ("psa",), ("heads", "up"), ("quick", "update"),
                                            ("update",), ("reminder",), ("note",))
HEDGE_WORDS: frozenset[str] = words(
    """might could may maybe probably perhaps possibly likely unlikely whether if seem seems seemed appear
    appears appeared suspect suspected think believe guess unclear presumably potentially apparently"""
)
PLAN_WORDS: frozenset[str] = frozenset(
    {"plan", "planned", "planning", "intend", "aim", "upcoming", "future", "todo", "roadmap", "eventually"}
)
# Words that, opening a cause label, make it a hypothesis: "Suspected trigger:", "Possible cause:", "Likely culprit:".
LABEL_HEDGES: frozenset[str] = words("suspected possible probable likely potential presumed")
# Words anywhere in a sentence that make each of its statements hedged ("the suspected cause", "maybe X calls Y").
SENTENCE_HEDGES: frozenset[str] = words(
    """maybe probably perhaps possibly whether unclear suspected hypothesis hypothesize hypothesizing likely
    possible"""
)
# Auxiliaries of the future ("will", "'ll", "shall"; "wo" is spaCy's token of "won't"): a planned statement.
FUTURE_AUXILIARIES: frozenset[str] = frozenset({"will", "shall", "'ll", "wo"})
PLAN_VERBS: frozenset[str] = frozenset({"plan", "intend", "aim", "want", "hope", "propose", "expect", "go"})
NEXT_PERIODS: frozenset[str] = frozenset(
    {"week", "month", "quarter", "sprint", "release", "cycle", "year", "milestone", "iteration", "phase"}
)

_AGENTS = frozenset({"Person", "Team", "Organization", "Customer"})
OWNER_TYPES = frozenset({"Person", "Team", "Organization"})
_THINGS = frozenset(
    {"Service", "Component", "Technology", "Project", "Ticket", "Page", "Organization", "Customer", "Team"}
)
_SYSTEMS = frozenset({"Service", "Component", "Technology", "Project", "Organization", "Customer", "Team"})
_CONSTRAINTS: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    "DEPENDS_ON": (_SYSTEMS | {"Ticket"}, _SYSTEMS | {"Ticket"}),
    "USES": (_SYSTEMS | {"Person", "Ticket"}, frozenset({"Service", "Component", "Technology", "Project"})),
    "CALLS": (frozenset({"Service", "Component", "Technology"}), frozenset({"Service", "Component", "Technology"})),
    "CONSUMES": (_SYSTEMS - {"Team"}, frozenset({"Service", "Component", "Technology"})),
    "PRODUCES": (frozenset({"Service", "Component", "Technology"}), frozenset({"Service", "Component", "Technology"})),
    "OWNS": (OWNER_TYPES, _THINGS - {"Organization"}),
    "MAINTAINS": (OWNER_TYPES, frozenset({"Service", "Component", "Technology", "Project", "Page"})),
    "AFFECTS": (_THINGS, _THINGS - {"Person"}),
    "CAUSED": (_THINGS - {"Team", "Organization", "Customer"}, _THINGS - {"Team", "Organization", "Customer"}),
    "FIXES": (frozenset({"Ticket", "Page", "Service", "Component", "Technology"}),
              frozenset({"Ticket", "Page", "Service", "Component", "Technology"})),
    "BLOCKS": (
        frozenset({"Ticket", "Service", "Component", "Technology", "Project"}),
        frozenset({"Ticket", "Service", "Component", "Technology", "Project", "Customer"}),
    ),
    "PART_OF": (_THINGS - {"Customer", "Organization"}, _THINGS),
    "REPLACES": (
        frozenset({"Service", "Component", "Technology", "Project", "Page"}),
        frozenset({"Service", "Component", "Technology", "Project", "Page"}),
    ),
    "DECIDED": (OWNER_TYPES, _THINGS - {"Team", "Organization", "Customer"}),
    "APPROVED": (OWNER_TYPES, _THINGS - {"Team", "Organization", "Customer"}),
    "REPORTED": (_AGENTS, frozenset({"Ticket"})),
    "ASSIGNED_TO": (frozenset({"Ticket", "Project", "Page"}), frozenset({"Person", "Team"})),
    "REVIEWED": (frozenset({"Person", "Team"}), frozenset({"Page", "Ticket", "Project"})),
    "HAS_COMPONENT": (
        frozenset({"Service", "Component", "Technology", "Project", "Ticket"}),
        frozenset({"Service", "Component", "Technology"}),
    ),
    "LINKED_TO": (frozenset({"Ticket", "Page"}), frozenset({"Ticket", "Page"})),
    "CONCERNS": (frozenset({"Ticket", "Page"}), _THINGS | {"Person"}),
    "MEMBER_OF": (frozenset({"Person"}), frozenset({"Team", "Organization"})),
    "LEADS": (frozenset({"Person"}), frozenset({"Team", "Project", "Organization"})),
}


def normalise(rel_type: str, subject_type: str, object_type: str) -> str | None:
    """The relation type to emit for these entity types, or None when the pair makes no sense for it."""
    person_in_team = subject_type == "Person" and object_type in ("Team", "Organization")
    if rel_type in ("PART_OF", "MEMBER_OF", "LEADS", "MAINTAINS") and person_in_team:
        rel_type = "LEADS" if rel_type in ("LEADS", "MAINTAINS") else "MEMBER_OF"
    allowed = _CONSTRAINTS.get(rel_type)
    if allowed is None:
        return None
    subjects, objects = allowed
    if subject_type in subjects and object_type in objects:
        return rel_type
    return None


# Types that name the same kind of thing: one name read as two of them is one entity, not a relation between two
# ("Acme" the customer and "Acme" the organisation). A team and a service of one name stay two entities.
_KINDS = ({"Customer", "Organization"}, {"Component", "Service", "Technology"})


def same_entity(a_name: str, a_type: str, b_name: str, b_type: str) -> bool:
    """Whether two mentions are one entity read twice (so no relation links them)."""
    if a_name.casefold() != b_name.casefold():
        return False
    return a_type == b_type or any({a_type, b_type} <= kind for kind in _KINDS)
