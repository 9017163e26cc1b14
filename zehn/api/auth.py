"""Who may write: the one FastAPI dependency every write endpoint declares, ``Depends(require_writer)``.

Today a single bearer token: its sha256 hex is configured as ``ZEHN_WRITE_TOKEN_SHA256`` and the presented token
is hashed and compared in constant time (``hmac.compare_digest``). No token configured: every write is refused
(403) with a message saying how to enable writes. A missing or wrong token is 401. The interface is the contract
(``require_writer -> Caller``); its internals may become per-user hashed API tokens without touching the routes.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, HTTPException
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from zehn.api.deps import Services, get_services

NOT_CONFIGURED = ("writes are disabled: no write token is configured (set ZEHN_WRITE_TOKEN_SHA256 to the sha256 "
                  "hex digest of a secret token, then send it as 'Authorization: Bearer <token>')")


@dataclass(frozen=True)
class Caller:
    """The authenticated writer; ``name`` is recorded on what they write (e.g. ``approved_by``)."""

    name: str


_bearer = HTTPBearer(auto_error=False, description="The write token (see ZEHN_WRITE_TOKEN_SHA256).")


def require_writer(services: Annotated[Services, Depends(get_services)],
                   credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)]) -> Caller:
    expected = (services.settings.write_token_sha256 or "").strip().lower()
    if not expected:
        raise HTTPException(403, NOT_CONFIGURED)
    token = credentials.credentials.strip() if credentials is not None else ""
    if not token:
        raise HTTPException(401, "this is a write: send 'Authorization: Bearer <token>'",
                            headers={"WWW-Authenticate": "Bearer"})
    presented = hashlib.sha256(token.encode("utf-8")).hexdigest()
    if not hmac.compare_digest(presented, expected):
        raise HTTPException(401, "the bearer token is not valid for writes", headers={"WWW-Authenticate": "Bearer"})
    return Caller(services.settings.write_token_holder)


Writer = Annotated[Caller, Depends(require_writer)]
