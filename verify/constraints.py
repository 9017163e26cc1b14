"""Constraints a question puts on its answer (a date or month, a version, a ticket key, an environment), and
whether a source text holds, lacks or contradicts them. Pure: regular expressions over text, no model.

Rules, in check order:

1. **date** ("2026-03-13", "March 13, 2026", "Mar 13", "March 2026", "late June 2026"): the text holds it when
   it mentions a date with the same year, month and (when the question gives one) day, in any of those forms;
   a date written without a year matches on month and day. It is *contradicted* when the text's own dates
   (``own_dates``: a document's created / updated) all fall in another month and the text never mentions the
   asked one; otherwise it is *missing*. A date held only by a line that stamps the record itself ("updated:
   2025-05-02") is contradicted when the first line (a title: "Postmortem: ... (2025-04-19)") dates what the
   document reports in another month: the page was edited in the asked month, the event happened in another.
2. **version** ("v4.3.2", "2.2.x"): held when the text mentions that version (``x`` matches any number; a
   version without a patch number, "4.2", is its whole line, so "4.2.0" holds it);
   contradicted when the text mentions another version of the same major.minor line and never this one.
3. **ticket** ("OPS-412"): held when the text mentions the key; otherwise missing.
4. **environment** (prod/staging/dev/canary, a region such as "us-east" or "eu-west-1", or a sales region named by
   its usual acronym: APAC, EMEA, LATAM, AMER, APJ): held when the text mentions it (a region matches with or
   without its zone number); otherwise missing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

DATE_CACHE = 2048  # distinct texts whose dates are kept (document texts and their lines)
ConstraintKind = Literal["date", "version", "ticket", "environment"]
Check = Literal["holds", "missing", "contradicted"]

_MONTHS = {m: i for i, m in enumerate(("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov",
                                       "dec"), start=1)}
_MONTH = r"(?P<month>jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|" \
         r"oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?"
# An ISO date may run straight into its time ("2026-03-09T14:50Z").
_ISO = re.compile(r"\b(?P<year>20\d\d)-(?P<mon>[01]\d)(?:-(?P<day>[0-3]\d))?(?:\b|(?=T\d))")
_NAMED = re.compile(rf"\b{_MONTH}(?:\s+(?P<day>[0-3]?\d)(?:st|nd|rd|th)?)?(?:,?\s+(?P<year>20\d\d))?\b",
                    re.IGNORECASE)
_DAY_FIRST = re.compile(rf"\b(?P<day>[0-3]?\d)(?:st|nd|rd|th)?\s+{_MONTH}(?:,?\s+(?P<year>20\d\d))?\b", re.IGNORECASE)
_VERSION = re.compile(r"(?<![\w.])v?(?P<v>\d+\.\d+(?:\.(?:\d+|x))*)(?![\w.]*\d)", re.IGNORECASE)
TICKET = re.compile(r"\b[A-Z][A-Z0-9]{1,9}-\d{1,7}\b")  # a tracker key: SUP-12, ENG-4080
_ENVIRONMENT = re.compile(r"(?<![\w-])(?:prod(?:uction)?|staging|stage|dev|canary|apac|emea|latam|amer|apj|"
                          r"(?:us|eu|ap|sa|ca|me|af)-"
                          r"(?:east|west|north|south|central|northeast|southeast|northwest|southwest)(?:-?\d)?)"
                          r"(?![\w]|-[a-z])", re.IGNORECASE)


@dataclass(frozen=True)
class Constraint:
    kind: ConstraintKind
    text: str  # as written
    value: str  # "2026-03-13", "2026-03", "--03-13" (no year); "4.3.2"; "OPS-412"; "prod", "us-east"


def _date_value(year: str | None, month: int, day: str | None) -> str:
    y = year or "-"
    return f"{y}-{month:02d}" + (f"-{int(day):02d}" if day else "")


def dates_in(text: str) -> list[tuple[str, Constraint]]:
    """Every date of ``text`` as (value, constraint), in text order (ISO and named forms)."""
    return list(_dates(text))


@lru_cache(maxsize=DATE_CACHE)
def _dates(text: str) -> tuple[tuple[str, Constraint], ...]:
    """Cached: a pure function of the text (frozen constraints), and the date checks read the same document texts
    and lines for each question that reaches them (~1 ms a document text)."""
    found: list[tuple[int, Constraint]] = []
    taken: list[tuple[int, int]] = []
    for match in _ISO.finditer(text):
        value = _date_value(match["year"], int(match["mon"]), match["day"])
        found.append((match.start(), Constraint("date", match.group(0), value)))
        taken.append(match.span())
    for pattern in (_DAY_FIRST, _NAMED):
        for match in pattern.finditer(text):
            if any(a < match.end() and match.start() < b for a, b in taken):
                continue
            if not (match["day"] or match["year"]):
                continue  # a bare month name ("may") is too often a word
            month = _MONTHS[match["month"][:3].casefold()]
            found.append((match.start(), Constraint("date", match.group(0), _date_value(match["year"], month,
                                                                                       match["day"]))))
            taken.append(match.span())
    return tuple((c.value, c) for _, c in sorted(found, key=lambda f: f[0]))


def _env_value(text: str) -> str:
    low = text.casefold()
    return "prod" if low.startswith("prod") else re.sub(r"-?\d$", "", low)


def find_constraints(question: str) -> tuple[Constraint, ...]:
    out: list[Constraint] = [c for _, c in dates_in(question)]
    dates = " ".join(c.text for c in out)
    for match in _VERSION.finditer(question):
        if match.group(0) not in dates:
            out.append(Constraint("version", match.group(0), match["v"].casefold()))
    out += [Constraint("ticket", m.group(0), m.group(0)) for m in TICKET.finditer(question)]
    out += [Constraint("environment", m.group(0), _env_value(m.group(0))) for m in _ENVIRONMENT.finditer(question)]
    return tuple(dict.fromkeys(out))


def _split_year(value: str) -> tuple[str, str]:
    """(year, month[-day]) of a date value; the year of a yearless one ("--03-13") is "-"."""
    return ("-", value[2:]) if value.startswith("--") else (value[:4], value[5:])


def _same_date(asked: str, seen: str) -> bool:
    """Same month (and day, when both name one); a year only one of them names does not tell them apart."""
    a_year, a_rest = _split_year(asked)
    s_year, s_rest = _split_year(seen)
    if a_year != "-" and s_year != "-" and a_year != s_year:
        return False
    a_parts, s_parts = a_rest.split("-"), s_rest.split("-")
    return a_parts[0] == s_parts[0] and (len(a_parts) < 2 or len(s_parts) < 2 or a_parts[1] == s_parts[1])


def _month(value: str) -> str:
    return value[:7]


# A front-matter line that stamps the record itself (when the page was created, edited): the date the document was
# written, not the date of what it reports.
_RECORD_STAMP = re.compile(r'^[ \t]*"?(?:created|updated|last_updated|last_modified|modified|created_at|updated_at|'
                           r'last_edited)"?[ \t]*:.*$', re.IGNORECASE | re.MULTILINE)


def check(constraint: Constraint, text: str, own_dates: Iterable[str] = ()) -> Check:
    """Does ``text`` hold the constraint? ``own_dates``: the text's own dates (ISO strings, e.g. created)."""
    if constraint.kind == "date":
        seen = [v for v, _ in dates_in(_RECORD_STAMP.sub("", text))]
        if any(_same_date(constraint.value, v) for v in seen):
            return "holds"
        stamped = any(_same_date(constraint.value, v) for v, _ in dates_in(text))
        title = [v for v, _ in dates_in(text.split("\n", 1)[0])]
        if stamped and title and all(_month(t) != _month(constraint.value) for t in title):
            return "contradicted"  # the page was written or edited that month; what it reports happened in another
        if stamped:
            return "holds"
        own = [d for v in own_dates for d, _ in dates_in(v)]
        if constraint.value[:4] != "-" and own and all(_month(o) != _month(constraint.value) for o in own):
            return "contradicted"
        return "missing"
    if constraint.kind == "version":
        pattern = re.escape(constraint.value).replace(r"x", r"\d+")
        if constraint.value.count(".") == 1:  # "4.2" names the line: "4.2.0" and "4.2.7" are 4.2
            pattern += r"(?:\.\d+)*"
        if re.search(rf"(?<![\w.])v?{pattern}(?![\w]|\.\d)", text, re.IGNORECASE):
            return "holds"
        line = ".".join(constraint.value.split(".")[:2])
        others = re.search(rf"(?<![\w.])v?{re.escape(line)}\.\d+", text, re.IGNORECASE)
        return "contradicted" if others and "x" not in constraint.value else "missing"
    if constraint.kind == "ticket":
        return "holds" if re.search(rf"\b{re.escape(constraint.value)}\b", text) else "missing"
    values = {_env_value(m.group(0)) for m in _ENVIRONMENT.finditer(text)}
    return "holds" if constraint.value in values else "missing"
