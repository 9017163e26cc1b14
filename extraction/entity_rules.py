"""Surface rules for entity mentions: the patterns and word lists that decide what is a name, and span trimming.

Kept apart from `entities.py` (which combines candidate sources) so the lists can be read and reviewed alone.
"""

from __future__ import annotations

import re

from extraction.line_breaks import escapes
from extraction.vocabulary import (
    EVENT_NOUNS,
    FILE_AND_DOMAIN_ENDINGS,
    GENERIC_WORDS,
    STREAM_NOUNS,
    SYSTEM_NOUNS,
    TECHNOLOGIES,
    words,
)

# Tracker keys (PROJECT-123) and pull requests as they are written: "PR #428", "PR#428", "PR 428", "pull request
# 428", "pull request #428" (a bare "PR 4" of one digit is as often a count or a step as a pull request).
TICKET = re.compile(r"(?<![\w/#-])([A-Z][A-Z0-9]{1,9})-(\d{1,7})(?![\w-])")
PR = re.compile(r"(?<!\w)(?:PR ?#\d{1,7}|PR \d{2,7}|[Pp]ull [Rr]equest #?\d{2,7}|[Pp]ull [Rr]equest #\d)"
                r"(?![\w.,]\d|[\w-])")
# Issues and pull requests as code hosts let them be written: "org/repo#123", or "repo#123" when the repository's
# name is an identifier ("client-lib#311") or the number is an issue's ("webapp#4471"); a plain word before a small
# number ("step#3", "retry#2") is a count, not a repo. GitLab writes a merge request with "!" where an issue has "#"
# ("group/repo!678", "client-lib!42"): the same two repository shapes, never a plain word ("wow!1" is an outcry).
REPO_REF = re.compile(r"(?<![\w/#@.!-])(?:(?:[A-Za-z0-9][\w.-]*/[A-Za-z][\w.-]*"
                      r"|[A-Za-z][A-Za-z0-9]*(?:[-_.][A-Za-z0-9]+)+)[#!]\d{1,7}|[a-z][a-z0-9]{2,}#\d{3,7})(?![\w-])")
# KEY-123 shapes that are not tracker keys: standards and algorithms (UTF-8, SHA-256, TLS-1), severity and priority
# levels (SEV-2, P-1), and the numbering of requirements, goals, risks and steps inside one document (NFR-1, REQ-4).
NOT_TICKETS = frozenset({"UTF", "ISO", "SHA", "AES", "TLS", "HTTP", "GPT", "COVID", "CVE", "P", "IPV", "X", "H",
                         "SEV", "NFR", "FR", "REQ", "AC", "KR", "OKR", "G", "R", "RISK", "STEP", "PHASE", "OPT",
                         "OPTION", "Q", "T", "V", "US", "EU", "AP", "RFC1918", "TLSV", "SLO", "SLA"})
# Keys whose documents are pages (design records and specs), not tickets.
DOC_KEYS = frozenset({"ADR", "RFC", "PRD", "DOC"})
# Identifiers as engineers write them: lowercase-hyphenated or snake_case words, CamelCase words.
LOWER_ID = re.compile(r"(?<![\w./:@$-])[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+(?![\w/@-]|\.\w)")
# Identifiers written with dots, as event streams and services are often named ("orders.v1", "billing.events",
# "metrics.gateway"): a name only when it says it is one (`dotted_type`); config keys, metrics, events and file
# names are written the same way ("retry.attempt", "error.code", "results.json") and are none.
DOTTED_ID = re.compile(r"(?<![\w./:@$-])[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*){1,2}(?![\w/@(-]|\.\w)")
_DOT_VERSION = re.compile(r"v\d{1,3}")


def dotted_type(word: str, following: str) -> str | None:
    """Component when a dotted identifier ends in a version tag ("manifests.v3"), in a noun of a system
    ("metrics.gateway", "map-render.worker"), or stands before a noun of a stream ("the billing.events topic")."""
    parts = word.split(".")
    if parts[-1] in FILE_AND_DOMAIN_ENDINGS or any(len(p) < 2 for p in parts) or len(word) < 5:
        return None
    after = following.split()[:1]
    named = _DOT_VERSION.fullmatch(parts[-1]) or parts[-1] in SYSTEM_NOUNS or parts[-1] in STREAM_NOUNS or (
        after and after[0].strip(".,;:)").casefold() in STREAM_NOUNS)
    return "Component" if named else None


# Builds, releases and versions named by their id, as change logs and incident timelines write them ("build
# 2026.03.18.0", "release 4.2.1", "version v1.14"): a dotted number after its kind word, of three parts or more
# or with a "v" ("Release 1.2" in a heading is as often a product generation as a build).
BUILD = re.compile(r"(?<![\w./:@-])(?:build|release|version|image|tag)[ \t]+(?:v\d+(?:\.\d+){1,3}|\d+(?:\.\d+){2,3})"
                   r"(?:-[a-z0-9]+)?"
                   r"(?![\w/@-]|\.\d)", re.I)
