"""What a change or an incident affected, read from its document's impact section (part of stage 4, bind).

Postmortems and change reviews state their blast radius in a section of its own ("## Impact", "## Customer
impact", "## Affected systems"), in sentences whose subject is the system that was hit ("The cart-service timed
out on price lookups") and in lists whose items open with the system's name ("- order-history API: stale prices
..."). No sentence there repeats what caused it: the section's heading ties each system to the document's subject.

So, in the best documents whose title names the subject (and that name every identifier of its phrase: the section
speaks for what its document is about, not for a rollback or fix it also mentions), the impact section's systems
are read: the grammatical subject of each sentence when it is a system (an identifier-shaped name or a noun phrase
with a system head: :func:`verify.fillers.fillers`), and the name a list item's label gives. A negated sentence or a
line labelled as not affected ("Not affected: X") names no hit system. Each hop is ``inferred``
(``impact_section``, ``document_subject``): the relation comes from the heading, not from the sentence's words.
"""

from __future__ import annotations

from extraction.vocabulary import NEGATION_WORDS
from verify import HopGrade
from verify.fillers import SYSTEM_HEADS, fillers
from verify.labelled import segments
from zehn.agent.bind_checks import required_names
from zehn.agent.bound import PathView
from zehn.agent.documents import DocJudgement
from zehn.agent.focus import roles_of
from zehn.agent.grading import hop, view
from zehn.agent.parses import Parses
from zehn.agent.question import SubjectPhrase
from zehn.agent.text_index import TextIndex

DOCUMENTS_READ = 3
MAX_HOPS = 8  # systems shown: an impact list is rarely longer
# The negation words, and the ways an impact list says a system was spared ("Unaffected: X", "none").
_NEGATIONS = NEGATION_WORDS | {"unaffected", "without", "none"}


def _impact_heading(heading: str) -> bool:
    return roles_of(heading).get("impact", 0.0) >= 1.0  # the heading names the impact, as section roles read it


def impact_hops(subject: SubjectPhrase, order: list[DocJudgement], parses: Parses) -> tuple[PathView, ...]:
    """The systems the subject's document lists under its impact heading, as inferred AFFECTS hops."""
    names = required_names(subject)
    for judged in order[:DOCUMENTS_READ]:
        doc_view = judged.view
        title = TextIndex(doc_view.info.title)
        if not all(doc_view.index.mentions(n) for n in names) or not title.mentions(subject.name):
            continue  # the section speaks for what its document is about: the change or incident its title names
        sentences = [s for p in doc_view.passages if _impact_heading(p.heading) for s in doc_view.in_passage(p)
                     if s.kind != "metadata"]
        parsed = parses.of(sentences)
        out: list[PathView] = []
        seen: set[str] = set()
        for sentence in sentences:
            labels = segments(sentence.text)
            if labels and _NEGATIONS & set(labels[0].label.split()):
                continue  # "Not affected: the payments gateway ..."
            parse = parsed[sentence.id]
            if any(t.dep_ == "neg" or t.lower_ in _NEGATIONS for t in parse if t.head.dep_ == "ROOT" or
                   t.dep_ == "ROOT"):
                continue
            label = _system_label(sentence.text, labels[0].start) if labels else None
            found = [label] if label else []
            subjects = [t for t in parse if t.dep_ in ("nsubj", "nsubjpass")]  # of every clause: ", so X failed"
            for a, b in fillers(parse, "system"):
                if any(a <= t.idx < b for t in subjects):
                    found.append(sentence.text[a:b])
            for name in found:
                key = name.casefold()
                if key in seen or TextIndex(name).mentions(subject.name):
                    continue
                seen.add(key)
                graded = HopGrade("inferred", ("impact_section", "document_subject"), sentence.id)
                out.append(view(name, name, (subject.name, name),
                                [hop(subject.name, "AFFECTS", name, graded, sentence, "question")], [sentence]))
        if out:
            return tuple(out[:MAX_HOPS])
    return ()


def _system_label(line: str, start: int) -> str | None:
    """The system a list item's label names ("order-history API: ..."): identifier-shaped, or a system noun last."""
    label = line[start:].split(":", 1)[0].strip(" *_`")
    if not label or len(label.split()) > 4:
        return None
    return label if any(c in label for c in "-_./") or label.split()[-1].casefold() in SYSTEM_HEADS else None
