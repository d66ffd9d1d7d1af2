// SPDX-License-Identifier: Apache-2.0
// Streaming harness of the GCM cores gcm(CORE) (docs/interface.md, "GCM cores"): the generic
// block harness (harness.cpp, included whole: port access, clock, reset, Layout, Rng and its C
// interface cc_info/cc_new/cc_free/cc_reset) plus the two calls the packet interface needs:
// a key load that waits for the IV port, and a run of packet beats (IV, AAD, data, tag) in,
// their data, tag and verdict beats out, with tkeep/tlast/tuser.
//
// A second file rather than a mode inside harness.cpp: the packet loop shares nothing with the
// block stream loop but the helpers, and the block cores' builds (cached under a hash of
// harness.cpp) stay valid. ciphercores/driver/verilator.py builds a GCM core with this file
// and hashes both.

#include "harness.cpp"

namespace {

// s_axis_tkeep exists only on the packet (GCM) cores
template <typename M, typename = void> struct HasKeep : std::false_type {};
template <typename M>
struct HasKeep<M, std::void_t<decltype(std::declval<M&>().s_axis_tkeep)>> : std::true_type {};

static_assert(HasKeep<Vcc_top>::value && HasIv<Vcc_top>::value,
              "harness_gcm.cpp is for the GCM cores (s_iv_* and s_axis_tkeep ports)");
static_assert(BLOCK_WORDS == 4, "the GCM packet ports are 128 bits wide");

// every packet input idle: no valid, no data or keep bits on the ports
void gcm_idle(Harness& h) {
    Vcc_top& t = *h.top;
    static const uint32_t zero[BLOCK_WORDS] = {0};
    h.idle_inputs();
    put(t.s_iv_tdata, zero);
    t.s_iv_tkeep = 0;
    t.s_iv_tlast = 0;
    put(t.s_axis_tdata, zero);
    t.s_axis_tkeep = 0;
    t.s_axis_tlast = 0;
}

}  // namespace

// One key handshake (key = KEY_WORDS words as laid out on the port), then wait with every
// valid low until s_iv_tready rises (the engine has sent the key's H block into the core and
// takes the next IV). Returns the cycles from the call to that point, or -1 when the core did
// not take the key or the IV port did not become ready within `limit` cycles.
CC_EXPORT int64_t cc_gcm_load_key(void* hp, const uint32_t* key, int32_t tlen, int64_t limit) {
    Harness& h = *static_cast<Harness*>(hp);
    Vcc_top& t = *h.top;
    uint64_t start = h.cycles;
    gcm_idle(h);
    if (!key_handshake(h, key, tlen, start, limit)) {
        t.s_key_tvalid = 0;
        return -1;
    }
    for (;;) {
        h.settle();
        if (t.s_iv_tready) break;
        h.edge();
        if (static_cast<int64_t>(h.cycles - start) > limit) return -1;
    }
    return static_cast<int64_t>(h.cycles - start);
}

// Run `n_in` input beats, in order, and collect `n_out` output beats.
//   in        16 bytes a beat, the first byte of the beat first (it goes to tdata[127:120])
//   in_keep   tkeep of each beat (tkeep[15] keeps the first byte)
//   in_ctl    bit 0 tlast, bits 3:1 tuser[2:0] (s_axis beats), bit 4: the beat is an IV beat
//             (s_iv; its tuser bits are ignored)
//   out, out_keep, out_ctl   the same for the output beats (bit 4 zero)
//   idle, backpressure, seed, burst   random input gaps and output stalls, as cc_stream
//   limit     cycles without any handshake after which the call gives up
// Each beat is offered (tvalid high, held until its handshake) after the one before it was
// taken, on its own port. Returns `n_out` and the cycles used in *cycles_out, or -1 (timeout:
// *err_index = input beats taken, *cycles_out as far as it got).
CC_EXPORT int64_t cc_gcm_packets(void* hp, const uint8_t* in, const uint16_t* in_keep,
                                 const uint8_t* in_ctl, int64_t n_in, uint8_t* out,
                                 uint16_t* out_keep, uint8_t* out_ctl, int64_t n_out,
                                 double idle, double backpressure, uint64_t seed, int64_t burst,
                                 int64_t limit, uint64_t* cycles_out, int64_t* err_index) {
    Harness& h = *static_cast<Harness*>(hp);
    Vcc_top& t = *h.top;
    const Layout lay(16, 1, 1);
    Rng rng(seed);
    uint32_t w[BLOCK_WORDS];
    uint64_t start = h.cycles;
    uint64_t last_progress = h.cycles;
    int64_t taken = 0, given = 0, idle_left = 0, stall_left = 0;
    bool offered = false, on_iv = false;
    gcm_idle(h);
    while (taken < n_in || given < n_out) {
        // this cycle's inputs
        if (idle_left) {
            --idle_left;
        } else if (!offered && idle > 0.0 && rng.uniform() < idle) {
            idle_left = rng.upto(burst);
        }
        if (!offered && taken < n_in && !idle_left) {
            const uint8_t ctl = in_ctl[taken];
            lay.pack(in + 16 * taken, w);
            on_iv = (ctl >> 4) & 1;
            if (on_iv) {
                put(t.s_iv_tdata, w);
                t.s_iv_tkeep = in_keep[taken];
                t.s_iv_tlast = ctl & 1;
                t.s_iv_tvalid = 1;
            } else {
                put(t.s_axis_tdata, w);
                t.s_axis_tkeep = in_keep[taken];
                t.s_axis_tlast = ctl & 1;
                t.s_axis_tuser = (ctl >> 1) & 7;
                t.s_axis_tvalid = 1;
            }
            offered = true;
        }
        bool m_ready = given < n_out;
        if (m_ready && backpressure > 0.0) {
            if (stall_left) {
                --stall_left;
            } else if (rng.uniform() < backpressure) {
                stall_left = rng.uniform() < 0.2 ? rng.upto(2 * burst) : 0;
            }
            m_ready = !stall_left && !(rng.uniform() < backpressure);
        }
        t.m_axis_tready = m_ready;
        // handshakes at this edge
        h.settle();
        bool s_fire = offered && (on_iv ? t.s_iv_tready : t.s_axis_tready);
        bool m_fire = m_ready && t.m_axis_tvalid;
        if (m_fire) {
            get(t.m_axis_tdata, w);
            lay.unpack(w, out + 16 * given);
            out_keep[given] = static_cast<uint16_t>(t.m_axis_tkeep);
            out_ctl[given] = static_cast<uint8_t>((t.m_axis_tlast & 1) | ((t.m_axis_tuser & 7) << 1));
        }
        h.edge();
        if (s_fire) {
            ++taken;
            offered = false;
            gcm_idle(h);  // valid low and the beat's bytes off the ports until the next offer
        }
        if (m_fire) ++given;
        if (s_fire || m_fire) {
            last_progress = h.cycles;
        } else if (static_cast<int64_t>(h.cycles - last_progress) > limit) {
            *err_index = taken;
            gcm_idle(h);
            *cycles_out = h.cycles - start;
            return -1;
        }
    }
    gcm_idle(h);
    *cycles_out = h.cycles - start;
    return given;
}
