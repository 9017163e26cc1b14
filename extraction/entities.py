"""Entity mentions in one parsed chunk, with exact document offsets.

Sources, strongest first (an overlapping weaker candidate is dropped):

0. ticket keys (`OPS-412`, `SUP-231` -> Ticket; `ADR-021`, `RFC-7` -> Page), `PR #428` (Ticket), and builds and
   releases by id ("build 2026.03.18.0", "release 4.2.1" -> Component: a change that can cause or fix);
1. typed phrases (`extraction.typed_phrases`): "the Atlas team" / "team Atlas" -> Team "Atlas", "the billing
   service" -> Service, "customer Atlas" -> Customer (the type noun is the type signal and is left out of name
   and span), names after an "Owner:"-style label ("Owner: Dana Ruiz / Li Wei" -> Person), and the people the
   document's own metadata names, wherever the body writes them (`extraction.people`). An identifier keeps its own type
   before "service"/"component" ("the ledger-sync service" is the Component "ledger-sync", like every bare
   "ledger-sync" and the tracker's `components` field), so one system is one entity; "team"/"customer" still
   re-type it;
2. technical identifiers spaCy misses: lowercase hyphenated names (`rate-engine`) -> Component (`-service` ->
   Service, `eng-*`/`*-team` -> Team), CamelCase (`QuoteCache`) -> Component, Technology or Organization,
   cryptographic keys by kind ("the org signing key") -> Component.
   snake_case words and UPPER_SNAKE words are how fields, metrics, config keys and environment variables are
   written, so they are not entities (unless a system noun follows: "the kv_cache service");
3. systems named by a noun phrase with a system-noun head ("the shared retry wrapper" -> Component
   "shared retry wrapper"; `extraction.system_phrases`), and title-case names ending in one ("Triage Bot v2");
4. spaCy NER: PERSON -> Person, ORG -> Organization (Customer after "customer"/"client"), PRODUCT -> Technology;
   and a capitalised name that spells the domain of an address in the text ("Quillfeather" beside
   "help@quillfeather.io") -> Organization.

`hints` (casefolded name -> type, e.g. from the document's metadata) re-types candidates of sources 2 and 3.
Junk is filtered: pronouns, generic words, numbers/dates, bare acronyms, English hyphenated compounds
(`short-lived`, `follow-up`), regions, HTTP headers, bots, and anything inside a URL, path or e-mail address.
The span of every mention is trimmed so that `name == " ".join(text[start:end].split())`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from spacy.tokens import Doc, Span, Token

from extraction import entity_rules as R
from extraction.addresses import bracketed_addresses, continued_references
from extraction.entity_typing import (
    APPOSED_TYPES,
    affiliation,
    apposed_customer,
    code_like_org,
    domain_names,
    names_a_field,
    person_type,
    system_type,
)
from extraction.extraction_types import Mention
from extraction.people import People, find_people
from extraction.system_phrases import NOT_NAMING_MODIFIERS, system_phrases, title_case_systems
from extraction.typed_phrases import typed_phrases
from extraction.vocabulary import EVERYDAY_TECHNOLOGIES, GENERIC_WORDS, TECHNOLOGIES


@dataclass(frozen=True)
class _Cand:
    start: int
    end: int
    type: str
    priority: int


def _labelled_names(text: str) -> list[_Cand]:
    found: list[_Cand] = []
    for m in R.LABEL.finditer(text):
        ent_type = "Team" if m.group("label").lower() == "owner team" else "Person"
        for n in R.NAME.finditer(m.group("names")):
            words = set(n.group(0).casefold().split())
            name_type = "Team" if ent_type == "Team" or words & R.TEAM_WORDS else "Person"
            if name_type == "Person" and len(words) < 2:
                continue
            found.append(_Cand(m.start("names") + n.start(), m.start("names") + n.end(), name_type, 1))
    return found


def _regex_identifiers(doc: Doc) -> list[_Cand]:
    text = doc.text
    return [*_tickets(text),
            *(_Cand(m.start(), m.end(), "Ticket", 0) for m in R.PR.finditer(text)),
            *(_Cand(m.start(), m.end(), "Ticket", 0) for m in R.REPO_REF.finditer(text)),
            *_lower_ids(text), *_dotted_ids(text), *_technologies(doc),
            *(_Cand(m.start(), m.end(), "Component", 0) for m in R.BUILD.finditer(text)),
            *_crypto_keys(text), *_camel_ids(text)]


def _tickets(text: str) -> Iterator[_Cand]:
    """Ticket keys ("ABC-12"), or pages where the key's project is a documentation space."""
    for m in R.TICKET.finditer(text):
        if m.group(1) not in R.NOT_TICKETS:
            yield _Cand(m.start(), m.end(), "Page" if m.group(1) in R.DOC_KEYS else "Ticket", 0)


