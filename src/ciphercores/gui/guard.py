# SPDX-License-Identifier: Apache-2.0
"""Who may call the GUI (docs/gui.md, "Who may call it"): the page this server served, in the
user's browser, and nothing else. Any other web page the user visits can make the browser send
requests to 127.0.0.1, so every request is checked before it reaches a route:

- ``Host`` must be a name this server answers to (127.0.0.1, localhost, [::1], the ``--host``
  the user named, each ``--allow-host``; with the served port): a page that rebinds its own DNS
  name onto 127.0.0.1 sends its own name and is refused, so it cannot read the page's token;
- a request that says it comes from another origin (``Origin``, ``Sec-Fetch-Site``) is refused;
- every ``/api/`` request carries the token of this run (random, made at start, written into
  the page), which another origin cannot read; a custom header also makes a browser ask
  (preflight) before sending it cross-origin, and nothing here answers that;
- ``POST`` bodies must be ``application/json`` (a form or ``text/plain`` is refused);
- every answer forbids framing and sniffing and confines the page to this origin (CSP).
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Iterable

#: the names of this machine a browser sends for a server on the loopback address
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
#: addresses that mean "every interface": no client sends them as a name
WILDCARD = ("", "0.0.0.0", "::", "[::]")
#: the header that carries the run's token (the page reads it from its meta tag)
TOKEN_HEADER = "x-ciphercores-token"
TOKEN_META = '<meta name="ciphercores-token" content="">'

SECURITY_HEADERS = (
    (b"content-security-policy",
     b"default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'none'; "
     b"form-action 'none'"),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
)


def _name(host: str) -> str:
    """A host as a client writes it in ``Host``: IPv6 addresses in brackets, lower case."""
    host = host.strip().lower()
    return f"[{host}]" if ":" in host and not host.startswith("[") else host


class Guard:
    """The checks above; ``hosts`` is empty (every request refused) until :meth:`serve_on`."""

    def __init__(self, token: str | None = None):
        self.token = token or secrets.token_urlsafe(32)
        self.hosts: frozenset[str] = frozenset()

    def serve_on(self, host: str, port: int, allow: Iterable[str] = ()) -> None:
        """Answer to the loopback names, ``host`` (unless a wildcard) and ``allow``, on
        ``port``."""
        names = {*LOOPBACK, *(_name(a) for a in allow)}
        if _name(host) not in WILDCARD:
            names.add(_name(host))
        hosts = {f"{n}:{port}" for n in names}
        if port == 80:  # the default port is left out of Host
            hosts |= names
        self.hosts = frozenset(hosts)

    def refuse(self, method: str, path: str, headers) -> tuple[int, str] | None:
        """(status, reason) when the request must be refused, else None. ``headers``: a
        case-insensitive mapping (Starlette's ``Headers``)."""
        host = (headers.get("host") or "").strip().lower()
        if host not in self.hosts:
            return 403, ("this server does not answer to that host name (a page from "
                         "elsewhere, or a name not given with --allow-host)")
        origin = headers.get("origin")
        if origin is not None and origin.strip().lower() != f"http://{host}":
            return 403, "cross-origin request refused"
        site = headers.get("sec-fetch-site")
        if site is not None and site.strip().lower() not in ("same-origin", "none"):
            return 403, "cross-site request refused"
        if path.startswith("/api/"):
            given = headers.get(TOKEN_HEADER) or ""
            if not hmac.compare_digest(given.encode(), self.token.encode()):
                return 403, ("missing or wrong token: the API answers the page this server "
                             f"served (it sends the {TOKEN_HEADER} header)")
            if method == "POST":
                ctype = (headers.get("content-type") or "").split(";")[0].strip().lower()
                if ctype != "application/json":
                    return 415, "the body must be application/json"
        return None

    def page(self, html: str) -> str:
        """The page with this run's token in its meta tag."""
        if TOKEN_META not in html:
            raise ValueError("the page has no token meta tag")
        return html.replace(TOKEN_META, TOKEN_META.replace('content=""',
                                                           f'content="{self.token}"'))


class GuardMiddleware:
    """ASGI middleware: :meth:`Guard.refuse` before the app, the security headers on every
    answer."""

    def __init__(self, app, guard: Guard):
        self.app = app
        self.guard = guard

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_secured(message):
            if message["type"] == "http.response.start":
                names = {k for k, _ in SECURITY_HEADERS}
                headers = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message = {**message, "headers": [*headers, *SECURITY_HEADERS]}
            await send(message)

        from starlette.datastructures import Headers

        refused = self.guard.refuse(scope["method"], scope["path"], Headers(scope=scope))
        if refused is None:
            await self.app(scope, receive, send_secured)
            return
        status, reason = refused
        body = json.dumps({"ok": False, "errors": [{"field": None, "message": reason}]}).encode()
        await send_secured({"type": "http.response.start", "status": status,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())]})
        await send_secured({"type": "http.response.body", "body": body})


__all__ = ["LOOPBACK", "TOKEN_HEADER", "Guard", "GuardMiddleware"]
