"""A text's index is built once per process and answers as a fresh one does."""

from __future__ import annotations

from zehn.agent.text_index import TextIndex, text_index


def test_the_same_text_reuses_its_index() -> None:
    text = "The keep-alive timer in autoscalerPromQL\nRetries back off."
    assert text_index(text) is text_index(text)
    assert text_index(text) is not text_index(text + " ")


def test_a_cached_index_matches_names_as_a_fresh_one_does() -> None:
    text = "The keep-alive timer in autoscalerPromQL\nRetries back off."
    fresh = TextIndex(text)
    for name, quoted in [("keep alive", False), ("keepalive", False), ("PromQL", False), ("back retries", True),
                         ("back retries", False), ("timer settings", True)]:
        assert text_index(text).mentions(name, quoted) == fresh.mentions(name, quoted)
    assert text_index(text).words == fresh.words


def _eager(text: str, phrase: str, quoted: bool) -> bool:
    """The index as it was built before it split lazily: every word and CamelCase part up front."""
    import re
    raw = re.findall(r"[^\W_]+", text)
    words = {w.casefold() for w in raw} | {p.casefold() for w in raw
                                           for p in re.findall(r"[A-Z]+[a-z0-9]*[A-Z]*[a-z0-9]*|[a-z0-9]+", w)}
    joined = f" {' '.join(w.casefold() for w in raw)} "
    parts = [w.casefold() for w in re.findall(r"[^\W_]+", phrase)]
    if not parts:
        return True
    if quoted:
        return all(p in words for p in parts)
    return f" {' '.join(parts)} " in joined or "".join(parts) in words


def test_a_name_absent_from_the_text_is_refused_without_splitting_it() -> None:
    index = TextIndex("Straße closed; the KeepAlive probe of the edge-router v2 failed.")
    assert not index.mentions("ingress-gateway")
    assert "words" not in vars(index) and "joined" not in vars(index)  # the substring test alone refused it
    assert index.mentions("keep alive") and index.mentions("STRASSE")


def test_the_lazy_index_answers_as_the_eager_one_did() -> None:
    texts = ["Straße closed; the KeepAlive probe of the edge-router v2 failed.", "A_b c-d EFGh ijK 12 x12y",
             "İstanbul ΣΊΣΥΦΟΣ ǅemal ﬁle", "The keep-alive timer in autoscalerPromQL\nRetries back off."]
    phrases = ["keep alive", "keepalive", "strasse", "edge router", "edgerouter", "v2", "ab", "a b", "c d", "efgh",
               "EFG", "h ijk", "x12y", "istanbul", "σίσυφος", "file", "promql", "autoscaler promql", "back retries",
               "", "--", "12"]
    for text in texts:
        for phrase in phrases:
            for quoted in (False, True):
                assert TextIndex(text).mentions(phrase, quoted) == _eager(text, phrase, quoted), (text, phrase)
