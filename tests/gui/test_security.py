# SPDX-License-Identifier: Apache-2.0
"""What another web page, or a request's own fields, can make the GUI do (docs/gui.md, "Who
may call it" and "Limits"): only the page this server served may call it; a request builds
only the registry's parameter sets, the pool stays small and opens one build at a time; runs
are limited in number and time and stop when their client goes away; the round trace
(key-derived) comes only when asked for; a failed build tells the client one line."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import httpx2 as httpx
import pytest

from ciphercores import gui
from ciphercores.errors import DriverError
from ciphercores.gui import devices, limits, service
from ciphercores.gui.app import create_app
from ciphercores.gui.guard import TOKEN_HEADER, Guard

PORT = gui.DEFAULT_PORT  # the in-process client's (conftest.page_client)
KEY = "2b7e151628aed2a6abf7158809cf4f3c"  # FIPS-197's AES-128 key
IV = "000102030405060708090a0b0c0d0e0f"


def body(**kw) -> dict:
    b = {"cipher": "aes-128", "mode": "cbc", "direction": "encrypt", "key": KEY, "iv": IV,
         "engine": "model", "message": {"format": "hex", "data": "00" * 32}}
    b.update(kw)
    return b


# ---------------------------------------------------------------------------------------
# Host, Origin, token, JSON, headers
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("host", ["evil.example", f"evil.example:{PORT}", "127.0.0.1:1",
                                  f"rebound.attacker.test:{PORT}", ""])
def test_other_host_names_are_refused(client, host):
    """A page that rebinds its DNS name onto 127.0.0.1 sends its own name: refused, the page
    (and its token) included."""
    for path in ("/", "/api/ciphers", "/static/app.js"):
        r = client.get(path, headers={"host": host})
        assert r.status_code == 403, (path, r.status_code)
        assert "ciphercores-token" not in r.text
    r = client.post("/api/run", json=body(), headers={"host": host})
    assert r.status_code == 403


@pytest.mark.parametrize("headers", [{"origin": "http://evil.example"},
                                     {"origin": "null"},
                                     {"origin": f"http://localhost:{PORT}"},
                                     {"sec-fetch-site": "cross-site"},
                                     {"sec-fetch-site": "same-site"}])
def test_cross_origin_requests_are_refused(client, headers):
    r = client.post("/api/run", json=body(), headers=headers)
    assert r.status_code == 403 and r.json()["ok"] is False
    assert "output" not in r.text


def test_same_origin_requests_pass(client):
    r = client.post("/api/run", json=body(), headers={"origin": f"http://127.0.0.1:{PORT}",
                                                      "sec-fetch-site": "same-origin"})
    assert r.status_code == 200, r.text
    for name in ("localhost", "[::1]"):
        r = client.get("/api/ciphers", headers={"host": f"{name}:{PORT}"})
        assert r.status_code == 200


def test_a_simple_cross_origin_post_is_refused(client):
    """What a form or fetch(no-cors) of another page can send without asking first: a
    text/plain (or form) body. Today's answer to it was a 200 with the result."""
    import json

    for ctype in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data",
                  None):
        headers = {"content-type": ctype} if ctype else {}
        r = client.post("/api/run", content=json.dumps(body()).encode(), headers=headers)
        assert r.status_code == 415, (ctype, r.status_code)


def test_the_api_needs_the_run_s_token_from_the_page(client):
    page = client.get("/").text
    token = client.app.state.guard.token
    assert f'<meta name="ciphercores-token" content="{token}">' in page and len(token) >= 32
    for given in (None, "", "0" * len(token), token[:-1]):
        headers = {TOKEN_HEADER: given} if given is not None else {}
        with httpx.Client(transport=client._transport, base_url=str(client.base_url)) as bare:
            r = bare.post("/api/run", json=body(), headers=headers)
            assert r.status_code == 403 and "token" in r.text, given
            assert bare.get("/api/ciphers", headers=headers).status_code == 403
    assert create_app().state.guard.token != token  # a new token every run


def test_every_answer_forbids_framing_and_sniffing(client):
    for r in (client.get("/"), client.get("/api/ciphers"), client.get("/static/app.js"),
              client.post("/api/run", json=body()), client.get("/", headers={"host": "x"})):
        h = r.headers
        assert h["x-frame-options"] == "DENY" and h["x-content-type-options"] == "nosniff"
        assert "default-src 'self'" in h["content-security-policy"]
        assert "frame-ancestors 'none'" in h["content-security-policy"]


def test_host_names_served_and_allowed():
    g = Guard()
    g.serve_on("127.0.0.1", 8470)
    assert g.hosts == {"127.0.0.1:8470", "localhost:8470", "[::1]:8470"}
    g.serve_on("0.0.0.0", 9000, ["box.lan", "10.0.0.5"])  # no client sends 0.0.0.0
    assert g.hosts == {"127.0.0.1:9000", "localhost:9000", "[::1]:9000", "box.lan:9000",
                       "10.0.0.5:9000"}
    g.serve_on("::", 80, ["Box.LAN"])
    assert {"box.lan", "box.lan:80", "[::1]", "localhost"} <= g.hosts
    assert "[::]:80" not in g.hosts
    g.serve_on("192.168.1.2", 8000)
    assert "192.168.1.2:8000" in g.hosts
    assert Guard().hosts == frozenset()  # not told where it serves: refuses everything


