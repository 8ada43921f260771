/**
 * What one fetch (with its redirects) ended as, the data the crawl's decisions (classify.ts) read:
 * a response (any status) or a transport failure with its stored reason.
 */
export type FetchOutcome =
  | {
      ok: true; status: number; finalUrl: string; redirects: string[]; headers: Record<string, string>;
      body: Buffer; isTruncated: boolean; fetchMs: number;
    }
  | { ok: false; reason: string; detail: string; isRetryable: boolean; redirects: string[]; fetchMs: number };
