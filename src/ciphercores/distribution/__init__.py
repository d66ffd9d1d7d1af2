# SPDX-License-Identifier: Apache-2.0
"""The cores for designs outside this repository, generated from the registry:

- :mod:`.fusesoc`: the FuseSoC core files (CAPI2) of every core, committed under rtl/
  (``python -m ciphercores.fusesoc``);
- :mod:`.export`: one core with its parameters as a self-contained folder
  (``ciphercores export``).
"""
