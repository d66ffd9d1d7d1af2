# SPDX-License-Identifier: Apache-2.0
"""Simulation: launching cocotb test benches (runner.py) and the shared test bench pieces
(bench.py: clock/reset, key loading, stream driver and monitor with random idle and
back-pressure, scoreboard against the reference model)."""