def test_allow_host_served_for_real():
    """`ciphercores gui --allow-host NAME`: clients that reach the server by that name are
    answered, other names are not."""
    app = create_app()
    with gui.running(app=app, allow_hosts=["ciphercores.lan"]) as url:
        port = url.rstrip("/").rsplit(":", 1)[1]
        h = {TOKEN_HEADER: app.state.guard.token}
        r = httpx.get(url + "api/ciphers", headers={**h, "host": f"ciphercores.lan:{port}"})
        assert r.status_code == 200
        r = httpx.get(url + "api/ciphers", headers={**h, "host": f"other.lan:{port}"})
        assert r.status_code == 403


def test_gui_command_takes_allow_host():
    import argparse

    from ciphercores.cli import gui as cli_gui

    p = argparse.ArgumentParser()
    cli_gui.add(p.add_subparsers())
    a = p.parse_args(["gui", "--host", "0.0.0.0", "--allow-host", "a.lan", "--allow-host",
                      "b.lan", "-v"])
    assert a.allow_host == ["a.lan", "b.lan"] and a.verbose


# ---------------------------------------------------------------------------------------
# what a request may build
# ---------------------------------------------------------------------------------------

class FakeDevice:
    opening = 0
    most = 0

    def __init__(self, name):
        self.name, self.closed, self.progress = name, False, None
        self.transport = None

    def clear_key(self):
        pass

    def close(self):
        self.closed = True


def fake_open(delay: float = 0.0, log: list | None = None):
    lock = threading.Lock()

    def open_core(core, options=None, **params):
        with lock:
            FakeDevice.opening += 1
            FakeDevice.most = max(FakeDevice.most, FakeDevice.opening)
        time.sleep(delay)
        with lock:
            FakeDevice.opening -= 1
        d = FakeDevice(core.name)
        if log is not None:
            log.append(d)
        return d
    return open_core


def test_a_request_builds_only_the_registry_s_parameter_sets(client, monkeypatch):
    opened = []
    monkeypatch.setattr(devices, "open_core", fake_open(log=opened))
    for core in ("speck_pipe:STAGES=8", "speck_iter:WORD=64,KEY_WORDS=2,X=1",
                 "cbc(speck_pipe):STAGES=4", "aes_iter:DECRYPT=0"):
        cipher = "aes-128" if core.startswith("aes") else "speck128-128"
        r = client.post("/api/run", json=body(cipher=cipher, engine="rtl", core=core))
        assert r.status_code == 422, (core, r.text)
        assert r.json()["errors"][0]["field"] == "core"
    assert opened == []


def test_the_pool_keeps_a_few_devices_least_recently_used_first(monkeypatch):
    from ciphercores import cores

    opened: list[FakeDevice] = []
    monkeypatch.setattr(devices, "open_core", fake_open(log=opened))
    pool = devices.DevicePool(max_open=2)
    core = cores.get("speck_iter")
    sets = [{"WORD": 64, "KEY_WORDS": k} for k in (2, 3, 4)]
    for p in (sets[0], sets[1], sets[0], sets[2]):  # sets[1] is then the least recent
        with pool.use(core, p):
            pass
    assert [d.closed for d in opened] == [False, True, False]
    assert len(pool.stats()) == 2 and pool.closed == 1
    assert not pool.is_open(core, sets[1]) and pool.is_open(core, sets[0])


