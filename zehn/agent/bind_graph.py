"""Stage 4 for entity questions and yes/no questions: grade the walked paths, or bind the relation at question time.

0. **Shapes** (:mod:`zehn.agent.bind_shapes`): before the walk, an action item's owner chosen by what the item
   does and a comment block's author; after the walk and the question-time binding decline, a product's parts
   from its own document's component list.
1. **Paths** (the walk found some): every hop is graded against its sentences (:mod:`zehn.agent.grading`). A
   participation question keeps the paths whose first hop is the asked relation; a yes/no relation check keeps
   those that reach the other end. When no kept path states the asked relation (none left, every one only
   co-occurs, or the question's verb is no relation of the vocabulary: "who signed off on X"), the graph lacks the
   edge: the relation is bound at question time as in 2, and the walked paths
   are the answer only when nothing is bound there.
2. **Question time** (no path): the passage binder finds the sentences that answer (:mod:`bind_passages`); then
   the hop grader runs over each answering sentence for the asked relation, with each filler of the asked type
   in turn as the unknown end - labelled lines by their label (:mod:`verify.labelled`), front-matter lines by
   their key, prose by its parse. The graded hop is shown as read at question time (``read_at="question"``). A
   sentence whose hop is negated or hedged does not answer ("the documents say it did not happen" is not a name).
   A dependency or impact that no answering sentence states is then looked for by its cue words in the
   documents about the subject (:mod:`zehn.agent.relation_scan`).
3. **Unknown subject**: a subject that resolved to no entity and that no retrieved document mentions is
   ``unknown_entity`` (with the resolver's "did you mean" candidates); an entity with no recorded relation and
   nothing bound is ``not_in_graph``.
4. **Yes/no**: ``yes`` when a hop (or, for a statement, a sentence holding all its terms) states it as fact;
   ``no`` when it is stated negated; ``not_established`` otherwise (hedged, planned, inferred, or nothing). A
   statement about a named person is not established by a sentence that does not name them; a relation the
   documents state only the other way round ("B calls A" for "does A depend on B") is not established, and no
   sentence is cited for it. A statement bound to a line of a follow-up list (or one marked "(scheduled)") is
   ``not_established``: the list says it is still to be done.
"""

from __future__ import annotations

from extraction.line_shapes import PERSON_NAME
from verify import HopInput, grade_hop
from verify.parsing import Parse
from zehn.agent.action_items import task_question
from zehn.agent.action_lines import to_do
from zehn.agent.bind_checks import not_the_asker, required_names, unknown_subject
from zehn.agent.bind_passages import bind_document, bind_passages
from zehn.agent.bind_shapes import after_decline, before_walk
from zehn.agent.bound import Bound, Finding, PathView, Verdict
from zehn.agent.compose import NOT_STATED
from zehn.agent.compose import verb as verb_of
from zehn.agent.dispatch import Dispatcher
from zehn.agent.documents import nowhere, ranked
from zehn.agent.grading import grade_paths, hop, view
from zehn.agent.impact_section import impact_hops
from zehn.agent.line_hops import answers, asks_future, filler_end, grade_line, line_fillers, scan_agents
from zehn.agent.parses import Parses
from zehn.agent.question import Analysis, SubjectPhrase
from zehn.agent.relation_scan import scan
from zehn.agent.resolve import End, Subjects
from zehn.agent.retrieve import DocView, Retrieved, Views, documents, unmentioned
from zehn.agent.routing import IMPACT_RELS
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity
from zehn.agent.stops import Stop
from zehn.agent.text_index import TextIndex

