"""Grade hops read from a front-matter line such as ``"assignee": "Julia Novak"``.

Rule: the line states the relation when its field name maps to the hop's ``rel_type`` (see
``lexicon.METADATA_FIELDS``) and the other end of the edge is one of the line's values. The document's own
entity (the ticket, the account) is never written in its own front matter, so only one end is required:
the value side given by ``lexicon.METADATA_VALUE_IS_SUBJECT`` (the person for REPORTED, REVIEWED, OWNS, ...,
the object otherwise); the opposite end is accepted too, since callers sometimes name the edge from the
other side. A value matches when it equals the entity name after :func:`verify.binding.normalize_name`.
"""

from __future__ import annotations

import re

from verify import lexicon as lx
from verify.binding import normalize_name
from verify.grades import HopGrade, HopInput

_LINE = re.compile(r"^\s*[\"']?(?P<key>[A-Za-z_][\w\- ]*?)[\"']?\s*:\s*(?P<value>.*?)\s*,?\s*$")
_QUOTED = re.compile(r"\"((?:[^\"\\]|\\.)*)\"|'([^']*)'")


def parse_line(line: str) -> tuple[str, tuple[str, ...]] | None:
    """``(field, values)`` of one front-matter line, or None when it is not ``key: value``."""
    match = _LINE.match(line)
    if match is None:
        return None
    key = match.group("key").strip().lower().replace("-", "_").replace(" ", "_")
    raw = match.group("value").strip()
    if raw.startswith("["):
        inner = raw.strip("[]")
        quoted = [a or b for a, b in _QUOTED.findall(inner)]
        values = quoted if quoted else [v.strip() for v in inner.split(",")]
    else:
        quoted = [a or b for a, b in _QUOTED.findall(raw)]
        values = quoted[:1] if quoted else [raw]
    return key, tuple(v.strip() for v in values if v.strip())


def grade_metadata_hop(hop: HopInput) -> HopGrade:
    parsed = parse_line(hop.sentence)
    if parsed is None:
        return HopGrade("insufficient", ("binding_failed:not_a_metadata_line",), hop.evidence_id)
    field, values = parsed
    normalized = {normalize_name(v) for v in values}
    field_code = f"metadata_field:{field}"
    value_is_subject = hop.rel_type in lx.METADATA_VALUE_IS_SUBJECT
    preferred, other = (hop.subject, hop.object) if value_is_subject else (hop.object, hop.subject)
    if normalize_name(preferred) not in normalized and normalize_name(other) not in normalized:
        role = "subject" if value_is_subject else "object"
        return HopGrade("insufficient", (f"binding_failed:{role}_not_in_line", field_code), hop.evidence_id)
    mapped = lx.METADATA_FIELDS.get(field)
    if mapped == hop.rel_type:
        return HopGrade("source_backed", (field_code,), hop.evidence_id)
    if mapped is None:
        return HopGrade("inferred", (field_code, "cooccurrence_only"), hop.evidence_id)
    return HopGrade("inferred", (field_code, f"different_predicate:{mapped.lower()}"), hop.evidence_id)
