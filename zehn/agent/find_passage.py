"""Stages 2-4 of :mod:`zehn.agent.bind_passages` for one ask in one document: the passage, the sentence, the extent.

Passages are scored for the ask (:mod:`zehn.agent.passage_scores`); in the best :data:`TOP_PASSAGES` of them (in
every one for a typed ask, and in every section that names the ask's role) each sentence is bound or not
(:mod:`zehn.agent.sentence_binding`); the best bound sentence wins, and the answer is it with its extent
(:mod:`zehn.agent.extent`), in the word budget the caller gives; what the extent leaves of it goes to the ask's
bound lines in other sections or turns, as near as the best (:mod:`zehn.agent.restated`: a summary and its
detail). Split from ``bind_passages`` so that module keeps the per-document and per-question order and this one the
reading of a document for one ask.
"""

from __future__ import annotations

from spacy.lang.en.stop_words import STOP_WORDS
from spacy.tokens import Doc

from zehn.agent.act_headings import act_sections
from zehn.agent.asked_quality import unheld_quality
from zehn.agent.bound import Finding
from zehn.agent.chat_lines import asks_done, line_weight, planned
from zehn.agent.extent import (
    about_ask,
    asks_back,
    asks_whether,
    asks_why,
    denies,
    extent,
    reply_to,
    section_line,
    section_sentences,
    taken_up,
)
from zehn.agent.focus import KIND_WORDS, labelled_with, reads_sections, roles_for
from zehn.agent.front_matter import metadata_asked
from zehn.agent.horizons import line_of, of_horizon, on_horizon
from zehn.agent.kind_headings import names_listed_kind
from zehn.agent.lemmas import LIGHT_VERBS, words
from zehn.agent.list_items import continued, frame, same_item
from zehn.agent.parses import CachedParse, Parses
from zehn.agent.passage_scores import score_passages
from zehn.agent.past_acts import states_owed
from zehn.agent.question import Ask
from zehn.agent.restated import restated
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.sentence_binding import (
    PASSAGE_COVERAGE,
    TYPED,
    Scored,
    bind_sentence,
    core_terms,
    prefetch_synonyms,
)
from zehn.agent.sentence_checks import (
    agent_of,
    headed_by_focus,
    label_states,
    labelled_by_core,
    labelled_by_focus,
)
from zehn.agent.sentence_looks import worth_parsing
from zehn.agent.similarity import Similarity
from zehn.agent.table_rows import header_of
from zehn.agent.thread_scene import scene
from zehn.agent.turn_speakers import speaker_of
from zehn.agent.verdict_sections import verdict_sections
from zehn.answers.model import Grade

NAMED_BUDGET = 60  # cited words for an ask whose answer is a date or a number (its sentence and a neighbour)
TOP_PASSAGES = 5  # passages read closely per ask (every passage for a typed ask)
_NAMES = frozenset({"agent", "system", "identifier"})  # answered by their own line: a neighbour names others
ALIKE = 0.05  # other lines of the best passage within this of the best line answer too
CONTEXT_BUDGET = 90  # words of the section around a named answer, cited as its context (not as the answer)
# A qualifier of the ask (a word of its clause that is neither its core nor a kind word: "the ticket *to fix the
# reconnect*") counts half a core term when bound sentences are ranked: it says which one, not whether one answers.
QUALIFIER_WEIGHT = 0.05
# A line labelled, or a section headed, with the asked thing's name ranks above every sentence merely scored.
LABEL_RANK = 2.0


def _headed(ask: Ask, scored_all: list[Scored], view: DocView, used: set[str]
            ) -> list[tuple[float, Sentence, list[Sentence], Scored, str]]:
    """The first line of a section headed with the asked thing's own name ("## Cutover schedule" for "what is the
    cutover schedule of X"), bound as a labelled line is; the extent then reads the section. Only in a document
    that holds most of the ask's terms (which X's timeline)."""
    out = []
    for s_ in scored_all:
        coverage, names = s_.document
        if s_.passage.kind != "section" or coverage < PASSAGE_COVERAGE or not names or \
                not headed_by_focus(s_.passage.heading, ask.focus):
            continue
        pool = [x for x in view.in_passage(s_.passage) if x.kind == "sentence"]
        first = next((x for x in pool if x.id not in used), None)
        if first is not None:
            out.append((LABEL_RANK + s_.score, first, pool, s_, "label"))
    return out


def _does(parse: Doc, ask: Ask) -> bool:
    """The sentence says the ask's own act: its verb, as a verb ("executing plan:", not "the execution log")."""
    return any(t.lemma_.casefold() == ask.predicate and t.pos_ in ("VERB", "AUX") for t in parse)


