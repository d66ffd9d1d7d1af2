# SPDX-License-Identifier: Apache-2.0
"""Host driver: RTL cores as block-cipher objects, reached through a transport.

    import ciphercores
    with ciphercores.open_core("speck_iter", WORD=64, KEY_WORDS=2) as dev:
        dev.set_key(key)
        out = dev.process(blocks)                  # any number of blocks, one call
        ct = modes.encrypt(dev, "ctr", data, iv)   # the host modes take the device as a cipher
        print(dev.cycles.last, dev.cycles.total)

    with ciphercores.open_core("ctr(speck_iter)") as dev:   # the mode in hardware
        dev.set_key(key)
        ct = run_mode(dev, "ctr", data, iv)        # same result, one stream, no host chaining

    with ciphercores.open_core("gcm(aes_iter)") as dev:     # GCM in hardware: a GcmDevice
        dev.set_key(key)
        ct, tag = gcm_encrypt(dev, iv, data, aad)  # or gcm_stream(...) for a message in pieces

Layers: :class:`Device` (bytes and blocks, cycle counts) over a :class:`Transport` (one core
instance behind a link: ``verilator`` now, a board later), with the byte layout of the ports
in :mod:`.layout`. See docs/architecture.md.
"""

from __future__ import annotations

from ..cores import Core, configure, split_core_spec
from ..errors import DriverError
from . import verilator as _verilator  # noqa: F401  (registers the "verilator" transport)
from .crypt import run_mode, stream_mode
from .device import Cycles, Device
from .gcm import GcmDevice, GcmStream, gcm_decrypt, gcm_encrypt, gcm_stream
from .layout import PortLayout, key_port_value
from .transport import TRANSPORTS, Transport, register_transport
from .verify import verify_core


def open_core(name: str | Core, *, cipher: str | None = None, transport: str = "verilator",
              idle: float = 0.0, backpressure: float = 0.0, seed: int | None = None,
              options: dict | None = None, **params: int) -> Device:
    """Open one instance of a registered core; use it as a context manager.

    ``name`` is a core name, optionally with parameters (``"speck_iter:WORD=32,KEY_WORDS=4"``);
    keyword arguments in capitals are more parameters (``KEY_BITS=128``). With ``cipher``
    (``"aes-192"``) the core is configured for that block cipher as the CLI and the GUI do
    (:func:`ciphercores.cores.configure`): the parameters it fixes come from it, the
    others from the name and keywords, then the defaults. ``transport`` picks
    the link (:data:`TRANSPORTS`), ``options`` are handed to it (the Verilator transport takes
    ``quiet=False`` to announce a build). The Verilator transport builds the core on first use
    and reuses the build from the cache afterwards. ``idle``/``backpressure``/``seed`` make the
    simulated streams irregular (random input gaps and output stalls, for tests). A GCM core
    (``gcm(aes_iter)``, ``gcm(aes_pipe)``) opens as a :class:`GcmDevice` (messages through
    :func:`gcm_stream`, :func:`gcm_encrypt`, :func:`gcm_decrypt`).
    """
    core, given = (name, {}) if isinstance(name, Core) else split_core_spec(name)
    given.update(params)
    p = configure(core, cipher, given) if cipher else core.params(given)
    try:
        cls = TRANSPORTS[transport]
    except KeyError:
        raise DriverError(f"unknown transport {transport!r} "
                          f"(known: {', '.join(sorted(TRANSPORTS))})") from None
    t = cls(core, p, **(options or {}))
    try:
        dev_cls = GcmDevice if t.layout.packets else Device
        return dev_cls(t, idle=idle, backpressure=backpressure, seed=seed)
    except BaseException:
        t.close()
        raise


__all__ = ["TRANSPORTS", "Cycles", "Device", "GcmDevice", "GcmStream", "PortLayout",
           "Transport", "gcm_decrypt", "gcm_encrypt", "gcm_stream", "key_port_value",
           "open_core", "register_transport", "run_mode", "stream_mode", "verify_core"]
