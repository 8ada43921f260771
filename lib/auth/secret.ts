/**
 * Session ids and API tokens: 256-bit random values, stored only as their SHA-256. A fast hash
 * is enough for them (unlike passwords, they cannot be guessed from a dictionary), and it lets
 * a request find its row by an index lookup.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

/** API tokens start with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = "fct_";
const SECRET_BYTES = 32;
/** fct_ + 43 base64url characters (32 bytes). */
const TOKEN_PATTERN = /^fct_[A-Za-z0-9_-]{43}$/;
const SESSION_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new random session id (the cookie's value). */
export function newSessionId(): string {
  return randomBytes(SECRET_BYTES).toString("base64url");
}

/** A new API token, `fct_` and 43 base64url characters. */
export function newApiToken(): string {
  return TOKEN_PREFIX + randomBytes(SECRET_BYTES).toString("base64url");
}

/** True when `value` has the shape of an API token (checked before any database lookup). */
export function isApiTokenShaped(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

/** True when `value` has the shape of a session id. */
export function isSessionIdShaped(value: string): boolean {
  return SESSION_PATTERN.test(value);
}

/** The stored form of a session id or token: SHA-256, hex. */
export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

/** The first characters of a token, kept in clear so `token list` can show which is which. */
export function tokenDisplayPrefix(token: string): string {
  return token.slice(0, TOKEN_PREFIX.length + 6);
}

/** Compare two strings in constant time (for ones of different lengths, their hashes are compared). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());
}