# Cryptographic keys named by their kind ("the org signing key", "the tenant encryption key", "the GPG key"): managed
# assets that are rotated, revoked and break what uses them. One lowercase word in front may say whose key it is.
CRYPTO_KEY = re.compile(r"(?:\b(?P<owner>[a-z][a-z0-9-]*)[ \t]+)?(?:signing|encryption|decryption|wrapping|master|"
                        r"root|gpg|pgp|ssh|tls|kms)[ \t]+key\b(?![ \t]*(?:id|ids|arn|file|path)\b)", re.I)
CAMEL = re.compile(r"(?<![\w./:@$-])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+(?![\w/@-])")
# CamelCase names closed by an acronym ("ClaimsDB", "PolicyAPI", "BillingSDK"): in-house systems are often named
# so; only an acronym of a system noun (`SYSTEM_NOUNS`: DB, API, SDK, CLI) makes one, so "NewYorkNY" is none.
CAMEL_ACRONYM = re.compile(r"(?<![\w./:@$-])[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)*(?P<tail>[A-Z]{2,4})(?![\w/@-])")
# People and teams after a role label inside a line: "(Owner: Dana Ruiz / Li Wei)", "Reviewers: A, B", "Members: A".
LABEL = re.compile(
    r"\b(?P<label>[Oo]wner(?:s| team)?|OWNER|DRI|[Aa]ssignee|[Ll]ead|[Rr]eviewers?|[Aa]uthor|[Rr]eporter|"
    r"[Aa]pproved by|[Oo]wned by|[Mm]embers)\s*:?\s+(?P<names>[A-Z][\w'’-]+(?: [A-Z][\w'’-]+){0,2}"
    r"(?:\s*(?:/|,|&|\band\b)\s*[A-Z][\w'’-]+(?: [A-Z][\w'’-]+){0,2})*)"
)
NAME = re.compile(r"[A-Z][\w'’-]+(?: [A-Z][\w'’-]+){0,2}")
# Cloud regions and environment prefixes ("us-east-1", "eu-west", "prod-us") are places, not systems.
REGION = re.compile(r"^(?:us|eu|ap|sa|ca|me|af|asia|prod|uk)-[a-z]+(?:-?\d+)?$"
                    r"|^(?:prod|production|staging|stage|dev|qa)-(?:us|eu|ap|sa|ca|me|af|asia|uk)-[a-z]+(?:-?\d+)?$")
# First parts of English hyphenated compounds ("follow-up", "short-lived", "on-call", "end-to-end"): such a
# word is English, not an identifier.
EN_PREFIX = words(
    """follow on off customer short long server client per cross pre post re non sign opt air best dry in end
    sub half first third second high low least near steady self user top worst root side mid fail no anti
    multi auto back built time warm break double free read full well over under out up down co semi inter
    intra single one two three hold near dual mixed tenant small large new old all non real in-place human
    ad case error hit write just open close start trial nearly fully mostly partly highly newly widely must
    knock spill hand roll"""
)
# Last parts of English hyphenated compounds ("customer-facing", "region-scoped", "read-only").
EN_SUFFIX = words(
    """facing side managed lived term running region level scoped specific safe only visible based aware wide
    like free related driven heavy critical up ups in out off ready time run through down over mode style
    grade scale friendly proof wise bound first last hoc only class effort sensitive impacting owned
    provided controlled supplied risk priority effects effect case rate"""
)
# First humps of CamelCase words that are API operations or error names ("DescribeKey", "AccessDenied").
CAMEL_SKIP_HEAD = words(
    """Not Invalid Too Get Describe Create Update Set Schedule Rotate Unwrap Attach Put Delete List Access Bad
    Key Resource Out Deadline Provider Service"""
)
# Last humps of CamelCase words that are exceptions, statuses and error conditions ("TimeoutError",
# "QuotaExceeded", "CrashLoopBackOff").
CAMEL_SKIP_TAIL = words(
    """Exception Error Denied Found Exceeded Unavailable Requests Match Pressure BackOff Loop Before After Only
    Site"""
)
# Last words that make a CamelCase name a company name ("MedicoHealth", "AcmeBank"): the generic words of company
# names in English (industry nouns and legal forms), never a particular corpus's customers.
ORG_TAIL = words(
    """Health Care Pay Payments Bank Labs Corp Inc Capital Group Systems Analytics Logistics Insurance Media
    Retail Energy Networks Financial Works"""
)
# Words that begin or end a phrase but never name something: courtesies, states and generic modifiers.
NOT_NAMES = words(
    """thanks thank great good nice owning asked account production prod staging existing new managed affected
    patch test internal external hosted downstream upstream backend frontend primary secondary web cloud
    whole entire same other each every any my your our their his her its this that the a an respective
    relevant impacted responsible owning assigned target legacy current previous next"""
)
# Words of team and department names ("Eng Platform", "Site Reliability"): a name with one is a team.
TEAM_WORDS = words(
    """eng engineering team platform infra infrastructure sre ops devops devex security experience support
    success runtime serving observability ml research release data product design finance legal sales
    marketing compliance network networking reliability operations"""
)
# Characters trimmed off the edges of a mention (quotes, brackets, Markdown emphasis, punctuation).
STRIP = "\"'`“”‘’*()[]{}<>.,;:!?|#~=+/\\-–—"


