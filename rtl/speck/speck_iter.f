speck_iter.v
