/**
 * The signature of a webhook delivery: HMAC-SHA256, keyed with the endpoint's secret, over
 * `<timestamp>.<body>` (the Unix time in seconds, a dot, the raw JSON body), sent as
 * `FocusCrawl-Signature: t=<timestamp>,v1=<hex digest>`. The timestamp inside the signed text lets
 * a receiver refuse a replayed old delivery (docs/WEBHOOKS.md). node:crypto does it in two calls,
 * and every receiver's language has HMAC-SHA256, so no library sits between the two.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

/** The request header that carries the signature. */
export const SIGNATURE_HEADER = "FocusCrawl-Signature";

/** How far a signature's timestamp may be from the receiver's clock before verifySignature refuses it. */
export const SIGNATURE_TOLERANCE_SEC = 300;

/** The hex HMAC-SHA256 of `<timestamp>.<body>` under `secret`. */
export function signatureDigest(secret: string, timestampSec: number, body: string): string {
  return createHmac("sha256", secret).update(`${timestampSec}.${body}`).digest("hex");
}

/** The signature header's value for `body` sent at `timestampSec`. */
export function signBody(secret: string, timestampSec: number, body: string): string {
  return `t=${timestampSec},v1=${signatureDigest(secret, timestampSec, body)}`;
}

/**
 * Whether `header` is a valid signature of `body` under `secret`, made within the tolerance of
 * `nowSec`: what a receiver does (compared in constant time).
 */
export function verifySignature(secret: string, header: string, body: string, nowSec = Math.floor(Date.now() / 1000), toleranceSec = SIGNATURE_TOLERANCE_SEC): boolean {
  const parts = Object.fromEntries(header.split(",").map((p) => p.trim().split("=", 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? "") || Math.abs(nowSec - t) > toleranceSec) return false;
  return timingSafeEqual(Buffer.from(parts.v1, "hex"), Buffer.from(signatureDigest(secret, t, body), "hex"));
}