# A part of an identifier that mixes letters and digits ("v2", "7b", "sm89"): model and release names built of
# English words ("open-embed-512-v1", "fast-chat-7b") are identifiers all the same once three parts long.
_VERSION_PART = re.compile(r"[a-z]+\d[a-z\d]*|\d+[a-z][a-z\d]*")


def identifier_type(word: str) -> str | None:
    """Type of a lowercase hyphen/snake identifier, or None when it is English, a region, a header or an id."""
    parts = re.split(r"[-_]", word)
    versioned = len(parts) >= 3 and any(_VERSION_PART.fullmatch(p) for p in parts[1:]) and not REGION.match(word)
    if "-" in word and "_" not in word and not versioned:
        if parts[0] in EN_PREFIX or parts[-1] in EN_SUFFIX or REGION.match(word):
            return None
        if (
            parts[0] == "x"
            or parts[-1] == "bots"  # "chat-bots" is English; a single "triage-bot" names one automation system
            or {"to", "of", "by", "and", "the", "a", "at", "least"} & set(parts)
        ):
            return None
        if parts[-1].endswith(("ed", "ing", "ive", "able", "ible", "ful", "less")) and not parts[-1].endswith("eed"):
            return None  # "short-lived", "read-only"; but "-eed" ends nouns ("price-feed", "seed", "speed")
    if parts[-1].isdigit() or len(word) < 5 or word in GENERIC_WORDS:
        return None
    if parts[0] in ("eng", "team") or parts[-1] == "team":
        return "Team"
    if parts[-1] in ("service", "svc"):
        return "Service"
    return "Component"


def names_an_event(word: str, text: str, end: int) -> bool:
    """ "the order-shipped topic": a "<noun>-<participle>" word is English on its own ("rate-limited", "short-lived"),
    but before a noun of a stream it is the stream's name, as event topics are named after what happened."""
    parts = word.split("-")
    following = text[end : end + 24].split()
    return (len(parts) >= 2 and parts[-1].endswith("ed") and parts[0] not in EN_PREFIX and bool(following)
            and following[0].strip(".,;:)").casefold() in EVENT_NOUNS)


def names_a_system(text: str, end: int) -> bool:
    """ "the kv_cache service": a snake_case word followed by a system noun names a system after all."""
    following = text[end : end + 24].split()
    return bool(following) and following[0].strip(".,;:)").casefold() in SYSTEM_NOUNS


def acronym_camel_type(word: str, tail: str) -> str | None:
    """Type of a CamelCase name closed by an acronym: a known technology ("DynamoDB"), else a component when the
    acronym is a system noun's ("LedgerDB"), else none."""
    if word.casefold() in TECHNOLOGIES:
        return "Technology"
    return "Component" if tail.casefold() in SYSTEM_NOUNS else None


def camel_type(word: str) -> str | None:
    humps = re.findall(r"[A-Z][a-z0-9]*", word)
    if word.casefold() in TECHNOLOGIES:
        return "Technology"
    if humps[0] in CAMEL_SKIP_HEAD or humps[-1] in CAMEL_SKIP_TAIL:
        return None
    if humps[-1] in ORG_TAIL:
        return "Organization"
    return "Component"


def trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Shrink [start, end) past whitespace, quotes, punctuation, a leading "the" and a trailing "'s"."""
    while True:
        old = (start, end)
        while start < end and (text[start].isspace() or text[start] in STRIP):
            start += 1
        while end > start and (text[end - 1].isspace() or text[end - 1] in STRIP):
            end -= 1
        if text[start : start + 4].lower() == "the " and end - start > 4:
            start += 4
        if text[end - 2 : end] in ("'s", "’s") and end - start > 2:
            end -= 2
        if (start, end) == old:
            return start, end


def line_parts(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The non-blank line pieces of ``text[start:end]``: a name ends at its line ("— Dana Ruiz\\nStaff Engineer",
    "Security\\nAcme Corp" in a signature), and at a written-out line break, which no name holds."""
    cuts = sorted([*((i, i + 1) for i in range(start, end) if text[i] == "\n"), *escapes(text, start, end)])
    parts, at = [], start
    for a, b in [*cuts, (end, end)]:
        if text[at:a].strip():
            parts.append((at, a))
        at = b
    return parts


# A group named by two capitalised words joined by a slash ("Platform/Infra", "Fulfilment/Logistics"): one team's
# name, not a path or a pair of alternatives (those are lowercase: "read/write", "eng/sre").
JOINT_GROUP = re.compile(r"[A-Z][A-Za-z]+/[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?")


def in_url_or_path(text: str, start: int, end: int) -> bool:
    left = start
    while left > 0 and not text[left - 1].isspace():
        left -= 1
    right = end
    while right < len(text) and not text[right].isspace():
        right += 1
    word = text[left:right]
    return "://" in word or "www." in word or "@" in word or "/" in word.strip("()[],.;:`'\"")
