"""The embedder embeds each distinct text once per process, returns what the model returned in order, and its ONNX
Runtime pass gives the vectors (and the neighbours) of the torch pass over the same weights."""

from __future__ import annotations

import numpy as np
import pytest

from extraction.embeddings import LocalEmbedder, _word_pieces
from extraction.model_runtime import Forward

TEXTS = [
    "Which service did the rollback of the nightly export job affect last week?",
    "which service",
    "rollback",
    "Owners: the storage team (primary), the platform team",
    "The replication worker copies ledger rows to the standby region every few minutes.",
    "Incident review > Root cause\nA config push removed the retry budget from the payments gateway, so every "
    "timeout became an error for the checkout page until the push was reverted forty minutes later.",
    "Decision: we keep Postgres for the billing store and revisit the choice when write volume doubles.",
    "The on-call rota for the team changes every Monday.",
]


class CountingForward:
    """The real forward pass, recording the (rows, pieces) shape of every call it gets."""

    def __init__(self, real: Forward) -> None:
        self.real = real
        self.calls: list[tuple[int, int]] = []

    def __call__(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        self.calls.append((int(ids.shape[0]), int(ids.shape[1])))
        return self.real(ids, mask)


def _counting(embedder: LocalEmbedder, cache_size: int = 8192) -> tuple[LocalEmbedder, CountingForward]:
    other = LocalEmbedder(cache_size=cache_size)
    counting = CountingForward(embedder._forward)
    other.__dict__.update(_tokenizer=embedder._tokenizer, _forward=counting)
    return other, counting


def test_repeated_texts_are_encoded_once_and_returned_in_order(embedder: LocalEmbedder) -> None:
    small, counting = _counting(embedder, cache_size=3)
    first = small.embed_documents(["a", "bb", "a"])
    second = small.embed_documents(["bb", "ccc"])
    assert first[0] == first[2] and first[1] == second[0] and first[0] != first[1]
    assert sum(rows for rows, _ in counting.calls) == 3  # "a", "bb", "ccc"
    small.embed_documents(["dddd", "a"])  # "bb" is now the oldest of four: evicted
    small.embed_documents(["bb"])
    assert sum(rows for rows, _ in counting.calls) == 5


def test_a_text_given_twice_for_its_pieces_is_run_once(embedder: LocalEmbedder) -> None:
    pieces, counting = _counting(embedder)
    found = pieces.embed_with_tokens([TEXTS[4], TEXTS[6], TEXTS[4]])
    assert sum(rows for rows, _ in counting.calls) == 2
    assert found[0].vector == found[2].vector and found[0].vector != found[1].vector
    assert np.array_equal(found[0].spans, found[2].spans)


def test_embed_each_runs_asks_of_near_lengths_in_one_pass_and_shares_the_cache(embedder: LocalEmbedder) -> None:
    each, counting = _counting(embedder)
    each.embed_documents(["a question"])
    counting.calls.clear()
    assert each.embed_each(["a question", "an ask", "an ask", "a longer ask than that"])
    assert [rows for rows, _ in counting.calls] == [2]  # the known text is not run again; the two asks share a pass
    counting.calls.clear()
    each.embed_each([TEXTS[5], "which team"])  # a short ask is not padded to a long one's length
    assert [rows for rows, _ in counting.calls] == [1, 1]


def test_texts_embedded_together_get_the_vectors_each_gets_alone(embedder: LocalEmbedder) -> None:
    # A question's asks share a padded pass; the padding is masked out, so each vector is the one its own forward
    # pass gives, to the last bit (the search and the document reads must not change with how many asks there are).
    asks = ["which service did the rollback affect", "who approved it", "when was the export job restored",
            "what changed in the retry budget", *TEXTS[:3]]
    together, counting = _counting(embedder)
    found = together.embed_each(asks)
    assert len(counting.calls) < len(asks)
    alone = [embedder.with_empty_cache().embed_each([a])[0] for a in asks]  # one text: a pass of its own
    assert found == alone and found[0] != found[1]


def test_unpadded_vectors_agree_with_batched_ones(embedder: LocalEmbedder) -> None:
    batched = np.array(embedder.with_empty_cache().embed_documents(TEXTS))
    each = np.array(embedder.with_empty_cache().embed_each(TEXTS))
    assert np.allclose(batched, each, atol=1e-6)
    assert float(batched[1] @ batched[2]) < 0.99  # different texts: the comparison is not trivially true


def test_texts_of_very_different_lengths_are_not_padded_to_one_batch(embedder: LocalEmbedder) -> None:
    grouped, counting = _counting(embedder)
    grouped.embed_documents([TEXTS[5], "rollback", "which service", "an ask"])
    assert len(counting.calls) == 2 and counting.calls[1][1] < counting.calls[0][1] // 4


def test_pieces_carry_the_sentence_vector_and_slice_the_text(embedder: LocalEmbedder) -> None:
    passes = embedder.with_empty_cache().embed_with_tokens(TEXTS[3:6])
    for text, found in zip(TEXTS[3:6], passes, strict=True):
        pooled = found.tokens.mean(axis=0)  # [CLS] and [SEP] are pooled too, so close, not equal
        assert float(pooled @ np.array(found.vector)) / float(np.linalg.norm(pooled)) > 0.95
        assert all(text[a:b].strip() for a, b in found.spans)


@pytest.fixture(scope="module")
def torch_embedder() -> LocalEmbedder:
    return LocalEmbedder(runtime="torch")


def test_onnx_vectors_are_the_torch_vectors_with_the_same_neighbours(
        embedder: LocalEmbedder, torch_embedder: LocalEmbedder) -> None:
    onnx = np.array(embedder.with_empty_cache().embed_documents(TEXTS))
    reference = np.array(torch_embedder.embed_documents(TEXTS))
    assert float((onnx * reference).sum(axis=1).min()) >= 0.9999
    for row in range(len(TEXTS)):
        assert list(np.argsort(-(onnx @ onnx[row]))[:5]) == list(np.argsort(-(reference @ reference[row]))[:5])


def test_onnx_piece_vectors_are_the_torch_ones(embedder: LocalEmbedder, torch_embedder: LocalEmbedder) -> None:
    onnx = embedder.with_empty_cache().embed_with_tokens(TEXTS[4:6])
    reference = torch_embedder.embed_with_tokens(TEXTS[4:6])
    for ours, theirs in zip(onnx, reference, strict=True):
        assert ours.spans.tolist() == theirs.spans.tolist()
        assert np.allclose(ours.tokens, theirs.tokens, atol=1e-4)


def test_word_vectors_come_from_the_models_own_input_table(embedder: LocalEmbedder) -> None:
    retention, retain, invoice = (np.array(v) for v in embedder.word_vectors(["retention", "retain", "invoice"]))
    assert float(retention @ retain) > float(retention @ invoice)
    assert np.isclose(float(np.linalg.norm(invoice)), 1.0)


def test_a_word_s_vector_is_the_same_alone_or_with_others(embedder: LocalEmbedder) -> None:
    # The words of one call are tokenised together: each keeps its own pieces, so its vector is the one it gets
    # alone, to the last bit (the similarity caches mix vectors from calls of any size).
    words = ["retention", "on-call", "x", "", "émigré"]
    together = embedder.word_vectors(words)
    assert together == [embedder.word_vectors([w])[0] for w in words]
    assert embedder.word_vectors([]) == [] and together[0] != together[1]


def test_words_embedded_in_one_batch_get_the_vectors_each_gets_alone(embedder: LocalEmbedder) -> None:
    # Words of different piece counts share a padded batch; the padding is masked out, so each vector is the one
    # its own forward pass gives, to the last bit (answers must not change with the batch size).
    words = ["restore", "recover", "on-call", "escalation", "throughput", "x", "reimbursement", "rollback"]
    batched, counting = _counting(embedder)
    together = batched.embed_words(words)
    assert len(counting.calls) < len(words)
    alone = [embedder.with_empty_cache().embed_each([w])[0] for w in words]
    assert together == alone and together[0] != together[1]


def test_load_brings_in_every_model_part_before_first_use() -> None:
    fresh = LocalEmbedder()
    assert not {"_tokenizer", "_forward", "_word_table"} & set(vars(fresh))
    fresh.load()
    assert {"_tokenizer", "_forward", "_word_table"} <= set(vars(fresh))


def test_word_pieces_are_the_tokenizer_calls_own_even_after_a_truncating_encode(embedder: LocalEmbedder) -> None:
    # word_vectors reads the fast tokenizer's batch encoder directly; _encode leaves truncation set on the shared
    # tokenizer, which must not cut a word of many pieces ("a-a-a-...": 160; the plain call switches it off, and so
    # does the reader).
    embedder._encode(["a passage long enough to be cut " * 40])
    words = ["retention", "on-call", "", " ", "émigré", "İd", "ß", "autoscalerPromQL", "x" * 90 + "y" * 90, "a b",
             "a-" * 80]
    assert _word_pieces(embedder._tokenizer, words) == embedder._tokenizer(words, add_special_tokens=False)[
        "input_ids"]
    assert embedder._encode(["a passage long enough to be cut " * 40])["input_ids"][0] == embedder._tokenizer(
        ["a passage long enough to be cut " * 40], truncation=True, max_length=embedder.max_seq_length)[
        "input_ids"][0]
