# SPDX-License-Identifier: Apache-2.0
"""End to end: the GUI served for real, driven in headless Chromium (Debian's ``chromium``
through Playwright, no browser download; .ci/run installs it).

AES-128-CBC through the RTL checked against ``openssl enc`` when a registered core implements
aes-128, else SPECK128/128-CBC checked against the reference model; "use as input", decrypt,
the original back; a bad key refused next to its field with nothing sent; a server-side refusal
(bad padding) next to its field; no round trace until its box is ticked, then the trace
collapsed; a file uploaded, too large to show,
moved to the input and downloaded; live update. Screenshots land in build/gui/ (artifacts).
"""

from __future__ import annotations

import random
import re
import subprocess

import pytest

from ciphercores import cores, frontend, models, modes, tools
from ciphercores.gui import screenshot as ui
from ciphercores.models.speck import rounds

ARTIFACTS = cores.ROOT / "build" / "gui"
MESSAGE = "Meet me at the FPGA at 9 pm — bring the bitstream ✓"

#: the cipher of the test: AES-128 where an RTL core implements it, else SPECK128/128
CIPHER = "aes-128" if cores.cores_for("aes-128") else "speck128-128"


def reference(key: bytes, iv: bytes, data: bytes) -> bytes:
    """What CBC encryption must give: ``openssl enc`` for AES, the model for SPECK."""
    if CIPHER == "aes-128":
        return subprocess.run([tools.find("openssl"), "enc", "-aes-128-cbc", "-K", key.hex(),
                               "-iv", iv.hex()], input=data, capture_output=True,
                              check=True).stdout
    return modes.encrypt(models.new(CIPHER, key), "cbc", data, iv)


@pytest.fixture(scope="module")
def browser():
    if tools.find("chromium", required=False) is None:
        pytest.fail("Debian's chromium is not installed (apt-get install chromium; .ci/run "
                    "does it); the GUI's end-to-end test needs it")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = ui.launch(pw)
        yield b
        b.close()


@pytest.fixture
def page(browser, server):
    url, _ = server
    ctx = browser.new_context(viewport=ui.VIEWPORT, accept_downloads=True)
    p = ctx.new_page()
    errors: list[str] = []
    p.on("pageerror", lambda e: errors.append(str(e)))
    # JavaScript errors; a refused request (422) is logged by the browser too, and is expected
    p.on("console", lambda m: m.type == "error" and not m.text.startswith(
        "Failed to load resource") and errors.append(m.text))
    p.goto(url)
    p.wait_for_selector('#engine[data-for]', state="attached")
    yield p
    ctx.close()
    assert not errors, errors


def run_requests(page) -> list:
    got: list = []
    page.on("request", lambda r: "/api/run" in r.url and got.append(r))
    return got


