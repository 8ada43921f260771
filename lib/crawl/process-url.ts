/** The pipeline for one leased URL: fetch → classify → decode → parse → score → links → persist. */
import type { ClaimedUrl } from "../store/claim/claim";
import { LeaseLostError, requeueUntried, retryLater } from "../store/frontier";
import { isDatabaseAway } from "../store/infra/database-away";
import { readRobots, reserveHostSlot, saveRobots } from "../store/hosts";
import { storeNonPage, type PageRecord } from "../store/pages";
import { readPreviousLinks, storeGone, storeUnchanged, type RevisitLinks } from "../store/revisits";
import { asPageKind, scorePageLinks } from "./link-queue";
import { passedOnPriority } from "../rules/revisit";
import { isRawBodyKept, prepareRawBody } from "../store/page-bodies";
import { reweighHost } from "../store/host-feedback";
import type { Sql } from "../store/infra/sql";
import { isRelevantAt, pageExplanation } from "../topic/topic";
import { classifyOutcome, isHtmlMime } from "../rules/classify";
import { decodeBody } from "../rules/decode";
import type { Fetcher } from "./fetch";
import type { FetchOutcome } from "../rules/fetch-outcome";
import type { JobContext } from "./job-context";
import { classifyPageKind, parseHtml } from "../rules/parse";
import { isAllowedByRobots, isHostUnreachable, robotsFromResponse, type RobotsRecord } from "../rules/robots";
import { setHostAside } from "../store/host-controls";
import { canonicalizeUrl } from "../rules/url";
import { queueHostSitemaps, readSitemap } from "./sitemaps";
import type { BrowserPool, RenderCost } from "./browser";
import { fetchModeFor, needsBrowser } from "../rules/needs-browser";
import type { RequestLog } from "./request-log-buffer";
import type { RequestEntry } from "../store/request-log";
import type { PageAnalyser } from "./analysis/pool";
import type { PageWriter } from "./page-writer";

/** What the composer needs from its worker. */
export interface PipelineDeps {
  sql: Sql;
  workerId: string;
  userAgent: string;
  jobContext: (jobId: number) => Promise<JobContext>;
  /** This worker's copy of robots rules by "jobId host" (rules change rarely; the table is shared). */
  robotsCache: Map<string, RobotsRecord>;
  fetcherFor: (ctx: JobContext) => Fetcher;
  /** The worker's browser, for jobs and hosts fetched in browser or auto mode (none: everything over HTTP). */
  browser?: BrowserPool;
  log: (line: string) => void;
  /** Where each fetch is logged for the job page (batched); none: not logged. */
  requestLog?: RequestLog;
  /** Where pages are decoded, parsed and scored (analysis threads, or the main thread). */
  analyser: PageAnalyser;
  /** Where fetched pages are stored (in batches). */
  pageWriter: PageWriter;
}

/** The request log's name for each decision about a fetch. */
const LOGGED_AS = { store: "stored", retry: "retry", fail: "failed", skip: "skipped" } as const;

/** The request log's row for one fetch of `url` with how it ended. */
function requestEntry(item: ClaimedUrl, url: string, res: FetchOutcome, at: Date, outcome: RequestEntry["outcome"], reason: string | null): RequestEntry {
  return {
    jobId: item.jobId, at, url, host: item.host, status: res.ok ? res.status : null, bytes: res.ok ? res.body.length : 0,
    durationMs: Math.round(res.fetchMs), outcome, reason: reason ?? (res.ok ? null : res.reason),
  };
}

/** Log one fetch of `url` with how it ended (the job's requestLogKeep decides whether it is kept). */
function logRequest(deps: PipelineDeps, ctx: JobContext, item: ClaimedUrl, url: string, res: FetchOutcome, at: Date,
  outcome: RequestEntry["outcome"], reason: string | null): void {
  deps.requestLog?.add(requestEntry(item, url, res, at, outcome, reason), ctx.settings.requestLogKeep);
}

/** Why a fetch's outcome could not be recorded, as its request log row says (the URL goes back to the queue). */
function cutReason(err: unknown): string {
  if (isDatabaseAway(err)) return "database-away";
  if (err instanceof LeaseLostError) return "lease-lost";
  return `internal: ${(err as Error).message}`;
}

