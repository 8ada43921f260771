/**
 * E2E: what a newcomer meets on the job page and around it — seeds collapsed, hosts set aside
 * badged apart from blocked ones, block asking first and undone, all form errors at once, the
 * page view's previous/next with j/k, a job deleted, a saved topic's page and a comparison on it.
 * Set E2E_SCREENSHOTS=<dir> to also save screenshots at 1280 and 390 px, in Chinese and English.
 */
import { expect, test, type Page } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e-job-page" });
test.afterAll(() => sql.end());
test.describe.configure({ mode: "serial" });

async function createJob(request: Page["request"], data: Record<string, unknown>): Promise<number> {
  const r = await request.post("/api/jobs", { data: { keywords: "计算机,软件,网络,数据库,算法", strategy: "bfs", ...data } });
  expect(r.status(), await r.text()).toBe(201);
  return (await r.json()).job.id as number;
}

const statusOf = async (jobId: number) => (await sql`select status::text from jobs where id = ${jobId}`)[0]?.status as string | undefined;

/** The job page's screenshots, once its panels have streamed in. */
const shootJob = (page: Page, name: string) => shoot(page, name, { prepare: async () => {
  for (const id of ["timing", "diagnostics", "events"]) await expect(page.getByTestId(id)).toBeVisible();
} });

test("with no job yet, the home page leads to the topic wizard", async ({ page }) => {
  const [{ n }] = await sql`select count(*)::int as n from jobs`;
  test.skip(n > 0, "other specs made jobs in this database first; the empty state shows only without any");
  await page.goto("/");
  await expect(page.getByTestId("empty-wizard-link")).toHaveAttribute("href", "/topics/new");
  await shoot(page, "home-empty");
  await page.getByTestId("empty-wizard-link").click();
  await expect(page).toHaveURL(/\/topics\/new/);
});

/** Fill the new-job form with three bad fields and submit it. */
async function submitBadJob(page: Page) {
  await page.locator("input[name=clc]").fill("ZZ99");
  await page.locator("textarea[name=seeds]").fill("ftp://x.test/");
  await page.locator("input[name=maxPages]").fill("0");
  await page.getByRole("button", { name: /^(开始爬取|Start crawling)$/ }).click();
  for (const field of ["clc", "seeds", "maxPages"]) await expect(page.getByTestId(`error-${field}`)).toBeVisible();
}

test("the new-job form reports a bad class code, bad seeds and a bad page budget at once", async ({ page }) => {
  await page.goto("/jobs/new");
  await submitBadJob(page);
  await expect(page.getByTestId("error-clc")).toContainText("ZZ99");
  // The strategies are named, not only by id.
  await expect(page.locator("select[name=strategy] option[value=tianwang]")).toHaveText("天网 (tianwang)");
  // The strategy a job gets when it names none is chosen and marked recommended.
  await expect(page.locator("select[name=strategy] option[value=best-first]")).toHaveText("最佳优先 (best-first)（推荐）");
  await shoot(page, "new-job-errors", { fullPage: true, prepare: () => submitBadJob(page) });
});

