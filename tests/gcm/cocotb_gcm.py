# SPDX-License-Identifier: Apache-2.0
"""cocotb tests for the GCM cores ``gcm(CORE)`` (rtl/gcm/gcm_engine.v around an AES core): the
NIST CAVP GCM files and Project Wycheproof's AES-GCM file through the RTL, random messages
against the `cryptography` package (pycryptodome for IVs shorter than 8 or longer than 128
bytes, which `cryptography` refuses) under random idle and back-pressure, the cycle figures,
and the reset. Launched by tests/gcm/test_gcm_rtl.py; packets as docs/interface.md ("GCM
cores") states them."""

from __future__ import annotations

from dataclasses import dataclass

import cocotb
from Crypto.Cipher import AES
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes
from gcm_bench import Bench, Item, Out, config

from ciphercores import vectors

# tuser[2:1] of a beat
AAD, DATA, TAG, VERDICT = 0, 1, 2, 3
#: tkeep of a tag of n bytes (the first byte's keep bit is tkeep[15])
ALLOWED_TAGS = (16, 15, 14, 13, 12, 8, 4)


def keep_of(n: int) -> int:
    """tkeep of a beat holding its first n bytes."""
    return ((1 << n) - 1) << (16 - n)


@dataclass
class Msg:
    """One message: an optional key load, the IV, the AAD, the data and (to decrypt) the
    expected tag; ``skip_aad``: no AAD packet at all (the data's first beat opens the
    message). ``want``: the output beats (tdata, tkeep, tlast, tuser) the RTL must give."""

    iv: bytes
    aad: bytes
    data: bytes
    decrypt: bool = False
    tag: bytes = b""
    key: bytes | None = None
    skip_aad: bool = False
    want: tuple = ()


def _beats(data: bytes, rng, kind: int, direction: int, junk: bool = True):
    """(tdata, tkeep, tlast, tuser) of a packet: 16 bytes a beat, the last beat's unkept bytes
    random (they must not count); empty: one beat with no byte kept."""
    out = []
    chunks = [data[i:i + 16] for i in range(0, len(data), 16)] or [b""]
    for n, c in enumerate(chunks):
        pad = rng.randbytes(16 - len(c)) if junk else bytes(16 - len(c))
        out.append((int.from_bytes(c + pad, "big"), keep_of(len(c)), int(n == len(chunks) - 1),
                    (kind << 1) | direction))
    return out


def _out_beats(data: bytes, direction: int):
    """The data packet the RTL gives: the same beats, unkept bytes zero."""
    return [(d, k, last, u) for d, k, last, u in _beats(data, None, DATA, direction, junk=False)]


