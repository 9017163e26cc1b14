"""Comment headers: the line that names who wrote the comment block below it (pure: regular expressions).

Trackers, review tools, mail and chat exports name a comment's author in a handful of shapes (general
conventions, no names), with the name bold or plain, a handle with or without "@", an optional role in brackets:

- a date or timestamp, then the name: ``2026-02-20 20:41Z — Ana Ruiz``, ``[2026-02-20 10:12] Ana Ruiz: Restarted``;
- the name, then the date: ``Ana Ruiz — 2026-02-21:``, ``Ana Ruiz, 2026-02-21 09:10:``, ``**Ana Ruiz** (2026-02-21):``;
- the name and a reporting verb: ``Ana Ruiz commented:``, ``**Ana Ruiz** wrote:``, ``@ana.ruiz replied on 2026-02-21:``;
- a lead-in and the name: ``Reply from Ana Ruiz (2026-02-21):``, ``Comment by Ana Ruiz``, ``Posted by @ana.ruiz``;
- the name in bold with a colon: ``**Ana Ruiz**: Approved``;
- mail: ``From: Ana Ruiz <ana@example.com>``, and ``On 2026-02-21 10:12, Ana Ruiz wrote:``, whose quoted lines
  (``> ...``) are that person's words (:attr:`Header.quotes`);
- in a section whose heading names a conversation (:data:`THREAD_HEADINGS`), a person's name alone on its line
  (bold or plain, with a colon and a bracketed role or not: ``**Ana Ruiz (SRE):**``), when the document's own
  metadata (authors, participants, assignee ...) names that person;
- chat and meeting lines: a lowercase handle, an optional role, a colon and the message (``tove (sre): rolled
  back``), when the document's metadata names the handle (:mod:`zehn.agent.speakers`): a "note:" or "status:"
  line is a label, never a speaker.

The body may follow on the header's own line (``rest``); a bracketed role or team after the name is kept
(:attr:`Header.role`). A plain "Word Word: text" line is not a header (it is
far more often a label: "Root Cause: ..."), unless a date or bold marks it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from zehn.agent.speakers import Speaker

_PARTICLES = r"(?:(?:de|van|von|da|del|der|di|la|le|al|bin) )?"
# A name: capitalised words ("Ana Ruiz", "Bram de Vries") or a handle ("@ana.ruiz", "ana_ruiz").
NAME = (rf"(?P<name>[A-Z][\w'’.\-]*(?: {_PARTICLES}[A-Z][\w'’.\-]*){{0,3}}|@[a-z][\w.\-]{{1,30}}|"
        r"[a-z]+[._][\w.\-]{1,30})")
# With a reporting verb after it, a plain lowercase login is a name too ("ana commented:").
_LOGIN = NAME[:-1] + r"|[a-z][a-z0-9\-]{1,30})"
_DATE = r"\d{4}-\d{2}-\d{2}(?:[ T,]+\d{1,2}:\d{2}(?::\d{2})?(?:\s?(?:Z|UTC|[+-]\d{2}:?\d{2}))?)?"
STAMP = rf"\[?{_DATE}\]?"
_TIME = rf"\[?(?:{_DATE}|\d{{1,2}}:\d{{2}}(?::\d{{2}})?)\]?"
_DASH = r"\s*[—–-]{1,2}\s*"
ROLE = r"(?:\s*\((?P<role>[^)\n]{1,40})\))?"
_VERBS = r"(?:commented|wrote|replied|responded|said|posted|answered|added a comment|left a comment)"
HEADERS = (
    re.compile(rf"^{_TIME}(?:{_DASH}|\s+){NAME}{ROLE}\s*(?::\s*(?P<rest>\S.*)|:)?$"),
    re.compile(rf"^{NAME}{ROLE}(?:{_DASH}|,\s*|\s+\(?(?:on\s+)?){STAMP}\)?\s*(?::\s*(?P<rest>\S.*)|:)?$"),
    re.compile(rf"^{_LOGIN}{ROLE}\s+{_VERBS}\b[^:\n]{{0,40}}?(?::\s*(?P<rest>\S.*)|:)?$"),
    re.compile(rf"^(?:reply|comment|response|answer|update|note|message|posted) (?:from|by) {NAME}{ROLE}"
               rf"(?:\s*\(?(?:on\s+)?{STAMP}\)?)?\s*(?::\s*(?P<rest>\S.*)|:)?$", re.I),
)
# Mail: "From: Ana Ruiz <ana@x>" opens a message; "On 2026-03-02 10:12, Ana Ruiz wrote:" attributes the quoted
# lines ("> ...") under it to that person.
_FROM = re.compile(rf"^From:\s*{NAME}(?:\s*<[^>\n]+>)?$")
_ON_WROTE = re.compile(rf"^On\s+[^\n]{{3,60}}?,\s*{NAME}(?:\s*<[^>\n]+>)?\s+wrote:?$")
_BOLD = re.compile(rf"^\*\*{NAME}\*\*{ROLE}\s*(?:\({STAMP}\))?\s*:\s*(?P<rest>.*)$")
_PERSON = re.compile(rf"^[A-Z][a-z'’-]+(?: {_PARTICLES}[A-Z][a-z'’.-]*){{1,3}}$")
# A name alone on its line, with its role in brackets and a colon (bold already stripped): "Ana Ruiz (SRE):".
_ALONE = re.compile(rf"^{NAME}{ROLE}\s*:?$")
# A chat line: "tove: text", "@tove (sre): text" (a speaker only when the metadata lists the handle).
_HANDLE_LINE = re.compile(r"^@?(?P<name>[a-z][a-z0-9._\-]{1,30})(?:\s*\((?P<role>[^)\n]{1,40})\))?:\s*(?P<rest>\S.*)$")
# Heading words of a section that holds a conversation.
THREAD_HEADINGS = frozenset({"comment", "comments", "thread", "discussion", "replies", "activity", "conversation",
                             "review", "reviews", "notes", "updates", "timeline", "history"})


@dataclass(frozen=True)
class Header:
    author: str
    body_at: int  # where the body starts in the line (the line's length when the body is on the next line)
    quotes: bool = False  # the quoted lines under it are the author's ("On <date>, Ana Ruiz wrote:")
    role: str = ""  # the bracketed role or team after the name ("Ana Ruiz (SRE)": "SRE")
    chat: bool = False  # a chat line of a handle the document lists ("tove (sre): ...")


def _thread(heading: str) -> bool:
    return bool({w.strip(".:()").casefold() for w in heading.split()} & THREAD_HEADINGS)


def header(line: str, heading: str = "", people: str = "",
           speakers: dict[str, Speaker] | None = None) -> Header | None:
    """The author a comment header line names, or None when the line is not a header. ``people``: the text of the
    document's metadata lines, where a name alone on a line must stand to be read as a header; ``speakers``: the
    handles the metadata names (:func:`zehn.agent.speakers.roster`), the only ones a chat line is spoken by."""
    text = line.strip().strip("#").strip()
    chat = _HANDLE_LINE.match(text)
    if chat is not None and speakers and chat["name"] in speakers:
        speaker = speakers[chat["name"]]
        return Header(speaker.name, _body_at(line, chat["rest"]), role=(chat["role"] or speaker.team).strip(),
                      chat=True)
    bold = _BOLD.match(text)
    if bold is not None:
        return Header(bold.group("name").lstrip("@"), _body_at(line, bold.group("rest")), role=_role(bold))
    plain = text.replace("**", "").replace("__", "")
    mail = _ON_WROTE.match(plain) or _FROM.match(plain)
    if mail is not None:
        return Header(mail.group("name").lstrip("@"), len(line), quotes=mail.re is _ON_WROTE)
    for pattern in HEADERS:
        m = pattern.match(plain)
        if m is not None:
            return Header(m.group("name").lstrip("@").strip(), _body_at(line, m.group("rest")), role=_role(m))
    alone = _ALONE.match(plain)  # "Ana Ruiz:", "**Ana Ruiz (SRE):**" alone on its line: the turn is below it
    name = alone.group("name") if alone is not None else ""
    if alone is not None and _thread(heading) and _PERSON.match(name) and name.casefold() in people.casefold():
        return Header(name, len(line), role=_role(alone))
    return None


def _role(m: re.Match[str]) -> str:
    return (m.groupdict().get("role") or "").strip()


def _body_at(line: str, rest: str | None) -> int:
    return line.find(rest) if rest else len(line)
