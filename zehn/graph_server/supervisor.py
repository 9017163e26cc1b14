"""Supervision of the graph server: notice a death, recover with bounded exponential backoff, report readiness.

One thread per process polls its target (the embedded server, or an external ``FALKORDB_URL``):

- down: an embedded server is restarted on the same port (the target reaps the dead child first); an external
  one is probed again. Attempts are spaced 0.5 s, 1 s, 2 s ... up to 30 s (the bound), and counted.
- up but loading its data, or up with an index not yet operational: ``warming_up``.
- up, every index operational: ``ready``. The backoff resets.

``snapshot()`` is what ``/api/health`` and the answer endpoints read; ``wait_ready`` blocks a command until ready.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal, Protocol

import falkordb
import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from extraction.errors import GraphUnavailable, GraphWarmingUp, ZehnError
from extraction.index_readiness import index_readiness
from zehn.graph_server.process import Probe

log = logging.getLogger("zehn.supervisor")

Mode = Literal["embedded", "external"]
State = Literal["starting", "ready", "warming_up", "restarting", "unavailable", "stopped"]
Status = Literal["ready", "warming_up", "unavailable"]
_STATUS: dict[State, Status] = {"starting": "warming_up", "ready": "ready", "warming_up": "warming_up",
                                "restarting": "unavailable", "unavailable": "unavailable",
                                "stopped": "unavailable"}


@dataclass(frozen=True)
class Backoff:
    base_s: float = 0.5
    cap_s: float = 30.0

    def delay(self, attempt: int) -> float:
        return min(self.cap_s, self.base_s * float(2 ** min(attempt, 30)))


@dataclass(frozen=True)
class SupervisorSnapshot:
    mode: Mode
    state: State
    restarts: int
    last_error: str | None
    last_restart_at: str | None
    detail: str | None  # what is not ready yet (indexes being built, data being loaded)

    @property
    def status(self) -> Status:
        return _STATUS[self.state]


class Target(Protocol):
    """What is supervised: :class:`~zehn.graph_server.EmbeddedFalkorDB` or an external server."""

    @property
    def mode(self) -> Mode: ...

    @property
    def host(self) -> str: ...

    @property
    def port(self) -> int | None: ...

    @property
    def password(self) -> str | None: ...

    def check(self) -> tuple[Probe, str | None]: ...

    def recover(self) -> str | None:
        """Restart or re-adopt the server; returns how the replaced server ended, when the target knows."""


class Supervisor:
    def __init__(self, target: Target, graph_name: str, *, backoff: Backoff | None = None,
                 interval_s: float = 0.25) -> None:
        self.target = target
        self.graph_name = graph_name
        self.backoff = backoff or Backoff()
        self.interval_s = interval_s
        self._state: State = "starting"
        self._restarts = 0
        self._attempt = 0
        self._next_attempt = 0.0
        self._last_error: str | None = None
        self._last_restart_at: str | None = None
        self._detail: str | None = None
        self._db: Any = None
        self._changed = threading.Condition()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- lifecycle -----------------------------------------------------------------------------------------------
    def start(self) -> Supervisor:
        self.tick()  # the first state is known before anyone asks
        self._thread = threading.Thread(target=self._run, name="zehn-supervisor", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)
        self._set("stopped", None)

    def _run(self) -> None:
        while not self._stop.wait(self.interval_s):
            try:
                self.tick()
            except Exception as exc:  # the supervisor must outlive any one failure; it reports it instead
                log.exception("supervisor tick failed")
                self._last_error = f"{type(exc).__name__}: {exc}"

    # -- reading -------------------------------------------------------------------------------------------------
    def snapshot(self) -> SupervisorSnapshot:
        with self._changed:
            return SupervisorSnapshot(self.target.mode, self._state, self._restarts, self._last_error,
                                      self._last_restart_at, self._detail)

    def wait_ready(self, timeout_s: float) -> SupervisorSnapshot:
        """Block until ready; GraphWarmingUp / GraphUnavailable (with the reason) when ``timeout_s`` runs out."""
        deadline = time.monotonic() + timeout_s
        with self._changed:
            while self._state != "ready" and not self._stop.is_set():
                left = deadline - time.monotonic()
                if left <= 0:
                    break
                self._changed.wait(left)
        snap = self.snapshot()
        if snap.status == "warming_up":
            raise GraphWarmingUp(f"the graph is still warming up after {timeout_s:.0f}s: {snap.detail}")
        if snap.status != "ready":
            raise GraphUnavailable(f"the graph server is {snap.state}: {snap.last_error}")
        return snap

    # -- one round -----------------------------------------------------------------------------------------------
    def tick(self) -> None:
        now = time.monotonic()
        if self._state in ("restarting", "unavailable") and now < self._next_attempt:
            return  # backing off
        if self._state in ("restarting", "unavailable"):
            self._recover()
        state, why = self.target.check()
        if state == "busy":
            return  # answering slowly (a long write): nothing changed that we know of
        if state == "down":
            self._down(why or "the graph server does not answer")
        elif state == "loading":
            self._set("warming_up", "the server is loading its data")
        else:
            self._up()

    def _recover(self) -> None:
        try:
            death = self.target.recover()
        except ZehnError as exc:
            self._last_error = str(exc)
            log.warning("graph server recovery failed: %s", exc)
            return
        if death is not None:
            self._last_error = death

    def _down(self, why: str) -> None:
        self._db = None
        if self._state not in ("restarting", "unavailable"):
            log.warning("graph server down: %s", why)
            self._attempt = 0
        else:
            self._attempt += 1
        self._last_error = why
        self._next_attempt = time.monotonic() + self.backoff.delay(self._attempt)
        self._set("restarting" if self.target.mode == "embedded" else "unavailable", None)

    def _up(self) -> None:
        was_down = self._state in ("restarting", "unavailable")
        try:
            readiness = index_readiness(self._graph())
        except redis.TimeoutError:
            return  # busy, as above
        except (redis.RedisError, OSError) as exc:
            self._down(f"{type(exc).__name__}: {exc}")
            return
        if was_down:
            self._restarts += 1
            self._last_restart_at = datetime.now(UTC).isoformat(timespec="seconds")
            log.warning("graph server back (recovery %d)", self._restarts)
        if readiness.ready:
            self._attempt = 0
            self._set("ready", None)
        else:
            self._set("warming_up", f"indexes building: {readiness.detail}")

    def _graph(self) -> Any:
        if self._db is None:
            assert self.target.port is not None
            self._db = falkordb.FalkorDB(host=self.target.host, port=self.target.port, password=self.target.password,
                                         socket_timeout=5.0, socket_connect_timeout=2.0, retry=Retry(NoBackoff(), 0))
        return self._db.select_graph(self.graph_name)

    def _set(self, state: State, detail: str | None) -> None:
        with self._changed:
            if state != self._state:
                log.info("graph server: %s%s", state, f" ({detail})" if detail else "")
            self._state, self._detail = state, detail
            self._changed.notify_all()
