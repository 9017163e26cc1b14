"""Labelled lines: "Owner: Ana Ruiz", "- Affected service: billing-api", "(owner: SRE)", "**DRI** — Li Wei".

Enterprise documents state most facts this way. Pure: regular expressions over one line, no model.

- A labelled segment is a two-cell table row ``| label | values |``, or ``label: values`` at the start of a line
  (after a list marker, a number, ``>`` or bold markers, closed before or after the colon: ``**Label:** values``;
  a parenthesised qualifier may follow the label's words: ``Schema owners (read path): A``) or inside parentheses
  anywhere in it; the label is 1-4 words (a " / " or "&" joining two names of one role is none of them:
  "Incident lead / scribe: A"). Values are split on ``,``, ``;``, `` / ``,
  `` and `` and ``&``; a parenthetical inside a value is dropped from it ("Ana Ruiz (Platform)" -> the name).
- :func:`label_relation`: the relation a label states, by its head word (its last word, singular) looked up in the
  labelled-field table the metadata grader uses (``lexicon.METADATA_FIELDS``: owner -> OWNS, assignee ->
  ASSIGNED_TO, approved by -> APPROVED ...).
- :func:`grade_labelled`: a hop is ``source_backed`` when a segment's label states the hop's relation and one of
  its values is the filler, and the line itself names the other end (``topic_in_line``); ``inferred`` when the
  other end is only given by context (the line's section or document: "Spec owner: X" in a spec);
  ``insufficient`` when no label of the line states the relation for that value.
- A **speaker line** ("Li Wei: Approved.", a chat or review line whose label is the filler) states the
  relation when its text opens with a verb that expresses it (``lexicon.CUES``) and no negation: the speaker is
  the subject, the other end comes from context, so it grades ``inferred`` (``speaker_is_subject``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from verify import lexicon as lx
from verify.binding import normalize_name
from verify.grades import HopGrade
from verify.parsing import Parse
from verify.vocabulary import label_rule

# The bold may close before or after the colon: "**Owner**: A", "**Owner:** A". A parenthesised qualifier may
# follow the label's words and narrow what it is about ("Schema owners (read path): A"): the label is its words.
_START = re.compile(r"^\s*(?:[-*+•>]\s*|\d{1,3}[.)]\s*)?(?:\*\*|__)?(?P<label>[A-Za-z][\w /&'-]{0,40}?)"
                    r"(?:\s*\([^():\n]{1,40}\))?(?:\*\*|__)?\s*(?::|—|–)(?:\*\*|__)?\s+(?P<value>\S.*)$")
# A two-cell table row is a field and its value ("| Owning team | Payments |"), as in a catalogue's or a page's
# properties table; a row with more cells is a record whose header gives its columns, not a label.
_ROW = re.compile(r"^\s*\|\s*(?P<label>[A-Za-z][\w /&'-]{0,40}?)\s*\|\s*(?P<value>[^|\s][^|]*?)\s*\|?\s*$")
_PAREN = re.compile(r"\((?P<label>[A-Za-z][\w /&'-]{0,30}?)\s*:\s*(?P<value>[^()]+)\)")
SEGMENT_CACHE = 8192  # distinct lines kept (a few hundred documents' lines)
_SPLIT = re.compile(r"\s*(?:,|;|\s/\s|\s+and\s+|\s*&\s*)\s*")
_INNER_PAREN = re.compile(r"\s*\([^)]*\)")


@dataclass(frozen=True)
class Segment:
    label: str  # lowercase, words joined by one space
    values: tuple[str, ...]
    value_spans: tuple[tuple[int, int], ...]  # offsets in the line
    start: int  # where the segment starts in the line (its label)


def _values(line: str, start: int, end: int) -> tuple[tuple[str, ...], tuple[tuple[int, int], ...]]:
    raw = line[start:end]
    values: list[str] = []
    spans: list[tuple[int, int]] = []
    pos = 0
    for part in _SPLIT.split(raw):
        at = raw.find(part, pos)
        pos = at + len(part)
        clean = _INNER_PAREN.sub("", part).strip(" .*_`\"'")
        if clean and at >= 0:
            offset = raw.find(clean, at)
            values.append(clean)
            spans.append((start + offset, start + offset + len(clean)))
    return tuple(values), tuple(spans)


def _label_words(label: str) -> list[str]:
    """A label's words; a slash or ampersand joining two names of one role is none ("Commander / lead")."""
    return [w for w in label.split() if w not in ("/", "&")]


