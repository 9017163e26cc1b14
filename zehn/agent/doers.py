"""Who did something, when the sentence that states the act does not name the doer as its subject (stage 4, bind).

Change logs and incident notes state an act in two common ways that leave its doer out of the subject:

- **a passive with a by-agent**: "The connection limit was raised to 800 by Ana Ruiz." The doer is named in the
  sentence, so the hop is ``source_backed`` (``passive_agent``);
- **a continuation**: "Ana Ruiz upgraded the router to 4.2. It also removed the old health endpoint." /
  "Ben reverted the purge worker. The revert stopped the duplicate requests." The act's subject is a reference word
  (:data:`zehn.agent.continuation.ANAPHORS`, or "the" / "this" and a change noun); the doer is the person who is
  the subject of the sentence right before it, in the same passage. The doer is bound by adjacency, not by the
  sentence's words, so the hop is ``inferred`` (``continues_subject``) and both sentences are cited.
- **the act's own subject**: "- Ana Ruiz runs the restore drill on Friday." (``source_backed``, ``active_subject``),
  or "I" in a transcript or chat line "Ana Ruiz: ... I'll run the restore drill." (the speaker; ``inferred``,
  ``speaker_first_person``, the line's sentences up to the act cited).

A question "who <verb> <object>" binds to the sentence that holds the asked verb (the same lemma, or a synonym)
and at least half of the asked terms, every identifier the question names (a word with a hyphen, underscore, dot,
slash or digit: "edge-router", "updated_at"; in the sentence or, for a continuation, in the one it continues),
with no negation and not asked as a question; the best such sentence of the best retrieved documents answers.
When the read documents state the act with its doer only of another named thing ("Who rolled back the X job?"
where only "the Y indexer was rolled back by Ana"), and no sentence states the act of the named thing in any
voice, the answer is "not established" (the doer of the other act is never given).
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Token

from extraction.line_shapes import SPEAKER
from verify import HopGrade
from verify.labelled import label_relation, segments
from verify.parsing import Parse
from verify.vocabulary import TYPE_NOUNS
from zehn.agent.act_phrases import same_act
from zehn.agent.bound import Bound, PathView
from zehn.agent.comment_blocks import act_negated
from zehn.agent.continuation import continues, same_passage
from zehn.agent.doc_lines import covering, lines
from zehn.agent.grading import hop, view
from zehn.agent.lemmas import LIGHT_VERBS, words
from zehn.agent.parses import Parses
from zehn.agent.question import Analysis
from zehn.agent.question_ids import holds_all, is_identifier, named_identifiers
from zehn.agent.retrieve import DocView, Views
from zehn.agent.rows import Sentence
from zehn.agent.similarity import Similarity

DOCUMENTS_READ = 3
MIN_SHARE = 0.5
MAX_GAP = 3  # characters between two adjacent sentences (a space or a line break)
_NOT_PEOPLE = frozenset({"ORG", "PRODUCT", "GPE", "FAC", "LOC", "NORP", "EVENT", "WORK_OF_ART", "LAW"})
_PERSON = re.compile(r"^[A-Z][a-z'’-]+(?: (?:(?:de|van|von|da|del|der|di|la|le|al|bin) )?[A-Z][a-z'’.-]*){1,3}$")


def _name(token: Token) -> str | None:
    """The person a noun phrase names ("Ana Ruiz", "@ana.ruiz"), or None."""
    parts = [t for t in token.subtree if t.dep_ in ("compound", "flat") or t.i == token.i]
    text = " ".join(t.text for t in parts).lstrip("@")
    if token.ent_type_ == "PERSON" or _PERSON.match(text):
        return text
    return None


def _act(parse: Doc, predicate: str, similarity: Similarity) -> Token | None:
    verbs = [t for t in parse if t.pos_ in ("VERB", "AUX") and t.lemma_.casefold() not in LIGHT_VERBS]
    return next((t for t in verbs if t.lemma_.casefold() == predicate), None) or next(
        (t for t in verbs if same_act(predicate, [t.lemma_.casefold()], similarity)), None)


def _agent(verb: Token) -> str | None:
    for by in (c for c in verb.children if c.dep_ == "agent"):
        for obj in (c for c in by.children if c.dep_ == "pobj"):
            return _name(obj)
    return None


def _subject_doer(parse: Doc) -> str | None:
    root = next((t for t in parse if t.dep_ == "ROOT"), None)
    if root is None:
        return None
    subject = next((c for c in root.children if c.dep_ == "nsubj"), None)
    return _name(subject) if subject is not None else None


def _speaker(doc_view: DocView, sentence: Sentence) -> tuple[str, tuple[Sentence, ...]] | None:
    """The person whose transcript or chat line (``Name: text``) holds the sentence, with the line's sentences up
    to it (the first names the speaker)."""
    line = next((ln for ln in lines(doc_view) if not ln.is_heading and ln.start <= sentence.start < ln.end), None)
    # A transcript or chat line's speaker ("Ana Ruiz: ...", "[10:02] Ana Ruiz: ..."), read as the extractor reads it.
    said = SPEAKER.match(_unstamped(line.text)) if line is not None else None
    if line is None or said is None or not all(w[:1].isupper() for w in said["name"].split()) or \
            not 2 <= len(said["name"].split()) <= 4:
        return None
    return said["name"], tuple(covering(doc_view, line.start, sentence.end))


def _unstamped(text: str) -> str:
    """The line without a leading time stamp in brackets ("[10:02] ")."""
    head = text.lstrip()
    return head.split("]", 1)[1] if head.startswith("[") and "]" in head else text


def _before(doc_view: DocView, sentence: Sentence) -> Sentence | None:
    lines = [s for s in doc_view.sentences if s.kind != "metadata" and s.end <= sentence.start]
    prior = max(lines, key=lambda s: s.end, default=None)
    if prior is None or sentence.start - prior.end > MAX_GAP:
        return None
    return prior if same_passage(doc_view, prior, sentence) else None


def bind_doer(analysis: Analysis, views: Views, similarity: Similarity, parses: Parses) -> Bound | None:
    """The doer of the asked act, read from a passive's by-agent or from the sentence the act continues."""
    ask = analysis.asks[0]
    if ask.answer_type != "agent" or not ask.predicate or ask.predicate in LIGHT_VERBS:
        return None
    terms = list(dict.fromkeys((ask.predicate, *ask.core)))
    named = [t for t in terms if is_identifier(t)]

    def names_all(*said: Sentence, title: str = "") -> bool:
        return len(similarity.matches(named, [w for s in said for w in words(s.text)] + words(title))) == len(named)

    target = analysis.subject.name if analysis.subject is not None else " ".join(terms[1:])
    done_to = [t for t in terms if t != ask.predicate]  # what the act was done to
    rel = analysis.rel_type or ask.predicate.upper()

    def done_to_asked(*said: Sentence, title: str = "") -> bool:
        """Every named identifier and at least half (and one) of the asked object's words (the document's title
        counts for the scene a question sets: "... for the blob archive move" in the notes of that move, "the
        cold-storage rollout plan" in the plan's RACI page)."""
        pool = [w for s in said for w in words(s.text)] + words(title)
        share = len(similarity.matches(done_to, pool))
        return names_all(*said, title=title) and share >= max(1.0, MIN_SHARE * len(done_to)) if done_to else True

    documents = views()
    found: list[tuple[int, int, PathView]] = []
    near_miss = stated = False
    asked_ids = named_identifiers(analysis.question)
    for rank, doc_view in enumerate(documents[:DOCUMENTS_READ]):
        if not holds_all(doc_view, asked_ids):
            continue  # a document about another ticket or change (question_ids)
        # A cheap look before parsing: the asked verb's lemma, or half of what it was done to (a synonym of the
        # verb is then looked for among the parsed verbs only).
        candidates = [s for s in doc_view.sentences if s.kind != "metadata" and not s.text.rstrip().endswith("?")
                      and (ask.predicate in similarity.matches([ask.predicate], words(s.text)) or
                           len(similarity.matches(done_to, words(s.text))) >= max(1.0, MIN_SHARE * len(done_to)))]
        parsed = parses.of(candidates)
        for sentence in candidates:
            parse = parsed[sentence.id]
            verb = _act(parse, ask.predicate, similarity)
            if verb is None or act_negated(parse):
                continue
            stated = stated or done_to_asked(sentence)  # the act and what it was done to, in some voice
            read = _doer_of(doc_view, sentence, verb, parses)
            if read is None:
                continue
            doer, cited, graded = read
            if not done_to_asked(*cited, title=doc_view.info.title):
                # the act, with its doer, done to something else (an act's own subject is too common a shape to
                # stand for "the documents say who did it only to something else")
                near_miss = near_miss or graded.reasons[0] not in ("active_subject", "speaker_first_person")
                continue
            score = len(similarity.matches(terms, [w for c in cited for w in words(c.text)]) | {ask.predicate})
            found.append((score, -rank, view(doer, doer, (doer, target),
                                             [hop(doer, rel, target, graded, sentence, "question")], [*cited])))
    if not found:
        labelled = any(_labels(d, rel) for d in documents[:DOCUMENTS_READ])  # "Reviewed by: A" is read there
        return Bound(reason="not established: the documents state who did that only to something else",
                     decline="relation_unstated") \
            if near_miss and not stated and not labelled else None
    best = max((f[0], f[1]) for f in found)
    return Bound(paths=tuple(f[2] for f in found if (f[0], f[1]) == best), document=documents[-best[1]].info)


