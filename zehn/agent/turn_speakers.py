"""Who speaks a line of a conversation, lent to every line of the turn (part of stage 4, bind).

A thread, a chat export or a meeting transcript names the speaker once, at the head of the turn ("2026-01-04 10:12 -
Ana Ruiz (Security): Please hold the rollout.", or "**Ana Ruiz (Security):**" on a line of its own), and the turn's
further sentences and lines leave the speaker to that header ("We need a signed decision first."). A question that
names the speaker ("what did Security insist on") is answered by such a line as much as by the header's own: the
header's name and role are read with the line, as a heading's words are read with the lines under it. The turns are
the comment blocks of :mod:`zehn.agent.comment_blocks` (its header shapes, its quoted lines left out: a quote is
another speaker's words).
"""

from __future__ import annotations

from zehn.agent.comment_blocks import turns
from zehn.agent.retrieve import DocView
from zehn.agent.rows import Sentence


def speaker_of(view: DocView, sentence: Sentence) -> str:
    """The name and role of the speaker whose turn holds the sentence ("Ana Ruiz Security"), or ""."""
    block = next((b for b in turns(view) if b.own(sentence)), None)
    return f"{block.author} {block.role}".strip() if block is not None else ""
