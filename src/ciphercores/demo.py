# SPDX-License-Identifier: Apache-2.0
"""`make demo`: encrypt a sample file through an RTL core in the simulator and decrypt it back.

The sample is the project's own documentation (64 KiB of text). It runs in the Verilator
co-simulation of the core the CLI picks by default for the first cipher below that has a core
(AES-128 once the AES cores are in, SPECK128/128 on speck_iter until then): CBC in the hardware
mode engine around the core, PKCS#7 padding on the host. The ciphertext is checked against the
reference model and, for ciphers OpenSSL has, against `openssl enc`; the decrypted file must
equal the original.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time

from . import cores, models, modes, tools
from .cores import ROOT
from .driver import open_core, run_mode
from .frontend import choose_core

#: demo ciphers in order of preference (OpenSSL-style names, CBC with PKCS#7)
PREFERENCE = ("aes-128-cbc", "des-ede3-cbc", "bf-cbc", "speck128-128-cbc")
SAMPLE_BYTES = 64 * 1024


def sample() -> bytes:
    """64 KiB of real text: README and docs, repeated as needed."""
    text = b"".join(p.read_bytes() for p in [ROOT / "README.md", *sorted((ROOT / "docs")
                                                                        .glob("*.md"))])
    return (text * (SAMPLE_BYTES // max(1, len(text)) + 1))[:SAMPLE_BYTES - 7]  # not aligned


def openssl_enc(name: str, key: bytes, iv: bytes, data: bytes) -> tuple[bytes | None, str]:
    """`openssl enc` of ``data``: (output, "") or (None, why not)."""
    if name.startswith("speck"):
        return None, "n/a (OpenSSL has no SPECK)"
    exe = tools.find("openssl", required=False)
    if exe is None:
        return None, "n/a (openssl not installed)"
    args = [exe, "enc", f"-{name}", "-K", key.hex(), "-iv", iv.hex()]
    if name.startswith(("bf", "des-")) and not name.startswith("des-ede"):
        args += ["-provider", "legacy", "-provider", "default"]
    res = subprocess.run(args, input=data, capture_output=True, check=False)
    if res.returncode:
        return None, f"FAILED (openssl exit {res.returncode})"
    return res.stdout, ""


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m ciphercores.demo", description=__doc__)
    ap.add_argument("--cipher", choices=PREFERENCE, help="default: the first with a core")
    args = ap.parse_args(argv)
    name = args.cipher or next(n for n in PREFERENCE
                               if cores.cores_for(modes.parse_name(n).cipher))
    cm = modes.parse_name(name)
    core, params = choose_core(cm, None)  # what `ciphercores encrypt NAME` runs
    spec = models.spec(cm.cipher)
    key, iv = os.urandom(spec.key_sizes[-1] if cm.cipher != "bf" else 16), os.urandom(16)
    iv = iv[:spec.block_size]
    data = sample()

    print(f"demo: {name} through {core.name} {params} (Verilator co-simulation; builds once, "
          f"then cached)", file=sys.stderr)
    t0 = time.perf_counter()
    with open_core(core, options={"quiet": False}, **params) as dev:
        opened = time.perf_counter() - t0
        dev.set_key(key, cm.cipher)
        c0, t1 = dev.cycles.total, time.perf_counter()
        ct = run_mode(dev, cm.mode, data, iv)
        t_enc, c_enc = time.perf_counter() - t1, dev.cycles.total - c0
        c1, t2 = dev.cycles.total, time.perf_counter()
        pt = run_mode(dev, cm.mode, ct, iv, decrypt=True)
        t_dec, c_dec = time.perf_counter() - t2, dev.cycles.total - c1
        where = dev.describe()
        hw = f"{cm.mode.upper()} in hardware" if dev.mode else f"{cm.mode.upper()} on the host"

    want = modes.encrypt(spec.model(key), cm.mode, data, iv)
    ossl, why = openssl_enc(name, key, iv, data)
    ok_model, ok_round = ct == want, pt == data
    ok_ossl = ossl == ct if ossl is not None else not why.startswith("FAILED")
    ossl_text = why or ("OK" if ok_ossl else "MISMATCH")
    blocks = len(ct) // spec.block_size
    print(f"core        : {core.name}: {core.summary}")
    print(f"ran         : {where}: {hw}; PKCS#7 padding on the host")
    print(f"input       : {len(data)} bytes of the project's docs; key {len(key)} bytes "
          f"(random, not shown)")
    print(f"ciphertext  : {len(ct)} bytes, {blocks} blocks, starts {ct[:16].hex()}")
    print(f"encrypt     : {c_enc} core cycles (chained), {t_enc:.2f} s wall, "
          f"{c_enc / t_enc / 1e6:.2f} M cycles/s, {len(data) / t_enc / 1e6:.3f} MB/s")
    print(f"decrypt     : {c_dec} core cycles (parallel), {t_dec:.2f} s wall, "
          f"{c_dec / t_dec / 1e6:.2f} M cycles/s, {len(data) / t_dec / 1e6:.3f} MB/s")
    figs = core.cycles(params, cm.cipher)  # the figures of this cipher (key length)
    print(f"core        : {figs['latency']} cycles latency, encryption interval "
          f"{figs['interval']} cycles (registry, {cm.cipher}); model opened in {opened:.2f} s")
    print(f"check       : ciphertext vs reference model {'OK' if ok_model else 'MISMATCH'}, "
          f"vs openssl enc {ossl_text}, round trip {'OK' if ok_round else 'MISMATCH'}")
    return 0 if ok_model and ok_ossl and ok_round else 1


if __name__ == "__main__":
    sys.exit(main())
