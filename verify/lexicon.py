"""The verifier's own word lists: the cues it grades with are its own judgement, independent of the rules the
extractor read the relation with. What both must agree on (relation types, labels and the fields of front matter)
comes from the shared table in :mod:`verify.vocabulary`.

Everything here is lowercase lemmas (spaCy ``token.lemma_`` lowercased) or lowercase surface words.
"""

from __future__ import annotations

from verify.vocabulary import LABELS, REL_TYPES

__all__ = ["REL_TYPES"]

# Lemmas that express each relation when they sit on the dependency path between the two mentions.
CUES: dict[str, frozenset[str]] = {
    "DEPENDS_ON": frozenset({"depend", "dependency", "dependent", "rely", "reliant", "reliance", "require",
                             "requirement", "need", "prerequisite", "hinge"}),
    "USES": frozenset({"use", "user", "usage", "utilize", "utilise", "leverage", "employ", "adopt",
                       "power", "back", "run"}),
    "CALLS": frozenset({"call", "caller", "invoke", "invocation", "hit", "query", "ping", "talk", "request",
                        "send", "forward", "proxy", "route"}),
    "CONSUMES": frozenset({"consume", "consumer", "read", "subscribe", "subscriber", "ingest", "pull",
                           "listen", "receive"}),
    "PRODUCES": frozenset({"produce", "producer", "emit", "publish", "publisher", "write", "generate",
                           "output", "push", "send", "export"}),
    "OWNS": frozenset({"own", "owner", "ownership", "responsible", "responsibility", "belong"}),
    "MAINTAINS": frozenset({"maintain", "maintainer", "maintenance", "support", "upkeep", "steward"}),
    "AFFECTS": frozenset({"affect", "impact", "hit", "break", "degrade", "disrupt", "slow", "touch", "overload",
                          "saturate", "exhaust", "starve", "fail", "affected", "impacted"}),
    "CAUSED": frozenset({"cause", "trigger", "lead", "result", "introduce", "induce", "root", "culprit",
                         "responsible", "due"}),
    "FIXES": frozenset({"fix", "resolve", "mitigate", "patch", "address", "repair", "remediate", "revert",
                        "rollback", "hotfix", "restore", "correct", "fixed"}),
    "BLOCKS": frozenset({"block", "blocker", "prevent", "hold", "gate", "stall"}),
    "PART_OF": frozenset({"part", "belong", "component", "module", "subcomponent", "submodule", "contain",
                          "include", "sit", "live", "within"}),
    "REPLACES": frozenset({"replace", "replacement", "supersede", "successor", "substitute", "swap",
                           "retire"}),
    "DECIDED": frozenset({"decide", "decision", "choose", "pick", "select", "opt", "settle", "agree",
                          "conclude"}),
    "APPROVED": frozenset({"approve", "approval", "approver", "sign", "greenlight", "ratify", "accept",
                           "endorse"}),
    "REPORTED": frozenset({"report", "reporter", "raise", "file", "flag", "open", "log", "escalate"}),
    "ASSIGNED_TO": frozenset({"assign", "assignee", "assignment", "allocate", "hand"}),
    "REVIEWED": frozenset({"review", "reviewer", "audit", "proofread"}),
    "HAS_COMPONENT": frozenset({"component", "include", "contain", "comprise", "consist", "involve",
                                "module", "subsystem"}),
    "LINKED_TO": frozenset({"link", "relate", "related", "duplicate", "reference", "connect", "associate",
                            "tie"}),
    "CONCERNS": frozenset({"concern", "regard", "involve", "about", "relate"}),
    "MEMBER_OF": frozenset({"member", "membership", "join", "belong", "sit"}),
    "LEADS": frozenset({"lead", "leader", "head", "manage", "manager", "run", "chair", "direct", "drive"}),
}

