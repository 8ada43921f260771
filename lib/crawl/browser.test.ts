/**
 * The browser fetcher against real servers on loopback and the system Chromium: text written
 * by JavaScript is rendered; a request of the page to another private address is refused by the
 * crawler's guard and reported (the site itself is allowed by address: 127.0.0.1/32 only, so
 * 127.0.0.2 stays private); a page that never finishes loading ends at its budget.
 */
import assert from "node:assert/strict";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { after, before, test } from "node:test";
import { createFetcher, type Fetcher } from "./fetch";
import { createBrowserPool, type BrowserPool } from "./browser";
import { parseHtml } from "../rules/parse";
import { JS_SITE, startJsSite, type JsSite } from "../testing/js-site";

let site: JsSite;
let fetcher: Fetcher;
let pool: BrowserPool;

before(async () => {
  site = await startJsSite();
  fetcher = createFetcher({
    userAgent: "FocusCrawl-test", allowPrivate: false, privateAllowList: ["127.0.0.1/32"],
    resolve: { [JS_SITE]: { address: "127.0.0.1", port: site.port } },
  });
  pool = createBrowserPool({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", maxPages: 2, pageBudgetMs: 5_000, heapMb: 256, userAgent: "FocusCrawl-test" });
});
after(async () => {
  await pool.close();
  await fetcher.close();
  await site.close();
});

test("text written by JavaScript is in the rendered page, not in the HTTP one", async () => {
  const url = `http://${JS_SITE}/article/1.html`;
  const plain = await fetcher.fetchUrl(url);
  assert.ok(plain.ok && !parseHtml(plain.body.toString("utf8"), url).mainText.includes("数据库"));
  const r = await pool.render(url, fetcher);
  assert.ok(r.ok, JSON.stringify(r));
  const page = parseHtml(r.body.toString("utf8"), url);
  assert.match(page.mainText, /关系数据库/);
  assert.match(page.title, /数据库/);
  assert.ok(r.render.requests >= 2, "the page and its script");
  assert.deepEqual(r.render.blocked, []);
});

test("a request of the page to another private address is refused and reported; the page is still rendered", async () => {
  const before = site.secretHits();
  const r = await pool.render(`http://${JS_SITE}/probe.html`, fetcher);
  assert.ok(r.ok);
  assert.deepEqual(r.render.blocked, [site.secretUrl]);
  assert.equal(site.secretHits(), before, "the private server never saw the request");
  assert.match(parseHtml(r.body.toString("utf8"), "http://x/").mainText, /关系数据库/);
});

test("a page that never finishes loading ends at its budget with what it rendered", async () => {
  const r = await pool.render(`http://${JS_SITE}/hang.html`, fetcher);
  assert.ok(r.ok);
  assert.equal(r.render.isTimedOut, true);
  assert.match(parseHtml(r.body.toString("utf8"), "http://x/").mainText, /关系数据库/);
});

test("a page whose address the guard refuses fails as blocked, as the HTTP fetch does", async () => {
  const r = await pool.render("http://127.0.0.2:9/x.html", fetcher);
  assert.equal(r.ok, false);
  assert.equal(!r.ok && r.reason, "blocked-address");
});

test("a page's tab is kept for the next page of its job and host, and no other job's page sees what it stored", async () => {
  const url = `http://${JS_SITE}/store.html`;
  const stored = async (f: Fetcher) => {
    const r = await pool.render(url, f);
    assert.ok(r.ok, JSON.stringify(r));
    return /class="stored">本站存储：([^<]*)</.exec(r.body.toString("utf8"))?.[1];
  };
  const other = createFetcher({ userAgent: "FocusCrawl-test", allowPrivate: false, privateAllowList: ["127.0.0.1/32"],
    resolve: { [JS_SITE]: { address: "127.0.0.1", port: site.port } } });
  try {
    assert.equal(await stored(fetcher), "空");
    assert.equal(await stored(fetcher), "已访问", "the same job's next page of the host ran in the kept tab");
    assert.equal(await stored(other), "空", "another job's page has a context of its own");
  } finally {
    await other.close();
  }
});
