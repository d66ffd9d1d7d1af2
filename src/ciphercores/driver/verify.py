# SPDX-License-Identifier: Apache-2.0
"""The known answers of a core's ciphers through its RTL: what `ciphercores verify` and the GUI
report."""

from __future__ import annotations

from ..cores import Core


def verify_core(core: Core, params: dict[str, int]) -> list[dict]:
    """Every known answer of ciphercores.kat for the ciphers of ``core`` through the RTL via the
    driver, encrypt and decrypt (an encrypt-only build: encrypt, its ``decrypt`` None). One
    row per cipher."""
    from ..kat import kat
    from . import open_core

    rows = []
    with open_core(core, **params) as dev:
        for cipher in core.ciphers(params):
            vecs = kat(cipher)
            decrypts = core.decrypts(params)
            enc = dec = 0
            for key, pt, ct in vecs:
                dev.set_key(key, cipher)
                enc += dev.encrypt_block(pt) == ct
                if decrypts:
                    dec += dev.decrypt_block(ct) == pt
            rows.append({"cipher": cipher, "vectors": len(vecs), "encrypt": enc,
                         "decrypt": dec if decrypts else None,
                         "ok": bool(vecs) and enc == len(vecs)
                         and (not decrypts or dec == len(vecs))})
    return rows
