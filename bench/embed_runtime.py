"""The embedder's forward passes, before and after: torch as the ingest ran it (sentence-transformers, batches of 16
by character length) against ONNX Runtime with batches by piece count, on the same passages, side by side.

    .venv/bin/python bench/embed_runtime.py CORPUS_DIR [--documents 60] [--rounds 2] [--threads 1]

Each document's passages are one call, as in the ingest (extraction/span_vectors.py). The sides alternate per round
and the CPU seconds (this process, every thread) are summed per side, so a busy machine slows both alike. Printed:
CPU and wall seconds per side and their ratios, word pieces computed (padding included) against those the texts
have, and the quality gate: cosine of each passage's two vectors (min, mean) and how many of each passage's 5
nearest passages both sides agree on.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction.embeddings import LocalEmbedder, _model_path
from extraction.loaders import Loaded, iter_documents
from extraction.model_runtime import length_groups
from extraction.passages import passages


def sentence_transformers_side(threads: int) -> Callable[[list[str]], np.ndarray]:
    """What the ingest ran before ONNX Runtime: SentenceTransformer.encode, normalised, batches of 16."""
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(threads)
    model = SentenceTransformer(_model_path(), device="cpu", local_files_only=True)
    model.max_seq_length = LocalEmbedder.max_seq_length
    return lambda texts: np.asarray(model.encode(texts, batch_size=16, normalize_embeddings=True,
                                                 show_progress_bar=False))


def padded_pieces(lengths: list[int], chars: list[int]) -> tuple[int, int]:
    """Pieces computed by batches of 16 in character-length order (before) and by length_groups (after)."""
    order = sorted(range(len(lengths)), key=lambda i: -chars[i])
    before = sum(max(lengths[i] for i in order[k:k + 16]) * len(order[k:k + 16]) for k in range(0, len(order), 16))
    after = sum(lengths[g[0]] * len(g) for g in length_groups(lengths, 16))
    return before, after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--documents", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args()

    documents = [o.document for o in iter_documents([args.corpus]) if isinstance(o, Loaded)][: args.documents]
    per_document = [[p.indexed_text(d) for p in passages(d)] for d in documents]
    onnx = LocalEmbedder(threads=args.threads)
    sides: dict[str, Callable[[list[str]], np.ndarray]] = {
        "torch (before)": sentence_transformers_side(args.threads),
        "onnx (after)": lambda texts: np.array(onnx.with_empty_cache().embed_documents(texts)),
    }
    cpu = dict.fromkeys(sides, 0.0)
    wall = dict.fromkeys(sides, 0.0)
    vectors: dict[str, np.ndarray] = {}
    for side in sides.values():
        side(["warm up"])
    for round_ in range(args.rounds):
        for name in (list(sides) if round_ % 2 == 0 else list(sides)[::-1]):
            started, cpu_started = time.perf_counter(), time.process_time()
            vectors[name] = np.concatenate([sides[name](texts) for texts in per_document if texts])
            wall[name] += time.perf_counter() - started
            cpu[name] += time.process_time() - cpu_started

    lengths = [[len(ids) for ids in onnx._encode(texts)["input_ids"]] for texts in per_document if texts]
    chars = [[len(t) for t in texts] for texts in per_document if texts]
    before, after = map(sum, zip(*(padded_pieces(n, c) for n, c in zip(lengths, chars, strict=True)), strict=True))
    real = sum(map(sum, lengths))
    old, new = vectors["torch (before)"], vectors["onnx (after)"]
    cosine = (old * new).sum(axis=1)
    top_old = np.argsort(-(old @ old.T), axis=1)[:, 1:6]
    top_new = np.argsort(-(new @ new.T), axis=1)[:, 1:6]
    overlap = np.mean([len(set(a) & set(b)) / 5 for a, b in zip(top_old, top_new, strict=True)])
    identical = np.mean([list(a) == list(b) for a, b in zip(top_old, top_new, strict=True)])
    for name in sides:
        print(f"{name:<16} cpu {cpu[name]:7.2f} s  wall {wall[name]:7.2f} s")
    names = list(sides)
    print(f"cpu ratio after/before {cpu[names[1]] / cpu[names[0]]:.2f}  "
          f"wall ratio {wall[names[1]] / wall[names[0]]:.2f}")
    print(f"passages {len(old)}  pieces {real}  computed before {before} (+{before / real - 1:.1%})  "
          f"after {after} (+{after / real - 1:.1%})")
    print(f"cosine min {cosine.min():.7f} mean {cosine.mean():.7f}  top-5 overlap {overlap:.4f}  "
          f"identical top-5 lists {identical:.4f}")


if __name__ == "__main__":
    main()
