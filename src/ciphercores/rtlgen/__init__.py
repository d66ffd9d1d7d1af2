# SPDX-License-Identifier: Apache-2.0
"""Generators of RTL and memory images: the ``$readmemh`` images of the AES and Blowfish cores
(:mod:`.aes`, :mod:`.blowfish`, checked and written by :mod:`.memfiles`) and the top of a
hardware mode core (:mod:`.mode_wrapper`)."""
