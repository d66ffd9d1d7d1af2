# SPDX-License-Identifier: Apache-2.0
"""The GUI's HTTP side: a Starlette app serving the page (static HTML/CSS/JS of this package)
and the JSON API of docs/gui.md.

    GET  /                 the page
    GET  /api/ciphers      ciphers, sizes, modes, limits, the page's default choice
    GET  /api/engines      ?cipher=&mode=: the RTL cores (cycles, measured figures) and the model
    POST /api/run          encrypt or decrypt a message; the result, cycles, the model's trace
    GET  /api/status       open core builds and their use (for tests and the curious)

Every request passes :mod:`.guard` first (Host, Origin, the run's token, JSON bodies; the
security headers on every answer). Requests are checked completely before anything runs (422
with every field's error; 413 for a message over the limit); the simulation runs in a worker
thread, one request at a time per core build, at most ``limits.MAX_RUNS`` at once with
``limits.MAX_QUEUED`` waiting (503 beyond), each stopped after ``limits.RUN_SECONDS`` or when
its client goes away. No request body is ever logged.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys
from contextlib import asynccontextmanager
from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from ..errors import RequestError
from . import catalogue, limits, service
from .devices import DevicePool
from .guard import Guard, GuardMiddleware
from .request import parse_request
from .service import Budget

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


async def _index(request: Request) -> HTMLResponse:
    """The page, with this run's token (the API's key) in it."""
    html = request.app.state.guard.page((STATIC / "index.html").read_text())
    return HTMLResponse(html, headers={"Cache-Control": "no-store"})


async def _ciphers(request: Request) -> JSONResponse:
    return JSONResponse(await run_in_threadpool(catalogue.catalogue))


async def _engines(request: Request) -> JSONResponse:
    q = request.query_params
    try:
        return JSONResponse(await run_in_threadpool(catalogue.engines, q.get("cipher"),
                                                    q.get("mode"), request.app.state.pool))
    except RequestError as e:
        return _errors(e)


async def _read_body(request: Request) -> bytes:
    length = request.headers.get("content-length")
    too_big = RequestError([("message", f"request over {limits.MAX_BODY} bytes; messages "
                                        f"are limited to {limits.MAX_BYTES} bytes")], 413)
    if length is not None and length.isdigit() and int(length) > limits.MAX_BODY:
        raise too_big
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limits.MAX_BODY:
            raise too_big
        chunks.append(chunk)
    return b"".join(chunks)


class Runs:
    """At most ``limits.MAX_RUNS`` runs at once, ``limits.MAX_QUEUED`` waiting; counts."""

    def __init__(self) -> None:
        self.running = self.queued = self.stopped = self.refused = 0
        self._sem: asyncio.Semaphore | None = None

    @asynccontextmanager
    async def slot(self):
        if self._sem is None:  # made in the server's event loop
            self._sem = asyncio.Semaphore(limits.MAX_RUNS)
        if self._sem.locked() and self.queued >= limits.MAX_QUEUED:
            self.refused += 1
            raise RequestError([(None, f"busy: {limits.MAX_RUNS} runs and "
                                       f"{limits.MAX_QUEUED} waiting; try again later")], 503)
        self.queued += 1
        try:
            await self._sem.acquire()
        finally:
            self.queued -= 1
        self.running += 1
        try:
            yield
        finally:
            self.running -= 1
            self._sem.release()

    def stats(self) -> dict[str, int]:
        return {"running": self.running, "queued": self.queued, "stopped": self.stopped,
                "refused": self.refused}


async def _watch(request: Request, budget: Budget) -> None:
    """Cancel ``budget`` when the client goes away."""
    while not budget.cancelled:
        if await request.is_disconnected():
            budget.cancel()
            return
        await asyncio.sleep(0.1)


async def _run(request: Request) -> JSONResponse:
    pool: DevicePool = request.app.state.pool
    runs: Runs = request.app.state.runs
    try:
        raw = await _read_body(request)
        try:
            body = json.loads(raw)
        except (ValueError, UnicodeDecodeError):
            raise RequestError([(None, "the body is not JSON")]) from None
        req = parse_request(body)
        async with runs.slot():
            budget = Budget()
            watch = asyncio.ensure_future(_watch(request, budget))
            try:
                return JSONResponse(await run_in_threadpool(service.run, req, pool, budget))
            except RequestError:
                if budget.stopped:
                    runs.stopped += 1
                raise
            finally:
                watch.cancel()
    except RequestError as e:
        return _errors(e)
    except Exception as e:
        return _internal(e)


async def _status(request: Request) -> JSONResponse:
    return JSONResponse({"builds": request.app.state.pool.stats(),
                         "runs": request.app.state.runs.stats()})


def create_app(pool: DevicePool | None = None, guard: Guard | None = None) -> Starlette:
    """The GUI application; ``pool`` holds the open devices (a new one by default), closed
    when the app shuts down; ``guard`` checks every request (a new one by default, with a new
    token: :func:`ciphercores.gui.serve` tells it the address it serves)."""
    guard = guard or Guard()

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
    ], middleware=[Middleware(GuardMiddleware, guard=guard)], lifespan=lifespan)
    app.state.guard = guard
    app.state.pool = pool or DevicePool()
    app.state.runs = Runs()
    return app


__all__ = ["STATIC", "create_app"]
