"""Where the sentence readers of `extraction.relations` put what they read: one chunk's relation candidates.

Every reader hands over (subject, object, predicate tokens, flags, the sentence's bounds); the sink applies the
checks they share, so no reader can skip one: a team that only hosts a gathering is no object, the pair is typed
(`ownership_prose.typed_relation`), both mentions lie inside the sentence (one is enough for the document's subject,
which is bound from outside it), a predicate spread over more than five tokens keeps its first word, and a sentence
states each (subject, object, type) once however often it repeats it.
"""

from __future__ import annotations

from spacy.tokens import Doc, Token

from extraction.extraction_types import Mention, RelationCandidate
from extraction.gatherings import hosts_a_gathering
from extraction.ownership_prose import typed_relation

Flags = tuple[bool, bool, bool]  # negated, hedged, planned
Bounds = tuple[int, int]  # the sentence's character range within the chunk

# A predicate whose tokens lie further apart than this is two words the parse joined ("owns ... and later moved"):
# its evidence is the first word alone, so the highlighted span never covers an unrelated clause.
_MAX_PREDICATE_GAP = 4


class RelationSink:
    """The relation candidates of one chunk starting at document offset `offset`, in the order they were read."""

    def __init__(self, doc: Doc, offset: int) -> None:
        self._doc = doc
        self._offset = offset
        self._out: list[RelationCandidate] = []
        self._seen: set[tuple[int, int, str, int]] = set()

    def emit(self, subj: Mention, obj: Mention, rel: str, pred: list[Token], flags: Flags, bounds: Bounds,
             via: str = "text") -> None:
        """Keep the relation when it passes the shared checks (see the module docstring)."""
        if hosts_a_gathering(self._doc.text, obj, self._offset):
            return  # "will run the Pricing team offsite": the object is the offsite, not the team
        typed = typed_relation(subj, obj, rel)  # "X belongs to the Payments team": owned, not a part
        if typed is None:
            return
        subj, obj, rel_type = typed
        lo, hi = bounds[0] + self._offset, bounds[1] + self._offset
        inside = [lo <= m.start and m.end <= hi for m in (subj, obj)]
        if not (all(inside) or (via == "document_subject" and any(inside))):
            return
        key = (subj.start, obj.start, rel_type, bounds[0])  # one relation per sentence, however often stated
        if key in self._seen:
            return
        self._seen.add(key)
        pred = sorted(pred, key=lambda t: t.i)
        if pred[-1].i - pred[0].i > _MAX_PREDICATE_GAP:
            pred = pred[:1]
        p_start, p_end = pred[0].idx, pred[-1].idx + len(pred[-1])
        self._out.append(RelationCandidate(
            subject=subj, object=obj, rel_type=rel_type, raw_verb=" ".join(self._doc.text[p_start:p_end].split()),
            predicate_start=p_start + self._offset, predicate_end=p_end + self._offset,
            sentence_start=bounds[0] + self._offset, sentence_end=bounds[1] + self._offset, kind="sentence",
            negated=flags[0], hedged=flags[1], planned=flags[2], via=via,
        ))  # fmt: skip

    def pairs_in(self, bounds: Bounds) -> set[frozenset[str]]:
        """The name pairs already related in the sentence at `bounds` (a fallback reader adds only new pairs)."""
        start = bounds[0] + self._offset
        return {frozenset((r.subject.name, r.object.name)) for r in self._out if r.sentence_start == start}

    def relations(self) -> list[RelationCandidate]:
        return list(self._out)
