/**
 * Fetching a page with a browser, for pages whose text JavaScript writes: the system Chromium
 * driven by playwright-core, one browser per worker and a bounded pool of pages. Every request a
 * page makes is intercepted (route) and answered by the crawler's own fetcher, so the
 * private-network guard, host overrides and body limits apply to each one and the browser itself
 * connects nowhere; what the guard refuses is aborted and reported. Downloads, service workers
 * and WebSockets are off; each page has a time budget (it ends there, whatever still loads) and
 * a memory budget (the V8 heap of its renderer; a page past it crashes and fails alone).
 */
import type { Browser, BrowserContext, Route } from "playwright-core";
import type { FetchOutcome } from "../rules/fetch-outcome";
import type { Fetcher } from "./fetch";

/** How the browser is run. */
export interface BrowserOptions {
  executablePath: string;
  /** Pages rendered at once by this worker. */
  maxPages: number;
  /** A page's whole time, from navigation to its HTML taken. */
  pageBudgetMs: number;
  /** The V8 heap a renderer may use, in MB. */
  heapMb: number;
  userAgent: string;
}

/** What rendering cost: time, requests the page made, and the URLs the guard refused. */
export interface RenderCost { ms: number; requests: number; blocked: string[]; isTimedOut: boolean }

/** A rendered page: the fetch outcome of its rendered HTML, and what it cost. */
export type RenderOutcome = FetchOutcome & { render: RenderCost };

/** Called before each request of a page but its own (politeness); false refuses the request. */
export type RequestHook = (url: string) => Promise<boolean>;

/** Launch flags: Debian's Chromium as root in a container needs no sandbox; nothing runs in the background. */
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];

/** Headers the fetcher already undid (decompression) or that the fulfilled body makes wrong. */
const DROPPED_HEADERS = new Set(["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"]);

/** A counting semaphore: the page pool's bound. */
function createSlots(n: number) {
  let free = n;
  const waiting: (() => void)[] = [];
  return {
    acquire: () => new Promise<void>((r) => { if (free > 0) { free -= 1; r(); } else waiting.push(r); }),
    release: () => { const next = waiting.shift(); if (next) next(); else free += 1; },
  };
}

const sleep = (ms: number) => new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms));

/** One browser shared by a worker's jobs; each render uses the job's fetcher for every request of the page. */
export function createBrowserPool(o: BrowserOptions) {
  let browser: Promise<Browser> | null = null;
  const slots = createSlots(o.maxPages);
  // playwright-core is loaded with the first browser: its modules take about 60 MB of a worker that never renders.
  const launch = () => (browser ??= import("playwright-core").then(({ chromium }) => chromium.launch({
    executablePath: o.executablePath, args: [...CHROMIUM_ARGS, `--js-flags=--max-old-space-size=${o.heapMb}`],
  })).catch((err) => { browser = null; throw err; }));

  /** Answer one request of the page with the crawler's fetcher (GET only: the crawler sends nothing else). */
  async function answer(route: Route, fetcher: Fetcher, cost: RenderCost, main: { outcome?: FetchOutcome }, pageUrl: string, onRequest?: RequestHook) {
    cost.requests += 1;
    const req = route.request();
    const url = req.url();
    if (req.method() !== "GET" || !/^https?:/.test(url)) return route.abort("blockedbyclient").catch(() => {});
    const isMain = req.isNavigationRequest() && req.frame().parentFrame() === null && url === pageUrl;
    // The page's own request took the claim's turn on the host; every other request waits its turn.
    if (!isMain && onRequest && !(await onRequest(url))) return route.abort("blockedbyclient").catch(() => {});
    const r = await fetcher.fetchUrl(url, { accept: req.headers().accept });
    if (isMain) main.outcome = r;
    if (!r.ok) {
      if (r.reason === "blocked-address") cost.blocked.push(url);
      return route.abort(r.reason === "blocked-address" ? "blockedbyclient" : "failed").catch(() => {});
    }
    const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => !DROPPED_HEADERS.has(k)));
    await route.fulfill({ status: r.status, headers, body: r.body }).catch(() => {});
  }

  /** The page's HTML once it loaded, or at its budget whatever still loads. */
  async function renderIn(context: BrowserContext, url: string, cost: RenderCost, started: number): Promise<string | null> {
    const page = await context.newPage();
    let isCrashed = false;
    page.on("crash", () => { isCrashed = true; });
    const left = () => Math.max(1, o.pageBudgetMs - (performance.now() - started));
    await page.goto(url, { waitUntil: "load", timeout: left() }).catch(() => { cost.isTimedOut = true; });
    if (!cost.isTimedOut) await page.waitForLoadState("networkidle", { timeout: Math.min(1_000, left()) }).catch(() => {});
    if (isCrashed) return null;
    // A page whose script never yields would hold content() forever: it too has the budget.
    const html = await Promise.race([page.content().catch(() => null), sleep(Math.max(500, left()))]);
    if (html === "timeout") { cost.isTimedOut = true; return null; }
    return html;
  }

  /** Render `url`, every request of it answered by `fetcher`; the outcome is the main document's with the rendered HTML. */
  async function render(url: string, fetcher: Fetcher, onRequest?: RequestHook): Promise<RenderOutcome> {
    await slots.acquire();
    const cost: RenderCost = { ms: 0, requests: 0, blocked: [], isTimedOut: false };
    const main: { outcome?: FetchOutcome } = {};
    let context: BrowserContext | undefined;
    try {
      const launched = await launch();
      // The budget is the page's own: the browser's start (once per worker, seconds on a busy
      // machine) is not charged to the first page it renders.
      const started = performance.now();
      context = await launched.newContext({ acceptDownloads: false, serviceWorkers: "block", userAgent: o.userAgent, javaScriptEnabled: true });
      await context.route("**/*", (route) => answer(route, fetcher, cost, main, url, onRequest));
      await context.routeWebSocket(/.*/, (ws) => ws.close()).catch(() => {});
      const html = await renderIn(context, url, cost, started);
      cost.ms = Math.round(performance.now() - started);
      const m = main.outcome;
      if (!m) return { ok: false, reason: cost.isTimedOut ? "timeout" : "browser-error", detail: `no answer for ${url} within ${o.pageBudgetMs} ms`, isRetryable: true, redirects: [], fetchMs: cost.ms, render: cost };
      if (!m.ok || html === null) return { ...(m.ok ? { ok: false as const, reason: "browser-crash", detail: "the page ran out of its time or memory budget", isRetryable: false, redirects: [], fetchMs: cost.ms } : m), render: cost };
      return { ...m, headers: { ...m.headers, "content-type": "text/html; charset=utf-8" }, body: Buffer.from(html, "utf8"), isTruncated: false, fetchMs: cost.ms, render: cost };
    } finally {
      if (context) await Promise.race([context.close().catch(() => {}), sleep(5_000)]);
      slots.release();
    }
  }

  /** Close the browser (a worker stopping). */
  async function close() {
    const b = browser;
    browser = null;
    if (b) await (await b.catch(() => null))?.close().catch(() => {});
  }

  return { render, close };
}

/** A worker's browser pool. */
export type BrowserPool = ReturnType<typeof createBrowserPool>;
