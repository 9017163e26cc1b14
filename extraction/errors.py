"""One exception hierarchy for every stage of ZEHN.

"Unavailable" (something we depend on is down; retrying may help) is kept apart from "Rejected" (the input or the
query is wrong; retrying will not help), so callers can map them to different statuses and UI states. Nothing here
is ever swallowed into an empty result.
"""

from __future__ import annotations


class ZehnError(Exception):
    """Root of every error ZEHN raises on purpose."""

    retriable: bool = False


class Unavailable(ZehnError):
    """A dependency (graph server, model endpoint) cannot be reached. Retriable."""

    retriable = True


class GraphUnavailable(Unavailable):
    """The FalkorDB server did not answer or dropped the connection."""


class QueryTimedOut(GraphUnavailable):
    """The server (or the socket) gave up before a query finished."""


class GraphWarmingUp(GraphUnavailable):
    """The server answers but is still loading its data or building indexes: answers now could miss rows."""


class ServerStartFailed(Unavailable):
    """The embedded FalkorDB server could not be started; the message says why."""


class ModelUnavailable(Unavailable):
    """A model did not answer: the configured LLM endpoint (in time), or the packaged embedder (see below)."""


class GraphNotIngested(ZehnError):
    """The named graph does not exist on the server: nothing has been ingested yet. Not an empty answer."""


class MissingIndex(ZehnError):
    """An index a named query relies on is absent (full-text search would silently return nothing)."""


class PolicyViolation(ZehnError):
    """A returned row crossed a forbidden predicate or exceeded the hop cap (the Python-side second guard)."""


class Rejected(ZehnError):
    """The input or the query is invalid. Not retriable."""


class InputRejected(Rejected):
    """Blank, oversized or malformed user input."""


class QueryRejected(Rejected):
    """An unknown named query, invalid parameters, or a query the database refused as malformed."""


class Unauthorized(Rejected):
    """No credentials where they are required, or credentials that are not valid (HTTP 401)."""


class Forbidden(Rejected):
    """Valid credentials that do not allow this (HTTP 403), e.g. token administration without an admin token."""


class TooLarge(Rejected):
    """A request body over the configured cap (HTTP 413), refused while it streams in."""


class RateLimited(Rejected):
    """Too many requests from one caller (HTTP 429); ``retry_after_s`` says when the window allows one again."""

    def __init__(self, message: str, retry_after_s: int) -> None:
        super().__init__(message)
        self.retry_after_s = retry_after_s


class DocumentRejected(Rejected):
    """A file that cannot be ingested: empty, binary, not UTF-8, too large, malformed front matter."""

    def __init__(self, path: str, reason: str) -> None:
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


class EmbedderUnavailable(ModelUnavailable):
    """The packaged embedding model could not be read, exported or loaded; the message says why. Retrying the same
    call does not help (a missing file or a corrupt export stays so): never an empty vector."""

    retriable = False
