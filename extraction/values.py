"""The values of a labelled line, split into entities: "Owners: Dana Ruiz (primary), Li Wei" -> two people.

A value list is split at commas, semicolons, " / ", " + ", "&" and "and" outside parentheses; a parenthetical after
an item ("(primary)", "(in-cluster)") is a note, not part of the name. An item is an entity when one mention the
extractor already found covers it (a word or two of description beside it are allowed: "GitLab self-hosted"), or
when the label says what its values are (an owner is a person or a team) and the item is shaped like such a name.
A value that reads as prose ("now rejects malformed rows before the invoice-store write") is not a list: nothing
is read from it here (the sentence rules read prose). URLs that name a ticket, pull request or page (a wiki or drive
page, a dashboard, an incident record, a chat thread, a repository) are entities, a pull request's written without
its scheme too.
"""

from __future__ import annotations

import re
from dataclasses import replace
from urllib.parse import urlparse

from extraction import entity_rules as R
from extraction.addresses import bracketed_addresses
from extraction.extraction_types import Mention
from extraction.people import People
from extraction.vocabulary import GENERIC_WORDS, GROUP_NOUNS, TECHNOLOGIES

_SPLIT = re.compile(r"\s*(?:[,;]|\s/\s|\s\+\s|\band\b)\s*")
_PAREN = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
# A backslash is never part of a URL (RFC 3986): it stops one, as in an exported text's written-out "\\n".
# A repository's address is written with a scheme of its own (git://, ssh://). A pull request's address is often
# written without "https://" ("github.example.com/org/repo/pull/12"): a host, a path, then a pull or issue number.
_REPO_SCHEMES = frozenset({"git", "ssh", "git+ssh"})
# A tool's own link scheme ("slack://channel/thread", "drive://shared_drives/...", "jira://project/KEY-1-slug") opens
# a page, thread or ticket of that tool the way its https address does: the scheme says which tool, not the host.
_TOOL_SCHEMES = frozenset({"confluence", "slack", "drive", "gdrive", "notion", "linear", "jira"})
# Longest first, so that "git+ssh" is tried before "git".
_SCHEMES = "|".join(map(re.escape, sorted({"http", "https"} | _REPO_SCHEMES | _TOOL_SCHEMES, key=len, reverse=True)))
_URL = re.compile(rf"(?:{_SCHEMES})://[^\s<>\"'`)\]\\]+"
                  r"|(?<![\w/.@:-])(?:[a-z0-9-]+\.)+[a-z]{2,}/[^\s<>\"'`)\]\\]*?/(?:pull|pulls|merge_requests|issues)/\d+")
_PERSON = re.compile(r"^[A-Z][\w'’\-]+(?: [A-Z][\w'’.\-]*){1,2}$")
# A chat or code-host handle of a group, not a person: "@payments-team", "@sre_squad".
_GROUP_HANDLE = re.compile(r"^@[a-z0-9][\w.\-]*[-_.](?:team|squad|group|crew|guild)$", re.I)
_TITLE = re.compile(r"^[A-Z][\w&'’.\-]*(?: [A-Z][\w&'’.\-]*| of| and| for){0,4}$")
_KEY = re.compile(r"[A-Z][A-Z0-9]{1,9}-\d{1,7}")
_IDENT = re.compile(r"^[A-Za-z][\w.\-]*[\w]$")
_VERBISH = re.compile(r"\b(?:is|are|was|were|be|been|has|have|had|will|should|must|can|could|would|did|does|"
                      r"added|removed|changed|fixed|updated|failed|caused|using|uses|use|to|the|a|an|when|if)\b",
                      re.I)
# Hosts whose pages a document links to: wikis and drives, and the dashboards, incident records and chat threads of
# the common operations tools (a dashboard or a thread is a page one can name and open).
_PAGE_HOSTS = ("confluence", "wiki", "drive", "docs", "notion", "sharepoint", "grafana", "dashboard", "pagerduty",
               "slack")
