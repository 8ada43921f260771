/**
 * Candidate seeds from search providers: the topic's queries sent to every provider (through
 * the crawler's fetcher, so its private-network guard applies, and spaced by a per-provider rate
 * limit), the answers merged and scored against the topic. A provider that fails, answers
 * nothing or is slow is reported with why; the others' results are offered all the same.
 */
import { createFetcher, type FetcherOptions } from "../crawl/fetch";
import { parseSearchAnswer, searchRequestUrl, type SearchProvider } from "../rules/search-results";
import { topicScorer, type TopicVector } from "../topic/topic";
import { mergeCandidates, type FoundResult, type SeedCandidate } from "./candidates";
import { buildTopicSeedQueries } from "./queries";
import type { RateLimiter } from "./rate-limit";

/** Why a query to a provider brought nothing. */
export type QueryFailureKind = "blocked" | "timeout" | "http" | "not-json" | "too-large" | "rate-limited" | "network";

/** A failed query: its kind and the detail (an HTTP status, a transport error). */
export interface QueryFailure { query: string; kind: QueryFailureKind; detail: string }

/** How one provider did: results received and each query that failed. */
export interface ProviderReport { name: string; results: number; failures: QueryFailure[] }

/** What a search offers: the queries asked, each provider's report, and the candidates, best first. */
export interface SeedSearch { queries: string[]; providers: ProviderReport[]; candidates: SeedCandidate[] }

/** How the providers are asked. */
export interface SeedSearchOptions {
  providers: SearchProvider[];
  fetch: Pick<FetcherOptions, "userAgent" | "allowPrivate" | "privateAllowList">;
  /** A query's whole time, its wait for a rate-limit slot included. */
  timeoutMs: number;
  /** Least time between two queries to one provider. */
  intervalMs: number;
  limiter: RateLimiter;
}

/** Largest answer read: SearXNG's pages of results are tens of KB; the rest of a larger one is never received. */
export const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
/** Only a 200 is read: a refusal's body says nothing the status does not, and may be huge. */
const isAnswer = (status: number) => status === 200;

type Fetcher = ReturnType<typeof createFetcher>;
type QueryOutcome = { ok: true; results: FoundResult[] } | { ok: false; failure: QueryFailure };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One query to one provider, ended at `timeoutMs` whatever the provider does. */
async function askProvider(fetcher: Fetcher, provider: SearchProvider, query: string, o: SeedSearchOptions): Promise<QueryOutcome> {
  const fail = (kind: QueryFailureKind, detail: string): QueryOutcome => ({ ok: false, failure: { query, kind, detail } });
  const wait = o.limiter.reserve(provider.name, o.intervalMs, o.timeoutMs);
  if (wait === null) return fail("rate-limited", `${o.intervalMs} ms between queries`);
  await sleep(wait);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<"timeout">((r) => { timer = setTimeout(() => r("timeout"), Math.max(1, o.timeoutMs - wait)); });
  try {
    const r = await Promise.race([fetcher.fetchUrl(searchRequestUrl(provider, query), { accept: "application/json", wantBody: isAnswer }), deadline]);
    if (r === "timeout") return fail("timeout", `${o.timeoutMs} ms`);
    if (!r.ok) return fail(r.reason === "blocked-address" ? "blocked" : r.reason === "timeout" ? "timeout" : "network", r.detail);
    if (!isAnswer(r.status)) return fail("http", String(r.status));
    if (r.isTruncated) return fail("too-large", `${MAX_ANSWER_BYTES} bytes`);
    const results = parseSearchAnswer(r.body.toString("utf8"));
    if (!results) return fail("not-json", r.headers["content-type"] ?? "");
    return { ok: true, results: results.map((x) => ({ ...x, provider: provider.name, query })) };
  } finally {
    clearTimeout(timer);
  }
}

/** Every query to one provider, one after the other (its rate limit spaces them). */
async function searchProvider(fetcher: Fetcher, provider: SearchProvider, queries: string[], o: SeedSearchOptions) {
  const found: FoundResult[] = [];
  const failures: QueryFailure[] = [];
  for (const q of queries) {
    const r = await askProvider(fetcher, provider, q, o);
    if (r.ok) found.push(...r.results);
    else failures.push(r.failure);
  }
  return { found, report: { name: provider.name, results: found.length, failures } };
}

/** Ask every provider the topic's queries (or the typed words) and offer the merged, scored candidates. */
export async function searchSeeds(topic: Pick<TopicVector, "terms"> & Partial<TopicVector>, typed: string, o: SeedSearchOptions): Promise<SeedSearch> {
  const queries = buildTopicSeedQueries(topic, typed);
  // A slow answer is given up at the deadline; the fetcher's own timeouts (the same) end its socket after.
  const fetcher = createFetcher({ ...o.fetch, maxBodyBytes: MAX_ANSWER_BYTES, connectTimeoutMs: o.timeoutMs, headersTimeoutMs: o.timeoutMs, bodyTimeoutMs: o.timeoutMs });
  try {
    const each = await Promise.all(o.providers.map((p) => searchProvider(fetcher, p, queries, o)));
    const candidates = mergeCandidates(each.flatMap((e) => e.found), topicScorer(topic));
    return { queries, providers: each.map((e) => e.report), candidates };
  } finally {
    void fetcher.close();
  }
}
