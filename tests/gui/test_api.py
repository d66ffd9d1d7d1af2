# SPDX-License-Identifier: Apache-2.0
"""The GUI's JSON API (docs/gui.md) through Starlette's TestClient, and served for real:
official vectors and the reference models through the RTL, every refused input (the field
named, nothing run, no key echoed or logged), large files and their limits, concurrent
requests on one core build, and the `ciphercores gui` command."""

from __future__ import annotations

import base64
import json
import os
import random
import re
import signal
import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx2 as httpx
import pytest

from ciphercores import cores, frontend, models, modes, vectors
from ciphercores.errors import AddressError
from ciphercores.gui import catalogue, limits, service
from ciphercores.gui.guard import TOKEN_HEADER
from ciphercores.kat import kat
from ciphercores.models.speck import rounds

SECRET = "c0ffee15deadbeef0badf00d5eed1e55"  # a key text that must never come back
IV = "a0a1a2a3a4a5a6a7a8a9aaabacadaeaf"


def body(**kw) -> dict:
    b = {"cipher": "speck128-128", "mode": "cbc", "direction": "encrypt", "key": SECRET,
         "iv": IV, "engine": "rtl", "message": {"format": "text", "data": "attack at dawn"}}
    b.update(kw)
    return b


def post(client, **kw):
    r = client.post("/api/run", json=body(**kw))
    return r, r.json()


def hexmsg(data: bytes) -> dict:
    return {"format": "hex", "data": data.hex()}


def b64msg(data: bytes) -> dict:
    return {"format": "base64", "data": base64.b64encode(data).decode()}


def out_bytes(answer: dict) -> bytes:
    return base64.b64decode(answer["output"]["base64"])


def uses(client) -> int:
    return sum(s["uses"] for s in client.get("/api/status").json()["builds"].values())


# ---------------------------------------------------------------------------------------
# catalogue and engines
# ---------------------------------------------------------------------------------------

def test_catalogue_lists_every_cipher_and_which_have_rtl(client):
    cat = client.get("/api/ciphers").json()
    assert [c["name"] for c in cat["ciphers"]] == list(models.CIPHERS)
    for c in cat["ciphers"]:
        spec = models.spec(c["name"])
        assert c["rtl"] == bool(cores.cores_for(c["name"]))
        assert c["key_sizes"] == list(spec.key_sizes) and c["block_size"] == spec.block_size
        assert str(spec.key_sizes[0]) in c["key_hint"]
    assert cat["modes"] == [*modes.MODES, *modes.AEAD_MODES]
    default = next(c for c in cat["ciphers"] if c["name"] == cat["default"]["cipher"])
    assert default["rtl"]


@pytest.mark.parametrize("name", ["speck128-128-cbc", "speck64-128-ecb", "bf-ctr"])
def test_engines_default_first_then_the_model(client, name):
    cm = modes.parse_name(name)
    got = client.get("/api/engines", params={"cipher": cm.cipher, "mode": cm.mode}).json()
    options = frontend.core_options(cm)
    assert [e["id"] for e in got[:-1]] == [frontend.core_spec(c, p) for c, p in options]
    assert got[0]["id"] == frontend.core_spec(*frontend.choose_core(cm, None))
    assert got[-1]["engine"] == "model"
    for e, (core, params) in zip(got, options, strict=False):
        figs = core.cycles(params, cm.cipher)
        assert (e["latency"], e["interval"], e["key_setup"], e["burst"]) == (
            figs["latency"], figs["interval"], figs["key_setup"], figs["burst"])
        assert e["cycles_for"] == cm.cipher
        # the id reads back to the same core and parameters
        assert cores.parse_core_spec(e["id"]) == (core, params)


@pytest.mark.parametrize("cipher,interval", [("aes-128", 10), ("aes-192", 12),
                                             ("aes-256", 14)])
