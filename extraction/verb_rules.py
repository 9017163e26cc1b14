"""The verb, passive and copula tables of the sentence reader: which English predicate states which relation.

`extraction.vocabulary` documents each rel_type and re-exports these tables (one vocabulary for the extractor, the
agent's router and the verifier); they live here so that each table can grow without the vocabulary module
outgrowing one job.
"""

from __future__ import annotations

# (verb lemma, preposition/particle or None for a direct object) -> (rel_type, inverse).
# inverse=True: the grammatical object is the logical subject ("X is a dependency of Y" style).
VERB_RULES: dict[tuple[str, str | None], tuple[str, bool]] = {
    ("depend", "on"): ("DEPENDS_ON", False), ("depend", "upon"): ("DEPENDS_ON", False),
    ("rely", "on"): ("DEPENDS_ON", False), ("rely", "upon"): ("DEPENDS_ON", False),
    ("require", None): ("DEPENDS_ON", False), ("need", None): ("DEPENDS_ON", False),
    ("use", None): ("USES", False), ("utilize", None): ("USES", False), ("leverage", None): ("USES", False),
    ("run", "on"): ("USES", False), ("fall", "to"): ("USES", False), ("keep", "in"): ("USES", False),
    ("integrate", "with"): ("USES", False), ("switch", "to"): ("USES", False), ("migrate", "to"): ("USES", False),
    ("retry", "through"): ("USES", False), ("retry", "via"): ("USES", False),
    ("host", "on"): ("USES", False), ("deploy", "on"): ("USES", False), ("build", "on"): ("DEPENDS_ON", False),
    ("forward", "to"): ("CALLS", False), ("proxy", "to"): ("CALLS", False), ("connect", "to"): ("CALLS", False),
    ("fetch", None): ("CALLS", False), ("poll", None): ("CALLS", False), ("wrap", None): ("USES", False),
    ("route", "through"): ("CALLS", False), ("route", "via"): ("CALLS", False), ("go", "through"): ("CALLS", False),
    ("persist", "in"): ("PRODUCES", False), ("persist", "to"): ("PRODUCES", False),
    ("store", "in"): ("PRODUCES", False), ("save", "to"): ("PRODUCES", False),
    ("call", None): ("CALLS", False), ("invoke", None): ("CALLS", False), ("query", None): ("CALLS", False),
    ("talk", "to"): ("CALLS", False), ("hit", None): ("CALLS", False),
    ("consume", None): ("CONSUMES", False), ("read", "from"): ("CONSUMES", False),
    ("subscribe", "to"): ("CONSUMES", False), ("ingest", None): ("CONSUMES", False),
    ("pull", "from"): ("CONSUMES", False), ("fetch", "from"): ("CONSUMES", False),
    ("consume", "from"): ("CONSUMES", False), ("ingest", "from"): ("CONSUMES", False),
    ("receive", "from"): ("CONSUMES", False), ("load", "from"): ("CONSUMES", False),
    ("produce", None): ("PRODUCES", False), ("emit", None): ("PRODUCES", False),
    ("publish", None): ("PRODUCES", False), ("publish", "to"): ("PRODUCES", False),
    ("write", "to"): ("PRODUCES", False), ("push", "to"): ("PRODUCES", False), ("send", "to"): ("PRODUCES", False),
    ("own", None): ("OWNS", False),
    ("maintain", None): ("MAINTAINS", False), ("operate", None): ("MAINTAINS", False),
    ("manage", None): ("MAINTAINS", False),
    ("affect", None): ("AFFECTS", False), ("impact", None): ("AFFECTS", False),
    ("degrade", None): ("AFFECTS", False), ("disrupt", None): ("AFFECTS", False),
    ("break", None): ("AFFECTS", False), ("overload", None): ("AFFECTS", False),
    ("saturate", None): ("AFFECTS", False), ("slow", None): ("AFFECTS", False),
    ("starve", None): ("AFFECTS", False), ("exhaust", None): ("AFFECTS", False),
    ("time", "on"): ("CALLS", False),
    ("cause", None): ("CAUSED", False), ("trigger", None): ("CAUSED", False),
    ("lead", "to"): ("CAUSED", False), ("result", "in"): ("CAUSED", False),
    ("introduce", None): ("CAUSED", False),
    ("fix", None): ("FIXES", False), ("resolve", None): ("FIXES", False), ("mitigate", None): ("FIXES", False),
    ("patch", None): ("FIXES", False), ("repair", None): ("FIXES", False), ("remediate", None): ("FIXES", False),
    ("block", None): ("BLOCKS", False), ("prevent", None): ("BLOCKS", False),
    ("belong", "to"): ("PART_OF", False),
    ("replace", None): ("REPLACES", False), ("supersede", None): ("REPLACES", False),
    ("decide", None): ("DECIDED", False), ("decide", "on"): ("DECIDED", False),
    ("approve", None): ("APPROVED", False), ("sign", "on"): ("APPROVED", False),
    ("report", None): ("REPORTED", False), ("file", None): ("REPORTED", False), ("raise", None): ("REPORTED", False),
    ("review", None): ("REVIEWED", False),
    ("consist", "of"): ("HAS_COMPONENT", False), ("comprise", None): ("HAS_COMPONENT", False),
    ("contain", None): ("HAS_COMPONENT", False), ("include", None): ("HAS_COMPONENT", False),
    ("link", "to"): ("LINKED_TO", False),
    ("concern", None): ("CONCERNS", False),
    ("join", None): ("MEMBER_OF", False),
    ("lead", None): ("LEADS", False), ("head", None): ("LEADS", False),
    # prepositional verbs of traffic and data flow: "points to X", "authenticates against X", "fails over to X",
    # "exports to X", "X fronts Y" (X takes the calls first), "Y sits behind X", "Postgres backs X" (X uses it)
    ("point", "to"): ("CALLS", False), ("point", "at"): ("CALLS", False), ("delegate", "to"): ("CALLS", False),
    ("authenticate", "against"): ("CALLS", False), ("authenticate", "with"): ("CALLS", False),
    ("validate", "against"): ("CALLS", False), ("pass", "through"): ("CALLS", False),
    ("call", "into"): ("CALLS", False), ("front", None): ("CALLS", False), ("sit", "behind"): ("CALLS", True),
    ("fail", "to"): ("USES", False), ("run", "in"): ("USES", False), ("back", None): ("USES", True),
    ("power", None): ("USES", True), ("listen", "to"): ("CONSUMES", False),
    ("listen", "on"): ("CONSUMES", False), ("read", None): ("CONSUMES", False),
    ("export", "to"): ("PRODUCES", False), ("replicate", "to"): ("PRODUCES", False),
    ("stream", "to"): ("PRODUCES", False), ("feed", "into"): ("PRODUCES", False),
    ("write", "into"): ("PRODUCES", False),
    # phrasal verbs of damage (particle or preposition): "a full disk could take down X", "it knocked out Y"
    ("take", "down"): ("AFFECTS", False), ("bring", "down"): ("AFFECTS", False),
    ("knock", "out"): ("AFFECTS", False), ("knock", "over"): ("AFFECTS", False),
    # looking after a system is maintaining it: "the Growth team looks after X", "X is looked after by Y"
    ("look", "after"): ("MAINTAINS", False),
    # running or staffing a system is operating it ("the SRE team runs X"); the types keep a system that "runs"
    # another out (MAINTAINS needs a person or team), and "Dana runs the Payments team" LEADS it
    ("run", None): ("MAINTAINS", False), ("staff", None): ("MAINTAINS", False),
    # damage that floods or spreads: "a retry storm overwhelmed X", "errors in X cascaded into Y", "slowed down X"
    ("overwhelm", None): ("AFFECTS", False), ("swamp", None): ("AFFECTS", False), ("flood", None): ("AFFECTS", False),
    ("cripple", None): ("AFFECTS", False), ("hammer", None): ("AFFECTS", False), ("stall", None): ("AFFECTS", False),
    ("cascade", "into"): ("AFFECTS", False), ("cascade", "to"): ("AFFECTS", False),
    ("spill", "into"): ("AFFECTS", False), ("spill", "over"): ("AFFECTS", False),
    ("propagate", "to"): ("AFFECTS", False), ("propagate", "into"): ("AFFECTS", False),
    ("slow", "down"): ("AFFECTS", False),
    # data handed on or picked up: "hands messages off to X", "ships logs to X", "picks up jobs from X", "gets its
    # rates from X"; "X feeds Y" (Y reads what X gives)
    ("hand", "to"): ("PRODUCES", False), ("ship", "to"): ("PRODUCES", False), ("dump", "into"): ("PRODUCES", False),
    ("dump", "to"): ("PRODUCES", False), ("upload", "to"): ("PRODUCES", False), ("flush", "to"): ("PRODUCES", False),
    # recorded into a store: "commits its offsets to Kafka", "appends events to the audit-log"
    ("commit", "to"): ("PRODUCES", False), ("append", "to"): ("PRODUCES", False),
    ("pick", "from"): ("CONSUMES", False), ("get", "from"): ("CONSUMES", False), ("pull", None): ("CONSUMES", False),
    ("feed", None): ("CONSUMES", True), ("poll", "from"): ("CONSUMES", False),
    # talking to a system is calling it: "talks with X", "communicates with X", "kicks off the X job", "pings X"
    ("talk", "with"): ("CALLS", False), ("communicate", "with"): ("CALLS", False), ("kick", "off"): ("CALLS", False),
    ("ping", None): ("CALLS", False), ("consult", None): ("CALLS", False), ("reach", "into"): ("CALLS", False),
    # leaning on a thing is depending on it: "X leans on Y", "X counts on Y", "X hinges on Y"
    ("lean", "on"): ("DEPENDS_ON", False), ("count", "on"): ("DEPENDS_ON", False),
    ("hinge", "on"): ("DEPENDS_ON", False),
    # signing off is approving ("Signed off by Dana", "Dana signed off"): the particle, not a preposition
    ("sign", "off"): ("APPROVED", False),
    # a layer resting on another depends on it: "X sits on top of Y", "X sits atop Y", "X is layered on Y"
    ("sit", "on"): ("DEPENDS_ON", False), ("sit", "atop"): ("DEPENDS_ON", False),
    ("layer", "on"): ("DEPENDS_ON", False),
    # taking a system over is taking its ownership: "the Ledger team has taken over meter-svc"
    ("take", "over"): ("OWNS", False),
    # asking a system for something calls it ("X asks Y for candidates"; a person asked is no call: the types);
    # handing or passing requests on calls the receiver (`verb_reader`: what is handed decides, data is produced)
    ("ask", None): ("CALLS", False), ("pass", "to"): ("PRODUCES", False),
    # filling a store is producing into it ("map-loader refreshes geo-feed", "X is populated by Y"); sending work
    # through a system calls it, posting to one produces into it ("sends every text through X", "posts alerts to X")
    ("populate", None): ("PRODUCES", False), ("refresh", None): ("PRODUCES", False),
    ("send", "through"): ("CALLS", False), ("send", "via"): ("CALLS", False), ("post", "to"): ("PRODUCES", False),
    ("cache", "in"): ("PRODUCES", False),
    # leaving a team ends the membership (`clause_flags`: an ending verb negates): "Grace left the Booking team"
    ("leave", None): ("MEMBER_OF", False), ("quit", None): ("MEMBER_OF", False),
}  # fmt: skip

