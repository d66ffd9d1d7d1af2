# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for the hardware modes, MODE(CORE) (rtl/modes/mode_engine.v + a registered core).

Every message is an IV load and then its blocks; results are compared with the host modes
(ciphercores.modes) over the reference model, and with SP 800-38A Appendix F where the base
core implements AES. Launched by tests/rtl/test_modes_hw.py.
"""

from __future__ import annotations

import random

import cocotb

from ciphercores import cores, models, modes, vectors
from ciphercores.sim.bench import Block, CoreBench


def _key(rng: random.Random, cipher: str) -> bytes:
    spec = models.spec(cipher)
    return rng.randbytes(rng.choice(spec.key_sizes))


class ModeBench(CoreBench):
    def __init__(self, dut, seed=None):
        super().__init__(dut, seed)
        self.mode = self.core.mode
        self.base = cores.get(self.core.base)
        self.base_ciphers = self.core.block_ciphers(self.params)

    def message(self, key: bytes | None, cipher: str, iv: bytes, data: bytes,
                decrypt: bool) -> tuple[list[Block], bytes]:
        """Blocks for one message (IV load on the first, key too if given) and the expected
        output bytes from the host modes."""
        model = models.new(cipher, key if key is not None else self.last_key)
        if key is not None:
            self.last_key = key
        bs = model.block_size
        blocks = [Block(model.to_int(data[i:i + bs]), decrypt) for i in range(0, len(data), bs)]
        blocks[0].iv = model.to_int(iv)
        blocks[0].key = key
        fn = modes.decrypt if decrypt else modes.encrypt
        return blocks, fn(model, self.mode, data, iv, pad=False)

    async def run_messages(self, msgs, idle=0.0, backpressure=0.0):
        blocks: list[Block] = []
        expect = []
        for key, cipher, iv, data, decrypt in msgs:
            b, want = self.message(key, cipher, iv, data, decrypt)
            blocks += b
            expect.append((b, want))
        stats = await self.stream(blocks, idle=idle, backpressure=backpressure)
        for i, (b, want) in enumerate(expect):
            model = models.spec(msgs[i][1])
            got = b"".join(x.result.to_bytes(model.block_size, model.byteorder) for x in b)
            assert got == want, (f"message {i} ({'dec' if msgs[i][4] else 'enc'}, "
                                 f"{len(b)} blocks): got {got.hex()} want {want.hex()}")
            assert [x.user for x in b] == [int(msgs[i][4])] * len(b)
        return stats


@cocotb.test()
async def sp800_38a(dut):
    """SP 800-38A Appendix F through the RTL, encrypt and decrypt, when the core is AES."""
    tb = ModeBench(dut)
    await tb.start()
    rows = [r for r in vectors.load_table("modes/sp800_38a_appendix_f.txt")
            if r["mode"] == tb.mode and f"aes-{r['key_bits']}" in tb.base_ciphers]
    if not any(c.startswith("aes") for c in tb.base_ciphers):
        dut._log.info("%s is not AES: Appendix F does not apply", tb.base.name)
        return
    assert rows, f"no Appendix F rows for {tb.mode} and {tb.base_ciphers}"
    for r in rows:
        key, iv = bytes.fromhex(r["key"]), bytes.fromhex(r["iv"])
        pt, ct = bytes.fromhex(r["plaintext"]), bytes.fromhex(r["ciphertext"])
        cipher = f"aes-{r['key_bits']}"
        blocks, want = tb.message(key, cipher, iv, pt, False)
        assert want == ct  # the host modes agree with the standard (tested in tests/modes)
        await tb.run_messages([(key, cipher, iv, pt, False), (None, cipher, iv, ct, True)])
    dut._log.info("%d Appendix F examples passed", len(rows))


@cocotb.test()
async def messages_vs_host_modes(dut):
    """Random messages back to back (new IV each, new key some), both directions, random idle
    and back-pressure: every output equals the host modes over the reference model."""
    tb = ModeBench(dut)
    await tb.start()
    rng = random.Random(int(tb.cfg.get("seed", 1)))
    total = int(tb.cfg.get("random_blocks", 500))
    cipher = tb.base_ciphers[0]
    bs = models.spec(cipher).block_size
    done = 0
    tb.last_key = _key(rng, cipher)
    first = True
    while done < total:
        msgs = []
        for _ in range(rng.choice([1, 3, 8])):
            n = rng.choice([1, 2, 4, 17])
            key = _key(rng, cipher) if first or rng.random() < 0.3 else None
            first = False
            msgs.append((key, cipher, rng.randbytes(bs), rng.randbytes(n * bs),
                         rng.random() < 0.5))
            done += n
        await tb.run_messages(msgs, idle=rng.choice([0.0, 0.2]),
                              backpressure=rng.choice([0.0, 0.3, 0.7]))
    dut._log.info("%d blocks in random messages matched the host modes", done)


@cocotb.test()
async def timing(dut):
    """Latency = the base core's; encryption gaps as registered (serial modes: latency+1);
    CBC/CFB decryption, OFB and CTR as the table in mode_engine.v says."""
    tb = ModeBench(dut)
    await tb.start()
    rng = random.Random(3)
    cipher = tb.base_ciphers[0]
    bs = models.spec(cipher).block_size
    key = _key(rng, cipher)
    tb.last_key = key
    cp = tb.core.cycle_params(tb.params, key_len=len(key))   # cycles of this key length
    bp = tb.base.cycle_params({k: tb.params[k] for k in tb.base.defaults}, key_len=len(key))
    for decrypt in (False, True):
        msg = [(key, cipher, rng.randbytes(bs), rng.randbytes(12 * bs), decrypt)]
        stats = await tb.run_messages(msg)
        blocks = stats.blocks
        gaps = {b.t_in - a.t_in for a, b in zip(blocks, blocks[1:], strict=False)}
        assert stats.latencies() == {tb.core.latency(cp)}, stats.latencies()
        # the registry's input model: a block every interval, or bursts (bf_iter takes
        # ROUND_CYCLES blocks back to back, then waits)
        if decrypt and tb.mode in ("cbc", "cfb"):
            want = set(tb.base.accept_gaps(bp, len(blocks)))
        else:
            want = set(tb.core.accept_gaps(cp, len(blocks)))
        assert gaps == want, f"{'dec' if decrypt else 'enc'} gaps {gaps}, want {want}"


@cocotb.test()
async def reset_mid_message(dut):
    """Reset with blocks in flight: nothing comes out, then a new message is correct."""
    tb = ModeBench(dut)
    await tb.start()
    rng = random.Random(9)
    cipher = tb.base_ciphers[0]
    bs = models.spec(cipher).block_size
    key = _key(rng, cipher)
    tb.last_key = key
    blocks, _ = tb.message(key, cipher, rng.randbytes(bs), rng.randbytes(10 * bs), False)
    await tb.stream(blocks, stop_after_inputs=2, backpressure=0.5)
    await tb.reset()
    await tb.expect_silence(3 * (tb.core.latency(tb.params) + tb.core.interval(tb.params)))
    await tb.run_messages([(key, cipher, rng.randbytes(bs), rng.randbytes(5 * bs), False)],
                          backpressure=0.3)
