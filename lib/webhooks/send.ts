/**
 * Sending one webhook request: a JSON POST through the crawler's private-address guard
 * (createGuardedDispatcher), no redirect followed (a receiver that moved must be edited, not
 * followed to wherever it points), the whole request bounded by SEND_TIMEOUT_MS.
 */
import { request } from "undici";
import { classifyFetchError, createGuardedDispatcher, redactUrlCredentials } from "../crawl/fetch";
import { readCapped } from "../crawl/read-capped";
import type { AttemptResult } from "../store/webhook-outbox";

/** One attempt's deadline: connect, answer and body together (below the outbox lease, WEBHOOK_LEASE_MS). */
export const SEND_TIMEOUT_MS = 15_000;
/** The most of a receiver's answer kept in the log when it refuses a delivery. */
const MAX_ERROR_BODY_CHARS = 200;
/**
 * The most of a receiver's answer read: enough for MAX_ERROR_BODY_CHARS characters of any
 * UTF-8 text; the rest is never received (a 2 GiB answer read whole once aborted the dashboard).
 */
const MAX_ANSWER_BYTES = 4 * 1024;

/** Who may be posted to: the deployment's private-network settings, as for crawling. */
export interface SenderOptions { userAgent: string; allowPrivate: boolean; privateAllowList?: string[]; timeoutMs?: number }

/** A sender bound to the deployment's guard; `close()` releases its sockets. */
export function createWebhookSender(opts: SenderOptions) {
  const timeoutMs = opts.timeoutMs ?? SEND_TIMEOUT_MS;
  const dispatcher = createGuardedDispatcher({ allowPrivate: opts.allowPrivate, privateAllowList: opts.privateAllowList, headersTimeoutMs: timeoutMs, bodyTimeoutMs: timeoutMs });

  /** POST `body` to `url` with `headers`; never throws. */
  async function post(url: string, body: string, headers: Record<string, string>): Promise<AttemptResult> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      const res = await request(url, {
        dispatcher, method: "POST", body, signal: AbortSignal.timeout(timeoutMs),
        headers: { "content-type": "application/json", "user-agent": opts.userAgent, ...headers },
      });
      const answer = await readCapped(res.body, MAX_ANSWER_BYTES);
      const text = answer.body.toString("utf8").slice(0, MAX_ERROR_BODY_CHARS);
      if (res.statusCode >= 200 && res.statusCode < 300) return { statusCode: res.statusCode, durationMs: took(), error: null };
      const why = res.statusCode >= 300 && res.statusCode < 400 ? `redirect to ${res.headers.location ?? "?"} not followed: give the final address` : text.trim() || `HTTP ${res.statusCode}`;
      return { statusCode: res.statusCode, durationMs: took(), error: why };
    } catch (err) {
      const { reason } = classifyFetchError(err);
      return { statusCode: null, durationMs: took(), error: `${reason}: ${redactUrlCredentials((err as Error).message)}` };
    }
  }
  return { post, close: () => dispatcher.close() };
}

/** A webhook sender. */
export type WebhookSender = ReturnType<typeof createWebhookSender>;
