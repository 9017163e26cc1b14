# The ZEHN app image; FalkorDB runs in its own container (see docker-compose.yml).
FROM python:3.11-slim
WORKDIR /app
COPY requirements/ requirements/
# torch first and pinned, before anything that would pull another build of it. (Point pip at a CPU-only torch
# index of your choice with PIP_EXTRA_INDEX_URL to keep the image small.)
RUN pip install --no-cache-dir -r requirements/torch.txt \
 && pip install --no-cache-dir -r requirements/lock.txt
COPY pyproject.toml README.md ./
COPY zehn/ zehn/
COPY extraction/ extraction/
COPY traversal_policy/ traversal_policy/
COPY verify/ verify/
RUN pip install --no-cache-dir --no-deps .
# Export the packaged embedding model to ONNX once, into the image (extraction/onnx_export.py; nothing is
# downloaded), so a new container does not spend its first seconds exporting it again.
RUN python -c "from extraction.embeddings import LocalEmbedder; LocalEmbedder().embed_query('warm up')"
# The data dir holds the API tokens (hashed, tokens.json) and uploads: mount a volume on it (docker-compose.yml).
ENV HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 ZEHN_DATA_DIR=/data
EXPOSE 8000
CMD ["zehn", "serve", "--ingest-sample"]
