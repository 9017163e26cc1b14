"""From the asked thing (the focus noun, the wh-word, the verb) to the answer type and to the section that says it.

Word lists here are English and the conventions of enterprise writing, nothing else:

- :data:`FOCUS_TYPES`: the head noun of "what X" / "which X" / "the X of" names the kind of filler asked for
  (a "retention" is a duration, an "owner" an agent, a "header" an identifier ...).
- :data:`VERB_TYPES`: a wh-word that is the subject of these verbs asks for a cause ("what caused") or a fix
  ("what resolved").
- :data:`SECTION_ROLES`: the words with which postmortems, tickets, runbooks and ADRs head the section that
  holds each kind of answer ("Root cause", "Resolution", "Mitigation", "Owners", "Timeline"...). Headings are
  compared by lemma after splitting ``snake_case`` and punctuation ("root_cause" is "root cause").
"""

from __future__ import annotations

import re
from functools import lru_cache

from extraction.line_breaks import stored_lines
from verify.labelled import segments
from zehn.agent.question import AnswerType
from zehn.agent.rows import DocPassage, own_heading

FOCUS_TYPES: dict[str, AnswerType] = {
    # who: people and teams named by role
    **dict.fromkeys(("owner", "person", "people", "team", "engineer", "assignee", "reporter", "approver",
                     "reviewer", "lead", "manager", "contact", "maintainer", "author", "dri", "responder",
                     "oncall", "on-call", "who", "squad", "group"), "agent"),
    # when
    **dict.fromkeys(("date", "day", "deadline", "when", "eta"), "date"),
    # how long: spans of time
    **dict.fromkeys(("duration", "retention", "period", "window", "ttl", "timeout", "downtime", "interval",
                     "delay", "lifetime", "long", "time",
                     # recovery objectives and incident timings, by their usual acronyms
                     "rto", "rpo", "mttr", "mttd", "mtta"), "duration"),
    # how many / how much / what threshold
    **dict.fromkeys(("number", "count", "threshold", "limit", "size", "percentage", "percent", "rate", "ratio",
                     "amount", "budget", "cost", "price", "capacity", "quota", "minimum", "maximum", "many",
                     "much", "value", "target", "cap", "ceiling", "floor", "usage", "utilization", "utilisation",
                     "latency", "share", "proportion", "fraction", "slo"), "quantity"),
    # how often
    **dict.fromkeys(("frequency", "cadence", "often"), "frequency"),
    **dict.fromkeys(("version", "release"), "version"),
    # which system
    **dict.fromkeys(("service", "system", "component", "dependency", "gateway", "proxy", "database", "store",
                     "cache", "queue", "cluster", "api", "library", "tool", "backend", "upstream", "downstream",
                     "provider", "platform", "pipeline", "job", "worker", "controller"), "system"),
    # which named thing
    **dict.fromkeys(("field", "header", "key", "flag", "parameter", "param", "label", "metric", "event", "channel",
                     "ticket", "issue", "pr", "name", "alias", "id", "code", "column", "setting", "config",
                     "configuration", "variable", "command", "path", "url", "endpoint", "policy", "rule",
                     "status", "error", "format", "schema", "signal", "dimension", "scope", "permission"),
                    "identifier"),
    **dict.fromkeys(("cause", "reason", "trigger", "why", "culprit", "explanation", "argument", "rationale",
                     "justification", "motivation"), "cause"),
    **dict.fromkeys(("fix", "hotfix", "mitigation", "workaround", "remediation", "resolution", "patch",
                     "solution", "remedy"), "fix"),
}

# Focus nouns that say only "a number" ("to what *value* was X raised", "what *number* of"): the filler states them,
# no sentence repeats them; the thing the number is of is said by the rest of the ask.
# A frequency is such a number too: "every 5 minutes", "12 of 6000 retries" state it without the word.
NUMBER_ONLY: frozenset[str] = frozenset({"value", "number", "amount", "many", "much", "frequency"})
# "How often" names no focus noun: it asks for a frequency, the head a labelled line names it by ("Observed
# frequency: ..."), as "what is the frequency of X" does.
IMPLICIT_FOCUS: dict[str, str] = {"how often": "frequency", "how frequently": "frequency"}

# A wh-word as the subject of these verbs asks for a cause or a fix ("what caused X", "what fixed it").
VERB_TYPES: dict[str, AnswerType] = {
    **dict.fromkeys(("cause", "trigger", "lead", "result", "produce", "explain", "drive"), "cause"),
    **dict.fromkeys(("fix", "resolve", "mitigate", "restore", "address", "remediate", "repair", "solve", "unblock",
                     "recover"), "fix"),
}