def test_builds_are_opened_one_at_a_time(monkeypatch):
    from ciphercores import cores

    FakeDevice.opening = FakeDevice.most = 0
    monkeypatch.setattr(devices, "open_core", fake_open(delay=0.2))
    pool = devices.DevicePool()
    core = cores.get("speck_iter")

    def one(k):
        with pool.use(core, {"WORD": 64, "KEY_WORDS": k}):
            pass
    threads = [threading.Thread(target=one, args=(k,)) for k in (2, 3, 4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert FakeDevice.most == 1


# ---------------------------------------------------------------------------------------
# how many runs, how long, and a client that goes away
# ---------------------------------------------------------------------------------------

def test_the_server_limits_its_connections():
    sock = gui.bind("127.0.0.1", 0)
    try:
        server = gui._server(sock)
        assert server.config.limit_concurrency == limits.MAX_CONNECTIONS
    finally:
        sock.close()


@pytest.mark.parametrize("engine", ["model", "rtl"])
def test_a_run_over_its_time_is_stopped(client, monkeypatch, engine):
    monkeypatch.setattr(limits, "RUN_SECONDS", 0.0)
    before = client.get("/api/status").json()["runs"]["stopped"]
    r = client.post("/api/run", json=body(engine=engine, message={
        "format": "hex", "data": "00" * 16 * 200}))
    assert r.status_code == 503 and "stopped" in r.text, r.text
    assert client.get("/api/status").json()["runs"]["stopped"] == before + 1


@pytest.fixture
def own_server():
    app = create_app()
    with gui.running(app=app) as url:
        yield url, app, {TOKEN_HEADER: app.state.guard.token}


def _wait(cond, seconds=20.0):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():
            return True
        time.sleep(0.05)
    return False


def test_runs_beyond_the_queue_are_refused(own_server, monkeypatch):
    url, app, h = own_server
    monkeypatch.setattr(limits, "MAX_RUNS", 1)
    monkeypatch.setattr(limits, "MAX_QUEUED", 1)
    release = threading.Event()
    real = service.run

    def slow(req, pool, budget=None):
        release.wait(30)
        return real(req, pool, budget)

    monkeypatch.setattr(service, "run", slow)
    answers = []

    def post():
        answers.append(httpx.post(url + "api/run", json=body(), headers=h, timeout=60))

    threads = [threading.Thread(target=post) for _ in range(2)]
    try:
        for t in threads:
            t.start()
        runs = app.state.runs
        assert _wait(lambda: runs.running == 1 and runs.queued == 1)
        r = httpx.post(url + "api/run", json=body(), headers=h, timeout=60)
        assert r.status_code == 503 and "busy" in r.text
    finally:
        release.set()
        for t in threads:
            t.join()
    assert [a.status_code for a in answers] == [200, 200]


def test_a_run_stops_when_its_client_goes_away(own_server, monkeypatch):
    """A message that takes the model minutes; the client gives up after half a second: the
    server stops the run within a moment, not minutes later."""
    url, app, h = own_server
    big = {"format": "base64", "data": "A" * (4 * (limits.MAX_BYTES // 3))}
    with pytest.raises(httpx.ReadTimeout):
        httpx.post(url + "api/run", json=body(message=big), headers=h, timeout=0.5)
    assert _wait(lambda: app.state.runs.stopped == 1, 20), app.state.runs.stats()
    assert app.state.runs.running == 0


# ---------------------------------------------------------------------------------------
# the round trace only when asked for
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("engine", ["model", "rtl"])
def test_no_key_derived_values_unless_asked(client, engine):
    """An AES-128 decryption's trace held the key verbatim (the last round key); now the trace
    comes only with "trace": true, the box the user ticks in the page."""
    data = "69c4e0d86a7b0430d8cdb78070b4c55a" * 2
    kw = dict(engine=engine, direction="decrypt", mode="ecb", iv=None, pad=False,
              message={"format": "hex", "data": data})
    r = client.post("/api/run", json=body(**kw))
    assert r.status_code == 200, r.text
    a = r.json()
    assert a["trace"] is None and KEY not in r.text.lower()
    if engine == "rtl":
        assert a["model_agrees"] is True  # still compared, without a trace
    r = client.post("/api/run", json=body(trace=True, **kw))
    assert r.status_code == 200 and r.json()["trace"]["calls"]
    r = client.post("/api/run", json=body(trace="yes", **kw))
    assert r.status_code == 422 and r.json()["errors"][0]["field"] == "trace"


# ---------------------------------------------------------------------------------------
# a failed build
# ---------------------------------------------------------------------------------------

def test_a_failed_build_tells_the_client_one_line(client, monkeypatch, capfd):
    detail = ("co-simulation build failed (verilator exit 1)\nlog /home/u/.cache/ciphercores/"
              "cosim/failed/x.log:\n%Error: /work/rtl/aes/aes_iter.v:12: syntax error")

    def broken(core, options=None, **params):
        raise DriverError(detail)

    monkeypatch.setattr(devices, "open_core", broken)
    monkeypatch.setattr(service, "VERBOSE", False)
    r = client.post("/api/run", json=body(engine="rtl", core="aes_iter:SBOX_BRAM=0"))
    assert r.status_code == 500
    (err,) = r.json()["errors"]
    assert err["message"] == "co-simulation build failed (verilator exit 1)"
    assert "/home/u" not in r.text and "%Error" not in r.text
    assert "-v gives the details" in capfd.readouterr().err
    monkeypatch.setattr(service, "VERBOSE", True)
    client.post("/api/run", json=body(engine="rtl", core="aes_iter:SBOX_BRAM=0"))
    assert "cosim/failed/x.log" in capfd.readouterr().err


# ---------------------------------------------------------------------------------------
# the page about GCM
# ---------------------------------------------------------------------------------------

def test_gui_doc_says_gcm_runs_whole_on_a_core_by_default():
    from ciphercores import frontend, modes

    text = (Path(__file__).resolve().parents[2] / "docs" / "gui.md").read_text()
    default = frontend.choose_core(modes.parse_name("aes-128-gcm"), None)[0].name
    assert default == "gcm(aes_iter)" and f"`{default}`" in text
    flat = " ".join(text.split())
    assert "No registered core runs GCM whole" not in flat
    assert "which no core runs whole" not in flat