# Verbs whose grammatical subject is the relation's object ("ledger-sync belongs to Payments" ->
# Payments OWNS ledger-sync). The direction check is turned round for these.
INVERSE_VERBS: dict[str, frozenset[str]] = {
    "OWNS": frozenset({"belong"}),
    "PART_OF": frozenset({"contain", "include"}),
}

# A verb and the particle or preposition it takes that together express a relation, with whether the verb's
# grammatical subject is the relation's object: ownership changes hands in org announcements ("the Search team
# takes over the feed", "the enricher moves to the Content team", "it stays with the Ops team"); a service "run by"
# or "operated by" a team is maintained by it, as the extractor reads it (`extraction.ownership_prose.belonging`).
PHRASAL_CUES: dict[str, dict[tuple[str, str], bool]] = {
    "OWNS": {("take", "over"): False, ("move", "to"): True, ("pass", "to"): True, ("transfer", "to"): True,
             ("stay", "with"): True},
    "MAINTAINS": {("run", "by"): True, ("operate", "by"): True},
}

# Relations whose cue words also bear on another, in the same direction: what a system calls, uses or reads from is
# something it depends on (read only to tell the direction, never as the relation stated).
IMPLIES: dict[str, tuple[str, ...]] = {"DEPENDS_ON": ("CALLS", "USES", "CONSUMES")}

# Relations where grammatical roles say something about direction (active subject = relation subject).
DIRECTIONAL: frozenset[str] = frozenset({
    "DEPENDS_ON", "USES", "CALLS", "CONSUMES", "PRODUCES", "OWNS", "MAINTAINS", "AFFECTS", "CAUSED", "FIXES",
    "BLOCKS", "REPLACES", "DECIDED", "APPROVED", "REPORTED", "REVIEWED", "LEADS", "PART_OF", "MEMBER_OF",
})

NEGATION_WORDS: frozenset[str] = frozenset({"not", "n't", "never", "no", "nor", "neither", "none",
                                            "nothing", "nowhere", "without"})
NEGATING_VERBS: frozenset[str] = frozenset({"stop", "cease", "quit", "remove", "drop", "deny", "decommission",
                                            "discontinue", "eliminate"})

HEDGE_MODALS: frozenset[str] = frozenset({"might", "could", "may", "would", "must've", "can't"})
HEDGE_ADVERBS: frozenset[str] = frozenset({"maybe", "perhaps", "probably", "possibly", "likely", "unlikely",
                                           "presumably", "apparently", "supposedly", "allegedly",
                                           "seemingly", "potentially", "conceivably"})
HEDGE_VERBS: frozenset[str] = frozenset({"think", "believe", "guess", "suspect", "assume", "suppose", "seem",
                                         "appear", "wonder", "doubt", "speculate"})
HEDGE_ADJECTIVES: frozenset[str] = frozenset({"unclear", "unknown", "unsure", "uncertain", "unconfirmed",
                                              "unverified", "tbd", "tbc", "possible", "debatable"})
HEDGE_NOUNS: frozenset[str] = frozenset({"assumption", "theory", "hypothesis", "guess", "hunch", "rumor",
                                        "rumour", "possibility", "speculation", "question"})
CONDITION_MARKERS: frozenset[str] = frozenset({"if", "unless", "whether", "assuming", "provided", "suppose",
                                               "lest", "in case"})

# "should" states what ought to happen (a proposal or a runbook instruction), not what is: a plan.
PLAN_AUX: frozenset[str] = frozenset({"will", "shall", "'ll", "wo", "should", "ought"})
PLAN_VERBS: frozenset[str] = frozenset({"plan", "intend", "aim", "want", "expect", "schedule", "propose",
                                        "hope", "target", "consider", "go", "prepare", "mean"})
