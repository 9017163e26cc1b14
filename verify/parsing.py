"""What the hop grader needs of a parser: text in, a spaCy ``Doc`` out.

A spaCy ``Language`` is one. The answering service passes a cached one instead (``zehn.agent.parses.CachedParse``),
so a sentence the turn already read, or a masked copy the grader parsed for an earlier question, is not parsed
again; verify/ itself never loads a model or reads a store.
"""

from __future__ import annotations

from collections.abc import Callable

from spacy.tokens import Doc

Parse = Callable[[str], Doc]
