# SPDX-License-Identifier: Apache-2.0
"""Loaders for the official known-answer files kept under vectors/.

Three formats, all read as text:

- NIST CAVP ``.rsp`` files (AES, TDES, GCM): ``[ENCRYPT]`` / ``[DECRYPT]`` sections of
  ``NAME = value`` records separated by blank lines (a bare ``FAIL`` line marks a case to
  reject). :func:`load_rsp` returns the records.
- Wycheproof JSON files, after their ``# source:`` line: :func:`load_json`.
- Tables (``.txt``) for vectors published as tables (SPECK, Blowfish, FIPS-197, SP 800-38A ...):
  ``#`` comment lines, then a header line ``fields: name name ...``, then one record per line
  with whitespace-separated values. :func:`load_table` returns dicts of strings.

Every file starts with a ``# source:`` line naming where its data comes from; :func:`source`
returns it and the tests check it is there.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .paths import VECTORS


@dataclass(frozen=True)
class RspRecord:
    section: str  # "ENCRYPT" or "DECRYPT" (or the section header as written)
    fields: dict[str, str]

    def hex(self, name: str) -> bytes:
        return bytes.fromhex(self.fields[name])


def path(rel: str) -> Path:
    p = VECTORS / rel
    if not p.exists():
        raise FileNotFoundError(f"vector file missing: vectors/{rel}")
    return p


def source(rel: str) -> str:
    """The ``# source:`` line of a vector file (without the prefix)."""
    for line in path(rel).read_text().splitlines():
        if line.lower().startswith("# source:"):
            return line.split(":", 1)[1].strip()
    raise ValueError(f"vectors/{rel} has no '# source:' line")


def load_rsp(rel: str) -> list[RspRecord]:
    records: list[RspRecord] = []
    section = ""
    cur: dict[str, str] = {}

    def flush() -> None:
        nonlocal cur
        if cur:
            records.append(RspRecord(section, cur))
            cur = {}

    for raw in path(rel).read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            flush()
            continue
        if line.startswith("[") and line.endswith("]"):
            flush()
            section = line[1:-1].strip()
            continue
        if "=" in line:
            k, v = (s.strip() for s in line.split("=", 1))
            if k.upper() == "COUNT":
                flush()
            cur[k] = v
        elif line == "FAIL":  # a decryption case that must be rejected (GCM files)
            cur["FAIL"] = ""
    flush()
    return records


def load_json(rel: str):
    """A JSON vector file (Wycheproof): the ``#`` lines before the JSON text skipped."""
    import json

    lines = path(rel).read_text().splitlines()
    return json.loads("\n".join(ln for ln in lines if not ln.startswith("#")))


def load_table(rel: str) -> list[dict[str, str]]:
    fields: list[str] | None = None
    rows: list[dict[str, str]] = []
    for raw in path(rel).read_text().splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("fields:"):
            fields = line.split(":", 1)[1].split()
            continue
        if fields is None:
            raise ValueError(f"vectors/{rel}: data before the 'fields:' line")
        values = line.split()
        if len(values) != len(fields):
            raise ValueError(
                f"vectors/{rel}: {len(values)} values for {len(fields)} fields: {line}")
        rows.append(dict(zip(fields, values, strict=True)))
    return rows