test("500 seeds stay collapsed above the counters; a finished job can be deleted after a confirmation", async ({ page, request }) => {
  const seeds = Array.from({ length: 500 }, (_, i) => `http://portal.test/no-such-page-${i}`);
  const jobId = await createJob(request, { name: "五百个种子", seeds, maxPages: 3, minDelayMs: 0, clc: "TP3" });
  await expect.poll(() => statusOf(jobId), { timeout: 120_000 }).not.toBe("running");
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("job-seeds")).toContainText("no-such-page-0");
  await expect(page.getByTestId("job-seeds-all")).not.toHaveAttribute("open", "");
  await expect(page.getByTestId("job-seeds-all").locator("summary")).toHaveText("显示全部 500 个种子");
  // The counters are near the top, not 2,500 px down.
  // The counters' panel streams in after the page (its own Suspense boundary): wait for it before measuring.
  await expect(page.getByTestId("count-fetched")).toBeVisible({ timeout: 30_000 });
  const counters = await page.getByTestId("count-fetched").boundingBox();
  expect(counters && counters.y).toBeLessThan(1000);
  // The seeds' outcomes list the few that failed and count the rest.
  await expect(page.getByTestId("seed-outcomes").locator("li")).toHaveCount(3);
  await expect(page.getByTestId("seed-outcomes-more")).toContainText("497");
  // Budget used, fetched and failed come from one read: once the job is over they add up.
  const num = async (id: string) => Number((await page.getByTestId(id).innerText()).split("/")[0].trim());
  expect(await num("count-budget")).toBe(await num("count-fetched") + await num("count-failed"));
  await expect(page.getByTestId("count-budget")).toHaveText(/\/ 3$/);
  // Class codes are the topic's classes, not keywords.
  await expect(page.getByTestId("job-keywords")).not.toContainText("TP3");
  await page.getByTestId("job-seeds-all").locator("summary").click();
  await expect(page.getByTestId("job-seeds-all").locator("li")).toHaveCount(500);
  await shootJob(page, "job-finished");

  // Dismissed: nothing deleted. Accepted: the job and its rows are gone.
  page.once("dialog", (d) => void d.dismiss());
  await page.getByTestId("delete-job").click();
  await expect(page).toHaveURL(new RegExp(`/jobs/${jobId}$`));
  expect(await statusOf(jobId)).toBeTruthy();
  page.once("dialog", (d) => void d.accept());
  await page.getByTestId("delete-job").click();
  await expect(page).toHaveURL(new RegExp(`/\\?deleted=${jobId}$`), { timeout: 30_000 });
  await expect(page.getByTestId("job-deleted")).toContainText(`#${jobId}`);
  expect(await statusOf(jobId)).toBeUndefined();
  const [{ n }] = await sql`select (select count(*) from frontier where job_id = ${jobId}) + (select count(*) from job_events where job_id = ${jobId}) as n`;
  expect(Number(n)).toBe(0);
});

test("an active job: a host set aside is badged apart; blocking asks first and can be undone", async ({ page, request }) => {
  const jobId = await createJob(request, { name: "运行中", seeds: ["http://portal.test/", "http://tech-1.test/"], maxPages: 2000, minDelayMs: 1500, strategy: "best-first" });
  await expect.poll(async () => (await sql`select pages_fetched as n from jobs where id = ${jobId}`)[0].n, { timeout: 60_000 }).toBeGreaterThan(2);
  // A host that never answered, as the crawler leaves it (lib/store/host-controls.ts, setHostAside).
  await sql`insert into hosts (job_id, host, robots_state, robots_expires_at, next_fetch_at, has_pending)
    values (${jobId}, 'dead-host.test', 'unreachable', 'infinity', 'infinity', false)`;
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("job-strategy")).toHaveText("最佳优先 (best-first)");
  await shootJob(page, "job-running");
  await page.goto(`/jobs/${jobId}?hq=dead-host#hosts`);
  const dead = page.locator("[data-testid=host-row][data-host='dead-host.test']");
  await expect(dead.getByTestId("host-badge-set-aside")).toHaveText("已搁置/不可达");
  await expect(dead.getByTestId("host-badge-blocked")).toHaveCount(0);

  await request.post(`/api/jobs/${jobId}/actions`, { data: { action: "pause" } });
  await page.goto(`/jobs/${jobId}?hq=tech-1.test#hosts`);
  const row = page.locator("[data-testid=host-row][data-host='tech-1.test']");
  page.once("dialog", (d) => void d.dismiss());
  await row.getByTestId("block-host").click();
  await expect(row.getByTestId("host-badge-blocked")).toHaveCount(0);
  page.once("dialog", (d) => { expect(d.message()).toContain("tech-1.test"); void d.accept(); });
  await row.getByTestId("block-host").click();
  await expect(row.getByTestId("host-badge-blocked")).toHaveText("已屏蔽", { timeout: 20_000 });
  await expect(page.getByTestId("event-host-blocked").first().getByTestId("event-detail")).toContainText("tech-1.test");
  page.once("dialog", (d) => void d.accept());
  await row.getByTestId("unblock-host").click();
  await expect(row.getByTestId("host-badge-blocked")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.getByTestId("event-host-unblocked").first().getByTestId("event-detail")).toContainText("tech-1.test");
  const [state] = await sql`select settings->'deny' as deny,
    (select count(*)::int from frontier where job_id = ${jobId} and host = 'tech-1.test' and skip_reason = 'scope:blocked') as blocked
    from jobs where id = ${jobId}`;
  expect(state.deny).toEqual([]);
  expect(state.blocked).toBe(0);
  // An active job cannot be deleted: the page says to stop it first.
  await expect(page.getByTestId("delete-job")).toHaveCount(0);
  await expect(page.getByTestId("delete-hint")).toBeVisible();
  await request.post(`/api/jobs/${jobId}/actions`, { data: { action: "stop" } });
});

