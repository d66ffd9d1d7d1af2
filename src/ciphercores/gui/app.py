# SPDX-License-Identifier: Apache-2.0
"""The GUI's HTTP side: a Starlette app serving the page (static HTML/CSS/JS of this package)
and the JSON API of docs/gui.md.

    GET  /                 the page
    GET  /api/ciphers      ciphers, sizes, modes, limits, the page's default choice
    GET  /api/engines      ?cipher=&mode=: the RTL cores (cycles, measured figures) and the model
    POST /api/run          encrypt or decrypt a message; the result, cycles, the model's trace
    GET  /api/status       open core builds and their use (for tests and the curious)

Requests are checked completely before anything runs (422 with every field's error; 413 for a
message over the limit); the simulation runs in a worker thread, one request at a time per
core build. No request body is ever logged.
"""

from __future__ import annotations

import json
import os
import sys
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import service
from .service import DevicePool, RequestError

STATIC = Path(__file__).with_name("static")


def _errors(e: RequestError) -> JSONResponse:
    return JSONResponse({"ok": False, "errors": [{"field": f, "message": m}
                                                 for f, m in e.errors]}, status_code=e.status)


def _internal(e: Exception) -> JSONResponse:
    """An unexpected failure: its kind only (its text may hold request data)."""
    if os.environ.get("CIPHERCORES_DEBUG"):
        raise e
    print(f"ciphercores gui: internal error ({type(e).__name__}); set CIPHERCORES_DEBUG=1 "
          "for a traceback", file=sys.stderr)
    return JSONResponse({"ok": False, "errors": [
        {"field": None, "message": f"internal error ({type(e).__name__})"}]}, status_code=500)


async def _index(request: Request) -> FileResponse:
    return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})


async def _ciphers(request: Request) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(service.catalogue))


async def _engines(request: Request) -> JSONResponse:
    q = request.query_params
    try:
        return JSONResponse(await run_in_threadpool(service.engines, q.get("cipher"),
                                                    q.get("mode"), request.app.state.pool))
    except RequestError as e:
        return _errors(e)


async def _read_body(request: Request) -> bytes:
    length = request.headers.get("content-length")
    too_big = RequestError([("message", f"request over {service.MAX_BODY} bytes; messages "
                                        f"are limited to {service.MAX_BYTES} bytes")], 413)
    if length is not None and length.isdigit() and int(length) > service.MAX_BODY:
        raise too_big
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > service.MAX_BODY:
            raise too_big
        chunks.append(chunk)
    return b"".join(chunks)


async def _run(request: Request) -> JSONResponse:
    pool: DevicePool = request.app.state.pool
    try:
        raw = await _read_body(request)
        try:
            body = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise RequestError([(None, "the body is not JSON")]) from None
        req = service.parse_request(body)
        return JSONResponse(await run_in_threadpool(service.run, req, pool))
    except RequestError as e:
        return _errors(e)
    except Exception as e:
        return _internal(e)


async def _status(request: Request) -> JSONResponse:
    return JSONResponse({"builds": request.app.state.pool.stats()})


def create_app(pool: DevicePool | None = None) -> Starlette:
    """The GUI application; ``pool`` holds the open devices (a new one by default), closed
    when the app shuts down."""

    @asynccontextmanager
    async def lifespan(app: Starlette):
        try:
            yield
        finally:
            await run_in_threadpool(app.state.pool.close)

    app = Starlette(routes=[
        Route("/", _index),
        Route("/api/ciphers", _ciphers),
        Route("/api/engines", _engines),
        Route("/api/run", _run, methods=["POST"]),
        Route("/api/status", _status),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan)
    app.state.pool = pool or DevicePool()
    return app


__all__ = ["STATIC", "create_app"]
