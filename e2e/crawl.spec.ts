import { expect, test } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e" });
test.afterAll(() => sql.end());

const jobCount = async () => (await sql`select count(*)::int as n from jobs`)[0].n as number;

test("the API: health, per-field errors for bad input with nothing written, 201 for a good job", async ({ request }) => {
  // The database answered and the dashboard's worker is heartbeating.
  await expect.poll(async () => (await request.get("/api/health")).json(), { timeout: 30_000 }).toEqual({ ok: true, workers: 1 });
  const before = await jobCount();
  const bad = await request.post("/api/jobs", { data: { keywords: [], seeds: ["gopher://x.test/"], maxPages: "ten" } });
  expect(bad.status()).toBe(400);
  const body = await bad.json();
  expect(Object.keys(body.fields).sort()).toEqual(["keywords", "maxPages", "seeds"]);
  expect(await jobCount()).toBe(before);
  const notJson = await request.post("/api/jobs", { data: "not json", headers: { "content-type": "application/json" } });
  expect(notJson.status()).toBe(400);
  const good = await request.post("/api/jobs", { data: { keywords: "历史,朝代", seeds: ["http://hist-1.test/"], maxPages: 5 } });
  expect(good.status()).toBe(201);
  const { job } = await good.json();
  expect(await jobCount()).toBe(before + 1);
  const stop = await request.post(`/api/jobs/${job.id}/actions`, { data: { action: "explode" } });
  expect(stop.status()).toBe(400);
});

test("crawl settings: bad ones are named; proxy and site passwords and cookies are never shown back", async ({ request, page }) => {
  const bad = await request.post("/api/jobs", { data: { keywords: "历史", seeds: ["http://hist-1.test/"], scope: "everywhere",
    deny: ["bad pattern!"], proxy: "ftp://proxy", siteAuth: ["no-password-here"] } });
  expect(bad.status()).toBe(400);
  expect(Object.keys((await bad.json()).fields).sort()).toEqual(["deny", "proxy", "scope", "siteAuth"]);
  const secret = "Top$ecret42";
  const good = await request.post("/api/jobs", { data: { keywords: "历史", seeds: ["http://hist-1.test/"], maxPages: 1, scope: "seed-domains",
    deny: ["*.ads.test"], proxy: `http://bob:${secret}@127.0.0.1:9`, siteAuth: [`hist-1.test alice:${secret}`], cookies: [`hist-1.test sid=${secret}`] } });
  expect(good.status()).toBe(201);
  const { job } = await good.json();
  expect(JSON.stringify(job)).not.toContain(secret);
  const read = await (await request.get(`/api/jobs/${job.id}`)).text();
  expect(read).not.toContain(secret);
  expect(read).toContain("seed-domains");
  await page.goto(`/jobs/${job.id}`);
  await page.getByTestId("job-settings").evaluate((el) => el.closest("details")!.setAttribute("open", ""));
  await expect(page.getByTestId("job-settings")).toContainText("*.ads.test");
  expect(await page.content()).not.toContain(secret);
  await request.post(`/api/jobs/${job.id}/actions`, { data: { action: "stop" } });
});

test("the topic API: CLC search and browse, preview, score, save, switch a job's topic", async ({ request }) => {
  const search = await (await request.get("/api/clc/search?q=" + encodeURIComponent("计算机"))).json();
  expect(search.results.length).toBeGreaterThan(0);
  const tp = await (await request.get("/api/clc/TP")).json();
  expect(tp.node.nameEn).toBe("Automation and computer technology");
  expect(tp.children.map((c: { code: string }) => c.code)).toContain("TP3");
  expect((await request.get("/api/clc/NOPE9")).status()).toBe(404);

  const preview = await (await request.post("/api/topics/preview", { data: { clc: ["TP3"], keywords: "数据库" } })).json();
  expect(preview.terms.length).toBeGreaterThan(10);
  const bad = await request.post("/api/topics/preview", { data: { clc: ["ZZ1"] } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).fields.clc[0]).toContain("unknown class");

  const scored = await (await request.post("/api/topics/score", { data: { topic: { keywords: "水稻,小麦" }, text: "水稻 小麦 种植" } })).json();
  expect(scored.relevance).toBeGreaterThan(0.5);

  const saved = await request.post("/api/topics", { data: { name: "农作物", keywords: "水稻,小麦,玉米" } });
  expect(saved.status()).toBe(201);
  const { topic } = await saved.json();
  const job = await (await request.post("/api/jobs", { data: { keywords: "历史", seeds: ["http://hist-2.test/"], maxPages: 3 } })).json();
  expect((await request.post(`/api/jobs/${job.job.id}/topic`, { data: { topicId: topic.id } })).status()).toBe(200);
  const [row] = await sql`select topic_id, topic_revision from jobs where id = ${job.job.id}`;
  expect(row).toEqual({ topic_id: topic.id, topic_revision: 2 });
  // Refining needs pages to learn from, and a sane page count.
  const early = await request.post(`/api/jobs/${job.job.id}/topic/refine`, { data: {} });
  expect(early.status()).toBe(409);
  expect((await early.json()).error).toContain("no pages to learn from");
  const badCount = await request.post(`/api/jobs/${job.job.id}/topic/refine`, { data: { pages: 1000 } });
  expect(badCount.status()).toBe(400);
  expect((await badCount.json()).fields.pages[0]).toContain("from 1 to 100");
});

