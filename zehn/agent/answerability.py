"""Is a general question answered by the retrieved sentences? Lexical coverage of its key terms, no model.

Key terms of the question:

- **anchors** (specific): identifiers (``rate-engine``, ``OPS-412``, ``QuoteCache``, anything with a digit, hyphen,
  ``#``, ``_`` or inner capital), acronyms (2+ capitals), numbers, and capitalised words that do not start the
  question. An anchor is covered by a sentence when it occurs in the sentence, in its document's title or id, or -
  for a front-matter line such as ``"assignee": "Mei Lin Tan"``, whose subject is its document - in the document's
  text. An anchor that resolved to one entity is covered instead by the sentence's document mentioning that
  entity (``documents_mentioning``): "the customer Atlas" is not satisfied by a page about the Atlas team.
- **asked** terms: the lemmas of the remaining nouns, verbs, adjectives and adverbs, minus stopwords, question
  words, generic verbs (be, have, do, ...) and entity-type nouns (service, team, customer, ...). An asked term is
  covered when a word of the sentence has the same lemma, or one is a prefix of the other (4+ letters:
  assign/assignee, report/reporter).

Sentence rule: a sentence is usable only when it covers every anchor and at least one asked term (or, for a
question with no asked term, every anchor inside the sentence itself). Up to :data:`MAX_SENTENCES` usable
sentences are picked greedily by new asked terms covered (ties: where the anchors were found - sentence 3, title
or document id 2, document text 1 - then search rank). The question is answerable when the picked sentences
cover at least :data:`MIN_ASKED_FRACTION` of the asked terms and every asked acronym or number.

Document rule (for long questions that describe a document and then ask one thing of it, which no three sentences
cover word for word): one of the :data:`DOC_CANDIDATES` best-ranked retrieved documents qualifies when its title
and text together cover every strict term, at least :data:`DOC_ASKED_FRACTION` of the asked terms (words compared
by a crude stem, so "evaluating" meets "evaluate") and at least :data:`DOC_ANCHOR_FRACTION` of the anchors (an
anchor written "a/b" counts when either part occurs). Qualifying documents are tried best-covered first; the
question is answerable when the document's retrieved sentences cover at least :data:`DOC_SENTENCE_TERMS` asked
terms that its title does not already cover - the document is about the question, and its sentences address what
was asked. The two fractions were set from the distribution of coverage over whole question sets (documents that
answer versus documents retrieved for unanswerable questions), not from individual questions.

Otherwise the service abstains: not knowing is the right answer for a question the corpus does not address.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from spacy.language import Language

from verify.vocabulary import TYPE_NOUNS
from zehn.agent.tools import EvidenceItem

MIN_ASKED_FRACTION = 2 / 3
MAX_SENTENCES = 3
DOC_ASKED_FRACTION = 3 / 4
DOC_ANCHOR_FRACTION = 1 / 2
DOC_SENTENCE_TERMS = 2
DOC_CANDIDATES = 5
_SUFFIXES = ("ations", "ation", "ings", "ing", "ied", "ies", "ed", "es", "s", "e")
QUESTION_WORDS = frozenset({"what", "who", "whom", "whose", "which", "when", "where", "why", "how", "many", "much",
                            "whether"})
GENERIC = frozenset({"be", "have", "do", "say", "tell", "know", "give", "get", "make", "happen", "document", "thing",
                     "anything", "something", "mention", "exist"})
_IDENT = re.compile(r"[A-Za-z0-9]+(?:[-_#/.][A-Za-z0-9]+)+|\b[A-Za-z]*\d[A-Za-z0-9]*\b|\b[A-Z][a-z]+[A-Z]\w*\b")
_WORD = re.compile(r"[A-Za-z0-9]+")
METADATA_LINE = re.compile(r"^\s*\"[\w\- ]+\"\s*:")


@dataclass(frozen=True)
class KeyTerms:
    anchors: tuple[str, ...]  # casefolded
    asked: tuple[str, ...]  # lemmas
    strict: tuple[str, ...]  # asked terms that must be covered (acronyms, numbers)


@dataclass(frozen=True)
class Judgement:
    answerable: bool
    picked: tuple[EvidenceItem, ...]
    covered: tuple[str, ...]
    terms: KeyTerms
    reason: str


def key_terms(question: str, nlp: Language) -> KeyTerms:
    anchors: dict[str, None] = {}
    for match in _IDENT.finditer(question):
        anchors.setdefault(match.group(0).casefold().strip("."), None)
    ident_words = {w.casefold() for a in anchors for w in _WORD.findall(a)}
    asked: dict[str, None] = {}
    strict: dict[str, None] = {}
    for i, token in enumerate(nlp(question)):
        low = token.text.casefold()
        if not token.is_alpha or low in ident_words or low in QUESTION_WORDS or token.is_stop:
            continue
        if (token.text.isupper() and len(token.text) >= 2) or (token.text[:1].isupper() and i > 0):
            anchors.setdefault(low, None)
        elif token.pos_ in {"NOUN", "VERB", "ADJ", "ADV", "PROPN", "NUM"}:
            lemma = token.lemma_.casefold()
            if lemma not in GENERIC and lemma not in TYPE_NOUNS and len(lemma) >= 3:
                asked.setdefault(lemma, None)
                if token.like_num:
                    strict.setdefault(lemma, None)
    return KeyTerms(tuple(anchors), tuple(asked), tuple(strict))


def _term_in(term: str, words: set[str]) -> bool:
    if term in words:
        return True
    return len(term) >= 4 and any(len(w) >= 4 and (w.startswith(term) or term.startswith(w)) for w in words)


def _anchor_in(anchor: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(anchor)}(?![\w-])", text.casefold()) is not None


def judge(question: str, items: list[EvidenceItem], nlp: Language, documents: dict[str, tuple[str, str]],
          entity_docs: dict[str, set[str]] | None = None) -> Judgement:
    """``documents``: document id -> (title, text); ``entity_docs``: resolved mention -> ids of the documents
    that mention that entity (its words are then checked by document, not by spelling)."""
    terms = key_terms(question, nlp)
    entity_docs = entity_docs or {}
    entity_words = {w.casefold() for name in entity_docs for w in _WORD.findall(name)}
    terms = KeyTerms(tuple(a for a in terms.anchors if a not in entity_words), terms.asked, terms.strict)
    scored: list[tuple[EvidenceItem, set[str], int]] = []
    for item in items:
        if not all(item.document_id in docs for docs in entity_docs.values()):
            continue
        title, text = documents.get(item.document_id, ("", ""))
        if not METADATA_LINE.match(item.text):
            text = ""  # the document body vouches for the subject of its own metadata lines only
        in_sentence = sum(_anchor_in(a, item.text) for a in terms.anchors)
        tier = sum(3 if _anchor_in(a, item.text) else 2 if _anchor_in(a, f"{title} {item.document_id}") else 1
                   for a in terms.anchors)
        if not all(_anchor_in(a, item.text) or _anchor_in(a, title) or _anchor_in(a, text) for a in terms.anchors):
            continue
        words = {t.lemma_.casefold() for t in nlp(item.text) if t.is_alpha} | {
            w.casefold() for w in _WORD.findall(item.text)}
        covered = {t for t in terms.asked if _term_in(t, words)}
        if covered or (not terms.asked and in_sentence == len(terms.anchors) and terms.anchors):
            scored.append((item, covered, tier))
    picked: list[EvidenceItem] = []
    covered_all: set[str] = set()
    while scored and len(picked) < MAX_SENTENCES:
        scored.sort(key=lambda s: (-len(s[1] - covered_all), -s[2]))
        item, covered, _ = scored.pop(0)
        if picked and not covered - covered_all:
            break
        picked.append(item)
        covered_all |= covered
    fraction = len(covered_all) / len(terms.asked) if terms.asked else 1.0
    missing_strict = [t for t in terms.strict if t not in covered_all]
    if picked and fraction >= MIN_ASKED_FRACTION and not missing_strict:
        return Judgement(True, tuple(picked), tuple(sorted(covered_all)), terms, "key terms covered")
    by_document = _document_rule(terms, items, documents, entity_docs)
    if by_document is not None:
        return by_document
    if not picked:
        return Judgement(False, (), (), terms, "no retrieved sentence covers the question's key terms")
    missing = [t for t in terms.asked if t not in covered_all]
    return Judgement(False, tuple(picked), tuple(sorted(covered_all)), terms,
                     f"the retrieved sentences do not cover: {', '.join(missing)}")


def _stem(word: str) -> str:
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def _stems(text: str) -> set[str]:
    return {_stem(w.casefold()) for w in _WORD.findall(text)}


def _document_rule(terms: KeyTerms, items: list[EvidenceItem], documents: dict[str, tuple[str, str]],
                   entity_docs: dict[str, set[str]]) -> Judgement | None:
    """The best retrieved document that is about the question and whose sentences address what it asks."""
    if len(terms.asked) < 3:
        return None  # a short question is judged by its sentences alone
    asked = {t: _stem(t) for t in terms.asked}
    qualifying: list[tuple[float, float, int, str, set[str]]] = []
    ranked_docs = [d for d in dict.fromkeys(i.document_id for i in items)
                   if all(d in docs for docs in entity_docs.values())][:DOC_CANDIDATES]
    for rank, doc_id in enumerate(ranked_docs):
        title, text = documents.get(doc_id, ("", ""))
        whole = f"{title}\n{text}"
        stems = _stems(whole)
        covered = {t for t, st in asked.items() if st in stems}
        anchors = [any(part and _anchor_in(part, whole) for part in a.split("/")) for a in terms.anchors]
        asked_fraction = len(covered) / len(asked)
        anchor_fraction = sum(anchors) / len(anchors) if anchors else 1.0
        if (asked_fraction >= DOC_ASKED_FRACTION and anchor_fraction >= DOC_ANCHOR_FRACTION
                and all(t in covered for t in terms.strict)):
            qualifying.append((-asked_fraction, -anchor_fraction, rank, doc_id, covered))
    for _, _, _, doc_id, covered in sorted(qualifying):
        title_stems = _stems(documents.get(doc_id, ("", ""))[0])
        wanted = {t for t in covered if asked[t] not in title_stems}
        ranked: list[tuple[EvidenceItem, set[str]]] = []
        for item in items:
            if item.document_id == doc_id and not METADATA_LINE.match(item.text):
                hit = {t for t in wanted if asked[t] in _stems(item.text)}
                if hit:
                    ranked.append((item, hit))
        picked: list[EvidenceItem] = []
        said: set[str] = set()
        for item, hit in sorted(ranked, key=lambda r: -len(r[1])):
            if len(picked) < MAX_SENTENCES and hit - said:
                picked.append(item)
                said |= hit
        if len(said) >= DOC_SENTENCE_TERMS:
            return Judgement(True, tuple(picked), tuple(sorted(said)), terms,
                             f"document {doc_id} covers the question; its sentences address: {', '.join(sorted(said))}")
    return None