def test_engines_give_the_cipher_s_cycle_figures(client, monkeypatch, cipher, interval):
    """aes_iter takes the rounds of the key length: the figures and the measured throughput
    shown are those of the cipher chosen, and say so."""
    monkeypatch.setattr(catalogue, "_measured", lambda name, params: {
        "target": "t", "fmax_mhz": 100.0, "lut": 1, "ff": 1, "bram": 0, "gbps": 0.9})
    got = client.get("/api/engines", params={"cipher": cipher, "mode": "ecb"}).json()
    e = next(e for e in got if e["core"] == "aes_iter")
    assert (e["interval"], e["cycles_for"]) == (interval, cipher)
    assert e["measured"]["gbps"] == pytest.approx(128 * 100.0 / interval / 1e3, abs=1e-4)
    assert e["measured"]["gbps_for"] == cipher


def test_engine_labels_and_whether_the_model_is_built(client, monkeypatch, tmp_path):
    got = client.get("/api/engines", params={"cipher": "bf", "mode": "ecb"}).json()
    labels = [e["label"] for e in got]
    assert "RTL bf_pipe: block cipher core" in labels  # no parameters: no empty brackets
    assert not [x for x in labels if "()" in x]
    speck = client.get("/api/engines", params={"cipher": "speck64-128", "mode": "ecb"}).json()
    assert speck[0]["label"].startswith("RTL speck_iter (WORD=32, KEY_WORDS=4)")
    # a core opened by this server is built; with an empty build cache nothing else is
    r, a = post(client, cipher="bf", mode="ecb", pad=True)
    assert r.status_code == 200, a
    monkeypatch.setenv("CIPHERCORES_CACHE_DIR", str(tmp_path))
    built = {e["id"]: e["built"] for e in client.get(
        "/api/engines", params={"cipher": "bf", "mode": "ecb"}).json()}
    assert built.pop(a["core"]) is True and built.pop("model") is True
    assert built and not any(built.values()), built


def test_engines_refuse_unknown_names(client):
    r = client.get("/api/engines", params={"cipher": "rot13", "mode": "cbc"})
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "cipher"
    r = client.get("/api/engines", params={"cipher": "bf", "mode": "xts"})
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "mode"


def test_measured_figures_come_from_the_measurement_records(monkeypatch, tmp_path):
    from ciphercores.synth import flow, measurements

    calls = []

    def fake(core, params, target, grade, cache_only=False, **kw):
        calls.append((core.name, dict(params), target, grade, cache_only))
        if params["WORD"] == 32:
            raise flow.NotCached("not measured")
        return {"status": "ok", "device": "ECP5", "fmax_mhz": 111.5, "gbps": 0.4,
                "core_area": {"lut": 1000, "ff": 500, "bram": 0}}

    monkeypatch.setattr(flow, "measure", fake)
    # no archive: what the fake cache lacks is not measured
    monkeypatch.setattr(measurements, "ARCHIVE", tmp_path / "measurements.json")
    catalogue._measured.cache_clear()
    try:
        got = catalogue.engines("speck128-128", "ctr")
        assert got[0]["core"] == "ctr(speck_iter)" and got[1]["core"] == "speck_iter"
        # a mode core shows the figures of its block cipher core
        for e in got[:2]:
            assert e["measured"] == {"target": "ECP5 speed 8", "fmax_mhz": 111.5, "lut": 1000,
                                     "ff": 500, "bram": 0, "gbps": 0.4,
                                     "gbps_for": "speck128-128"}
        assert calls[0] == ("speck_iter", {"WORD": 64, "KEY_WORDS": 2}, "ecp5", "8", True)
        assert catalogue.engines("speck64-128", "ecb")[0]["measured"] is None  # not cached
    finally:
        catalogue._measured.cache_clear()


@pytest.mark.parametrize("error,shown", [
    ("not cached", False), ("unreadable", False), ("corrupt", False), ("bug", True)])
