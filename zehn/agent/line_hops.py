"""Reading one relation off one line at question time: which end the unknown filler is, the candidate fillers of a
line, the hop grade of a line, and a scan of the lines that name the subject (part of stage 4, bind).

The passage binder picks the sentence that best answers an ask as a whole; an ownership or participation question
asks for one end of one relation, which a document often states in a line that shares few words with the question
("- Ana Ruiz owns the DNS cut-over", "- The reload endpoint is assigned to Li Wei", "Encode workers: Ana Ruiz."
under an "Owners" heading). :func:`scan_agents` reads, in the best documents that name the subject, every line that
names it too:

1. the line's candidate fillers: values of labels that state the relation, typed fillers of the asked type, and
   runs of proper nouns (a name the entity recogniser missed: the hop grader still has to find the relation
   between it and the subject on the line's parse);
2. each is graded by :func:`grade_line`: a labelled line by its label, prose by its parse;
3. a line ``Label: Name`` whose label names the subject, inside a section whose heading is a label of the asked
   relation ("## Owners"), states the relation through its heading: ``inferred`` (``relation_from_section``);
4. for ownership, an action item (:mod:`zehn.agent.action_items`: a table row with an owner column, "(A to
   drive)", ...) whose task names the subject gives its owners, graded as the action-item reader grades them.

A labelled line of the relation that leaves its subject out ("| Owning team | X |") is read too, on the subject's
own page only (a document whose title names it): ``inferred`` (``subject_from_context``).

A negated or hedged hop never answers; the hops are shown as read at question time, with their grades.
"""

from __future__ import annotations

from spacy.tokens import Doc

from verify import HopGrade, HopInput, grade_hop
from verify.fillers import fillers
from verify.labelled import grade_labelled, label_relation, segments
from verify.lexicon import PLAN_AUX
from verify.parsing import Parse
from verify.vocabulary import VALUE_IS_SUBJECT
from zehn.agent.action_items import grade_owner, items
from zehn.agent.action_lines import person_test
from zehn.agent.bind_checks import required_names
from zehn.agent.bound import PathView
from zehn.agent.compose import NOT_STATED
from zehn.agent.documents import DocJudgement
from zehn.agent.grading import hop, view
from zehn.agent.lemmas import words
from zehn.agent.parses import Parses
from zehn.agent.question import Analysis, SubjectPhrase
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.text_index import TextIndex
from zehn.answers.model import Hop

DOCUMENTS_SCANNED = 3  # as the passage binder: the best documents that name the subject
MAX_HOPS = 4  # answering hops kept, in document order
# Which end of the asked relation the unknown filler is, per route: "source" (it does the relating) or "target".
FILLER_END = {"ownership": "source", "dependency": "target", "dependents": "source", "impact": "target"}
FILLER_TYPE = {"ownership": "agent", "participation": "agent", "dependency": "system", "dependents": "system",
               "impact": "system"}
AGENT_ROUTES = frozenset({"ownership", "participation"})


def filler_end(analysis: Analysis) -> str:
    if analysis.route == "participation" and analysis.rel_type is not None:
        return "source" if analysis.rel_type in VALUE_IS_SUBJECT else "target"
    return FILLER_END.get(analysis.route, "source")


def grade_line(sentence: Sentence, rel_type: str, subject: str, filler: str, end: str, topic_in_line: bool,
               nlp: Parse) -> HopGrade:
    source, target = (filler, subject) if end == "source" else (subject, filler)
    if sentence.kind == "metadata":
        return grade_hop(HopInput(source, rel_type, target, sentence.id, sentence.text, kind="metadata"), nlp)
    if segments(sentence.text):
        labelled = grade_labelled(sentence.text, rel_type, filler, topic_in_line, sentence.id, nlp)
        if labelled.grade != "insufficient":
            return labelled
    return grade_hop(HopInput(source, rel_type, target, sentence.id, sentence.text), nlp)


def line_fillers(sentence: Sentence, rel_type: str, route: str, parse: Doc, names: bool = False) -> list[str]:
    """Candidate unknown ends in the line (``parse`` is its parse): values of labels that state the relation, then
    typed fillers, then (with ``names``, for an agent) runs of two or more proper nouns."""
    found = [v for seg in segments(sentence.text) if label_relation(seg.label) == rel_type for v in seg.values]
    kind = FILLER_TYPE.get(route, "agent")
    found += [sentence.text[a:b] for a, b in fillers(parse, kind)]
    if names and kind == "agent":
        run: list[tuple[int, int]] = []
        for token in [*parse, None]:
            if token is not None and token.pos_ == "PROPN" and token.text[:1].isupper():
                run.append((token.idx, token.idx + len(token.text)))
                continue
            if len(run) >= 2:
                found.append(sentence.text[run[0][0]:run[-1][1]])
            run = []
    return list(dict.fromkeys(found))


def _hop_view(filler: str, subject: str, rel_type: str, end: str, graded: HopGrade, sentence: Sentence) -> PathView:
    source, target = (filler, subject) if end == "source" else (subject, filler)
    return view(filler, filler, (source, target), [hop(source, rel_type, target, graded, sentence, "question")],
                [sentence])


