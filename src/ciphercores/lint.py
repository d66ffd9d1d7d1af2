# SPDX-License-Identifier: Apache-2.0
"""`make lint`: Verilator --lint-only -Wall on every registered core, for every parameter set
the test suite uses, on every hardware mode MODE(CORE), on the bus wrappers BUS(CORE)
(docs/bus.md), on the GCM cores gcm(CORE) and on the shared modules no core uses yet
(``SHARED_BLOCKS``), with the Verilator that ciphercores.tools finds."""

from __future__ import annotations

import subprocess
import sys

from . import cores, tools

#: shared modules under rtl/ linted on their own, over parameter sets no core uses (a core's
#: lint covers the files of its list with its own): top -> (its files under rtl/, dependencies
#: first; the parameter sets). tests/common/ simulates them from the same file lists
SHARED_BLOCKS: dict[str, tuple[tuple[str, ...], tuple[dict[str, int], ...]]] = {
    "axis_out_fifo": (("common/axis_credit_count.v", "common/axis_credit_fifo.v",
                       "common/axis_credit_fifo_piped.v", "common/axis_out_fifo_piped.v",
                       "common/axis_out_fifo.v"),
                      ({"PIPED": 1, "LATENCY": 1}, {"PIPED": 1, "LATENCY": 81, "WIDTH": 64},
                       {"PIPED": 1, "HEAD_REG": 0, "LATENCY": 1},
                       {"PIPED": 0, "LATENCY": 1}, {"PIPED": 0, "LATENCY": 33, "WIDTH": 128})),
    "axis_out_fifo_piped": (("common/axis_credit_count.v", "common/axis_out_fifo_piped.v"),
                            ({"DEPTH_LOG2": 2, "WIDTH": 1}, {"DEPTH_LOG2": 10})),
    "axis_out_reg": (("common/axis_out_reg.v",), ({"WIDTH": 1, "USER_WIDTH": 3},)),
}


def file_args(core: cores.Core) -> list[str]:
    """The core's RTL as Verilator reads it: its file list rtl/<family>/<top>.f (``-F``: paths
    relative to the list), plus, for a hardware mode core, the mode engine and the generated
    top."""
    base = cores.CORES[getattr(core, "base", "") or core.name]
    return ["-F", str(base.filelist()), *(str(p) for p in core.sources()[len(base.rtl):])]


def lint_core(core: cores.Core, params: dict[str, int]) -> subprocess.CompletedProcess:
    args = [tools.find("verilator"), "--lint-only", "-Wall", "--top-module", core.top]
    args += [f"-G{k}={v}" for k, v in params.items()]
    args += file_args(core)
    return subprocess.run(args, capture_output=True, text=True, env=tools.sim_env(), check=False)


def lint_bus(bc, params: dict[str, int]) -> subprocess.CompletedProcess:
    """A bus wrapper (a ``cores.buscore.BusCore``): the core's files, rtl/bus/ and its
    generated top."""
    args = [tools.find("verilator"), "--lint-only", "-Wall", "--top-module", bc.top]
    args += [f"-G{k}={v}" for k, v in params.items()]
    args += file_args(bc.core) + [str(p) for p in bc.sources()[len(bc.core.sources()):]]
    return subprocess.run(args, capture_output=True, text=True, env=tools.sim_env(), check=False)


def lint_block(top: str, params: dict[str, int]) -> subprocess.CompletedProcess:
    """A shared module of ``SHARED_BLOCKS`` on its own."""
    files, _ = SHARED_BLOCKS[top]
    args = [tools.find("verilator"), "--lint-only", "-Wall", "--top-module", top]
    args += [f"-G{k}={v}" for k, v in params.items()]
    args += [str(cores.RTL / f) for f in files]
    return subprocess.run(args, capture_output=True, text=True, env=tools.sim_env(), check=False)


def _bus_targets():
    """Both buses around every core that moves one block a beat, and around one mode core."""
    from .cores.buscore import BUSES, bus_core

    for bus in BUSES:
        for name in [*cores.mode_bases(), "cbc(aes_iter)"]:
            bc = bus_core(bus, name)
            yield bc, bc.params()