/**
 * Record how the page's fetch ended (`write`), and log the fetch once that is recorded (when
 * `isLogged` says so): a row logged before, for a try that a database outage then cut, stood
 * beside the row of the try that stored the page, two "stored" rows for one page. A fetch whose
 * outcome could not be recorded is logged as a retry with the reason (the URL is tried again).
 */
async function recordFetch<T>(deps: PipelineDeps, ctx: JobContext, entry: RequestEntry, write: () => Promise<T>,
  isLogged: (r: T) => boolean = () => true): Promise<T> {
  let result: T;
  try {
    result = await write();
  } catch (err) {
    deps.requestLog?.add({ ...entry, outcome: "retry", reason: cutReason(err) }, ctx.settings.requestLogKeep);
    throw err;
  }
  if (isLogged(result)) deps.requestLog?.add(entry, ctx.settings.requestLogKeep);
  return result;
}

/** How a URL ended, for the worker's counters and logs. */
export type UrlResult = "stored" | "retry" | "failed" | "skipped" | "robots-fetched" | "sitemap-read";

/**
 * The host's robots rules. When they are unknown, this claim's turn on the host is spent
 * fetching robots.txt (so even that request keeps the host's delay) and the URL goes back
 * to the queue untried: returns null. When the host cannot be reached at all (a refused address,
 * no such name), the URL is failed with that reason: returns "refused".
 */
async function robotsForClaim(deps: PipelineDeps, ctx: JobContext, item: ClaimedUrl): Promise<RobotsRecord | "refused" | null> {
  const key = `${item.jobId} ${item.host}`;
  const cached = deps.robotsCache.get(key);
  if (cached && cached.expiresAt.getTime() > Date.now()) return cached;
  const { known, failures } = await readRobots(deps.sql, item.jobId, item.host);
  if (known) {
    deps.robotsCache.set(key, known);
    return known;
  }
  const origin = new URL(item.url).origin;
  const res = await deps.fetcherFor(ctx).fetchUrl(`${origin}/robots.txt`);
  const answeredAt = new Date();
  logRequest(deps, ctx, item, `${origin}/robots.txt`, res, answeredAt, "robots", null);
  if (!res.ok && !res.isRetryable) {
    // The host itself cannot be fetched (refused address, no such name, bad certificate):
    // the page would fail the same way, so it fails now with that reason.
    await storeNonPage(deps.sql, { jobId: item.jobId, frontierId: item.id, workerId: deps.workerId, host: item.host,
      status: "failed", reason: res.reason, isFetched: true, answeredAt });
    if (isHostUnreachable(res, failures)) await setAside(deps, item, res.reason);
    return "refused";
  }
  const record = robotsFromResponse(item.host, res.ok ? { status: res.status, body: res.body.toString("utf8") } : null, deps.userAgent, Date.now(), failures);
  await saveRobots(deps.sql, item.jobId, item.host, record, answeredAt);
  // Once per host and job, as robots.txt is read: the host's sitemaps join its queue (when the job reads them).
  await queueHostSitemaps(deps.sql, ctx, item, res.ok && res.status === 200 ? res.body.toString("utf8") : null);
  await requeueUntried(deps.sql, { id: item.id, workerId: deps.workerId, answeredAt });
  // No answer at all, again: the host's URLs (this one too, back in the queue) are skipped.
  if (!res.ok && isHostUnreachable(res, failures)) await setAside(deps, item, res.reason);
  return null;
}

/** Set the claimed URL's host aside as unreachable (setHostAside) and say so in the worker's log. */
async function setAside(deps: PipelineDeps, item: ClaimedUrl, reason: string): Promise<void> {
  const skipped = await setHostAside(deps.sql, item.jobId, item.host, `no answer to robots.txt (${reason})`);
  if (skipped !== null) deps.log(`job ${item.jobId}: host ${item.host} set aside as unreachable (${reason}), ${skipped} pending URL(s) skipped`);
}

/**
 * Each redirect hop is checked like a link (docs/ALGORITHMS.md §3): scope, robots.txt, and the host's
 * delay (a same-host hop waits for the host's next slot). A hop to another host ends the fetch;
 * its target is queued instead (returns the reason that stops the chain, or null to follow).
 */
