/* SPDX-License-Identifier: Apache-2.0 */
/* Firmware of the ciphercores LiteX SoC: the official vectors through the peripherals and
   through a software AES on the same CPU, PASS/FAIL per vector, cycles per block of both.

   The peripherals are ciphercores bus wrappers; every offset and bit below comes from their
   generated register header (cc_regs.h), the base addresses from the SoC's (generated/mem.h),
   the vectors from a header made from the files in vectors/ (kat_vectors.h). Cycles are read
   from the timer's uptime counter (sys_clk cycles). Output lines, one per result:
     KAT <name> <what> PASS|FAIL hw=<cycles/block> [sw=<cycles/block>]
     BENCH <cipher> blocks=<n> hw_single=<c> hw_stream=<c> sw=<c> speedup=<x>
     SUMMARY passed=<n> failed=<n>                                                     */
#include <stdio.h>
#include <string.h>

#include <irq.h>
#include <generated/csr.h>
#include <generated/mem.h>
#include <generated/soc.h>

#include "aes_sw.h"
#include "cc_regs.h"
#include "kat_vectors.h"

static unsigned passed, failed;
static uint32_t timer_overhead;

/* -- cycles ------------------------------------------------------------------------------ */

static uint32_t now(void)
{
	timer0_uptime_latch_write(1);
	return (uint32_t)timer0_uptime_cycles_read();
}

/* cycles x 10 / n, printed as a decimal with one digit */
static void print_tenths(const char *label, uint32_t cycles, unsigned n)
{
	uint32_t t = (uint32_t)(((uint64_t)cycles * 10u + n / 2u) / n);
	printf(" %s=%lu.%lu", label, (unsigned long)(t / 10u), (unsigned long)(t % 10u));
}

static void result(const char *name, const char *what, int ok)
{
	printf("KAT %s %s %s", name, what, ok ? "PASS" : "FAIL");
	if (ok)
		passed++;
	else
		failed++;
}

/* -- the peripheral: one ciphercores bus wrapper ----------------------------------------- */

struct cc_dev {
	volatile uint32_t *base;
	unsigned block_words; /* 32-bit words of a block (DIN, DOUT) */
	unsigned key_words;   /* 32-bit words of the key port (KEY) */
};

static uint32_t rd(const struct cc_dev *d, uint32_t offset)
{
	return cc_read(d->base, offset);
}

static void wr(const struct cc_dev *d, uint32_t offset, uint32_t value)
{
	cc_write(d->base, offset, value);
}

static int cc_open(struct cc_dev *d, uintptr_t base, const char *name)
{
	uint32_t id, info, block_bits, key_bits;

	d->base = (volatile uint32_t *)base;
	id = rd(d, CC_ID_OFFSET);
	info = rd(d, CC_INFO_OFFSET);
	block_bits = (info >> CC_INFO_BLOCK_BITS_SHIFT) & CC_INFO_BLOCK_BITS_MASK;
	key_bits = (info >> CC_INFO_KEY_BITS_SHIFT) & CC_INFO_KEY_BITS_MASK;
	d->block_words = (block_bits + 31u) / 32u;
	d->key_words = (key_bits + 31u) / 32u;
	printf("PERIPH %s base=0x%08lx id=0x%08lx block_bits=%lu key_bits=%lu keylen_port=%d "
	       "fifo=%lu\n", name, (unsigned long)base, (unsigned long)id,
	       (unsigned long)block_bits, (unsigned long)key_bits,
	       (info & CC_INFO_KEYLEN_PORT) ? 1 : 0,
	       1ul << ((info >> CC_INFO_OFIFO_LOG2_SHIFT) & CC_INFO_OFIFO_LOG2_MASK));
	return id == CC_ID_VALUE ? 0 : -1;
}

