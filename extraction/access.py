"""Who may read a document: its access list (from front matter), a reader's scope, and a graph handle bound to one.

An access list is a tuple of tokens stored on the :Document, on every RELATES edge (the union of its supporting
documents' lists) and on every entity (the union over the ready documents that mention it):

==================  ===================================================================================
token               who holds it
==================  ===================================================================================
``everyone``        every reader, with or without a token (an unmarked document carries only this)
``group:<name>``    callers whose token lists the group
``user:<name>``     the caller whose token has that name (DM participants, named readers)
``admin``           admin tokens; every restricted document carries it, so admins read everything
==================  ===================================================================================

A reader's :class:`Scope` is the set of tokens it holds; it may read a node or edge when the two share one
(``extraction.schema.visible``). Names are casefolded with whitespace collapsed, so ``Finance Team`` and
``finance team`` are one group.

What front matter means (top-level keys or keys under ``source_metadata``; ``-``, ``_`` and spaces in key names are
alike; see :func:`document_access`):

1. A *restriction marker*: ``visibility`` / ``confidentiality`` / ``classification`` / ``sensitivity`` /
   ``access_level`` with any value other than public/internal/open/everyone/all/company/general (an unknown
   classification is treated as restricted), or a private conversation (``private`` / ``is_private`` /
   ``is_im`` / ``is_mpim`` true, or ``channel_type`` / ``conversation_type`` / ``channel_visibility`` one of
   private, dm, im, mpim, direct, group_dm, private_channel).
2. *Readers*: ``acl`` / ``allowed_groups`` / ``access_groups`` / ``groups_allowed`` (group names; an item may also
   be written ``group:x`` or ``user:x``) and ``allowed_users`` / ``readers`` (user names). A list of readers
   restricts the document by itself. ``everyone`` / ``public`` / ``all`` in such a list opens it, unless a
   restriction marker says otherwise (the stricter reading wins).
3. A private conversation is readable by its ``participants`` / ``members`` as well.
4. Restricted with no reader named: admins only (``("admin",)``). Unmarked: ``("everyone",)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

EVERYONE = "everyone"
ADMIN = "admin"
SCOPE_PARAM = "scope"  # the query parameter every reader fragment uses (``$scope``)

_OPEN_VALUES = frozenset({"public", "internal", "open", "everyone", "all", "company", "company-wide", "general",
                          "unrestricted", "none"})
_MARKER_KEYS = frozenset({"visibility", "confidentiality", "classification", "sensitivity", "access_level"})
_PRIVATE_FLAGS = frozenset({"private", "is_private", "is_im", "is_mpim"})
_CONVERSATION_KEYS = frozenset({"channel_type", "conversation_type", "channel_visibility"})
_PRIVATE_CONVERSATIONS = frozenset({"private", "dm", "im", "mpim", "direct", "group_dm", "private_channel",
                                    "direct_message"})
_GROUP_KEYS = frozenset({"acl", "allowed_groups", "access_groups", "groups_allowed"})
_USER_KEYS = frozenset({"allowed_users", "readers"})
_MEMBER_KEYS = frozenset({"participants", "members"})
_TRUE = frozenset({"true", "yes", "1", "y", "on"})
_SEPARATORS = re.compile(r"[\s_-]+")


def principal_name(name: str) -> str:
    """How a group or user name is compared: casefolded, whitespace collapsed."""
    return " ".join(name.casefold().split())


def _key(name: object) -> str:
    return _SEPARATORS.sub("_", str(name).strip().casefold())


def _items(value: Any) -> list[str]:
    values = value if isinstance(value, list | tuple) else [value]
    return [str(v).strip() for v in values if v is not None and not isinstance(v, dict | list) and str(v).strip()]


def _fields(data: Mapping[str, Any]) -> dict[str, list[Any]]:
    """Every key of the front matter and of its ``source_metadata``, normalised, with all the values given."""
    found: dict[str, list[Any]] = {}
    nested = data.get("source_metadata")
    for mapping in (data, nested if isinstance(nested, Mapping) else {}):
        for key, value in mapping.items():
            if key != "source_metadata":
                found.setdefault(_key(key), []).append(value)
    return found


def _reader_token(item: str, kind: str) -> str | None:
    """``group:x`` / ``user:x`` as written, else ``kind:x``; None for an 'everyone' item."""
    low = principal_name(item)
    if low in _OPEN_VALUES:
        return None
    prefix, _, rest = low.partition(":")
    if rest and prefix in ("group", "user"):
        return f"{prefix}:{principal_name(rest)}"
    return f"{kind}:{low}"


def document_access(data: Mapping[str, Any]) -> tuple[str, ...]:
    """The access list of a document from its loaded front matter (see the module docstring for the rules)."""
    fields = _fields(data)
    values = {key: [item for value in fields.get(key, []) for item in _items(value)] for key in fields}
    marker = any(principal_name(v) not in _OPEN_VALUES for k in _MARKER_KEYS for v in values.get(k, []))
    private = any(principal_name(v) in _TRUE for k in _PRIVATE_FLAGS for v in values.get(k, [])) or any(
        _key(v) in _PRIVATE_CONVERSATIONS for k in _CONVERSATION_KEYS for v in values.get(k, []))
    readers: list[str] = []
    opened = False
    for keys, kind in ((_GROUP_KEYS, "group"), (_USER_KEYS, "user")):
        for item in (v for k in keys for v in values.get(k, [])):
            token = _reader_token(item, kind)
            opened = opened or token is None
            if token is not None:
                readers.append(token)
    if private:
        readers += [f"user:{principal_name(v)}" for k in _MEMBER_KEYS for v in values.get(k, [])]
    restricted = marker or private or (bool(readers) and not opened)
    if not restricted:
        return (EVERYONE,)
    return tuple(sorted(set(readers) | {ADMIN}))


@dataclass(frozen=True)
class Scope:
    """The tokens a reader holds. Build one with :meth:`of`; :data:`PUBLIC` and :data:`EVERYTHING` are fixed."""

    tokens: tuple[str, ...]

    @classmethod
    def of(cls, user: str | None = None, groups: Iterable[str] = (), admin: bool = False) -> Scope:
        tokens = {EVERYONE} | {f"group:{principal_name(g)}" for g in groups if principal_name(g)}
        if user and principal_name(user):
            tokens.add(f"user:{principal_name(user)}")
        if admin:
            tokens.add(ADMIN)
        return cls(tuple(sorted(tokens)))

    @property
    def admin(self) -> bool:
        return ADMIN in self.tokens

    def covers(self, access: Iterable[str]) -> bool:
        """Whether this scope may read something with the access list ``access`` (the Python twin of ``visible``)."""
        return any(token in self.tokens for token in access)


PUBLIC = Scope((EVERYONE,))
EVERYTHING = Scope((ADMIN, EVERYONE))  # the operator's own tools (evaluation, ingest reports), never a request


class ScopedGraph:
    """A graph handle that reads as one scope: every query it runs gets ``$scope`` set to the scope's tokens.

    The parameter is always overwritten here, so no caller can widen its own scope; reading through a handle is
    the only way a query learns who is asking. A plain handle is read as :data:`PUBLIC` (:func:`scoped`).
    """

    def __init__(self, graph: Any, scope: Scope) -> None:
        self.base: Any = graph.base if isinstance(graph, ScopedGraph) else graph
        self.scope = scope

    @property
    def name(self) -> str:
        return str(getattr(self.base, "name", "-"))

    def scoped_params(self, params: Mapping[str, Any] | None) -> dict[str, Any]:
        """``params`` with ``$scope`` set to this handle's scope (what every query it runs is sent)."""
        return {**(params or {}), SCOPE_PARAM: list(self.scope.tokens)}

    def ro_query(self, q: str, params: Mapping[str, Any] | None = None, timeout: int | None = None) -> Any:
        return self.base.ro_query(q, self.scoped_params(params), timeout=timeout)

    def query(self, q: str, params: Mapping[str, Any] | None = None, timeout: int | None = None) -> Any:
        return self.base.query(q, self.scoped_params(params), timeout=timeout)

    def delete(self) -> Any:
        return self.base.delete()


def scoped(graph: Any, scope: Scope | None = None) -> ScopedGraph:
    """``graph`` as a scoped handle: its own scope when it has one (unless ``scope`` is given), else PUBLIC."""
    if scope is not None:
        return ScopedGraph(graph, scope)
    return graph if isinstance(graph, ScopedGraph) else ScopedGraph(graph, PUBLIC)
