"""What did a test, an analysis, a dashboard or a trace show? The sentences that state an instrument's finding.

"What did the load test *show*", "what did the trace *reveal*", "what did the audit *find*" ask for what the
instrument (the verb's subject in the question) found, and enterprise documents state it in two shapes:

- a clause with the instrument as the subject of a verb of finding: "The load test showed that p99 doubled",
  "the audit found two stale keys", "Heap dumps indicate a leak in the parser";
- a line labelled with the instrument's name, alone or with a noun for its result: "Trace summary: bucket
  empty, 120 connections", "Load test results: p99 410 ms", "Audit: two stale keys". The label says whose
  finding the line is; its words need not repeat the question's verb.

Either answers for its document's topic (the caller checks that the document holds the rest of the ask), as a
labelled line of the asked kind does (:func:`zehn.agent.sentence_binding.labelled_as_asked`).
"""

from __future__ import annotations

from spacy.tokens import Doc

from verify.labelled import opening_label
from zehn.agent.lemmas import words
from zehn.agent.question import Ask
from zehn.agent.similarity import Similarity

# Verbs by which an instrument states what it found.
FINDING_VERBS = frozenset({"show", "reveal", "indicate", "find", "confirm", "suggest", "demonstrate", "surface"})
# Nouns that name an instrument's result beside its name in a label ("Trace *summary*", "Load test *results*").
RESULT_NOUNS = frozenset({"summary", "result", "results", "finding", "findings", "output", "outcome", "observation",
                          "observations", "conclusion", "conclusions", "excerpt", "snapshot", "readout"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass"})


def asks_finding(ask: Ask) -> bool:
    """"What did X show": the wh-word is what a verb of finding has found, with no focus noun of its own."""
    return ask.wh == "what" and not ask.focus_head and ask.predicate in FINDING_VERBS and bool(_instrument(ask))


def _instrument(ask: Ask) -> tuple[str, ...]:
    """The ask's other core terms: the instrument's words ("rate", "limiter", "trace") and what it was run on."""
    return tuple(t for t in (ask.core or ask.terms) if t != ask.predicate)


def states_finding(ask: Ask, parse: Doc, similarity: Similarity) -> bool:
    """The sentence states what the asked instrument found: a line labelled with its name (and at most a result
    noun besides), or a clause whose subject names it under a verb of finding."""
    named = _instrument(ask)
    label = opening_label(parse.text)
    if label is not None:
        own = [w for w in words(label) if w not in RESULT_NOUNS]
        if own and similarity.matches(named, own) and all(similarity.matches((w,), named) for w in own):
            return True
    return any(t.lemma_.casefold() in FINDING_VERBS and any(
        c.dep_ in _SUBJECTS and similarity.matches(named, [c.lemma_.casefold()]) for c in t.children) for t in parse)
