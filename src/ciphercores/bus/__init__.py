# SPDX-License-Identifier: Apache-2.0
"""Driving a core behind the bus wrappers (docs/bus.md): :mod:`.regmap` (generated from
ciphercores.rtlgen.regmap: offsets, fields, :class:`~.regmap.Regs`) and :mod:`.driver`
(:class:`~.driver.BusCipher`: keys, IVs and blocks as bytes)."""