# Short host labels of build and incident tools, matched as a whole label ("ci.internal", "incident.corp"): a run or
# an incident record is a page one opens. Whole labels only: "ci" inside a longer word is no host of that tool.
_PAGE_HOST_LABELS = frozenset({"ci", "jenkins", "buildkite", "incident", "incidents"})
# A tracker's link names its ticket by the key that opens a path part, a slug after it ("SUP-12-login-fails").
_KEY_SLUG = re.compile(r"([A-Z][A-Z0-9]{1,9}-\d{1,7})(?:-|$)")
_TRACKER_SCHEMES = _TOOL_SCHEMES & {"jira", "linear"}
# How web tools lay out their addresses, whatever the host: a wiki's page lives under a "wiki" path part (hosted
# trackers and code hosts: ".../wiki/spaces/OPS/pages/...", ".../repo/wiki/Page"), and a tracker or incident tool
# keeps each record under a collection part followed by the record's id (".../incidents/PD-INC-12",
# ".../tickets/4321"); a host named for the collection ("https://issues/KEY-1") is that collection.
_WIKI_PARTS = frozenset({"wiki", "wikis"})
_RECORD_PARTS = frozenset({"incidents", "incident", "issues", "tickets", "ticket"})
_RECORD_ID = re.compile(r"(?:[A-Z][A-Z0-9]{0,9}-)+\d{1,9}|\d{1,12}")
MAX_EXTRA_WORDS = 2
# A value that says what kind of thing it is before the name it goes by, as catalogue fields write it: "a bucket named
# X", "the queue called Y". The name after "named"/"called" is the value; the kind words are not.
_NAMED = re.compile(r"[*_`]*(?:an?|the)[ \t]+(?:[\w\-]+[ \t]+){1,3}?(?:named|called)[ \t]+")
_LEADS = frozenset({"with", "by", "from", "to", "for", "via", "cc", "ping", "ask", "and", "or", "than"})
MAX_ITEM_WORDS = 6
# Plural nouns of parties: after a name they head the phrase, and the name only says whose or which ("Acme users",
# "beta-program orgs", "CLI customers" are people or companies standing to the name, not the name itself).
_PARTIES = frozenset({"customers", "users", "orgs", "organizations", "organisations", "tenants", "accounts", "clients",
                      "members", "participants", "subscribers"})


def url_mention(url: str, start: int) -> Mention | None:
    """A URL that names a ticket, a pull request or an issue (Ticket), or a wiki or drive page (Page)."""
    name = url.split("\\n")[0].rstrip(".,;:")  # a written-out line break ends the URL; a full stop ends a sentence
    end = start + len(name)
    parsed = urlparse(name if "://" in name else f"https://{name}")  # a pull request written without its scheme
    parts = [p for p in parsed.path.split("/") if p]
    tool = parsed.scheme in _TOOL_SCHEMES and name.casefold().startswith(parsed.scheme + "://")  # "Confluence: x" is no
    if not parsed.netloc and not tool:
        return None
    if parts and (parsed.scheme in _REPO_SCHEMES or parts[-1].endswith(".git")):
        return Mention(name, "Page", start, end)  # a repository's address: a page one opens, as a dashboard is
    key = next((p for p in parts if _KEY.fullmatch(p)), None)
    if "browse" in parts and key:
        return Mention(key, "Ticket", start, end)
    slug = next((m for p in (parsed.netloc, *parts) if (m := _KEY_SLUG.match(p))), None)
    if tool and parsed.scheme in _TRACKER_SCHEMES and slug:
        return Mention(slug.group(1), "Ticket", start, end)
    for marker in ("pull", "pulls", "merge_requests", "issues"):
        if marker in parts and parts.index(marker) + 1 < len(parts) and parts[parts.index(marker) + 1].isdigit():
            return Mention(name, "Ticket", start, end)
    if tool or any(w in parsed.netloc for w in _PAGE_HOSTS) or (
            _PAGE_HOST_LABELS & set(parsed.netloc.lower().split("."))) or _laid_out_page(parsed.netloc, parts):
        return Mention(name, "Page", start, end)
    return None


def _laid_out_page(netloc: str, parts: list[str]) -> bool:
    """The address's layout names a wiki page or a tracker's record (``_WIKI_PARTS``, ``_RECORD_PARTS``)."""
    if _WIKI_PARTS & {p.casefold() for p in parts[:-1]}:
        return True
    trail = [netloc.casefold(), *(p.casefold() for p in parts)]
    return any(trail[i] in _RECORD_PARTS and _RECORD_ID.fullmatch(parts[i]) is not None
               for i in range(len(parts)))


def url_mentions(text: str, start: int, end: int) -> list[Mention]:
    """Every URL of ``text[start:end]`` that names a ticket, a pull request or a page (see ``url_mention``)."""
    found = (url_mention(m.group(0), m.start()) for m in _URL.finditer(text, start, end))
    return [m for m in found if m is not None]


