"""Who is asking: callers, their API tokens (hashed at rest in the data dir) and per-caller rate limits."""

from __future__ import annotations

from zehn.access.caller import ANONYMOUS, OPERATOR, Caller
from zehn.access.tokens import TokenRecord, TokenStore

__all__ = ["ANONYMOUS", "OPERATOR", "Caller", "TokenRecord", "TokenStore"]
