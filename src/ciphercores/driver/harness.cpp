// SPDX-License-Identifier: Apache-2.0
// Generic streaming harness for every ciphercores core (docs/interface.md).
//
// Compiled once per (core, parameters) together with the Verilator model of the core, which is
// always built with `--prefix Vcc_top`, into a shared library that ciphercores.driver loads with
// ctypes. Nothing here names a core: the widths of the ports come from the types Verilator gives
// them (CData/SData/IData/QData or VlWide<N>), the optional s_key_tlen port is detected at
// compile time, and the byte layout (byte order, block size, lanes) is passed at run time.
//
// Python hands over a whole batch of blocks; this file drives clk/rst, the key handshake and the
// two streams, one Verilator eval per clock edge, with no call back into Python per cycle.

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include "Vcc_top.h"
#include "verilated.h"

#define CC_EXPORT extern "C" __attribute__((visibility("default")))

// required by Verilator when the design calls $time; no timing is modelled here
double sc_time_stamp() { return 0; }

namespace {

// -----------------------------------------------------------------------------------------
// port access, generic over the port's C++ type: words are little-endian 32-bit words
// -----------------------------------------------------------------------------------------
template <typename T> struct PortWords;
template <> struct PortWords<CData> { static constexpr int value = 1; };
template <> struct PortWords<SData> { static constexpr int value = 1; };
template <> struct PortWords<IData> { static constexpr int value = 1; };
template <> struct PortWords<QData> { static constexpr int value = 2; };
template <std::size_t N> struct PortWords<VlWide<N>> { static constexpr int value = N; };

template <typename P>
constexpr int port_words() { return PortWords<std::remove_cv_t<std::remove_reference_t<P>>>::value; }

inline void put(CData& p, const uint32_t* w) { p = static_cast<CData>(w[0]); }
inline void put(SData& p, const uint32_t* w) { p = static_cast<SData>(w[0]); }
inline void put(IData& p, const uint32_t* w) { p = w[0]; }
inline void put(QData& p, const uint32_t* w) { p = static_cast<QData>(w[0]) | (static_cast<QData>(w[1]) << 32); }
template <std::size_t N> inline void put(VlWide<N>& p, const uint32_t* w) {
    for (std::size_t i = 0; i < N; ++i) p[i] = w[i];
}

inline void get(const CData& p, uint32_t* w) { w[0] = p; }
inline void get(const SData& p, uint32_t* w) { w[0] = p; }
inline void get(const IData& p, uint32_t* w) { w[0] = p; }
inline void get(const QData& p, uint32_t* w) {
    w[0] = static_cast<uint32_t>(p);
    w[1] = static_cast<uint32_t>(p >> 32);
}
template <std::size_t N> inline void get(const VlWide<N>& p, uint32_t* w) {
    for (std::size_t i = 0; i < N; ++i) w[i] = p[i];
}

// s_key_tlen exists only on cores whose cipher has several key lengths
template <typename M, typename = void> struct HasTlen : std::false_type {};
template <typename M>
struct HasTlen<M, std::void_t<decltype(std::declval<M&>().s_key_tlen)>> : std::true_type {};

template <typename M> void set_tlen(M& m, int len) {
    if constexpr (HasTlen<M>::value) m.s_key_tlen = static_cast<std::remove_reference_t<decltype(m.s_key_tlen)>>(len);
}

// s_iv_* exists only on the hardware mode cores MODE(CORE) (docs/interface.md)
template <typename M, typename = void> struct HasIv : std::false_type {};
template <typename M>
struct HasIv<M, std::void_t<decltype(std::declval<M&>().s_iv_tdata)>> : std::true_type {};

template <typename M> void clear_iv_valid(M& m) {
    if constexpr (HasIv<M>::value) m.s_iv_tvalid = 0;
}

constexpr int BLOCK_WORDS = port_words<decltype(std::declval<Vcc_top&>().s_axis_tdata)>();
constexpr int OUT_WORDS = port_words<decltype(std::declval<Vcc_top&>().m_axis_tdata)>();
constexpr int KEY_WORDS = port_words<decltype(std::declval<Vcc_top&>().s_key_tdata)>();
static_assert(BLOCK_WORDS == OUT_WORDS, "s_axis_tdata and m_axis_tdata differ in width");

// xorshift64*: the seeded generator for random idle and back-pressure
struct Rng {
    uint64_t s;
    explicit Rng(uint64_t seed) : s(seed ? seed : 0x9e3779b97f4a7c15ULL) {}
    uint64_t next() {
        s ^= s >> 12;
        s ^= s << 25;
        s ^= s >> 27;
        return s * 0x2545f4914f6cdd1dULL;
    }
    double uniform() { return static_cast<double>(next() >> 11) * (1.0 / 9007199254740992.0); }
    int64_t upto(int64_t n) { return n <= 0 ? 0 : static_cast<int64_t>(next() % static_cast<uint64_t>(n + 1)); }
};

struct Harness {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vcc_top> top;
    uint64_t cycles = 0;  // clock cycles since construction

