import { expect, test } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e-feedback" });
test.afterAll(() => sql.end());

test("the form opens on the recommended strategy with the lab's figure", async ({ page }) => {
  await page.goto("/jobs/new");
  await expect(page.locator("select[name=strategy]")).toHaveValue("best-first");
  await expect(page.getByTestId("strategy-recommended")).toContainText("推荐 最佳优先 (best-first)");
  await expect(page.getByTestId("strategy-recommended")).toContainText("广度优先为");
  await shoot(page, "new-job-recommended", { prepare: () => expect(page.getByTestId("strategy-recommended")).toBeVisible() });
});

test("a job naming no strategy learns from its hosts: each host's held-back URLs and weight, each queued URL's host harvest", async ({ page, request }) => {
  const r = await request.post("/api/jobs", { data: { keywords: "计算机,软件,网络,数据库,算法", seeds: ["http://portal.test/"], maxPages: 2000, minDelayMs: 500 } });
  expect(r.status()).toBe(201);
  const jobId = (await r.json()).job.id as number;
  const [job] = await sql`select strategy, priority_feedback from jobs where id = ${jobId}`;
  expect(job).toEqual({ strategy: "best-first", priority_feedback: true });
  await expect.poll(async () => (await sql`select pages_fetched as n from jobs where id = ${jobId}`)[0].n, { timeout: 90_000 }).toBeGreaterThanOrEqual(40);
  await page.goto(`/jobs/${jobId}`);
  await expect(page.getByTestId("queue-table")).toContainText(/站点至今收获 \d+\/\d+，权重 ×\d\.\d\d/);
  await expect(page.getByTestId("host-held-back").first()).toHaveText(/^\d+\+?$/);
  await expect(page.getByTestId("hosts-table").locator("th", { hasText: "暂缓" })).toBeVisible();
  await shoot(page, "job-host-feedback", { fullPage: true, prepare: () => expect(page.getByTestId("host-held-back").first()).toBeVisible() });
  await request.post(`/api/jobs/${jobId}/actions`, { data: { action: "stop" } });
});

test("the form's learning switch and its goal (as fast / as few pages as possible), on and fast by default, reach the job's settings", async ({ page, request }) => {
  const create = async (isOn: boolean) => {
    await page.goto("/jobs/new");
    await page.locator("input[name=keywords]").fill("计算机,软件");
    await page.locator("textarea[name=seeds]").fill("http://portal.test/");
    await page.locator("input[name=maxPages]").fill("5");
    await page.getByText("高级设置").click();
    await expect(page.getByTestId("switch-priorityFeedback")).toBeChecked();
    await expect(page.getByTestId("goal-fast")).toBeChecked();
    if (!isOn) {
      await page.getByTestId("switch-priorityFeedback").uncheck();
      await page.getByTestId("goal-few").check();
    }
    await page.getByRole("button", { name: "开始爬取" }).click();
    await page.waitForURL(/\/jobs\/\d+$/);
    const jobId = Number(page.url().split("/").pop());
    await request.post(`/api/jobs/${jobId}/actions`, { data: { action: "stop" } });
    const [job] = await sql`select priority_feedback as "priorityFeedback", (settings->>'idleCapacity')::boolean as "idleCapacity" from jobs where id = ${jobId}`;
    return job;
  };
  expect(await create(false)).toEqual({ priorityFeedback: false, idleCapacity: false });
  expect(await create(true)).toEqual({ priorityFeedback: true, idleCapacity: true });
  await page.goto("/jobs/new");
  await shoot(page, "new-job-switches", {
    fullPage: true, prepare: async () => {
      await page.locator("summary", { hasText: /高级设置|Advanced/ }).click();
      await expect(page.getByTestId("goal-choice")).toBeVisible();
    },
  });
});
