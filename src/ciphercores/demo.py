"""`make demo`: push a text message through the speck_iter RTL in the simulator and back.

Shows the ciphertext and the decrypted text, each checked against the reference model.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

from . import models, registry
from .sim import runner

MESSAGE = "ciphercores: open, verified FPGA block-cipher cores. SPECK128/128 in RTL."


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ciphercores.demo", description=__doc__)
    ap.add_argument("--message", default=MESSAGE)
    ap.add_argument("--sim", default="verilator", choices=runner.SIMULATORS)
    args = ap.parse_args(argv)

    core = registry.get("speck_iter")
    params = core.params()
    cipher = core.ciphers(params)[0]
    spec = models.spec(cipher)
    key = bytes(range(spec.key_sizes[0]))  # the SPECK paper's key, designers' byte order
    model = spec.model(key)
    bs = spec.block_size
    data = args.message.encode()
    pad = bs - len(data) % bs
    data += bytes([pad]) * pad  # PKCS#7
    blocks = [model.to_int(data[i:i + bs]) for i in range(0, len(data), bs)]

    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "demo.json"
        print(f"building {core.name} {params} in {args.sim} and streaming "
              f"{len(blocks)} blocks of {cipher} (ECB, PKCS#7) ...", file=sys.stderr)
        runner.run(core, params, args.sim, "ciphercores.sim.cocotb_demo", quiet=True,
                   config={"key": key.hex(), "blocks": [f"{b:x}" for b in blocks],
                           "out": str(out)})
        res = json.loads(out.read_text())

    cipher_ints = [int(h, 16) for h in res["cipher"]]
    plain_ints = [int(h, 16) for h in res["plain"]]
    want = [model.encrypt_int(b) for b in blocks]
    ct = b"".join(model.to_bytes(c) for c in cipher_ints)
    pt = b"".join(model.to_bytes(p) for p in plain_ints)
    text = pt[:-pt[-1]].decode(errors="replace")
    ok_enc = cipher_ints == want
    ok_dec = plain_ints == blocks
    print(f"core        : {core.name} ({core.summary})")
    print(f"cipher      : {cipher}, key {len(key)} bytes (not shown)")
    print(f"message     : {args.message!r}")
    print(f"ciphertext  : {ct.hex()}")
    print(f"decrypted   : {text!r}")
    print(f"key setup   : {res['key_setup']} cycles; latency {res['latency']} cycles a block")
    print(f"encrypt     : {res['enc_cycles']} cycles for {len(blocks)} blocks "
          f"(registry interval {core.interval(params)})")
    print(f"check       : ciphertext vs reference model {'OK' if ok_enc else 'MISMATCH'}, "
          f"round trip {'OK' if ok_dec and text == args.message else 'MISMATCH'}")
    return 0 if ok_enc and ok_dec and text == args.message else 1


if __name__ == "__main__":
    sys.exit(main())
