bf_sbox.v
bf_core.v
bf_x2.v
