bf_sbox.v
bf_core.v
bf_iter.v
