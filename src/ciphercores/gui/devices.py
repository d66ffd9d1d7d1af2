# SPDX-License-Identifier: Apache-2.0
"""The GUI's device pool: one open device per core build, one request at a time on each, at
most :data:`~.limits.MAX_OPEN` open (the least recently used idle one closed first), opened
one at a time, the core reset (its key registers wiped) after every request."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager

from .. import cores
from ..driver import Device, open_core
from ..errors import CipherCoresError
from . import limits


class _Entry:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.device: Device | None = None
        self.active = 0  # requests inside the lock now (never above 1)
        self.waiting = 0  # requests holding or waiting for the lock (an entry in use)
        self.max_active = 0
        self.uses = 0

    def shut(self) -> bool:
        """Close the device if open (called with ``lock`` held); whether it was."""
        if self.device is None:
            return False
        self.device.close()
        self.device = None
        return True

    def wipe(self) -> None:
        """After a request: no progress callback, the key wiped (a device that cannot wipe
        it is closed)."""
        try:
            self.device.progress = None
            self.device.clear_key()
        except CipherCoresError:
            self.shut()


class DevicePool:
    """Open devices, one per (core, parameters), kept open between requests (a build is opened
    once), at most ``max_open`` of them: opening another closes the least recently used one
    that no request holds. Opening (which may build the Verilator model) is one at a time. The
    driver's devices are not thread-safe: each has a lock and serves one request at a time;
    requests for different builds run side by side. After every request the core is reset,
    which wipes its key registers."""

    def __init__(self, options: dict | None = None, max_open: int | None = None):
        self._lock = threading.Lock()
        self._open_lock = threading.Lock()  # one opening (build) at a time
        self._entries: OrderedDict[tuple, _Entry] = OrderedDict()  # least recently used first
        self.options = {"quiet": True, **(options or {})}
        self.max_open = limits.MAX_OPEN if max_open is None else max_open
        self.closed = 0  # devices closed to make room (for tests)

    def _evict(self) -> list[_Entry]:
        """Entries to close so that one more fits (called with ``_lock`` held)."""
        out = []
        for key in list(self._entries):
            if len(self._entries) - len(out) < self.max_open:
                break
            e = self._entries[key]
            if e.waiting == 0:
                del self._entries[key]
                out.append(e)
        return out

    def _claim(self, key: tuple) -> tuple[_Entry, list[_Entry]]:
        """The entry of ``key`` (new if need be, made the most recently used), counted as
        waiting, and the entries evicted to make room for it."""
        with self._lock:
            entry = self._entries.get(key)
            evicted = []
            if entry is None:
                evicted = self._evict()
                entry = self._entries[key] = _Entry()
            self._entries.move_to_end(key)
            entry.waiting += 1
        return entry, evicted

    def _open(self, entry: _Entry, core: cores.Core, params: dict[str, int],
              opened: dict | None) -> None:
        t0 = time.perf_counter()
        with self._open_lock:
            entry.device = open_core(core, options=self.options, **params)
        if opened is not None:
            opened.update(seconds=round(time.perf_counter() - t0, 3),
                          built=bool(getattr(entry.device.transport, "built", False)))

    @contextmanager
    def use(self, core: cores.Core, params: dict[str, int],
            opened: dict | None = None) -> Iterator[Device]:
        """The open device of ``core`` with ``params``, opened first if need be; then
        ``opened`` (if given) gets ``seconds`` (the opening's wall time) and ``built`` (whether
        the Verilator model was built for it)."""
        entry, evicted = self._claim((core.name, tuple(sorted(params.items()))))
        try:
            for e in evicted:
                with e.lock:
                    self.closed += e.shut()
            with entry.lock:
                entry.active += 1
                entry.max_active = max(entry.max_active, entry.active)
                try:
                    if entry.device is None:
                        self._open(entry, core, params, opened)
                    entry.uses += 1
                    try:
                        yield entry.device
                    finally:
                        entry.wipe()
                finally:
                    entry.active -= 1
        finally:
            with self._lock:
                entry.waiting -= 1

    def is_open(self, core: cores.Core, params: dict[str, int]) -> bool:
        with self._lock:
            entry = self._entries.get((core.name, tuple(sorted(params.items()))))
        return entry is not None and entry.device is not None

    def stats(self) -> dict[str, dict]:
        """Per build (least recently used first): uses and the most requests ever inside it at
        once (for tests)."""
        with self._lock:
            items = list(self._entries.items())
        return {f"{name}:{','.join(f'{k}={v}' for k, v in params)}":
                {"uses": e.uses, "max_active": e.max_active, "open": e.device is not None}
                for (name, params), e in items}

    def close(self) -> None:
        with self._lock:
            entries = list(self._entries.values())
            self._entries.clear()
        for e in entries:
            with e.lock:
                e.shut()


__all__ = ["DevicePool"]