    Harness() : ctx(new VerilatedContext) {
        ctx->debug(0);
        ctx->randReset(0);  // two-state start values are zero (reset clears the core anyway)
        top.reset(new Vcc_top{ctx.get(), "cc"});
        idle_inputs();
        top->clk = 0;
        top->eval();
    }
    ~Harness() { top->final(); }

    void idle_inputs() {
        top->rst = 0;
        top->s_key_tvalid = 0;
        clear_iv_valid(*top);
        top->s_axis_tvalid = 0;
        top->s_axis_tuser = 0;
        top->m_axis_tready = 0;
    }

    // One clock cycle. The caller has set this cycle's inputs; handshakes are sampled after
    // the combinational settle with clk low, i.e. as the registers see them at the edge.
    inline void settle() {
        top->clk = 0;
        top->eval();
    }
    inline void edge() {
        top->clk = 1;
        top->eval();
        ++cycles;
    }
};

// byte offset inside a group of LANES blocks -> (port word, bit shift), from docs/interface.md:
// lane 0 is the least significant block; inside a block, byte 0 is the most significant byte
// (big-endian ciphers) or the least significant one (little-endian ciphers)
struct Layout {
    std::vector<int> word;
    std::vector<int> shift;
    Layout(int block_bytes, int lanes, int big_endian) {
        for (int lane = 0; lane < lanes; ++lane)
            for (int i = 0; i < block_bytes; ++i) {
                int byte_pos = big_endian ? (block_bytes - 1 - i) : i;
                int bit = (lane * block_bytes + byte_pos) * 8;
                word.push_back(bit / 32);
                shift.push_back(bit % 32);
            }
    }
    void pack(const uint8_t* src, uint32_t* w, int nwords = BLOCK_WORDS) const {
        std::memset(w, 0, sizeof(uint32_t) * nwords);
        for (std::size_t k = 0; k < word.size(); ++k) w[word[k]] |= static_cast<uint32_t>(src[k]) << shift[k];
    }
    void unpack(const uint32_t* w, uint8_t* dst) const {
        for (std::size_t k = 0; k < word.size(); ++k) dst[k] = static_cast<uint8_t>(w[word[k]] >> shift[k]);
    }
};

}  // namespace

// ---------------------------------------------------------------------------------------------
// C interface (ciphercores/driver/verilator.py declares the same signatures)
// ---------------------------------------------------------------------------------------------

// port widths in 32-bit words as compiled, and whether s_key_tlen exists: the Python side checks
// them against the registry before it trusts the layout
CC_EXPORT void cc_info(int32_t* block_words, int32_t* key_words, int32_t* has_tlen,
                       int32_t* has_iv) {
    *block_words = BLOCK_WORDS;
    *key_words = KEY_WORDS;
    *has_tlen = HasTlen<Vcc_top>::value ? 1 : 0;
    *has_iv = HasIv<Vcc_top>::value ? 1 : 0;
}