@lru_cache(maxsize=SEGMENT_CACHE)
def segments(line: str) -> tuple[Segment, ...]:
    """Labelled segments of one line, in order. Cached: a pure function of the line (immutable segments), and the
    binding stages and the grader read the same lines again within a turn and across turns."""
    found: list[Segment] = []
    row = _ROW.match(line)
    if row is not None and len(row["label"].split()) <= 4:
        values, spans = _values(line, row.start("value"), row.end("value"))
        return (Segment(" ".join(row["label"].casefold().split()), values, spans, row.start("label")),)
    head = _START.match(line)
    if head is not None and len(_label_words(head["label"])) <= 4:
        end = len(line)
        paren = _PAREN.search(line, head.start("value"))
        if paren is not None:
            end = paren.start()
        values, spans = _values(line, head.start("value"), end)
        found.append(Segment(" ".join(head["label"].casefold().split()), values, spans, head.start("label")))
    for match in _PAREN.finditer(line):
        if len(match["label"].split()) <= 4:
            values, spans = _values(line, match.start("value"), match.end("value"))
            found.append(Segment(" ".join(match["label"].casefold().split()), values, spans, match.start()))
    return tuple(found)


def opening_label(line: str) -> str | None:
    """The label a line opens with ("- **Owner:** X", "> Trace summary: ..."; only bullets, quote marks or emphasis
    before it), or None: a label later in the line ("... (owner: X)") names an aside, not what the line is."""
    found = segments(line)
    return found[0].label if found and not line[:found[0].start].strip(" \t*_->#") else None


def label_relation(label: str) -> str | None:
    """The relation a label states, from the one label table (``verify.vocabulary.label_rule``)."""
    rule = label_rule(label)
    return rule.rel_type if rule is not None else None


def grade_labelled(line: str, rel_type: str, filler: str, topic_in_line: bool, evidence_id: str,
                   parse: Parse) -> HopGrade:
    wanted = normalize_name(filler)
    for segment in segments(line):
        if wanted not in {normalize_name(v) for v in segment.values}:
            continue
        mapped = label_relation(segment.label)
        code = f"label:{segment.label}"
        if mapped != rel_type:
            continue
        if topic_in_line:
            return HopGrade("source_backed", (code,), evidence_id)
        return HopGrade("inferred", (code, "subject_from_context"), evidence_id)
    speaker = _speaker(line, rel_type, wanted, evidence_id, parse)
    if speaker is not None:
        return speaker
    return HopGrade("insufficient", ("binding_failed:no_label_states_it",), evidence_id)


def _speaker(line: str, rel_type: str, wanted: str, evidence_id: str, parse: Parse) -> HopGrade | None:
    head = _START.match(line)
    if head is None or normalize_name(head["label"]) != wanted:
        return None
    first = parse(re.split(r"(?<=[.!?;])\s", head["value"], maxsplit=1)[0])
    opening = [t for t in first if not t.is_punct][:2]
    cues = lx.CUES.get(rel_type, frozenset())
    if not any(t.lemma_.casefold() in cues for t in opening) or any(t.dep_ == "neg" for t in first) or any(
            t.dep_ in ("nsubj", "nsubjpass") for t in first):
        return None
    return HopGrade("inferred", ("speaker_is_subject", "subject_from_context"), evidence_id)
