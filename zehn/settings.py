"""Typed settings, read once at start-up from the environment (prefix ``ZEHN_``) and ``.env``.

Nothing happens at import: call :func:`load_settings` where the process starts (CLI, server) and pass the object on.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Literal

from pydantic import AliasChoices, Field, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ZEHN_", env_file=".env", extra="ignore")

    data_dir: Path = Field(default=Path("data"), description="Where the embedded FalkorDB keeps its files.")
    graph_name: str = Field(default="zehn", description="Named graph holding the user's knowledge.")
    falkordb_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices("FALKORDB_URL", "ZEHN_FALKORDB_URL"),
        description="External FalkorDB (redis://host:port). Unset: ZEHN starts an embedded server.",
    )
    query_timeout_ms: int = Field(default=10_000, ge=100, description="Per-query timeout given to FalkorDB.")
    max_document_bytes: int = Field(default=10 * 1024 * 1024, ge=1, description="Larger files are rejected.")
    policy_file: Path | None = Field(default=None, description="Traversal policy; unset: the bundled default.")
    model_cache_dir: Path | None = Field(default=None, description="Where the embedding model's ONNX graph is kept "
                                         "after its local export at first use; unset: ~/.cache/zehn/models.")

    # Operating the graph server (see zehn/graph_server): restarts, readiness, the ingest writer lease.
    restart_backoff_s: float = Field(default=0.5, gt=0, description="First delay before restarting a dead server.")
    restart_backoff_cap_s: float = Field(default=30.0, gt=0, description="Longest delay between restart attempts.")
    ready_wait_s: float = Field(default=600.0, ge=0, description="How long commands wait for a warming graph.")
    ingest_wait_s: float = Field(default=3600.0, ge=0, description="How long an ingest waits for another one "
                                 "writing the same graph to finish.")
    test_pause_after_step: str | None = Field(default=None, description="Test hook: an ingest stops after this "
                                              "step of a document's ingest until it is killed.")

    # Access control (zehn/access, zehn/api/guard.py). Tokens live hashed in <data_dir>/tokens.json (`zehn token`).
    require_token: bool = Field(default=False, description="Require a token for every API request even on "
                                "loopback (e.g. behind a reverse proxy on the same host). Beyond loopback it is "
                                "always required.")
    trusted_hosts: Annotated[list[str], NoDecode] = Field(
        default=["127.0.0.1", "localhost", "::1"],
        description="Host header names accepted (comma-separated; '*.example.com' for subdomains, '*' for any).")
    max_request_bytes: int = Field(default=1024 * 1024, ge=1024, description="Largest request body (413 above).")
    max_upload_bytes: int = Field(default=100 * 1024 * 1024, ge=1024, description="Largest upload body "
                                  "(POST /api/ingest).")
    rate_limit: str = Field(default="600/minute", description="Requests per caller (the limits library's notation, "
                            "e.g. '600/minute;20/second'); empty: no limit.")
    history_max_per_user: int = Field(default=1000, ge=0, description="Answers kept per user (oldest go first); "
                                      "0: no cap.")
    history_max_age_days: float = Field(default=90.0, ge=0, description="Answers older than this are deleted "
                                        "when a new one is stored; 0: kept.")
    history_prune_every: int = Field(default=16, ge=1, description="Retention (the two limits above) runs on the "
                                     "first answer stored and then on every this many; 1: on every answer.")

    host: str = "127.0.0.1"
    port: int = 8000
    log_format: Literal["json", "text"] = Field(
        default="json", description="Server logs (serve, mcp): one JSON object per line, or plain text.")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"

    # OpenAI-compatible model endpoint; unset means deterministic mode (no key, no network).
    llm_base_url: str | None = None
    llm_api_key: str | None = None
    llm_model: str | None = None
    llm_timeout_s: float = 60.0
    llm_max_steps: int = 8
    # `zehn ingest`: "auto" reads with the model as well when one is configured (quote-checked, see
    # extraction/model_extraction.py); "deterministic" never calls it; "model" requires it.
    extraction: Literal["auto", "deterministic", "model"] = "auto"

    @field_validator("trusted_hosts", mode="before")
    @classmethod
    def _hosts(cls, value: object) -> object:
        """``ZEHN_TRUSTED_HOSTS=a.example.com,localhost`` (a JSON list works too)."""
        if isinstance(value, str):
            text = value.strip()
            if text.startswith("["):
                return json.loads(text)
            return [h.strip() for h in text.split(",") if h.strip()]
        return value


def load_settings(**overrides: object) -> Settings:
    """Read settings from the environment, with explicit overrides (CLI flags) taking precedence."""
    clean = {k: v for k, v in overrides.items() if v is not None}
    return Settings(**clean)  # type: ignore[arg-type]
