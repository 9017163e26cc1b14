"""Names written as addresses: a host or an API route in parentheses after what it names, and the bare "#N" that
continues a list of repository references.

Enterprise prose gives the address of what it talks about in brackets: "the mobile app talks to a second host
(files-gw.example.net)", "the export routes (/v3/export)". The bracketed address is that thing's own name
(a Component), so a relation of the phrase before it is a relation of the address. Only in brackets right after a
word (not a path in a sentence of its own, not a URL), and only when it looks like one: a host of two dots or a
hyphen whose last label is no file ending ("results.json"), after a noun of an address or a system; a route with
an API version segment ("/v2/...") or after a noun of routes ("the routes (/search, /suggest)").

A code host's reference list writes the repository once: "(see: tooling#512, #515)" - the bare "#515" is the
same repository's issue (a Ticket). A "#N" anywhere else is a count, a rank or a step, never named.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from extraction.vocabulary import FILE_AND_DOMAIN_ENDINGS, SYSTEM_NOUNS

# Endings of a host name (the rest of FILE_AND_DOMAIN_ENDINGS end file names).
_HOST_ENDINGS = frozenset({"com", "org", "net", "io", "ai", "dev", "co", "uk", "de", "internal", "local"})
_FILE_ENDINGS = FILE_AND_DOMAIN_ENDINGS - _HOST_ENDINGS
_HOST = re.compile(r"[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*){1,5}(?::\d{2,5})?")
_ROUTE = re.compile(r"/[a-z][\w{}:.-]*(?:/[\w{}:.-]+)*")
_ROUTE_NOUNS = frozenset({"route", "routes", "endpoint", "endpoints", "path", "paths", "api", "apis"})
# Nouns whose address a bracket may give: an address noun or a noun of a system ("the gateway (gw.prod.internal)");
# "the runbook (docs.example.com)" gives a page's address, no system's.
_HOST_NOUNS = frozenset({"host", "hosts", "hostname", "domain", "server", "address", "origin", "upstream"})
_VERSION_SEGMENT = re.compile(r"/(?:v\d+|api)(?:/|$)")
# "(a, b)" or "(a)": the addresses a bracket right after a word holds.
_BRACKET = re.compile(r"(?<=\w) \((?P<inner>[^()\s][^()\n]{0,200})\)")
_ITEM = re.compile(r"\s*(?:,\s*|\s+and\s+)?(?P<name>\S+?)(?=\s*(?:,|\band\b|$))")


def _host(name: str, noun: str) -> bool:
    bare = name.split(":")[0]
    labels = bare.split(".")
    return ((noun in _HOST_NOUNS or noun in SYSTEM_NOUNS) and _HOST.fullmatch(name) is not None
            and labels[-1] not in _FILE_ENDINGS and all(len(label) >= 2 for label in labels)
            and (len(labels) >= 3 or "-" in bare))


def _route(name: str, noun: str) -> bool:
    return _ROUTE.fullmatch(name) is not None and (noun in _ROUTE_NOUNS or _VERSION_SEGMENT.match(name) is not None)


def bracketed_addresses(text: str) -> Iterator[tuple[int, int]]:
    """Spans of hosts and API routes named in brackets right after a word."""
    for m in _BRACKET.finditer(text):
        if "://" in m.group("inner") or "@" in m.group("inner"):
            continue
        noun = text[: m.start()].rsplit(None, 1)[-1].casefold() if text[: m.start()].strip() else ""
        base = m.start("inner")
        for item in _ITEM.finditer(m.group("inner")):
            name = item.group("name")
            if _host(name, noun) or _route(name, noun):
                yield base + item.start("name"), base + item.end("name")


_REPO_LIST_TAIL = re.compile(r"(?:,\s*|\s+and\s+)#(\d{1,7})(?![\w-])")


def continued_references(text: str, end: int) -> Iterator[tuple[int, int]]:
    """The bare "#N" items that follow a repository reference ending at ``end``: "tooling#512, #515 and #519"."""
    at = end
    while (m := _REPO_LIST_TAIL.match(text, at)) is not None:
        yield m.start(1) - 1, m.end(1)
        at = m.end()