# Acts a modal states without their verb: "we should add X" proposes X, "X must have Y" (has to, needs to, is
# required to) requires Y. Keyed by the asked verb's lemma; the values are the modals' lemmas.
PROPOSAL_MODALS: frozenset[str] = frozenset({"should", "ought"})
REQUIREMENT_MODALS: frozenset[str] = frozenset({"must"})
MODAL_ACTS: dict[str, frozenset[str]] = {
    **dict.fromkeys(("propose", "suggest", "recommend", "advise"), PROPOSAL_MODALS),
    # "insist on X" and "stipulate X" demand X as "require" does: a requirement stated by "must" / "is required"
    **dict.fromkeys(("require", "need", "mandate", "demand", "insist", "stipulate"), REQUIREMENT_MODALS),
}
# Verbs of necessity that state a requirement with a to-infinitive ("has to", "needs to") or in the passive ("is
# required").
NECESSITY_VERBS: frozenset[str] = frozenset({"have", "need", "require"})
# Verbs that ask someone else to act ("was asked to approve", "invited her to review"): with a to-infinitive the
# act is requested, not done.
REQUEST_VERBS: frozenset[str] = frozenset({"ask", "invite", "request", "urge", "remind", "nudge"})
PLAN_NOUNS: frozenset[str] = frozenset({"plan", "roadmap", "proposal", "intention", "goal", "target"})
# Adverbs that put a state in the past, over now ("formerly owned by", "previously read from").
ENDED_ADVERBS: frozenset[str] = frozenset({"formerly", "previously"})
PLAN_TIME_WORDS: frozenset[str] = frozenset({"soon", "eventually", "upcoming", "later", "once", "tomorrow"})
PLAN_NEXT_UNITS: frozenset[str] = frozenset({"quarter", "sprint", "week", "month", "year", "release",
                                             "cycle", "milestone", "phase", "iteration", "half", "q1", "q2",
                                             "q3", "q4"})

# Front-matter field (or body label) -> relation it states, from the shared label table. The document's own entity
# (or the section's topic) is the other end.
METADATA_FIELDS: dict[str, str] = {key: rule.rel_type for key, rule in LABELS.items()}

# Citation-gate hedge signals (surface words and phrases, lowercase).
HEDGE_WORDS: frozenset[str] = frozenset({"maybe", "probably", "possibly", "perhaps", "whether", "might",
                                         "could", "unclear", "tbd", "tbc", "likely", "unsure", "presumably",
                                         "apparently", "seems", "allegedly", "supposedly", "unconfirmed"})
HEDGE_PHRASES: tuple[str, ...] = ("nobody has checked", "no one has checked", "i think", "i believe",
                                  "i guess", "not sure", "to be confirmed", "not confirmed", "as far as i know")

STOPWORDS: frozenset[str] = frozenset({
    "a", "about", "above", "after", "again", "against", "all", "also", "am", "an", "and", "any", "are",
    "as", "at", "be", "because", "been", "before", "being", "below", "between", "both", "but", "by", "can",
    "could", "did", "do", "does", "doing", "down", "during", "each", "few", "for", "from", "further",
    "had", "has", "have", "having", "he", "her", "here", "hers", "herself", "him", "himself", "his", "how",
    "i", "if", "in", "into", "is", "it", "its", "itself", "just", "me", "more", "most", "my", "myself",
    "no", "nor", "not", "now", "of", "off", "on", "once", "only", "or", "other", "our", "ours",
    "ourselves", "out", "over", "own", "same", "she", "should", "so", "some", "such", "than", "that",
    "the", "their", "theirs", "them", "themselves", "then", "there", "these", "they", "this", "those",
    "through", "to", "too", "under", "until", "up", "very", "was", "we", "were", "what", "when", "where",
    "which", "while", "who", "whom", "why", "will", "with", "would", "you", "your", "yours", "yourself",
    "yourselves", "per", "via", "yes", "yet", "let", "may", "might", "must", "shall", "s", "t", "don",
    "doesn", "isn", "wasn", "weren", "aren", "won", "wouldn", "shouldn", "couldn", "ve", "ll", "re", "d",
    "m",
})
