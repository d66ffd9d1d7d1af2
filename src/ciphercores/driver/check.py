# SPDX-License-Identifier: Apache-2.0
"""Random-stream check of a device against the reference model (used by the tests).

Messages of random length, each under a new random key (and, on cores with several ciphers for
their parameters, a random one of them), random directions per transfer, random idle on the
input and random back-pressure on the output made by the transport; every output block is
compared with the model, in order, so a lost, duplicated or reordered block fails.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .. import models
from .device import Device


def random_stream_check(dev: Device, total: int, seed: int,
                        sizes: Sequence[int] = (1, 2, 5, 50, 200, 1000),
                        idles: Sequence[float] = (0.0, 0.1, 0.5),
                        backpressures: Sequence[float] = (0.0, 0.2, 0.6)) -> dict:
    """Push ``total`` random blocks through ``dev``; raise AssertionError on any mismatch.
    Returns counts (blocks, messages, cycles)."""
    rng = random.Random(seed)
    lanes, bs = dev.layout.lanes, dev.block_size
    decrypts = dev.core.decrypts(dev.params)
    done = msgs = cycles = 0
    while done < total:
        n = min(total - done, rng.choice(sizes))
        cipher = rng.choice(dev.ciphers)
        spec = models.spec(cipher)
        key = rng.randbytes(rng.choice([s for s in spec.key_sizes
                                        if 8 * s <= dev.layout.key_bits]))
        dev.set_key(key, cipher)
        model = spec.model(key)
        groups = -(-n // lanes)
        # directions mixed, or encryptions alone on an encrypt-only build
        dirs = bytes(rng.getrandbits(1) if decrypts else 0 for _ in range(groups))
        data = rng.randbytes(groups * lanes * bs)
        out, c = dev.transport.stream(data, dirs, idle=rng.choice(idles),
                                      backpressure=rng.choice(backpressures),
                                      seed=rng.getrandbits(63))
        cycles += c
        bad = []
        for i in range(groups * lanes):
            blk = data[i * bs:(i + 1) * bs]
            want = model.decrypt_block(blk) if dirs[i // lanes] else model.encrypt_block(blk)
            if out[i * bs:(i + 1) * bs] != want:
                bad.append(i)
        if bad:
            i = bad[0]
            raise AssertionError(
                f"{dev.core.name} {dev.params} message {msgs} ({cipher}, {n} blocks): "
                f"{len(bad)} blocks wrong; first #{i} "
                f"{'dec' if dirs[i // lanes] else 'enc'} in={data[i * bs:(i + 1) * bs].hex()} "
                f"got={out[i * bs:(i + 1) * bs].hex()}")
        done += n
        msgs += 1
    return {"blocks": done, "messages": msgs, "cycles": cycles}
