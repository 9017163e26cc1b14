"""Grade hops read from a labelled line: a front-matter line (``"assignee": "Dana Ruiz"``) or a body line
(``- Owner: Dana Ruiz (primary), Li Wei``, ``**Affected services:** billing-api``).

Rules, in check order:

1. The line must read as ``label: values`` (list markers and Markdown emphasis around the label are allowed);
   else ``binding_failed:not_a_labelled_line``.
2. The value end of the hop must be one of the line's values (``verify.vocabulary.LABELS`` says which end that is:
   the person for an owner or a reviewer, the object otherwise); the opposite end is accepted too, since callers
   sometimes name the edge from the other side. Else ``binding_failed:<role>_not_in_line``.
3. A front-matter line states the relation when its label maps to the hop's ``rel_type``: ``source_backed``. The
   document's own entity (the ticket, the page) is never written in its own front matter, so the other end is not
   required there.
4. A body line whose other end is named in the line too ("billing-api owner: Dana") and whose label maps to the
   ``rel_type`` is ``source_backed``; whose other end is the section's or the document's subject (the caller says
   so with ``via="document_subject"``) it is ``inferred`` at best: that binding is a reading, not a statement.
5. A label that maps to another relation, or to none, is ``inferred`` (``different_predicate`` /
   ``cooccurrence_only``).

A value matches when it equals the entity name after :func:`verify.binding.normalize_name`; a parenthetical
after a value ("Dana Ruiz (primary)") is not part of it.
"""

from __future__ import annotations

import re

from verify.binding import normalize_name
from verify.grades import HopGrade, HopInput
from verify.vocabulary import VALUE_IS_SUBJECT, label_key, label_rule

_LINE = re.compile(
    r"^\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+)?[\"'*_`]*(?P<key>[A-Za-z][\w\- ()/]{0,48}?)[\"'*_`]*\s*:[*_`]*\s*"
    r"(?P<value>.*?)\s*,?\s*$"
)
_QUOTED = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'([^']*)'")
_PAREN = re.compile(r"\([^)]*\)")
_SPLIT = re.compile(r"\s*(?:[,;]|\s/\s|\s\+\s|\band\b|&)\s*")


def parse_line(line: str) -> tuple[str, tuple[str, ...]] | None:
    """``(label key, values)`` of one labelled line, or None when it is not ``label: value``."""
    match = _LINE.match(line)
    if match is None:
        return None
    key = label_key(match.group("key"))
    raw = match.group("value").strip()
    if raw.startswith("["):
        inner = raw.strip("[]")
        quoted = [a or b for a, b in _QUOTED.findall(inner)]
        values = quoted if quoted else [v.strip() for v in inner.split(",")]
    elif raw.startswith(("\"", "'")):
        quoted = [a or b for a, b in _QUOTED.findall(raw)]
        values = quoted[:1] if quoted else [raw]
    else:
        values = [v.strip(" .`*_") for v in _SPLIT.split(_PAREN.sub(" ", raw))]
    return key, tuple(v.strip() for v in values if v.strip())


def grade_labelled_hop(hop: HopInput, front_matter: bool) -> HopGrade:
    """Grade a hop whose evidence is one labelled line (see the module rules)."""
    parsed = parse_line(hop.sentence)
    if parsed is None:
        return HopGrade("insufficient", ("binding_failed:not_a_labelled_line",), hop.evidence_id)
    key, values = parsed
    normalized = {normalize_name(v) for v in values}
    field_code = f"metadata_field:{key}" if front_matter else f"label:{key}"
    rule = label_rule(key)
    value_is_subject = rule.value_is_subject if rule is not None and rule.rel_type == hop.rel_type else (
        hop.rel_type in VALUE_IS_SUBJECT)
    value_end, other_end = (hop.subject, hop.object) if value_is_subject else (hop.object, hop.subject)
    if normalize_name(value_end) not in normalized:
        if normalize_name(other_end) not in normalized:
            role = "subject" if value_is_subject else "object"
            return HopGrade("insufficient", (f"binding_failed:{role}_not_in_line", field_code), hop.evidence_id)
        other_end = value_end
    if rule is None:
        return HopGrade("inferred", (field_code, "cooccurrence_only"), hop.evidence_id)
    if rule.rel_type != hop.rel_type:
        return HopGrade("inferred", (field_code, f"different_predicate:{rule.rel_type.lower()}"), hop.evidence_id)
    if front_matter:
        return HopGrade("source_backed", (field_code,), hop.evidence_id)
    if hop.via == "document_subject" or normalize_name(other_end) not in normalize_name(hop.sentence):
        return HopGrade("inferred", (field_code, "document_subject"), hop.evidence_id)
    return HopGrade("source_backed", (field_code,), hop.evidence_id)


def grade_metadata_hop(hop: HopInput) -> HopGrade:
    """A front-matter line (``kind="metadata"``)."""
    return grade_labelled_hop(hop, front_matter=True)