// the block layout alone, for any sizes: `groups` transfers of `lanes` blocks -> port words
// (`nwords` per transfer). Lets the tests hold the C++ layout against docs/interface.md.
CC_EXPORT void cc_layout_pack(const uint8_t* in, uint32_t* out, int64_t groups,
                              int32_t block_bytes, int32_t lanes, int32_t big_endian,
                              int32_t nwords) {
    const Layout lay(block_bytes, lanes, big_endian);
    for (int64_t g = 0; g < groups; ++g)
        lay.pack(in + g * block_bytes * lanes, out + g * nwords, nwords);
}

CC_EXPORT void* cc_new() { return new Harness; }

CC_EXPORT void cc_free(void* h) { delete static_cast<Harness*>(h); }

CC_EXPORT uint64_t cc_cycles(void* h) { return static_cast<Harness*>(h)->cycles; }

// rst high for `cycles` cycles with every valid low, then one cycle low; returns the cycles run
CC_EXPORT int64_t cc_reset(void* hp, int32_t cycles) {
    Harness& h = *static_cast<Harness*>(hp);
    uint64_t start = h.cycles;
    h.idle_inputs();
    h.top->rst = 1;
    for (int i = 0; i < cycles; ++i) {
        h.settle();
        h.edge();
    }
    h.top->rst = 0;
    h.settle();
    h.edge();
    return static_cast<int64_t>(h.cycles - start);
}

// One key handshake (key = KEY_WORDS little-endian words, already laid out on the port), then
// wait with s_axis_tvalid low until s_axis_tready rises (the key setup). Returns the cycles from
// the call to that point, or -1 when the core did not take the key or never became ready again
// within `limit` cycles.
namespace {
// The key handshake itself, the other inputs already idle: false when the core did not take
// the key within `limit` cycles of `start` (s_key_tvalid then stays high, as the caller
// resets the core). No key bits stay on the port after it. Shared with harness_gcm.cpp.
bool key_handshake(Harness& h, const uint32_t* key, int32_t tlen, uint64_t start,
                   int64_t limit) {
    Vcc_top& t = *h.top;
    put(t.s_key_tdata, key);
    set_tlen(t, tlen);
    t.s_key_tvalid = 1;
    for (;;) {
        h.settle();
        bool fire = t.s_key_tready;
        h.edge();
        if (fire) break;
        if (static_cast<int64_t>(h.cycles - start) > limit) return false;
    }
    t.s_key_tvalid = 0;
    static const uint32_t zero[KEY_WORDS] = {0};
    put(t.s_key_tdata, zero);  // no key bits left on the port after the handshake
    return true;
}
}  // namespace

CC_EXPORT int64_t cc_load_key(void* hp, const uint32_t* key, int32_t tlen, int64_t limit) {
    Harness& h = *static_cast<Harness*>(hp);
    Vcc_top& t = *h.top;
    uint64_t start = h.cycles;
    h.idle_inputs();
    if (!key_handshake(h, key, tlen, start, limit)) return -1;
    for (;;) {
        h.settle();
        bool ready = t.s_axis_tready;
        if (ready) break;
        h.edge();
        if (static_cast<int64_t>(h.cycles - start) > limit) return -1;
    }
    return static_cast<int64_t>(h.cycles - start);
}

namespace {
template <typename M>
int64_t load_iv(Harness& h, M& t, const uint8_t* iv, int32_t block_bytes, int32_t big_endian,
                int64_t limit) {
    if constexpr (HasIv<M>::value) {
        constexpr int IV_WORDS = port_words<decltype(t.s_iv_tdata)>();
        static_assert(IV_WORDS == BLOCK_WORDS, "s_iv_tdata and s_axis_tdata differ in width");
        uint64_t start = h.cycles;
        uint32_t w[IV_WORDS];
        Layout(block_bytes, 1, big_endian).pack(iv, w, IV_WORDS);
        h.idle_inputs();
        put(t.s_iv_tdata, w);
        t.s_iv_tvalid = 1;
        for (;;) {
            h.settle();
            bool fire = t.s_iv_tready;
            h.edge();
            if (fire) break;
            if (static_cast<int64_t>(h.cycles - start) > limit) {
                t.s_iv_tvalid = 0;
                return -1;
            }
        }
        t.s_iv_tvalid = 0;
        return static_cast<int64_t>(h.cycles - start);
    } else {
        (void)h; (void)t; (void)iv; (void)block_bytes; (void)big_endian; (void)limit;
        return -3;
    }
}
}  // namespace