def asks_future(analysis: Analysis) -> bool:
    """The question asks what will happen ("who will run X"): a plan then answers it."""
    return any(w.casefold() in PLAN_AUX for w in analysis.question.replace("'", " '").split())


def answers(graded: HopGrade | Hop, future: bool) -> bool:
    """The one rule for a hop read at question time: it answers when source-backed, or inferred only for want of
    an end in its own words (a labelled line, a speaker's line, a section heading or the document's subject read
    as that end); never when the sentence does not state the relation, and a plan only a question about the
    future. A negated or hedged hop is ``insufficient`` and never answers."""
    if graded.grade == "source_backed":
        return True
    if graded.grade != "inferred" or any(r.startswith(NOT_STATED) for r in graded.reasons):
        return False
    return future or "plan_or_future" not in graded.reasons


def _by_section(sentence: Sentence, heading: str, rel_type: str, subject: SubjectPhrase) -> list[tuple[str, HopGrade]]:
    """``Label: Name`` whose label names the subject, under a heading that is a label of the relation."""
    words = heading.strip("# ").split()
    if not words or rel_type not in (label_relation(" ".join(words[-2:]).casefold()),
                                     label_relation(words[-1].casefold())):
        return []
    out: list[tuple[str, HopGrade]] = []
    for seg in segments(sentence.text):
        if TextIndex(seg.label).mentions(subject.name) or TextIndex(subject.name).mentions(seg.label):
            # A value ends with its sentence: "Export workers: A. Scheduler: B." on one line
            out += [(v.split(". ")[0].rstrip("."),
                     HopGrade("inferred", ("relation_from_section", f"label:{seg.label}"), sentence.id))
                    for v in seg.values]
    return out


def _item_owners(view_: DocView, subject: SubjectPhrase, nlp: Parse) -> list[PathView]:
    names = required_names(subject)
    out: list[PathView] = []
    for item in items(view_, person_test(nlp)):
        if not all(TextIndex(item.what).mentions(n) for n in names):
            continue
        for owner in item.owners:
            graded, line = grade_owner(item, owner, nlp)
            if graded.grade != "insufficient":
                out.append(view(owner, owner, (owner, subject.name),
                                [hop(owner, "OWNS", subject.name, graded, line, "question")], list(item.cited)))
    return out


def _lines(view_: DocView) -> list[tuple[str, Sentence]]:
    """The document's body lines with the heading of the passage each sits in."""
    out: list[tuple[str, Sentence]] = []
    seen: set[str] = set()
    for passage in view_.passages:
        for sentence in view_.in_passage(passage):
            if sentence.kind != "metadata" and sentence.id not in seen:
                seen.add(sentence.id)
                out.append((passage.heading, sentence))
    return out


def own_page(subject: SubjectPhrase, title: str) -> bool:
    """The title names the subject: as written, or by every identifier of its phrase and its head noun ("Migration
    plan: auth-service sessions off X" for "the auth-service session migration")."""
    if TextIndex(title).mentions(subject.name):
        return True
    identifiers = [n for n in required_names(subject) if n != subject.name]
    head = subject.head.casefold()
    return bool(identifiers) and len(head) > 2 and all(TextIndex(title).mentions(n) for n in identifiers) and \
        any(w.startswith(head) for w in words(title))


def scan_agents(analysis: Analysis, subject: SubjectPhrase, order: list[DocJudgement], parses: Parses,
                nlp: Parse) -> tuple[PathView, ...]:
    """The answering hops of an ownership or participation question, read in the lines that name its subject."""
    if analysis.route not in AGENT_ROUTES or analysis.rel_type is None:
        return ()
    rel, end, future = analysis.rel_type, filler_end(analysis), asks_future(analysis)
    names = (subject.name, *subject.identifiers)
    for judged in order[:DOCUMENTS_SCANNED]:
        titled = own_page(subject, judged.view.info.title)
        if not titled and not all(judged.view.index.mentions(n) for n in names):
            continue
        found: list[PathView] = []
        read = [(heading, sentence, TextIndex(sentence.text).mentions(subject.name))
                for heading, sentence in _lines(judged.view)]
        # A line that leaves its subject out speaks for its page only on the subject's own page.
        read = [(h, s, named) for h, s, named in read if named or (
            titled and any(label_relation(g.label) == rel for g in segments(s.text)))]
        parsed = parses.of(s for _, s, _ in read)  # the document's lines in one batch
        for heading, sentence, named in read:
            graded = [(f, grade_line(sentence, rel, subject.name, f, end, named, nlp))
                      for f in line_fillers(sentence, rel, analysis.route, parsed[sentence.id], names=True)
                      if not TextIndex(f).mentions(subject.name)]
            graded += _by_section(sentence, heading, rel, subject)
            found += [_hop_view(f, subject.name, rel, end, g, sentence) for f, g in graded if answers(g, future)]
        if not found and rel == "OWNS":
            found = _item_owners(judged.view, subject, nlp)
        if found:
            return tuple(found[:MAX_HOPS])
    return ()
