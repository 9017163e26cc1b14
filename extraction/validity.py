"""Time stamps of versions, and the ``as_of`` moment readers ask about.

A stamp is a UTC instant written as ``YYYY-MM-DDTHH:MM:SS.ffffffZ``: fixed width, so comparing two stamps as
strings (which Cypher does) orders them in time. ``valid_from`` is the moment an ingest made a row current (its
commit), ``valid_to`` the moment a later ingest or a delete closed it: ZEHN records when it learned of a change,
not when the author made it (a document's own ``updated`` date may be absent or wrong).

``as_of`` accepts a date (``2026-03-05``: as things stood at the end of that day, UTC) or an ISO date-time (a
time zone is converted to UTC; none means UTC). Anything else is rejected, never guessed.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime, time

from extraction.errors import InputRejected

_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")
# A calendar date (the days each month has; 29 February in leap years only), then an optional time and offset: the
# pattern is also the API's, so every date it admits parses.
_DAY = (r"(?:[1-9]\d{3}-(?:(?:0[1-9]|1[0-2])-(?:0[1-9]|1\d|2[0-8])|(?:0[13-9]|1[0-2])-(?:29|30)|(?:0[13578]|1[02])-31)"
        r"|(?:[1-9]\d(?:0[48]|[2468][048]|[13579][26])|(?:[2468][048]|[13579][26])00)-02-29)")
AS_OF_PATTERN = (rf"^{_DAY}"
                 r"(?:[T ](?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?(?:Z|[+-](?:0\d|1[0-4]):?[0-5]\d)?)?$")
_AS_OF = re.compile(AS_OF_PATTERN)


def stamp(moment: datetime) -> str:
    """``moment`` (aware, any zone) as a fixed-width UTC stamp."""
    if moment.tzinfo is None:
        raise ValueError("stamp() needs an aware datetime")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def now_stamp() -> str:
    return stamp(datetime.now(UTC))


def parse_as_of(value: str | None) -> str:
    """The stamp readers compare with; ``None`` is now. Raises InputRejected for anything but a date or date-time."""
    if value is None:
        return now_stamp()
    text = value.strip()
    if not _AS_OF.match(text):
        raise InputRejected(f"as_of {value[:40]!r} is not a date (2026-03-05) or an ISO date-time "
                            "(2026-03-05T14:30:00Z)")
    try:
        if _DATE.match(text):
            return stamp(datetime.combine(date.fromisoformat(text), time.max, tzinfo=UTC))
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError as exc:
        raise InputRejected(f"as_of {value[:40]!r} is not a real date: {exc}") from exc
    return stamp(moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC))
