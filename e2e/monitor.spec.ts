import { expect, test, type Page } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e-monitor" });
test.afterAll(() => sql.end());

async function createJob(request: Page["request"], data: Record<string, unknown>): Promise<number> {
  const r = await request.post("/api/jobs", { data: { keywords: "计算机,软件,网络,数据库,算法", strategy: "bfs", ...data } });
  expect(r.status()).toBe(201);
  return (await r.json()).job.id as number;
}

const fetchedOf = async (jobId: number) => (await sql`select pages_fetched as n from jobs where id = ${jobId}`)[0].n as number;

/** The numbers of one column of the hosts table, top to bottom. */
async function column(page: Page, testId: string): Promise<number[]> {
  return (await page.getByTestId(testId).allTextContents()).map(Number);
}

test("a crawl fills the charts, the hosts table sorts, and a host blocked from the table is not fetched any more", async ({ page, request }) => {
  // A budget it cannot spend before the block below, however fast or slow the machine (it is stopped at the end).
  const jobId = await createJob(request, { seeds: ["http://portal.test/"], maxPages: 2500, minDelayMs: 200 });
  await expect.poll(() => fetchedOf(jobId), { timeout: 60_000 }).toBeGreaterThanOrEqual(30);
  await page.goto(`/jobs/${jobId}`);

  // Charts: drawn as SVG with their numbers in the summary (filled: pages fetched, stored pages binned).
  for (const id of ["chart-harvest-pages", "chart-harvest-time", "chart-per-minute", "chart-frontier", "chart-relevance", "chart-errors"]) {
    await expect(page.locator(`[data-testid=${id}] svg`)).toBeVisible();
    await expect(page.locator(`[data-testid=${id}] [role=img]`)).toHaveAttribute("aria-label", /\S/);
  }
  await expect(page.getByTestId("chart-harvest-pages-summary")).toHaveText(/抓取 [1-9]\d* 页/);
  // The charts say when they were read: the counters above go on updating live.
  await expect(page.getByTestId("charts-as-of")).toHaveText(/^图表截至 \d{2}:\d{2}:\d{2}/);
  // A healthy crawl: the diagnostics say so, in a calm frame, instead of asking why it is slow.
  await expect(page.getByTestId("diagnostics")).toHaveAttribute("data-state", "healthy");
  await expect(page.locator("#diag-title")).toHaveText("诊断：抓取正常");
  await expect(page.locator("[data-testid=diagnostics] [data-severity=warning], [data-testid=diagnostics] [data-severity=problem]")).toHaveCount(0);
  await shoot(page, "job-running-healthy", { fullPage: true, prepare: () => expect(page.getByTestId("diagnostics")).toBeVisible() });
  await expect(page.getByTestId("chart-relevance-summary")).toHaveText(/^[1-9]\d* 个已存页面/);
  await expect(page.locator("[data-testid=chart-relevance] svg")).toContainText("阈值");
  const before = Number(/抓取 (\d+) 页/.exec(await page.getByTestId("chart-harvest-pages-summary").innerText())![1]);
  await expect.poll(() => fetchedOf(jobId), { timeout: 60_000 }).toBeGreaterThan(before + 10);
  await page.reload();
  const after = Number(/抓取 (\d+) 页/.exec(await page.getByTestId("chart-harvest-pages-summary").innerText())![1]);
  expect(after).toBeGreaterThan(before); // the charts fill as the crawl goes on

  // Sorting: by fetched pages, most first, by default; a click turns the order, another turns it back; all in the URL.
  await expect(page.locator("th[aria-sort=descending]")).toContainText("已抓取");
  const byDefault = await column(page, "host-fetched");
  expect(byDefault.length).toBeGreaterThan(1);
  expect(byDefault).toEqual([...byDefault].sort((a, b) => b - a));
  await page.getByTestId("sort-fetched").click();
  await expect(page).toHaveURL(/hsort=fetched&hdir=asc/, { timeout: 20_000 });
  await expect(page.locator("th[aria-sort=ascending]")).toContainText("已抓取");
  const asc = await column(page, "host-fetched");
  expect(asc).toEqual([...asc].sort((a, b) => a - b));
  expect(asc).not.toEqual(byDefault);
  await page.getByTestId("sort-host").click();
  await expect(page).toHaveURL(/hsort=host&hdir=desc/, { timeout: 20_000 });
  const hosts = await page.getByTestId("host-row").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-host") ?? ""));
  expect(hosts).toEqual([...hosts].sort().reverse());

  // Block the host with the most URLs still pending.
  const [target] = await sql<{ host: string }[]>`select host from frontier where job_id = ${jobId} and status = 'pending'
    group by host order by count(*) desc limit 1`;
  expect(target).toBeTruthy();
  await page.goto(`/jobs/${jobId}?hq=${encodeURIComponent(target.host)}#hosts`);
  const row = page.locator(`[data-testid=host-row][data-host="${target.host}"]`);
  page.once("dialog", (d) => void d.accept()); // blocking asks first
  await row.getByTestId("block-host").click();
  await expect(row).toContainText("已屏蔽");
  // URLs leased before the block may still finish; after them, none of the host's is fetched again.
  await expect.poll(async () => (await sql`select count(*)::int as n from frontier where job_id = ${jobId} and host = ${target.host}
    and status = 'leased'`)[0].n, { timeout: 30_000 }).toBe(0);
  const [{ n: pagesAtBlock }] = await sql`select count(*)::int as n from pages where job_id = ${jobId} and host = ${target.host}`;
  const fetchedAtBlock = await fetchedOf(jobId);
  await expect.poll(async () => {
    const [j] = await sql`select pages_fetched, status::text from jobs where id = ${jobId}`;
    return j.pages_fetched >= fetchedAtBlock + 30 || j.status !== "running";
  }, { timeout: 90_000 }).toBe(true);
  const [{ n: pagesNow }] = await sql`select count(*)::int as n from pages where job_id = ${jobId} and host = ${target.host}`;
  expect(pagesNow).toBe(pagesAtBlock);
  const [state] = await sql`select settings->'deny' as deny,
    (select count(*)::int from frontier where job_id = ${jobId} and host = ${target.host} and status in ('pending', 'leased')) as open
    from jobs where id = ${jobId}`;
  expect(state.deny).toContain(target.host.replace(/:\d+$/, ""));
  expect(state.open).toBe(0);
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("event-host-blocked")).toContainText("已屏蔽主机");
  await request.post(`/api/jobs/${jobId}/actions`, { data: { action: "stop" } });
});

