bf_sbox.v
../common/axis_out_reg.v
bf_core.v
bf_x2.v
