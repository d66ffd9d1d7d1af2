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
    return []