def test_encrypt_use_as_input_decrypt_and_a_bad_key(page):
    rng = random.Random(10)
    key, iv = rng.randbytes(16), rng.randbytes(16)
    ui.choose(page, CIPHER, "cbc")
    cm = modes.parse_name(f"{CIPHER}-cbc")
    default = frontend.core_spec(*frontend.choose_core(cm, None))
    assert page.input_value("#engine") == default and default.startswith("cbc(")
    page.fill("#key", key.hex())
    page.fill("#iv", iv.hex())
    page.select_option("#message-format", "text")
    page.fill("#message", MESSAGE)
    sent = run_requests(page)

    # no round trace (its values give the key) unless the box is ticked
    ui.click_and_wait(page, "#encrypt")
    assert page.locator("table.trace").count() == 0
    assert 'tick "round trace"' in page.text_content("#trace-body")
    assert sent[-1].post_data_json["trace"] is False
    page.check("#want-trace")
    ui.click_and_wait(page, "#encrypt")
    want = reference(key, iv, MESSAGE.encode())
    assert page.input_value("#result-hex") == want.hex()
    assert page.inner_text("#model-agrees") == "RTL result = reference model's."
    summary = page.inner_text("#result-summary")
    assert "Verilator co-simulation of cbc_" in summary and "CBC in hardware" in summary
    blocks = len(want) // 16
    assert f"for {blocks} blocks" in page.inner_text("#cycles")
    # the trace is there, collapsed; opened it shows every round of every block
    assert page.evaluate("document.querySelector('#trace').open") is False
    assert not page.is_visible("table.trace")
    page.click("#trace summary")
    n_rounds = rounds(64, 2) if CIPHER.startswith("speck") else 11
    assert page.locator("table.trace").count() == blocks
    assert page.locator("table.trace").first.locator("tr").count() == n_rounds + 1
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"e2e-{CIPHER}-cbc.png"), full_page=True)

    page.click("#use-as-input")
    assert page.input_value("#message-format") == "hex"
    assert page.input_value("#message") == want.hex()
    ui.click_and_wait(page, "#decrypt")
    assert page.input_value("#result-text") == MESSAGE
    assert len(sent) == 3

    # a bad key: the error next to the key field, nothing sent
    page.fill("#key", "00112233445566778899")
    ui.click_and_wait(page, "#encrypt")
    err = page.inner_text("#key-error")
    assert page.is_visible("#key-error") and "key is 10 bytes" in err
    assert "00112233445566778899" not in err
    assert page.get_attribute("#key", "class") == "invalid"
    assert page.inner_text("#status").startswith("nothing ran")
    assert not page.is_visible("#result")  # no stale result beside a refusal
    page.fill("#key", "not hex at all")
    ui.click_and_wait(page, "#decrypt")
    assert "key is not hexadecimal" in page.inner_text("#key-error")
    assert len(sent) == 3

    # a refusal only the server can see (wrong key: bad padding) shows next to the message
    page.fill("#key", bytes(16).hex())
    page.fill("#message", want.hex())
    ui.click_and_wait(page, "#decrypt")
    assert "padding" in page.inner_text("#message-error")
    assert page.inner_text("#key-error") == "" and len(sent) == 4
    page.screenshot(path=str(ARTIFACTS / "e2e-errors.png"), full_page=True)


def test_file_upload_large_result_download(page, tmp_path):
    rng = random.Random(11)
    key, iv = rng.randbytes(16), rng.randbytes(16)
    data = rng.randbytes(100_000)  # the result is too large to show: it stays a file
    src = tmp_path / "report.bin"
    src.write_bytes(data)
    ui.choose(page, CIPHER, "cbc")
    page.fill("#key", key.hex())
    page.fill("#iv", iv.hex())
    page.set_input_files("#file", str(src))
    ui.wait_until(page, "document.querySelector('#message').value === "
                           "'file report.bin: 100000 bytes'")
    assert page.is_disabled("#message")
    ui.click_and_wait(page, "#encrypt")
    assert "too large to show" in page.input_value("#result-hex")
    with page.expect_download() as dl:
        page.click("#download")
    assert dl.value.suggested_filename == "report.bin.enc"
    enc = tmp_path / "report.bin.enc"
    dl.value.save_as(enc)
    assert enc.read_bytes() == reference(key, iv, data)

    page.click("#use-as-input")
    ui.click_and_wait(page, "#decrypt")
    with page.expect_download() as dl:
        page.click("#download")
    dec = tmp_path / "back.bin"
    dl.value.save_as(dec)
    assert dec.read_bytes() == data


def test_live_update_and_the_model(page):
    key, iv = bytes(range(16)), bytes(range(16, 32))
    ui.choose(page, CIPHER, "ctr", engine="model")
    page.fill("#key", key.hex())
    page.fill("#iv", iv.hex())
    page.select_option("#message-format", "text")
    page.check("#live")
    n = ui.runs(page)
    page.fill("#message", "typed, not clicked")
    ui.wait_until(page, f"Number(document.body.dataset.runs) > {n}", timeout=30_000)
    want = modes.encrypt(models.new(CIPHER, key), "ctr", b"typed, not clicked", iv)
    ui.wait_until(
        page, f"document.querySelector('#result-hex').value === '{want.hex()}'", timeout=30_000)
    assert page.inner_text("#cycles") == "software run: no clock cycles"


