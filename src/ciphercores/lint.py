"""`make lint`: Verilator --lint-only -Wall on every registered core, for every parameter set
the test suite uses, and on every hardware mode MODE(CORE), with the Verilator that
ciphercores.tools finds."""

from __future__ import annotations

import subprocess
import sys

from . import registry, tools


def lint_core(core: registry.Core, params: dict[str, int]) -> subprocess.CompletedProcess:
    args = [tools.find("verilator"), "--lint-only", "-Wall", "--top-module", core.top]
    args += [f"-G{k}={v}" for k, v in params.items()]
    args += [str(p) for p in core.sources()]
    return subprocess.run(args, capture_output=True, text=True, env=tools.sim_env(), check=False)


def _targets():
    for core in registry.CORES.values():
        for ps in core.test_sets or (core.defaults,):
            yield core, core.params(ps)
    # every hardware mode around every core (default parameters)
    for base in registry.CORES:
        for mode in registry.HW_MODES:
            core = registry.get(f"{mode}({base})")
            yield core, core.params()


def main() -> int:
    failed = 0
    for core, params in _targets():
            res = lint_core(core, params)
            status = "ok" if res.returncode == 0 and not res.stderr.strip() else "FAIL"
            print(f"lint {core.name} {params}: {status}")
            if status != "ok":
                failed += 1
                print(res.stdout + res.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
