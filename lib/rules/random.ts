/** A small seeded PRNG (mulberry32): the test web must be the same for the same seed on every machine, and a bootstrap the same for the same judgments. */

/** A deterministic random source. */
export interface Rng { next(): number; int(maxExclusive: number): number; pick<T>(items: readonly T[]): T; chance(p: number): boolean }

/** A generator seeded by `seed` (any 32-bit integer). */
export function createRng(seed: number): Rng {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  return { next, int, pick: (items) => items[int(items.length)], chance: (p) => next() < p };
}

/** Mix two integers into a seed, so each page gets its own stream. */
export function mixSeed(a: number, b: number): number {
  return (Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35)) >>> 0;
}
