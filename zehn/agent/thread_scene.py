"""The scene of a conversation: the words its opening message says once for the whole thread.

A chat thread or an e-mail chain states its topic once, in its opening message ("ALERT: error budget burn on the
export API", "Subject: checkout latency regression"); the later turns carry the plan, the caution and the result
without restating it ("scaling the pool to 6 now", "don't raise the batch size for that route"). A passage of such a
later turn therefore holds the question's scene words only through the opening message, and would fall below the
coverage the binder asks of a passage (:data:`zehn.agent.sentence_binding.PASSAGE_COVERAGE`).

So, in a document that *is* a conversation (it opens with a message block, :mod:`zehn.agent.comment_blocks`, with
no prose before it, and holds more than one), the opening message's words count toward every later passage's
coverage, as a title's words count toward every section's: they decide which passages are *considered*. They do
not decide the *order*: passages are still ranked by the words they hold themselves, so a turn that says the asked
act ("executing plan: ...") comes before one that only shares the scene.
A ticket whose comments follow a description is no such document: its description, not its first comment, sets
the scene, and the description is prose before the first block.
"""

from __future__ import annotations

from dataclasses import dataclass

from zehn.agent.comment_blocks import turns
from zehn.agent.lemmas import words
from zehn.agent.retrieve import DocView
from zehn.agent.rows import DocPassage

MIN_TURNS = 2  # a conversation has an opening message and at least one reply


@dataclass(frozen=True)
class Scene:
    words: tuple[str, ...]  # the opening message's words
    end: int  # where the opening message ends (document offset)

    def of(self, passage: DocPassage) -> tuple[str, ...]:
        """The scene's words for a passage that starts after the opening message (none for the opening itself,
        whose words are its own, nor for the front matter)."""
        return self.words if passage.kind == "section" and passage.start >= self.end else ()


NO_SCENE = Scene((), 0)


def scene(view: DocView) -> Scene:
    """The opening message's words when the document is a conversation (:data:`NO_SCENE` otherwise), found once
    per document content (zehn/agent/doc_memo.py)."""
    _ = view.sentences  # _opening reads them: this turn's evidence (and the count an answer states) holds them
    return view.memo.of(_opening, view)


def _opening(view: DocView) -> Scene:
    found = turns(view)
    if len(found) < MIN_TURNS:
        return NO_SCENE
    opening = found[0]
    body = [s for s in view.sentences if s.kind == "sentence"]
    if any(s.end <= opening.start for s in body):
        return NO_SCENE  # prose before the first message (a ticket's description): that prose sets the scene
    said = " ".join(s.text for s in body if opening.own(s))
    return Scene(tuple(words(said)), opening.end) if said else NO_SCENE
