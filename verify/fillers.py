"""Typed fillers: does a parsed sentence hold something of the asked type (a person, a date, a duration ...)?

Pure: the caller parses (spaCy ``Doc``/``Span``); nothing here loads a model. Each finder returns the
character spans (relative to the parsed text) of the fillers it sees, in order; an empty tuple means none.

=============  ==========================================================================================
type           a filler is
=============  ==========================================================================================
agent          a PERSON or ORG entity, a "... team" noun phrase, a lowercase ``@handle``, or whoever a verb of
               escalation or notice is directed at ("escalate to eng-core", "page the on-call", "notify sre")
date           a DATE entity that names a day, month or year, an ISO date, or the time that opens a timeline or
               chat line
duration       a number (or "a few", "tens of") followed by a unit of time ("400 days", "90 seconds")
frequency      how often: an interval ("every 5 minutes", "nightly", "twice a day", "500 requests/day") or a share
               of occurrences ("in 0.2% of retries", "12 of 6000 runs", "1 in 50 requests")
quantity       a number, a percentage, an amount of money, a number with any unit
version        a dotted version ("v2.1.8", "4.3.x")
system         an identifier-shaped name (``billing-api``, ``QuoteCache``) or a noun phrase whose head is a system
               noun ("the session store")
identifier     an identifier-shaped token (``decision_reason_code``, ``X-Request-Id``, ``#ops-alerts``, a ticket key,
               a dotted name, a backticked term)
cause          a causal statement: a cue lemma (cause, because, due, trigger, root, stem ...) or a consequence
               connective (", so", therefore, hence ...)
fix            a remedial statement: a cue lemma (fix, resolve, mitigate, revert, roll back, patch ...)
=============  ==========================================================================================

``items`` and ``description`` have no filler of their own (the caller judges the sentence as a whole).
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span

Spans = tuple[tuple[int, int], ...]

TIME_UNITS = frozenset({"ms", "millisecond", "milliseconds", "s", "sec", "secs", "second", "seconds", "min", "mins",
                        "minute", "minutes", "h", "hr", "hrs", "hour", "hours", "day", "days", "week", "weeks",
                        "month", "months", "year", "years", "d", "w", "m", "y"})
# Lemmas that state a cause or a remedy in English prose (incident reports, tickets, postmortems).
CAUSE_CUES = frozenset({"cause", "because", "due", "trigger", "root", "stem", "result", "lead", "source",
                        "culprit", "responsible", "since", "regression", "race", "introduce"})
FIX_CUES = frozenset({"fix", "resolve", "mitigate", "mitigation", "revert", "rollback", "roll", "patch", "hotfix",
                      "workaround", "restore", "remediate", "deploy", "ship", "disable", "flush", "restart",
                      "raise", "increase", "lower", "reduce", "pin", "bump", "upgrade", "add", "apply"})
SYSTEM_HEADS = frozenset({"service", "system", "gateway", "proxy", "store", "cache", "queue", "pipeline",
                          "controller", "adapter", "wrapper", "job", "worker", "api", "cluster", "database", "db",
                          "bucket", "server", "backend", "engine", "router", "balancer", "scheduler", "exporter",
                          "collector", "agent", "daemon", "sidecar", "plugin", "library", "client", "sdk", "cli",
                          "endpoint", "registry", "index", "stream", "broker", "bus", "runtime", "autoscaler"})
_NUMBER = re.compile(r"(?<![\w.])(?:\d+(?:[.,]\d+)*|a few|tens of|several|one|two|three|four|five|six|seven|eight|"
                     r"nine|ten|twelve|fifteen|twenty|thirty|sixty|ninety)\s*[-–]?\s*(?:to\s+\d+\s*)?"
                     r"(?P<unit>[A-Za-z]+)\b", re.IGNORECASE)
_ISO_DATE = re.compile(r"\b20\d\d-[01]\d(?:-[0-3]\d)?\b")
# The time that opens a timeline entry or a chat line ("- 14:05 The alert fired", "[09:12] Name: ..."): when the
# line's event happened, on the day the document is about.
_STAMP = re.compile(r"^\s*(?:[-*•]\s+)?\[?(?P<time>[0-2]?\d:[0-5]\d(?::[0-5]\d)?)\]?(?=\s)")
_VERSION = re.compile(r"(?<![\w.])v?\d+\.\d+(?:\.(?:\d+|x))*\b", re.IGNORECASE)
_PLAIN_NUMBER = re.compile(r"(?<![\w.-])\d+(?:[.,]\d+)*(?:%|[kKmMgG][bB]?|x)?(?![\w-])")
_IDENT = re.compile(r"`[^`\n]{2,60}`|(?<![\w@#/-])(?:[#@][\w-]{2,}|[A-Za-z][\w]*(?:[_.][\w]+)+|"
                    r"[A-Z][A-Za-z0-9]*(?:-[A-Z][\w]*)+|[a-z][a-z0-9]*(?:-[a-z0-9]+)+|[a-z]+[A-Z]\w*|"
                    r"[A-Z][a-z]+[A-Z]\w*|[A-Z]{2,}[0-9]*(?:-\d+)?)(?![\w-])")


def _ents(doc: Doc | Span, labels: set[str]) -> Spans:
    return tuple((e.start_char - _base(doc), e.end_char - _base(doc)) for e in doc.ents if e.label_ in labels)


def _base(doc: Doc | Span) -> int:
    return doc.start_char if isinstance(doc, Span) else 0


# Verbs whose object (or "to" object) is a party, whatever shape its name has: you escalate to, page, notify or
# hand over to a person or a team (a team's handle is often identifier-shaped: "escalate to eng-core").
_TO_PARTY = frozenset({"escalate", "hand", "handoff", "reassign", "assign", "route", "reach", "defer", "report"})
_PARTY_OBJECT = frozenset({"page", "notify", "ping", "alert", "contact", "cc", "loop", "inform", "escalate"})


def _parties(doc: Doc | Span) -> list[tuple[int, int]]:
    """The names a verb of escalation or notice is directed at: "escalate to X", "page X", "hand it over to X"."""
    base = _base(doc)
    found: list[tuple[int, int]] = []
    for t in doc:
        lemma = t.lemma_.casefold()  # any part of speech: a list line's bare verb is often tagged a noun
        if lemma not in _TO_PARTY | _PARTY_OBJECT:
            continue
        heads = [c for c in t.children if c.dep_ == "dobj"] if lemma in _PARTY_OBJECT else []
        if lemma in _TO_PARTY:
            heads += [g for c in t.children if c.dep_ in ("prep", "dative") and c.lower_ == "to"
                      for g in c.children if g.dep_ == "pobj"]
        for head in heads:
            if _named(head.text) or head.pos_ == "PROPN":  # a name, not a common noun ("escalate to priority 1")
                first = min((c.i for c in head.subtree if c.i <= head.i and c.dep_ in ("compound", "amod", "nmod")),
                            default=head.i)
                found.append((doc[first - (doc.start if isinstance(doc, Span) else 0)].idx - base,
                              head.idx + len(head) - base))
    return found


def _named(word: str) -> bool:
    """Written as a name: identifier-shaped (``eng-core``, ``sre_oncall``) and not an English compound."""
    return any(ch in word for ch in "-_") and word[:1].isalpha() and not english_compound(word)


def agents(doc: Doc | Span) -> Spans:
    found = list(_ents(doc, {"PERSON", "ORG"}))
    found += _parties(doc)
    base = _base(doc)
    for t in doc:
        if t.lemma_.casefold() in ("team", "squad", "group") and t.i > (doc.start if isinstance(doc, Span) else 0):
            first = min((c for c in t.subtree if c.i <= t.i and c.dep_ in ("compound", "amod", "nmod", "poss")
                         and c.pos_ in ("PROPN", "NOUN", "ADJ")), key=lambda c: c.i, default=None)
            if first is not None:
                found.append((first.idx - base, t.idx + len(t) - base))
    text = doc.text
    found += [(m.start(), m.end()) for m in re.finditer(r"(?<![\w.])@[a-z][\w.-]{1,30}", text)]
    return tuple(sorted(set(found)))


def dates(doc: Doc | Span) -> Spans:
    text = doc.text  # rebuilt from the tokens on every read: once here, not once per date entity
    found = [s for s in _ents(doc, {"DATE"}) if re.search(r"\d|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|"
                                                             r"q[1-4]|monday|tuesday|wednesday|thursday|friday",
                                                             text[s[0]:s[1]], re.IGNORECASE)]
    found += [(m.start(), m.end()) for m in _ISO_DATE.finditer(text)]
    found += [m.span("time") for m in _STAMP.finditer(text)]
    return tuple(sorted(set(found)))


def durations(doc: Doc | Span) -> Spans:
    return tuple((m.start(), m.end()) for m in _NUMBER.finditer(doc.text)
                 if m.group("unit").casefold() in TIME_UNITS)


_PERIOD = r"(?:second|sec|minute|min|hour|hr|day|night|week|fortnight|month|quarter|year|sprint|release|run|deploy)"
_FREQUENCY = re.compile(
    rf"\bevery\s+(?:\d+\s*|other\s+|few\s+)?{_PERIOD}s?\b"  # every 5 minutes, every other day
    r"|\bevery\s+\d+(?:\.\d+)?\s?(?:ms|s|m|h|d)\b"  # every 12s, every 5 m: a unit symbol, as configs write it
    rf"|\b(?:once|twice|thrice|\d+\s*(?:x|times))\s+(?:a|an|per|each|every)\s+(?:\d+\s*)?{_PERIOD}s?\b"  # twice a day
    r"|\b(?:hourly|daily|nightly|weekly|fortnightly|biweekly|monthly|quarterly|yearly|annually)\b"
    rf"|\d[\d.,]*\s*[kKmM]?\s*(?:[a-z]+\s*)?(?:/|\bper\s+|\ba\s+){_PERIOD}\b"  # 500k requests/day, 3 per hour
    r"|~?\d+(?:\.\d+)?\s*%\s+of\b"  # 0.2% of retries
    r"|(?<![\w.])\d[\d,]*\s+(?:out\s+of|of|in)\s+(?:the\s+|every\s+)?\d[\d,]*\b",  # 12 of 6000, 1 in 50
    re.IGNORECASE)


def frequencies(doc: Doc | Span) -> Spans:
    return tuple(m.span() for m in _FREQUENCY.finditer(doc.text))


def quantities(doc: Doc | Span) -> Spans:
    found = list(_ents(doc, {"CARDINAL", "QUANTITY", "PERCENT", "MONEY"}))
    found += [(m.start(), m.end()) for m in _PLAIN_NUMBER.finditer(doc.text)]
    return tuple(sorted(set(found)))


def versions(doc: Doc | Span) -> Spans:
    return tuple((m.start(), m.end()) for m in _VERSION.finditer(doc.text))


# A lower-case hyphenated word is an English compound, not a name, when it is built as one: a prefix of English word
# formation ("non-blocking", "re-run", "cross-region") or a last part that makes an adjective from a verb or a noun
# ("instruction-following", "rate-limited", "customer-facing", "region-based"). Names are built of nouns and
# numbers ("chat-default", "rw-a100-eu-01", "split-cohort").
_ENGLISH_PREFIX = frozenset({"non", "re", "pre", "post", "co", "multi", "cross", "self", "semi", "sub", "anti", "inter",
                             "intra", "over", "under", "per", "well", "ill", "low", "high", "long", "short"})
_ADJECTIVE_ENDS = frozenset({"based", "aware", "safe", "free", "like", "wide", "specific", "level", "only", "bound"})
# A participle ending "-following", "-limited"; long enough that "-embed", "-seed", "-ring" are not read as one (the
# parser tags a hyphenated word as a whole, so its last part is judged by its spelling).
_PARTICIPLE = re.compile(r"^[a-z]{3,}(?:[^aeiou]ing|[^e]ed)$")


def english_compound(word: str) -> bool:
    """A lower-case hyphenated word formed as an English compound (see above), not an identifier."""
    parts = word.split("-")
    if len(parts) < 2 or not all(p.isalpha() and p.islower() for p in parts):
        return False
    return parts[0] in _ENGLISH_PREFIX or parts[-1] in _ADJECTIVE_ENDS or bool(_PARTICIPLE.match(parts[-1]))


def identifiers(doc: Doc | Span) -> Spans:
    return tuple((m.start(), m.end()) for m in _IDENT.finditer(doc.text) if not english_compound(m.group(0)))


def systems(doc: Doc | Span) -> Spans:
    found = [s for s in identifiers(doc) if not doc.text[s[0]:s[1]].isupper()]
    base = _base(doc)
    for t in doc:
        if t.lemma_.casefold() in SYSTEM_HEADS and t.pos_ in ("NOUN", "PROPN"):
            mods = [c for c in t.children if c.dep_ in ("compound", "amod", "nmod") and c.i < t.i]
            if mods:
                found.append((min(c.idx for c in mods) - base, t.idx + len(t) - base))
    return tuple(sorted(set(found)))


def _cued(doc: Doc | Span, cues: frozenset[str]) -> Spans:
    return tuple((t.idx - _base(doc), t.idx - _base(doc) + len(t)) for t in doc
                 if t.lemma_.casefold() in cues or t.lower_ in cues)


# Connectives that put the cause before the effect ("X changed the default, so every node reconnects"): the
# sentence states a cause as much as one with "because". "so" counts only between two clauses (after a comma),
# not in "so that" (a purpose) or "so far".
CONSEQUENCE_CUES = frozenset({"therefore", "hence", "thus", "consequently"})
_NOT_CONSEQUENCE = frozenset({"that", "far", "much", "many", "long", "as"})


def causes(doc: Doc | Span) -> Spans:
    tokens = list(doc)
    joined = [t for n, t in enumerate(tokens) if t.lower_ == "so" and 0 < n < len(tokens) - 1 and
              tokens[n - 1].text == "," and tokens[n + 1].lower_ not in _NOT_CONSEQUENCE]
    spans = {*_cued(doc, CAUSE_CUES | CONSEQUENCE_CUES),
             *((t.idx - _base(doc), t.idx - _base(doc) + len(t)) for t in joined)}
    return tuple(sorted(spans))


def fixes(doc: Doc | Span) -> Spans:
    return _cued(doc, FIX_CUES)


FINDERS = {"agent": agents, "date": dates, "duration": durations, "frequency": frequencies, "quantity": quantities,
           "version": versions, "system": systems, "identifier": identifiers, "cause": causes, "fix": fixes}


def fillers(doc: Doc | Span, answer_type: str) -> Spans:
    """Fillers of ``answer_type`` in the parsed text (empty for types without a filler of their own)."""
    finder = FINDERS.get(answer_type)
    return finder(doc) if finder is not None else ()
