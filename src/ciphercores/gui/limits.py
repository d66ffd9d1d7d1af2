# SPDX-License-Identifier: Apache-2.0
"""What a GUI request may cost, in one place: message and body sizes, the trace and the
result shown, open builds, runs at once and waiting, a run's wall time, connections. Every
module reads these as ``limits.NAME`` when it needs one, so a test may change one here."""

from __future__ import annotations

#: largest message (bytes, after decoding) a request may carry
MAX_BYTES = 8 << 20
#: largest request body (JSON, the message in base64 or hex)
MAX_BODY = 2 * MAX_BYTES + 4096
#: messages up to this many bytes get the model's round-by-round trace
TRACE_BYTES = 64
#: block-cipher calls shown in a trace at most
TRACE_CALLS = 8
#: results up to this many bytes come back as hex and text too (always as base64)
SHOW_BYTES = 64 << 10
#: open core builds kept at most; the least recently used idle one is closed first
MAX_OPEN = 4
#: runs at once (RTL or model), and requests waiting for one beyond them (then 503)
MAX_RUNS = 2
MAX_QUEUED = 16
#: a run's wall time at most, opening the core not included (the driver bounds the build)
RUN_SECONDS = 120.0
#: HTTP connections the server takes at once (uvicorn answers 503 beyond them)
MAX_CONNECTIONS = 32

__all__ = ["MAX_BODY", "MAX_BYTES", "MAX_CONNECTIONS", "MAX_OPEN", "MAX_QUEUED", "MAX_RUNS",
           "RUN_SECONDS", "SHOW_BYTES", "TRACE_BYTES", "TRACE_CALLS"]