# A wh-word as the subject of these verbs asks for what followed ("what happened when X was rolled out", "what
# broke after the change"): the consequences, which postmortems state under "Impact" / "Customer impact". "How badly
# were customers *hit*", "which jobs were *hurt*", "what were the nodes *showing*" (their symptoms) ask the same.
CONSEQUENCE_VERBS: frozenset[str] = frozenset({"happen", "occur", "break", "affect", "impact", "disrupt", "degrade",
                                               "ensue", "hit", "suffer", "hurt", "show"})
# Verbs that ask what is still to be done when the wh-word is their subject ("what is *left* to do before X can close",
# "what *remains* open on Y"): the section of next steps or follow-ups holds it, whatever it is called.
REMAINING_VERBS: frozenset[str] = frozenset({"leave", "remain"})
# Adjectives that say a task or a question is not settled yet ("which follow-ups are still *open*", "what does X leave
# *undecided*"): what remains, listed under "Next steps" or a heading of the adjective ("Open questions").
UNFINISHED = frozenset({"open", "outstanding", "pending", "unresolved", "unfinished", "incomplete", "undone",
                        "undecided", "unanswered", "unsettled"})

# Section roles and the heading words that name them: (words that name the role itself, words of sections that
# often hold it too). "Root cause" names a cause; "Investigation notes" and "Contributing factors" often hold one.
SECTION_ROLES: dict[str, tuple[frozenset[str], frozenset[str]]] = {
    # A proposal states why it is made under "Motivation" / "Rationale" (RFCs, design docs).
    "cause": (frozenset({"cause", "root", "rca", "why", "trigger", "motivation", "rationale", "reason",
                         "justification"}),
              frozenset({"analysis", "wrong", "contributing", "factor", "diagnosis", "investigation", "finding"})),
    # A "Workaround" section states the remedy applied until the fix: it names a fix as "Mitigation" does.
    "fix": (frozenset({"resolution", "resolve", "fix", "remediation", "mitigation", "mitigate", "hotfix", "patch",
                       "solution", "remedy", "workaround"}),
            frozenset({"action", "rollback", "recovery", "change", "response"})),
    "impact": (frozenset({"impact", "affect", "affected", "symptom", "blast", "consequence"}),
               frozenset({"scope", "severity", "customer"})),
    "agent": (frozenset({"owner", "ownership", "contact", "dri", "responsible", "assignee", "raci"}),
              frozenset({"escalation", "team", "people", "stakeholder"})),
    "date": (frozenset({"timeline", "date", "schedule", "chronology"}), frozenset({"rollout", "milestone", "history"})),
    "steps": (frozenset({"step", "procedure", "checklist", "runbook", "instruction", "playbook"}),
              frozenset({"verification", "guidance", "plan"})),
    "next": (frozenset({"next", "follow", "followup", "todo"}) | UNFINISHED, frozenset({"action", "item", "task"})),
    "decision": (frozenset({"decision", "outcome", "conclusion", "chosen"}), frozenset({"agreement"})),
}
# Two words of the secondary sets that together name a role ("Action items" heads the next steps as "Follow-ups"
# does; "action" or "item" alone does not).
PRIMARY_PAIRS: dict[str, tuple[frozenset[str], ...]] = {"next": (frozenset({"action", "item"}),)}
# The section role that usually holds each answer type.
TYPE_ROLES: dict[AnswerType, str] = {"cause": "cause", "fix": "fix", "agent": "agent", "date": "date"}
# Focus words that point at a section role directly ("what follow-up ticket", "what impact", "what steps").
FOCUS_ROLES: dict[str, str] = {
    **dict.fromkeys(("follow-up", "followup", "follow", "ticket", "action", "task", "next"), "next"),
    **dict.fromkeys(("impact", "symptom", "effect", "consequence", "fallout", "aftermath"), "impact"),
    **dict.fromkeys(("step", "procedure", "checklist", "verification", "rollout"), "steps"),
    **dict.fromkeys(("decision", "choice", "option"), "decision"),
}
HEADING_CACHE = 8192  # distinct headings whose words and roles are kept
_SPLIT = re.compile(r"[\W_]+")


# Focus nouns that ask for the value at which something happens; a sentence states one as a comparison with a number
# ("fires when usage is *above 85%*", "pages *after more than 120 seconds*") without the noun itself.
THRESHOLD_NOUNS = frozenset({"threshold", "limit", "cap", "ceiling", "floor", "minimum", "maximum", "cutoff"})
_COMPARISON = re.compile(r"\b(?:(?:more|less|fewer|greater|higher|lower|longer|shorter) than|above|below|over|under|"
                         r"exceed(?:s|ed|ing)?|at (?:least|most)|up to|reach(?:es|ed)?)\s+(?:about\s+|roughly\s+)?\d",
                         re.IGNORECASE)


def states_threshold(focus_head: str, text: str) -> bool:
    """The sentence states the asked threshold as a comparison with a number."""
    return focus_head in THRESHOLD_NOUNS and bool(_COMPARISON.search(text))