def _lower_ids(text: str) -> Iterator[_Cand]:
    """Lowercase identifiers ("payments-api") that name a system or an event, outside headings and field names."""
    for m in R.LOWER_ID.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if text[line_start : m.start()].lstrip().startswith("#"):
            continue  # a Markdown heading such as "## steps_to_reproduce" is a section name
        if "_" in m.group(0) and "-" not in m.group(0) and not R.names_a_system(text, m.end()):
            continue  # snake_case is how fields, metrics and config keys are written, not systems
        id_type = R.identifier_type(m.group(0))
        id_type = id_type or ("Component" if R.names_an_event(m.group(0), text, m.end()) else None)
        if id_type is not None:
            yield _Cand(m.start(), m.end(), id_type, 2)


def _dotted_ids(text: str) -> Iterator[_Cand]:
    """Dotted names ("svc.session.open") that what follows them marks as components."""
    for m in R.DOTTED_ID.finditer(text):
        if R.dotted_type(m.group(0), text[m.end() : m.end() + 24]) is not None:
            yield _Cand(m.start(), m.end(), "Component", 2)


def _technologies(doc: Doc) -> Iterator[_Cand]:
    """Known technologies: capitalised as names are ("Kubernetes", "AWS"), or lowercase as engineers write them
    ("backed by etcd", "python 1.12"), unless the name is also an everyday word ("helm chart")."""
    for tok in doc:
        if tok.lower_ in TECHNOLOGIES and (tok.text[:1].isupper() or (
                tok.text.islower() and tok.lower_ not in EVERYDAY_TECHNOLOGIES)):
            yield _Cand(tok.idx, tok.idx + len(tok), "Technology", 2)


def _crypto_keys(text: str) -> Iterator[_Cand]:
    """Keys named by their owner ("the org signing key"): the owner word only when it is no function word."""
    for m in R.CRYPTO_KEY.finditer(text):
        owner = m.group("owner")
        start = m.start() if owner and owner.casefold() not in GENERIC_WORDS | NOT_NAMING_MODIFIERS else m.end("owner")
        yield _Cand(start if owner else m.start(), m.end(), "Component", 2)


def _camel_ids(text: str) -> Iterator[_Cand]:
    """CamelCase names ("PaymentService") and acronym-led ones ("HTTPClient"), typed by their shape."""
    for m in R.CAMEL.finditer(text):
        camel_type = R.camel_type(m.group(0))
        if camel_type is not None:
            yield _Cand(m.start(), m.end(), camel_type, 2)
    for m in R.CAMEL_ACRONYM.finditer(text):
        acronym_type = R.acronym_camel_type(m.group(0), m.group("tail"))
        if acronym_type is not None:
            yield _Cand(m.start(), m.end(), acronym_type, 2)


def _plausible_name(ent: Span) -> bool:
    """Title-case words only, no line-initial single word ("Deployed", "Fallback"), no digits or escapes."""
    words = ent.text.split()
    if any(c.isdigit() or c == "\\" for c in ent.text) or " - " in ent.text:
        return False
    if any(not w[:1].isupper() and w not in ("of", "and", "&", "for", "de", "van", "von") for w in words):
        return False
    if words[-1] in ("of", "and", "&", "for"):  # "Billing &" of a cell "Billing & metering": a name cut off
        return False
    first = ent[0]
    line_initial = first.is_sent_start or first.i == 0 or _prev_text(first) in (":", "(", "-", "*", "•", "\n")
    return not (len(ent) == 1 and line_initial)


def _prev_text(token: Token) -> str:
    return token.doc[token.i - 1].text.strip() or "\n" if token.i > 0 else ""


def _named_entities(doc: Doc, hints: Mapping[str, str]) -> list[_Cand]:
    found: list[_Cand] = []
    for ent in doc.ents:
        name = ent.text.strip()
        if name.casefold() in TECHNOLOGIES:
            found.append(_Cand(ent.start_char, ent.end_char, "Technology", 4))
        elif ent.label_ == "PERSON":
            single = len(ent) == 1 and ent.text.istitle() and ent.text.isalpha()
            if _plausible_name(ent) or single:
                person = person_type(ent) or hints.get(name.casefold())  # the metadata may still name it
                if person is not None:
                    found.append(_Cand(ent.start_char, ent.end_char, person, 4))
        elif ent.label_ == "ORG" and _plausible_name(ent):
            if code_like_org(name) or not any(c.isalpha() for c in name):
                continue  # an acronym (SLO, KMS) or a code word (EMFILE, SAMLResponse) is no organisation
            if ent.end < len(doc) and doc[ent.end].text in ("'s", "’s"):
                continue  # "Lena's team": the small model tags many first names ORG
            found.append(_Cand(ent.start_char, ent.end_char, system_type(ent) or "Organization", 4))
    return found


