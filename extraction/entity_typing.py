"""Second looks at what a name is, from the words around it: the typing rules that spaCy's labels alone get wrong.

* A named-entity PERSON is not a person when it starts a heading ("# Runbook: ..."), is a kind of page, holds a
  plural common noun ("Checkout Errors"), ends in a company's legal form or industry word ("Harbor Mutual
  Group" -> an organisation) or is made of department words ("Field Support" -> a team).
* A named-entity ORG is not an organisation when it is written like code: one all-capitals word (an acronym or an
  error constant: "EMFILE"), or one word with a run of capitals inside ("HTTPRequest", "IoT"); one whose last word
  is a system noun ("Triage Bot", "Rules Engine") names a system.
* Apposition makes a customer: "customer Acme", "customer (Acme Ops)", "client: Acme", "Acme (customer)". A
  possessive does not ("the customer's IdP" is the customer's thing, not the customer).
* A single capitalised word is no name when it is glued to a namespace ("kms:Decrypt", "iam:PassRole": an API
  action), or when it opens a line or sentence and runs on into the clause ("Trigger a job", "Node 10.0.0.4
  cordoned"): a name opening a line stands alone or before ":" / "," / ")" (a speaker, an address, a signature).
  (A lowercase spelling elsewhere proves nothing: chat writes people's names in lowercase.)
* A name whose letters spell a domain of an e-mail address or a URL in the same text ("Initech" beside
  "dana@initech.com") names the organisation that owns the domain.
* Affiliation: a capitalised name right after a person and "from" / "at" ("I'm Jordan from Initech", "Dana Ruiz at
  Acme Corp") names the organisation (or, in department words, the team) the person belongs to.
* An identifier followed by a field noun ("the spend-cap flag", "QueueDepthMs metric", "rate_limit setting") or
  preceded by one ("flag spend-cap", "env var foo-bar"), or written with a file suffix ("QuoteCache.java"), names
  a file, metric, flag or setting, not a component.
"""

from __future__ import annotations

import re

from spacy.tokens import Doc, Span

from extraction import entity_rules as R
from extraction.vocabulary import SYSTEM_NOUNS, TECHNOLOGIES, words

# Legal forms of companies and the closing words of company names in English ("Acme Holdings", "Initech Bank").
LEGAL_FORMS = words("""inc ltd llc gmbh corp corporation plc ag bv holdings group bank partners limited""")
# Nouns of things that are written like identifiers but are not systems: configuration, telemetry and files.
FIELD_NOUNS = words("""flag flags metric metrics field fields setting settings parameter parameters param params
    variable variables var env key keys header headers label labels annotation annotations column columns file files
    attribute attributes option options toggle toggles counter gauge histogram""")
# Words that name a kind of page or note, which the small model often tags PERSON when they open a line.
_PAGE_KINDS = words("""runbook playbook guide handbook postmortem page document doc readme workaround summary overview
    notes note writeup proposal""")
_CUSTOMER_BEFORE = re.compile(r"\b(?:customer|client)s?\s*[(:\-–—]?\s*$", re.I)
_CUSTOMER_AFTER = re.compile(r"^\s*[(,\-–—]\s*(?:our\s+|a\s+)?(?:customer|client)\b", re.I)
_CODE_CAPITALS = re.compile(r"[A-Z]{2,}[a-z]|[a-z][A-Z]")
# The same nouns before the identifier ("flag spend-cap"), plus the spelled-out "env var"; longest first.
_FIELD_BEFORE = re.compile(r"\b(?:env(?:ironment)? var(?:iable)?|"
                           + "|".join(sorted(FIELD_NOUNS, key=len, reverse=True)) + r")\s*[`'\"]?$", re.I)
_FILE_SUFFIX = re.compile(r"\.(?:py|java|go|ts|tsx|js|rb|rs|kt|scala|cs|cpp|c|h|yaml|yml|json|toml|ini|cfg|conf|md|"
                          r"tf|sql|sh|proto|xml|csv|lock)\b")
