bf_sbox.v
bf_core.v
bf_sbox_dp.v
bf_pipe_round.v
../common/axis_credit_count.v
../common/axis_credit_fifo_piped.v
bf_pipe.v
