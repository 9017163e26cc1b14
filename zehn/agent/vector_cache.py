"""A bounded LRU of vectors by text, safe across threads: the similarity caches (words, texts, terms) each keep one."""

from __future__ import annotations

import threading
from collections import OrderedDict

import numpy as np


class VectorCache:
    """A bounded LRU that answers from several threads (the API's workers and the background embedder)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self.items: OrderedDict[str, np.ndarray] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: str) -> np.ndarray | None:
        with self._lock:
            found = self.items.get(key)
            if found is not None:
                self.items.move_to_end(key)
            return found

    def put(self, key: str, value: np.ndarray) -> None:
        with self._lock:
            self.items[key] = value
            if len(self.items) > self.size:
                self.items.popitem(last=False)
