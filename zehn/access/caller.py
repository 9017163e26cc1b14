"""A caller: who a request (or a command) reads and writes as.

``name`` is the token's name (the user: history is kept per name, ``user:<name>`` is in its scope), ``groups`` and
``admin`` come from the token. A request without a token is :data:`ANONYMOUS` (reads what everyone may read; only
allowed on loopback); the local CLI is :data:`OPERATOR` (whoever can run it can read the data dir anyway).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from extraction.access import Scope


@dataclass(frozen=True)
class Caller:
    name: str
    groups: tuple[str, ...] = ()
    admin: bool = False
    token_id: str | None = None  # None: no token was presented

    @property
    def authenticated(self) -> bool:
        return self.token_id is not None

    @property
    def scope(self) -> Scope:
        """The access tokens this caller holds (extraction/access.py): everyone, its groups, itself, admin."""
        return Scope.of(self.name if self.authenticated else None, self.groups, self.admin)

    @property
    def history_owner(self) -> str:
        """Whose history an answer joins: the token's name; every caller without a token shares 'anonymous', the
        local CLI's answers are 'operator''s (token names cannot take either: zehn.access.tokens.RESERVED)."""
        return self.name


ANONYMOUS_NAME = "anonymous"
ANONYMOUS = Caller(ANONYMOUS_NAME)
OPERATOR = Caller("operator", admin=True)
CALLER_KEY = "zehn_caller"  # where the guard leaves the caller in an ASGI request's state


def caller_of(state: Mapping[str, Any] | None) -> Caller:
    """The caller the guard admitted (anonymous when no guard ran, e.g. a handler called directly)."""
    caller = (state or {}).get(CALLER_KEY)
    return caller if isinstance(caller, Caller) else ANONYMOUS