/* key: the key port's words, most significant first (n of them; the rest written zero) */
static void cc_set_key(const struct cc_dev *d, const uint32_t *key, unsigned n,
		       unsigned key_bytes)
{
	unsigned i;

	for (i = 0; i < d->key_words; i++)
		wr(d, CC_KEY_N_OFFSET(i), i < n ? key[i] : 0u);
	wr(d, CC_KEYLEN_OFFSET, key_bytes);
	wr(d, CC_CTRL_OFFSET, CC_CTRL_KEY_LOAD);
	while (rd(d, CC_STATUS_OFFSET) & CC_STATUS_KEY_PEND)
		;
}

/* one block, waiting for its result */
static void cc_block(const struct cc_dev *d, const uint32_t *in, uint32_t *out, int decrypt)
{
	unsigned i;

	for (i = 0; i < d->block_words; i++)
		wr(d, CC_DIN_N_OFFSET(i), in[i]);
	wr(d, CC_CTRL_OFFSET, CC_CTRL_START | (decrypt ? CC_CTRL_DECRYPT : 0u));
	while (!(rd(d, CC_STATUS_OFFSET) & CC_STATUS_OUT_VALID))
		;
	for (i = 0; i < d->block_words; i++)
		out[i] = rd(d, CC_DOUT_N_OFFSET(i));
	wr(d, CC_CTRL_OFFSET, CC_CTRL_POP);
}

/* n blocks, the next block's DIN written while the core works on the one before; its START
   goes with the POP of the result before it (one CTRL write: POP acts first) */
static void cc_stream(const struct cc_dev *d, const uint32_t *in, uint32_t *out, unsigned n,
		      int decrypt)
{
	const uint32_t dir = decrypt ? CC_CTRL_DECRYPT : 0u;
	unsigned b, i, w = d->block_words;

	if (n == 0)
		return;
	for (i = 0; i < w; i++)
		wr(d, CC_DIN_N_OFFSET(i), in[i]);
	wr(d, CC_CTRL_OFFSET, CC_CTRL_START | dir);
	for (b = 0; b < n; b++) {
		int more = b + 1 < n;

		if (more) {
			while (!(rd(d, CC_STATUS_OFFSET) & CC_STATUS_IN_READY))
				;
			for (i = 0; i < w; i++)
				wr(d, CC_DIN_N_OFFSET(i), in[(b + 1) * w + i]);
		}
		while (!(rd(d, CC_STATUS_OFFSET) & CC_STATUS_OUT_VALID))
			;
		for (i = 0; i < w; i++)
			out[b * w + i] = rd(d, CC_DOUT_N_OFFSET(i));
		wr(d, CC_CTRL_OFFSET, CC_CTRL_POP | (more ? CC_CTRL_START | dir : 0u));
	}
}

/* -- AES blocks: the peripheral or the software, as one kind of function ----------------- */

/* AES bytes <-> the port's words: the first byte is the most significant (docs/interface.md) */
static void be_words(const uint8_t *b, uint32_t *w, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++)
		w[i] = (uint32_t)b[4 * i] << 24 | (uint32_t)b[4 * i + 1] << 16 |
		       (uint32_t)b[4 * i + 2] << 8 | b[4 * i + 3];
}

static void be_bytes(const uint32_t *w, uint8_t *b, unsigned n)
{
	unsigned i;

	for (i = 0; i < n; i++) {
		b[4 * i] = (uint8_t)(w[i] >> 24);
		b[4 * i + 1] = (uint8_t)(w[i] >> 16);
		b[4 * i + 2] = (uint8_t)(w[i] >> 8);
		b[4 * i + 3] = (uint8_t)w[i];
	}
}

typedef void (*aes_fn)(const void *ctx, const uint8_t in[16], uint8_t out[16], int decrypt);

static void hw_aes(const void *ctx, const uint8_t in[16], uint8_t out[16], int decrypt)
{
	uint32_t i_w[4], o_w[4];

	be_words(in, i_w, 4);
	cc_block((const struct cc_dev *)ctx, i_w, o_w, decrypt);
	be_bytes(o_w, out, 4);
}

