../common/axis_out_reg.v
speck_iter.v