def find(ask: Ask, slot: int, view: DocView, parses: Parses, similarity: Similarity, budget: int,
         used: set[str], context: tuple[str, ...] = (), asked: frozenset[str] = frozenset(),
         whole: bool = False, scores: dict[Ask, list[Scored]] | None = None) -> Finding | None:
    """``scores``: the ask's passage scores kept from an earlier reading of the same document (the whole-document
    retry reads every passage again, scored as before). A document that never writes a quality the ask claims of
    the asked thing ("exactly-once" delivery) binds nothing for it (:mod:`zehn.agent.asked_quality`)."""
    if unheld_quality(ask.qualities, view.index) is not None:
        return None
    return _find(ask, slot, view, parses, similarity, budget, used, context, asked, whole, scores)


def _find(ask: Ask, slot: int, view: DocView, parses: Parses, similarity: Similarity, budget: int,
          used: set[str], context: tuple[str, ...], asked: frozenset[str], whole: bool,
          scores: dict[Ask, list[Scored]] | None) -> Finding | None:
    bound_all: list[tuple[float, Sentence, list[Sentence], Scored, str]] = []
    kept = scores if scores is not None else {}
    scored_all = kept[ask] = kept.get(ask) or score_passages(view, ask, slot, similarity, context)
    kinds = reads_sections(ask.answer_type, ask.focus_head, ask.predicate, ask.needed)
    # A name, a date or a number is judged by its filler: every passage may hold it (a long chat log has many);
    # a cause or a fix is read in the best passages and in every section that names it (then, ``whole``, in all).
    roles = roles_for(ask.answer_type, ask.focus_head, ask.predicate, ask.needed)
    labelled = {s.passage.id for s in scored_all if kinds and labelled_with(s.passage, roles)}
    # So is every turn of a conversation: its turns do not restate the scene, so the passage the vectors rank first
    # is often the one that repeats the scene's words (a status update), not the one that does the asked act.
    every = whole or ask.answer_type in TYPED or bool(scene(view).words)
    # In a conversation the vectors rank the turns that repeat the scene first; the turn that does the asked act
    # ("executing plan: ...", for "which mitigations were executed") says it in its own verb: it comes first.
    acting = bool(scene(view).words) and bool(ask.predicate) and ask.predicate not in LIGHT_VERBS
    done = asks_done(ask)
    # The front matter is read wherever it ranks when one of its keys names what is asked ("changed_areas").
    read = [s for n, s in enumerate(scored_all)
            if every or n < TOP_PASSAGES or (kinds and s.role >= 1.0) or s.passage.id in labelled or (
                s.passage.kind == "metadata" and any(metadata_asked(x, ask, similarity)
                                                     for x in view.in_passage(s.passage)))]
    plan: list[tuple[Scored, list[Sentence], list[Sentence]]] = []
    frames: dict[str, tuple[str, ...]] = {}

    def framed(s: Sentence) -> tuple[str, ...]:  # the words of the list items (or table header) over the sentence,
        return frames.setdefault(s.id, view.framed(scored.passage, s, lambda: tuple(  # and its turn's speaker
            words(f"{frame(scored.passage, s)}\n{header_of(scored.passage, s)}\n{speaker_of(view, s)}"))))
    qualifiers = tuple(t for t in ask.terms if t not in core_terms(ask, context) and t not in KIND_WORDS)
    for scored in read:
        section = kinds and scored.role >= 1.0
        if not (section or scored.passage.id in labelled or scored.passage.kind == "metadata" or (
                scored.coverage >= PASSAGE_COVERAGE and scored.names)):
            continue  # no sentence of a passage without the asked terms can bind: parse none of it
        pool = [s for s in view.in_passage(scored.passage)
                if s.kind == "sentence" or metadata_asked(s, ask, similarity)]
        candidates = [s for s in pool if s.id not in used and (
            section or worth_parsing(ask, s, scored.passage.heading, similarity, context, framed(s)))]
        lines = section_line(ask, of_horizon(ask.focus, candidates, view.passages), scored.passage.heading,
                             similarity) if section else candidates
        plan.append((scored, pool, lines))
    docs = parses.of(c for _, _, candidates in plan for c in candidates)  # one parse for the whole ask
    reparse = CachedParse(parses.cache)  # a line read beside a candidate (after an "instead of" choice)
    prefetch_synonyms(ask, docs.values(), similarity)  # one embedding call for the whole ask
    for scored, pool, candidates in plan:
        for sentence in candidates:
            seen = frames.get(sentence.id, ())
            bound = _bind_line(ask, scored, sentence, docs[sentence.id], similarity, context, asked, seen, reparse)
            if bound is None:  # "X failed again. Ana, what happened?": the reply states why
                if reply := _reply_instead(ask, sentence, docs[sentence.id], view, scored, used, similarity, context):
                    bound_all.append((1.0 + scored.score, reply, pool, scored, "reply"))
                continue
            how, hits = bound
            about = len(similarity.matches(context, words(sentence.text))) if context else 0
            which = len(similarity.matches(qualifiers, [*words(sentence.text), *seen])) if qualifiers else 0
            # A name bound to the asked verb in the parse, or filling a label that names the relation, comes first.
            doer = float(ask.answer_type == "agent" and (agent_of(docs[sentence.id], ask.predicate) or
                                                         label_states(sentence.text, ask)))
            # A section that names the asked kind ("Root cause") outranks a cause-like sentence elsewhere.
            first = doer + float(how in ("section", "label")) + float(acting and _does(docs[sentence.id], ask))
            # Planned work ("Ines: Longer-term: add a test", a to-do "- Reproduce it in staging") is not what was done
            # ("how was X fixed", "who reproduced X"): it ranks last.
            first -= float(done and (planned(line_of(view.passages, sentence)) or
                                     states_owed(docs[sentence.id], ask.predicate)))
            answered = _answered_below(sentence, how, view, scored, used)
            if answered is None:
                continue
            sentence, how = answered
            bound_all.append((first + scored.score + 0.1 * hits + 0.1 * about + QUALIFIER_WEIGHT * which, sentence,
                              pool, scored, how))
            if how in ("section", "reply") and kinds and scored.role >= 1.0:
                break  # a section is bound by its first line that binds (:func:`section_line`)
    if ask.answer_type in ("description", "items"):  # a line labelled with the asked thing ("Rollout plan: ...")
        bound_all += _labelled_lines(ask, scored_all, view, used)
        bound_all += _headed(ask, scored_all, view, used)
    # "Why was option B rejected": its own section, "Rejected." and the reasons under it (:mod:`verdict_sections`).
    bound_all += [(LABEL_RANK + s_.score, x, pool, s_, "label")
                  for x, pool, s_ in verdict_sections(ask, scored_all, view, used, similarity)]
    # "How do you reproduce X": the first line of the section headed with the act ("Steps to reproduce").
    bound_all += [(LABEL_RANK + s_.score, x, pool, s_, "label")
                  for x, pool, s_ in act_sections(ask, scored_all, view, used, similarity)]
    if not bound_all:
        return None
    return _finding(ask, bound_all, scored_all, view, used, budget, context, asked, similarity)


