speck_round.v
speck_round_pipe.v
speck_key_step.v
speck_key_prep.v
../common/axis_credit_fifo.v
../common/axis_credit_count.v
../common/axis_credit_fifo_piped.v
speck_pipe.v