def test_measured_figures_missing_or_unreadable_but_a_bug_surfaces(monkeypatch, error, shown):
    """No record, a cache or archive that cannot be read, or one that is not JSON: the
    engines show the cycle model only. A programming error is not taken for "not measured":
    it reaches the server's error answer."""
    from ciphercores.synth import flow

    raised = {"not cached": flow.NotCached("not measured"),
              "unreadable": PermissionError(13, "Permission denied"),
              "corrupt": json.JSONDecodeError("Expecting value", "", 0),
              "bug": ZeroDivisionError("a bug")}[error]

    def recorded(*args, **kw):
        raise raised

    monkeypatch.setattr(flow, "recorded", recorded)
    catalogue._measured.cache_clear()
    try:
        if shown:
            with pytest.raises(ZeroDivisionError):
                catalogue.engines("speck128-128", "ecb")
        else:
            assert catalogue.engines("speck128-128", "ecb")[0]["measured"] is None
    finally:
        catalogue._measured.cache_clear()


# ---------------------------------------------------------------------------------------
# results: official vectors, the models, OpenSSL-compatible modes
# ---------------------------------------------------------------------------------------

def _vector_cases():
    """(id, cipher, mode, key, iv, plaintext, ciphertext) from vectors/, with every engine
    that can run the cipher (the model, and the default RTL core where one is registered)."""
    rows = []
    for r in vectors.load_table("modes/sp800_38a_appendix_f.txt"):
        if r["key_bits"] == "128" and r["mode"] in ("cbc", "ctr"):
            rows.append((f"sp800-38a-{r['mode']}", "aes-128", r["mode"], r["key"],
                         None if r["iv"] == "-" else r["iv"], r["plaintext"], r["ciphertext"]))
    for r in vectors.load_table("blowfish/eric_young_modes.txt"):
        if r["mode"] == "CBC":
            rows.append(("eric-young-bf-cbc", "bf", "cbc", r["key"], r["iv"], r["plaintext"],
                         r["ciphertext"]))
    key, pt, ct = kat("speck128-128")[0]
    rows.append(("speck-appendix-c", "speck128-128", "ecb", key.hex(), None, pt.hex(),
                 ct.hex()))
    cases = []
    for row in rows:
        engines = ["model"] + (["rtl"] if cores.cores_for(row[1]) else [])
        for e in engines:
            cases.append(pytest.param(e, *row[1:], id=f"{row[0]}-{e}"))
    return cases


@pytest.mark.parametrize("engine,cipher,mode,key,iv,pt,ct", _vector_cases())
def test_official_vectors(client, engine, cipher, mode, key, iv, pt, ct):
    kw = dict(cipher=cipher, mode=mode, key=key, iv=iv, engine=engine, pad=False)
    r, a = post(client, message=hexmsg(bytes.fromhex(pt)), **kw)
    assert r.status_code == 200, a
    assert a["output"]["hex"] == ct.lower()
    r, a = post(client, direction="decrypt", message=hexmsg(bytes.fromhex(ct)), **kw)
    assert r.status_code == 200 and a["output"]["hex"] == pt.lower()


@pytest.mark.parametrize("mode", modes.MODES)
def test_rtl_equals_the_model_in_every_mode(client, mode):
    rng = random.Random(mode)
    key, iv, data = rng.randbytes(16), rng.randbytes(16), rng.randbytes(37)
    model = models.new("speck128-128", key)
    want = modes.encrypt(model, mode, data, None if mode == "ecb" else iv)
    kw = dict(mode=mode, key=key.hex(), iv=None if mode == "ecb" else iv.hex())
    cm = modes.parse_name(f"speck128-128-{mode}")
    for core, params in frontend.core_options(cm):  # mode in hardware, and on the host
        spec = frontend.core_spec(core, params)
        r, a = post(client, core=spec, message=hexmsg(data), **kw)
        assert r.status_code == 200 and out_bytes(a) == want, spec
        assert a["core"] == spec and a["hw_mode"] == bool(getattr(core, "mode", ""))
        assert a["model_agrees"] is True
        r, a = post(client, core=spec, direction="decrypt", message=hexmsg(want), **kw)
        assert r.status_code == 200 and out_bytes(a) == data


