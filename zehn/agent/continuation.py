"""An effect stated in the sentence after the one that names the change (part of stage 4, bind).

Postmortems and change notes name a change in a labelled line and give its effect in the next sentence, which
refers back to it: "Trigger: PR #12 lowered the retention floor. This deleted 11% of segments and surfaced 404s."
When no sentence of a document states the asked effect with the change as its subject, the sentence right after
one that names the change answers if it opens with a word that continues that subject (:data:`ANAPHORS`: "This",
"That", "It", "The change" ...), lies in the same passage, and has a verb with an object or a subject of its own.
The change is bound to "This" by adjacency, not by the sentence's words, so the hop is ``inferred``
(``continues_subject``) and both sentences are cited.
"""

from __future__ import annotations

from itertools import pairwise

from verify import HopGrade
from zehn.agent.bound import PathView
from zehn.agent.grading import hop, view
from zehn.agent.parses import Parses
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.text_index import text_index

# Openings that continue the previous sentence's subject (general English reference words).
ANAPHORS = frozenset({"this", "that", "it", "these", "those", "which"})
ANAPHOR_NOUNS = frozenset({"change", "deploy", "deployment", "release", "rollout", "migration", "pr", "patch",
                           "update", "config", "fix", "refactor", "upgrade", "commit", "switch", "trigger",
                           "revert", "rollback", "hotfix", "workaround", "mitigation", "restart", "failover"})
MAX_GAP = 3  # characters between the two sentences (a space or a line break): adjacent in the same passage
MAX_NAME_WORDS = 8


def continues(text: str) -> bool:
    """The sentence opens with a word that continues the previous sentence's subject ("It ...", "The fix ...")."""
    first = text.split(maxsplit=2)
    if not first:
        return False
    word = first[0].casefold().strip(",:")
    if word in ANAPHORS:
        return True
    return word in ("the", "this", "that") and len(first) > 1 and first[1].casefold().strip(",:") in ANAPHOR_NOUNS


def same_passage(doc_view: DocView, a: Sentence, b: Sentence) -> bool:
    return any(p.start <= a.start and b.end <= p.end for p in doc_view.passages)


def continued(subject: str, names: list[str], doc_view: DocView, parses: Parses) -> tuple[PathView, ...]:
    """The effect hops read from the sentence after each one that names the subject, in document order."""
    lines = [s for s in doc_view.sentences if s.kind != "metadata"]
    out: list[PathView] = []
    for naming, after in pairwise(lines):
        if after.start - naming.end > MAX_GAP or not continues(after.text) or \
                not same_passage(doc_view, naming, after) or \
                not any(text_index(naming.text).mentions(n) for n in names):
            continue
        parse = parses.of([after])[after.id]
        verbs = [t for t in parse if t.pos_ == "VERB" and (t.dep_ == "ROOT" or (t.dep_ == "conj" and
                                                                                t.head.dep_ == "ROOT"))]
        objects = [c for v in verbs for c in v.children if c.dep_ in ("dobj", "attr", "oprd")]
        if not objects:
            continue
        words = [t for t in objects[0].subtree if not t.is_punct][:MAX_NAME_WORDS]
        effect = after.text[words[0].idx: words[-1].idx + len(words[-1].text)] if words else after.text
        graded = HopGrade("inferred", ("continues_subject",), after.id)
        out.append(view(effect, effect, (subject, effect),
                        [hop(subject, "AFFECTS", effect, graded, after, "question")], [naming, after]))
    return tuple(out)
