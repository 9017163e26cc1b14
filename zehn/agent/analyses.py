"""Stage 1's analyses kept by question text for the life of the answering service.

:func:`zehn.agent.analyse.analyse` depends on the question's text and the process's pipeline alone (no graph read,
no scope), and its parse (a spaCy pass, ~8-10 ms of CPU on the bench machine, most of the stage and about a fifth of
a warm answer's own work) is the one parse of a turn the sentence :class:`zehn.agent.parses.ParseCache` does not
keep (it is parsed without the entity recogniser, so it is not the parse that cache holds for the same text). A
question asked again (a user retrying, a shared link, the same question from another user, a bench round) reads
its analysis from here. The analysis is frozen and no stage changes its parse (the one thing written to a parse is
its lemma tuple, :func:`zehn.agent.lemmas.lemmas_of`, the same value on every read), so sharing one between turns
and threads is as safe as sharing a sentence's cached parse.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from zehn.agent.question import Analysis

# Distinct questions kept: a parsed question holds ~10-30 kB, so ~10-30 MB when full. A service answers far fewer
# distinct questions between restarts than this on any corpus we have measured.
ANALYSES_KEPT = 1024


def kept(analyse: Callable[[str], Analysis], size: int = ANALYSES_KEPT) -> Callable[[str], Analysis]:
    """``analyse`` with the analyses of the last ``size`` distinct questions kept (the standard library's LRU, safe
    to share between answering threads: two threads asking one new question at once may both analyse it, and get
    equal analyses)."""
    return functools.lru_cache(maxsize=size)(analyse)
