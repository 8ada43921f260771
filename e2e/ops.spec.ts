/**
 * Monitoring and operations in the real app: the workers page shows the app's own worker, a
 * finished job reads in Chinese words (no raw codes), GET /metrics agrees with the database,
 * the new-job form marks and focuses its first bad field, and nothing is wider than a 390 px screen.
 */
import { expect, test, type Page } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e" });
test.afterAll(() => sql.end());

const RAW_CODES = /\b(max-pages|frontier-empty|time-budget|stopped-by-user|content|hub)\b/;

test("the workers page shows the live worker the app started", async ({ page }) => {
  await page.goto("/workers");
  const live = page.locator('[data-testid=worker-row][data-state=live]');
  await expect(live.first()).toBeVisible();
  const [w] = await sql<{ worker_id: string; version: string }[]>`
    select worker_id, version from worker_heartbeats where status = 'running' order by last_beat_at desc limit 1`;
  await expect(live.filter({ hasText: w.worker_id })).toHaveCount(1);
  await expect(live.first().getByTestId("worker-state")).toHaveText("运行中");
  expect(w.version).toMatch(/^\d+\.\d+\.\d+/);
  await expect(page.getByTestId("workers-table")).toContainText(w.version);
});

test("a finished job reads in Chinese on the home and job pages, and /metrics agrees with the database", async ({ page, request }) => {
  const created = await request.post("/api/jobs", { data: { name: "运维测试", keywords: "计算机,软件,网络", seeds: ["http://portal.test/"], maxPages: 25, minDelayMs: 0 } });
  expect(created.status()).toBe(201);
  const { job } = await created.json();
  await expect.poll(async () => (await sql`select status::text from jobs where id = ${job.id}`)[0].status, { timeout: 90_000 }).toBe("done");
  const [row] = await sql<{ finish_reason: string; pages_fetched: number; pages_relevant: number }[]>`
    select finish_reason, pages_fetched, pages_relevant from jobs where id = ${job.id}`;
  expect(row.finish_reason).toBe("max-pages");

  await page.goto("/");
  const jobRow = page.getByTestId("job-row").filter({ hasText: "运维测试" });
  await expect(jobRow).toContainText("达到页数上限");
  await expect(jobRow.getByTestId("sparkline")).toBeVisible();
  expect(await page.locator("main").innerText()).not.toMatch(RAW_CODES);
  await page.goto("/?status=running");
  await expect(page.getByTestId("job-row").filter({ hasText: "运维测试" })).toHaveCount(0);
  await page.goto("/?status=done");
  await expect(page.getByTestId("job-row").filter({ hasText: "运维测试" })).toHaveCount(1);

  await page.goto(`/jobs/${job.id}`);
  await expect(page.getByTestId("finish-reason")).toHaveText("达到页数上限");
  const kinds = await page.getByTestId("pages-table").locator("tbody td:nth-child(4)").allInnerTexts();
  expect(kinds.length).toBeGreaterThan(0);
  for (const k of kinds) expect(["内容页", "列表页", "首页"]).toContain(k);
  await page.getByTestId("job-settings").evaluate((el) => el.closest("details")!.setAttribute("open", ""));
  const settings = await page.getByTestId("job-settings").locator("dt").allInnerTexts();
  expect(settings.join(" ")).toContain("同一站点请求间隔");
  expect(settings.join(" ")).not.toMatch(/minDelayMs|maxHostConnections/);

  const metrics = await (await request.get("/metrics")).text();
  expect(metrics).toContain(`focuscrawl_pages_fetched_total{job_id="${job.id}"} ${row.pages_fetched}`);
  expect(metrics).toContain(`focuscrawl_pages_relevant{job_id="${job.id}"} ${row.pages_relevant}`);
  const fetches = Number(/^focuscrawl_fetch_duration_seconds_count (\d+)$/m.exec(metrics)?.[1]);
  expect(fetches).toBeGreaterThanOrEqual(row.pages_fetched);
});

test("the new-job form marks its bad fields and moves the focus to the first", async ({ page }) => {
  await page.goto("/jobs/new");
  await page.locator("textarea[name=seeds]").fill("http://portal.test/");
  await page.locator("input[name=maxPages]").fill("lots");
  await page.getByRole("button", { name: "开始爬取" }).click();
  const keywords = page.locator("input[name=keywords]");
  await expect(keywords).toBeFocused();
  await expect(keywords).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("input[name=maxPages]")).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("input[name=maxDepth]")).not.toHaveAttribute("aria-invalid", "true");
});

/** The page is no wider than the screen: whatever is wide scrolls inside its own box. */
async function expectFitsWidth(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator("main")).toBeVisible();
  const widths = await page.evaluate(() => ({ doc: document.documentElement.scrollWidth, view: window.innerWidth }));
  expect(widths, path).toEqual({ doc: 390, view: 390 });
}

test("at 390 px nothing is wider than the screen and every navigation link is in sight, each on one line", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["/", "/jobs/new", "/workers"]) await expectFitsWidth(page, path);
  const nav = page.getByTestId("top-nav");
  const linkHeights = await nav.locator("a").evaluateAll((links) => links.map((a) => a.getBoundingClientRect().height));
  for (const h of linkHeights) expect(h).toBeLessThan(30); // one line each, not a character per line
  // Every link inside the screen: none hidden past its right edge in a row that scrolls.
  const boxes = await nav.locator("a").evaluateAll((links) => links.map((a) => ({ text: a.textContent, left: a.getBoundingClientRect().left, right: a.getBoundingClientRect().right })));
  expect(boxes.length).toBeGreaterThanOrEqual(6);
  expect(boxes.filter((b) => b.left < 0 || b.right > 390).map((b) => b.text)).toEqual([]);
  await shoot(page, "nav-mobile");
  await nav.getByRole("link", { name: "工作进程" }).click();
  await expect(page).toHaveURL(/\/workers$/);
});
