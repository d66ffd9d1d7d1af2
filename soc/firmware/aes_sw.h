/* SPDX-License-Identifier: Apache-2.0 */
/* A small software AES (FIPS-197) for the firmware: the reference the peripheral is compared
   with, and the figure it is measured against. Byte-oriented, tables computed at start-up
   (S-box 256 bytes); encryption only (the modes used here need only the forward cipher). */
#ifndef AES_SW_H
#define AES_SW_H

#include <stdint.h>

struct aes_sw {
	uint8_t rk[16 * 15]; /* round keys 0..Nr, 16 bytes each */
	int nr;              /* rounds: 10, 12 or 14 */
};

/* Builds the S-box; call once before the others. */
void aes_sw_init(void);
/* Expands a 16-, 24- or 32-byte key; returns 0, or -1 for another length. */
int aes_sw_set_key(struct aes_sw *ctx, const uint8_t *key, int key_bytes);
/* Encrypts one 16-byte block (in and out may be the same buffer). */
void aes_sw_encrypt(const struct aes_sw *ctx, const uint8_t in[16], uint8_t out[16]);

#endif
