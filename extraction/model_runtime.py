"""The MiniLM forward pass: word-piece ids in, each piece's output vector out, on ONNX Runtime or torch.

Both runtimes run the same fp32 weights (no quantisation: int8 cost retrieval quality). ONNX Runtime (the default)
runs the graph exported from them (extraction/onnx_export.py) with its operator fusions; measured on 749 Redwood
passages, one thread, side by side with the sentence-transformers pass the ingest ran before (bench/embed_runtime.py,
padding cut included): 0.45x its CPU time, cosine >= 0.9999999, identical top-5 neighbours. (ONNX Runtime's own
transformer optimizer, fused Attention ops, was measured ~15% slower than these session-level fusions on one thread.)
torch stays selectable (``runtime="torch"``): the reference the ONNX graph is checked against.

Batches: a batch is padded to its longest text, and every padded piece costs what a real one does. Texts are
grouped by :func:`length_groups`, which sorts them by piece count and cuts the sorted run where padding would cost
more than one more call.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np

from extraction.errors import EmbedderUnavailable
from extraction.onnx_export import INPUTS, exported_model

Runtime = Literal["onnx", "torch"]

# What one more forward call costs, in padded pieces. Measured on one ONNX Runtime thread (busy machine, CPU time):
# one text of 4 pieces 3.3 ms, of 128 pieces 17.2 ms, i.e. ~2.8 ms a call and ~0.11 ms a piece (~25 pieces a call).
# 16 leans to less padding: on Redwood passages 1.4% more pieces than the texts have (bench/embed_runtime.py).
CALL_COST = 16


class Forward(Protocol):
    def __call__(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """(batch, pieces) ids and mask, right-padded, to the (batch, pieces, dim) float32 output vectors."""
        ...


def session_options(threads: int | None) -> Any:
    """The session's settings. Measured against the alternatives on questions one per pass, as an answer embeds them
    (bench/embed_session.py): the memory arena or memory pattern off, extended instead of all graph optimisations,
    no thread spinning: each gives bit-identical vectors and none costs less CPU (all within 2%)."""
    import onnxruntime as ort

    options = ort.SessionOptions()
    options.intra_op_num_threads = threads or 0
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.log_severity_level = 3
    return options


class OnnxForward:
    """ONNX Runtime on the CPU; ``threads`` intra-op threads (None: ONNX Runtime's default, one per core)."""

    def __init__(self, path: Path, threads: int | None) -> None:
        try:
            import onnxruntime as ort
            from onnxruntime.capi.onnxruntime_pybind11_state import Fail, InvalidGraph, InvalidProtobuf, NoSuchFile
        except ImportError as exc:
            raise EmbedderUnavailable(f"onnxruntime is not installed: {exc}") from exc
        try:
            self._session = ort.InferenceSession(str(path), session_options(threads),
                                                 providers=["CPUExecutionProvider"])
        except (Fail, InvalidGraph, InvalidProtobuf, NoSuchFile) as exc:
            raise EmbedderUnavailable(f"cannot load the exported model {path} (delete it to export again): "
                                      f"{exc}") from exc

    def __call__(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        feed = dict(zip(INPUTS, (ids, mask, np.zeros_like(ids)), strict=True))
        return np.asarray(self._session.run(None, feed)[0])


class TorchForward:
    """The packaged model in torch (eager CPU, inference mode); ``threads`` sets torch's process-wide count."""

    def __init__(self, model_dir: Path, threads: int | None) -> None:
        import torch
        from transformers import AutoModel

        if threads is not None:
            torch.set_num_threads(threads)
        try:
            self._model = AutoModel.from_pretrained(str(model_dir), local_files_only=True).eval()
        except OSError as exc:
            raise EmbedderUnavailable(f"cannot load the packaged model at {model_dir}: {exc}") from exc

    def __call__(self, ids: np.ndarray, mask: np.ndarray) -> np.ndarray:
        import torch

        with torch.inference_mode():
            out = self._model(input_ids=torch.from_numpy(ids), attention_mask=torch.from_numpy(mask),
                              token_type_ids=torch.zeros_like(torch.from_numpy(ids)))
            return np.asarray(out.last_hidden_state.numpy())


def load_forward(runtime: Runtime, model_dir: Path, threads: int | None, cache_dir: Path | None = None) -> Forward:
    if runtime == "onnx":
        return OnnxForward(exported_model(model_dir, cache_dir), threads)
    return TorchForward(model_dir, threads)


def length_groups(lengths: Sequence[int], max_batch: int, call_cost: int = CALL_COST) -> list[list[int]]:
    """Indexes of ``lengths`` in batches of at most ``max_batch``, longest first, that minimise padded pieces
    plus ``call_cost`` per batch: an optimal cut of the sorted run (a batch of sorted texts is padded to its
    first)."""
    order = sorted(range(len(lengths)), key=lambda i: -lengths[i])
    size = [lengths[i] for i in order]
    cost = [0] + [0] * len(order)
    cut = [0] * (len(order) + 1)
    for end in range(1, len(order) + 1):
        options = ((cost[start] + size[start] * (end - start) + call_cost, start)
                   for start in range(max(0, end - max(1, max_batch)), end))
        cost[end], cut[end] = min(options)
    groups: list[list[int]] = []
    end = len(order)
    while end:
        groups.append(order[cut[end]:end])
        end = cut[end]
    return groups[::-1]


def forward_each(forward: Forward, pieces: Sequence[Sequence[int]], max_batch: int) -> list[np.ndarray]:
    """Each text's (pieces, dim) output vectors, its padding left out, in the order given."""
    out: list[np.ndarray] = [np.zeros(0)] * len(pieces)
    for group in length_groups([len(p) for p in pieces], max_batch):
        width = len(pieces[group[0]])
        ids = np.zeros((len(group), width), np.int64)
        mask = np.zeros((len(group), width), np.int64)
        for row, index in enumerate(group):
            ids[row, :len(pieces[index])] = pieces[index]
            mask[row, :len(pieces[index])] = 1
        hidden = forward(ids, mask)
        for row, index in enumerate(group):
            out[index] = hidden[row, :len(pieces[index])]
    return out