async function checkRedirect(
  deps: PipelineDeps, ctx: JobContext, item: ClaimedUrl, robots: RobotsRecord, next: string, answeredAt: Date,
): Promise<string | null> {
  const scope = ctx.inScope(next);
  if (!scope.allowed) return `redirect-${scope.reason}`;
  if (new URL(next).host !== item.host) return "redirect-offsite";
  if (!isAllowedByRobots(robots, next, deps.userAgent)) return "redirect-robots";
  const waitMs = await reserveHostSlot(deps.sql, item.jobId, item.host, answeredAt);
  // The host was blocked from the job page while the chain ran: its next slot never comes.
  if (!Number.isFinite(waitMs)) return "redirect-scope:blocked";
  if (waitMs > 0) await new Promise((r) => setTimeout(r, waitMs));
  return null;
}

/** A request of a rendered page to the page's own host waits for the host's turn, as a redirect hop does. */
async function waitHostTurn(deps: PipelineDeps, item: ClaimedUrl, url: string): Promise<boolean> {
  if (new URL(url).host !== item.host) return true;
  const waitMs = await reserveHostSlot(deps.sql, item.jobId, item.host, new Date());
  if (!Number.isFinite(waitMs)) return false; // blocked from the job page meanwhile
  if (waitMs > 0) await new Promise((r) => setTimeout(r, waitMs));
  return true;
}

/**
 * The page over HTTP, or rendered in the browser: in browser mode (the job's, or its host's), and
 * in auto mode when the HTTP page has little text but many scripts (rules/needs-browser.ts).
 */
async function fetchPage(deps: PipelineDeps, ctx: JobContext, item: ClaimedUrl, robots: RobotsRecord): Promise<{ outcome: FetchOutcome; render: RenderCost | null }> {
  const fetcher = deps.fetcherFor(ctx);
  const browser = deps.browser;
  const mode = browser ? fetchModeFor(ctx.settings, item.host) : "http";
  const rendered = async () => {
    const r = await browser!.render(item.url, fetcher, (url) => waitHostTurn(deps, item, url));
    return { outcome: r as FetchOutcome, render: r.render };
  };
  if (mode === "browser") return rendered();
  const outcome = await fetcher.fetchUrl(item.url, {
    // A revisit asks for the page only if it changed since the previous run's copy (a 304 otherwise).
    etag: item.revisitEtag, lastModified: item.revisitLastModified,
    beforeRedirect: (next, answeredAt) => checkRedirect(deps, ctx, item, robots, next, answeredAt),
    // Documents the crawler does not parse are recorded by their headers, not downloaded.
    wantBody: (status, headers) => status < 200 || status >= 300 || isHtmlMime(headers["content-type"], item.url),
  });
  if (mode === "auto" && outcome.ok && outcome.status === 200 && isHtmlMime(outcome.headers["content-type"], item.url)) {
    const html = decodeBody(outcome.body, outcome.headers["content-type"]).text;
    const page = parseHtml(html, outcome.finalUrl);
    if (needsBrowser(html, page.mainText, page.links.length)) return rendered();
  }
  return { outcome, render: null };
}

/** Process one leased URL to a stored outcome. Throws only on database errors (the lease then expires). */
export async function processUrl(deps: PipelineDeps, item: ClaimedUrl): Promise<UrlResult> {
  const ctx = await deps.jobContext(item.jobId);
  const result = await processClaimed(deps, ctx, item);
  // The host's record changed: its pending URLs take its new feedback (docs/ALGORITHMS.md §2.8).
  if (ctx.priorityFeedback && result !== "robots-fetched" && result !== "retry") await reweighHost(deps.sql, item.jobId, item.host);
  return result;
}

