"""Known-answer vectors per cipher, as (key, plaintext, ciphertext) bytes, read from vectors/.

The RTL test benches take their known answers from here; each cipher's files are named once.
"""

from __future__ import annotations

import functools

from .. import vectors


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
    """Eric Young's ECB and set_key (1..24-byte keys) vectors and paper 000's example."""
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
    if cipher in ("des", "des-ede", "des-ede3"):
        return _des()[cipher]
    return []


def messages(cipher: str) -> list[tuple[bytes, list[tuple[bytes, bytes]]]]:
    """Multi-block known answers for ``cipher``: (key, [(plaintext, ciphertext), ...]) per
    message, each pair one ECB block (see the cipher's loader for how a file maps to it)."""
    if cipher.startswith("aes-"):
        return _aes_mmt(cipher)
    return []


# -- AES: FIPS-197 Appendix C and the NIST CAVP AESAVS files ------------------------------------

#: the CAVP known-answer files (one block, zero IV: ECB tests in CBC clothing)
AES_KAT_KINDS = ("GFSbox", "KeySbox", "VarKey", "VarTxt")


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


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
    """CAVP CBC multi-block messages as ECB pairs, from the file alone: CBC says
    C_i = E(P_i ^ C_(i-1)) with C_(-1) = IV, and every C_i is in the file, so the pairs
    (P_i ^ C_(i-1), C_i) are ECB known answers of the whole message (both sections)."""
    bits = cipher.split("-")[1]
    out = []
    for rec in vectors.load_rsp(f"aes/cavp/CBCMMT{bits}.rsp"):
        key, iv = rec.hex("KEY"), rec.hex("IV")
        pt, ct = rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT")
        prev = [iv] + [ct[i:i + 16] for i in range(0, len(ct) - 16, 16)]
        pairs = [(_xor(pt[i:i + 16], prev[i // 16]), ct[i:i + 16])
                 for i in range(0, len(ct), 16)]
        out.append((key, pairs))
    return out


# -- DES / TDES: FIPS 46-3 example, SP 800-67 App. B, NIST CAVP TDES files ------------------
#: CAVP known-answer files (the SP 800-20 tables, single DES as TDES with K1 = K2 = K3)
DES_KAT_FILES = tuple(f"des/cavp/TCBC{kind}.rsp"
                      for kind in ("invperm", "permop", "subtab", "varkey", "vartext"))
#: CAVP multi-block files per keying option (2: K3 = K1, 1: three keys), ECB and CBC
TDES_MMT_FILES = {2: ("des/cavp/TECBMMT2.rsp", "des/cavp/TCBCMMT2.rsp"),
                  1: ("des/cavp/TECBMMT3.rsp", "des/cavp/TCBCMMT3.rsp")}


def _mmt_blocks(rel: str, two_key: bool) -> list[tuple[bytes, bytes, bytes]]:
    """Every block of a CAVP multi-block file as a single-block ECB known answer. CBC
    records become ECB ones by XORing the chaining value (the IV or the previous ciphertext
    block, both from the file) into the plaintext block: C_i = E(P_i xor C_(i-1))."""
    out = []
    for rec in vectors.load_rsp(rel):
        k1, k2 = rec.hex("KEY1"), rec.hex("KEY2")
        key = k1 + k2 if two_key else k1 + k2 + rec.hex("KEY3")
        pt, ct = rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT")
        prev = rec.hex("IV") if "IV" in rec.fields else None
        for i in range(0, len(pt), 8):
            p, c = pt[i:i + 8], ct[i:i + 8]
            out.append((key, p if prev is None else _xor(p, prev), c))
            if prev is not None:
                prev = c
    return out


def _des() -> dict[str, list[tuple[bytes, bytes, bytes]]]:
    single = [(bytes.fromhex(r["key"]), bytes.fromhex(r["plaintext"]),
               bytes.fromhex(r["ciphertext"])) for r in vectors.load_table("des/des_classic.txt")]
    for rel in DES_KAT_FILES:
        for rec in vectors.load_rsp(rel):  # IV is zero and there is one block: ECB
            single.append((rec.hex("KEYs"), rec.hex("PLAINTEXT"), rec.hex("CIPHERTEXT")))
    # the [DECRYPT] sections repeat the [ENCRYPT] records; the RTL tests run both directions
    single = list(dict.fromkeys(single))
    ede = [v for rel in TDES_MMT_FILES[2] for v in _mmt_blocks(rel, two_key=True)]
    ede3 = [(bytes.fromhex(r["key1"] + r["key2"] + r["key3"]), bytes.fromhex(r["plaintext"]),
             bytes.fromhex(r["ciphertext"]))
            for r in vectors.load_table("des/sp800_67_appendix_b.txt")]
    ede3 += [v for rel in TDES_MMT_FILES[1] for v in _mmt_blocks(rel, two_key=False)]
    # the SP 800-20 tables as the CAVP files state them: keying option 3 written as 24 bytes
    ede3 += [(k * 3, p, c) for k, p, c in single[1:]]
    return {"des": single, "des-ede": ede, "des-ede3": ede3}
