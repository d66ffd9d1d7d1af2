bf_sbox.v
../common/axis_out_reg.v
bf_key_mix.v
bf_parray.v
bf_sbox_copy.v
bf_ring.v
bf_core.v
bf_iter.v
