# SPDX-License-Identifier: Apache-2.0
"""GCM in the GUI's API: offered for AES only, GCM whole in the RTL by default (gcm(aes_iter)),
an AES core with GCM on the host, or the model; ciphertext then tag, the tag in the answer; every
Wycheproof case; a tag that does not match refused as the field ``tag`` with no output."""

from __future__ import annotations

import base64
import random

import pytest
from Crypto.Cipher import AES
from cryptography.hazmat.primitives.ciphers.aead import AESGCM

from ciphercores import frontend, modes
from ciphercores.vectors import load_json

SECRET = "c0ffee15deadbeef0badf00d5eed1e55"  # a key text that must never come back
IV = "cafebabefacedbaddecaf888"


def body(**kw) -> dict:
    b = {"cipher": "aes-128", "mode": "gcm", "direction": "encrypt", "key": SECRET, "iv": IV,
         "engine": "model", "message": {"format": "text", "data": "attack at dawn"},
         "aad": {"format": "text", "data": "header"}}
    b.update(kw)
    return b


def post(client, **kw):
    r = client.post("/api/run", json=body(**kw))
    return r, r.json()


def out_bytes(answer: dict) -> bytes:
    return base64.b64decode(answer["output"]["base64"])


def uses(client) -> int:
    return sum(s["uses"] for s in client.get("/api/status").json()["builds"].values())


def test_catalogue_offers_gcm_for_aes_only(client):
    cat = client.get("/api/ciphers").json()
    assert "gcm" in cat["modes"] and cat["aead_modes"] == ["gcm"]
    for c in cat["ciphers"]:
        assert ("gcm" in c["modes"]) == c["name"].startswith("aes-"), c["name"]
    assert cat["gcm"]["tag_bytes"] == 16 and cat["gcm"]["iv_recommended"] == 12
    assert "any length from 1 byte" in cat["gcm"]["iv_hint"]
    r = client.get("/api/engines", params={"cipher": "bf", "mode": "gcm"})
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "mode"
    assert "AES only" in r.json()["errors"][0]["message"]


def test_engines_gcm_cores_first_then_aes_cores_with_gcm_on_the_host(client):
    got = client.get("/api/engines", params={"cipher": "aes-256", "mode": "gcm"}).json()
    assert got[-1]["id"] == "model"
    cm = modes.parse_name("aes-256-gcm")
    assert [e["id"] for e in got[:-1]] == [frontend.core_spec(c, p)
                                           for c, p in frontend.core_options(cm)]
    assert got[0]["id"].startswith("gcm(aes_iter)") and got[1]["id"].startswith("gcm(aes_pipe)")
    assert got[1]["params"]["KEY_BITS"] == 256
    assert all(e["hw_mode"] and "GCM in hardware" in e["label"] for e in got[:2])
    got = got[2:-1]
    assert len(got) > 1 and all("GCM (counters, GHASH, tag) on the host" in e["label"]
                                for e in got[1:])
    assert all(not e["hw_mode"] and e["cycles_for"] == "aes-256" for e in got[1:])