def _labelled_lines(ask: Ask, scored_all: list[Scored], view: DocView,
                    used: set[str]) -> list[tuple[float, Sentence, list[Sentence], Scored, str]]:
    """Every unused line whose label names the asked thing ("Rollout plan: ..."), ranked as a labelled line; one
    whose label names it in the ask's core terms (:func:`labelled_by_core`) only in a document that holds most of
    the ask's terms and its names (which prospect's evidence package), as :func:`_headed` reads a section."""
    return [(LABEL_RANK + s_.score, x, [y for y in view.in_passage(s_.passage) if y.kind == "sentence"], s_, "label")
            for s_ in scored_all for x in view.in_passage(s_.passage)
            if x.kind == "sentence" and x.id not in used and (labelled_by_focus(x.text, ask.focus) or (
                s_.document[0] >= PASSAGE_COVERAGE and s_.document[1] and
                labelled_by_core(x.text, ask, view.info.title)))]


def _bind_line(ask: Ask, scored: Scored, sentence: Sentence, parse: Doc, similarity: Similarity,
               context: tuple[str, ...], asked: frozenset[str], seen: tuple[str, ...],
               reparse: CachedParse) -> tuple[str, int] | None:
    """How the line binds (:func:`bind_sentence`), or as a labelled line when its heading names the listed kind."""
    bound = bind_sentence(ask, scored, parse, similarity, context, asked, seen, parse_text=reparse)
    if bound is None and scored.coverage >= PASSAGE_COVERAGE and scored.names and \
            names_listed_kind(ask, sentence, scored.passage.heading):
        bound = ("label", 1)  # "## Event names" / "- `svc.session.open`": the heading stands in for the verb
    return bound