APPOSED_TYPES = frozenset({"Organization", "Component", "Project", "Customer"})
# Host names in addresses: the domain of an e-mail address or the host of a URL or bare host name.
_HOST = re.compile(r"(?:@|://|\bwww\.)([a-z0-9][a-z0-9.-]*\.[a-z]{2,})|\b((?:[a-z0-9-]+\.)+(?:com|ai|io|net|org|dev|co))\b",
                   re.I)
# Host labels that name a role of a server or a placeholder, not the organisation ("www", "mail", "example.com").
_HOST_WORDS = words("""www mail email smtp app apps api docs doc git status internal intranet corp example test local
    localhost hooks cdn static auth login sso wiki jira confluence github gitlab slack""")
# What may follow a capitalised word that opens a line when that word is a name: a speaker's colon, an address's
# comma, a bracket ("Dana (SRE): ..."), or the end of the line.
_AFTER_OPENING_NAME = frozenset({":", ",", "(", ")", "—", "-", "–"})


# Keys of what the typing rules remember on a Doc: its text (``doc.text`` joins every token on each access, and the
# rules below read it several times per entity) and the domain labels found in it.
_TEXT_KEY = "zehn.entity_typing.text"
_LABELS_KEY = "zehn.entity_typing.domain_labels"


def _text(doc: Doc) -> str:
    text = doc.user_data.get(_TEXT_KEY)
    if not isinstance(text, str):
        text = doc.user_data[_TEXT_KEY] = doc.text
    return text


def _doc_labels(doc: Doc) -> frozenset[str]:
    labels = doc.user_data.get(_LABELS_KEY)
    if not isinstance(labels, frozenset):
        labels = doc.user_data[_LABELS_KEY] = domain_labels(_text(doc))
    return labels


def domain_labels(text: str) -> frozenset[str]:
    """The labels of every e-mail domain and URL host in ``text`` that could spell an organisation's name."""
    found: set[str] = set()
    for m in _HOST.finditer(text):
        host = (m.group(1) or m.group(2) or "").casefold()
        found.update(label for label in host.split(".")[:-1] if len(label) >= 4 and label not in _HOST_WORDS)
    return frozenset(found)


def spells_domain(name: str, labels: frozenset[str]) -> bool:
    """ "Initech" / "Init Tech" and the label "initech": the name's letters and digits are the label's."""
    return bool(labels) and "".join(c for c in name.casefold() if c.isalnum()) in labels


_CAPITALISED_RUN = re.compile(r"(?<![\w@./-])[A-Z][\w&-]*(?:[ \t]+[A-Z][\w&-]*){0,2}")


def domain_names(doc: Doc) -> list[tuple[int, int]]:
    """(start, end) of every capitalised name (up to three words, longest first) that spells an address domain."""
    text, labels = _text(doc), _doc_labels(doc)
    found: list[tuple[int, int]] = []
    for m in _CAPITALISED_RUN.finditer(text) if labels else ():
        ends = [m.start() + w.end() for w in re.finditer(r"\S+", m.group(0))]
        end = next((e for e in reversed(ends) if spells_domain(text[m.start() : e], labels)), None)
        if end is not None:
            found.append((m.start(), end))
    return found


def common_word(ent: Span) -> bool:
    """One capitalised word that the text shows is an ordinary word, not a name (module docstring)."""
    if len(ent) != 1:
        return False
    tok = ent[0]
    text = _text(ent.doc)
    glued = text[max(0, ent.start_char - 1) : ent.start_char]
    if glued == ":" and ent.start_char > 1 and text[ent.start_char - 2].isalnum():
        return True  # "kms:Decrypt"
    line = text[text.rfind("\n", 0, ent.start_char) + 1 : ent.start_char]
    opens = tok.is_sent_start or not line.strip(" \t-*+•>#0123456789.)(") or line.rstrip().endswith(":")
    if not opens or tok.i + 1 >= len(ent.doc):
        return False
    after = ent.doc[tok.i + 1]
    return not ("\n" in after.text or after.text in _AFTER_OPENING_NAME)