def _labels(doc_view: DocView, rel: str) -> bool:
    """A labelled line of the document states the relation ("| Reviewed by | A, B |"): the line readers answer."""
    return any(label_relation(seg.label) == rel for s in doc_view.sentences for seg in segments(s.text))


def _doer_of(doc_view: DocView, sentence: Sentence, verb: Token,
             parses: Parses) -> tuple[str, tuple[Sentence, ...], HopGrade] | None:
    """(doer, cited sentences, grade): the passive's by-agent, or the subject of the sentence the act continues."""
    doer = _agent(verb)
    if doer is not None:
        return doer, (sentence,), HopGrade("source_backed", ("passive_agent",), sentence.id)
    subject = next((c for c in verb.children if c.dep_ == "nsubj"), None)
    doer = _name(subject) if subject is not None else None
    if doer is not None:  # "- Ana Ruiz runs the restore drill on Friday."
        return doer, (sentence,), HopGrade("source_backed", ("active_subject",), sentence.id)
    if subject is not None and subject.lower_ == "i":  # "Ana Ruiz: ... I'll run the restore drill."
        speaker = _speaker(doc_view, sentence)
        if speaker is not None:
            return speaker[0], speaker[1], HopGrade("inferred", ("speaker_first_person",), sentence.id)
    if not continues(sentence.text):
        return None
    prior = _before(doc_view, sentence)
    doer = _subject_doer(parses.of([prior])[prior.id]) if prior is not None else None
    if prior is None or doer is None:
        return None
    return doer, (prior, sentence), HopGrade("inferred", ("continues_subject",), sentence.id)


