"""Who may write: the one FastAPI dependency every write endpoint declares, ``Depends(require_writer)``.

The guard (:mod:`zehn.api.guard`) has already checked any bearer token against the token store and left the caller
in the request. A read may be anonymous on loopback; a write never is: ``require_writer`` refuses a caller without
a token (401, also on loopback) and returns the :class:`~zehn.access.Caller`, whose ``name`` is recorded on what it
writes (``approved_by``). ``require_admin`` (token administration) also needs the token's admin flag (else 403).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from extraction.errors import Forbidden, Unauthorized
from zehn.access import Caller
from zehn.access.caller import caller_of

__all__ = ["Admin", "Caller", "CurrentCaller", "Writer", "current_caller", "require_admin", "require_writer"]
WRITE_NEEDS_TOKEN = ("this is a write: send a valid token as 'Authorization: Bearer <token>' (an admin creates "
                     "tokens with `zehn token create NAME`)")

# Declared on writes so the OpenAPI spec says they take a bearer token; the guard has already checked it.
_bearer = HTTPBearer(auto_error=False, description="An API token (`zehn token create NAME`).")


def current_caller(request: Request) -> Caller:
    """The caller of this request (anonymous unless it presented a valid token)."""
    return caller_of(request.scope.get("state"))


CurrentCaller = Annotated[Caller, Depends(current_caller)]


def require_writer(caller: CurrentCaller,
                   _credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]) -> Caller:
    if not caller.authenticated:
        raise Unauthorized(WRITE_NEEDS_TOKEN)
    return caller


Writer = Annotated[Caller, Depends(require_writer)]


def require_admin(caller: Writer) -> Caller:
    if not caller.admin:
        raise Forbidden(f"token {caller.name!r} is not an admin token (`zehn token create NAME --admin`)")
    return caller


Admin = Annotated[Caller, Depends(require_admin)]