DOCUMENTS_TRIED = 3  # documents in which an entity question's relation is looked for, best first
def _question_time(analysis: Analysis, finding: Finding, subject: SubjectPhrase, view_: DocView, parses: Parses,
                   similarity: Similarity, nlp: Parse) -> list[PathView]:
    """Grade the asked relation in the finding's bound sentence, once per filler of the asked type. A front-matter
    line speaks for its document, so it counts only in a document whose title names the subject."""
    assert analysis.rel_type is not None
    end = filler_end(analysis)
    sentence = finding.bound
    if sentence.kind == "metadata" and not TextIndex(view_.info.title).mentions(subject.name):
        return []
    words = [w.casefold().strip(".,;:()\"'") for w in sentence.text.split()]
    topic = len(similarity.matches(subject.terms, words)) * 2 >= max(1, len(subject.terms))
    out: list[PathView] = []
    about = all(view_.index.mentions(n) for n in required_names(subject))
    for filler in line_fillers(sentence, analysis.rel_type, analysis.route, parses.of([sentence])[sentence.id]):
        graded = grade_line(sentence, analysis.rel_type, subject.name, filler, end, topic, nlp)
        if not about and "subject_from_context" in graded.reasons:
            continue  # the line's context is its document, and this document is not about the subject
        source, target = (filler, subject.name) if end == "source" else (subject.name, filler)
        out.append(view(filler, filler, (source, target), [hop(source, analysis.rel_type, target, graded,
                                                               sentence, "question")], [sentence]))
    return out




def _paths(analysis: Analysis, subjects: Subjects, retrieved: Retrieved, dispatcher: Dispatcher,
           nlp: Parse) -> Bound:
    views = grade_paths(retrieved.paths, dispatcher.edges, nlp)
    if analysis.route == "participation" and analysis.rel_type is not None:
        views = [v for v in views if v.hops and v.hops[0].rel_type == analysis.rel_type]
        named = subjects.subject.entity.name.casefold() if subjects.subject and subjects.subject.entity else None
        if named is not None and analysis.rel_type in IMPACT_RELS:  # "what is X blocked by" is not what X blocks
            at_subject = "target" if filler_end(analysis) == "source" else "source"
            views = [v for v in views if getattr(v.hops[0], at_subject).casefold() == named]
        if any(_stated(v) for v in views):  # a name that only co-occurs is no answer beside ones stated
            views = [v for v in views if _stated(v)]
    if analysis.route == "yes_no":
        other = subjects.other.entity if subjects.other else None
        views = [v for v in views if other is not None and v.entity_id == other.id]
        return Bound(paths=tuple(views), verdict=_verdict(views))
    return Bound(paths=tuple(views), reason="" if views else "no walked path is the asked relation",
                 decline=None if views else "relation_unstated")


def _verdict(views: list[PathView]) -> Verdict:
    if any(v.graded.grade == "source_backed" for v in views):
        return "yes"
    if views and all(any("negated" in h.reasons for h in v.hops) for v in views):
        return "no"
    return "not_established"


def _checked(bound: Bound, a: str, b: str, retrieved: Retrieved) -> list[tuple[Sentence, bool]]:
    """The sentences a relation check is graded in, each with whether its document's title names ``a``: the
    answering sentences, then every sentence of the best documents that names ``b`` (the one that states or denies
    the relation often shares few words with the question)."""
    out: list[tuple[Sentence, bool]] = []
    titles = {d.info.id: TextIndex(d.info.title).mentions(a) for d in retrieved.documents}
    for finding in bound.findings:
        out += [(s, titles.get(s.document_id, False)) for s in finding.answer]
    for doc_view in retrieved.documents[:DOCUMENTS_TRIED]:
        if doc_view.index.mentions(b):
            out += [(s, titles[doc_view.info.id]) for s in doc_view.sentences
                    if s.kind != "metadata" and TextIndex(s.text).mentions(b)]
    return list({s.id: (s, t) for s, t in out}.values())


