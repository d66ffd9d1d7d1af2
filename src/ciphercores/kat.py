# SPDX-License-Identifier: Apache-2.0
"""Known-answer vectors per cipher, as (key, plaintext, ciphertext) bytes, read from vectors/.

The RTL test benches take their known answers from here; each cipher's files are named once.
"""

from __future__ import annotations

import functools

from . import vectors


def _speck() -> dict[str, list[tuple[bytes, bytes, bytes]]]:
    out: dict[str, list[tuple[bytes, bytes, bytes]]] = {}
    for row in vectors.load_table("speck/speck_kat.txt"):
        block, key_bits = int(row["block"]), int(row["key_bits"])

        def le(text: str, nbytes: int) -> bytes:
            # printed words, most significant first -> designers' byte order (reversed)
            return int(text.replace("_", ""), 16).to_bytes(nbytes, "little")

        out.setdefault(f"speck{block}-{key_bits}", []).append(
            (le(row["key"], key_bits // 8), le(row["plaintext"], block // 8),
             le(row["ciphertext"], block // 8)))
    return out


def _blowfish() -> list[tuple[bytes, bytes, bytes]]:
    """Eric Young's ECB and set_key (1..24-byte keys) vectors and the word-key example of
    Palka, Perez, Fang, Saniie, "Design Flow of Blowfish Symmetric-Key Block Cipher on FPGA"."""
    out = []
    for rel in ("blowfish/eric_young_ecb.txt", "blowfish/eric_young_set_key.txt",
                "blowfish/paper000_example.txt"):
        for row in vectors.load_table(rel):
            out.append((bytes.fromhex(row["key"]), bytes.fromhex(row["plaintext"]),
                        bytes.fromhex(row["ciphertext"])))
    return out


def kat(cipher: str) -> list[tuple[bytes, bytes, bytes]]:
    """Every known-answer (key, plaintext, ciphertext) for ``cipher`` found in vectors/."""
    if cipher.startswith("speck"):
        return _speck().get(cipher, [])
    if cipher == "bf":
        return _blowfish()
    if cipher.startswith("aes-"):
        return _aes_kat().get(cipher, [])
    if cipher in DES_CIPHERS:
        return _des_kat()[cipher]
    return []


def spread(items: list, n: int | None) -> list:
    """At most ``n`` of ``items``, evenly spaced, first and last included (all if ``n`` is
    None or not smaller): a deterministic sample of a vector file for a slow simulator."""
    if n is None or n >= len(items):
        return list(items)
    if n <= 1:
        return list(items[:n])
    step = (len(items) - 1) / (n - 1)
    return [items[round(i * step)] for i in range(n)]


def messages(cipher: str) -> list[tuple[bytes, list[tuple[bytes, bytes]]]]:
    """Multi-block known answers for ``cipher``: (key, [(plaintext, ciphertext), ...]) per
    message, each pair one ECB block (see the cipher's loader for how a file maps to it)."""
    if cipher.startswith("aes-"):
        return _aes_mmt(cipher)
    if cipher in TDES_MMT_FILES:
        return _tdes_mmt(cipher)
    return []


# -- AES: FIPS-197 Appendix C and the NIST CAVP AESAVS files ------------------------------------

#: the CAVP known-answer files (one block, zero IV: ECB tests in CBC clothing)
AES_KAT_KINDS = ("GFSbox", "KeySbox", "VarKey", "VarTxt")


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


def _ecb_pairs(pt: bytes, ct: bytes, iv: bytes | None, bs: int) -> list[tuple[bytes, bytes]]:
    """A multi-block ECB (``iv`` None) or CBC message of a CAVP file as ECB pairs, from the
    file alone: CBC says C_i = E(P_i ^ C_(i-1)) with C_(-1) = IV, and every C_i is in the
    file, so the pairs (P_i ^ C_(i-1), C_i) are ECB known answers of the whole message."""
    if iv is None:
        return [(pt[i:i + bs], ct[i:i + bs]) for i in range(0, len(ct), bs)]
    prev = [iv] + [ct[i:i + bs] for i in range(0, len(ct) - bs, bs)]
    return [(_xor(pt[i:i + bs], prev[i // bs]), ct[i:i + bs]) for i in range(0, len(ct), bs)]


@functools.cache
def _aes_kat() -> dict[str, list[tuple[bytes, bytes, bytes]]]:
    out: dict[str, list[tuple[bytes, bytes, bytes]]] = {}
    for row in vectors.load_table("aes/fips197_appendix_c.txt"):
        key = bytes.fromhex(row["key"])
        out.setdefault(f"aes-{8 * len(key)}", []).append(
            (key, bytes.fromhex(row["plaintext"]), bytes.fromhex(row["ciphertext"])))
    for bits in (128, 192, 256):
        for kind in AES_KAT_KINDS:
            rel = f"aes/cavp/CBC{kind}{bits}.rsp"
            for rec in vectors.load_rsp(rel):
                key, pt, ct = rec.hex("KEY"), rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT")
                if rec.hex("IV") != bytes(16) or len(pt) != 16 or len(key) != bits // 8:
                    raise ValueError(f"vectors/{rel} COUNT {rec.fields['COUNT']}: not a "
                                     "one-block zero-IV record")
                out.setdefault(f"aes-{bits}", []).append((key, pt, ct))
    # the [DECRYPT] sections repeat the [ENCRYPT] triples; every triple is run both ways
    return {c: list(dict.fromkeys(v)) for c, v in out.items()}


def _aes_mmt(cipher: str) -> list[tuple[bytes, list[tuple[bytes, bytes]]]]:
    """CAVP CBC multi-block messages as ECB pairs (``_ecb_pairs``), both sections."""
    bits = cipher.split("-")[1]
    out = []
    for rec in vectors.load_rsp(f"aes/cavp/CBCMMT{bits}.rsp"):
        out.append((rec.hex("KEY"), _ecb_pairs(rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT"),
                                               rec.hex("IV"), 16)))
    return out


# -- DES / TDES: FIPS 46-3 example, SP 800-67 App. B, the NIST CAVP TDES files ----------------

DES_CIPHERS = ("des", "des-ede", "des-ede3")
#: the CAVP known-answer files: the SP 800-20 tables, one block, zero IV (ECB tests in CBC
#: clothing), one key given as ``KEYs`` (keying option 3: K1 = K2 = K3, i.e. single DES)
DES_KAT_FILES = tuple(f"des/cavp/TCBC{kind}.rsp"
                      for kind in ("invperm", "permop", "subtab", "varkey", "vartext"))
#: the CAVP multi-block files per cipher (keying option 2: K3 = K1; option 1: three keys):
#: (ECB file, CBC file)
TDES_MMT_FILES = {"des-ede": ("des/cavp/TECBMMT2.rsp", "des/cavp/TCBCMMT2.rsp"),
                  "des-ede3": ("des/cavp/TECBMMT3.rsp", "des/cavp/TCBCMMT3.rsp")}


def _tdes_records(cipher: str, rel: str):
    """(key, record) of a CAVP TDES MMT file, the key at the cipher's length."""
    for rec in vectors.load_rsp(rel):
        key = rec.hex("KEY1") + rec.hex("KEY2")
        if cipher == "des-ede3":
            key += rec.hex("KEY3")
        elif rec.hex("KEY3") != rec.hex("KEY1"):
            raise ValueError(f"vectors/{rel} COUNT {rec.fields['COUNT']}: KEY3 != KEY1 in a "
                             "two-key file")
        yield key, rec


@functools.cache
def _des_kat() -> dict[str, list[tuple[bytes, bytes, bytes]]]:
    single = [(bytes.fromhex(r["key"]), bytes.fromhex(r["plaintext"]),
               bytes.fromhex(r["ciphertext"])) for r in vectors.load_table("des/des_classic.txt")]
    for rel in DES_KAT_FILES:
        for rec in vectors.load_rsp(rel):
            key, pt, ct = rec.hex("KEYs"), rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT")
            if rec.hex("IV") != bytes(8) or len(pt) != 8 or len(key) != 8:
                raise ValueError(f"vectors/{rel} COUNT {rec.fields['COUNT']}: not a "
                                 "one-block zero-IV record")
            single.append((key, pt, ct))
    out = {"des": single}
    # Triple-DES: SP 800-67 App. B (three ECB blocks under one key) and every block of the
    # CAVP ECB multi-block files (in ECB each block is a known answer of its own)
    out["des-ede3"] = [(bytes.fromhex(r["key1"] + r["key2"] + r["key3"]),
                        bytes.fromhex(r["plaintext"]), bytes.fromhex(r["ciphertext"]))
                       for r in vectors.load_table("des/sp800_67_appendix_b.txt")]
    out["des-ede"] = []
    for cipher, (ecb, _) in TDES_MMT_FILES.items():
        for key, rec in _tdes_records(cipher, ecb):
            out[cipher] += [(key, p, c) for p, c in
                            _ecb_pairs(rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT"), None, 8)]
    # the [DECRYPT] sections repeat the [ENCRYPT] triples; every triple is run both ways
    return {c: list(dict.fromkeys(v)) for c, v in out.items()}


def _tdes_mmt(cipher: str) -> list[tuple[bytes, list[tuple[bytes, bytes]]]]:
    """The CAVP TDES CBC multi-block messages as ECB pairs (``_ecb_pairs``), both sections."""
    return [(key, _ecb_pairs(rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT"), rec.hex("IV"), 8))
            for key, rec in _tdes_records(cipher, TDES_MMT_FILES[cipher][1])]
