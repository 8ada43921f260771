/**
 * A webhook endpoint as a person gives it (URL, secret, events), checked before anything is
 * written. Messages are in English with how to fix them; lib/i18n/errors.ts says them in Chinese.
 */
import net from "node:net";
import type { FieldErrors } from "../jobs/input";
import type { AddressPolicy } from "../rules/address-guard";

/** What an endpoint can be told. */
export const WEBHOOK_EVENTS = ["run.finished", "run.failed", "run.stalled"] as const;
/** One of WEBHOOK_EVENTS. */
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** The event of a delivery sent by the "send a test delivery" button. */
export const TEST_EVENT = "webhook.test";

/** Secret lengths: 16 characters is 96 bits of a random hex or base64 string; 256 keeps rows small. */
export const MIN_SECRET_CHARS = 16;
export const MAX_SECRET_CHARS = 256;
const MAX_URL_CHARS = 2000;

/** A checked endpoint. */
export interface WebhookInput { url: string; secret: string; events: WebhookEvent[] }

function checkUrl(raw: unknown, isRefused?: AddressPolicy): string | { error: string } {
  if (typeof raw !== "string" || !raw.trim()) return { error: "url: give the receiver's address, e.g. https://hooks.example.com/focuscrawl" };
  const text = raw.trim();
  if (text.length > MAX_URL_CHARS) return { error: `url must be at most ${MAX_URL_CHARS} characters` };
  let u: URL;
  try {
    u = new URL(text);
  } catch {
    return { error: `url "${text.slice(0, 100)}" is not a URL: write it in full, e.g. https://hooks.example.com/focuscrawl` };
  }
  if (u.protocol !== "http:" && u.protocol !== "https:") return { error: `url "${text.slice(0, 100)}" uses ${u.protocol}: a webhook is sent to an http:// or https:// address` };
  if (u.username || u.password) return { error: "url must not hold a user name or password: the signature proves the sender, so leave them out" };
  const host = u.hostname.replace(/^\[|\]$/g, "");
  const isLocalName = /^(?:.+\.)?localhost\.?$/i.test(host);
  const address = isLocalName ? "127.0.0.1" : host;
  if ((net.isIP(address) || isLocalName) && isRefused?.(host, address)) {
    return { error: `url ${u.host} is a private or local address; allow it in PRIVATE_NETWORK_ALLOW or give a public receiver` };
  }
  return u.toString();
}

function checkSecret(raw: unknown): string | { error: string } {
  if (typeof raw !== "string" || raw.length < MIN_SECRET_CHARS || raw.length > MAX_SECRET_CHARS || /[\s\u0000-\u001f\u007f]/.test(raw)) {
    return { error: `secret must be ${MIN_SECRET_CHARS} to ${MAX_SECRET_CHARS} characters without spaces, e.g. the output of openssl rand -hex 32` };
  }
  return raw;
}

function checkEvents(raw: unknown): WebhookEvent[] | { error: string } {
  const list = typeof raw === "string" ? [raw] : raw;
  const pick = { error: `events: pick at least one of ${WEBHOOK_EVENTS.join(", ")}` };
  if (!Array.isArray(list) || list.length === 0) return pick;
  if (!list.every((e) => (WEBHOOK_EVENTS as readonly unknown[]).includes(e))) return pick;
  return [...new Set(list as WebhookEvent[])];
}

/**
 * What a viewer is shown of a receiver's address: its origin alone. Many receivers carry a token in
 * the path (chat webhooks), and whoever reads it can post to them; only those who may edit the
 * endpoint see it whole.
 */
export function receiverOrigin(url: string): string {
  return `${new URL(url).origin}/…`;
}

/** The endpoint `raw` checked (the URL against the deployment's private-network guard), or every field's errors. */
export function parseWebhookInput(raw: Record<string, unknown>, isRefused?: AddressPolicy): { ok: true; value: WebhookInput } | { ok: false; message: string; errors: FieldErrors } {
  const url = checkUrl(raw.url, isRefused);
  const secret = checkSecret(raw.secret);
  const events = checkEvents(raw.events);
  const errors: FieldErrors = {};
  for (const [field, v] of [["url", url], ["secret", secret], ["events", events]] as const) {
    if (typeof v === "object" && v !== null && "error" in v) errors[field] = [v.error];
  }
  if (Object.keys(errors).length > 0) return { ok: false, message: Object.values(errors).flat().join("; "), errors };
  return { ok: true, value: { url: url as string, secret: secret as string, events: events as WebhookEvent[] } };
}