# Unit symbols written after a number ("2s", "250 ms", "5 min"): a count of seconds is stated without the noun.
# A share is written as a percentage ("what share of uploads failed": "~7% of uploads").
UNIT_SYMBOLS: dict[str, str] = {"second": r"s|sec|secs", "millisecond": r"ms", "minute": r"m|min|mins",
                                "hour": r"h|hr|hrs", "day": r"d", "byte": r"b|kb|mb|gb|tb|kib|mib|gib|tib",
                                **dict.fromkeys(("share", "percentage", "proportion", "fraction"), r"%|percent|pct")}


def states_unit(focus_head: str, text: str) -> bool:
    """The sentence states a number in the asked unit by its symbol ("how many seconds": "for 2s"; "what share":
    "7%")."""
    symbols = UNIT_SYMBOLS.get(focus_head)
    return symbols is not None and re.search(rf"\d\s?(?:{symbols})(?!\w)", text, re.IGNORECASE) is not None


# Verbs a question and a document use for the same act ("how long does X *keep* events": "retains events",
# "retention: 30 days"): documents name the act by another verb of the family or by its noun.
VERB_FAMILIES: tuple[frozenset[str], ...] = (
    frozenset({"keep", "retain", "retention", "store", "preserve", "persist", "hold"}),  # keeping data
)


def family(verb: str) -> tuple[str, ...]:
    """The other words of the verb's family (none for a verb in no family)."""
    return tuple(sorted(next((f - {verb} for f in VERB_FAMILIES if verb in f), frozenset())))


@lru_cache(maxsize=HEADING_CACHE)
def heading_words(heading: str) -> frozenset[str]:
    """The last heading of a path, as lowercase words ("Root_Cause (summary)" -> root, cause, summary). Cached: a
    pure function of the heading, asked again for every sentence of a passage."""
    last = own_heading(heading)
    return frozenset(w for w in _SPLIT.split(last.casefold()) if w)


def roles_of(heading: str) -> dict[str, float]:
    """The section roles a heading names: 1.0 when it names the role, 0.5 when it is a section that often holds it
    (a crude singular for plurals: "steps" -> "step", "fixes" -> "fix", "patches" -> "patch")."""
    return dict(_roles(heading))  # a dict of the caller's own


def _conditions_of_act(heading: str) -> bool:
    """The heading is "<X> trigger(s)": what sets off X, a planned act ("Rollback trigger", "Paging triggers":
    the conditions it fires on), not what set off the case. "Trigger" alone, or first ("Trigger and impact"),
    names the case's cause."""
    parts = [w for w in _SPLIT.split(own_heading(heading).casefold()) if w]
    return len(parts) > 1 and parts[-1] in ("trigger", "triggers")


@lru_cache(maxsize=HEADING_CACHE)
def _roles(heading: str) -> tuple[tuple[str, float], ...]:
    words = heading_words(heading)
    words = words | {w[:-1] for w in words if len(w) > 3 and w.endswith("s")} | \
        {w[:-2] for w in words if len(w) > 4 and w.endswith(("xes", "ses", "zes", "ches", "shes"))}
    if _conditions_of_act(heading):
        words -= {"trigger"}
    out: dict[str, float] = {}
    for role, (primary, secondary) in SECTION_ROLES.items():
        if words & primary or any(p <= words for p in PRIMARY_PAIRS.get(role, ())):
            out[role] = 1.0
        elif words & secondary:
            out[role] = 0.5
    return tuple(out.items())


LABEL_WORDS = 3  # a label longer than this is a clause ("note that the cause: ..."), not a line's name


# The time stamp that opens a timeline entry ("- 13:38: Mitigation: ...", "19:10 UTC - Rollback: ...",
# "2026-03-01: Decision: ..."): the entry's own label comes after it.
_STAMP = re.compile(r"^[\s*+•-]*(?:\d{4}-\d{2}-\d{2}(?:[ T]\d{1,2}:\d{2})?|\d{1,2}:\d{2}(?::\d{2})?)"
                    r"(?:\s*UTC)?\s*[:–—-]\s+")


def label_roles(line: str) -> dict[str, float]:
    """The section roles a line's own label names, read as a heading is ("- **Likely cause**: X", "Workaround
    applied: Y"): a labelled line is a section of one line. Only a label that opens the line (or its timeline
    entry, after the time stamp) counts; a label whose last word is a noun of another kind names that kind
    ("Fix version: 3.8.1" states a version)."""
    line = _STAMP.sub("", line, count=1)
    found = segments(line)
    if not found or found[0].start > len(line) - len(line.lstrip(" \t-*+•>0123456789.)")) or \
            len(found[0].label.split()) > LABEL_WORDS:
        return {}
    label = found[0].label.split()
    # An English compound is named by its last noun: "Fix version" is a version, "Resolution date" a date.
    if len(label) > 1 and FOCUS_TYPES.get(label[-1].casefold(), "cause") not in ("cause", "fix"):
        return roles_of(label[-1])
    return roles_of(found[0].label)