def _statement(analysis: Analysis, subjects: Subjects, bound: Bound, retrieved: Retrieved, parses: Parses,
               nlp: Parse) -> Bound:
    """A yes/no question answered from sentences: graded as a relation when it names one, else as a statement."""
    subject, other = subjects.subject, subjects.other
    views: list[PathView] = []
    if analysis.rel_type and subject is not None and other is not None:
        a, b = subject.phrase.name, other.phrase.name
        for sentence, titled in _checked(bound, a, b, retrieved):
            graded = grade_hop(HopInput(a, analysis.rel_type, b, sentence.id, sentence.text), nlp)
            if titled and "binding_failed:subject_not_in_sentence" in graded.reasons:
                # "Version 2 does not depend on X" in the document about A: A is the document's subject.
                graded = grade_hop(HopInput(a, analysis.rel_type, b, sentence.id, sentence.text,
                                            via="document_subject"), nlp)
            views.append(view(b, b, (a, b), [hop(a, analysis.rel_type, b, graded, sentence, "question")],
                              [sentence]))
        views = [v for v in views if not any(r.startswith("binding_failed") for r in v.hops[0].reasons)]
        if views and all("direction_reversed" in v.hops[0].reasons for v in views):
            # "login-edge forwards to identity-core" does not say identity-core depends on login-edge
            return Bound(verdict="not_established", decline="relation_unstated",
                         reason="not established: the documents state only the other direction")
        return Bound(findings=bound.findings, paths=tuple(views), document=bound.document,
                     verdict=_verdict(views) if views else "not_established", reason=bound.reason,
                     decline=bound.decline)
    if not bound.findings:
        return Bound(verdict="not_established", reason=bound.reason or "no sentence states it",
                     decline=bound.decline or "statement_unsettled")
    asked = analysis.subject.name if analysis.subject is not None else ""
    person = asked if PERSON_NAME.match(asked) else ""
    if person and not TextIndex(bound.findings[0].bound.text).mentions(person):
        # "Did Ana Ruiz take X?" is not answered by a sentence about X that does not name her
        return Bound(verdict="not_established", decline="statement_unsettled",
                     reason=f"not established: no sentence that names {person} states it")
    parse = parses.of([bound.findings[0].bound])
    negated = any(t.dep_ == "neg" for d in parse.values() for t in d)
    if not negated and to_do(bound.findings[0]):
        # "Roll out X to Y after validation (scheduled)" under "Follow-up actions" says it is still to be done
        return Bound(findings=bound.findings, document=bound.document, verdict="not_established",
                     decline="ruled_out",
                     reason="not established: the documents list it as a follow-up still to do, not as done")
    verdict: Verdict = "no" if negated else "yes" if bound.findings[0].grade == "source_backed" else \
        "not_established"
    return Bound(findings=bound.findings, document=bound.document, verdict=verdict, reason=bound.reason,
                 decline=bound.decline if verdict == "not_established" else None)


def bind_graph(analysis: Analysis, subjects: Subjects, retrieved: Retrieved, dispatcher: Dispatcher,
               parses: Parses, similarity: Similarity, nlp: Parse) -> Bound | Stop:
    # Before the shapes: a list in another system's document is no answer about a system that exists nowhere (a
    # task question names its item by what it does, not by a name: "the follow-up to rotate X", so it is unknown
    # only when no action item answers it either).
    unknown = unknown_subject(subjects, retrieved)
    if unknown is not None and not task_question(analysis):
        return unknown
    views = _views(analysis, subjects, retrieved, dispatcher, similarity)
    shaped = before_walk(analysis, views, similarity, parses, nlp)
    if shaped is not None:
        return not_the_asker(analysis, shaped)
    if unknown is not None:
        return unknown
    return not_the_asker(analysis, after_decline(analysis, views, similarity, _walk_or_bind(
        analysis, subjects, retrieved, dispatcher, parses, similarity, nlp)))


def _views(analysis: Analysis, subjects: Subjects, retrieved: Retrieved, dispatcher: Dispatcher,
           similarity: Similarity) -> Views:
    """The retrieved documents, or (after a walk, which retrieves none) the documents about the question, read
    once on first use."""
    if not retrieved.paths:
        return lambda: retrieved.documents
    read: list[tuple[DocView, ...]] = []

    def views() -> tuple[DocView, ...]:
        if not read:
            read.append(documents(analysis, subjects, dispatcher, similarity)[0])
        return read[0]
    return views


