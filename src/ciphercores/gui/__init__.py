# SPDX-License-Identifier: Apache-2.0
"""The web GUI: ``ciphercores gui`` serves a page (plain HTML/CSS/JS in ``static/``) and a JSON
API (docs/gui.md) on a local address, to encrypt and decrypt through the simulated RTL cores
or the reference models.

- ``catalogue``: what the page offers (ciphers, modes, engines with cycles and measured figures)
- ``request``: the checks of a run request, every field's error at once
- ``devices``: the pool of open core builds, one request at a time on each
- ``service``: the run of a checked request (RTL or model) and the model's trace (no HTTP)
- ``limits``: what a request may cost (sizes, runs, time, connections)
- ``guard``: who may call it (Host, Origin, the run's token, JSON bodies, security headers)
- ``app``: the Starlette application (routes, limits, error answers)
- ``screenshot``: drives the page in headless Chromium and saves docs/img/gui.png
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager

from ..errors import AddressError

#: the port ``ciphercores gui`` tries first when none is given (else any free one)
DEFAULT_PORT = 8470


def bind(host: str = "127.0.0.1", port: int | None = None) -> socket.socket:
    """A listening socket on ``host``: ``port`` if given (0: any free port), else
    :data:`DEFAULT_PORT` when free, else any free port."""
    try:
        infos = socket.getaddrinfo(host, None, type=socket.SOCK_STREAM)
    except socket.gaierror as e:
        raise AddressError(f"cannot resolve host {host!r}: {e.strerror}") from None
    family, _, _, _, addr = infos[0]
    for p in ([port] if port is not None else [DEFAULT_PORT, 0]):
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((addr[0], p, *addr[2:]))
        except OSError as e:
            sock.close()
            if port is None and p == DEFAULT_PORT:
                continue
            raise AddressError(f"cannot listen on {host} port {p}: {e.strerror}") from None
        sock.listen(128)
        sock.set_inheritable(True)
        return sock
    raise AssertionError("unreachable")


def url_of(sock: socket.socket) -> str:
    host, port = sock.getsockname()[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _server(sock: socket.socket, app=None, host: str = "127.0.0.1",
            allow_hosts: Iterable[str] = ()):
    """uvicorn serving ``app`` (a new one by default) on ``sock``, its guard told the address:
    the loopback names, ``host`` and ``allow_hosts``, on the socket's port."""
    import uvicorn

    from . import limits
    from .app import create_app

    app = app or create_app()
    app.state.guard.serve_on(host, sock.getsockname()[1], allow_hosts)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            limit_concurrency=limits.MAX_CONNECTIONS, server_header=False)
    return uvicorn.Server(config)


def serve(host: str = "127.0.0.1", port: int | None = None,
          announce: Callable[[str], None] = print, allow_hosts: Iterable[str] = (),
          verbose: bool = False) -> None:
    """Serve the GUI until interrupted; ``announce`` gets the address once it listens.
    ``allow_hosts``: more names clients may use for this server (its ``Host`` header; the
    loopback names and ``host`` are always allowed). ``verbose``: a failed build's details
    (its log) on standard error."""
    from . import service

    service.VERBOSE = verbose
    sock = bind(host, port)
    server = _server(sock, host=host, allow_hosts=allow_hosts)
    announce(url_of(sock))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()


@contextmanager
def running(host: str = "127.0.0.1", port: int = 0, app=None,
            allow_hosts: Iterable[str] = ()) -> Iterator[str]:
    """The GUI served from a thread of this process (for tests and the screenshot): yields
    its address, stops it on exit."""
    sock = bind(host, port)
    server = _server(sock, app, host, allow_hosts)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        for _ in range(1000):
            if server.started or not thread.is_alive():
                break
            threading.Event().wait(0.01)
        if not server.started:
            raise RuntimeError("the GUI server did not start")
        yield url_of(sock)
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()


__all__ = ["DEFAULT_PORT", "AddressError", "bind", "running", "serve", "url_of"]