def _answered_below(sentence: Sentence, how: str, view: DocView, scored: Scored,
                    used: set[str]) -> tuple[Sentence, str] | None:
    """A line the document asks is answered by the reply below it (None when there is none); others stand."""
    if not asks_back(sentence):
        return sentence, how
    reply = reply_to(sentence, section_sentences(view, scored.passage, used), view.passages)
    return None if reply is None else (reply, "reply")


def _reply_instead(ask: Ask, sentence: Sentence, parse: Doc, view: DocView, scored: Scored, used: set[str],
                   similarity: Similarity, context: tuple[str, ...]) -> Sentence | None:
    """For a cause, the reply to an unbound line that asks it: "X failed again. Ana, what happened?" / "Q: Why X?"."""
    if ask.answer_type == "cause" and (reply := taken_up(ask, sentence, parse, view, scored, used, similarity,
                                                         context)):
        return reply
    # "Why isn't X ...": a question whether X the reply denies ("Are we moving to X?" / "Not yet. ...")
    why = asks_why(ask, sentence, similarity)
    if ask.answer_type == "cause" and (why or asks_whether(ask, sentence, similarity)) and (reply := reply_to(
            sentence, section_sentences(view, scored.passage, used), view.passages)) and (why or denies(reply)):
        return reply
    return None


def _finding(ask: Ask, bound_all: list[tuple[float, Sentence, list[Sentence], Scored, str]],
             scored_all: list[Scored], view: DocView, used: set[str], budget: int, context: tuple[str, ...],
             asked: frozenset[str], similarity: Similarity) -> Finding:
    """The best bound line and the extent cited with it: its alike lines, its sections, or its own block."""
    # "Which events": a line naming one under a heading about events ranks as a labelled line (:mod:`kind_headings`).
    bound_all = [(b[0] + LABEL_RANK * names_listed_kind(ask, b[1], b[3].passage.heading), *b[1:]) for b in bound_all]
    rank, sentence, pool, scored, how = max(bound_all, key=lambda b: (b[0], -b[1].start))
    grade: Grade = "source_backed" if how in ("filler", "label") else "inferred"
    if ask.answer_type in _NAMES:  # every line of that passage that answers as well ("X: Approved." "Y: Approved.")
        alike = tuple(sorted((b[1] for b in bound_all if b[3] is scored and b[0] >= rank - ALIKE),
                             key=lambda s_: s_.start))
        taken = {x.id for x in alike}
        near = [x for x in section_sentences(view, scored.passage, used) if x.id not in taken or x.id == sentence.id]
        near = continued(sentence, near, view.passages, view.sentences, used)
        around = extent(sentence, near, min(budget, CONTEXT_BUDGET), same_item(scored.passage, sentence, near))
        framing = tuple(x for x in around if x.id not in taken)
        return Finding(ask, alike, "source_backed" if how == "filler" else "inferred", (f"bound_by:{how}",),
                       scored.passage.heading, sentence, framing)
    elif how == "section":  # every section of that role, in document order ("resolution", "resolution_notes")
        named = [s_.passage for s_ in scored_all if s_.role >= 1.0]  # as scored: the asked act's section
        pool_all = sorted({x.id: x for p in named for x in section_sentences(view, p, used)}.values(),
                          key=lambda x: x.start)
        pool_all = on_horizon(ask.focus, view.passages, sentence, pool_all)
        chosen = extent(sentence, pool_all, budget, None, view.passages)
    else:
        share = min(budget, NAMED_BUDGET) if ask.answer_type in TYPED else budget
        terms = (*core_terms(ask, context), *ask.names) or ask.terms
        content = frozenset(w for w in asked if w not in STOP_WORDS and any(c.isalpha() for c in w))
        on_ask = about_ask(terms, view, similarity)

        weight = line_weight(ask, content, similarity)

        def carries(x: Sentence) -> int:
            return weight(x.text, line_of(view.passages, x))

        def extend(line: Sentence, where: Scored, words_left: int, taken: set[str]) -> tuple[Sentence, ...]:
            near = on_horizon(ask.focus, view.passages, line, continued(
                line, [x for x in section_sentences(view, where.passage, used) if x.id not in taken or x.id == line.id],
                view.passages, view.sentences, used))
            return extent(line, near, words_left, same_item(where.passage, line, near), view.passages, on_ask, carries)
        chosen = restated(extend(sentence, scored, share, set()), (rank, sentence, pool, scored, how), bound_all,
                          share, extend, view.passages)
    return Finding(ask, chosen, grade, (f"bound_by:{how}",), scored.passage.heading, sentence)  # all of it answers