def test_core_name_configured_for_the_cipher(client):
    """core "aes_pipe" for AES-192 gets KEY_BITS from the cipher (and is
    offered among the engines); the result equals pycryptodome's."""
    from Crypto.Cipher import AES
    from Crypto.Util.Padding import pad

    rng = random.Random(33)
    key, iv, data = rng.randbytes(24), rng.randbytes(16), rng.randbytes(40)
    r, a = post(client, cipher="aes-192", key=key.hex(), iv=iv.hex(), core="aes_pipe",
                message=hexmsg(data))
    assert r.status_code == 200, r.text
    assert out_bytes(a) == AES.new(key, AES.MODE_CBC, iv).encrypt(pad(data, 16))
    assert a["core"].startswith("aes_pipe:KEY_BITS=192,LANES=1")
    engines = client.get("/api/engines", params={"cipher": "aes-192", "mode": "cbc"}).json()
    ids = [e["id"] for e in engines]
    assert any(i.startswith("aes_pipe:KEY_BITS=192") for i in ids)
    r, a = post(client, cipher="aes-192", key=key.hex(), iv=iv.hex(),
                core="aes_pipe:KEY_BITS=256", message=hexmsg(data))
    assert r.status_code == 422 and "contradicts aes-192" in r.text


def test_text_result_trace_and_use_as_input(client):
    text = "grüße aus dem FPGA 🔐"
    r, a = post(client, message={"format": "text", "data": text}, trace=True)
    assert r.status_code == 200
    n = len(text.encode())
    assert a["input_bytes"] == n and a["output"]["bytes"] == -(-(n + 1) // 16) * 16
    assert a["engine"] == "rtl" and a["hw_mode"] and a["core"].startswith("cbc(speck_iter)")
    c = a["cycles"]
    assert c["blocks"] == a["output"]["bytes"] // 16 and c["total"] >= c["blocks"] * 32
    assert c["key"] > 0 and "Verilator" in a["where"]
    # the model's trace: one call per block, every round of SPECK128/128
    tr = a["trace"]
    assert a["model_agrees"] is True and not tr["truncated"]
    assert len(tr["calls"]) == tr["total_calls"] == c["blocks"]
    assert [x["output"] for x in tr["calls"]] == [a["output"]["hex"][32 * i:32 * i + 32]
                                                   for i in range(c["blocks"])]
    assert all(len(x["rounds"]) == rounds(64, 2) and x["columns"] == ["k", "x", "y"]
               for x in tr["calls"])
    # "use as input": the hex result back in, decrypted, is the text
    r, a = post(client, direction="decrypt", message={"format": "hex",
                                                      "data": a["output"]["hex"]})
    assert r.status_code == 200 and a["output"]["text"] == text


def test_trace_only_for_small_messages_and_cut_after_a_few_blocks(client):
    kw = dict(cipher="speck32-64", key="00" * 8, iv="11" * 4, engine="model")
    r, a = post(client, message=hexmsg(bytes(64)), trace=True, **kw)
    tr = a["trace"]
    assert tr["total_calls"] == 17 and len(tr["calls"]) == limits.TRACE_CALLS
    assert tr["truncated"] and a["model_agrees"] is None and a["cycles"] is None
    r, a = post(client, message=hexmsg(bytes(limits.TRACE_BYTES + 1)), trace=True, **kw)
    assert r.status_code == 200 and a["trace"] is None
    r, a = post(client, message=hexmsg(bytes(8)), trace=False, **kw)
    assert a["trace"] is None


def test_large_file(client):
    rng = random.Random(5)
    key, iv = rng.randbytes(16), rng.randbytes(16)
    data = rng.randbytes((2 << 20) + 5)
    kw = dict(key=key.hex(), iv=iv.hex())
    r, a = post(client, message=b64msg(data), **kw)
    assert r.status_code == 200
    ct = out_bytes(a)
    assert len(ct) == len(data) + 11 and a["cycles"]["blocks"] == len(ct) // 16
    assert not a["output"]["shown"] and a["output"]["hex"] is None and a["trace"] is None
    # CBC: every ciphertext block is E(P xor previous C); check a sample with the model
    model = models.new("speck128-128", key)
    padded = modes.pkcs7_pad(data, 16)
    blocks = len(ct) // 16
    for i in [0, 1, blocks - 1, *random.Random(1).sample(range(blocks), 64)]:
        prev = iv if i == 0 else ct[16 * (i - 1):16 * i]
        p = bytes(x ^ y for x, y in zip(padded[16 * i:16 * i + 16], prev, strict=True))
        assert ct[16 * i:16 * i + 16] == model.encrypt_block(p), i
    r, a = post(client, direction="decrypt", message=b64msg(ct), **kw)
    assert r.status_code == 200 and out_bytes(a) == data


def test_messages_over_the_limit_are_refused_before_anything_runs(client):
    before = uses(client)
    r, a = post(client, message=hexmsg(bytes(limits.MAX_BYTES + 1)))
    assert r.status_code == 413 and a["errors"][0]["field"] == "message"
    big = b'{"message": {"format": "text", "data": "' + b"x" * limits.MAX_BODY + b'"}}'
    r = client.post("/api/run", content=big, headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and r.json()["errors"][0]["field"] == "message"
    assert uses(client) == before


# ---------------------------------------------------------------------------------------
# refused input: the field named, nothing run, no key echoed or logged
# ---------------------------------------------------------------------------------------

BAD = {
    "key not hex": (dict(key="zz" + SECRET[2:]), {"key"}),
    "key odd length": (dict(key=SECRET[:-1]), {"key"}),
    "key too short": (dict(key=SECRET[:30]), {"key"}),
    "key too long": (dict(key=SECRET + "00"), {"key"}),
    "key missing": (dict(key=None), {"key"}),
    "key empty": (dict(key="  "), {"key"}),
    "iv too short": (dict(iv=IV[:16]), {"iv"}),
    "iv missing": (dict(iv=None), {"iv"}),
    "iv not hex": (dict(iv="g" * 32), {"iv"}),
    "key and iv": (dict(key="xyz", iv="00"), {"key", "iv"}),
    "message not hex": (dict(message={"format": "hex", "data": "0g"}), {"message"}),
    "message odd hex": (dict(message={"format": "hex", "data": "abc"}), {"message"}),
    "message not base64": (dict(message={"format": "base64", "data": "@@@"}), {"message"}),
    "message format": (dict(message={"format": "rot13", "data": "x"}), {"message"}),
    "message not an object": (dict(message="hello"), {"message"}),
    "no padding, partial block": (dict(pad=False), {"message"}),
    "truncated ciphertext": (dict(direction="decrypt", message=hexmsg(bytes(17))), {"message"}),
    "empty padded ciphertext": (dict(direction="decrypt", message=hexmsg(b"")), {"message"}),
    "unknown cipher": (dict(cipher="rot13"), {"cipher"}),
    "unknown mode": (dict(mode="xts"), {"mode"}),
    "core of another cipher": (dict(core="speck_iter:WORD=32,KEY_WORDS=4"), {"core"}),
    "core of another mode": (dict(core="ofb(speck_iter)"), {"core"}),
    "unknown core": (dict(core="nosuch_core"), {"core"}),
    "bad core parameter": (dict(core="speck_iter:WORD=7"), {"core"}),
    "unknown engine": (dict(engine="fpga"), {"engine"}),
    "unknown direction": (dict(direction="sideways"), {"direction"}),
    "pad not a bool": (dict(pad="yes"), {"pad"}),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_bad_input_names_the_field_and_runs_nothing(client, case, caplog):
    change, fields = BAD[case]
    caplog.set_level("DEBUG")
    before = uses(client)
    b = {k: v for k, v in body(**change).items() if v is not None}
    r = client.post("/api/run", json=b)
    assert r.status_code == 422, r.text
    a = r.json()
    assert a["ok"] is False and {e["field"] for e in a["errors"]} == fields
    assert all(e["message"] for e in a["errors"])
    assert uses(client) == before  # nothing ran
    for secret in (SECRET, SECRET[:30], SECRET[2:], SECRET[:16]):
        assert secret not in r.text and secret not in caplog.text


@pytest.mark.parametrize("change,field,text", [
    (dict(key="zz" + SECRET[2:]), "key", "key is not hexadecimal"),
    (dict(key=SECRET[:-1]), "key", "key has an odd number of hex digits"),
    (dict(iv="g" * 32), "iv", "IV is not hexadecimal"),
    (dict(message={"format": "hex", "data": "0g"}), "message", "message is not hexadecimal"),
    (dict(message={"format": "hex", "data": "abc"}), "message",
     "message has an odd number of hex digits")])
def test_hex_errors_say_what_is_wrong(client, change, field, text):
    """not hexadecimal and an odd length are told apart."""
    r = client.post("/api/run", json=body(**change))
    assert r.status_code == 422
    assert text in {e["field"]: e["message"] for e in r.json()["errors"]}[field]


def test_bodies_that_are_not_requests(client):
    for raw in (b"not json", b"[1, 2]", b"\xff\xfe"):
        r = client.post("/api/run", content=raw, headers={"Content-Type": "application/json"})
        assert r.status_code == 422 and r.json()["errors"][0]["field"] is None


def test_wrong_key_on_decryption_is_a_padding_error_without_the_key(client):
    r, a = post(client, key="00" * 16)
    ct = a["output"]["hex"]
    r, a = post(client, direction="decrypt", message={"format": "hex", "data": ct})
    assert r.status_code == 422
    assert a["errors"] == [{"field": "message", "message": a["errors"][0]["message"]}]
    assert "padding" in a["errors"][0]["message"] and SECRET not in r.text


def test_no_core_for_the_cipher(client, monkeypatch):
    monkeypatch.setattr(cores, "cores_for", lambda cipher: [])
    r, a = post(client)
    assert r.status_code == 422 and a["errors"][0]["field"] == "core"
    assert "reference model" in a["errors"][0]["message"]
    got = client.get("/api/engines", params={"cipher": "speck128-128", "mode": "cbc"}).json()
    assert [e["id"] for e in got] == ["model"]
    r, a = post(client, engine="model")
    assert r.status_code == 200 and a["where"].startswith("reference model")


def test_an_internal_error_says_its_kind_only(client, monkeypatch, capfd):
    def boom(req, pool, budget=None):
        raise ValueError(f"something with {req.key.hex()} inside")

    monkeypatch.setattr(service, "run", boom)
    monkeypatch.delenv("CIPHERCORES_DEBUG", raising=False)
    r, a = post(client)
    assert r.status_code == 500 and a["errors"][0]["message"] == "internal error (ValueError)"
    err = capfd.readouterr().err
    assert "ValueError" in err and SECRET not in err and SECRET not in r.text


def test_the_answer_gives_wall_time_opening_and_cycles(client, new_client):
    """Wall time of the request, what opening the core took (when this request opened it),
    and the core's cycles at its measured Fmax."""
    with new_client() as fresh:  # a new pool: the first request opens the core
        r, first = post(fresh)
        assert r.status_code == 200, first
        r, second = post(fresh)
    assert first["opened"] is not None and 0 < first["opened"]["seconds"] <= first["seconds"]
    assert isinstance(first["opened"]["built"], bool)
    assert second["opened"] is None and second["seconds"] > 0
    c = second["cycles"]
    if c["fmax_mhz"]:
        assert c["us_at_fmax"] == pytest.approx(c["total"] / c["fmax_mhz"], abs=1e-4)
    else:
        assert c["us_at_fmax"] is None
    r, model = post(client, engine="model")
    assert model["opened"] is None and model["cycles"] is None


def test_the_core_is_reset_after_every_request(client, monkeypatch):
    """No key stays in a core between requests: the pool resets it (docs/interface.md: reset
    clears key material)."""
    from ciphercores.driver import Device

    resets = []
    real = Device.clear_key
    monkeypatch.setattr(Device, "clear_key", lambda self: (resets.append(1), real(self))[1])
    r, a = post(client)
    assert r.status_code == 200 and resets == [1]


# ---------------------------------------------------------------------------------------
# served for real: concurrent requests, the command
# ---------------------------------------------------------------------------------------

def test_concurrent_requests_are_serialised_per_core_build(server):
    url, app = server
    spec_hw = "cbc(speck_iter):WORD=64,KEY_WORDS=2,DEPTH_LOG2=6"
    spec_core = "speck_iter:WORD=64,KEY_WORDS=2"
    jobs = []
    for i in range(24):
        rng = random.Random(i)
        key, iv = rng.randbytes(16), rng.randbytes(16)
        data = rng.randbytes(rng.randrange(1, 3000))
        engine, core = [("rtl", spec_hw), ("rtl", spec_core), ("model", None)][i % 3]
        jobs.append((key, iv, data, engine, core))

    def one(job):
        key, iv, data, engine, core = job
        b = body(key=key.hex(), iv=iv.hex(), message=b64msg(data), engine=engine, core=core)
        with httpx.Client(base_url=url, timeout=300,
                          headers={TOKEN_HEADER: app.state.guard.token}) as c:
            r = c.post("/api/run", json=b)
            return r.status_code, r.json()

    start = threading.Barrier(12)

    def racing(job):
        start.wait()
        return one(job)

    with ThreadPoolExecutor(12) as ex:
        answers = list(ex.map(racing, jobs[:12])) + list(ex.map(one, jobs[12:]))
    for (key, iv, data, engine, core), (status, a) in zip(jobs, answers, strict=True):
        assert status == 200, a
        assert a["engine"] == engine and a["core"] == core
        assert out_bytes(a) == modes.encrypt(models.new("speck128-128", key), "cbc", data, iv)
    stats = app.state.pool.stats()
    assert len(stats) == 2 and all(s["max_active"] == 1 for s in stats.values()), stats
    assert sum(s["uses"] for s in stats.values()) == 16


def test_gui_command_serves_on_localhost_and_prints_its_address(tmp_path):
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2] / "src")}
    p = subprocess.Popen([sys.executable, "-m", "ciphercores", "gui", "--port", "0"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        line = p.stdout.readline()
        assert line.startswith("ciphercores gui: serving on http://127.0.0.1:"), line
        url = line.split()[4]
        page = httpx.get(url, timeout=30).text
        assert "<title>ciphercores</title>" in page
        token = re.search(r'<meta name="ciphercores-token" content="([^"]+)">', page)[1]
        r = httpx.get(url + "api/ciphers", headers={TOKEN_HEADER: token}, timeout=30)
        assert r.status_code == 200 and json.loads(r.text)["ciphers"]
        assert httpx.get(url + "api/ciphers", timeout=30).status_code == 403
    finally:
        p.send_signal(signal.SIGINT)
        out, err = p.communicate(timeout=30)
    assert p.returncode == 0, err
    assert "Traceback" not in err


def test_gui_command_refuses_a_busy_port():
    import socket

    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    try:
        port = s.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "ciphercores", "gui", "--port", str(port)],
                           capture_output=True, text=True, timeout=60,
                           env={**os.environ, "PYTHONPATH": str(
                               Path(__file__).resolve().parents[2] / "src")})
    finally:
        s.close()
    assert r.returncode == AddressError.exit_code and f"port {port}" in r.stderr


def test_run_gives_the_cipher_s_registry_figures(client):
    """A run of aes-128 in CTR on aes_iter: the answer's registry figures are AES-128's
    (interval 10, what the run took a block), named; every key load takes longer than the
    set-up, by the same cycles: the server resets the core after each run (the key wiped), and
    the core then sets up the all-zero key first."""
    key = bytes(range(16)).hex()
    runs = [post(client, cipher="aes-128", mode="ctr", key=key, core="ctr(aes_iter)",
                 message=hexmsg(bytes(16 * 64)))[1]["cycles"] for _ in range(2)]
    f = cores.get("ctr(aes_iter)").cycles(None, "aes-128")
    for c in runs:
        assert (c["cycles_for"], c["interval"], c["key_setup"]) == (
            "aes-128", f["interval"], f["key_setup"]) and f["interval"] == 10
        assert round(c["total"] / c["blocks"]) == f["interval"]
    assert runs[0]["key"] == runs[1]["key"] > f["key_setup"]
