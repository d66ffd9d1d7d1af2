# SPDX-License-Identifier: Apache-2.0
"""Generators of RTL and memory images: the ``$readmemh`` images of the AES and Blowfish cores
(:mod:`.aes`, :mod:`.blowfish`, checked and written by :mod:`.memfiles`), the tops of the
composed cores (:mod:`.mode_wrapper`, :mod:`.gcm_wrapper`, :mod:`.bus_wrapper`, filling the
templates of :mod:`.template`) and the bus register map (:mod:`.regmap`)."""
