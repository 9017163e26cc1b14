"""The HTTP API: ``create_app(services)`` builds the FastAPI app over injected dependencies."""

from __future__ import annotations

from zehn.api.app import create_app
from zehn.api.deps import Answerer, Services

__all__ = ["Answerer", "Services", "create_app"]
