/**
 * Fetching a page with a browser, for pages whose text JavaScript writes: the system Chromium
 * driven by playwright-core, one browser per worker and a bounded pool of pages. Every request a
 * page makes is intercepted (route) and answered by the crawler's own fetcher, so the
 * private-network guard, host overrides and body limits apply to each one; what the guard refuses
 * is aborted and reported. Chromium itself connects nowhere by construction: it is launched with
 * the pool's guard proxy (`browser-guard-proxy.ts`) as its only way out, which refuses and
 * reports whatever `route` did not answer (prefetches, TURN over TCP, anything Chromium sends by
 * itself), and WebRTC may send no UDP. Downloads, service workers, WebSockets and popups are off;
 * each page has a time budget (it ends there, whatever still loads) and a memory budget (the V8
 * heap of its renderer; a page past it crashes and fails alone). Nothing in one page's handling
 * rejects unhandled: a failed answer fails its request, not the worker.
 *
 * Cost (bench/BROWSER.md): a page renders in a tab kept for its job and host (a new context and
 * page each time cost more than the render), fetches nothing scoring does not read (stylesheets,
 * fonts, images, media), and is taken once it has settled rather than after a fixed idle wait.
 */
import type { Browser, BrowserContext, Page, Request, Route, WebSocketRoute } from "playwright-core";
import type { FetchOutcome } from "../rules/fetch-outcome";
import type { Fetcher } from "./fetch";
import { startGuardProxy, type GuardProxy } from "./browser-guard-proxy";

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

/**
 * What rendering cost: time, requests the page made, and what was refused and reported: URLs the
 * guard refused, popups, WebSockets, and the guard proxy's refusals (a URL or `CONNECT host:port`):
 * `blocked` holds the distinct targets, the first BLOCKED_KEPT of them, each cut at
 * BLOCKED_URL_CHARS; `blockedMore` counts those refused past them.
 */
export interface RenderCost {
  ms: number; requests: number; blocked: string[]; blockedMore?: number; isTimedOut: boolean;
  /** Requests for what scoring does not read (SKIPPED_RESOURCES), refused unfetched. */
  skipped?: number;
}

/**
 * What a page loads that the crawler never reads: it scores the rendered HTML, not its layout, so
 * stylesheets, fonts, images and media are refused unfetched (not reported: nothing was wrong).
 * On the browser bench's site (bench/BROWSER.md) they were three of a page's five requests.
 */
export const SKIPPED_RESOURCES = new Set(["stylesheet", "font", "image", "media"]);

/**
 * After the page's `load`, the render waits until it has settled: no request of the page in flight
 * and no change to its document for SETTLE_QUIET_MS, at most SETTLE_MAX_MS. A script that asks its
 * API and writes the answer is waited for; a page that is done is not (playwright's networkidle
 * waited 500 ms past the last request of every page, and up to a second on the old bench).
 */
export const SETTLE_QUIET_MS = 150;
export const SETTLE_MAX_MS = 1_000;

/** Records the time of the document's last change, for the settle wait (run in every page before its scripts). */
const MUTATION_CLOCK = `(() => {
  const mark = () => { window.__focuscrawlChangedAt = Date.now(); };
  mark();
  new MutationObserver(mark).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
})();`;

/** A page that tries thousands of private addresses stores a bounded record of it. */
export const BLOCKED_KEPT = 50;
export const BLOCKED_URL_CHARS = 300;

/** Record one refused target on the page's render cost: kept once, cut to length, counted past the cap. */
export function reportBlocked(cost: RenderCost, target: string): void {
  const t = target.length > BLOCKED_URL_CHARS ? `${target.slice(0, BLOCKED_URL_CHARS)}…` : target;
  if (cost.blocked.includes(t)) return;
  if (cost.blocked.length < BLOCKED_KEPT) cost.blocked.push(t);
  else cost.blockedMore = (cost.blockedMore ?? 0) + 1;
}

/** A rendered page: the fetch outcome of its rendered HTML, and what it cost. */
export type RenderOutcome = FetchOutcome & { render: RenderCost };

/** Called before each request of a page but its own (politeness); false refuses the request. */
export type RequestHook = (url: string) => Promise<boolean>;

/** Launch flags: Debian's Chromium as root in a container needs no sandbox; nothing runs in the background. */
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"];