test("a paused job's diagnostics say paused, in Chinese and in English", async ({ page, request, context }) => {
  const jobId = await createJob(request, { seeds: ["http://hist-1.test/"], maxPages: 50 });
  expect((await request.post(`/api/jobs/${jobId}/actions`, { data: { action: "pause" } })).status()).toBe(200);
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("diag-paused")).toContainText("任务已暂停");
  await expect(page.getByTestId("event-pause")).toContainText("已请求暂停");
  await context.addCookies([{ name: "lang", value: "en", url: page.url() }]);
  await page.reload();
  await expect(page.getByTestId("diag-paused")).toContainText("The job is paused");
  await request.post(`/api/jobs/${jobId}/actions`, { data: { action: "stop" } });
});

test("a running job with nothing fetched says why: its only host waits, named with the time it may be fetched again", async ({ page, request }) => {
  // One host (scope: the seed's host) and a 10-minute delay: after the robots.txt request, the host waits.
  const jobId = await createJob(request, { seeds: ["http://hist-2.test/"], maxPages: 50, scope: "seed-hosts", minDelayMs: 600_000 });
  await expect.poll(async () => (await sql`select count(*)::int as n from hosts where job_id = ${jobId}
    and next_fetch_at > now() + interval '1 minute' and in_flight = 0`)[0].n, { timeout: 30_000 }).toBe(1);
  const [{ until }] = await sql<{ until: Date }[]>`select next_fetch_at as until from hosts where job_id = ${jobId}`;
  await page.goto(`/jobs/${jobId}`);
  const waiting = page.getByTestId("diag-hosts-waiting");
  await expect(waiting).toContainText("hist-2.test");
  await expect(page.getByTestId("diagnostics")).toHaveAttribute("data-state", "warning");
  await expect(page.locator("#diag-title")).toHaveText("诊断：为什么慢或停着");
  await shoot(page, "job-diagnostics-warning", { prepare: () => expect(page.getByTestId("diag-hosts-waiting")).toBeVisible() });
  await expect(waiting).toContainText(until.toLocaleTimeString("zh-CN", { hour: "2-digit", minute: "2-digit", second: "2-digit" }));
  await expect(page.getByTestId("count-status")).toHaveText("运行中");
  await request.post(`/api/jobs/${jobId}/actions`, { data: { action: "stop" } });
});

test("a job whose seeds all fail ends as failed and names each seed with why", async ({ page, request }) => {
  const jobId = await createJob(request, { seeds: ["http://hist-1.test/no-such-page-1", "http://hist-1.test/no-such-page-2"], maxPages: 10, minDelayMs: 0 });
  await expect.poll(async () => (await sql`select status::text from jobs where id = ${jobId}`)[0].status, { timeout: 60_000 }).toBe("failed");
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("count-status")).toHaveText("失败");
  await expect(page.getByTestId("finish-reason")).toHaveText("所有种子都失败了");
  const seeds = page.getByTestId("seed-outcomes");
  for (const s of ["no-such-page-1", "no-such-page-2"]) await expect(seeds).toContainText(s);
  await expect(seeds).toContainText("HTTP 404");
});