@pytest.mark.parametrize("engine", ["model", "rtl", "rtl-host"])
def test_encrypt_and_decrypt_equal_cryptography(client, engine):
    """Ciphertext then tag, equal to AESGCM for AAD given as text, hex or base64, empty and
    partial-block messages; the tag in the answer; decrypting gives the message back; through
    the GCM core (rtl) and through an AES core with GCM on the host (rtl-host) the result
    equals the model's trace."""
    rng = random.Random(engine)
    core = None
    host = engine == "rtl-host"
    if engine != "model":
        cm = modes.parse_name("aes-128-gcm")
        core = frontend.core_spec(*frontend.core_options(cm)[len(frontend.aead_cores(cm))
                                                          if host else 0])
        engine = "rtl"
    for i, n in enumerate((0, 1, 15, 16, 33)):
        key, iv, data = rng.randbytes(16), rng.randbytes((12, 1, 16, 60, 12)[i]), rng.randbytes(n)
        aad = rng.randbytes(rng.choice((0, 5, 16, 20)))
        fmt = ("hex", "base64", "text")[i % 3]
        if fmt == "text":
            aad = aad.hex().encode()
        aad_field = {"format": fmt, "data": aad.decode() if fmt == "text" else
                     aad.hex() if fmt == "hex" else base64.b64encode(aad).decode()}
        kw = dict(key=key.hex(), iv=iv.hex(), aad=aad_field, engine=engine, core=core,
                  message={"format": "hex", "data": data.hex()})
        r, a = post(client, **kw)
        assert r.status_code == 200, a
        if len(iv) >= 8:
            want = AESGCM(key).encrypt(iv, data, aad)
        else:
            c = AES.new(key, AES.MODE_GCM, nonce=iv)
            c.update(aad)
            want = b"".join(c.encrypt_and_digest(data))
        assert out_bytes(a) == want, i
        assert a["aead"] == {"tag": want[-16:].hex(), "tag_bytes": 16, "aad_bytes": len(aad),
                             "verified": False}
        if engine == "rtl":
            # on the host GCM also sends H and E(J0) through the block cipher core
            assert a["model_agrees"] is True
            assert a["cycles"]["blocks"] == -(-n // 16) + (2 if host else 0)
        r, b = post(client, **{**kw, "direction": "decrypt",
                               "message": {"format": "hex", "data": want.hex()}})
        assert r.status_code == 200 and out_bytes(b) == data, b
        assert b["aead"]["verified"] is True and b["aead"]["tag"] == want[-16:].hex()


@pytest.mark.parametrize("change", ["tag", "ciphertext", "aad", "iv", "key"])
def test_a_tag_that_does_not_match_is_refused(client, change):
    """Decryption with anything changed: 422, the field ``tag``, one message without the key,
    no output; the same through an AES core."""
    ct = AESGCM(bytes.fromhex(SECRET)).encrypt(bytes.fromhex(IV), b"attack at dawn", b"header")
    kw = {"direction": "decrypt", "message": {"format": "hex", "data": ct.hex()}}
    if change == "tag":
        kw["message"]["data"] = (ct[:-1] + bytes([ct[-1] ^ 1])).hex()
    elif change == "ciphertext":
        kw["message"]["data"] = (bytes([ct[0] ^ 1]) + ct[1:]).hex()
    elif change == "aad":
        kw["aad"] = {"format": "text", "data": "Header"}
    elif change == "iv":
        kw["iv"] = IV[:-2] + "00"
    else:
        kw["key"] = "00" * 16
    for engine in ("model", "rtl"):
        cm = modes.parse_name("aes-128-gcm")
        core = frontend.core_spec(*frontend.core_options(cm)[0]) if engine == "rtl" else None
        r, a = post(client, engine=engine, core=core, **kw)
        assert r.status_code == 422 and a["ok"] is False and "output" not in a, a
        assert a["errors"] == [{"field": "tag", "message": "aes-128-gcm: the tag does not "
                                "match (wrong key, IV, AAD or tag, or the data was changed)"}]
        assert SECRET not in r.text


def test_refused_before_anything_runs(client):
    """A ciphertext shorter than the tag (field tag), no IV, bad AAD hex, AAD outside GCM, a
    mode core for GCM and a GCM core for CTR: each refused by field, nothing run."""
    before = uses(client)
    cases = [(dict(direction="decrypt", message={"format": "hex", "data": "00" * 15}), "tag",
              "shorter than the 16-byte tag"),
             (dict(iv=""), "iv", "any IV length from 1 byte; 12 is recommended"),
             (dict(aad={"format": "hex", "data": "abc"}), "aad", "odd number of hex digits"),
             (dict(aad={"format": "hex", "data": "zz"}), "aad", "aad is not hexadecimal"),
             (dict(mode="cbc", iv="00" * 16), "aad", "AAD is for GCM only"),
             (dict(mode="ctr", iv="00" * 16, engine="rtl", core="gcm(aes_iter)"), "core",
              "runs GCM, not aes-128-ctr"),
             (dict(engine="rtl", core="ctr(aes_iter)"), "core", "runs CTR, not aes-128-gcm"),
             (dict(cipher="speck128-128"), "mode", "offered for AES only")]
    for kw, field, text in cases:
        r, a = post(client, **kw)
        assert r.status_code == 422, (kw, a)
        got = {e["field"]: e["message"] for e in a["errors"]}
        assert text in got.get(field, ""), (kw, got)
        assert SECRET not in r.text
    assert uses(client) == before


def test_wycheproof_every_case_through_the_api(client):
    """Every Wycheproof case on the model: valid ones equal (and decrypt back), changed tags
    refused as the field tag, empty IVs refused as the field iv."""
    data = load_json("aes/gcm/wycheproof_aes_gcm_test.json")
    seen = {"valid": 0, "tag": 0, "iv": 0}
    for group in data["testGroups"]:
        for t in group["tests"]:
            key, iv, aad, msg, ct, tag = (t[k] for k in ("key", "iv", "aad", "msg", "ct", "tag"))
            cipher = f"aes-{4 * len(key)}"
            kw = dict(cipher=cipher, key=key, iv=iv, aad={"format": "hex", "data": aad})
            if t["result"] == "valid":
                seen["valid"] += 1
                r, a = post(client, message={"format": "hex", "data": msg}, **kw)
                assert r.status_code == 200 and a["output"]["hex"] == ct + tag, t["tcId"]
                continue
            r, a = post(client, direction="decrypt",
                        message={"format": "hex", "data": ct + tag}, **kw)
            field = "iv" if not iv else "tag"
            seen[field] += 1
            assert r.status_code == 422 and [e["field"] for e in a["errors"]] == [field], \
                t["tcId"]
    assert seen == {"valid": 229, "tag": 81, "iv": 6}