static void sw_aes(const void *ctx, const uint8_t in[16], uint8_t out[16], int decrypt)
{
	(void)decrypt; /* only the forward cipher: run_mode asks no other of it */
	aes_sw_encrypt((const struct aes_sw *)ctx, in, out);
}

static void hw_aes_key(const struct cc_dev *d, const uint8_t *key, int key_bytes)
{
	uint32_t w[8];

	be_words(key, w, (unsigned)key_bytes / 4u);
	cc_set_key(d, w, (unsigned)key_bytes / 4u, (unsigned)key_bytes);
}

static void xor16(uint8_t *dst, const uint8_t *a, const uint8_t *b)
{
	int i;

	for (i = 0; i < 16; i++)
		dst[i] = a[i] ^ b[i];
}

/* SP 800-38A's modes over a block function; decrypt uses the inverse cipher in ECB and CBC
   only (CFB, OFB and CTR decrypt with the forward cipher) */
static void run_mode(enum kat_mode mode, aes_fn f, const void *ctx, const uint8_t iv[16],
		     const uint8_t *in, uint8_t *out, int blocks, int decrypt)
{
	uint8_t chain[16], t[16];
	int b, i;

	memcpy(chain, iv, 16);
	for (b = 0; b < blocks; b++) {
		const uint8_t *x = in + 16 * b;
		uint8_t *y = out + 16 * b;

		switch (mode) {
		case KAT_ECB:
			f(ctx, x, y, decrypt);
			break;
		case KAT_CBC:
			if (decrypt) {
				f(ctx, x, t, 1);
				xor16(y, t, chain);
				memcpy(chain, x, 16);
			} else {
				xor16(t, x, chain);
				f(ctx, t, y, 0);
				memcpy(chain, y, 16);
			}
			break;
		case KAT_CFB:
			f(ctx, chain, t, 0);
			xor16(y, t, x);
			memcpy(chain, decrypt ? x : y, 16); /* the ciphertext block */
			break;
		case KAT_OFB:
			f(ctx, chain, chain, 0);
			xor16(y, chain, x);
			break;
		case KAT_CTR:
			f(ctx, chain, t, 0);
			xor16(y, t, x);
			for (i = 15; i >= 0 && ++chain[i] == 0; i--)
				;
			break;
		}
	}
}

/* -- the AES vectors --------------------------------------------------------------------- */

static void aes_fips197(const struct cc_dev *aes)
{
	unsigned v;

	for (v = 0; v < sizeof(fips197) / sizeof(fips197[0]); v++) {
		const struct aes_kat *k = &fips197[v];
		struct aes_sw sw;
		uint8_t out[16];
		uint32_t t0, hw_enc, hw_dec, sw_enc;

		hw_aes_key(aes, k->key, k->key_bytes);
		t0 = now();
		hw_aes(aes, k->pt, out, 0);
		hw_enc = now() - t0 - timer_overhead;
		result(k->name, "hw-encrypt", memcmp(out, k->ct, 16) == 0);
		printf(" hw=%lu\n", (unsigned long)hw_enc);

		t0 = now();
		hw_aes(aes, k->ct, out, 1);
		hw_dec = now() - t0 - timer_overhead;
		result(k->name, "hw-decrypt", memcmp(out, k->pt, 16) == 0);
		printf(" hw=%lu\n", (unsigned long)hw_dec);

		aes_sw_set_key(&sw, k->key, k->key_bytes);
		t0 = now();
		aes_sw_encrypt(&sw, k->pt, out);
		sw_enc = now() - t0 - timer_overhead;
		result(k->name, "sw-encrypt", memcmp(out, k->ct, 16) == 0);
		printf(" sw=%lu\n", (unsigned long)sw_enc);
	}
}

