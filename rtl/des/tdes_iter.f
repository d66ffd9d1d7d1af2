des_ip.v
des_fp.v
des_pc1.v
des_pc2.v
des_e.v
des_sp.v
des_round.v
tdes_iter.v