/**
 * Chromium's own connections: every one goes to the guard proxy, loopback too (Chromium
 * bypasses a proxy for loopback unless told `<-loopback>`), and WebRTC sends no UDP, which no
 * proxy carries (without the policy STUN and TURN reached a UDP server on 127.0.0.2 and ::1).
 * Through a proxy, speculation rules' cross-site prefetch and prerender are not even tried:
 * Chromium 156 sent both straight to 127.0.0.2 without it, and no `--disable-features` name
 * stopped them (last-wins, that flag would also drop playwright's own list).
 */
function guardArgs(proxyServer: string): string[] {
  return [`--proxy-server=${proxyServer}`, "--proxy-bypass-list=<-loopback>", "--webrtc-ip-handling-policy=disable_non_proxied_udp"];
}

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

/** A navigation's frame, or null for a popup's first request (issued before its frame exists). */
function frameOf(req: Request) {
  try { return req.frame(); } catch { return null; }
}

/** What one render needs while it runs: its cost, the main document's outcome, the page itself. */
interface RenderState {
  url: string; fetcher: Fetcher; onRequest?: RequestHook; cost: RenderCost; main: { outcome?: FetchOutcome }; page?: Page;
  /** Requests of the page being answered now, and when the last one began or ended (Date.now()). */
  inFlight: number; netAt: number;
}

/**
 * A tab: a browser context with one page, kept between renders of the same job (its fetcher) and
 * host, as a person's browser keeps a site's tab: a new context and page cost 300–500 ms of a
 * render (a renderer process started each time), a navigation in a kept one a tenth of it. Nothing
 * of one job or host reaches another's tab; a tab is closed after TAB_RENDERS renders, or at once
 * when its page crashed or ran out of its time.
 */
interface Tab {
  key: string; browser: Browser; context: BrowserContext; page: Page; lane: { server: string; close: () => Promise<void> };
  /** The render the tab serves now (its requests are answered with that render's fetcher and counted on its cost). */
  holder: { s?: RenderState };
  renders: number; isBroken: boolean;
}

/** Renders a tab serves before it is closed (a renderer's memory grows with what its pages leave behind). */
export const TAB_RENDERS = 100;