def reference(key: bytes, iv: bytes, aad: bytes, data: bytes, decrypt: bool,
              tag: bytes = b"") -> tuple:
    """What the RTL must give, from an independent library: the data packet, then the tag
    (encrypt) or the verdict (decrypt). An empty IV has no GCM: the verdict fails, and an
    encryption gives a failing verdict instead of a tag. The plaintext of a decryption is
    released whatever the verdict (its keystream is the encryption's)."""
    d = int(decrypt)
    if not iv:
        # CTR from J0 = GHASH_H(0^128) = 0: counter blocks 0^96 || i
        ecb = AES.new(key, AES.MODE_ECB)
        stream = b"".join(ecb.encrypt(bytes(12) + i.to_bytes(4, "big"))
                          for i in range(1, len(data) // 16 + 2))
        out = bytes(a ^ b for a, b in zip(data, stream, strict=False))
        return (*_out_beats(out, d), (0, 0x8000, 1, (VERDICT << 1) | d))
    lib_ok = 8 <= len(iv) <= 128  # the IV lengths `cryptography` takes
    if lib_ok:
        enc = Cipher(algorithms.AES(key), modes.GCM(iv)).encryptor()
        enc.authenticate_additional_data(aad)
        out = enc.update(data) + enc.finalize()
        full_tag = enc.tag
    else:
        lib = AES.new(key, AES.MODE_GCM, nonce=iv)
        lib.update(aad)
        out, full_tag = lib.encrypt_and_digest(data)
    if not decrypt:
        return (*_out_beats(out, 0), (int.from_bytes(full_tag, "big"), 0xFFFF, 1, TAG << 1))
    ok = len(tag) in ALLOWED_TAGS
    if ok and lib_ok:
        dec = Cipher(algorithms.AES(key), modes.GCM(iv, tag, min_tag_length=4)).decryptor()
        dec.authenticate_additional_data(aad)
        dec.update(data)
        try:
            dec.finalize()
        except InvalidTag:
            ok = False
    elif ok:
        lib = AES.new(key, AES.MODE_GCM, nonce=iv, mac_len=len(tag))
        lib.update(aad)
        try:
            lib.decrypt_and_verify(data, tag)
        except ValueError:
            ok = False
    return (*_out_beats(out, 1), (int(ok) << 120, 0x8000, 1, (VERDICT << 1) | 1))


class Gcm:
    """The bench around a GCM core: messages as input items, their expected output beats."""

    def __init__(self, dut, seed: int = 1):
        cfg = config()
        self.p = cfg["params"]
        self.key_w = self.p["KEY_W"]
        self.tlen = "TLEN_W" in self.p
        self.tb = Bench(dut, ["s_key_tvalid", "s_iv_tvalid", "s_axis_tvalid"],
                        Out("m_axis_tvalid", "m_axis_tready", "m_axis_tdata",
                            zero_when_idle=True,
                            extra=("m_axis_tkeep", "m_axis_tlast", "m_axis_tuser")),
                        seed)
        self.rng = self.tb.rng
        self.key = bytes(self.key_w // 8 if not self.tlen else 16)  # after reset: zero key

    def key_item(self, key: bytes) -> Item:
        v = {"s_key_tdata": int.from_bytes(key, "big") << (self.key_w - 8 * len(key))}
        if self.tlen:
            v["s_key_tlen"] = len(key)
        return Item("s_key_tvalid", "s_key_tready", v)

    def items(self, m: Msg) -> dict[str, list[Item]]:
        """The message's items by role: key, iv, aad, data, tag (lists, in order)."""
        rng, d = self.rng, int(m.decrypt)
        out: dict[str, list[Item]] = {"key": [], "iv": [], "aad": [], "data": [], "tag": []}
        if m.key is not None:
            out["key"] = [self.key_item(m.key)]
        for tdata, keep, last, _ in _beats(m.iv, rng, 0, 0):
            out["iv"].append(Item("s_iv_tvalid", "s_iv_tready",
                                  {"s_iv_tdata": tdata, "s_iv_tkeep": keep, "s_iv_tlast": last}))

        def axis(packet):
            return [Item("s_axis_tvalid", "s_axis_tready",
                         {"s_axis_tdata": t, "s_axis_tkeep": k, "s_axis_tlast": la,
                          "s_axis_tuser": u}) for t, k, la, u in packet]

        if not m.skip_aad:
            out["aad"] = axis(_beats(m.aad, rng, AAD, d))
        out["data"] = axis(_beats(m.data, rng, DATA, d))
        if m.decrypt:
            t = m.tag + rng.randbytes(16 - len(m.tag))
            out["tag"] = axis([(int.from_bytes(t, "big"), keep_of(len(m.tag)), 1,
                                (TAG << 1) | 1)])
        return out

    def prepare(self, m: Msg) -> Msg:
        """``m`` with its expected output (the key it runs with: its own or the last one)."""
        if m.key is not None:
            self.key = m.key
        m.want = reference(self.key, m.iv, m.aad, m.data, m.decrypt, m.tag)
        return m

    async def run(self, msgs: list[Msg], idle: float = 0.0, backpressure: float = 0.0,
                  limit: int | None = None) -> list[dict[str, list[Item]]]:
        """Run ``msgs`` back to back and check every output beat; returns their items (with
        the cycles of their handshakes)."""
        msgs = [self.prepare(m) for m in msgs]
        parts = [self.items(m) for m in msgs]
        flat = [it for p in parts for role in ("key", "iv", "aad", "data", "tag")
                for it in p[role]]
        want = [w for m in msgs for w in m.want]
        if limit is None:
            limit = 60 * (len(flat) + len(want)) + 2000
        got = await self.tb.run(flat, len(want), idle=idle, backpressure=backpressure,
                                limit=limit)
        self.check(msgs, got)
        for m, p in zip(msgs, parts, strict=True):
            p["out"] = got[:len(m.want)]
            got = got[len(m.want):]
        return parts

    @staticmethod
    def check(msgs: list[Msg], got: list) -> None:
        at = 0
        for n, m in enumerate(msgs):
            for k, w in enumerate(m.want):
                assert at < len(got), f"message {n}: output beat {k} missing"
                g = got[at][1]
                assert tuple(g) == tuple(w), (
                    f"message {n} ({'decrypt' if m.decrypt else 'encrypt'}, IV {len(m.iv)}, "
                    f"AAD {len(m.aad)}, data {len(m.data)}, tag {len(m.tag)}) beat {k}: got "
                    f"{g[0]:032x} keep {g[1]:04x} last {g[2]} user {g[3]}, want "
                    f"{w[0]:032x} keep {w[1]:04x} last {w[2]} user {w[3]}")
                at += 1
        assert at == len(got)


def _key_lengths(p: dict) -> tuple[int, ...]:
    """Key lengths (bytes) the core takes: aes_iter all three, aes_pipe its KEY_BITS."""
    return (16, 24, 32) if "TLEN_W" in p else (p["KEY_BITS"] // 8,)


def _random_msg(g: Gcm, rng, new_key: bool) -> Msg:
    key = rng.randbytes(rng.choice(_key_lengths(g.p))) if new_key else None
    iv_len = 12 if rng.random() < 0.6 else rng.choice((1, 7, 8, 13, 16, 17, 32, 60, 64))
    aad = rng.randbytes(rng.choice((0, 0, 1, 15, 16, 17, rng.randint(0, 80))))
    data = rng.randbytes(rng.choice((0, 1, 15, 16, 17, 32, rng.randint(0, 100))))
    dec = rng.random() < 0.5
    m = Msg(iv=rng.randbytes(iv_len), aad=aad, data=data, decrypt=dec, key=key,
            skip_aad=not aad and rng.random() < 0.5)
    if dec:
        # the right tag (perhaps truncated), or a wrong one
        kk = key if key is not None else g.key
        enc = AES.new(kk, AES.MODE_GCM, nonce=m.iv)
        enc.update(aad)
        ct, full = enc.encrypt_and_digest(data)
        m.data = ct
        n = rng.choice(ALLOWED_TAGS + (16, 16, 16))
        tag = bytearray(full[:n])
        if rng.random() < 0.3:
            tag[rng.randrange(n)] ^= 1 << rng.randrange(8)
        m.tag = bytes(tag)
    if key is not None:
        g.key = key
    return m


# ----------------------------------------------------------------------------------------
# the official files
# ----------------------------------------------------------------------------------------

#: a sample of a vector file that keeps the first case of every shape (``_nist_shape``,
#: ``_wycheproof_shape``): what the file exercises, without the repeats of a shape with other
#: random keys and data
SHAPES = "shapes"


def _nist_shape(f: dict) -> tuple:
    """A CAVP case's shape: its IV, data, AAD and tag lengths, and whether it must fail (the
    file's sections are these lengths; each holds 15 cases of random keys and data)."""
    return (len(f["IV"]), len(f.get("PT", f.get("CT", ""))), len(f["AAD"]), len(f["Tag"]),
            "FAIL" in f)


def _first_of_each(items: list, shape) -> list:
    seen: set = set()
    out = []
    for it in items:
        k = shape(it)
        if k not in seen:
            seen.add(k)
            out.append(it)
    return out


def _nist(name: str, decrypt: bool, sample: int | str | None) -> list[Msg]:
    recs = vectors.load_rsp(f"aes/gcm/{name}")
    if sample == SHAPES:
        recs = _first_of_each(recs, lambda r: _nist_shape(r.fields))
    elif isinstance(sample, str):
        raise ValueError(f"nist_sample: {sample!r}")
    elif sample:
        step = max(1, len(recs) // sample)
        recs = recs[::step]
    msgs = []
    for r in recs:
        f = r.fields
        if decrypt:
            msgs.append(Msg(iv=r.hex("IV"), aad=r.hex("AAD"), data=r.hex("CT"), decrypt=True,
                            tag=r.hex("Tag"), key=r.hex("Key")))
        else:
            msgs.append(Msg(iv=r.hex("IV"), aad=r.hex("AAD"), data=r.hex("PT"), key=r.hex("Key")))
        msgs[-1].nist = f  # type: ignore[attr-defined]
    return msgs


def _check_nist(parts: list, msgs: list[Msg], decrypt: bool) -> None:
    """The RTL's outputs against the file's own answers (beside the library's, which the run
    checked): the ciphertext and tag, or the plaintext and the verdict."""
    for m, p in zip(msgs, parts, strict=True):
        f = m.nist  # type: ignore[attr-defined]
        outs = [v for _, v in p["out"]]
        body = b"".join(d.to_bytes(16, "big")[:bin(k).count("1")] for d, k, _, _ in outs[:-1])
        d, k, _, u = outs[-1]
        if decrypt:
            assert (d >> 120 == 1) == ("FAIL" not in f), f"verdict of {f}"
            if "FAIL" not in f:
                assert body == bytes.fromhex(f["PT"])
        else:
            assert body == bytes.fromhex(f["CT"])
            assert d.to_bytes(16, "big")[:len(f["Tag"]) // 2] == bytes.fromhex(f["Tag"])


async def _run_chunks(g: Gcm, msgs: list[Msg], chunk: int = 200, **kw) -> list:
    parts = []
    for i in range(0, len(msgs), chunk):
        parts += await g.run(msgs[i:i + chunk], **kw)
    return parts


@cocotb.test()
async def nist_cavp(dut):
    """Every case of gcmEncryptExtIV128.rsp and gcmDecrypt128.rsp through the RTL (the
    ``nist_sample`` option: an even sample of so many cases a file, or the first case of
    every shape, ``SHAPES``), back to back, a key load before each: ciphertext and tag, or
    plaintext and verdict, equal the file's (truncated tags by the tag beat's tkeep; IVs of
    8, 96 and 1024 bits)."""
    cfg = config()
    if 16 not in _key_lengths(cfg["params"]):
        return  # the files are AES-128's
    g = Gcm(dut, cfg.get("seed", 1))
    await g.tb.start()
    sample = cfg.get("nist_sample")
    for name, dec in (("gcmEncryptExtIV128.rsp", False), ("gcmDecrypt128.rsp", True)):
        msgs = _nist(name, dec, sample)
        parts = await _run_chunks(g, msgs)
        _check_nist(parts, msgs, dec)
        dut._log.info(f"{name}: {len(msgs)} cases")


@cocotb.test()
async def wycheproof(dut):
    """Every case of Wycheproof's aes_gcm_test.json whose key length the core takes (the
    ``wycheproof_sample`` option ``SHAPES``: the first case of each test group, result and
    flags): a valid case encrypts to its ciphertext and tag and decrypts to its plaintext
    with a passing verdict; an invalid one decrypts with a failing verdict (and an empty IV
    encrypts to a failing verdict, no tag)."""
    cfg = config()
    g = Gcm(dut, cfg.get("seed", 1))
    await g.tb.start()
    data = vectors.load_json("aes/gcm/wycheproof_aes_gcm_test.json")
    tests = [(grp, t) for grp in data["testGroups"]
             if grp["keySize"] // 8 in _key_lengths(cfg["params"]) for t in grp["tests"]]
    if cfg.get("wycheproof_sample") == SHAPES:
        tests = _first_of_each(tests, lambda gt: (gt[0]["keySize"], gt[0]["ivSize"],
                                                  gt[0]["tagSize"], gt[1]["result"],
                                                  tuple(gt[1]["flags"])))
    elif cfg.get("wycheproof_sample") is not None:
        raise ValueError(f"wycheproof_sample: {cfg['wycheproof_sample']!r}")
    msgs, cases = [], []
    for _, t in tests:
        key, iv = bytes.fromhex(t["key"]), bytes.fromhex(t["iv"])
        aad, ct, tag = (bytes.fromhex(t[k]) for k in ("aad", "ct", "tag"))
        msg = bytes.fromhex(t["msg"])
        valid = t["result"] == "valid"
        if valid or not iv:
            msgs.append(Msg(iv=iv, aad=aad, data=msg, key=key))
            cases.append((t, "enc"))
        msgs.append(Msg(iv=iv, aad=aad, data=ct, decrypt=True, tag=tag, key=key))
        cases.append((t, "dec"))
    parts = await _run_chunks(g, msgs)
    for (t, what), p in zip(cases, parts, strict=True):
        outs = [v for _, v in p["out"]]
        body = b"".join(d.to_bytes(16, "big")[:bin(k).count("1")] for d, k, _, _ in outs[:-1])
        last = outs[-1]
        if t["result"] == "valid":
            if what == "enc":
                assert body == bytes.fromhex(t["ct"]) and last[3] >> 1 == TAG, t["tcId"]
                assert last[0].to_bytes(16, "big") == bytes.fromhex(t["tag"]), t["tcId"]
            else:
                assert body == bytes.fromhex(t["msg"]) and last == (1 << 120, 0x8000, 1, 7), \
                    t["tcId"]
        else:
            assert last[3] >> 1 == VERDICT and last[0] == 0, t["tcId"]
    dut._log.info(f"wycheproof: {len(cases)} runs")


@cocotb.test()
async def random_messages(dut):
    """Random messages back to back against `cryptography`: random keys (every length the core
    takes) before some, IVs of 12 bytes and others, AAD and data of 0, partial and whole
    blocks, encrypt and decrypt with right, truncated and wrong tags, an AAD packet left out
    when empty; first with no idle and the output always ready, then under random idle and
    back-pressure."""
    cfg = config()
    g = Gcm(dut, cfg.get("seed", 1))
    await g.tb.start()
    rng = g.rng
    blocks = cfg.get("blocks", 2000)
    for idle, bp in ((0.0, 0.0), (0.3, 0.3)):
        done = 0
        while done < blocks // 2:
            msgs = [_random_msg(g, rng, new_key=(i == 0 or rng.random() < 0.2))
                    for i in range(50)]
            await g.run(msgs, idle=idle, backpressure=bp)
            done += sum((len(m.data) + 15) // 16 + (len(m.aad) + 15) // 16 for m in msgs)
    dut._log.info(f"random: {blocks} blocks or more")


def _shape_msgs(rng, key_len: int, decrypt_tag: bytes | None = None) -> list[Msg]:
    """A fixed shape: a key load, then messages of 12-byte IVs, 2 AAD blocks, 6 data blocks
    (encrypt, then decrypt), then a 20-byte IV, contents random."""
    key = rng.randbytes(key_len)
    m1 = Msg(iv=rng.randbytes(12), aad=rng.randbytes(32), data=rng.randbytes(96), key=key)
    enc = AES.new(key, AES.MODE_GCM, nonce=m1.iv)
    enc.update(m1.aad)
    ct, tag = enc.encrypt_and_digest(m1.data)
    m2 = Msg(iv=m1.iv, aad=m1.aad, data=ct, decrypt=True,
             tag=tag if rng.random() < 0.5 else rng.randbytes(16))
    m3 = Msg(iv=rng.randbytes(20), aad=b"", data=rng.randbytes(40))
    return [m1, m2, m3]


def _offsets(parts: list) -> list[int]:
    """Every handshake cycle of a run (inputs and outputs), counted from its first."""
    ts = [it.t for p in parts for role in ("key", "iv", "aad", "data", "tag") for it in p[role]]
    ts += [t for p in parts for t, _ in p["out"]]
    return [t - ts[0] for t in ts]


@cocotb.test()
async def cycles(dut):
    """The registry's figures, for every key length the core takes: a key load, then the IV
    offered at once, is taken ``key_setup`` cycles after the key; in a message of data alone
    into an idle engine the data beats are taken ``interval`` cycles apart and each is offered
    on m_axis ``latency`` cycles after its handshake (output always ready), the tag
    ``tag_after_data`` cycles after the last data beat's output. Constant time: the same
    message lengths with other keys, IVs, data and right or wrong tags give every handshake
    on the same cycle."""
    from ciphercores import cores

    cfg = config()
    g = Gcm(dut, cfg.get("seed", 1))
    core = cores.get(cfg["core"])
    await g.tb.start()
    rng = g.rng
    for kl in _key_lengths(g.p):
        f = core.cycles(g.p, f"aes-{8 * kl}-gcm")
        shapes = []
        for _ in range(2):
            # from the same state (ghash.v's loop turns whatever the input does)
            await g.tb.reset()
            g.key = bytes(16 if g.tlen else g.key_w // 8)
            parts = await g.run(_shape_msgs(rng, kl))
            shapes.append(_offsets(parts))
            key_to_iv = parts[0]["iv"][0].t - parts[0]["key"][0].t
            assert key_to_iv == f["key_setup"], (
                f"AES-{8 * kl}: IV taken {key_to_iv} cycles after the key, registry key_setup "
                f"{f['key_setup']}")
        assert shapes[0] == shapes[1], f"AES-{8 * kl}: timing differs with the data"
        # long enough for a GHASH slower than the core to fill the side FIFO and the register
        # slice behind the core, and then set the pace
        (p,) = await g.run([Msg(iv=rng.randbytes(12), aad=b"", data=rng.randbytes(16 * 24),
                                skip_aad=True)])
        t_in = [it.t for it in p["data"]]
        gaps = [b - a for a, b in zip(t_in, t_in[1:], strict=False)]
        bcore = cores.get(core.base)
        base = bcore.cycles({k: v for k, v in g.p.items() if k in bcore.defaults},
                            f"aes-{8 * kl}")
        if f["interval"] > base["interval"]:
            # GHASH is slower than the core (a small DIGIT): the side FIFO fills first, then
            # the beats follow at GHASH's rate, and the latency grows with the FIFO
            assert gaps[-3:] == [f["interval"]] * 3, f"AES-{8 * kl}: data beats {gaps} apart"
            continue
        assert set(gaps) == {f["interval"]}, f"AES-{8 * kl}: data beats {gaps} apart"
        lat = {o - i for (o, _), i in zip(p["out"], t_in, strict=False)}
        assert lat == {f["latency"]}, (f"AES-{8 * kl}: data beat to its output {lat} cycles, "
                                       f"registry latency {f['latency']}")
        tag = p["out"][-1][0] - t_in[-1]
        assert tag == f["latency"] + core.tag_after_data(g.p), f"AES-{8 * kl}: tag after {tag}"
        dut._log.info(f"AES-{8 * kl}: {f}, tag {tag} cycles after the last data beat")


def _secrets(dut) -> dict[str, int]:
    """The engine's key-derived registers: E_K(J0), J0, the counter, H and the GHASH sums."""
    e = dut.u_gcm
    out = {"ekj0": int(e.u_tag.ekj0_reg.value), "j0": int(e.u_join.j0_reg.value),
           "ctr": int(e.u_request.ctr_reg.value)}
    if int(config()["params"]["GHASH_P"]):
        gh = e.g_ghash_agg.u_ghash
        out.update(h=int(gh.pw_reg.value), y=int(gh.y_reg.value), out=int(gh.out_reg.value))
    else:
        gh = e.g_ghash_ds.u_ghash
        out.update(h=int(gh.h_reg.value), y=int(gh.y_reg.value), out=int(gh.out_reg.value))
    return out


@cocotb.test()
async def reset_wipes(dut):
    """Rule 5: a reset of ``reset_cycles`` edges in the middle of a message, under back-pressure,
    zeroes the output, every tready, E_K(J0), J0, the counter, H (and its powers) and the GHASH
    sums at that edge; the message is dropped (nothing more comes out); the key is taken
    ``ready_after_reset`` cycles after rst falls; then a message with no key load runs with the
    all-zero AES-128 key (or the core's key length) and H = E_0(0), and one after a key load
    with that key."""
    from cocotb.triggers import FallingEdge

    from ciphercores import cores

    cfg = config()
    g = Gcm(dut, cfg.get("seed", 1))
    core = cores.get(cfg["core"])
    need, ready = core.reset_figures(g.p).values()
    await g.tb.start()
    rng = g.rng
    d = dut
    for hold in (need, need + 3):
        key = rng.randbytes(_key_lengths(g.p)[-1])
        m = g.prepare(Msg(iv=rng.randbytes(12), aad=rng.randbytes(40), data=rng.randbytes(200),
                          key=key))
        items = g.items(m)
        flat = [it for role in ("key", "iv", "aad", "data") for it in items[role]]
        await g.tb.run(flat[:-3], 3, backpressure=0.5)  # stops with an output offered
        assert any(_secrets(d).values())
        d.rst.value = 1
        for n in range(hold):
            await g.tb.tick()
            if n + 1 < need:
                continue
            await FallingEdge(d.clk)
            assert not any(_secrets(d).values()), f"after reset edge {n + 1}: {_secrets(d)}"
            for port in ("m_axis_tvalid", "m_axis_tdata", "m_axis_tkeep", "m_axis_tuser",
                         "s_axis_tready", "s_iv_tready", "s_key_tready"):
                assert int(getattr(d, port).value) == 0, f"{port} after reset edge {n + 1}"
        d.rst.value = 0
        for v in ("s_key_tvalid", "s_iv_tvalid", "s_axis_tvalid"):
            getattr(d, v).value = 0
        d.m_axis_tready.value = 1
        new = rng.randbytes(_key_lengths(g.p)[0])
        for k, v in g.key_item(new).values.items():
            getattr(d, k).value = v
        d.s_key_tvalid.value = 1
        waited = 0
        while True:
            await g.tb.tick()
            assert not int(d.m_axis_tvalid.value), "output after the reset"
            if int(d.s_key_tready.value):
                break
            waited += 1
            assert waited < 10 * ready + 1000
        d.s_key_tvalid.value = 0
        g.key = new
        if hold == need:
            assert waited == ready, f"key taken {waited} cycles after rst fell, want {ready}"
        else:
            assert waited <= ready
        await g.run([Msg(iv=rng.randbytes(12), aad=rng.randbytes(20), data=rng.randbytes(33))])
        # again, the zero key (a key load is not needed after a reset)
        await g.tb.reset()
        g.key = bytes(16 if g.tlen else g.key_w // 8)
        await g.run([Msg(iv=rng.randbytes(12), aad=rng.randbytes(5), data=rng.randbytes(50)),
                     Msg(iv=rng.randbytes(12), aad=b"", data=rng.randbytes(16), key=key)])
