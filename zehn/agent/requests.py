"""Asks put as requests, read as the direct question they wrap (part of stage 1, :mod:`zehn.agent.analyse`).

English lets a speaker ask without a wh-word in front by wrapping the ask in a **request frame**:

- an imperative of telling, listing, showing or finding, to the hearer ("Tell me who owns X", "List the services
  that X calls", "Show us how X is rolled back", "Find out how many retries X gets", "Please explain why X");
- a first-person need or wish, alone or with a verb of knowing ("I need the remaining steps for X", "I'd like to
  know when X expires", "We want to understand why X failed", "Let me know who owns X");
- a polite modal question to the hearer ("Can you tell me why X", "Could you list the owners of X").

What the frame wraps is the ask: an embedded wh-clause ("who owns X") or a noun phrase that is itself the thing
asked for ("the remaining steps for X"). The frame adds nothing to what is asked, but its words mislead a reading
of the whole sentence ("I *need* ..." reads as a dependency whose subject is "I"). :func:`direct_question` gives the
question as if the ask had been asked directly: the frame's words dropped, a wh-clause kept as written, and a noun
phrase asked for by "what is/are ..." (a coordinated noun phrase with a determiner of its own, "and the header
...", is a second thing asked, so it gets a "what is" of its own).
"""

from __future__ import annotations

from spacy.tokens import Doc, Span, Token

from zehn.agent.lemmas import WH_WORDS

# Verbs by which a speaker asks the hearer for information (imperative or after "can you"): the general pattern is
# "<verb> [me|us] <the thing asked>". A short closed list of English's verbs of telling, listing and showing.
REQUEST_VERBS = frozenset({"tell", "list", "show", "give", "find", "name", "explain", "describe", "identify",
                           "provide", "share", "summarise", "summarize", "outline"})
# First-person verbs of needing or wishing: "I need / want / would like <the thing asked>", "I wonder <wh-clause>".
WISH_VERBS = frozenset({"need", "want", "like", "wonder"})
# Verbs of coming to know, after a wish ("I'd like *to know* ...") or "let me" ("let me *know* ...").
KNOW_VERBS = frozenset({"know", "understand", "learn", "see", "hear"})
_ASKERS = frozenset({"i", "we"})  # the speaker, in a need or a wish
_HEARERS = frozenset({"me", "us"})  # the speaker, as the one told ("tell *me*", "show *us*")
_POLITE = frozenset({"please", "kindly"})
_MODALS = frozenset({"can", "could", "would", "will"})
# What opens a noun phrase asked for: its determiner, a modifier or the noun itself.
_NP_OPENERS = frozenset({"DET", "ADJ", "NOUN", "PROPN", "NUM"})
_SUBJECTS = frozenset({"nsubj", "nsubjpass", "csubj", "csubjpass"})
# Contracted auxiliaries, spelled out when they move before the subject ("they*'re* kept" -> "are they kept").
_SPELLED = {"'re": "are", "'m": "am", "'ve": "have", "'ll": "will", "'d": "would", "'s": "is", "’re": "are",
            "’s": "is", "’ve": "have", "’ll": "will", "’d": "would"}
_DO = {"VBD": "did", "VBZ": "does", "VBP": "do"}  # the auxiliary "do" of a finite verb, by its tense and person


def direct_question(doc: Doc) -> str | None:
    """The question with each request frame dropped and its ask put directly; None when no sentence is a request
    (or the ask is a whether-clause, which the yes/no reading already takes as it stands)."""
    parts: list[str] = []
    changed = False
    for sent in doc.sents:
        direct = _direct_sentence(sent)
        changed = changed or direct is not None
        parts.append(direct if direct is not None else sent.text_with_ws)
    return "".join(parts).strip() if changed else None


def _direct_sentence(sent: Span) -> str | None:
    found = _frame(sent)
    if found is None:
        return None
    start, verb = found
    ask = _ask_start(verb, sent)
    if ask >= sent.end:
        return None
    first = sent.doc[ask]
    opener = first.nbor() if first.pos_ == "ADP" and ask + 1 < sent.end else first  # "for how long ..."
    before = sent.doc[sent.start:start].text_with_ws
    words = [t.text_with_ws for t in sent.doc[ask:sent.end]]
    noun_phrase = opener.lower_ not in WH_WORDS
    if noun_phrase and (first.pos_ not in _NP_OPENERS or _wished_state(verb)):
        return None
    inverted: set[int] = set()  # ("in what format, and how X are kept": one clause, one inversion)
    for wh in (t for t in sent.doc[ask:sent.end] if t.lower_ in WH_WORDS and _opens_clause(t, ask)):
        _invert(wh, words, ask, inverted)
    if noun_phrase:
        for at in (*reversed(_second_phrases(sent, ask)), ask):
            _ask_noun_phrase(sent.doc[at], words, ask)
    if not before:
        words[0] = words[0][:1].upper() + words[0][1:]
    text = before + "".join(words)
    last = sent[-1]
    if last.text == "." and last.i == sent.end - 1:
        text = text.rstrip().removesuffix(".") + "?" + last.whitespace_
    return text


