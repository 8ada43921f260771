/**
 * 64-bit SimHash over word 3-shingles (seed 002 "相似滤重"): near-identical texts get hashes a
 * few bits apart. Stored as a signed bigint plus four 16-bit blocks: two hashes within
 * Hamming distance 3 share at least one whole block (pigeonhole), so the check is four index
 * lookups instead of a table scan.
 */

/** Texts whose hashes differ in at most this many bits are near-duplicates. */
export const NEAR_DUPLICATE_BITS = 3;
const SHINGLE = 3;

/**
 * FNV-1a, 32-bit, with a seed (two seeds give the two halves of a 64-bit feature hash), then
 * murmur3's finaliser: FNV alone spreads short, similar shingles poorly over the high bits.
 */
function hash32(s: string, seed: number): number {
  let h = (0x811c9dc5 ^ seed) >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** The SimHash of a token sequence as a signed 64-bit integer (what Postgres bigint stores). */
export function simhash64(tokens: string[]): bigint {
  const weights = new Int32Array(64);
  const n = Math.max(1, tokens.length - SHINGLE + 1);
  for (let i = 0; i < n; i++) {
    const shingle = tokens.slice(i, i + SHINGLE).join("\u0001");
    const lo = hash32(shingle, 0);
    const hi = hash32(shingle, 0x9e3779b9);
    for (let b = 0; b < 32; b++) {
      weights[b] += (lo >>> b) & 1 ? 1 : -1;
      weights[b + 32] += (hi >>> b) & 1 ? 1 : -1;
    }
  }
  let v = 0n;
  for (let b = 63; b >= 0; b--) v = (v << 1n) | (weights[b] > 0 ? 1n : 0n);
  return BigInt.asIntN(64, v);
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
