"""What int8 dynamic quantisation of the exported embedding graph would buy and cost, side by side, in one run.

    .venv/bin/python bench/embed_quantised.py CORPUS_DIR [--documents 40] [--rounds 2]

The fp32 graph is the one the ingest runs (extraction/onnx_export.py); the int8 one is ONNX Runtime's
``quantize_dynamic`` of it (int8 weights, per channel, written to a temp dir, never to the model cache). Both run
on one thread over the same passages (the ingest's passage texts, batched as the ingest batches them), alternating
per round; printed: CPU seconds per side and their ratio, and the quality gate the fp32 runtime was held to: cosine
of each passage's two vectors (min, mean) and how many of each passage's 5 nearest passages both sides agree on.
Nothing here changes what the ingest runs: the numbers are the measurement behind keeping fp32.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from extraction.embeddings import LocalEmbedder, _model_path
from extraction.loaders import Loaded, iter_documents
from extraction.model_runtime import Forward, OnnxForward, forward_each
from extraction.onnx_export import exported_model
from extraction.passages import passages

NEIGHBOURS = 5


def vectors(forward: Forward, pieces: list[list[int]], batch: int) -> np.ndarray:
    """The texts' pooled, L2-normalised vectors (the embedder's own pooling)."""
    pooled = np.stack([h.mean(axis=0) for h in forward_each(forward, pieces, batch)])
    return np.asarray(pooled / np.linalg.norm(pooled, axis=1, keepdims=True))


def neighbour_agreement(a: np.ndarray, b: np.ndarray) -> float:
    """The mean share of each text's nearest texts (itself left out) that both sets of vectors agree on."""
    near_a = np.argsort(-(a @ a.T), axis=1)[:, 1 : NEIGHBOURS + 1]
    near_b = np.argsort(-(b @ b.T), axis=1)[:, 1 : NEIGHBOURS + 1]
    return float(np.mean([len(set(x) & set(y)) / NEIGHBOURS for x, y in zip(near_a, near_b, strict=True)]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("corpus", type=Path)
    parser.add_argument("--documents", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    from onnxruntime.quantization import QuantType, quantize_dynamic

    embedder = LocalEmbedder()
    documents = [o.document for o in iter_documents([args.corpus]) if isinstance(o, Loaded)][: args.documents]
    texts = [p.indexed_text(d) for d in documents for p in passages(d)]
    pieces = [list(ids) for ids in embedder._encode(texts)["input_ids"]]
    fp32_path = exported_model(Path(_model_path()))
    with tempfile.TemporaryDirectory() as scratch:
        int8_path = Path(scratch) / "int8.onnx"
        quantize_dynamic(str(fp32_path), str(int8_path), weight_type=QuantType.QInt8, per_channel=True)
        sides = {"fp32": OnnxForward(fp32_path, 1), "int8": OnnxForward(int8_path, 1)}
        seconds = dict.fromkeys(sides, 0.0)
        found: dict[str, np.ndarray] = {}
        for _ in range(args.rounds):
            for name, forward in sides.items():
                started = time.process_time()
                found[name] = vectors(forward, pieces, embedder.batch_size)
                seconds[name] += time.process_time() - started
    cosine = (found["fp32"] * found["int8"]).sum(axis=1)
    print(f"{len(texts)} passages, {sum(map(len, pieces))} word pieces, {args.rounds} round(s)")
    print(f"CPU s: fp32 {seconds['fp32']:.2f}, int8 {seconds['int8']:.2f} "
          f"(int8/fp32 {seconds['int8'] / seconds['fp32']:.2f})")
    print(f"cosine int8~fp32: min {cosine.min():.4f}, mean {cosine.mean():.4f}; "
          f"top-{NEIGHBOURS} neighbours agreeing {neighbour_agreement(found['fp32'], found['int8']):.3f}")


if __name__ == "__main__":
    main()
