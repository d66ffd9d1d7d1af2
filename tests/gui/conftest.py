# SPDX-License-Identifier: Apache-2.0
"""Fixtures of the GUI tests: the app in-process (Starlette's TestClient, calling as the page
does: Host 127.0.0.1 on the port its guard serves, the run's token) and served for real
(uvicorn in a thread of this process, on a free port of 127.0.0.1)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from ciphercores import gui
from ciphercores.gui.app import create_app
from ciphercores.gui.guard import TOKEN_HEADER

#: the port the in-process app's guard is told it serves (nothing listens on it)
PORT = gui.DEFAULT_PORT


def page_client(app=None, **kw) -> TestClient:
    """A TestClient of ``app`` (a new one by default) that calls as the GUI's page does."""
    app = app or create_app()
    app.state.guard.serve_on("127.0.0.1", PORT)
    return TestClient(app, base_url=f"http://127.0.0.1:{PORT}",
                      headers={TOKEN_HEADER: app.state.guard.token}, **kw)


@pytest.fixture(scope="module")
def client():
    with page_client() as c:
        yield c


@pytest.fixture
def new_client():
    """Makes page clients of new apps (each with its own pool and token)."""
    return page_client


@pytest.fixture(scope="module")
def server():
    """(address, app) of a served GUI; ``app.state.guard.token`` is the run's token."""
    app = create_app()
    with gui.running(app=app) as url:
        yield url, app
