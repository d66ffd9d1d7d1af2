# SPDX-License-Identifier: Apache-2.0
"""Fixtures of the GUI tests: the app in-process (Starlette's TestClient) and served for real
(uvicorn in a thread of this process, on a free port of 127.0.0.1)."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from ciphercores import gui
from ciphercores.gui.app import create_app


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app()) as c:
        yield c


@pytest.fixture(scope="module")
def server():
    """(address, app) of a served GUI."""
    app = create_app()
    with gui.running(app=app) as url:
        yield url, app
