aes_sbox.v
aes_inv_sbox.v
aes_tower_norm_inv.v
aes_tower_scale.v
aes_sbox_tower.v
aes_sbox_rom.v
aes_mix_cols.v
aes_small.v