def person_act(question: str, nlp: Parse) -> tuple[str, str] | None:
    """(person, act lemma) of "what does / did <Person> <verb> ...": a person's name right after do-support and the
    word after it (read by word order: "own" after a name is often tagged an adjective). Capitalised words that
    end in a type noun ("Team", "Service") or that the parser names an organisation or product are no person."""
    if question[:4].casefold() != "what":
        return None  # the first token is a slice of the text: no other question needs the parse
    tokens = list(nlp(question))
    if len(tokens) < 4 or tokens[0].lower_ != "what" or tokens[1].lemma_.casefold() != "do":
        return None
    run = tokens[2:]
    name = run[:next((n for n, t in enumerate(run) if not t.text[:1].isupper()), len(run))]
    if len(name) < 2 or name[-1].i + 1 >= len(tokens) or not _PERSON.match(" ".join(t.text for t in name)):
        return None
    if name[-1].lower_ in TYPE_NOUNS or (not any(t.ent_type_ == "PERSON" for t in name) and
                                          any(t.ent_type_ in _NOT_PEOPLE for t in name)):
        return None  # "What did the Payments Team own", "What did Release Engineering approve": no person
    act = tokens[name[-1].i + 1]
    return (" ".join(t.text for t in name), act.lemma_.casefold()) if act.is_alpha else None


def unstated_act(analysis: Analysis, views: Views, similarity: Similarity, nlp: Parse) -> Bound | None:
    """"What did Ana Ruiz agree to?" when no sentence that names her holds the act (the same word or a synonym):
    she is named for something else ("Apologies: Ana Ruiz", "Ana Ruiz is the release manager"), so the passages
    have nothing she did; None when some sentence may state it (the passages decide)."""
    said = person_act(analysis.question, nlp)
    if said is None:
        return None
    person, act = said
    stem = act[:max(3, len(act) - 1)]  # "agree" -> agreed, agrees; "own" -> owns, owner
    for doc_view in views()[:DOCUMENTS_READ]:
        for sentence in doc_view.sentences:
            if person.casefold() not in sentence.text.casefold():
                continue
            pool = words(sentence.text)
            if any(w.startswith(stem) for w in pool) or similarity.synonym(act, pool):
                return None
    return Bound(reason=f"not established: no sentence that names {person} states that they {act} anything",
                 decline="relation_unstated")
