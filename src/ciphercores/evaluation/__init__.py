# SPDX-License-Identifier: Apache-2.0
"""Hardware against software: the evaluation the papers publish (``ciphercores bench``).

``stats`` (median and spread), ``software`` (baselines measured on this machine), ``papers``
(the papers' own figures, cited).
"""
