# SPDX-License-Identifier: Apache-2.0
"""The transport interface: how the driver reaches one core instance.

A transport owns one core (a Verilator model now; later a board behind a link) and offers the
three things the stream interface of docs/interface.md needs: reset, one key handshake, and a
stream of transfers in, as many out. Everything above it (the :class:`~.device.Device`, the
host modes, the CLI) only talks to this class.

Bytes cross the interface in the cipher's byte order, exactly as a file holds them; the
transport lays them out on the ports with :class:`~.layout.PortLayout` (which a board-side
bridge must follow too).

Adding a real board link (UART, PCIe, Ethernet) means one subclass:

- ``__init__`` opens the link (serial port, PCIe BAR, socket) and checks that the bitstream on
  the board is the expected core and parameters (e.g. by an ID register or a hello message);
- ``reset`` asserts the core's ``rst`` (a command to the board-side bridge);
- ``load_key`` sends the key bytes and length, the bridge performs the ``s_key`` handshake;
  ``load_iv`` likewise for the IV of a hardware mode core (``MODE(CORE)``);
- ``packets`` (GCM cores, ``layout.packets``) sends beats with their ``tkeep``/``tlast``/
  ``tuser`` to ``s_iv``/``s_axis`` in order and returns as many ``m_axis`` beats as asked;
- ``stream`` sends the transfers as a byte stream (with flow control on the link), the bridge
  feeds ``s_axis`` and returns ``m_axis`` in order; it returns the bytes and, if the bridge
  counts them, the core's clock cycles (else 0);
- ``close`` resets the core (wiping its key) and closes the link.

Register it in :data:`TRANSPORTS`; ``open_core(name, transport="uart", port="/dev/ttyUSB0")``
then reaches it, and nothing above changes.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from ..cores import Core, Params
from .layout import Beat, PortLayout


class Transport(ABC):
    """One core instance behind some link. Not thread-safe; one user at a time."""

    #: short name for reports ("verilator", "uart", ...)
    kind: str = ""
    #: does ``stream`` count real clock cycles of the core?
    counts_cycles: bool = False

    def __init__(self, core: Core, params: Params):
        self.core = core
        self.params = core.params(params)
        self.layout = PortLayout.of(core, self.params)

    @abstractmethod
    def reset(self) -> int:
        """Pulse ``rst``: the core empties and wipes its keys. Returns the cycles it took."""

    @abstractmethod
    def load_key(self, key: bytes) -> int:
        """One key handshake (``s_key_tlen`` = ``len(key)`` where the port exists), then wait
        until the core takes blocks again. Returns the cycles from the offer to that point."""

    def load_iv(self, iv: bytes) -> int:
        """One IV handshake (hardware mode cores only, ``layout.iv_port``): starts a new
        message. Returns the cycles it took."""
        from ..errors import DriverError

        raise DriverError(f"{self.kind} transport: no IV port support")

    def packets(self, beats: Sequence[Beat], n_out: int, *, idle: float = 0.0,
                backpressure: float = 0.0, seed: int = 0) -> tuple[list[Beat], int]:
        """GCM cores (``layout.packets``): offer ``beats`` in order, each on its port
        (``Beat.iv``: ``s_iv``, else ``s_axis``) once the one before was taken, and collect
        ``n_out`` beats of ``m_axis``. Returns them and the clock cycles used."""
        from ..errors import DriverError

        raise DriverError(f"{self.kind} transport: no packet port support")

    @abstractmethod
    def stream(self, data: bytes, decrypt: bool | bytes = False, *, idle: float = 0.0,
               backpressure: float = 0.0, seed: int = 0) -> tuple[bytes, int]:
        """Send ``data`` (a whole number of transfers of ``layout.group_bytes``) through the
        core; ``decrypt`` is one direction for all, or one byte (0/1) per transfer. Returns the
        output bytes, in order, and the clock cycles used. ``idle``/``backpressure`` ask for
        random gaps on the input and random stalls on the output (seeded), where the transport
        can make them (a simulator can; a board link may ignore them)."""

    @abstractmethod
    def close(self) -> None:
        """Reset the core (no key survives) and release the link. Idempotent."""

    def describe(self) -> str:
        """One line for ``-v`` output: what runs where."""
        return f"{self.kind} transport"


#: transport name -> class, filled by the modules that implement one
TRANSPORTS: dict[str, type[Transport]] = {}


def register_transport(name: str):
    def deco(cls: type[Transport]) -> type[Transport]:
        TRANSPORTS[name] = cls
        cls.kind = name
        return cls

    return deco