test("bad input in the form is shown per field and nothing is written", async ({ page }) => {
  const before = await jobCount();
  await page.goto("/jobs/new");
  await page.locator("textarea[name=seeds]").fill("ftp://example.test/");
  await page.locator("input[name=maxPages]").fill("很多");
  await page.getByRole("button", { name: "开始爬取" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "请修改标出的字段" })).toBeVisible();
  // The messages are in the interface's language (the API says the same in English).
  await expect(page.getByTestId("error-keywords")).toContainText("请至少给出一个关键词");
  await expect(page.getByTestId("error-seeds")).toContainText("只能爬取 http:// 和 https:// 网址");
  await expect(page.getByTestId("error-maxPages")).toContainText("之间的整数");
  await expect(page.locator("textarea[name=seeds]")).toHaveValue("ftp://example.test/");
  expect(await jobCount()).toBe(before);
});

test("create a job in the browser, watch the count rise, open a stored page", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "新建任务" }).first().click();
  await page.locator("input[name=name]").fill("计算机主题 e2e");
  await page.locator("input[name=keywords]").fill("计算机,软件,网络,数据库,算法");
  await page.locator("textarea[name=seeds]").fill("http://portal.test/");
  await page.locator("input[name=maxPages]").fill("500");
  // The form opens on the recommended strategy; this walk is written for breadth-first's order.
  await expect(page.locator("select[name=strategy]")).toHaveValue("best-first");
  await page.locator("select[name=strategy]").selectOption("bfs");
  // Topic learning is off by default (bench/LAB.md, "Realistic web"); this job learns after 100 pages.
  await page.getByText("高级设置").click();
  await expect(page.locator("input[name=adaptTopicAfter]")).toHaveValue("0");
  await page.locator("input[name=adaptTopicAfter]").fill("100");
  await page.getByRole("button", { name: "开始爬取" }).click();
  await page.waitForURL(/\/jobs\/\d+$/);
  const jobId = Number(page.url().split("/").pop());

  const fetched = page.getByTestId("count-fetched");
  const seen = new Set<number>();
  await expect(async () => {
    seen.add(Number(await fetched.textContent()));
    expect(seen.size).toBeGreaterThanOrEqual(3); // several distinct values: it rose while we watched
  }).toPass({ intervals: [100], timeout: 60_000 });
  const values = [...seen];
  expect(values).toEqual([...values].sort((a, b) => a - b));

  await expect(page.getByTestId("job-status").or(page.getByTestId("count-status"))).toHaveText(/已完成/, { timeout: 90_000 });
  await expect(fetched).toHaveText("500");
  await page.reload();
  await expect(page.getByTestId("queue-table")).toContainText("深度"); // bfs explains a queued URL by its depth
  const [db] = await sql`select pages_fetched, status::text from jobs where id = ${jobId}`;
  expect(db).toEqual({ pages_fetched: 500, status: "done" });

  // After 100 pages (or, if put off, at 200 or 400) the topic learned from its 10 best by itself, once.
  await expect(page.getByTestId("topic-feedback")).toContainText("主题已自动用得分最高的 10 个页面调整");
  const [adapted] = await sql`select topic_revision, topic_snapshot->'feedback'->>'isAuto' as auto from jobs where id = ${jobId}`;
  expect(adapted).toEqual({ topic_revision: 2, auto: "true" });

  // Refine the topic from the job's 5 best pages: a preview first (nothing changes yet), then
  // apply; the page says what it learned and keeps saying so.
  const [auto] = await sql`select topic_snapshot from jobs where id = ${jobId}`;
  const refine = page.getByTestId("refine-topic");
  await shoot(page, "job-refine-preview", { fullPage: true, prepare: async () => {
    await refine.locator("input[name=pages]").fill("5");
    await refine.locator("button[value=preview]").click();
    await expect(refine.getByTestId("refine-preview")).toBeVisible();
  } });
  await refine.locator("input[name=pages]").fill("5");
  await refine.getByRole("button", { name: "预览变化" }).click();
  await expect(refine.getByTestId("refine-preview")).toBeVisible();
  const [previewed] = await sql`select topic_revision from jobs where id = ${jobId}`;
  expect(previewed.topic_revision).toBe(2);
  await refine.getByTestId("refine-apply").click();
  await expect(refine.getByRole("status")).toContainText("已应用：从 5 个页面学习");
  await expect(page.getByTestId("topic-feedback")).toContainText("主题已用 5 个页面扩充");
  const [refined] = await sql`select topic_revision, topic_snapshot->'feedback'->>'pages' as pages from jobs where id = ${jobId}`;
  expect(refined).toEqual({ topic_revision: 3, pages: "5" });

  // Undo puts back exactly the topic the job had before, as a new revision.
  await refine.getByTestId("refine-undo").click();
  await expect(refine.getByRole("status")).toContainText("已撤销");
  const [undone] = await sql`select topic_revision, topic_snapshot from jobs where id = ${jobId}`;
  expect(undone.topic_revision).toBe(4);
  expect(undone.topic_snapshot).toEqual(auto.topic_snapshot);

  await expect(page.getByTestId("pages-table")).toBeVisible();
  const first = page.getByTestId("pages-table").locator("tbody a").first();
  const title = (await first.textContent())!.trim();
  await first.click();
  await expect(page.getByTestId("page-title")).toHaveText(title);
  await expect(page.getByTestId("page-url")).toContainText(".test/");
  await expect(page.getByTestId("page-text")).not.toBeEmpty();

  await page.getByRole("button", { name: "English" }).click();
  await expect(page.getByRole("link", { name: "New job" })).toBeVisible();
});

