/**
 * Pages that need a browser, end to end: a job in browser mode on a site whose text JavaScript
 * writes (lib/testweb/js-site.ts, started here on loopback; the job's own host override sends
 * js.test there) finds its articles, and the job page says which pages were rendered and what it cost.
 * E2E_SCREENSHOTS=<dir> writes the job page at 1280 and 390 px, in Chinese and English.
 */
import { expect, test } from "@playwright/test";
import { shoot } from "./screenshots";
import { JS_SITE, startJsSite, type JsSite } from "../lib/testweb/js-site";
import { openSql } from "../lib/store/infra/sql";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e" });
let site: JsSite;
test.beforeAll(async () => { site = await startJsSite(); });
test.afterAll(async () => { await site.close(); await sql.end(); });

test("a job in browser mode renders the JavaScript site's pages; the job page shows what rendering cost", async ({ page }) => {
  const res = await page.request.post("/api/jobs", { data: {
    name: "浏览器渲染", keywords: "数据库,索引,查询", seeds: [`http://${JS_SITE}/`, `http://${JS_SITE}/probe.html`], fetchMode: "browser",
    maxPages: 6, minDelayMs: 0, resolve: [`${JS_SITE}=127.0.0.1:${site.port}`],
  } });
  expect(res.status()).toBe(201);
  const { job } = await res.json();
  await expect.poll(async () => (await sql`select count(*)::int as n from pages where job_id = ${job.id} and render is not null and is_relevant`)[0].n,
    { timeout: 120_000 }).toBeGreaterThanOrEqual(3);
  await page.goto(`/jobs/${job.id}`);
  await expect(page.getByTestId("render-panel")).toContainText("浏览器渲染：");
  await expect(page.getByTestId("job-settings")).toContainText("浏览器渲染（执行 JavaScript）");
  // The fetch mode is in the job's summary, not only in the folded settings.
  await expect(page.getByTestId("job-fetch-mode")).toBeVisible();
  await expect(page.getByTestId("job-fetch-mode")).toHaveText("浏览器渲染（执行 JavaScript）");
  await shoot(page, "browser-job", { prepare: () => expect(page.getByTestId("render-panel")).toBeVisible() });
});

test("the new-job form offers the fetch mode, the sites always rendered and sitemaps; a bad host name is refused with how to write it", async ({ page }) => {
  await page.goto("/jobs/new");
  const advanced = page.locator("form details");
  await advanced.locator("summary").click();
  await expect(page.locator("select[name=fetchMode] option")).toHaveText(["HTTP（默认）", "浏览器渲染（执行 JavaScript）", "自动（正文很少而脚本很多时用浏览器）"]);
  await page.locator("input[name=keywords]").fill("数据库");
  await page.locator("textarea[name=seeds]").fill(`http://${JS_SITE}/`);
  await page.locator("select[name=fetchMode]").selectOption("auto");
  await page.locator("textarea[name=browserHosts]").fill("spa example!com");
  await page.locator("input[name=sitemaps]").check();
  await page.getByRole("button", { name: "开始爬取" }).click();
  await expect(page.getByTestId("error-browserHosts")).toContainText("不是主机名", { timeout: 30_000 });
  // What was typed is kept.
  await expect(page.locator("select[name=fetchMode]")).toHaveValue("auto");
  await expect(page.locator("input[name=sitemaps]")).toBeChecked();
  await shoot(page, "new-job-advanced", { fullPage: true, prepare: async () => {
    await advanced.evaluate((d) => { (d as HTMLDetailsElement).open = true; });
  } });
});

test("browser mode can be tried from the form: a host override sends js.test to the JavaScript site, and the job renders it", async ({ page }) => {
  await page.goto("/jobs/new");
  await page.locator("form details summary").click();
  await page.locator("input[name=name]").fill("试用浏览器模式");
  await page.locator("input[name=keywords]").fill("数据库,索引,查询");
  await page.locator("textarea[name=seeds]").fill(`http://${JS_SITE}/`);
  await page.locator("select[name=fetchMode]").selectOption("browser");
  await page.locator("input[name=maxPages]").fill("4");
  await page.locator("textarea[name=resolve]").fill(`${JS_SITE}=127.0.0.1:${site.port}`);
  await page.getByRole("button", { name: "开始爬取" }).click();
  await expect(page).toHaveURL(/\/jobs\/\d+$/, { timeout: 30_000 });
  const id = Number(new URL(page.url()).pathname.split("/").pop());
  const [job] = await sql`select settings from jobs where id = ${id}`;
  expect(job.settings.resolve).toEqual([`${JS_SITE}=127.0.0.1:${site.port}`]);
  await expect(page.getByTestId("job-fetch-mode")).toHaveText("浏览器渲染（执行 JavaScript）");
  await expect.poll(async () => (await sql`select count(*)::int as n from pages where job_id = ${id} and render is not null and is_relevant`)[0].n,
    { timeout: 120_000 }).toBeGreaterThanOrEqual(1);
  await page.goto("/jobs/new");
  await shoot(page, "new-job-resolve", { fullPage: true, prepare: async () => {
    await page.locator("form details").evaluate((d) => { (d as HTMLDetailsElement).open = true; });
  } });
});
