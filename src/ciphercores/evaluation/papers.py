# SPDX-License-Identifier: Apache-2.0
"""The published figures of the five papers ciphercores builds on, quoted with their source.

These are the papers' numbers (citations), shown beside our measurements; nothing here is a
measurement of ours. Each entry names its paper (``PAPERS``: authors and title, as cited) and
the table or section the figure is in.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Published:
    paper: str  # a key of PAPERS
    where: str  # table / section
    cipher: str  # our cipher name
    platform: str
    what: str  # key_setup_s, latency_s, throughput_MBps, throughput_Gbps, fmax_MHz, luts, ffs
    value: float
    note: str = ""


@dataclass(frozen=True)
class Paper:
    authors: str
    title: str
    about: str  # what it builds, on which device
    short: str  # first author et al., for plot labels

    def __str__(self) -> str:
        return f'{self.authors}: "{self.title}"'


PAPERS = {
    "000": Paper("P. Palka, R. A. Perez, T. Fang, J. Saniie",
                 "Design Flow of Blowfish Symmetric-Key Block Cipher on FPGA",
                 "Blowfish, iterative, on-chip key schedule (Zynq / ZedBoard), vs Python",
                 "Palka et al."),
    "001": Paper("R. Ahmad, A. Abd. Manaf, W. Ismail",
                 "Implementation of a High-Performance Blowfish for Secure Wireless "
                 "Communication",
                 "Blowfish, two 64-bit lanes, block-RAM S-boxes (Zynq-7020)", "Ahmad et al."),
    "002": Paper("L. De Meyer, C. Ross",
                 "Parametric SPECK in Bluespec (MIT 6.375 Complex Digital System Design, "
                 "project report)",
                 "SPECK, folded and unfolded pipeline, OFB (Virtex-7), vs C", "De Meyer, Ross"),
    "003": Paper("A. Gunavelu Mohan, S. Ismail, M. Oruganti",
                 "FPGA Implementation of AES Encryption and Decryption Algorithm",
                 "AES-128, loop-unrolled and pipelined (Virtex-7, Virtex UltraScale)",
                 "Gunavelu Mohan et al."),
    "004": Paper("E. Del Rosal, S. Kumar",
                 "A Fast FPGA Implementation for Triple DES Encryption Scheme (Circuits and "
                 "Systems 8, 2017)",
                 "Triple-DES, 48-stage pipeline (Cyclone II)", "Del Rosal, Kumar"),
}

FIGURES: tuple[Published, ...] = (
    # 000, Table I: key initialisation and per-block latency; Table II: bandwidth
    Published("000", "Table I", "bf", "AMD Ryzen 5 3600, Python", "key_setup_s", 33.64e-4),
    Published("000", "Table I", "bf", "AMD Ryzen 5 3600, Python", "latency_s", 65.82e-7),
    Published("000", "Table I", "bf", "Intel i7 6700k, Python", "key_setup_s", 31.92e-4),
    Published("000", "Table I", "bf", "Intel i7 6700k, Python", "latency_s", 64.28e-7),
    Published("000", "Table I", "bf", "Intel i5 1035G7, Python", "key_setup_s", 40.24e-4),
    Published("000", "Table I", "bf", "Intel i5 1035G7, Python", "latency_s", 76.43e-7),
    Published("000", "Table I", "bf", "ZedBoard (Zynq), 75 MHz", "key_setup_s", 1.253e-4),
    Published("000", "Table I", "bf", "ZedBoard (Zynq), 75 MHz", "latency_s", 2.53e-7),
    Published("000", "Table II", "bf", "AMD Ryzen 5 3600, Python", "throughput_MBps", 1.22),
    Published("000", "Table II", "bf", "Intel i7 6700k, Python", "throughput_MBps", 1.24),
    Published("000", "Table II", "bf", "Intel i5 1035G7, Python", "throughput_MBps", 1.05),
    Published("000", "Table II", "bf", "ZedBoard (Zynq), 75 MHz", "throughput_MBps", 31.6),
    # 001, Section B and Table 2
    Published("001", "Sec. B, Throughput", "bf", "Zynq-7020, 2 lanes, 324 MHz",
              "throughput_Gbps", 2.183,
              "19 cycles latency, 128 bits per pass"),
    Published("001", "Table 2", "bf", "Zynq-7020, 2 lanes", "luts", 1849),
    Published("001", "Table 2", "bf", "Zynq-7020, 2 lanes", "ffs", 2539),
    # 002, Sec. 5.1 (folded, 48/96), Table 2 (pipeline stages), Sec. 6.4 (OFB and C)
    Published("002", "Sec. 5.1", "speck48-96", "Virtex-7, folded, 200 MHz", "throughput_Gbps",
              0.417),
    Published("002", "Table 2", "speck48-96", "Virtex-7, 5 stages", "throughput_Gbps", 1.92),
    Published("002", "Table 2", "speck48-96", "Virtex-7, 5 stages", "luts", 3571),
    Published("002", "Table 2", "speck48-96", "Virtex-7, 5 stages", "ffs", 1324),
    Published("002", "Sec. 6.4", "speck48-96", "Virtex-7, OFB module", "throughput_Gbps", 0.400),
    Published("002", "Sec. 6.4", "speck48-96", "C implementation, OFB", "throughput_Gbps", 0.240),
    # 003, Tables 1, 6, 7
    Published("003", "Table 1", "aes-128", "1.7 GHz Pentium M (software)", "throughput_Gbps",
              0.480),
    Published("003", "Table 1", "aes-128", "Core i3/i5/i7, AES-NI (software)",
              "throughput_Gbps", 5.4),
    Published("003", "Table 6", "aes-128", "Virtex-7, 1 block, pipelined, 235 MHz",
              "throughput_Gbps", 28.0),
    Published("003", "Table 6", "aes-128", "Virtex UltraScale, 1 block, pipelined, 553 MHz",
              "throughput_Gbps", 65.9),
    Published("003", "Table 7", "aes-128", "Virtex-7, 2 blocks, pipelined, 363 MHz",
              "throughput_Gbps", 86.5),
    Published("003", "Table 7", "aes-128", "Virtex UltraScale, 2 blocks, pipelined, 506 MHz",
              "throughput_Gbps", 120.63),
    # 004, Tables 2 and 3
    Published("004", "Table 2", "des-ede3", "Cyclone II, non-pipelined, 50 MHz",
              "throughput_Gbps", 0.237),
    Published("004", "Table 2", "des-ede3", "Cyclone II, 48-stage pipeline, 50 MHz",
              "throughput_Gbps", 3.2),
    Published("004", "Table 3", "des-ede3", "Cyclone II, 48-stage pipeline", "luts", 13915,
              "logic elements"),
)


def figures(cipher: str | None = None, what: str | None = None) -> list[Published]:
    return [f for f in FIGURES
            if (cipher is None or f.cipher == cipher) and (what is None or f.what == what)]


def cite(f: Published) -> str:
    """Authors, title and where in the paper, e.g. ``P. Palka, ...: "Design Flow ...", Table I``."""
    return f"{PAPERS[f.paper]}, {f.where}"
