# SPDX-License-Identifier: Apache-2.0
"""Drive the GUI in headless Chromium and save a screenshot (the README's docs/img/gui.png):

    python -m ciphercores.gui.screenshot [OUT.png]

Serves the GUI on a free local port, opens it in Debian's ``chromium`` through Playwright
(``executable_path``: no browser download; ``CIPHERCORES_CHROMIUM`` overrides the path),
encrypts the page's sample message with the default cipher through the RTL, and saves the
page. The helpers here are also what the end-to-end test (tests/gui/test_e2e.py) drives the
page with. Playwright is a development dependency (``pip install -e '.[dev]'``).
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from .. import tools
from ..cores import ROOT

DEFAULT_OUT = ROOT / "docs" / "img" / "gui.png"
VIEWPORT = {"width": 1100, "height": 900}


def launch(pw):
    """Headless Debian chromium under Playwright (``pw``: a started sync_playwright)."""
    return pw.chromium.launch(executable_path=tools.find("chromium"), headless=True,
                              args=["--no-sandbox"])


def choose(page, cipher: str, mode: str, engine: str | None = None) -> None:
    """Pick cipher and mode and wait for their engine list; ``engine``: an option's id
    (``"model"``, a core spec), else the default (the first, the CLI's choice)."""
    page.select_option("#cipher", cipher)
    page.select_option("#mode", mode)
    page.wait_for_selector(f'#engine[data-for="{cipher}-{mode}"]', state="attached")
    if engine is not None:
        page.select_option("#engine", engine)


def runs(page) -> int:
    return int(page.evaluate("document.body.dataset.runs || '0'"))


def wait_until(page, expression: str, timeout: float = 30_000) -> None:
    """Wait until ``expression`` is true in the page, polling it (Playwright's
    ``wait_for_function`` evaluates strings in the page, which its CSP forbids)."""
    end = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > end:
            raise TimeoutError(f"not true within {timeout / 1000:g} s: {expression}")
        page.wait_for_timeout(20)


def click_and_wait(page, button: str, timeout: float = 300_000) -> None:
    """Click Encrypt/Decrypt (``#encrypt``, ``#decrypt``) and wait until that run (or its
    refusal in the page) is over."""
    n = runs(page)
    page.click(button)
    wait_until(page, f"Number(document.body.dataset.runs || 0) > {n}", timeout)


def main(argv: list[str] | None = None) -> int:
    from playwright.sync_api import sync_playwright

    from . import running

    args = sys.argv[1:] if argv is None else argv
    out = Path(args[0]) if args else DEFAULT_OUT
    out.parent.mkdir(parents=True, exist_ok=True)
    with running() as url, sync_playwright() as pw:
        browser = launch(pw)
        try:
            page = browser.new_page(viewport=VIEWPORT)
            page.goto(url)
            cat = page.evaluate(  # with the token the server wrote into the page
                "fetch('/api/ciphers', {headers: {'X-CipherCores-Token': document.querySelector("
                "'meta[name=\"ciphercores-token\"]').content}}).then(r => r.json())")
            choose(page, cat["default"]["cipher"], cat["default"]["mode"])
            click_and_wait(page, "#encrypt")
            page.wait_for_selector("#result:not([hidden])")
            page.screenshot(path=str(out), full_page=True)
        finally:
            browser.close()
    print(f"screenshot: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
