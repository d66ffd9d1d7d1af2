"""cocotb side of the demo: encrypt the message blocks, then decrypt them, through the RTL.

The host side (ciphercores.demo) passes key and blocks in CIPHERCORES_TB and reads the results
from the JSON file it names.
"""

from __future__ import annotations

import json

import cocotb

from .bench import Block, CoreBench


@cocotb.test()
async def demo(dut):
    tb = CoreBench(dut)
    await tb.start()
    key = bytes.fromhex(tb.cfg["key"])
    setup = await tb.load_key(key)
    plain = [Block(int(h, 16)) for h in tb.cfg["blocks"]]
    enc = await tb.stream(plain)
    back = [Block(b.result, True) for b in plain]
    dec = await tb.stream(back)
    with open(tb.cfg["out"], "w") as f:
        json.dump({"cipher": [f"{b.result:x}" for b in plain],
                   "plain": [f"{b.result:x}" for b in back],
                   "key_setup": setup, "enc_cycles": enc.cycles, "dec_cycles": dec.cycles,
                   "latency": sorted(enc.latencies())}, f)