test("compare strategies in the browser: one job per strategy, harvest curves drawn live", async ({ page }) => {
  await page.goto("/compare");
  await page.locator("input[name=keywords]").fill("计算机,软件,网络,数据库,算法");
  await page.locator("textarea[name=seeds]").fill("http://portal.test/");
  await page.locator("input[name=maxPages]").fill("200");
  await page.locator("input[name=minDelayMs]").fill("0");
  await page.locator("input[name=strategies][value=cmscrawler]").uncheck();
  await page.getByRole("button", { name: "开始对比" }).click();
  await page.waitForURL(/\/compare\/[0-9a-f]{12}$/);
  const table = page.getByTestId("compare-table");
  await expect(table.locator("tbody tr")).toHaveCount(2);
  await expect(table).toContainText("best-first");
  // Both jobs end and the chart has a line per strategy; the table reports the 100-page checkpoint.
  await expect(async () => {
    expect(await table.locator("tbody tr td:nth-child(2)").allTextContents()).toEqual(["已完成", "已完成"]);
  }).toPass({ intervals: [500], timeout: 90_000 });
  await expect(page.getByTestId("compare-chart").locator("svg path")).toHaveCount(2);
  await expect(page.getByTestId("compare-chart")).toContainText("已抓取页数"); // the axes are in the interface's language
  await expect(table.locator("thead")).toContainText("策略");
  await expect(table.locator("thead")).toContainText("100");
  await expect(table.locator("thead")).toContainText("失败");
  for (const f of await table.locator("tbody tr td:nth-child(4)").allTextContents()) expect(Number(f)).toBeGreaterThanOrEqual(0);
  const harvest = await table.locator("tbody tr td:nth-child(5)").allTextContents();
  for (const h of harvest) expect(Number(h)).toBeGreaterThanOrEqual(0);
  await expect(page.getByTestId("compare-rescored")).toHaveCount(0);
  // Relevant pages against time: a line per strategy, and the counts by 1, 2, 5 and 10 minutes,
  // which for a job that ended are all it found (counted here from its pages).
  await expect(page.getByTestId("compare-time-chart").locator("svg path")).toHaveCount(2);
  await expect(page.getByTestId("compare-time-chart")).toContainText("开始后的分钟数");
  const byTime = page.getByTestId("compare-time-table");
  await expect(byTime.locator("thead")).toContainText("10 分钟");
  const comparisonId = page.url().split("/").pop()!;
  const found = await sql<{ strategy: string; n: number }[]>`select j.strategy, count(p.id) filter (where p.is_relevant)::int as n
    from jobs j left join pages p on p.job_id = j.id where j.comparison_id = ${comparisonId} group by j.strategy`;
  for (const { strategy, n } of found) {
    const row = byTime.locator("tbody tr", { hasText: strategy });
    const counts = (await row.locator("td[data-minutes]").allTextContents()).map(Number);
    expect(counts).toHaveLength(4);
    expect(counts.every((c, i) => i === 0 || c >= counts[i - 1])).toBe(true);
    expect(counts[3]).toBe(n);
  }
  await shoot(page, "compare-by-time", { fullPage: true, prepare: () => expect(page.getByTestId("compare-time-table")).toBeVisible() });
  // A job whose topic learned had its pages scored again: its checkpoints say so.
  const [first] = await sql`select id from jobs where comparison_id = ${comparisonId} order by id limit 1`;
  await sql`update jobs set topic_revision = 2 where id = ${first.id}`;
  await page.reload();
  await expect(table.locator("tbody tr").first().locator("td[data-rescored=true]").first()).toContainText("*");
  await expect(table.locator("tbody tr").nth(1).locator("td[data-rescored=true]")).toHaveCount(0);
  await expect(page.getByTestId("compare-rescored")).toContainText("重新评分");

  // A comparison with one strategy is refused, naming the field.
  await page.goto("/compare");
  await page.locator("input[name=keywords]").fill("计算机");
  await page.locator("textarea[name=seeds]").fill("http://portal.test/");
  for (const s of ["best-first", "cmscrawler"]) await page.locator(`input[name=strategies][value=${s}]`).uncheck();
  await page.getByRole("button", { name: "开始对比" }).click();
  await expect(page.getByTestId("error-strategies")).toContainText("请至少选两种策略");
});
