/* SPDX-License-Identifier: Apache-2.0 */
/* Software AES (FIPS-197), written for this firmware: the state is 16 bytes in the standard's
   order (byte r + 4c is row r of column c), one round is SubBytes and ShiftRows in one pass
   through the S-box, then MixColumns with xtime, then AddRoundKey. */
#include "aes_sw.h"

static uint8_t sbox[256];

static uint8_t rotl8(uint8_t x, int n)
{
	return (uint8_t)((x << n) | (x >> (8 - n)));
}

static uint8_t xtime(uint8_t x)
{
	return (uint8_t)((x << 1) ^ ((x & 0x80) ? 0x1b : 0x00));
}

void aes_sw_init(void)
{
	/* p runs over the multiplicative group by powers of the generator 3, q over the
	   inverses (powers of 3^-1 = 0xf6): so q = p^-1, and S(p) is the affine map of q. */
	uint8_t p = 1, q = 1;
	do {
		p = p ^ xtime(p);                    /* p *= 3 */
		q ^= (uint8_t)(q << 1);              /* q /= 3: q *= 0xf6 */
		q ^= (uint8_t)(q << 2);
		q ^= (uint8_t)(q << 4);
		if (q & 0x80)
			q ^= 0x09;
		sbox[p] = (uint8_t)(q ^ rotl8(q, 1) ^ rotl8(q, 2) ^ rotl8(q, 3) ^ rotl8(q, 4) ^ 0x63);
	} while (p != 1);
	sbox[0] = 0x63;
}

int aes_sw_set_key(struct aes_sw *ctx, const uint8_t *key, int key_bytes)
{
	int nk = key_bytes / 4, i, words;
	uint8_t rcon = 1;

	if (key_bytes != 16 && key_bytes != 24 && key_bytes != 32)
		return -1;
	ctx->nr = nk + 6;
	words = 4 * (ctx->nr + 1);
	for (i = 0; i < key_bytes; i++)
		ctx->rk[i] = key[i];
	for (i = nk; i < words; i++) {
		uint8_t t[4];
		const uint8_t *prev = &ctx->rk[4 * (i - 1)];
		const uint8_t *back = &ctx->rk[4 * (i - nk)];
		int j;

		if (i % nk == 0) {
			/* RotWord, SubWord, Rcon */
			t[0] = (uint8_t)(sbox[prev[1]] ^ rcon);
			t[1] = sbox[prev[2]];
			t[2] = sbox[prev[3]];
			t[3] = sbox[prev[0]];
			rcon = xtime(rcon);
		} else if (nk == 8 && i % nk == 4) {
			for (j = 0; j < 4; j++)
				t[j] = sbox[prev[j]];
		} else {
			for (j = 0; j < 4; j++)
				t[j] = prev[j];
		}
		for (j = 0; j < 4; j++)
			ctx->rk[4 * i + j] = back[j] ^ t[j];
	}
	return 0;
}

void aes_sw_encrypt(const struct aes_sw *ctx, const uint8_t in[16], uint8_t out[16])
{
	uint8_t s[16], t[16];
	const uint8_t *rk = ctx->rk;
	int round, c, r;

	for (r = 0; r < 16; r++)
		s[r] = in[r] ^ rk[r];
	for (round = 1; round <= ctx->nr; round++) {
		rk += 16;
		/* SubBytes and ShiftRows: row r moves left by r columns */
		for (c = 0; c < 4; c++)
			for (r = 0; r < 4; r++)
				t[r + 4 * c] = sbox[s[r + 4 * ((c + r) & 3)]];
		if (round == ctx->nr) {
			for (r = 0; r < 16; r++)
				s[r] = t[r] ^ rk[r];
			break;
		}
		/* MixColumns: each column times {03}x^3 + {01}x^2 + {01}x + {02} */
		for (c = 0; c < 4; c++) {
			uint8_t *col = &t[4 * c];
			uint8_t all = col[0] ^ col[1] ^ col[2] ^ col[3];
			uint8_t first = col[0];

			s[4 * c + 0] = col[0] ^ all ^ xtime(col[0] ^ col[1]) ^ rk[4 * c + 0];
			s[4 * c + 1] = col[1] ^ all ^ xtime(col[1] ^ col[2]) ^ rk[4 * c + 1];
			s[4 * c + 2] = col[2] ^ all ^ xtime(col[2] ^ col[3]) ^ rk[4 * c + 2];
			s[4 * c + 3] = col[3] ^ all ^ xtime(col[3] ^ first) ^ rk[4 * c + 3];
		}
	}
	for (r = 0; r < 16; r++)
		out[r] = s[r];
}
