"""Names typed by a type noun next to them: the words in front ("the [ledger-sync] service", "the [Platform/Infra]
team") or after ("team [Atlas]", "Owner team: [SRE]"). Split out of ``extraction.entities``, whose strongest-first
merge gives these candidates their priority.
"""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from extraction import entity_rules as R
from extraction.vocabulary import GENERIC_WORDS, TYPE_NOUNS
from verify.vocabulary import GROUP_NOUNS, LOOSE_TYPE_NOUNS


def _identifier_like(word: str) -> bool:
    return any(c in word for c in "-_") or any(c.isdigit() for c in word) or any(c.isupper() for c in word[1:])


# Closed-class words: capitalised in front of a name they open a sentence or a heading ("This", "Which", "Over"),
# they do not name anything.
_FUNCTION_POS = frozenset({"DET", "PRON", "ADP", "CCONJ", "SCONJ", "AUX", "PART", "INTJ", "NUM"})
# What may stand before the first word of a line: list bullets, heading and quote marks, table bars.
_LINE_MARKS = frozenset({"-", "*", "+", "#", "##", "###", ">", "|", "•"})


def _opens_line(doc: Doc, i: int) -> bool:
    """``doc[i]`` is the first word of its sentence or of its line (after any bullet or heading marks): a capital
    there is the position's, not the name's."""
    if doc[i].is_sent_start:
        return True
    j = i - 1
    while j >= 0 and "\n" not in doc[j].text and (doc[j].text in _LINE_MARKS or doc[j].is_space):
        j -= 1
    return j < 0 or "\n" in doc[j].text


def _inner_stop_word(doc: Doc, t: Token, noun: Token) -> bool:
    """An everyday word capitalised inside a title-case name ("the [Last] Mile team", "the [Front] Door team"): a
    stop word or adjective that is not a determiner, pronoun or other closed-class word ("This", "Which"), is
    followed by a capitalised word of the name before the type noun ("the Top team" names nothing), and is not the
    first word of its sentence or line ("Next Platform team sync": capitalised by position) unless the name and its
    noun are all the line says (a heading or a bullet "Last Mile team" is that name, there is no clause to open)."""
    after = doc[t.i + 1]
    return (after.i < noun.i and after.text[:1].isupper() and after.is_alpha and t.pos_ not in _FUNCTION_POS
            and not t.tag_.startswith("W") and (not _opens_line(doc, t.i) or _ends_line(doc, noun)))


def _ends_line(doc: Doc, noun: Token) -> bool:
    """Nothing but punctuation follows ``noun`` up to the end of its line or sentence."""
    for t in doc[noun.i + 1 : noun.sent.end]:
        if "\n" in t.text:
            return True
        if not (t.is_punct or t.is_space):
            return False
    return True


def _capitalised_name_word(t: Token, noun: Token, i: int) -> bool:
    """A capitalised word in front of a name already begun continues it, whatever the tagger made of it: "[API]
    Gateway team", "[Serving] Runtime team" (a title-case name is one name, not an adjective and a name); a stop
    word only inside the name (``_inner_stop_word``)."""
    return (i < noun.i - 1 and t.text[:1].isupper() and t.is_alpha and noun in t.ancestors
            and t.dep_ in ("compound", "amod", "nmod", "npadvmod", "flat")
            and (not t.is_stop or _inner_stop_word(t.doc, t, noun)))


def _joint_name(doc: Doc, i: int, noun: Token) -> bool:
    """The slash at ``doc[i]`` joins two capitalised words of a group's name ("Platform/Infra team"), not two
    alternatives ("read/write", "eng/sre"): no space on either side, capitals on both, in front of a team noun."""
    if not 0 < i < noun.i - 1 or noun.lower_ not in GROUP_NOUNS:
        return False
    left, right = doc[i - 1], doc[i + 1]
    return (not left.whitespace_ and not doc[i].whitespace_ and left.text[:1].isupper() and right.text[:1].isupper()
            and left.is_alpha and right.is_alpha)


def _left_name(doc: Doc, noun: Token) -> Span:
    """The words in front of a type noun that name it: "the [ledger-sync] service", "the [Applied ML] team"."""
    i = noun.i - 1
    while i >= 0:
        t = doc[i]
        if t.text == "/" and _joint_name(doc, i, noun):
            i -= 1  # "the Platform/Infra team": two capitalised words joined by a bare slash name one group
            continue
        if t.text in ("|", "/", "\\") or "\n" in t.text:
            break  # a table cell, an alternative or a line ends the name
        if t.text in ("-", "_") and i > 0 and not t.whitespace_ and not doc[i - 1].whitespace_:
            i -= 2  # the word before a joining hyphen belongs to the identifier
            continue
        if (
            noun in t.ancestors
            and t.dep_ in ("compound", "amod", "nmod", "npadvmod", "flat", "appos")
            and (t.pos_ in ("PROPN", "NOUN", "X", "ADJ") or _identifier_like(t.text))
            and not t.is_stop
            and t.lower_ not in GENERIC_WORDS
            and t.lower_ not in R.NOT_NAMES
            and "\\" not in t.text
        ) or _capitalised_name_word(t, noun, i):
            i -= 1
            continue
        break
    while i + 1 < noun.i and doc[i + 1].text in ("-", "_"):
        i += 1
    return doc[i + 1 : noun.i]


def _right_name(doc: Doc, noun: Token) -> Span | None:
    """The name after a type noun: "team Atlas", "customer BrightCart", "Owner team: SRE"."""
    j = noun.i + 1
    labelled = j < len(doc) and doc[j].text == ":"
    if labelled:
        j += 1
    k = j
    while (
        k < len(doc)
        and k - j < 4
        and doc[k].pos_ == "PROPN"
        and doc[k].text[:1].isupper()
        and not (doc[k].is_sent_start or "\\" in doc[k].text or doc[k].lower_ in R.NOT_NAMES)
    ):
        k += 1
    if k == j:
        return None
    name = doc[j:k]
    attached = (noun.dep_ == "compound" and j <= noun.head.i < k) or any(
        t.head.i == noun.i and t.dep_ in ("appos", "compound", "npadvmod", "flat") for t in name
    )
    return name if attached or labelled else None


def typed_phrases(doc: Doc) -> list[tuple[int, int, str]]:
    """(start, end, type) of the names a type noun types: "the Atlas team", "team Atlas", "customer Atlas", "the
    ledger-sync service", "Owner team: SRE" (the type noun itself is left out of the span)."""
    found: list[tuple[int, int, str]] = []
    for tok in doc:
        types = TYPE_NOUNS.get(tok.lower_)
        if types is None or tok.lower_ in LOOSE_TYPE_NOUNS or tok.pos_ not in ("NOUN", "PROPN"):
            continue
        ent_type = types[0]
        left = _left_name(doc, tok)
        plain_adjective = any(t.pos_ == "ADJ" and t.text.isalpha() and t.text.islower() for t in left)
        if len(left) == 1 and ent_type in ("Service", "Component") and _identifier_like(left[0].text):
            continue  # "the ledger-sync service": an identifier keeps its own type, so all its mentions merge
        if len(left) and not plain_adjective and (ent_type != "Customer" or all(t.pos_ == "PROPN" for t in left)):
            found.append((left.start_char, left.end_char, ent_type))
            continue
        right = _right_name(doc, tok)
        if right is not None:
            found.append((right.start_char, right.end_char, ent_type))
    return found
