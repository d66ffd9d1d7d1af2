"""Known-answer vectors per cipher, as (key, plaintext, ciphertext) bytes, read from vectors/.

The RTL test benches take their known answers from here; each cipher's files are named once.
"""

from __future__ import annotations

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


# -- DES / TDES: FIPS 46-3 example, SP 800-67 App. B, NIST CAVP TDES files ------------------
#: CAVP known-answer files (the SP 800-20 tables, single DES as TDES with K1 = K2 = K3)
DES_KAT_FILES = tuple(f"des/cavp/TCBC{kind}.rsp"
                      for kind in ("invperm", "permop", "subtab", "varkey", "vartext"))
#: CAVP multi-block files per keying option (2: K3 = K1, 1: three keys), ECB and CBC
TDES_MMT_FILES = {2: ("des/cavp/TECBMMT2.rsp", "des/cavp/TCBCMMT2.rsp"),
                  1: ("des/cavp/TECBMMT3.rsp", "des/cavp/TCBCMMT3.rsp")}


def _xor(a: bytes, b: bytes) -> bytes:
    return bytes(x ^ y for x, y in zip(a, b, strict=True))


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


def kat(cipher: str) -> list[tuple[bytes, bytes, bytes]]:
    """Every known-answer (key, plaintext, ciphertext) for ``cipher`` found in vectors/."""
    if cipher.startswith("speck"):
        return _speck().get(cipher, [])
    if cipher in ("des", "des-ede", "des-ede3"):
        return _des()[cipher]
    return []