def _addresses(text: str) -> dict[tuple[int, int], str]:
    """Hosts and routes in brackets (Component) and the bare "#N" continuing a repository's references (Ticket)."""
    found = dict.fromkeys(bracketed_addresses(text), "Component")
    for m in R.REPO_REF.finditer(text):
        found.update(dict.fromkeys(continued_references(text, m.end()), "Ticket"))
    return found


def _acceptable(name: str, ent_type: str) -> bool:
    folded = name.casefold()
    if not name or folded in GENERIC_WORDS or not any(c.isalpha() for c in name) or "\\" in name:
        return False
    if ent_type == "Person" and (len(name) < 3 or name.isupper()):
        return False
    if ent_type == "Technology" and folded in TECHNOLOGIES:
        return True  # a short technology name ("S3") is as much a name as a long one
    return not (" " not in name and ent_type not in ("Ticket", "Page") and len(name) < 3)


def _phrases(doc: Doc) -> list[_Cand]:
    return [_Cand(span.start_char, span.end_char, ent_type, 3)
            for span, ent_type in [*system_phrases(doc), *title_case_systems(doc)]]


def find_mentions(doc: Doc, offset: int, hints: Mapping[str, str] | None = None,
                  people: People | None = None) -> list[Mention]:
    """Mentions in `doc` (the parse of a chunk starting at document offset `offset`), in text order."""
    text = doc.text
    typed = [_Cand(s, e, t, 1) for s, e, t in typed_phrases(doc)]
    cands = _regex_identifiers(doc) + typed + _labelled_names(text) + _named_entities(doc, hints or {})
    cands += _phrases(doc) + [_Cand(start, end, "Organization", 4) for start, end in domain_names(doc)]
    exact = _addresses(text)  # kept as written: trimming would take the "/" of a route, the "#" of an issue
    cands += [_Cand(start, end, ent_type, 0) for (start, end), ent_type in exact.items()]
    if people is not None:
        cands += [_Cand(start, end, "Person", 1) for start, end in find_people(text, people)]
    cands = [_Cand(s, e, c.type, c.priority) for c in cands  # a name ends at its line (a person keeps the first)
             for s, e in R.line_parts(text, c.start, c.end)[: 1 if c.type == "Person" else None]
             ] if "\n" in text else cands
    cands.sort(key=lambda c: (c.priority, -(c.end - c.start), c.start))
    taken: list[tuple[int, int]] = []
    mentions: list[Mention] = []
    for cand in cands:
        start, end = (cand.start, cand.end) if (cand.start, cand.end) in exact else R.trim(text, cand.start, cand.end)
        if end <= start or any(start < e and s < end for s, e in taken):
            continue
        joint = cand.type == "Team" and R.JOINT_GROUP.fullmatch(text, start, end) is not None
        if cand.type != "Ticket" and R.in_url_or_path(text, start, end) and not joint and (start, end) not in exact:
            continue
        name = " ".join(text[start:end].split())
        ent_type = cand.type
        if hints and cand.priority >= 2:
            ent_type = hints.get(name.casefold(), ent_type)
        if (start, end) not in exact and not _acceptable(name, ent_type):
            continue
        if ent_type in APPOSED_TYPES and apposed_customer(text, start, end):
            ent_type = "Customer"  # "customer Acme", "Acme (customer)": apposition, whatever the source said
        elif cand.priority == 2 and ent_type == "Component" and names_a_field(text, start, end):
            continue  # "the spend-cap flag", "QueueDepthMs metric": a field, not a system
        taken.append((start, end))
        mentions.append(Mention(name=name, type=ent_type, start=start + offset, end=end + offset))
    mentions = _affiliations(text, offset, mentions, taken)
    mentions.sort(key=lambda m: (m.start, m.end))
    return mentions


def _affiliations(text: str, offset: int, mentions: list[Mention], taken: list[tuple[int, int]]) -> list[Mention]:
    """ "Jordan from Initech": the name after a person is an organisation (or team), whatever NER made of it."""
    out = list(mentions)
    for person in [m for m in mentions if m.type == "Person"]:
        found = affiliation(text, person.end - offset)
        if found is None:
            continue
        start, end, ent_type = found
        name = " ".join(text[start:end].split())
        same = [i for i, m in enumerate(out) if m.start == start + offset and m.end == end + offset]
        if same and out[same[0]].type == "Person":
            out[same[0]] = Mention(name=name, type=ent_type, start=start + offset, end=end + offset)
        elif not same and not any(start < e and s < end for s, e in taken) and _acceptable(name, ent_type):
            out.append(Mention(name=name, type=ent_type, start=start + offset, end=end + offset))
    return out
