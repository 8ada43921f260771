/**
 * Password hashing with scrypt from node:crypto: built into Node (maintained with it, no
 * native add-on to install) and memory-hard. Each hash carries its own random salt and cost
 * parameters, so the parameters can be raised later without invalidating stored hashes.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * scrypt cost N=2^15, r=8, p=3: one of the equivalent settings OWASP's Password Storage Cheat
 * Sheet lists (32 MiB of memory instead of N=2^17's 128 MiB); about 0.3 s a hash on this 2-core machine.
 */
const SCRYPT_COST = { N: 1 << 15, r: 8, p: 3 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Passwords shorter than this are refused when a user is created. */
export const MIN_PASSWORD_CHARS = 8;
/** scrypt refuses to run above maxmem; allow the cost above with headroom (128·N·r bytes plus a margin). */
const MAX_MEM_BYTES = 64 * 1024 * 1024;

function derive(password: string, salt: Buffer, cost: { N: number; r: number; p: number }): Promise<Buffer> {
  const opts: ScryptOptions = { ...cost, maxmem: MAX_MEM_BYTES };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFC"), salt, KEY_BYTES, opts, (err, key) => (err ? reject(err) : resolve(key))));
}

/** Hash a password as `scrypt$N$r$p$SALT$KEY` (base64url), with a new random salt. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT_COST);
  const { N, r, p } = SCRYPT_COST;
  return ["scrypt", N, r, p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** True when `password` matches `stored`; compared in constant time. A malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0) || p > 16 || 128 * N * r > MAX_MEM_BYTES - 1024 * 1024) return false;
  const expected = Buffer.from(parts[5], "base64url");
  if (expected.length !== KEY_BYTES) return false;
  const key = await derive(password, Buffer.from(parts[4], "base64url"), { N, r, p });
  return timingSafeEqual(key, expected);
}

/** A hash no password matches, to verify against when the user does not exist (same work, so no timing hint). */
export const UNKNOWN_USER_HASH = `scrypt$${SCRYPT_COST.N}$${SCRYPT_COST.r}$${SCRYPT_COST.p}$${"A".repeat(22)}$${"A".repeat(43)}`;

/** Why a new password is refused, or null when it is acceptable. */
export function checkNewPassword(password: string): "too-short" | null {
  return [...password].length < MIN_PASSWORD_CHARS ? "too-short" : null;
}