def labelled_with(passage: DocPassage, roles: frozenset[str]) -> bool:
    """A line of a passage's body (below its heading line) is labelled with one of the roles ("Likely cause: ...")."""
    body = passage.text.split("\n", 1)[1] if "\n" in passage.text else ""
    return any(label_roles(body[a:b]).get(r, 0.0) >= 1.0 for a, b in stored_lines(body, passage.escaped) for r in roles)


def role_words(roles: frozenset[str]) -> frozenset[str]:
    """Every heading word that names (or often holds) one of the roles."""
    return frozenset(w for r in roles for w in (*SECTION_ROLES[r][0], *SECTION_ROLES[r][1]))


def type_of(focus_head: str, wh: str, predicate: str) -> AnswerType:
    """The answer type from the wh-word, the focus head and the clause's verb."""
    if wh in ("who", "whom", "whose"):
        return "agent"
    if wh == "when":
        return "date"
    if wh == "why":
        return "cause"
    if wh in ("how many", "how much"):
        return "quantity"
    if wh == "how long":
        return "duration"
    if wh in IMPLICIT_FOCUS:
        return FOCUS_TYPES[IMPLICIT_FOCUS[wh]]
    if focus_head in FOCUS_TYPES:
        return FOCUS_TYPES[focus_head]
    if predicate in VERB_TYPES and not (wh == "how" and VERB_TYPES[predicate] == "cause"):
        return VERB_TYPES[predicate]  # "what caused X", "what fixed it", "how was it fixed"; not "how is X produced"
    return "description"


def roles_for(answer_type: AnswerType, focus_head: str, predicate: str, needed: bool = False) -> frozenset[str]:
    """Section roles whose passages likely hold the answer (empty: no preference). An event that must still come
    about (``needed``: "what has to happen before X") is a step still to do, not what followed."""
    roles = set()
    if answer_type in TYPE_ROLES:
        roles.add(TYPE_ROLES[answer_type])
    if focus_head in FOCUS_ROLES:
        roles.add(FOCUS_ROLES[focus_head])
    if predicate in VERB_TYPES:
        roles.add(TYPE_ROLES.get(VERB_TYPES[predicate], ""))
    if predicate in CONSEQUENCE_VERBS and answer_type in ("description", "items") and not needed:
        roles.add("impact")
    if (predicate in REMAINING_VERBS or needed) and answer_type in ("description", "items"):
        roles.add("next")
        if FOCUS_ROLES.get(focus_head) == "steps":
            roles.discard("steps")  # "the remaining steps", "what steps are left": next steps, not a procedure
    return frozenset(r for r in roles if r)


def reads_sections(answer_type: AnswerType, focus_head: str, predicate: str, needed: bool = False) -> bool:
    """Whether a section whose heading names the asked role answers for its document's topic: a cause ("Root
    cause"), a fix ("Mitigation"), what followed a change ("Customer impact"), or what a focus noun names a section
    for ("what are the *consequences* of X": "Consequences"; "what was the *decision*": "Decision") need not repeat
    the question's words, the document's other sections say what it is about."""
    return answer_type in ("cause", "fix") or (answer_type in ("description", "items") and (
        focus_head in FOCUS_ROLES or bool({"impact", "next"} & roles_for(answer_type, focus_head, predicate, needed))))


# Nouns that say only that something went wrong ("what was the *fault* in X", "which other *problem* turned up"), as
# "issue" and "wrong" do: the sentence that answers says what went wrong ("X was flapping"), seldom the noun.
TROUBLE_NOUNS = frozenset({"problem", "fault", "defect", "flaw", "glitch", "malfunction"})
# Nouns that name a kind of answer, not which one: the focus nouns above, the section-role words, the focus nouns
# that point at a section ("effect", "consequence", "outcome") and the nouns of trouble.
KIND_NOUNS: frozenset[str] = frozenset(FOCUS_TYPES) | frozenset(FOCUS_ROLES) | frozenset(
    w for primary, secondary in SECTION_ROLES.values() for w in primary | secondary) | TROUBLE_NOUNS
# Verbs that only carry a duration ("how long does X *take* / *last*"): the duration of X is asked, not the verb.
DURATION_VERBS = frozenset({"take", "last"})
# ... and those that only carry a frequency ("how often did X *occur*"): X's frequency is asked, not the verb.
OCCURRENCE_VERBS = frozenset({"occur", "recur", "happen"})
# ... and the verbs that ask for a kind ("what caused", "what fixed", "how long did it take").
KIND_WORDS: frozenset[str] = KIND_NOUNS | frozenset(VERB_TYPES) | DURATION_VERBS