static void aes_sp800_38a(const struct cc_dev *aes)
{
	unsigned v;

	for (v = 0; v < sizeof(sp800_38a) / sizeof(sp800_38a[0]); v++) {
		const struct aes_mode_kat *k = &sp800_38a[v];
		struct aes_sw sw;
		uint8_t out[64];
		uint32_t t0, t;
		int n = k->blocks;

		hw_aes_key(aes, k->key, k->key_bytes);
		t0 = now();
		run_mode(k->mode, hw_aes, aes, k->iv, k->pt, out, n, 0);
		t = now() - t0 - timer_overhead;
		result(k->name, "hw-encrypt", memcmp(out, k->ct, 16u * n) == 0);
		print_tenths("hw", t, n);
		printf("\n");

		t0 = now();
		run_mode(k->mode, hw_aes, aes, k->iv, k->ct, out, n, 1);
		t = now() - t0 - timer_overhead;
		result(k->name, "hw-decrypt", memcmp(out, k->pt, 16u * n) == 0);
		print_tenths("hw", t, n);
		printf("\n");

		aes_sw_set_key(&sw, k->key, k->key_bytes);
		t0 = now();
		run_mode(k->mode, sw_aes, &sw, k->iv, k->pt, out, n, 0);
		t = now() - t0 - timer_overhead;
		result(k->name, "sw-encrypt", memcmp(out, k->ct, 16u * n) == 0);
		print_tenths("sw", t, n);
		printf("\n");
	}
}

/* ECB over BENCH_BLOCKS blocks: the peripheral one block at a time, streamed, and the
   software; the outputs of the three must agree */
#define BENCH_BLOCKS 32
static uint32_t bench_in[4 * BENCH_BLOCKS], bench_hw[4 * BENCH_BLOCKS],
	bench_hw1[4 * BENCH_BLOCKS];
static uint8_t bench_sw[16 * BENCH_BLOCKS];

static void aes_bench(const struct cc_dev *aes)
{
	unsigned v, b;

	for (v = 0; v < sizeof(fips197) / sizeof(fips197[0]); v++) {
		const struct aes_kat *k = &fips197[v];
		struct aes_sw sw;
		uint8_t in_bytes[16 * BENCH_BLOCKS];
		uint8_t hw_bytes[16 * BENCH_BLOCKS];
		uint32_t t0, t_single, t_stream, t_sw, x10;
		char name[32];
		int ok;

		for (b = 0; b < 16 * BENCH_BLOCKS; b++)
			in_bytes[b] = (uint8_t)(b * 7u + v);
		be_words(in_bytes, bench_in, 4 * BENCH_BLOCKS);

		hw_aes_key(aes, k->key, k->key_bytes);
		t0 = now();
		for (b = 0; b < BENCH_BLOCKS; b++)
			cc_block(aes, &bench_in[4 * b], &bench_hw1[4 * b], 0);
		t_single = now() - t0 - timer_overhead;

		t0 = now();
		cc_stream(aes, bench_in, bench_hw, BENCH_BLOCKS, 0);
		t_stream = now() - t0 - timer_overhead;

		aes_sw_set_key(&sw, k->key, k->key_bytes);
		t0 = now();
		for (b = 0; b < BENCH_BLOCKS; b++)
			aes_sw_encrypt(&sw, &in_bytes[16 * b], &bench_sw[16 * b]);
		t_sw = now() - t0 - timer_overhead;

		be_bytes(bench_hw, hw_bytes, 4 * BENCH_BLOCKS);
		ok = memcmp(hw_bytes, bench_sw, sizeof(hw_bytes)) == 0 &&
		     memcmp(bench_hw, bench_hw1, sizeof(bench_hw)) == 0;
		snprintf(name, sizeof(name), "bench-aes-%d", 8 * k->key_bytes);
		result(name, "hw=sw", ok);
		printf("\n");
		printf("BENCH aes-%d blocks=%d", 8 * k->key_bytes, BENCH_BLOCKS);
		print_tenths("hw_single", t_single, BENCH_BLOCKS);
		print_tenths("hw_stream", t_stream, BENCH_BLOCKS);
		print_tenths("sw", t_sw, BENCH_BLOCKS);
		x10 = (uint32_t)(((uint64_t)t_sw * 10u + t_stream / 2u) / t_stream);
		printf(" speedup=%lu.%lu\n", (unsigned long)(x10 / 10u), (unsigned long)(x10 % 10u));
	}
}

