"""A typed value given as the reply to a question the document itself asks (part of stage 4, bind).

Meetings, threads and FAQs state a value in answer to a question one speaker asks: "how long do we keep the
exports?" / "thirty days for every export." The reply states the value and leaves out what it is of: the question it
answers names that. A typed ask ("how long are the exports kept") is bound by such a
reply when the document's question names the asked thing (its focus noun, and at least half of the ask's other core
terms) and the reply, read with the question's words as its frame (as a list line is read with the item it is
nested under), binds by the ordinary rules (:func:`zehn.agent.sentence_binding.bind_sentence`): a value of the asked
type, of the asked thing. The reply is the next speaker's statement (:func:`zehn.agent.extent.reply_to`).
"""

from __future__ import annotations

from spacy.tokens import Doc

from zehn.agent.extent import asks_back, reply_to, section_sentences
from zehn.agent.lemmas import lemmas_of
from zehn.agent.parses import CachedParse
from zehn.agent.question import Ask
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence
from zehn.agent.sentence_binding import TYPED, Scored, bind_sentence, core_terms
from zehn.agent.similarity import Similarity


def asks_the_ask(ask: Ask, parse: Doc, similarity: Similarity, context: tuple[str, ...]) -> bool:
    """The document's question names what the typed ask asks: its focus noun (when it has one) and at least half
    of its other core terms, one at least ("what's the default export retention?" for "what export retention did
    the vendor offer by default")."""
    if ask.answer_type not in TYPED:
        return False
    lemmas = lemmas_of(parse)
    if ask.focus_head and not similarity.matches((ask.focus_head,), lemmas):
        return False
    core = tuple(t for t in core_terms(ask, context) if t != ask.focus_head)
    held = similarity.matches(core, lemmas)
    return bool(held) and 2 * len(held) >= len(core)


def typed_reply(ask: Ask, sentence: Sentence, parse: Doc, view: DocView, scored: Scored, used: set[str],
                similarity: Similarity, context: tuple[str, ...], asked: frozenset[str], seen: tuple[str, ...],
                reparse: CachedParse) -> tuple[Sentence, tuple[str, int]] | None:
    """The reply below a question of the document that asks the typed ask, when it binds read with the question's
    words (``seen``: the words of the items or header over the question), and how it binds."""
    if not asks_back(sentence) or not asks_the_ask(ask, parse, similarity, context):
        return None
    reply = reply_to(sentence, section_sentences(view, scored.passage, used), view.passages)
    if reply is None or reply.id in used:
        return None
    bound = bind_sentence(ask, scored, reparse(reply.text), similarity, context, asked,
                          (*seen, *lemmas_of(parse)), parse_text=reparse)
    return (reply, bound) if bound is not None else None