// One IV handshake on a hardware mode core (the IV in the cipher's byte order, one block):
// starts a new message. Returns the cycles, -1 when the core did not take it within `limit`
// cycles, -3 when the core has no IV port.
CC_EXPORT int64_t cc_load_iv(void* hp, const uint8_t* iv, int32_t block_bytes, int32_t big_endian,
                             int64_t limit) {
    Harness& h = *static_cast<Harness*>(hp);
    return load_iv(h, *h.top, iv, block_bytes, big_endian, limit);
}

// Stream `groups` transfers through the core and collect as many outputs, in order.
//   in / out      groups * lanes * block_bytes bytes each, blocks in the cipher's byte order
//   dirs          per-transfer direction (0 encrypt, 1 decrypt), or NULL to use `dir` for all
//   idle          probability per cycle of an idle gap (0..burst cycles) before the next input
//   backpressure  probability that m_axis_tready is low in a cycle; a fifth of those start a
//                 stall of up to 2*burst cycles (so iterative cores meet a full output register)
//   limit         cycles without any handshake after which the call gives up
// Returns the number of transfers collected (== groups) and the cycles used in *cycles_out, or
// -1 (timeout: *err_index = transfers out so far), -2 (m_axis_tuser differs from the input's
// direction: *err_index = that transfer).
CC_EXPORT int64_t cc_stream(void* hp, const uint8_t* in, uint8_t* out, int64_t groups,
                            int32_t block_bytes, int32_t lanes, int32_t big_endian,
                            const uint8_t* dirs, int32_t dir, double idle, double backpressure,
                            uint64_t seed, int64_t burst, int64_t limit, uint64_t* cycles_out,
                            int64_t* err_index) {
    Harness& h = *static_cast<Harness*>(hp);
    Vcc_top& t = *h.top;
    const Layout lay(block_bytes, lanes, big_endian);
    const int64_t gbytes = static_cast<int64_t>(block_bytes) * lanes;
    Rng rng(seed);
    uint32_t w[BLOCK_WORDS];
    uint64_t start = h.cycles;
    uint64_t last_progress = h.cycles;
    int64_t n_in = 0, n_out = 0, idle_left = 0, stall_left = 0;
    bool s_valid = false;
    h.idle_inputs();
    while (n_out < groups) {
        // this cycle's inputs
        if (idle_left) {
            --idle_left;
        } else if (!s_valid && idle > 0.0 && rng.uniform() < idle) {
            idle_left = rng.upto(burst);
        }
        if (!s_valid && n_in < groups && !idle_left) {
            lay.pack(in + n_in * gbytes, w);
            put(t.s_axis_tdata, w);
            t.s_axis_tuser = dirs ? (dirs[n_in] & 1) : (dir & 1);
            t.s_axis_tvalid = 1;
            s_valid = true;
        }
        bool m_ready = true;
        if (backpressure > 0.0) {
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
        bool s_fire = s_valid && t.s_axis_tready;
        bool m_fire = m_ready && t.m_axis_tvalid;
        if (m_fire) {
            int want = dirs ? (dirs[n_out] & 1) : (dir & 1);
            if (static_cast<int>(t.m_axis_tuser) != want) {
                *err_index = n_out;
                h.edge();
                h.idle_inputs();
                *cycles_out = h.cycles - start;
                return -2;
            }
            get(t.m_axis_tdata, w);
            lay.unpack(w, out + n_out * gbytes);
        }
        h.edge();
        if (s_fire) {
            ++n_in;
            s_valid = false;
            t.s_axis_tvalid = 0;
        }
        if (m_fire) ++n_out;
        if (s_fire || m_fire) {
            last_progress = h.cycles;
        } else if (static_cast<int64_t>(h.cycles - last_progress) > limit) {
            *err_index = n_out;
            h.idle_inputs();
            *cycles_out = h.cycles - start;
            return -1;
        }
    }
    h.idle_inputs();
    *cycles_out = h.cycles - start;
    return n_out;
}