/** One browser shared by a worker's jobs; each render uses the job's fetcher for every request of the page. */
export function createBrowserPool(o: BrowserOptions) {
  let browser: Promise<{ browser: Browser; guard: GuardProxy }> | null = null;
  const slots = createSlots(o.maxPages);
  /** The browser and its guard proxy; `onGone` when the browser dies (the guard proxy is closed with it). */
  async function start(onGone: () => void): Promise<{ browser: Browser; guard: GuardProxy }> {
    const guard = await startGuardProxy();
    try {
      // playwright-core is loaded with the first browser: its modules take about 60 MB of a worker that never renders.
      const { chromium } = await import("playwright-core");
      const launched = await chromium.launch({
        executablePath: o.executablePath, args: [...CHROMIUM_ARGS, ...guardArgs(guard.server), `--js-flags=--max-old-space-size=${o.heapMb}`],
      });
      launched.on("disconnected", () => { void guard.close(); onGone(); });
      return { browser: launched, guard };
    } catch (err) {
      await guard.close();
      throw err;
    }
  }
  /** The running browser, started by the first page (and again after it died or failed to start). */
  const launch = () => {
    if (browser) return browser;
    const current = start(() => { if (browser === current) browser = null; });
    browser = current;
    current.catch(() => { if (browser === current) browser = null; });
    return current;
  };

  /** Answer one request of the page with the crawler's fetcher (GET only: the crawler sends nothing else); never rejects. */
  async function answer(route: Route, s: RenderState) {
    s.inFlight += 1;
    s.netAt = Date.now();
    try {
      await answerOrThrow(route, s);
    } catch {
      // A fetcher or hook that threw, or a context closed meanwhile: the request fails, the page goes on.
      await route.abort("failed").catch(() => {});
    } finally {
      s.inFlight -= 1;
      s.netAt = Date.now();
    }
  }

  /** answer()'s work: refused, failed or fulfilled; may throw (a fetcher or hook that did). */
  async function answerOrThrow(route: Route, s: RenderState) {
    const { cost } = s;
    cost.requests += 1;
    const req = route.request();
    const url = req.url();
    const refuse = (isReported: boolean) => {
      if (isReported) reportBlocked(cost, url);
      return route.abort("blockedbyclient").catch(() => {});
    };
    if (req.method() !== "GET" || !/^https?:/.test(url)) return refuse(false);
    if (SKIPPED_RESOURCES.has(req.resourceType())) {
      cost.skipped = (cost.skipped ?? 0) + 1;
      return refuse(false);
    }
    const frame = req.isNavigationRequest() ? frameOf(req) : undefined;
    // A popup's navigation (no frame yet, or another page's): never followed, reported.
    if (frame === null || (frame && s.page && frame.page() !== s.page)) return refuse(true);
    const isMain = !!frame && frame.parentFrame() === null && url === s.url;
    // The page's own request took the claim's turn on the host; every other request waits its turn.
    if (!isMain && s.onRequest && !(await s.onRequest(url))) return refuse(false);
    const r = await s.fetcher.fetchUrl(url, { accept: req.headers().accept });
    if (isMain) s.main.outcome = r;
    if (!r.ok) {
      if (r.reason === "blocked-address") return refuse(true);
      return route.abort("failed").catch(() => {});
    }
    const headers = Object.fromEntries(Object.entries(r.headers).filter(([k]) => !DROPPED_HEADERS.has(k)));
    await route.fulfill({ status: r.status, headers, body: r.body }).catch(() => {});
  }

  /** A WebSocket the page opens is closed unconnected, and reported. */
  function refuseWebSocket(ws: WebSocketRoute, cost: RenderCost) {
    reportBlocked(cost, ws.url());
    ws.close().catch(() => {});
  }

  /** Wait until the page has settled (SETTLE_QUIET_MS without a request in flight or a change to its document), or `until`. */
  async function settle(page: Page, s: RenderState, until: number): Promise<void> {
    while (performance.now() < until) {
      await sleep(50);
      if (s.inFlight > 0) continue;
      // A page whose script never yields would hold evaluate(): it is asked again next turn.
      const changedAt = await Promise.race([
        page.evaluate(() => (window as unknown as { __focuscrawlChangedAt?: number }).__focuscrawlChangedAt ?? 0).catch(() => 0), sleep(100)]);
      if (changedAt === "timeout") continue;
      if (Date.now() - Math.max(s.netAt, changedAt) >= SETTLE_QUIET_MS) return;
    }
  }

  /** The page's HTML once it loaded, or at its budget whatever still loads; null when it crashed or ran out of time. */
  async function renderIn(tab: Tab, s: RenderState, started: number): Promise<string | null> {
    const { cost } = s;
    const { page } = tab;
    const left = () => Math.max(1, o.pageBudgetMs - (performance.now() - started));
    await page.goto(s.url, { waitUntil: "load", timeout: left() }).catch(() => { cost.isTimedOut = true; });
    if (!cost.isTimedOut) await settle(page, s, performance.now() + Math.min(SETTLE_MAX_MS, left()));
    if (tab.isBroken) return null;
    // A page whose script never yields would hold content() forever: it too has the budget.
    const html = await Promise.race([page.content().catch(() => null), sleep(Math.max(500, left()))]);
    if (html === "timeout") { cost.isTimedOut = true; return null; }
    return html;
  }

  /** Tabs kept between renders, and how many renders hold one now (together at most `maxPages`). */
  const idleTabs: Tab[] = [];
  let busyTabs = 0;
  /** A number per fetcher (a job's), for the tabs' keys. */
  const fetcherIds = new WeakMap<Fetcher, number>();
  let fetchersSeen = 0;
  const tabKey = (fetcher: Fetcher, url: string) => {
    if (!fetcherIds.has(fetcher)) fetcherIds.set(fetcher, ++fetchersSeen);
    return `${fetcherIds.get(fetcher)} ${new URL(url).host}`;
  };

  /**
   * A new tab: its own context (no cookies or storage of any other tab) whose only way out is a
   * lane of the guard proxy, every request answered by the fetcher of the render it is serving.
   */
  async function openTab(launched: { browser: Browser; guard: GuardProxy }, key: string): Promise<Tab> {
    const holder: { s?: RenderState } = {};
    const lane = await launched.guard.openLane((target) => { if (holder.s) reportBlocked(holder.s.cost, target); });
    try {
      // The context's own proxy is the tab's lane of the guard proxy; `<-loopback>` keeps loopback proxied.
      const context = await launched.browser.newContext({ acceptDownloads: false, serviceWorkers: "block", userAgent: o.userAgent, javaScriptEnabled: true,
        proxy: { server: lane.server, bypass: "<-loopback>" } });
      await context.addInitScript(MUTATION_CLOCK);
      await context.route("**/*", (route) => (holder.s ? answer(route, holder.s) : route.abort("blockedbyclient").catch(() => {})));
      await context.routeWebSocket(/.*/, (ws) => { if (holder.s) refuseWebSocket(ws, holder.s.cost); else ws.close().catch(() => {}); }).catch(() => {});
      const page = await context.newPage();
      const tab: Tab = { key, browser: launched.browser, context, page, lane, holder, renders: 0, isBroken: false };
      // Any other page is a popup the page opened: closed at once (its navigation is refused in answer()).
      context.on("page", (p) => { if (p !== page) p.close().catch(() => {}); });
      page.on("crash", () => { tab.isBroken = true; });
      return tab;
    } catch (err) {
      await lane.close();
      throw err;
    }
  }

  /** Close a tab: its context, then its lane (what the page still tries while it closes is reported too). */
  async function closeTab(tab: Tab): Promise<void> {
    tab.holder.s = undefined;
    await Promise.race([tab.context.close().catch(() => {}), sleep(5_000)]);
    await tab.lane.close();
  }

  /**
   * The tab for a render of `url` by `fetcher`: an idle one of the same job and host when there is
   * one (the same browser, not broken, fewer than TAB_RENDERS renders), else a new one, closing the
   * longest idle tab first when the tabs would be more than `maxPages`.
   */
  async function takeTab(launched: { browser: Browser; guard: GuardProxy }, fetcher: Fetcher, url: string): Promise<Tab> {
    const key = tabKey(fetcher, url);
    const i = idleTabs.findIndex((t) => t.key === key && t.browser === launched.browser && !t.isBroken && t.renders < TAB_RENDERS);
    busyTabs += 1;
    if (i >= 0) return idleTabs.splice(i, 1)[0];
    try {
      while (idleTabs.length > 0 && idleTabs.length + busyTabs > o.maxPages) await closeTab(idleTabs.shift()!);
      return await openTab(launched, key);
    } catch (err) {
      busyTabs -= 1;
      throw err;
    }
  }

  /** A render is done with its tab: kept for the next page of its host, or closed when it crashed, timed out or served its renders. */
  async function returnTab(tab: Tab, isSound: boolean): Promise<void> {
    busyTabs -= 1;
    tab.holder.s = undefined;
    tab.renders += 1;
    if (isSound && !tab.isBroken && tab.renders < TAB_RENDERS && tab.browser.isConnected()) idleTabs.push(tab);
    else await closeTab(tab);
  }

  /** Render `url`, every request of it answered by `fetcher`; the outcome is the main document's with the rendered HTML. */
  async function render(url: string, fetcher: Fetcher, onRequest?: RequestHook): Promise<RenderOutcome> {
    await slots.acquire();
    const cost: RenderCost = { ms: 0, requests: 0, blocked: [], isTimedOut: false };
    const s: RenderState = { url, fetcher, onRequest, cost, main: {}, inFlight: 0, netAt: Date.now() };
    let tab: Tab | undefined;
    let isSound = false;
    try {
      const launched = await launch();
      // The budget is the page's own: the browser's start (once per worker, seconds on a busy
      // machine) is not charged to the first page it renders.
      const started = performance.now();
      tab = await takeTab(launched, fetcher, url);
      tab.holder.s = s;
      s.page = tab.page;
      const html = await renderIn(tab, s, started);
      cost.ms = Math.round(performance.now() - started);
      isSound = html !== null && !cost.isTimedOut;
      const m = s.main.outcome;
      if (!m) return { ok: false, reason: cost.isTimedOut ? "timeout" : "browser-error", detail: `no answer for ${url} within ${o.pageBudgetMs} ms`, isRetryable: true, redirects: [], fetchMs: cost.ms, render: cost };
      if (!m.ok || html === null) return { ...(m.ok ? { ok: false as const, reason: "browser-crash", detail: "the page ran out of its time or memory budget", isRetryable: false, redirects: [], fetchMs: cost.ms } : m), render: cost };
      return { ...m, headers: { ...m.headers, "content-type": "text/html; charset=utf-8" }, body: Buffer.from(html, "utf8"), isTruncated: false, fetchMs: cost.ms, render: cost };
    } finally {
      if (tab) await returnTab(tab, isSound);
      slots.release();
    }
  }

  /** Close the browser and its guard proxy (a worker stopping). */
  async function close() {
    const b = browser;
    browser = null;
    await Promise.all(idleTabs.splice(0).map(closeTab));
    const launched = b && await b.catch(() => null);
    if (!launched) return;
    await launched.browser.close().catch(() => {});
    await launched.guard.close();
  }

  return { render, close };
}

/** A worker's browser pool. */
export type BrowserPool = ReturnType<typeof createBrowserPool>;
