"""A name written with separators is held by the same parts however a text joins them.

A question writes "kv-cache" or "suppressed-pages" for a document's "KV cache", "kv_cache" or "suppressed pages":
the hyphen is the question writer's, not the document's. Anchors are already matched this way
(:meth:`zehn.agent.text_index.TextIndex.mentions`); this is the same rule for the names an ask needs in a passage
(:func:`zehn.agent.sentence_binding.cover`) and for the reason a document does not state an ask. The parts must
stand next to each other, in order (a last part in the plural counts: a question names "pages" where a document
says "page"), or be written as one word ("kvcache").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from zehn.agent.lexical import singular

_SEPARATORS = re.compile(r"[-_./#]+")


def parts(name: str) -> tuple[str, ...]:
    """The words of a name written with separators ("kv-cache" -> kv, cache); one part for a plain word."""
    return tuple(p for p in _SEPARATORS.split(name.casefold()) if p)


def _same(asked: str, said: str) -> bool:
    return asked == said or singular(asked) == singular(said)  # plurals folded as the document ranking folds them


def compound_held(name: str, words: Sequence[str]) -> bool:
    """Whether ``words`` (lowercase words of a text, in order) hold the parts of ``name`` next to each other, or as
    one word; a plain word (no separator) is never held this way (it is matched as a word)."""
    wanted = parts(name)
    if len(wanted) < 2:
        return False
    split = [p for w in words for p in _SEPARATORS.split(w) if p]
    joined = "".join(wanted)
    if any(_same(joined, w) for w in split):
        return True
    last = len(split) - len(wanted)
    return any(all(_same(a, split[i + k]) for k, a in enumerate(wanted))
               for i in range(last + 1) if _same(wanted[0], split[i]))