async function processClaimed(deps: PipelineDeps, ctx: JobContext, item: ClaimedUrl): Promise<UrlResult> {
  const robots = await robotsForClaim(deps, ctx, item);
  if (!robots) return "robots-fetched";
  if (robots === "refused") return "failed";
  if (!isAllowedByRobots(robots, item.url, deps.userAgent)) {
    if (robots.state === "unreachable") {
      const status = await retryLater(deps.sql, { id: item.id, workerId: deps.workerId, error: "robots-unreachable", notBefore: robots.expiresAt });
      return status === "pending" ? "retry" : "failed";
    }
    await storeNonPage(deps.sql, { jobId: item.jobId, frontierId: item.id, workerId: deps.workerId, host: item.host, status: "skipped", reason: "robots", isFetched: false });
    return "skipped";
  }
  if (item.sitemapLevel !== null) {
    const read = await readSitemap({ sql: deps.sql, workerId: deps.workerId, fetcher: deps.fetcherFor(ctx) }, ctx, item,
      (next, answeredAt) => checkRedirect(deps, ctx, item, robots, next, answeredAt));
    return read === "read" ? "sitemap-read" : "skipped";
  }
  const { outcome, render } = await fetchPage(deps, ctx, item, robots);
  // The host's next request waits its delay from the moment it answered this one (see releaseHost).
  const answeredAt = new Date();
  const base = { jobId: item.jobId, frontierId: item.id, workerId: deps.workerId, host: item.host, answeredAt };
  if (item.revisitOf && outcome.ok) {
    const revisited = await storeRevisit(deps, ctx, item, outcome, answeredAt);
    if (revisited) return revisited;
  }
  const decision = classifyOutcome(outcome);
  const isOffsite = !outcome.ok && outcome.reason === "redirect-offsite";
  const entry = requestEntry(item, item.url, outcome, answeredAt, isOffsite ? "skipped" : LOGGED_AS[decision.kind],
    isOffsite ? "redirect-offsite" : decision.kind === "store" ? null : decision.reason);
  const record = <T>(write: () => Promise<T>) => recordFetch(deps, ctx, entry, write);
  if (isOffsite) {
    // Another host has its own robots.txt and politeness: its URL waits in the queue for its turn.
    const target = canonicalizeUrl(outcome.detail);
    const follow = target.ok && ctx.inScope(target.url).allowed
      ? { url: target.url, host: target.host, depth: item.depth, priority: passedOnPriority(item), politeness: ctx.politeness,
        isGraphRecomputed: Boolean(ctx.strategy.recompute) } : undefined;
    await record(() => storeNonPage(deps.sql, { ...base, status: "skipped", reason: "redirect-offsite", isFetched: true, follow }));
    return "skipped";
  }
  switch (decision.kind) {
    case "retry": {
      const status = await record(() => retryLater(deps.sql, { id: item.id, workerId: deps.workerId, error: decision.reason, notBefore: decision.notBefore, answeredAt }));
      return status === "pending" ? "retry" : "failed";
    }
    case "fail":
      await record(() => storeNonPage(deps.sql, { ...base, status: "failed", reason: decision.reason, isFetched: true }));
      return "failed";
    case "skip":
      await record(() => storeNonPage(deps.sql, { ...base, status: "skipped", reason: decision.reason, isFetched: true }));
      return "skipped";
    case "store":
      break;
    default:
      decision satisfies never;
  }
  if (!outcome.ok) throw new Error("unreachable: a stored decision always has a response");
  const keep = ctx.settings.requestLogKeep;
  // The page's "stored" row is written in the page's own transaction: exactly one per stored page,
  // whatever an outage cuts (a row buffered apart was lost with its batch, or doubled by a cut try).
  const request = deps.requestLog && keep > 0 ? entry : null;
  const page = { ...await buildPageRecord(deps, ctx, item, outcome, base), render, revisitOf: item.revisitOf, request };
  await recordFetch(deps, ctx, entry, () => deps.pageWriter.store(page), () => false);
  if (request) deps.requestLog?.noteWritten(request.jobId, keep);
  return "stored";
}

/**
 * A revisit answered 304 (stored unchanged, no page of the budget spent) or 404/410 (stored gone):
 * how it ended, or null to go on as any fetch (another answer, or the previous copy deleted meanwhile).
 */
async function storeRevisit(deps: PipelineDeps, ctx: JobContext, item: ClaimedUrl, outcome: Response, answeredAt: Date): Promise<UrlResult | null> {
  const o = { jobId: item.jobId, frontierId: item.id, workerId: deps.workerId, host: item.host, answeredAt,
    revisitOf: item.revisitOf!, fetchMs: Math.round(outcome.fetchMs) };
  if (outcome.status === 304) {
    const links = await linksOfPreviousCopy(deps, ctx, item);
    const entry = requestEntry(item, item.url, outcome, answeredAt, "stored", "not-modified");
    if (await recordFetch(deps, ctx, entry, () => storeUnchanged(deps.sql, o, links), (isStored) => isStored)) return "stored";
  }
  if (outcome.status === 404 || outcome.status === 410) {
    const entry = requestEntry(item, item.url, outcome, answeredAt, "failed", `gone:http-${outcome.status}`);
    if (await recordFetch(deps, ctx, entry, () => storeGone(deps.sql, { ...o, status: outcome.status }), (isStored) => isStored)) return "failed";
  }
  return null;
}

