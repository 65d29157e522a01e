#include "exact_ref.h"
#include <algorithm>
#include <cstring>

namespace ref {
namespace {

// A non-negative integer of up to 56 x 64 bits (enough for any binary64 fused multiply-add: a
// 3200-bit span); `n` limbs are in use, so typical values cost a few limbs per operation.
struct Big {
    static constexpr int N = 56;
    uint64_t w[N];
    int n = 0;
    static Big of(unsigned __int128 v)
    {
        Big b;
        b.w[0] = (uint64_t)v;
        b.w[1] = (uint64_t)(v >> 64);
        b.n = 2;
        b.trim();
        return b;
    }
    void trim()
    {
        while (n > 0 && w[n - 1] == 0) --n;
    }
    uint64_t limb(int i) const { return i < n ? w[i] : 0; }
    bool zero() const { return n == 0; }
    int bitlen() const { return n ? (n - 1) * 64 + 64 - __builtin_clzll(w[n - 1]) : 0; }
    bool bit(int i) const { return i >= 0 && i / 64 < n && ((w[i / 64] >> (i % 64)) & 1); }
    bool any_below(int i) const // any bit in [0, i)
    {
        for (int k = 0; k < n && k * 64 < i; ++k) {
            int top = i - k * 64;
            uint64_t m = top >= 64 ? ~0ull : ((1ull << top) - 1);
            if (w[k] & m) return true;
        }
        return false;
    }
    Big shl(int s) const
    {
        Big r;
        int q = s / 64, m = s % 64;
        r.n = n ? n + q + 1 : 0;
        for (int i = r.n - 1; i >= 0; --i) {
            uint64_t v = i - q >= 0 ? limb(i - q) << m : 0;
            if (m && i - q - 1 >= 0) v |= limb(i - q - 1) >> (64 - m);
            r.w[i] = v;
        }
        r.trim();
        return r;
    }
    Big shr(int s) const
    {
        Big r;
        int q = s / 64, m = s % 64;
        r.n = n - q > 0 ? n - q : 0;
        for (int i = 0; i < r.n; ++i) {
            uint64_t v = limb(i + q) >> m;
            if (m) v |= limb(i + q + 1) << (64 - m);
            r.w[i] = v;
        }
        r.trim();
        return r;
    }
    static int cmp(const Big& a, const Big& b)
    {
        if (a.n != b.n) return a.n < b.n ? -1 : 1;
        for (int i = a.n - 1; i >= 0; --i)
            if (a.w[i] != b.w[i]) return a.w[i] < b.w[i] ? -1 : 1;
        return 0;
    }
    static Big add(const Big& a, const Big& b)
    {
        Big r;
        r.n = std::max(a.n, b.n) + 1;
        unsigned __int128 c = 0;
        for (int i = 0; i < r.n; ++i) {
            c += (unsigned __int128)a.limb(i) + b.limb(i);
            r.w[i] = (uint64_t)c;
            c >>= 64;
        }
        r.trim();
        return r;
    }
    static Big sub(const Big& a, const Big& b) // a >= b
    {
        Big r;
        r.n = a.n;
        uint64_t borrow = 0;
        for (int i = 0; i < r.n; ++i) {
            unsigned __int128 t = (unsigned __int128)a.w[i] - b.limb(i) - borrow;
            r.w[i] = (uint64_t)t;
            borrow = (uint64_t)(t >> 127);
        }
        r.trim();
        return r;
    }
    void add_one()
    {
        for (int i = 0; i < n; ++i)
            if (++w[i]) return;
        w[n++] = 1;
    }
};

// A finite float: (-1)^neg * m * 2^e, m an integer (no hidden-bit conventions beyond decoding).
struct Val { bool neg; uint64_t m; int e; };
enum Kind { FINITE, ZERO, INF, NAN_ };
Kind decode(Fmt f, uint64_t a, Val& v)
{
    int fb = f.p - 1, eb = f.bits - 1 - fb;
    uint64_t frac = a & ((1ull << fb) - 1);
    int be = (int)((a >> fb) & ((1u << eb) - 1));
    v.neg = (a >> (f.bits - 1)) & 1;
    if (be == (1 << eb) - 1) return frac ? NAN_ : INF;
    if (be == 0) {
        if (!frac) return ZERO;
        v.m = frac;
        v.e = f.emin - fb;
    } else {
        v.m = frac | (1ull << fb);
        v.e = be - f.bias - fb;
    }
    return FINITE;
}

enum Where { EXACT, BELOW_HALF, HALF, ABOVE_HALF };

// Integer part of M*2^e / 2^q (q > e) and where the dropped part lies relative to half.
Big quantise(const Big& M, int e, bool tail, int q, Where& w)
{
    int s = q - e;
    if (s <= 0) { // exact by construction (callers keep tail == false here)
        w = tail ? BELOW_HALF : EXACT;
        return M.shl(-s);
    }
    bool half = M.bit(s - 1), lower = M.any_below(s - 1) || tail;
    w = half ? (lower ? ABOVE_HALF : HALF) : (lower ? BELOW_HALF : EXACT);
    return M.shr(s);
}

bool round_up(Where w, bool odd, bool neg, int mode)
{
    if (w == EXACT) return false;
    switch (mode) {
    case 0: return w == ABOVE_HALF || (w == HALF && odd);
    case 4: return w != BELOW_HALF;
    case 2: return neg;
    case 3: return !neg;
    default: return false;
    }
}

// Round (-1)^neg * (M*2^e [+ something in (0, 2^e) if tail]) to format f.
Res round_fmt(Fmt f, bool neg, const Big& M, int e, bool tail, int mode)
{
    Res r;
    r.valid = true;
    int L = M.bitlen();
    int E = L - 1 + e; // exponent of the leading bit
    auto rnd = [&](int q, Big& N, bool& inexact) {
        Where w;
        N = quantise(M, e, tail, q, w);
        inexact = w != EXACT;
        if (round_up(w, N.bit(0), neg, mode)) N.add_one();
    };
    // Tininess after rounding: round to p bits with an unbounded exponent.
    Big Nu;
    bool inexact;
    rnd(E - (f.p - 1), Nu, inexact);
    int Eu = E + (Nu.bitlen() > f.p ? 1 : 0);
    bool tiny_after = Eu < f.emin, tiny_before = E < f.emin;

    int q = std::max(E, f.emin) - (f.p - 1);
    Big N;
    rnd(q, N, inexact);
    if (N.bitlen() > f.p) { // carried into a new binade
        N = N.shr(1);
        q += 1;
    }
    unsigned fl = inexact ? 1u : 0u;
    uint64_t sign = (uint64_t)neg << (f.bits - 1);
    int fb = f.p - 1;
    uint64_t inf = ((1ull << (f.bits - 1 - fb)) - 1) << fb;
    if (!N.zero() && q + N.bitlen() - 1 > f.emax) {
        fl |= 4 | 1; // overflow, inexact
        bool to_max = mode == 1 || (mode == 2 && !neg) || (mode == 3 && neg);
        r.v = sign | (to_max ? inf - 1 : inf);
        r.flags_after = r.flags_before = fl;
        return r;
    }
    uint64_t n = N.limb(0);
    if (N.bitlen() < f.p) r.v = sign | n; // subnormal (or zero): biased exponent 0
    else r.v = sign | ((uint64_t)(q + fb + f.bias) << fb) | (n & ((1ull << fb) - 1));
    r.flags_after = fl | (tiny_after && inexact ? 2u : 0u);
    r.flags_before = fl | (tiny_before && inexact ? 2u : 0u);
    return r;
}

Res invalid() { return Res{}; }

// Exact signed sum of two terms m1*2^e1 and m2*2^e2 (unsigned __int128 magnitudes).
Res sum(Fmt f, bool n1, unsigned __int128 m1, int e1, bool n2, unsigned __int128 m2, int e2, int mode)
{
    int e = std::min(e1, e2);
    Big A = Big::of(m1).shl(e1 - e), B = Big::of(m2).shl(e2 - e);
    if (n1 == n2) return round_fmt(f, n1, Big::add(A, B), e, false, mode);
    int c = Big::cmp(A, B);
    if (c == 0) return invalid(); // exact zero: sign rules left to the caller
    return c > 0 ? round_fmt(f, n1, Big::sub(A, B), e, false, mode)
                 : round_fmt(f, n2, Big::sub(B, A), e, false, mode);
}

int bitlen128(unsigned __int128 v)
{
    uint64_t hi = (uint64_t)(v >> 64), lo = (uint64_t)v;
    return hi ? 128 - __builtin_clzll(hi) : lo ? 64 - __builtin_clzll(lo) : 0;
}

unsigned __int128 isqrt128(unsigned __int128 n)
{
    unsigned __int128 r = 0;
    for (int b = 63; b >= 0; --b) { // the root has at most 63 bits here
        unsigned __int128 t = r | ((unsigned __int128)1 << b);
        if (t * t <= n) r = t;
    }
    return r;
}

} // namespace

Res add(Fmt f, uint64_t a, uint64_t b, bool subtract, int mode)
{
    Val x, y;
    if (decode(f, a, x) != FINITE || decode(f, b, y) != FINITE) return invalid();
    if (subtract) y.neg = !y.neg;
    return sum(f, x.neg, x.m, x.e, y.neg, y.m, y.e, mode);
}

Res mul(Fmt f, uint64_t a, uint64_t b, int mode)
{
    Val x, y;
    if (decode(f, a, x) != FINITE || decode(f, b, y) != FINITE) return invalid();
    return round_fmt(f, x.neg != y.neg, Big::of((unsigned __int128)x.m * y.m), x.e + y.e, false, mode);
}

Res div(Fmt f, uint64_t a, uint64_t b, int mode)
{
    Val x, y;
    if (decode(f, a, x) != FINITE || decode(f, b, y) != FINITE) return invalid();
    int k = 127 - bitlen128(x.m);
    unsigned __int128 n = (unsigned __int128)x.m << k;
    unsigned __int128 q = n / y.m, r = n % y.m;
    return round_fmt(f, x.neg != y.neg, Big::of(q), x.e - y.e - k, r != 0, mode);
}

Res sqrt(Fmt f, uint64_t a, int mode)
{
    Val x;
    if (decode(f, a, x) != FINITE || x.neg) return invalid();
    unsigned __int128 m = x.m;
    int e = x.e;
    if (e & 1) { m <<= 1; e -= 1; }
    int s = (126 - bitlen128(m)) & ~1;
    unsigned __int128 n = m << s;
    unsigned __int128 root = isqrt128(n);
    return round_fmt(f, false, Big::of(root), (e - s) / 2, root * root != n, mode);
}

Res fma(Fmt f, uint64_t a, uint64_t b, uint64_t c, int mode)
{
    Val x, y, z;
    if (decode(f, a, x) != FINITE || decode(f, b, y) != FINITE) return invalid();
    Kind kc = decode(f, c, z);
    unsigned __int128 p = (unsigned __int128)x.m * y.m;
    if (kc == ZERO) return round_fmt(f, x.neg != y.neg, Big::of(p), x.e + y.e, false, mode);
    if (kc != FINITE) return invalid();
    return sum(f, x.neg != y.neg, p, x.e + y.e, z.neg, z.m, z.e, mode);
}

Res convert(Fmt from, Fmt to, uint64_t a, int mode)
{
    Val x;
    if (decode(from, a, x) != FINITE) return invalid();
    return round_fmt(to, x.neg, Big::of(x.m), x.e, false, mode);
}

Res from_int(Fmt to, uint64_t mag, bool neg, int mode)
{
    if (mag == 0) return invalid();
    return round_fmt(to, neg, Big::of(mag), 0, false, mode);
}

IntRes to_int(Fmt f, uint64_t a, int mode)
{
    IntRes r;
    Val x;
    Kind k = decode(f, a, x);
    if (k == NAN_ || k == INF) return r;
    r.valid = true;
    r.neg = x.neg;
    if (k == ZERO) return r;
    if (x.e >= 0) {
        if (x.e + bitlen128(x.m) > 64) { r.big = true; return r; }
        r.mag = x.m << x.e;
        return r;
    }
    Where w;
    Big N = quantise(Big::of(x.m), x.e, false, 0, w);
    r.inexact = w != EXACT;
    if (round_up(w, N.bit(0), x.neg, mode)) N.add_one();
    if (N.bitlen() > 64) r.big = true;
    r.mag = N.limb(0);
    return r;
}

Res round_to_int(Fmt f, uint64_t a, int mode, bool exact)
{
    Val x;
    if (decode(f, a, x) != FINITE) return invalid();
    if (x.e >= 0) { Res r; r.valid = true; r.v = a; return r; }
    Where w;
    Big N = quantise(Big::of(x.m), x.e, false, 0, w);
    if (round_up(w, N.bit(0), x.neg, mode)) N.add_one();
    unsigned fl = (w != EXACT && exact) ? 1u : 0u;
    Res r;
    if (N.zero()) {
        r.v = (uint64_t)x.neg << (f.bits - 1);
        r.valid = true;
    } else {
        r = round_fmt(f, x.neg, N, 0, false, 0); // exact: an integer below 2^p
    }
    r.flags_after = r.flags_before = fl;
    return r;
}

} // namespace ref