/* -- the second peripheral: SPECK ----------------------------------------------------------- */

static void speck_kat(const struct cc_dev *speck)
{
	uint32_t out[4], t0, t;

	cc_set_key(speck, speck_vec.key, speck_vec.key_words, speck_vec.key_words * 4u);
	t0 = now();
	cc_block(speck, speck_vec.pt, out, 0);
	t = now() - t0 - timer_overhead;
	result(speck_vec.name, "hw-encrypt",
	       memcmp(out, speck_vec.ct, 4u * speck->block_words) == 0);
	printf(" hw=%lu\n", (unsigned long)t);
	t0 = now();
	cc_block(speck, speck_vec.ct, out, 1);
	t = now() - t0 - timer_overhead;
	result(speck_vec.name, "hw-decrypt",
	       memcmp(out, speck_vec.pt, 4u * speck->block_words) == 0);
	printf(" hw=%lu\n", (unsigned long)t);
}

/* -- the interrupt line ------------------------------------------------------------------ */

/* IRQ_EN.OUT_VALID raises the wrapper's irq while a result waits: the CPU sees its
   interrupt pending (unmasked, with interrupts globally off: polled, no trap taken) */
static void irq_check(const struct cc_dev *aes)
{
	uint32_t in[4] = {0, 0, 0, 0}, out[4];
	unsigned before, during, after, mask = irq_getmask();

	irq_setie(0);
	irq_setmask(mask | (1u << AES_INTERRUPT));
	wr(aes, CC_IRQ_EN_OFFSET, CC_IRQ_EN_OUT_VALID);
	before = irq_pending() & (1u << AES_INTERRUPT);
	for (unsigned i = 0; i < aes->block_words; i++)
		wr(aes, CC_DIN_N_OFFSET(i), in[i]);
	wr(aes, CC_CTRL_OFFSET, CC_CTRL_START);
	while (!(rd(aes, CC_STATUS_OFFSET) & CC_STATUS_OUT_VALID))
		;
	during = irq_pending() & (1u << AES_INTERRUPT);
	for (unsigned i = 0; i < aes->block_words; i++)
		out[i] = rd(aes, CC_DOUT_N_OFFSET(i));
	wr(aes, CC_CTRL_OFFSET, CC_CTRL_POP);
	/* the line is registered in the wrapper and in the CPU: let a bus read pass first */
	(void)rd(aes, CC_STATUS_OFFSET);
	after = irq_pending() & (1u << AES_INTERRUPT);
	wr(aes, CC_IRQ_EN_OFFSET, 0);
	irq_setmask(mask);
	(void)out;
	result("irq", "out-valid", !before && during && !after);
	printf(" line=%d%d%d\n", before != 0, during != 0, after != 0);
}

int main(void)
{
	struct cc_dev aes, speck;
	uint32_t t0;

	aes_sw_init();
	t0 = now();
	timer_overhead = now() - t0;
	printf("\nciphercores LiteX SoC: %s, %lu Hz\n", CONFIG_CPU_HUMAN_NAME,
	       (unsigned long)CONFIG_CLOCK_FREQUENCY);
	printf("timer overhead %lu cycles (subtracted)\n", (unsigned long)timer_overhead);
	result("aes", "id", cc_open(&aes, AES_BASE, "aes") == 0);
	printf("\n");
	result("speck", "id", cc_open(&speck, SPECK_BASE, "speck") == 0);
	printf("\n");

	aes_fips197(&aes);
	aes_sp800_38a(&aes);
	aes_bench(&aes);
	speck_kat(&speck);
	irq_check(&aes);

	printf("SUMMARY passed=%u failed=%u\n", passed, failed);
	sim_finish_finish_write(1);
	return 0;
}