# Verbs that name operating only when what they take is a system: "the SRE team runs the gateway" operates it, "Ana
# runs the restore drill" performs an act. The extractor's types keep the act out (no system object); a question's
# router reads these verbs as the relation only when their object names a system, else as an act with a doer.
OPERATING_VERBS = frozenset({"run", "staff"})

# Passive voice with a preposition other than "by" keeps the surface order:
# "SUP-1 is assigned to Priya" -> SUP-1 ASSIGNED_TO Priya; "X is blocked on Y" -> Y BLOCKS X (inverse).
PASSIVE_PREP_RULES: dict[tuple[str, str], tuple[str, bool]] = {
    ("assign", "to"): ("ASSIGNED_TO", False), ("build", "on"): ("DEPENDS_ON", False),
    ("base", "on"): ("DEPENDS_ON", False), ("block", "on"): ("BLOCKS", True),
    ("link", "to"): ("LINKED_TO", False), ("relate", "to"): ("LINKED_TO", False),
    ("replace", "with"): ("REPLACES", True), ("cause", "by"): ("CAUSED", True),
    ("trigger", "by"): ("CAUSED", True), ("fix", "in"): ("FIXES", True), ("fix", "by"): ("FIXES", True),
    ("run", "by"): ("USES", False), ("back", "by"): ("USES", False), ("serve", "by"): ("USES", False),
    ("power", "by"): ("USES", False), ("host", "on"): ("USES", False), ("host", "in"): ("USES", False),
    ("deploy", "on"): ("USES", False), ("store", "on"): ("USES", False), ("manage", "by"): ("MAINTAINS", True),
    ("operate", "by"): ("MAINTAINS", True),
    ("route", "through"): ("CALLS", False), ("route", "to"): ("CALLS", False), ("route", "via"): ("CALLS", False),
    ("forward", "to"): ("CALLS", False), ("proxy", "to"): ("CALLS", False),
    ("store", "in"): ("PRODUCES", False), ("persist", "in"): ("PRODUCES", False),
    ("persist", "to"): ("PRODUCES", False), ("write", "to"): ("PRODUCES", False),
    ("call", "from"): ("CALLS", True), ("serve", "from"): ("USES", False), ("deploy", "to"): ("USES", False),
    ("schedule", "on"): ("USES", False), ("replicate", "to"): ("PRODUCES", False),
    # what a system is built around or wired to: "X is built around Kafka", "X is wired to Y", "connected to Y"
    ("build", "around"): ("USES", False), ("center", "around"): ("USES", False), ("wire", "to"): ("CALLS", False),
    ("wire", "into"): ("CALLS", False), ("connect", "to"): ("CALLS", False), ("hook", "into"): ("CALLS", False),
}  # fmt: skip