def _items(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """Item ranges of ``text[start:end]``, split outside parentheses and URLs."""
    masked = list(text[start:end])
    for m in list(_PAREN.finditer(text, start, end)) + list(_URL.finditer(text, start, end)):
        for i in range(m.start(), m.end()):
            masked[i - start] = "x" if m.re is _URL else " "
    out, pos = [], start
    for m in _SPLIT.finditer("".join(masked)):
        out.append((pos, start + m.start()))
        pos = start + m.end()
    out.append((pos, end))
    return [R.trim(text, s, e) for s, e in out if e > s]


def _shaped(item: str, value_type: str | None, people: People) -> str | None:
    """The type to give a bare item the label types, or None when it is not shaped like such a name."""
    folded = item.casefold()
    if value_type is None or folded in GENERIC_WORDS or folded in R.NOT_NAMES or len(item) < 2:
        return None
    if value_type == "Person":
        if item.lstrip("@") in people.handles:
            return "Person"
        if _GROUP_HANDLE.match(item):
            return "Team"
        if _PERSON.match(item) and not set(folded.split()) & R.TEAM_WORDS:
            return "Person"
        return "Team" if _TITLE.match(item) or item.isupper() else None
    if value_type in ("Team", "Customer", "Project") and _TITLE.match(item):
        return value_type
    if folded in TECHNOLOGIES:
        return "Technology"
    if value_type in ("Component", "Project") and _IDENT.match(item) and any(c in item for c in "-_."):
        return value_type
    return None


def value_mentions(text: str, start: int, end: int, mentions: list[Mention], value_type: str | None,
                   people: People) -> list[Mention]:
    """The entities of the value list ``text[start:end]``; empty when the value is prose, not a list."""
    value = text[start:end]
    if len(value.split()) > 3 * MAX_ITEM_WORDS or (len(value.split()) > MAX_ITEM_WORDS and _VERBISH.search(
            _PAREN.sub(" ", value)) and not _URL.search(value)):
        return []
    found: list[Mention] = []
    unread: list[Mention] = []  # person-shaped items nothing recognised, for `_same_kind`
    addresses = {(a + start, b + start) for a, b in bracketed_addresses(text[start:end])}
    for s, e in _items(text, start, end):
        url = _URL.search(text, s, e)
        if url is not None:
            mention = url_mention(url.group(0), url.start())
            if mention is not None:
                found.append(mention)
            continue
        cut = min((i for i in (text.find("(", s, e), text.find("[", s, e)) if i >= 0), default=e)
        addressed = [m for m in mentions if cut < m.start and m.end <= e and (m.start, m.end) in addresses]
        s, e = R.trim(text, s, cut)
        named = _NAMED.match(text, s, e)
        s = named.end() if named is not None else s  # "an S3 bucket named X": the value is the name given
        item = " ".join(text[s:e].split())
        if addressed and not any(s <= m.start and m.end <= e for m in mentions):
            found.extend(addressed)  # "the export routes (/v3/export)": the bracket names the item
            continue
        if not item or len(item.split()) > MAX_ITEM_WORDS:
            continue
        shaped = _shaped(item, value_type, people)
        inside = [m for m in mentions if s <= m.start and m.end <= e]
        if inside and not (shaped and value_type != "Person" and len(item.split()) <= 4):
            best = next((m for m in inside if m.start == s), max(inside, key=lambda m: m.end - m.start))
            extra = len(item.split()) - len(best.name.split())
            # a preposition right before the name says it is not the label's value: "review with Dana Ruiz"
            led = text[s : best.start].replace("*", " ").replace("_", " ").split()[-1:]
            # a plural of parties after the name is what the item names: "Pilot-program orgs", "CLI users"
            head = text[best.end : e].replace("*", " ").split()[:1]
            if head and head[0].casefold() in _PARTIES:
                continue
            if extra <= MAX_EXTRA_WORDS and not _VERBISH.search(item) and not (led and led[0].casefold() in _LEADS):
                found.append(best)
            continue
        if shaped is not None and not _VERBISH.search(item):
            sigil = int(shaped == "Team" and item.startswith("@"))  # "@payments-team": named without its "@"
            found.append(Mention(item[sigil:], shaped, s + sigil, e))
        elif value_type is None and not inside and _shaped(item, "Person", people) == "Person":
            unread.append(Mention(item, "Person", s, e))
    return _same_kind(found, unread, people)


def _same_kind(found: list[Mention], unread: list[Mention], people: People) -> list[Mention]:
    """ "Review: Jonas Berg, Amara Obi": the items of one list are of one kind, so a name shaped like a person's
    beside a recognised person is a person too (unrecognised, or taken for an organisation), though the label alone
    does not say its values are people."""
    if not any(m.type == "Person" for m in found):
        return found
    def person(m: Mention) -> bool:  # "Kestrel Bank" stays a company
        return _shaped(m.name, "Person", people) == "Person" and m.name.split()[-1] not in R.ORG_TAIL

    retyped = [replace(m, type="Person") if m.type == "Organization" and person(m) else m for m in found]
    return sorted([*retyped, *filter(person, unread)], key=lambda m: m.start)


# A role word (lead, head, manager) that, at the end of a label, makes the words before it the group led:
# "Payments lead: Dana Ruiz".
_GROUP_NAME = re.compile(r"^(?P<group>[A-Z][\w&\-]*(?: [A-Za-z][\w&\-]*){0,2}?)[ _\-](?:lead|leads|head|manager)$",
                         re.I)


def led_group(text: str, label: tuple[int, int]) -> Mention | None:
    """The team a "<group> lead:" label names ("Billing infra lead:", "SRE lead (IC support):"), or None when the
    words before the role only say which kind of lead ("Interim lead", "Tech lead")."""
    raw = _PAREN.sub("", text[label[0] : label[1]]).strip(" *_`")
    m = _GROUP_NAME.match(raw)
    if m is None or m.group("group")[:1].islower():
        return None
    group = m.group("group")
    if any(w.casefold() in GENERIC_WORDS or w.casefold() in R.NOT_NAMES or w.casefold() in _KINDS_OF_LEAD
           for w in group.split()):
        return None
    start = label[0] + text[label[0] : label[1]].find(group)
    return Mention(group, "Team", start, start + len(group))


# Words that say what kind of lead someone is, not which group they lead ("Tech lead", "Interim lead").
_KINDS_OF_LEAD = frozenset({"tech", "technical", "team", "project", "program", "eng", "engineering", "product",
                            "interim", "acting", "co", "primary", "secondary", "backup", "deputy", "incident", "next",
                            "steps", "overall", "workstream"})


# An owner written as a group with the people who stand for it in brackets: "Data Platform (Dana Ruiz)", "SRE (Li Wei,
# Ana Lima)". Every name in the bracket shaped as a person's makes the name before it a group, whatever the recogniser
# took it for ("Data Platform" reads as a system, "Metrics/Search" as nothing); a bracket holding anything else is a
# note ("(primary)", "(edge/networking)"). Each such item opens the value or follows a list separator.
_STOOD_FOR = re.compile(r"(?P<group>[A-Z][\w&/.\-]*(?: [A-Za-z&][\w&/.\-]*){0,4}?)[*_`]*\s*\((?P<people>[^()]+)\)")
_MEMBER = re.compile(r"(?:(?!\s+and\s)[^,&])+")  # one name, up to a comma, "&" or " and "
_SEPARATORS = frozenset({"", ",", ";", "+", "/", "and", "&"})


def stood_for(text: str, start: int, end: int, mentions: list[Mention],
              people: People) -> list[tuple[Mention, list[Mention]]]:
    """Each "Group (Person, Person)" item of the value ``text[start:end]``: the group and its people."""
    out, done = [], start
    for m in _STOOD_FOR.finditer(text, start, end):
        between, done = text[done : m.start()].strip(" \t*_`"), m.end()
        group = m.group("group")
        named = _shaped(group, "Team", people) or "/" in group or group.split()[-1].casefold() in GROUP_NOUNS
        if between not in _SEPARATORS or not named or _shaped(group, "Person", people) == "Person" or any(
                x.type == "Person" and x.start <= m.start() < x.end for x in mentions):
            continue  # inside a sentence, no group's name, or a person ("Dana Ruiz (Product lead)")
        members = [_member(text, *part.span(), mentions, people)
                   for part in _MEMBER.finditer(text, m.start("people"), m.end("people"))]
        if members and all(members):
            out.append((Mention(group, "Team", m.start("group"), m.end("group")), [p for p in members if p]))
    return out


def _member(text: str, start: int, end: int, mentions: list[Mention], people: People) -> Mention | None:
    a, b = R.trim(text, start, end)
    if text.startswith("and ", a):
        a += 4
    name = text[a:b]
    known = any(x.type == "Person" and (x.start, x.end) == (a, b) for x in mentions)
    if known or name in people.full_names or _shaped(name, "Person", people) == "Person":
        return Mention(name, "Person", a, b)
    return None