def _walk_or_bind(analysis: Analysis, subjects: Subjects, retrieved: Retrieved, dispatcher: Dispatcher,
                  parses: Parses, similarity: Similarity, nlp: Parse) -> Bound | Stop:
    if retrieved.paths:
        walked = _paths(analysis, subjects, retrieved, dispatcher, nlp)
        if analysis.route == "yes_no" or (analysis.rel_type is not None and any(_stated(v) for v in walked.paths)):
            return walked
        # The walk reached the subject but none of its recorded edges states the asked relation: the graph lacks
        # the edge, so it is bound at question time in the documents, like a subject with no walk at all; when
        # nothing is bound there either, the walk's own (weak) paths are what there is.
        views, vectors = documents(analysis, subjects, dispatcher, similarity)
        late = _bind(analysis, subjects, Retrieved((), views, vectors, unmentioned(analysis, views, dispatcher)),
                     parses, similarity, nlp)
        return late if isinstance(late, Bound) and not late.empty else walked
    return _bind(analysis, subjects, retrieved, parses, similarity, nlp)


def _stated(view_: PathView) -> bool:
    """A walked path whose every hop states its relation (source-backed, or inferred for a reason other than the
    sentence not stating it)."""
    return view_.graded.grade != "insufficient" and not any(
        r.startswith(NOT_STATED) for h in view_.hops for r in h.reasons)


def _bind(analysis: Analysis, subjects: Subjects, retrieved: Retrieved, parses: Parses, similarity: Similarity,
          nlp: Parse) -> Bound | Stop:
    end = subjects.subject
    if analysis.route == "yes_no":
        return _statement(analysis, subjects, bind_passages(analysis, retrieved, parses, similarity), retrieved,
                          parses, nlp)
    if analysis.rel_type is None or end is None:
        return bind_passages(analysis, retrieved, parses, similarity)
    return _bound_relation(analysis, end, retrieved, parses, similarity, nlp)


def _bound_relation(analysis: Analysis, end: End, retrieved: Retrieved, parses: Parses, similarity: Similarity,
                    nlp: Parse) -> Bound | Stop:
    """The asked relation bound in the best documents, one at a time (at most :data:`DOCUMENTS_TRIED`): the hop
    grader decides, so a document that only mentions a name beside the subject does not answer."""
    if retrieved.unmentioned:
        return Bound(reason=nowhere(retrieved.unmentioned), decline="unmentioned")
    order = ranked(analysis, retrieved, similarity)
    if isinstance(order, str):
        return _not_recorded(end) if end.entity is not None and not end.recorded else \
            Bound(reason=order, decline="document_unheld")
    negated: list[PathView] = []
    future = asks_future(analysis)
    for judged in order[:DOCUMENTS_TRIED]:
        bound = bind_document(analysis, judged.view, parses, similarity)
        views = [v for f in bound.findings
                 for v in _question_time(analysis, f, end.phrase, judged.view, parses, similarity, nlp)]
        usable = [v for v in views if answers(v.hops[0], future)]
        if usable:
            return Bound(findings=bound.findings, missing=bound.missing, paths=tuple(usable), document=bound.document)
        negated += [v for v in views if any(r in ("negated", "hypothetical") for r in v.hops[0].reasons)]
    scanned = scan(analysis, end.phrase, order, parses, similarity, nlp)
    listed = impact_hops(end.phrase, order, parses) if analysis.route == "impact" else ()
    if listed:  # the impact section names what was hit; a cue sentence found outside it is shown beside it
        named = {p.entity_name.casefold() for p in listed}
        return Bound(paths=(*listed, *(p for p in scanned.paths if p.entity_name.casefold() not in named)))
    if scanned.paths:
        return Bound(paths=scanned.paths, setting=(scanned.naming,) if scanned.naming else ())
    agents = scan_agents(analysis, end.phrase, order, parses, nlp)
    if agents:
        return Bound(paths=agents)
    if negated:
        return Bound(reason="not established: the documents state it negated or hedged", decline="ruled_out")
    if end.entity is not None and not end.recorded:
        return _not_recorded(end)
    return Bound(decline="relation_unstated",
                 reason=f"not established: no sentence states who or what {verb_of(analysis.rel_type or '')} "
                        f"{end.phrase.name}")


def _not_recorded(end: End) -> Stop:
    assert end.entity is not None
    return Stop("not_in_graph", f"{end.entity.name} ({end.entity.type}) is mentioned in the documents, but no "
                                "relation of it is recorded and no sentence states the asked one")
