"""The citation gate: a draft answer is shown only when every claim cites evidence returned this turn.

Input: the draft text and ``evidence`` (id -> sentence text) the tools returned in this turn.
Checks, in this order; the first that fails decides:

1. **Malformed ids.** Any look-alike (see :mod:`verify.evidence_ids`: wrong length, uppercase hex,
   ``ev-``/``EV_`` prefixes, ids inside markdown links, ids with spaces or zero-width characters) refuses
   the whole answer as a fabricated citation. ``offending`` = the raw look-alike strings.
2. **Fabricated ids.** Any canonical id that is not in ``evidence`` refuses the whole answer, whatever
   else is cited; a real citation never launders an invented one. ``offending`` = the unknown ids.
3. **Nothing cited.** No valid citation at all -> :class:`Abstained` (with how many ids were retrieved).
4. **Status trailer.** An ``[abstained]`` trailer on a citing draft, or an ``[answered] citing k of N``
   trailer whose numbers differ from the draft's distinct citations / the retrieved count, refuses.
5. **Uncited claims.** Every factual sentence (see :mod:`verify.answer_text` for what is non-factual:
   headings, lead-ins ending in ``:``, status trailers, questions, the standard abstention sentence)
   must carry at least one id. The first uncited one refuses; the reason quotes it.
6. **Quotes.** Text in double quotes ("..." or “...”) must be a verbatim slice of one evidence sentence
   cited *in the same answer sentence*. Comparison collapses whitespace runs and treats ’ as ', nothing
   else; an ellipsis (``...`` or ``…``) inside the quote splits it into parts that must appear in that
   order in the same sentence. A paraphrase in quotes refuses; ``offending`` = the quote.

Then the draft is :class:`Answered`. Reported, not refused: citations whose evidence shares no content
word with the claim (``weak``), and answer sentences with hedge words (``hedged``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from verify.answer_text import content_words, hedges_in, is_factual, is_trailer, quotes_in, sentences
from verify.evidence_ids import cited_ids, lookalikes
from verify.verdicts import Abstained, Answered, Refused, Verdict, WeakSupport

_ANSWERED_TRAILER = re.compile(r"^\s*\[answered\]\s*citing\s+(\d+)\s+of\s+(\d+)\b", re.IGNORECASE)
_ELLIPSIS = re.compile(r"\s*(?:\.\.\.|…|\[\.\.\.\]|\[…\])\s*")


def _normalize(text: str) -> str:
    return " ".join(text.replace("’", "'").replace("‘", "'").split())


def quote_is_verbatim(quote: str, source: str) -> bool:
    """True when every ellipsis-separated part of ``quote`` appears in ``source`` in order."""
    haystack = _normalize(source)
    position = 0
    parts = [p for p in (_normalize(x) for x in _ELLIPSIS.split(quote)) if p]
    if not parts:
        return False
    for part in parts:
        found = haystack.find(part, position)
        if found < 0:
            return False
        position = found + len(part)
    return True


def _trailer_problem(draft: str, cited: int, retrieved: int) -> str | None:
    for line in draft.splitlines():
        if not is_trailer(line):
            continue
        lowered = line.strip().lower()
        if lowered.startswith("[abstained]") or lowered.startswith("[refused]"):
            return f"status_mismatch: the draft cites evidence but its trailer says {line.strip()!r}"
        match = _ANSWERED_TRAILER.match(line)
        if match is None:
            return f"status_mismatch: malformed trailer {line.strip()!r}"
        if (int(match.group(1)), int(match.group(2))) != (cited, retrieved):
            expected = f"citing {cited} of {retrieved}"
            return f"status_mismatch: trailer {line.strip()!r} but the draft is {expected}"
    return None


def check_draft(draft: str, evidence: Mapping[str, str]) -> Verdict:
    """Judge one draft against the evidence returned this turn. Pure and deterministic."""
    retrieved = len(evidence)
    malformed = lookalikes(draft)
    if malformed:
        return Refused("malformed_citation: evidence ids must be ev_ + 16 lowercase hex, written plainly",
                       tuple(dict.fromkeys(malformed)))
    cited = cited_ids(draft)
    fabricated = tuple(i for i in cited if i not in evidence)
    if fabricated:
        return Refused("fabricated_citation: cited ids were not returned by the tools this turn", fabricated)
    if not cited:
        return Abstained("no_citation: the draft cites no returned evidence", retrieved)
    trailer = _trailer_problem(draft, len(cited), retrieved)
    if trailer is not None:
        return Refused(trailer, ())

    weak: list[WeakSupport] = []
    hedged: list[str] = []
    for sentence in sentences(draft):
        if not is_factual(sentence):
            continue
        ids = cited_ids(sentence)
        refused = _unsupported(sentence, ids, evidence)
        if refused is not None:
            return refused
        claim_words = content_words(sentence)
        for evidence_id in ids:
            if not claim_words & content_words(evidence[evidence_id]):
                weak.append(WeakSupport(evidence_id, sentence))
        if hedges_in(sentence):
            hedged.append(sentence)
    return Answered(cited, tuple(weak), tuple(hedged))


def _unsupported(sentence: str, ids: tuple[str, ...], evidence: Mapping[str, str]) -> Refused | None:
    """A factual sentence that cites nothing, or quotes what no evidence cited with it says verbatim."""
    if not ids:
        return Refused(f"uncited_claim: {sentence!r}", (sentence,))
    for quote in quotes_in(sentence):
        if not any(quote_is_verbatim(quote, evidence[i]) for i in ids):
            return Refused(f"quote_not_verbatim: {quote!r} is not a slice of the evidence cited with it", (quote,))
    return None