def _opens_clause(wh: Token, ask: int) -> bool:
    """A wh-word that opens an embedded question of the ask: its first word, or one after a joiner ("..., and how
    X was fixed"), with its preposition ("in what format")."""
    before = wh.i - 1 if wh.i > ask and wh.nbor(-1).pos_ != "ADP" else wh.i - 2
    return wh.tag_ in ("WDT", "WP", "WP$", "WRB") and (before < ask or wh.doc[before].text == "," or
                                                        wh.doc[before].dep_ == "cc")


def _ask_noun_phrase(opener: Token, words: list[str], ask: int) -> None:
    """A noun phrase asked for, asked directly. With a relative clause it is what a which-question asks ("the
    services *that X calls*" -> "which services does X call", "the header they rely on" -> "which header do they
    rely on"); without one it is asked for by "what is/are" ("the root cause of X" -> "what is the root cause of
    X")."""
    head = _head_noun(opener)
    clause = next((c for c in head.children if c.dep_ == "relcl"), None) if head is not None else None
    if head is None or clause is None or (opener.pos_ == "DET" and opener.lower_ != "the"):
        words[opener.i - ask] = f"what {_copula(head)} " + words[opener.i - ask]
        return
    pronoun = clause.left_edge if clause.left_edge.tag_ in ("WDT", "WP") else None
    _invert_clause(clause, pronoun or head, words, ask)
    if pronoun is not None:
        words[pronoun.i - ask] = ""
        words[pronoun.i - 1 - ask] = words[pronoun.i - 1 - ask].rstrip() + pronoun.whitespace_
    words[opener.i - ask] = "which" + opener.whitespace_ if opener.pos_ == "DET" else \
        "which " + words[opener.i - ask]


def _invert(wh: Token, words: list[str], ask: int, inverted: set[int]) -> None:
    """An embedded question keeps a statement's word order ("what the customer *is* worried about", "why the job
    *failed*"); the direct question inverts it (:func:`_invert_clause`)."""
    verb = next((t for t in (wh, *wh.ancestors) if t.i >= ask and t.pos_ in ("VERB", "AUX") and
                 any(c.dep_ in _SUBJECTS for c in t.children)), None)
    # "explain *why* X failed" hung on the frame's verb, "tell me what *duration* they required" read as a noun the
    # frame takes with a relative clause: the embedded clause is the verb after the wh-word hung there
    if verb is None:
        verb = next((t for t in wh.doc[wh.i + 1:wh.sent.end] if (t.head.i < ask or (
            t.dep_ == "relcl" and t.head == wh.head)) and t.pos_ in ("VERB", "AUX") and
            any(c.dep_ in _SUBJECTS for c in t.children)), None)
    if verb is None or verb.i in inverted:
        return
    inverted.add(verb.i)
    subject = next(c for c in verb.children if c.dep_ in _SUBJECTS)
    first = subject.left_edge
    if first.i == wh.i + 1 and wh.lower_ in ("what", "which", "whose") and first.pos_ not in ("DET", "PRON"):
        return  # "what routing change prevents it": a bare noun right after the wh-word is what it determines
    _invert_clause(verb, wh, words, ask)


def _invert_clause(verb: Token, asked: Token, words: list[str], ask: int) -> None:
    """Subject and first auxiliary of ``verb``'s clause swapped, with "do" when there is none ("what *is* the
    customer worried about", "why *did* the job *fail*"). Nothing moves when the asked word is the subject ("who
    owns X", "the tickets that came out of X") or the clause is negated (its "n't" stays with the auxiliary)."""
    subject = next((c for c in verb.children if c.dep_ in _SUBJECTS), None)
    if subject is None or any(c.dep_ == "neg" for c in verb.children):
        return
    first = subject.left_edge
    if asked in subject.subtree or first.i <= asked.i or first.i < ask:
        return
    aux = next((c for c in verb.children if c.dep_ in ("aux", "auxpass") and first.i < c.i < verb.i), None)
    if aux is None and verb.lemma_ == "be" and verb.i > first.i:
        aux = verb  # "how large the impact *was*"
    if aux is not None and (aux.lemma_ in ("be", "have", "do") or aux.tag_ == "MD"):
        spelled = "has" if aux.lower_ in ("'s", "’s") and aux.lemma_ == "have" else _SPELLED.get(aux.lower_, aux.lower_)
        words[first.i - ask] = spelled + " " + words[first.i - ask]
        words[aux.i - ask] = ""
        words[aux.i - 1 - ask] = words[aux.i - 1 - ask].rstrip() + aux.whitespace_  # "they*'re* kept"
    else:  # "why the job *failed*", "why people *got* stuck": "do" carries the tense, the verb goes bare
        bare = aux if aux is not None else verb
        if bare.tag_ in _DO and bare.i > first.i:
            words[first.i - ask] = _DO[bare.tag_] + " " + words[first.i - ask]
            words[bare.i - ask] = bare.lemma_.casefold() + bare.whitespace_