test("the page view moves to the previous and next page with links and with k / j", async ({ page, request }) => {
  const jobId = await createJob(request, { name: "翻页", seeds: ["http://portal.test/"], maxPages: 6, minDelayMs: 0 });
  await expect.poll(() => statusOf(jobId), { timeout: 120_000 }).not.toBe("running");
  const ids = (await sql`select id::text from pages where job_id = ${jobId} order by id desc`).map((r) => r.id as string);
  expect(ids.length).toBeGreaterThanOrEqual(3);
  await page.goto(`/jobs/${jobId}/pages/${ids[1]}`);
  await expect(page.getByTestId("page-nav")).toHaveAttribute("data-keys", "ready");
  await expect(page.getByTestId("page-prev")).toHaveAttribute("href", `/jobs/${jobId}/pages/${ids[0]}`);
  await expect(page.getByTestId("page-next")).toHaveAttribute("href", `/jobs/${jobId}/pages/${ids[2]}`);
  await shoot(page, "page-view");
  await page.keyboard.press("j");
  await expect(page).toHaveURL(new RegExp(`/pages/${ids[2]}$`));
  await expect(page.getByTestId("page-nav")).toHaveAttribute("data-keys", "ready");
  await page.keyboard.press("k");
  await expect(page).toHaveURL(new RegExp(`/pages/${ids[1]}$`));
  await page.getByTestId("page-prev").click();
  await expect(page).toHaveURL(new RegExp(`/pages/${ids[0]}$`));
  await expect(page.getByTestId("page-prev")).toHaveCount(0);
});

test("a saved topic has its own page, and a comparison on it starts only the strategies ticked", async ({ page, request }) => {
  const r = await request.post("/api/topics", { data: { name: "比较用主题", clc: ["TP3"] } });
  expect(r.status(), await r.text()).toBe(201);
  const topicId = (await r.json()).topic.id as number;
  await page.goto(`/topics/${topicId}`);
  await expect(page.getByTestId("topic-title")).toHaveText("比较用主题");
  await expect(page.getByTestId("job-topic-classes")).toContainText("TP3");
  await shoot(page, "topic-page");
  await page.goto("/topics");
  await page.locator(`[data-topic-id="${topicId}"] h2 a`).click();
  await expect(page).toHaveURL(new RegExp(`/topics/${topicId}$`));
  await page.goto("/topics");
  await shoot(page, "topics-library");

  await page.goto("/compare");
  await page.locator("select[name=topicId]").selectOption(String(topicId));
  await page.locator("textarea[name=seeds]").fill("http://portal.test/");
  await page.locator("input[name=maxPages]").fill("5");
  for (const s of ["bfs", "best-first", "cmscrawler", "opic"]) {
    const box = page.locator(`input[name=strategies][value=${s}]`);
    if (["best-first", "opic"].includes(s)) await box.check(); else await box.uncheck();
  }
  await shoot(page, "compare-form", { fullPage: true });
  await page.locator("select[name=topicId]").selectOption(String(topicId));
  for (const s of ["bfs", "cmscrawler"]) await page.locator(`input[name=strategies][value=${s}]`).uncheck();
  for (const s of ["best-first", "opic"]) await page.locator(`input[name=strategies][value=${s}]`).check();
  await page.locator("textarea[name=seeds]").fill("http://portal.test/");
  await page.locator("input[name=maxPages]").fill("5");
  await page.getByRole("button", { name: "开始对比" }).click();
  await expect(page).toHaveURL(/\/compare\/[0-9a-f]+$/, { timeout: 30_000 });
  const id = /\/compare\/([0-9a-f]+)$/.exec(page.url())![1];
  const jobs = await sql`select strategy, topic_id from jobs where comparison_id = ${id} order by strategy`;
  expect(jobs.map((j) => [j.strategy, j.topic_id])).toEqual([["best-first", topicId], ["opic", topicId]]);
});