type Response = Extract<FetchOutcome, { ok: true }>;

/**
 * An unchanged page's links, read from its previous copy and scored as a fetched page's are: a
 * 304 says the page is the same, not that its links were all fetched (the previous run may have
 * stopped at its budget first). Undefined when the previous copy is gone.
 */
async function linksOfPreviousCopy(deps: PipelineDeps, ctx: JobContext, item: ClaimedUrl): Promise<RevisitLinks | undefined> {
  const previous = await readPreviousLinks(deps.sql, item.revisitOf!);
  if (!previous) return undefined;
  const { queue } = await scorePageLinks(deps.sql, ctx, item, { url: previous.finalUrl, relevance: previous.relevance, isRelevant: previous.isRelevant, kind: asPageKind(previous.kind) }, previous.links);
  const s = ctx.settings;
  return { links: previous.links, queue, depth: item.depth, politeness: ctx.politeness, merge: ctx.strategy.merge,
    isGraphRecomputed: Boolean(ctx.strategy.recompute), maxPagesPerHost: s.maxPagesPerHost, maxQueryVariants: s.maxQueryVariants };
}

/** Decode, parse and score a fetched HTML page; pick the links to queue with their priorities. */
async function buildPageRecord(
  deps: PipelineDeps, ctx: JobContext, item: ClaimedUrl, outcome: Response,
  base: { jobId: number; frontierId: string; workerId: string; host: string; answeredAt: Date },
): Promise<PageRecord> {
  const s = ctx.settings;
  const analysis = await deps.analyser.analyse(ctx.topic, outcome.body, outcome.headers["content-type"], outcome.finalUrl, isRawBodyKept(s, outcome.body.length));
  const { parsed } = analysis;
  const score = { relevance: analysis.relevance, terms: analysis.terms, field: analysis.field };
  const isRelevant = isRelevantAt(score.relevance, ctx.pageThreshold);
  const links = parsed.links;
  const pageKind = classifyPageKind(outcome.finalUrl, parsed.anchorTextShare);
  const { queue, rejected } = await scorePageLinks(deps.sql, ctx, item, { url: outcome.finalUrl, relevance: score.relevance, isRelevant, kind: pageKind }, links);
  const strategy = ctx.strategy;
  const finalCanon = outcome.redirects.length ? canonicalizeUrl(outcome.finalUrl) : undefined;

  return {
    ...base,
    url: item.url,
    finalUrl: outcome.finalUrl,
    depth: item.depth,
    httpStatus: outcome.status,
    contentType: outcome.headers["content-type"] ?? null,
    charset: analysis.charset,
    charsetSource: analysis.charsetSource,
    title: parsed.title,
    mainText: parsed.mainText,
    relevance: score.relevance,
    isRelevant,
    explanation: pageExplanation(score),
    topicRevision: ctx.topicRevision,
    pageKind,
    checksum: analysis.checksum,
    simhash: analysis.simhash,
    contentBytes: outcome.body.length,
    isTruncated: outcome.isTruncated || parsed.isCut,
    truncation: outcome.isTruncated ? "body" : parsed.isCut ? "parse" : null,
    etag: outcome.headers.etag ?? null,
    lastModified: outcome.headers["last-modified"] ?? null,
    fetchMs: outcome.fetchMs,
    redirects: outcome.redirects,
    linksRejected: rejected,
    maxPagesPerHost: s.maxPagesPerHost,
    maxQueryVariants: s.maxQueryVariants,
    merge: strategy.merge,
    isGraphRecomputed: Boolean(strategy.recompute),
    links,
    queue,
    redirectTarget: finalCanon?.ok ? { url: finalCanon.url, host: finalCanon.host } : undefined,
    politeness: ctx.politeness,
    searchDocument: analysis.searchDocument,
    rawBody: await prepareRawBody(s, { status: outcome.status, body: outcome.body, headers: outcome.headers, finalUrl: outcome.finalUrl, userAgent: deps.userAgent }, analysis.bodyGzip),
  };
}
