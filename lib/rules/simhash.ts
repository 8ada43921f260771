/**
 * 64-bit SimHash over word 3-shingles (seed 002 "相似滤重"): near-identical texts get hashes a
 * few bits apart. Stored as a signed bigint plus four 16-bit blocks: two hashes within
 * Hamming distance 3 share at least one whole block (pigeonhole), so the check is four index
 * lookups instead of a table scan.
 */

/** Texts whose hashes differ in at most this many bits are near-duplicates. */
export const NEAR_DUPLICATE_BITS = 3;
const SHINGLE = 3;

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;
/** The character shingles are joined with before hashing (stored hashes depend on it). */
const JOINER = 1;

/** FNV-1a, 32-bit: `h` carried on over the characters of `s`. */
function fnvOver(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

/** murmur3's finaliser: FNV alone spreads short, similar shingles poorly over the high bits. */
function finalise(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * FNV-1a with a seed (two seeds give the two halves of a 64-bit feature hash) over the tokens
 * `from`..`to` joined by JOINER, then the finaliser; the same value as hashing the joined
 * string, without building it (SimHash was a tenth of a worker's CPU on real-sized pages).
 */
function hashShingle(tokens: string[], from: number, to: number, seed: number): number {
  let h = (FNV_OFFSET ^ seed) >>> 0;
  for (let t = from; t < to; t++) {
    if (t > from) h = Math.imul(h ^ JOINER, FNV_PRIME);
    h = fnvOver(h, tokens[t]);
  }
  return finalise(h);
}

/**
 * Per bit position, how many of the hashes added have that bit set, kept bit-sliced: plane j
 * holds bit j of every position's count, so adding a hash is a ripple-carry add of one word
 * (about two steps on average) instead of 32 separate counter updates.
 */
function createBitCounter() {
  const planes = new Int32Array(32);
  return {
    add(h: number): void {
      for (let j = 0, carry = h | 0; carry !== 0; j++) {
        const next = planes[j] & carry;
        planes[j] ^= carry;
        carry = next;
      }
    },
    /** The count of set bits at position `b`. */
    countAt(b: number): number {
      let n = 0;
      for (let j = 0; j < 32; j++) n += ((planes[j] >>> b) & 1) * 2 ** j;
      return n;
    },
  };
}

/** The SimHash of a token sequence as a signed 64-bit integer (what Postgres bigint stores). */
export function simhash64(tokens: string[]): bigint {
  const lo = createBitCounter();
  const hi = createBitCounter();
  const n = Math.max(1, tokens.length - SHINGLE + 1);
  for (let i = 0; i < n; i++) {
    const end = Math.min(tokens.length, i + SHINGLE);
    lo.add(hashShingle(tokens, i, end, 0));
    hi.add(hashShingle(tokens, i, end, 0x9e3779b9));
  }
  // A bit is set where more than half of the n shingles set it (its +1/-1 weight is positive).
  let loBits = 0;
  let hiBits = 0;
  for (let b = 0; b < 32; b++) {
    if (2 * lo.countAt(b) > n) loBits |= 1 << b;
    if (2 * hi.countAt(b) > n) hiBits |= 1 << b;
  }
  return BigInt.asIntN(64, (BigInt(hiBits >>> 0) << 32n) | BigInt(loBits >>> 0));
}

/** Number of differing bits. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (x) {
    x &= x - 1n;
    n++;
  }
  return n;
}

/** The four 16-bit blocks of a hash (the indexed columns). */
export function simhashBlocks(h: bigint): [number, number, number, number] {
  const u = BigInt.asUintN(64, h);
  return [0, 1, 2, 3].map((i) => Number((u >> BigInt(16 * i)) & 0xffffn)) as [number, number, number, number];
}