# Copula + noun/adjective + preposition: "X is part of Y", "X is dependent on Y", "Y is a dependency of X".
COPULA_RULES: dict[tuple[str, str], tuple[str, bool]] = {
    ("part", "of"): ("PART_OF", False), ("member", "of"): ("MEMBER_OF", False),
    ("owner", "of"): ("OWNS", False), ("responsible", "for"): ("OWNS", False),
    ("dependent", "on"): ("DEPENDS_ON", False), ("dependency", "of"): ("DEPENDS_ON", True),
    ("consumer", "of"): ("CONSUMES", False), ("replacement", "for"): ("REPLACES", False),
    ("lead", "of"): ("LEADS", False), ("lead", "for"): ("LEADS", False),
    ("maintainer", "of"): ("MAINTAINS", False), ("component", "of"): ("PART_OF", False),
    ("related", "to"): ("LINKED_TO", False), ("cause", "of"): ("CAUSED", False),
    ("owner", "for"): ("OWNS", False), ("fix", "for"): ("FIXES", False),
    # position in a call chain: "X is upstream of Y" (Y depends on X), "X is downstream of Y", "X is a client of Y"
    ("upstream", "of"): ("DEPENDS_ON", True), ("downstream", "of"): ("DEPENDS_ON", False),
    ("dependent", "upon"): ("DEPENDS_ON", False), ("client", "of"): ("CALLS", False),
    ("producer", "for"): ("PRODUCES", False), ("wrapper", "around"): ("USES", False),
    ("wrapper", "for"): ("USES", False),
    # answerable for a thing: "X is accountable for Y", "X is in charge of Y", "X is on the hook for Y", "X is the
    # primary contact for Y", "X is the steward of Y" (the noun may sit after a preposition: `relations._copula`)
    ("accountable", "for"): ("OWNS", False), ("charge", "of"): ("OWNS", False), ("hook", "for"): ("OWNS", False),
    ("contact", "for"): ("OWNS", False), ("steward", "of"): ("OWNS", False), ("custodian", "of"): ("OWNS", False),
    ("maintainer", "for"): ("MAINTAINS", False),
}  # fmt: skip

# A light verb whose object noun carries the relation: "X has a hard dependency on Y", "X takes a dependency on Y",
# "the team takes care of Y", "X keeps a connection to Y". (noun lemma, preposition) -> (rel_type, inverse).
LIGHT_VERBS = frozenset({"have", "take", "keep", "hold", "add", "maintain", "carry", "drop", "remove"})
NOUN_RULES: dict[tuple[str, str], tuple[str, bool]] = {
    ("dependency", "on"): ("DEPENDS_ON", False), ("dependency", "upon"): ("DEPENDS_ON", False),
    ("reliance", "on"): ("DEPENDS_ON", False), ("care", "of"): ("MAINTAINS", False),
    ("connection", "to"): ("CALLS", False), ("integration", "with"): ("USES", False),
    ("ownership", "of"): ("OWNS", False), ("charge", "of"): ("OWNS", False),
}  # fmt: skip
