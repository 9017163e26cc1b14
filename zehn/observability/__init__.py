"""Metrics (Prometheus), structured logs (JSON lines) and the request id that ties a log line to an answer."""