def person_type(ent: Span) -> str | None:
    """The type of a PERSON entity: "Person", "Organization" / "Team" when its words say so, or None (not a name)."""
    first = ent[0]
    text = _text(ent.doc)
    line = text[text.rfind("\n", 0, ent.start_char) + 1 : ent.start_char]
    if line.lstrip().startswith("#") and (ent.end >= len(ent.doc) or ent.doc[ent.end].text == ":"):
        return None  # "# Runbook: ...": a heading's first word is the kind of page, not its author
    if len(ent) == 1 and first.lower_ in _PAGE_KINDS:
        return None  # "Playbook maintained by ...": a kind of page
    if spells_domain(ent.text, _doc_labels(ent.doc)):
        return "Organization"  # "Initech" beside "dana@initech.com"
    if common_word(ent):
        return None  # "Trigger a job", "kms:Decrypt"
    if len(ent) > 1 and any(t.tag_ == "NNS" for t in ent):
        return None  # "Checkout Errors": plural common nouns do not name a person
    folded = [w.casefold().strip(".,") for w in ent.text.split()]
    if len(folded) > 1 and (folded[-1] in LEGAL_FORMS or ent[-1].text in R.ORG_TAIL):
        return "Organization"
    if len(folded) > 1 and all(w in R.TEAM_WORDS for w in folded):
        return "Team"
    return "Person" if first.text[:1].isupper() else None


def system_type(ent: Span) -> str | None:
    """The type of a multi-word name whose last word is a system noun ("Triage Bot" -> Component), else None."""
    if len(ent) < 2 or ent[-1].lower_ in R.TEAM_WORDS:
        return None  # "ML Platform", "Data Infrastructure": department names as often as systems
    return SYSTEM_NOUNS.get(ent[-1].lower_)


def code_like_org(name: str) -> bool:
    """One word written like code or an acronym: an all-capitals word or capitals inside a word."""
    return " " not in name and (name.isupper() or bool(_CODE_CAPITALS.search(name)))


def apposed_customer(text: str, start: int, end: int) -> bool:
    """ "customer Acme", "customer (Acme Ops)", "client: Acme", "Acme (customer)"; not "the customer's X"."""
    return bool(_CUSTOMER_BEFORE.search(text[max(0, start - 16) : start])
                or _CUSTOMER_AFTER.match(text[end : end + 20]))


def names_a_field(text: str, start: int, end: int) -> bool:
    """The identifier at ``[start, end)`` is a flag, metric, setting or file by the noun beside it."""
    if _FILE_SUFFIX.match(text, end):
        return True  # "QuoteCache.java", "rate_limits.yaml": a file name
    following = text[end : end + 24].split()
    after = following[0].strip(".,;:)`'\"").casefold() if following else ""
    if after in FIELD_NOUNS:
        return True
    return bool(_FIELD_BEFORE.search(text[max(0, start - 24) : start]))


# "Jordan from Initech", "Dana Ruiz at Acme Corp": the name after a person's "from" / "at".
_AFFILIATION = re.compile(r"[ \t]+(?:from|at)[ \t]+(?P<org>[A-Z][\w&'’-]*(?:[ \t]+[A-Z][\w&'’-]*){0,2})")
# Capitalised words after "from" / "at" that are times, not organisations: days, months, time zones, deadlines.
_CALENDAR = words("""monday tuesday wednesday thursday friday saturday sunday january february march april may june
    july august september october november december utc gmt pt pst pdt et est edt ct cst cet eod eow noon midnight
    today tomorrow""")


def affiliation(text: str, person_end: int) -> tuple[int, int, str] | None:
    """(start, end, type) of the organisation or team named right after a person ending at ``person_end``."""
    m = _AFFILIATION.match(text, person_end)
    if m is None:
        return None
    names = m.group("org").split()
    folded = [w.casefold() for w in names]
    if folded[0] in _CALENDAR or folded[0] in TECHNOLOGIES or any(c.isdigit() for c in m.group("org")):
        return None
    ent_type = "Team" if all(w in R.TEAM_WORDS for w in folded) else "Organization"
    return m.start("org"), m.end("org"), ent_type