def test_status_wall_time_cycles_and_labels(page):
    ui.choose(page, "bf", "ecb")
    labels = page.eval_on_selector_all("#engine option", "os => os.map(o => o.textContent)")
    assert "RTL bf_pipe: block cipher core" in labels
    assert not [x for x in labels if "()" in x]  # no empty brackets
    page.fill("#key", bytes(range(16)).hex())
    ui.click_and_wait(page, "#encrypt")
    status = page.inner_text("#status")
    assert re.fullmatch(r"encrypted in [\d.]+ (ms|s) wall time(, of which [\d.]+ (ms|s) "
                        r"(building the Verilator model \(once\)|opening the core))?; "
                        r"\d+ clock cycles in the core", status), status
    cycles = int(re.search(r"(\d+) clock cycles", status)[1])
    assert f"core clock cycles: {cycles} for " in page.inner_text("#cycles")


def test_first_run_of_an_unbuilt_core_says_it_is_building(page):
    """The engine list marks a core not built yet (as a machine without its build sees it);
    the run is held until the page's status has been read: it says it builds the model, and
    the next run, the model built, only that it encrypts."""
    held: list = []

    def unbuilt(route):
        engines = route.fetch().json()
        engines[0]["built"] = False
        route.fulfill(json=engines)

    page.route("**/api/engines?*", unbuilt)
    page.route("**/api/run", lambda route: held.append(route))
    # the page may have loaded this cipher and mode's engines before the route was set:
    # another mode first, so that the list is fetched again through the route
    ui.choose(page, CIPHER, "ctr")
    ui.choose(page, CIPHER, "cbc")
    assert page.evaluate("state.engines[0].built") is False
    core = page.evaluate("state.engines[0].core")
    for attempt in (1, 2):
        n = ui.runs(page)
        page.click("#encrypt")
        ui.wait_until(page, "document.querySelector('#status').textContent.endsWith('…')")
        text = page.inner_text("#status")
        if attempt == 1:
            assert text == (f"building the Verilator model of {core} (once; up to a minute), "
                            "then encrypting…")
        else:
            assert text == "encrypting…"
        while not held:  # the request reaches the route after the status is set
            page.wait_for_timeout(20)
        held.pop().continue_()
        ui.wait_until(page, f"Number(document.body.dataset.runs || 0) > {n}",
                               timeout=300_000)
        assert page.inner_text("#status").startswith("encrypted in ")


def test_a_field_error_goes_once_the_field_is_fixed(page):
    ui.choose(page, CIPHER, "cbc")
    page.fill("#key", "00112233")
    ui.click_and_wait(page, "#encrypt")
    assert "key is 4 bytes" in page.inner_text("#key-error")
    page.fill("#key", "0011223344")  # still wrong: the message follows the field
    assert "key is 5 bytes" in page.inner_text("#key-error")
    page.fill("#key", bytes(16).hex())  # fixed: the error and the mark go, without a run
    assert not page.is_visible("#key-error") and page.inner_text("#key-error") == ""
    assert page.get_attribute("#key", "class") in (None, "")
    assert not page.inner_text("#status").startswith("nothing ran")
    # a message error goes when the message is fixed, the key's stays while it is wrong
    page.select_option("#message-format", "hex")
    page.fill("#message", "abc")
    page.fill("#key", "zz")
    ui.click_and_wait(page, "#encrypt")
    assert page.inner_text("#message-error") and page.inner_text("#key-error")
    page.fill("#message", "abcd")
    assert page.inner_text("#message-error") == "" and page.inner_text("#key-error")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "e2e-error-fixed.png"), full_page=True)


def _overflow(page) -> dict:
    """How far the page and each card's content reach past their right edges (px)."""
    return page.evaluate("""() => {
        const out = {page: document.documentElement.scrollWidth - window.innerWidth};
        for (const card of document.querySelectorAll('.card')) {
            const right = card.getBoundingClientRect().right;
            for (const el of card.querySelectorAll('select, input, textarea, .trace-wrap, ' +
                                                    '.trace-head, .info, .hint')) {
                if (!el.offsetParent) continue;  // hidden
                const d = el.getBoundingClientRect().right - right;
                if (d > 0.5) out[el.id || el.className] = d;
            }
        }
        return out;
    }""")


