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
