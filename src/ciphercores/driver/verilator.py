# SPDX-License-Identifier: Apache-2.0
"""Verilator transport: the core compiled to C++ with the generic streaming harness.

``harness.cpp`` (beside this file) is the C++ of every block-interface core; it names no core.
The GCM cores (packet ports, docs/interface.md "GCM cores") are built with ``harness_gcm.cpp``,
which includes it and adds the packet calls. For one (core,
parameters) the RTL is verilated with ``--prefix Vcc_top`` and the parameters as ``-G``, built
with the harness into a shared library (``-fPIC -shared``), and loaded with ctypes. A call hands
the harness a whole batch of blocks; it runs the clock, the handshakes and the byte layout in
C++ and returns the outputs and the cycle count.

Builds are cached in the user's cache directory (:func:`ciphercores.paths.cache_root`:
``$CIPHERCORES_CACHE_DIR``, else ``$XDG_CACHE_HOME/ciphercores``, else
``~/.cache/ciphercores``) under ``cosim/``, keyed by a
hash of the RTL sources, the harness source, the top and parameters, the build flags, and the
Verilator and compiler versions, so an unchanged core loads in milliseconds. The Verilator
runtime objects (``verilated.o`` ...), which take most of a build's time and are the same for
every core, are compiled once per Verilator/compiler/flags and reused. Concurrent builds of the
same instance (e.g. pytest workers) wait on a lock file; a finished build appears atomically.

Each build step and each wait for a lock is bounded (:data:`BUILD_SECONDS`): a hung compiler
is stopped with its children. A cached library is loaded only from a cache that no other user
can write (the cache directory, ``cosim/``, the build's directory and the library: owned by
this user, not group- or world-writable) and only if its SHA-256 is the one the build recorded
in its manifest: a library someone else could have put there would run their code here.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from contextlib import nullcontext
from pathlib import Path

from .. import tools
from ..cores import Core, GcmCore, Params
from ..errors import DriverError, ToolNotFound
from ..filelock import locked
from ..paths import cache_root
from .layout import Beat, words
from .transport import Transport, register_transport

HARNESS = Path(__file__).with_name("harness.cpp")
#: the GCM cores' harness: harness.cpp (included) and the packet calls
HARNESS_GCM = Path(__file__).with_name("harness_gcm.cpp")
#: bump when the build recipe changes in a way the hashed inputs do not show (2: the
#: manifest records the library's SHA-256, which loading checks)
BUILD_SCHEMA = 2
#: a build step (Verilator, make), or a wait for another process's build, at most this long
BUILD_SECONDS = float(os.environ.get("CIPHERCORES_BUILD_TIMEOUT", "1800"))
VERILATOR_ARGS = ("--cc", "--exe", "-O3", "--x-assign", "fast", "--x-initial", "fast",
                  "-Wno-fatal", "--prefix", "Vcc_top")
CFLAGS = "-fPIC -fvisibility=hidden"
LDFLAGS = "-shared -Wl,-Bsymbolic"
#: the model's per-cycle code (OPT_FAST) optimised, as the fast path needs; its code that runs
#: once (OPT_SLOW: construction, initial values) not, which shortens a cold build
MAKE_VARS = ("OPT_FAST=-O2", "OPT_SLOW=-O0", "OPT_GLOBAL=-O2")
LIB = "libcc.so"


@functools.cache
def _compiler_version() -> str:
    cxx = os.environ.get("CXX", "c++")
    try:
        out = subprocess.run([cxx, "--version"], capture_output=True, text=True, check=False)
    except OSError:
        raise ToolNotFound(f"C++ compiler {cxx!r} not found (install one or set CXX)") from None
    return (out.stdout.splitlines() or ["unknown"])[0]


def _recipe() -> dict:
    """Everything besides the design that decides what a build produces."""
    return {"schema": BUILD_SCHEMA, "verilator": tools.version("verilator"),
            "cxx": _compiler_version(), "args": VERILATOR_ARGS, "cflags": CFLAGS,
            "ldflags": LDFLAGS, "make": MAKE_VARS}


def harness_sources(core: Core) -> tuple[Path, ...]:
    """The harness files of ``core``, the one Verilator compiles last: harness.cpp, and for a
    GCM core harness_gcm.cpp (which includes harness.cpp)."""
    return (HARNESS, HARNESS_GCM) if isinstance(core, GcmCore) else (HARNESS,)


def build_key(core: Core, params: Params) -> str:
    """Hash of (RTL sources, harness sources, top, parameters, build recipe)."""
    h = hashlib.sha256()
    h.update(json.dumps({"top": core.top, "params": sorted(params.items()),
                         "recipe": _recipe()}, sort_keys=True).encode())
    for path in (*core.sources(), *harness_sources(core)):
        data = path.read_bytes()
        h.update(f"\0{path.name}\0{len(data)}\0".encode())
        h.update(data)
    return h.hexdigest()[:20]


def _run(args: list[str], cwd: Path, log: Path) -> None:
    """Run a build step, its output appended to ``log``. A failure is a DriverError whose
    first line says what failed and whose next lines name the log and give its end (a GUI
    client gets the first line only)."""
    name = Path(args[0]).name
    with open(log, "a") as f:
        f.write("$ " + " ".join(args) + "\n")
        f.flush()
        # its own process group: a step that runs too long is stopped with its children
        proc = subprocess.Popen(args, cwd=cwd, stdout=f, stderr=subprocess.STDOUT,
                                env=tools.sim_env(), start_new_session=True)
        try:
            code = proc.wait(timeout=BUILD_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            raise DriverError(f"co-simulation build step {name} took longer than "
                              f"{BUILD_SECONDS:g} s and was stopped (CIPHERCORES_BUILD_TIMEOUT)"
                              f"\nlog {log}") from None
        finally:
            if proc.poll() is None:  # interrupted: leave no compiler behind
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
    if code:
        tail = "\n".join(log.read_text(errors="replace").splitlines()[-15:])
        raise DriverError(f"co-simulation build failed ({name} exit {code})\nlog {log}:\n"
                          f"{tail}")


def check_private(path: Path) -> None:
    """Refuse ``path`` unless it is this user's and no other user can write it (a library
    loaded from a place others can write runs their code)."""
    try:
        st = path.stat()
    except OSError as e:
        raise DriverError(f"cannot check {path} ({e.strerror or e})") from None
    if st.st_uid != os.geteuid() or st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        raise DriverError(
            f"the co-simulation cache {path} is writable by other users (or not yours): "
            "refusing to load code from it; `chmod go-w` it, or set CIPHERCORES_CACHE_DIR to "
            "a directory only you can write")


def _sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def verify(lib: Path) -> None:
    """Check a cached library before it is loaded: its directories and itself private
    (:func:`check_private`), its SHA-256 the one its manifest recorded at build time."""
    root = cache_root()
    for p in (root, root / "cosim", lib.parent, lib):
        check_private(p)
    try:
        want = json.loads((lib.parent / "manifest.json").read_text()).get("sha256")
    except (OSError, ValueError):
        want = None
    if not want or _sha256(lib) != want:
        raise DriverError(f"the cached library {lib} is not the one built there (its SHA-256 "
                          "differs from its manifest's): refusing to load it; remove "
                          f"{lib.parent} to build it again")


def failed_log(core: Core, params: Params) -> Path:
    """Where the log of a failed build of ``core`` with ``params`` is kept (the build's own
    directory is removed)."""
    lib = library(core, params)
    return lib.parent.parent / "failed" / f"{lib.parent.name}.log"


def library(core: Core, params: Params) -> Path:
    """Where the shared library of ``core`` with ``params`` is (or will be) cached."""
    params = core.params(params)
    safe = "".join(c if c.isalnum() or c in "_-" else "_" for c in core.name)
    return cache_root() / "cosim" / f"{safe}-{build_key(core, params)}" / LIB


def is_built(core: Core, params: Params) -> bool:
    """Whether opening ``core`` with ``params`` finds its build cached (else it is built first:
    tens of seconds)."""
    return library(core, params).exists()


def build(core: Core, params: Params, quiet: bool = True) -> tuple[Path, bool]:
    """The shared library of ``core`` with ``params``, built unless cached.

    Returns (library path, True if it was built now)."""
    params = core.params(params)
    lib = library(core, params)
    final = lib.parent
    root, (safe, key) = final.parent, final.name.rsplit("-", 1)
    if lib.exists():
        verify(lib)
        return lib, False
    try:
        root.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        root.mkdir(mode=0o700, exist_ok=True)
    except OSError as e:
        raise DriverError(f"cannot create the build cache {root} ({e.strerror or e}); "
                          "set CIPHERCORES_CACHE_DIR to a writable directory") from None
    check_private(root.parent)
    check_private(root)
    # the first build on a machine also compiles the Verilator runtime: one at a time, so
    # that parallel test workers compile it once
    first = (nullcontext() if _runtime_dir().is_dir() else
             locked(root / ".runtime.lock", timeout=BUILD_SECONDS))
    try:
        with first, locked(root / f".{safe}-{key}.lock", timeout=BUILD_SECONDS):
            return _build_locked(core, params, lib, quiet)
    except TimeoutError:
        raise DriverError(f"another process has been building {core.name} for over "
                          f"{BUILD_SECONDS:g} s (lock files in {root}); "
                          "CIPHERCORES_BUILD_TIMEOUT sets the wait") from None


def _build_locked(core: Core, params: Params, lib: Path, quiet: bool) -> tuple[Path, bool]:
    final = lib.parent
    root, (safe, key) = final.parent, final.name.rsplit("-", 1)
    if lib.exists():  # another process built it while we waited
        verify(lib)
        return lib, False
    if not quiet:
        print(f"ciphercores: building {core.name} {params} for co-simulation (once; "
              f"cached in {root})", file=sys.stderr, flush=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".build-{safe}-", dir=root))
    kept = failed_log(core, params)
    kept.unlink(missing_ok=True)
    try:
        try:
            _build_in(core, params, tmp)
        except DriverError as e:  # keep the log where the message says
            kept.parent.mkdir(exist_ok=True)
            if (tmp / "build.log").exists():
                shutil.copyfile(tmp / "build.log", kept)
            raise DriverError(str(e).replace(str(tmp / "build.log"), str(kept))) from None
        (tmp / "manifest.json").write_text(json.dumps(
            {"core": core.name, "top": core.top, "params": params, "key": key,
             "recipe": _recipe(), "built": time.strftime("%Y-%m-%d %H:%M:%S"),
             "sha256": _sha256(tmp / LIB)}, indent=1))
        os.replace(tmp, final)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    verify(lib)
    return lib, True


def _runtime_dir() -> Path:
    """Where the Verilator runtime objects for this toolchain and these flags are kept."""
    rt_key = hashlib.sha256(json.dumps(_recipe(), sort_keys=True).encode()).hexdigest()[:16]
    return cache_root() / "cosim" / f"runtime-{rt_key}"


def _build_in(core: Core, params: dict[str, int], tmp: Path) -> None:
    obj = tmp / "obj"
    log = tmp / "build.log"
    verilator = tools.find("verilator")
    args = [verilator, *VERILATOR_ARGS, "--top-module", core.top,
            *(f"-G{k}={v}" for k, v in params.items()),
            "-CFLAGS", CFLAGS, "-LDFLAGS", LDFLAGS, "-Mdir", str(obj), "-o", LIB,
            *(str(p) for p in core.sources()), str(harness_sources(core)[-1])]
    _run(args, tmp, log)
    # the Verilator runtime is the same for every core: reuse its objects
    runtime = _runtime_dir()
    if runtime.is_dir():
        check_private(runtime)  # its objects are linked into the library
        for o in runtime.glob("*.o"):
            shutil.copyfile(o, obj / o.name)  # newer than Vcc_top.mk: make keeps them
    make = tools.find("make")
    _run([make, "-C", str(obj), "-f", "Vcc_top.mk", *MAKE_VARS], tmp, log)
    if not runtime.is_dir():
        rt_tmp = Path(tempfile.mkdtemp(prefix=".runtime-", dir=tmp.parent))
        for o in obj.glob("verilated*.o"):
            shutil.copyfile(o, rt_tmp / o.name)
        try:
            os.replace(rt_tmp, runtime)
        except OSError:  # another build saved it first
            shutil.rmtree(rt_tmp, ignore_errors=True)
    shutil.move(str(obj / LIB), str(tmp / LIB))
    shutil.rmtree(obj, ignore_errors=True)


# ---------------------------------------------------------------------------------------
# the loaded library
# ---------------------------------------------------------------------------------------

_u8p = ctypes.POINTER(ctypes.c_uint8)


@functools.cache
def _load(path: str) -> ctypes.CDLL:
    lib = ctypes.CDLL(path, mode=os.RTLD_LOCAL)
    i32p = ctypes.POINTER(ctypes.c_int32)
    lib.cc_info.argtypes = [i32p, i32p, i32p, i32p]
    lib.cc_info.restype = None
    lib.cc_new.argtypes = []
    lib.cc_new.restype = ctypes.c_void_p
    lib.cc_free.argtypes = [ctypes.c_void_p]
    lib.cc_free.restype = None
    lib.cc_cycles.argtypes = [ctypes.c_void_p]
    lib.cc_cycles.restype = ctypes.c_uint64
    lib.cc_reset.argtypes = [ctypes.c_void_p, ctypes.c_int32]
    lib.cc_reset.restype = ctypes.c_int64
    lib.cc_load_key.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int32,
                                ctypes.c_int64]
    lib.cc_load_key.restype = ctypes.c_int64
    lib.cc_stream.argtypes = [
        ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int64,  # h, in, out, groups
        ctypes.c_int32, ctypes.c_int32, ctypes.c_int32,  # block bytes, lanes, big-endian
        ctypes.c_char_p, ctypes.c_int32,  # dirs, dir
        ctypes.c_double, ctypes.c_double, ctypes.c_uint64,  # idle, backpressure, seed
        ctypes.c_int64, ctypes.c_int64,  # burst, limit
        ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int64)]
    lib.cc_stream.restype = ctypes.c_int64
    lib.cc_load_iv.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int32,
                               ctypes.c_int32, ctypes.c_int64]
    lib.cc_load_iv.restype = ctypes.c_int64
    lib.cc_layout_pack.argtypes = [ctypes.c_char_p, ctypes.c_void_p, ctypes.c_int64,
                                   ctypes.c_int32, ctypes.c_int32, ctypes.c_int32,
                                   ctypes.c_int32]
    lib.cc_layout_pack.restype = None
    if hasattr(lib, "cc_gcm_packets"):  # a GCM core's build (harness_gcm.cpp)
        lib.cc_gcm_load_key.argtypes = lib.cc_load_key.argtypes
        lib.cc_gcm_load_key.restype = ctypes.c_int64
        lib.cc_gcm_packets.argtypes = [
            ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p,  # h, in, keep, ctl
            ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p,  # n_in, out...
            ctypes.c_int64,  # n_out
            ctypes.c_double, ctypes.c_double, ctypes.c_uint64,  # idle, backpressure, seed
            ctypes.c_int64, ctypes.c_int64,  # burst, limit
            ctypes.POINTER(ctypes.c_uint64), ctypes.POINTER(ctypes.c_int64)]
        lib.cc_gcm_packets.restype = ctypes.c_int64
    return lib


_CWD_LOCK = threading.Lock()


@register_transport("verilator")
class VerilatorTransport(Transport):
    """A core compiled with Verilator and driven by harness.cpp in this process."""

    counts_cycles = True

    def __init__(self, core: Core, params: Params, quiet: bool = True):
        super().__init__(core, params)
        t0 = time.perf_counter()
        self.lib_path, self.built = build(core, self.params, quiet=quiet)
        self.lib = _load(str(self.lib_path))
        self.open_seconds = time.perf_counter() - t0
        self._check_ports()
        # $readmemh files (e.g. Blowfish's pi tables) are named relative to the working
        # directory, and the model runs its initial blocks when it is created: create it in
        # the directory that holds them (a process-wide change, so under a lock)
        mem_dirs = sorted({str(src.parent) for src in core.sources()
                           if any(src.parent.glob("*.hex"))})
        if len(mem_dirs) > 1:
            raise DriverError(f"{core.name}: memory files in several directories: {mem_dirs}")
        with _CWD_LOCK:
            here = os.getcwd()
            try:
                if mem_dirs:
                    os.chdir(mem_dirs[0])
                self._h = self.lib.cc_new()
            finally:
                os.chdir(here)
        if not self._h:
            raise DriverError(f"{core.name}: could not create the simulation model")
        p, lay = self.params, self.layout
        lat, ii = core.latency(p), core.interval(p)
        self._burst = lat + ii
        # cycles without a handshake before a call gives up (a hung core): generous, since a
        # stall under random back-pressure can last 2*burst cycles
        self._limit = 64 * (lat + ii) + 4 * core.key_setup(p) + 10_000
        self._key_words = words(lay.key_bits)

    def layout_pack(self, data: bytes, block_bytes: int, lanes: int, byteorder: str) -> list[int]:
        """The harness's own block layout for arbitrary sizes (for tests): transfers -> the
        integers it would put on tdata."""
        group = block_bytes * lanes
        nwords = words(8 * group)
        groups = len(data) // group
        out = ctypes.create_string_buffer(4 * nwords * groups)
        self.lib.cc_layout_pack(bytes(data), out, groups, block_bytes, lanes,
                                int(byteorder == "big"), nwords)
        raw = out.raw
        return [int.from_bytes(raw[4 * nwords * g:4 * nwords * (g + 1)], "little")
                for g in range(groups)]

    def _check_ports(self) -> None:
        bw, kw, tl, iv = (ctypes.c_int32() for _ in range(4))
        self.lib.cc_info(ctypes.byref(bw), ctypes.byref(kw), ctypes.byref(tl), ctypes.byref(iv))
        lay = self.layout
        want = (words(lay.block_port_bits), words(lay.key_bits), int(lay.key_len_port),
                int(lay.iv_port))
        got = (bw.value, kw.value, tl.value, iv.value)
        if got != want:
            raise DriverError(
                f"{self.core.name}: compiled ports (block words, key words, s_key_tlen, s_iv) "
                f"{got} "
                f"differ from the registry's {want} (block {lay.block_port_bits} bits = "
                f"{lay.block_bytes * 8} x LANES {lay.lanes}, key {lay.key_bits} bits)")

    def _handle(self):
        if not self._h:
            raise DriverError(f"{self.core.name}: the device is closed")
        return self._h

    def reset(self) -> int:
        # rst held for the core's reset_cycles (at least 2), as docs/interface.md rule 5 asks
        cycles = max(2, self.core.reset_figures(self.params)["reset_cycles"])
        return int(self.lib.cc_reset(self._handle(), cycles))

    def load_key(self, key: bytes) -> int:
        value = self.layout.key_port_value(key)
        port = value.to_bytes(4 * self._key_words, "little")
        # a GCM core is ready again when its IV port is (its s_axis waits for a message)
        load = self.lib.cc_gcm_load_key if self.layout.packets else self.lib.cc_load_key
        cycles = int(load(self._handle(), port, len(key), self._limit))
        if cycles < 0:
            self.reset()
            raise DriverError(f"{self.core.name}: the core did not take the key "
                              f"within {self._limit} cycles")
        return cycles

    def load_iv(self, iv: bytes) -> int:
        lay = self.layout
        if lay.packets:
            raise DriverError(f"{self.core.name} takes its IV as a packet (packets())")
        if len(iv) != lay.block_bytes:
            raise ValueError(f"IV of {len(iv)} bytes for {lay.block_bytes}-byte blocks")
        cycles = int(self.lib.cc_load_iv(self._handle(), bytes(iv), lay.block_bytes,
                                         int(lay.byteorder == "big"), self._limit))
        if cycles == -3:
            raise DriverError(f"{self.core.name} has no IV port (not a MODE(CORE) core)")
        if cycles < 0:
            self.reset()
            raise DriverError(f"{self.core.name}: the core did not take the IV "
                              f"within {self._limit} cycles")
        return cycles

    def stream(self, data: bytes, decrypt: bool | bytes = False, *, idle: float = 0.0,
               backpressure: float = 0.0, seed: int = 0) -> tuple[bytes, int]:
        if self.layout.packets:
            raise DriverError(f"{self.core.name} takes packets, not blocks (packets())")
        gb = self.layout.group_bytes
        if len(data) % gb:
            raise ValueError(f"{len(data)} bytes is not a whole number of {gb}-byte transfers")
        groups = len(data) // gb
        if groups == 0:
            return b"", 0
        if isinstance(decrypt, (bytes, bytearray)):
            if len(decrypt) != groups:
                raise ValueError(f"{len(decrypt)} directions for {groups} transfers")
            dirs, one = bytes(decrypt), 0
        else:
            dirs, one = None, int(bool(decrypt))
        out = ctypes.create_string_buffer(len(data))
        cycles = ctypes.c_uint64()
        err = ctypes.c_int64(-1)
        n = self.lib.cc_stream(self._handle(), bytes(data), out, groups, self.layout.block_bytes,
                               self.layout.lanes, int(self.layout.byteorder == "big"), dirs, one,
                               float(idle), float(backpressure), seed & (2**64 - 1),
                               self._burst, self._limit, ctypes.byref(cycles),
                               ctypes.byref(err))
        if n != groups:
            self.reset()
            if n == -2:
                raise DriverError(f"{self.core.name}: output transfer #{err.value} came back "
                                  "with the wrong m_axis_tuser (direction)")
            raise DriverError(f"{self.core.name}: no handshake for {self._limit} cycles; "
                              f"{err.value} of {groups} transfers came out (core hung?)")
        return out.raw, int(cycles.value)

    def packets(self, beats: Sequence[Beat], n_out: int, *, idle: float = 0.0,
                backpressure: float = 0.0, seed: int = 0) -> tuple[list[Beat], int]:
        if not self.layout.packets:
            raise DriverError(f"{self.core.name} has no packet ports (not a GCM core)")
        n_in = len(beats)
        data = b"".join(b.data for b in beats)
        if len(data) != 16 * n_in:
            raise ValueError("every beat carries 16 bytes (unkept ones included)")
        keep = b"".join(b.keep.to_bytes(2, sys.byteorder) for b in beats)
        ctl = bytes(b.ctl for b in beats)
        out = ctypes.create_string_buffer(16 * max(n_out, 1))
        out_keep = (ctypes.c_uint16 * max(n_out, 1))()
        out_ctl = ctypes.create_string_buffer(max(n_out, 1))
        cycles = ctypes.c_uint64()
        err = ctypes.c_int64(-1)
        n = self.lib.cc_gcm_packets(self._handle(), data, keep, ctl, n_in, out, out_keep,
                                    out_ctl, n_out, float(idle), float(backpressure),
                                    seed & (2**64 - 1), self._burst, self._limit,
                                    ctypes.byref(cycles), ctypes.byref(err))
        if n != n_out:
            self.reset()
            raise DriverError(f"{self.core.name}: no handshake for {self._limit} cycles; "
                              f"{err.value} of {n_in} input beats taken (core hung?)")
        raw, ctls = out.raw, out_ctl.raw
        got = [Beat.from_ctl(raw[16 * i:16 * i + 16], out_keep[i], ctls[i])
               for i in range(n_out)]
        return got, int(cycles.value)

    def close(self) -> None:
        if self._h:
            try:
                self.lib.cc_reset(self._h, 2)  # wipe key material before freeing
            finally:
                self.lib.cc_free(self._h)
                self._h = None

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass

    def describe(self) -> str:
        return (f"Verilator co-simulation of {self.core.top} "
                f"({', '.join(f'{k}={v}' for k, v in self.params.items())})")