def lint_harness(core: cores.Core | None, params: dict[str, int],
                 widths: tuple[int, int, int], gcm: bool = False) -> subprocess.CompletedProcess:
    """The measurement harness (rtl/common/synth_harness.v, or synth_harness_gcm.v with
    ``gcm``) around ``core`` (None: around its pass-through), as ciphercores.synth elaborates
    it."""
    from .synth import design

    data, key, tlen = widths
    harness = design.GCM if gcm else design.BLOCK
    hparams = harness.params(design.Widths(data, key, tlen))
    args = [tools.find("verilator"), "--lint-only", "-Wall", "--top-module", harness.top,
            *(f"-G{k}={v}" for k, v in hparams.items())]
    if core is None:
        args += [str(cores.RTL / f) for f in harness.passthrough]
    else:
        plist = ",".join(f".{k}({v})" for k, v in params.items())
        args += [f"+define+SYNTH_CORE={core.top}", f"+define+SYNTH_CORE_PARAMS={plist}"]
        args += ["+define+SYNTH_CORE_TLEN"] if tlen else []
        args += file_args(core)
    args += [str(cores.RTL / f) for f in harness.rtl]
    return subprocess.run(args, capture_output=True, text=True, env=tools.sim_env(), check=False)


def _harness_cases():
    yield "synth_harness (pass-through)", None, {}, (128, 256, 0)
    yield "synth_harness (pass-through, tlen)", None, {}, (64, 192, 6)
    yield "synth_harness_gcm (pass-through)", None, {}, (128, 128, 0), True
    yield "synth_harness_gcm (pass-through, tlen)", None, {}, (128, 256, 6), True
    for base in cores.gcm_bases():  # the GCM cores in their own harness
        core = cores.get(f"gcm({base})")
        p = core.params()
        yield (f"synth_harness_gcm around {core.name} {p}", core, p,
               (128, core.key_bits(p), p.get("TLEN_W", 0)), True)
    for core in cores.CORES.values():
        p = core.params()
        tlen = 0
        if core.key_len_port:  # the width as the RTL elaborates it (Yosys, cached)
            from .synth import design

            ports = design.port_widths(design.Design.of(core, p))
            tlen = ports["s_key_tlen"][1] if "s_key_tlen" in ports else 0
        yield (f"synth_harness around {core.name} {p}", core, p,
               (core.block_bits(p) * core.lanes(p), core.key_bits(p), tlen))


def _targets():
    for core in cores.CORES.values():
        for ps in core.test_sets or (core.defaults,):
            yield core, core.params(ps)
    # every hardware mode around every core (default parameters)
    for base in cores.mode_bases():
        for mode in cores.HW_MODES:
            core = cores.get(f"{mode}({base})")
            yield core, core.params()
    # the GCM cores gcm(CORE), both GHASH units
    for base in cores.gcm_bases():
        core = cores.get(f"gcm({base})")
        for ghash_p in (0, 8):
            yield core, core.params({"GHASH_P": ghash_p})


def _report(label: str, res: subprocess.CompletedProcess) -> bool:
    """Print one lint result (and Verilator's output when it failed); True if it passed."""
    ok = res.returncode == 0 and not res.stderr.strip()
    print(f"lint {label}: {'ok' if ok else 'FAIL'}")
    if not ok:
        print(res.stdout + res.stderr)
    return ok


def main() -> int:
    results = [_report(label, lint_harness(core, params, widths, *gcm))
               for label, core, params, widths, *gcm in _harness_cases()]
    results += [_report(bc.name, lint_bus(bc, params)) for bc, params in _bus_targets()]
    results += [_report(f"{core.name} {params}", lint_core(core, params))
                for core, params in _targets()]
    results += [_report(f"{top} {params}", lint_block(top, params))
                for top, (_, sets) in SHARED_BLOCKS.items() for params in sets]
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