@pytest.mark.parametrize("width", [420, 1100])
def test_nothing_spills_out_of_its_card(browser, server, width):
    """A narrow window (420 px) and a wide one: the "run on" list and the round-trace tables
    stay inside their cards; a trace wider than its card scrolls inside it."""
    url, _ = server
    ctx = browser.new_context(viewport={"width": width, "height": 900})
    page = ctx.new_page()
    try:
        page.goto(url)
        page.wait_for_selector('#engine[data-for]', state="attached")
        ui.choose(page, CIPHER, "cbc")
        assert _overflow(page) == {"page": 0}
        page.check("#want-trace")
        ui.click_and_wait(page, "#encrypt")
        page.click("#trace summary")
        assert page.locator("table.trace").count() >= 2
        assert _overflow(page) == {"page": 0}
        if width == 420:  # the tables are wider than the card: they scroll inside it
            assert page.evaluate("[...document.querySelectorAll('.trace-wrap')].every("
                                 "w => w.scrollWidth > w.clientWidth)")
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"e2e-{width}px.png"), full_page=True)
    finally:
        ctx.close()


def test_gcm_tag_shown_and_a_changed_aad_refused(page):
    """AES-128-GCM on the reference model (chosen; the default is GCM in the RTL): the AAD
    field shows, the IV becomes 12 bytes; the result equals cryptography's AESGCM, the tag
    shown; "use as input" and decrypt give the message back, the tag verified; a changed AAD
    is refused next to the tag, nothing shown; GCM is not offered for Blowfish."""
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    rng = random.Random(12)
    key, iv, aad = rng.randbytes(16), rng.randbytes(12), "header v1"
    assert not page.is_visible("#aad-field")
    ui.choose(page, "aes-128", "gcm")
    cm = modes.parse_name("aes-128-gcm")
    assert page.input_value("#engine") == frontend.core_spec(*frontend.choose_core(cm, None))
    page.select_option("#engine", "model")
    assert page.is_visible("#aad-field") and len(page.input_value("#iv")) == 24
    assert not page.is_visible("#pad-field")  # GCM takes no padding
    assert "12 bytes (24 hex digits) recommended" in page.inner_text("#iv-hint")
    page.fill("#key", key.hex())
    page.fill("#iv", iv.hex())
    page.fill("#aad", aad)
    page.select_option("#message-format", "text")
    page.fill("#message", MESSAGE)
    ui.click_and_wait(page, "#encrypt")
    want = AESGCM(key).encrypt(iv, MESSAGE.encode(), aad.encode())
    assert page.input_value("#result-hex") == want.hex()
    assert page.inner_text("#result-tag").startswith(f"tag {want[-16:].hex()} (the output's "
                                                     "last 16 bytes")
    page.click("#use-as-input")
    ui.click_and_wait(page, "#decrypt")
    assert page.input_value("#result-text") == MESSAGE
    assert f"tag {want[-16:].hex()} verified" in page.inner_text("#result-tag")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "e2e-aes-128-gcm.png"), full_page=True)

    page.fill("#aad", "header v2")
    ui.click_and_wait(page, "#decrypt")
    assert "the tag does not match" in page.inner_text("#tag-error")
    assert page.inner_text("#status").startswith("decryption refused: the tag does not match")
    assert not page.is_visible("#result")
    page.screenshot(path=str(ARTIFACTS / "e2e-gcm-refused.png"), full_page=True)

    # through the GCM core, and an AES core with GCM on the host around it: the same bytes
    page.fill("#aad", aad)
    for core, params in frontend.core_options(cm)[::2][:2]:  # gcm(aes_iter), then aes_iter
        page.select_option("#engine", frontend.core_spec(core, params))
        ui.click_and_wait(page, "#decrypt")
        assert page.input_value("#result-text") == MESSAGE
        assert f"Verilator co-simulation of {core.top}" in page.inner_text("#result-summary")

    page.select_option("#cipher", "bf")
    page.wait_for_selector('#engine[data-for="bf-cbc"]', state="attached")
    assert page.input_value("#mode") == "cbc" and not page.is_visible("#aad-field")
    assert page.evaluate("document.querySelector('#mode option[value=gcm]').disabled")
