import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { checkWacz } from "../lib/testing/wacz-check";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e-replay" });
const testweb = `http://127.0.0.1:${process.env.E2E_TESTWEB_PORT ?? 8701}`;
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-e2e-replay-"));
test.afterAll(async () => {
  await sql.end();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** The test web's requests since `since` for the given URLs (host and path). */
async function liveRequestsFor(since: number, urls: string[]): Promise<string[]> {
  const wanted = new Set(urls.map((u) => { const x = new URL(u); return `${x.hostname}${x.pathname}`; }));
  const r = await fetch(`${testweb}/__testweb/requests?since=${since}`);
  const listed = (await r.json()) as { host: string; path: string }[];
  return listed.map((l) => `${l.host}${l.path}`).filter((k) => wanted.has(k));
}

test("a crawl exported as WACZ passes the independent check; a captured page replays, its captured links lead to their copies, an uncaptured one to a notice, and the live site is asked for nothing", async ({ page, request }) => {
  const r = await request.post("/api/jobs", { data: { keywords: "计算机,软件,网络,数据库,算法", strategy: "bfs", maxPages: 15, minDelayMs: 0, seeds: ["http://portal.test/"] } });
  expect(r.status()).toBe(201);
  const jobId = (await r.json()).job.id as number;
  await expect.poll(async () => (await sql`select status::text from jobs where id = ${jobId}`)[0].status, { timeout: 120_000 }).toMatch(/^(done|stopped)$/);

  // The WACZ of the whole job, checked by readers that did not write it.
  const started = await request.post(`/api/jobs/${jobId}/exports`, { data: { format: "wacz", filters: "" } });
  expect(started.status()).toBe(201);
  const exportId = (await started.json()).export.id as number;
  let fileUrl: string | null = null;
  await expect.poll(async () => { fileUrl = (await (await request.get(`/api/exports/${exportId}`)).json()).export?.fileUrl ?? null; return fileUrl; }, { timeout: 60_000 }).not.toBeNull();
  const wacz = path.join(workDir, "job.wacz");
  fs.writeFileSync(wacz, await (await request.get(fileUrl!)).body());
  const { indexedUrls, pages } = await checkWacz(wacz, workDir);
  const stored = await sql<{ url: string }[]>`select final_url as url from pages where job_id = ${jobId}`;
  expect(indexedUrls.length).toBe(stored.length);
  expect(pages.length).toBe(stored.length);

  // A captured page with at least two captured link targets and one that was not captured.
  // (A link to where some page was redirected is left out: replay finds that page by its final URL.)
  const links = await sql<{ from: string; to: string; captured: boolean; isRedirectTarget: boolean }[]>`
    select p.url as from, l.to_url_key as to,
      exists (select 1 from frontier f join pages q on q.frontier_id = f.id where f.job_id = ${jobId} and f.url_key = l.to_url_key) as captured,
      exists (select 1 from pages q where q.job_id = ${jobId} and q.final_url = l.to_url_key and q.url <> q.final_url) as "isRedirectTarget"
    from links l join pages p on p.id = l.from_page_id where l.job_id = ${jobId} and l.to_url_key <> p.url order by p.id, l.id`;
  const finalUrlOf = new Map((await sql<{ url: string; finalUrl: string }[]>`select url, final_url as "finalUrl" from pages where job_id = ${jobId}`).map((p) => [p.url, p.finalUrl]));
  const byPage = new Map<string, { captured: string[]; missing: string[] }>();
  for (const l of links.filter((x) => !x.isRedirectTarget)) {
    const e = byPage.get(l.from) ?? { captured: [], missing: [] };
    const list = l.captured ? e.captured : e.missing;
    if (!list.includes(l.to)) list.push(l.to);
    byPage.set(l.from, e);
  }
  const [start, targets] = [...byPage].find(([, e]) => e.captured.length >= 2 && e.missing.length >= 1)!;
  expect(start).toBeTruthy();

  const since = Date.now();
  const replayOf = (url: string) => `/jobs/${jobId}/replay?url=${encodeURIComponent(url)}`;
  await page.goto(replayOf(start));
  await expect(page.getByTestId("replay-url")).toHaveText(finalUrlOf.get(start)!);
  const frame = page.frameLocator('[data-testid="replay-frame"]');
  for (const target of targets.captured.slice(0, 2)) {
    await page.goto(replayOf(start));
    await frame.locator(`a[data-replay="captured"][href="${replayOf(target)}"]`).first().click();
    await expect(page).toHaveURL((u) => u.searchParams.get("url") === target);
    await expect(page.getByTestId("replay-bar")).toBeVisible();
    await expect(page.getByTestId("replay-frame")).toBeVisible();
  }
  await page.goto(replayOf(start));
  const missing = targets.missing[0];
  await frame.locator(`a[data-replay="missing"][href="${replayOf(missing)}"]`).first().click();
  await expect(page.getByTestId("replay-notice")).toContainText("此链接未被抓取");
  await expect(page.getByTestId("replay-notice-url")).toHaveText(missing);

  // The replayed document: nothing that runs, served with a CSP that lets nothing load.
  const doc = await request.get(`/api/jobs/${jobId}/replay?url=${encodeURIComponent(start)}`);
  expect(doc.status()).toBe(200);
  expect(doc.headers()["content-security-policy"]).toContain("default-src 'none'");
  expect(await doc.text()).not.toMatch(/<script/i);
  expect((await request.get(`/api/jobs/${jobId}/replay?url=ftp%3A%2F%2Fx`)).status()).toBe(400);

  // Nothing of what was replayed was asked of the live site.
  expect(await liveRequestsFor(since, [start, ...targets.captured.slice(0, 2), missing])).toEqual([]);

  await page.goto(replayOf(start));
  await shoot(page, "replay", { prepare: () => expect(page.getByTestId("replay-frame")).toBeVisible() });
  await page.goto(replayOf(missing));
  await shoot(page, "replay-not-captured", { prepare: () => expect(page.getByTestId("replay-notice")).toBeVisible() });
  await page.goto(`/jobs/${jobId}`);
  await shoot(page, "reports", { fullPage: true, prepare: () => expect(page.getByTestId("reports-panel")).toBeVisible() });
});
