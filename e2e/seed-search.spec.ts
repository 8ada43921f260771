/**
 * Candidate seeds from search providers, end to end: the wizard's topic asks two SearXNG-shaped
 * providers on loopback (one answers, one fails with HTTP 500), three candidates are picked, the
 * crawl starts from them, and the job page says where each seed came from.
 * E2E_SCREENSHOTS=<dir> writes the save step, the new-job form and the job page at 1280 and 390 px, in Chinese and English.
 */
import { expect, test, type Page } from "@playwright/test";
import { shoot } from "./screenshots";
import { openSql } from "../lib/store/infra/sql";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e" });
test.afterAll(() => sql.end());

const PICKS = ["http://tech-1.test/", "http://tech-2.test/", "http://tech-3.test/"];

/** Ask for candidates and wait for the list (the search button reads 搜索候选种子 or its English). */
async function searchCandidates(page: Page) {
  await page.getByTestId("seed-candidates").getByRole("button", { name: /搜索候选种子|Search for candidate seeds/ }).click();
  // The three on-topic hosts; the stub's art and economics hosts score below the minimum and are not offered.
  await expect(page.getByTestId("candidate-list").locator("li")).toHaveCount(3, { timeout: 60_000 });
}

test("the wizard's topic → candidate seeds from two providers, one failing → pick three → crawl; the job page shows each seed's origin", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/topics/new?step=refine");
  for (const word of ["数据库", "软件", "计算机"]) {
    await page.getByRole("textbox", { name: "关键词" }).fill(word);
    await page.getByRole("textbox", { name: "关键词" }).press("Enter");
  }
  await page.getByTestId("next-step").click();
  await expect(page).toHaveURL(/step=preview/);
  await expect(page.getByTestId("preview-terms").locator("li[data-term='数据库']")).toBeVisible({ timeout: 60_000 });
  await page.getByTestId("next-step").click();
  await expect(page).toHaveURL(/step=save/);
  await page.getByRole("textbox", { name: "主题名称" }).fill("数据库与软件（搜索种子）");

  await searchCandidates(page);
  const list = page.getByTestId("candidate-list");
  // One candidate per host, the topic's hosts first; the failing provider says why and the other's results stand.
  await expect(list.locator("li").first()).toHaveAttribute("data-host", /^tech-\d\.test$/);
  await expect(list.locator("li[data-host='tech-1.test']")).toHaveCount(1);
  await expect(list.locator("li[data-host='econ-1.test']")).toHaveCount(0);
  await expect(page.getByTestId("seed-providers").locator("[data-provider=broken]")).toContainText("返回 HTTP 500");
  await expect(page.getByTestId("seed-providers").locator("[data-provider=stub]")).toContainText("stub：");
  await shoot(page, "seeds-wizard-save", { fullPage: true, prepare: () => searchCandidates(page) });
  // The shots reload the page, and the results with it: they are asked for again.
  if (await list.count() === 0) await searchCandidates(page);
  for (const url of PICKS) await page.getByRole("checkbox", { name: `选用 ${url}` }).check();
  await expect(page.getByTestId("picked-count")).toContainText("已选 3 个候选种子");

  await page.getByRole("button", { name: "保存主题" }).click();
  await expect(page.getByRole("status")).toContainText("已保存主题", { timeout: 30_000 });
  await expect(page.getByTestId("picked-count")).toContainText("已选 3 个候选种子");
  await page.getByRole("link", { name: "用这个主题开始爬取" }).click();
  await expect(page.locator("textarea[name=seeds]")).toHaveValue(PICKS.join("\n"));
  await shoot(page, "seeds-new-job", { fullPage: true, prepare: () => searchCandidates(page) });
  await page.locator("input[name=maxPages]").fill("30");
  await page.getByRole("button", { name: "开始爬取" }).click();
  await page.waitForURL(/\/jobs\/\d+$/);

  const jobId = Number(page.url().split("/").pop());
  const seeds = page.getByTestId("job-seeds");
  for (const url of PICKS) {
    await expect(seeds.locator(`[data-seed='${url}'] [data-testid=seed-origin]`)).toHaveText(/^搜索：stub/);
  }
  const [job] = await sql`select seeds, seed_origins from jobs where id = ${jobId}`;
  expect(job.seeds).toEqual(PICKS);
  for (const url of PICKS) expect(job.seed_origins[url]).toMatchObject({ kind: "search", provider: "stub" });
  expect(job.seed_origins[PICKS[0]].score).toBeGreaterThan(0);
  // The crawl starts from the picked seeds.
  await expect.poll(async () => (await sql`select count(*)::int as n from frontier where job_id = ${jobId} and depth = 0 and status = 'done'`)[0].n,
    { timeout: 120_000 }).toBe(3);
  await shoot(page, "seeds-job");
});

test("a seed typed and one from a file are recorded as such beside a searched one", async ({ page }) => {
  await page.goto("/jobs/new");
  await page.locator("input[name=keywords]").fill("数据库,软件,网络,算法");
  await page.getByTestId("seed-candidates").getByRole("button", { name: "搜索候选种子" }).click();
  await page.getByRole("checkbox", { name: "选用 http://tech-2.test/" }).check({ timeout: 60_000 });
  await page.locator("textarea[name=seeds]").press("End");
  await page.locator("textarea[name=seeds]").pressSequentially("\nhttp://portal.test/");
  await page.locator("input[type=file]").setInputFiles({ name: "seeds.csv", mimeType: "text/csv", buffer: Buffer.from("url\nhttp://econ-1.test/\n") });
  await expect(page.locator("textarea[name=seeds]")).toHaveValue("http://tech-2.test/\nhttp://portal.test/\nhttp://econ-1.test/");
  // Unticking a candidate takes its line out again; ticking it puts it back with its origin.
  await page.getByRole("checkbox", { name: "选用 http://tech-2.test/" }).uncheck();
  await expect(page.locator("textarea[name=seeds]")).toHaveValue("http://portal.test/\nhttp://econ-1.test/");
  await page.getByRole("checkbox", { name: "选用 http://tech-2.test/" }).check();
  await page.locator("input[name=maxPages]").fill("5");
  await page.getByRole("button", { name: "开始爬取" }).click();
  await page.waitForURL(/\/jobs\/\d+$/);
  const seeds = page.getByTestId("job-seeds");
  await expect(seeds.locator("[data-seed='http://portal.test/'] [data-testid=seed-origin]")).toHaveText("手动输入");
  await expect(seeds.locator("[data-seed='http://econ-1.test/'] [data-testid=seed-origin]")).toHaveText("文件导入");
  await expect(seeds.locator("[data-seed='http://tech-2.test/'] [data-testid=seed-origin]")).toHaveText(/^搜索：stub/);
});
