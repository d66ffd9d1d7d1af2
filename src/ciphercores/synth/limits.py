# SPDX-License-Identifier: Apache-2.0
"""Clock limits the place-and-route tool does not check: Fmax caps from minimum pulse widths.

nextpnr-ecp5 builds its timing from the Project Trellis database (prjtrellis-db,
``ECP5/timing/speed_{6,7,8}/cells.json``) but skips its ``Width`` entries, the minimum clock
pulse widths of each cell. A routed Fmax above 1 / (2 x width) (a 50% duty-cycle clock) is
not a frequency the silicon allows. The widths below are that database's (ps, the largest of
each triplet).

The database lists a shorter slice pulse width at speed 6 (1,050 ps) than at speed 8
(1,134 ps), the opposite of every other figure in it, and a slower grade cannot run a pulse a
faster one cannot. So a grade's limit here is never above the limit of a faster grade: the
width used is the largest among that grade and the faster ones (speed 6 slices: 1,134 ps,
440.9 MHz, not 476.2).

``apply`` caps a record's Fmax figures (each seed, median, spread, and so throughput) at the
limit of the cells the design uses, keeps nextpnr's own figures beside them
(``fmax_nextpnr``) and names the limit (``fmax_cap``). It works on a fresh record and on one
read back from the archive alike (it starts from ``fmax_nextpnr`` where a record has it).
"""

from __future__ import annotations

#: minimum clock pulse width (ps) per ECP5 speed grade and cell class (prjtrellis-db)
ECP5_PULSE_PS: dict[str, dict[str, int]] = {
    "6": {"DP16KD": 2359, "DP16KD read-before-write": 3235, "slice": 1050},
    "7": {"DP16KD": 1967, "DP16KD read-before-write": 2581, "slice": 1092},
    "8": {"DP16KD": 1842, "DP16KD read-before-write": 2335, "slice": 1134},
}
#: the targets whose place-and-route skips the pulse widths, and their table
PULSE_PS = {"ecp5": ECP5_PULSE_PS}


def pulse_ps(target: str, grade: str, cell: str) -> int | None:
    """The pulse width that bounds ``cell`` at ``grade``: never shorter than at a faster
    grade (see the module's note on the slice figures). None where nothing is known."""
    table = PULSE_PS.get(target)
    if not table or grade not in table:
        return None
    widths = [t[cell] for g, t in table.items() if int(g) >= int(grade) and cell in t]
    return max(widths) if widths else None


def cap_mhz(ps: int) -> float:
    return round(1e6 / (2 * ps), 1)


def limit(target: str, grade: str | None, cells: dict[str, float],
          bram_write_modes: dict[str, int] | None = None) -> tuple[float, str] | None:
    """(cap MHz, what sets it) for a design with these synthesised cells, or None."""
    if grade is None or target not in PULSE_PS:
        return None
    classes = ["slice"]
    if cells.get("DP16KD") or cells.get("PDPW16KD"):
        rbw = (bram_write_modes or {}).get("READBEFOREWRITE", 0)
        classes.append("DP16KD read-before-write" if rbw else "DP16KD")
    widths = [(w, c) for c in classes if (w := pulse_ps(target, grade, c))]
    if not widths:
        return None
    ps, cell = max(widths)
    return cap_mhz(ps), f"{cell} pulse width"


def _capped(figures: dict, raw: dict, cap: float) -> None:
    for k in ("fmax_mhz", "fmax_min_mhz", "fmax_max_mhz"):
        if raw.get(k) is not None:
            figures[k] = min(raw[k], cap)
    if raw.get("fmax_by_seed"):
        figures["fmax_by_seed"] = {s: min(f, cap) for s, f in raw["fmax_by_seed"].items()}


def _apply_one(figures: dict, cap: tuple[float, str] | None) -> None:
    """Cap one set of figures (a record, or its harness part) in place."""
    raw = figures.get("fmax_nextpnr") or {
        k: figures.get(k) for k in ("fmax_mhz", "fmax_min_mhz", "fmax_max_mhz",
                                    "fmax_by_seed") if figures.get(k) is not None}
    if not raw.get("fmax_mhz") or cap is None:
        return
    figures["fmax_nextpnr"] = raw
    _capped(figures, raw, cap[0])
    figures["fmax_cap"] = {"mhz": cap[0], "limit": cap[1],
                           "applied": raw["fmax_max_mhz" if "fmax_max_mhz" in raw
                                          else "fmax_mhz"] > cap[0]}


def apply(rec: dict) -> dict:
    """Cap ``rec``'s Fmax figures and its harness's at the pulse-width limit of their
    cells (in place; returned). Throughput is the caller's to recompute."""
    if rec.get("target") not in PULSE_PS or not rec.get("grade"):
        return rec
    _apply_one(rec, limit(rec["target"], rec["grade"], rec.get("cells") or {},
                          rec.get("bram_write_modes")))
    harness = rec.get("harness") or {}
    _apply_one(harness, limit(rec["target"], rec["grade"], {}))  # slices only
    return rec


def note(figures: dict) -> str:
    """'capped: <limit>' where a cap lowered any of the figures, else ''."""
    cap = figures.get("fmax_cap") or {}
    return f"capped: {cap['limit']}" if cap.get("applied") else ""