def _frame(sent: Span) -> tuple[int, Token] | None:
    """Where the sentence's request frame starts and its verb of asking (the one whose object is the ask)."""
    root = sent.root
    lemma = root.lemma_.casefold()
    subjects = [c for c in root.children if c.dep_ in ("nsubj", "nsubjpass")]
    verb: Token | None = None
    if lemma in REQUEST_VERBS and (not subjects or (
            subjects[0].lower_ == "you" and any(c.lower_ in _MODALS for c in root.children if c.dep_ == "aux"))):
        verb = root  # "List ...", "Please tell me ...", "Could you explain ..."
    elif lemma in WISH_VERBS and subjects and subjects[0].lower_ in _ASKERS:
        verb = _knowing(root) or root  # "I need ...", "I'd like to know ..."
    elif lemma == "let" and root.i == sent.start:
        verb = _knowing(root)  # "Let me know ..."
    if verb is None:
        return None
    frame = [root, *(c for c in root.children if c.i < root.i and (
        c.dep_ in ("aux", "nsubj", "intj") or c.lower_ in _POLITE))]
    start = min(t.i for t in frame)
    # Only a frame that opens its sentence or follows an opening phrase and its comma ("For X, tell me ...").
    if start != sent.start and sent.doc[start - 1].text != ",":
        return None
    return start, verb


def _wished_state(verb: Token) -> bool:
    """"We need *the ledger to stay up*", "I want the job to retry": a wish for a state of things, a statement of
    the asker's, not a thing asked for (its noun is the subject of a clause the wish verb takes)."""
    return verb.lemma_.casefold() in WISH_VERBS and any(c.dep_ in ("xcomp", "ccomp") for c in verb.children)


def _knowing(root: Token) -> Token | None:
    """The verb of knowing (or of asking) a wish or "let me" governs ("like *to know*", "let me *know*")."""
    return next((c for c in root.children if c.dep_ in ("xcomp", "ccomp") and c.i > root.i and
                 c.lemma_.casefold() in KNOW_VERBS | REQUEST_VERBS), None)


def _ask_start(verb: Token, sent: Span) -> int:
    """The first word after the frame: past the verb, its particle ("find *out*") and the speaker as the one told
    ("tell *me*")."""
    i = verb.i + 1
    while i < sent.end and (sent.doc[i].dep_ == "prt" or sent.doc[i].lower_ in _HEARERS | _POLITE):
        i += 1
    return i


def _second_phrases(sent: Span, ask: int) -> list[int]:
    """Where a further noun phrase asked for starts: after a coordinator, a determiner that opens a noun phrase of
    its own ("the retry settings ..., and *the* header ..."), not one joined inside a prepositional phrase ("the
    cause of the errors and the timeouts": both are what "of" takes)."""
    out = []
    for t in sent.doc[ask + 1:sent.end - 1]:
        det = t.nbor()
        if t.dep_ == "cc" and det.pos_ == "DET" and det.head.dep_ == "conj" and det.head.head.dep_ != "pobj":
            out.append(det.i)
    return out


def _head_noun(opener: Token) -> Token | None:
    """The head noun of the noun phrase ``opener`` opens: its first noun that modifies no later one."""
    return next((t for t in opener.doc[opener.i:opener.sent.end] if t.pos_ in ("NOUN", "PROPN") and
                 t.dep_ != "compound"), None)


def _copula(noun: Token | None) -> str:
    """"are" for a plural noun or a list of nouns sharing a determiner ("the models, GPU and pool"), else "is"."""
    listed = noun is not None and any(c.dep_ == "conj" and c.left_edge.pos_ != "DET" for c in noun.children)
    return "are" if noun is not None and (noun.tag_ in ("NNS", "NNPS") or listed) else "is"
