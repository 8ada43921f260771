/**
 * The topic setup wizard in a real Chromium against the real app, worker and test web: build a
 * topic by browsing the CLC tree and by pinyin search, tune it in the preview, save it, crawl
 * with it; in English and at 390 px; keyboard only; and bad input that must save nothing.
 * Set E2E_SCREENSHOTS=docs/screenshots to refresh the README's "First crawl" walkthrough with
 * screenshots of each step; without it none are written.
 */
import path from "node:path";
import { shoot } from "./screenshots";
import { expect, test, type Page } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e" });
test.afterAll(() => sql.end());

const SHOTS = process.env.E2E_SCREENSHOTS;
const shot = async (page: Page, name: string) => { if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true }); };
const row = (page: Page, code: string) => page.locator(`[role=treeitem][data-code="${code}"]`);
const topicCount = async () => (await sql`select count(*)::int as n from topics`)[0].n as number;

/** Milliseconds from `action` until `ready` is visible, printed (not asserted: timings belong to benches). */
async function timed(label: string, action: () => Promise<unknown>, ready: () => Promise<unknown>) {
  const t = Date.now();
  await action();
  await ready();
  console.log(`[timing] ${label}: ${Date.now() - t} ms`);
}

test("browse T → TP → TP3 → TP31, add a keyword and an example, remove a term, save, crawl with it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/topics/new");
  await expect(row(page, "T")).toBeVisible({ timeout: 60_000 });
  await expect(page.locator("[role=treeitem][aria-level='1']")).toHaveCount(22);
  for (const [code, child] of [["T", "TP"], ["TP", "TP3"], ["TP3", "TP31"]]) {
    await timed(`tree: open ${code}`, () => row(page, code).getByRole("button").click(), () => expect(row(page, child)).toBeVisible());
  }
  await row(page, "TP31").locator("input[type=checkbox]").check();
  await expect(page.getByTestId("chosen-classes")).toContainText("TP31");
  await expect(page.getByTestId("chosen-classes")).toContainText("计算机软件");
  // Choosing the parent too says that it already takes in the child.
  await row(page, "TP3").locator("input[type=checkbox]").check();
  await expect(page.getByRole("note")).toContainText("TP31 是 TP3 的下级类");
  await shot(page, "wizard-1-classes");
  await page.getByRole("button", { name: "移除分类 TP3", exact: true }).click();
  await expect(page.getByRole("note")).toHaveCount(0);

  await page.getByTestId("next-step").click();
  await expect(page).toHaveURL(/step=refine/);
  // TP31 has no field vocabulary of its own: it borrows TP3's, and says so.
  await expect(page.getByTestId("knowledge-TP31")).toContainText("借用上级分类 TP3", { timeout: 60_000 });
  await shoot(page, "wizard-refine-suggestions", { fullPage: true, prepare: () => expect(page.getByTestId("knowledge-TP31").getByRole("button").first()).toBeVisible({ timeout: 60_000 }) });
  await page.getByRole("textbox", { name: "关键词" }).fill("数据库");
  await page.getByRole("textbox", { name: "关键词" }).press("Enter");
  await page.getByRole("button", { name: "添加一段示例文本" }).click();
  await page.getByRole("textbox", { name: "示例文本 1" }).fill("关系数据库管理系统用索引加速查询，查询优化器为每条语句选择执行计划。");
  await page.getByRole("textbox", { name: "示例网页" }).fill("http://portal.test/");
  await page.getByRole("button", { name: "抓取" }).click();
  await expect(page.getByTestId("example-url")).toContainText("提取正文", { timeout: 60_000 });
  await shot(page, "wizard-2-refine");

  await page.getByTestId("next-step").click();
  await expect(page).toHaveURL(/step=preview/);
  const terms = page.getByTestId("preview-terms");
  await expect(terms.locator("li[data-term='数据库']")).toBeVisible({ timeout: 60_000 });
  await expect(terms.locator("li[data-term='数据库']")).toContainText("关键词");
  await expect(terms.locator("li[data-term='软件']")).toContainText("分类 TP31");
  await expect(page.getByTestId("class-only-hint")).toHaveCount(0); // keywords and examples were given
  for (const fragment of ["算机", "据库"]) await expect(terms.locator(`li[data-term='${fragment}']`)).toHaveCount(0);
  await terms.getByRole("button", { name: "移除词“软件”" }).click();
  await expect(page.getByTestId("removed-terms")).toContainText("软件");
  await expect(terms.locator("li[data-term='软件']")).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole("textbox", { name: "试一段文本" }).fill("数据库索引与查询优化：关系数据库的执行计划");
  await expect(page.getByTestId("try-result")).toContainText("高于阈值", { timeout: 30_000 });
  await shot(page, "wizard-3-preview");
  // A URL is fetched through the crawler's guards and its main text scored.
  await page.getByRole("textbox", { name: "试一段文本" }).fill("http://portal.test/");
  await expect(page.getByText("已抓取网页")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("try-result")).toContainText("相关度", { timeout: 30_000 });

  await page.getByTestId("next-step").click();
  await page.getByRole("textbox", { name: "主题名称" }).fill("计算机软件与数据库");
  await page.getByRole("textbox", { name: "说明" }).fill("TP31 加上数据库方面的关键词和示例");
  await page.getByRole("button", { name: "保存主题" }).click();
  await expect(page.getByRole("status")).toContainText("已保存主题“计算机软件与数据库”（第 1 版）", { timeout: 30_000 });
  await shot(page, "wizard-4-save");
  const [saved] = await sql`select id, page_threshold, definition->'clc' as clc, vector->'terms' as terms from topics where name = '计算机软件与数据库'`;
  expect(saved.clc).toEqual(["TP31"]);
  expect((saved.terms as [string, number][]).some(([t]) => t === "软件")).toBe(false);

  await page.getByRole("link", { name: "用这个主题开始爬取" }).click();
  await expect(page.locator("select[name=topicId]")).toHaveValue(String(saved.id));
  // The threshold saved with the topic is the job's, not the form's default.
  await expect(page.locator("input[name=pageThreshold]")).toHaveValue(String(saved.page_threshold));
  await page.locator("textarea[name=seeds]").fill("http://portal.test/\nftp://portal.test/\nhttp://portal.test/");
  await expect(page.getByTestId("seed-issues")).toContainText("第 2 行使用 ftp");
  await expect(page.getByTestId("seed-issues")).toContainText("第 3 行与第 1 行重复");
  await page.locator("textarea[name=seeds]").fill("http://portal.test/");
  await page.locator("input[name=maxPages]").fill("20");
  await shot(page, "wizard-5-new-job");
  await page.getByRole("button", { name: "开始爬取" }).click();
  await page.waitForURL(/\/jobs\/\d+$/);
  await expect(page.getByTestId("job-topic-classes")).toContainText("TP31");
  const [started] = await sql`select page_threshold from jobs where id = ${Number(/\/jobs\/(\d+)$/.exec(page.url())![1])}`;
  expect(started.page_threshold).toBe(saved.page_threshold);
  await expect(page.getByTestId("job-topic-classes")).toContainText("计算机软件");
  await expect(page.getByTestId("job-topic-terms")).toContainText("数据库");
  await shot(page, "wizard-6-job");
  const jobId = Number(page.url().split("/").pop());
  const [job] = await sql`select topic_id from jobs where id = ${jobId}`;
  expect(job.topic_id).toBe(saved.id);

  await page.goto("/topics");
  const entry = page.locator(`[data-topic-id="${saved.id}"]`);
  await expect(entry).toContainText("TP31");
  await expect(entry).toContainText("第 1 版，共 1 版");
  await expect(entry.locator(`a[href="/jobs/${jobId}"]`)).toBeVisible();
  await shot(page, "topics-library");
  await page.request.post(`/api/jobs/${jobId}/actions`, { data: { action: "stop" } });
});

test("by pinyin initials and keyboard only: jsj finds TP3 first, chosen with Enter", async ({ page }) => {
  await page.goto("/topics/new");
  const search = page.getByRole("searchbox");
  await search.focus();
  await timed("search: jsj", () => page.keyboard.type("jsj"), () => expect(page.locator("[role=option]").first()).toBeVisible());
  const codes = await page.locator("[role=option]").evaluateAll((els) => els.map((e) => e.getAttribute("data-code")));
  expect(codes.indexOf("TP3")).toBeGreaterThanOrEqual(0);
  expect(codes.indexOf("TP3")).toBeLessThan(codes.includes("E9") ? codes.indexOf("E9") : Infinity);
  await expect(page.locator("[role=option][data-code=TP3]")).toContainText("T 工业技术 › TP 自动化技术、计算机技术");
  await page.keyboard.press("ArrowDown");
  for (let i = 0; i < codes.indexOf("TP3"); i++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("chosen-classes")).toContainText("TP3");
  // The tree by keyboard: focus it, move down to B, open it, choose its first child.
  await row(page, "A").focus();
  await page.keyboard.press("ArrowDown");
  await expect(row(page, "B")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(row(page, "B")).toHaveAttribute("aria-expanded", "true");
  await expect(page.locator("[role=treeitem][aria-level='2']").first()).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(page.locator("[role=treeitem][aria-level='2']").first()).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("chosen-classes").locator("span.rounded-full")).toHaveCount(2);
  await page.keyboard.press("ArrowLeft");
  await expect(row(page, "B")).toBeFocused();
  await shot(page, "wizard-keyboard");

  await page.goto("/topics/new?step=save");
  await page.getByRole("textbox", { name: "主题名称" }).fill("计算技术（拼音）");
  await page.getByRole("button", { name: "保存主题" }).click();
  await expect(page.getByRole("status")).toContainText("已保存", { timeout: 30_000 });
  const [t] = await sql`select definition->'clc' as clc from topics where name = '计算技术（拼音）'`;
  expect((t.clc as string[])[0]).toBe("TP3");
});

test("with three example texts the save step suggests a threshold, and one click uses it", async ({ page }) => {
  await page.goto("/topics/new?step=refine");
  const texts = ["关系数据库管理系统用索引加速查询，查询优化器为每条语句选择执行计划。", "分布式数据库通过分片和副本提高吞吐量，两阶段提交保证事务一致。",
    "数据库索引采用B+树组织，范围查询和排序直接利用索引的有序性。"];
  for (const [i, text] of texts.entries()) {
    await page.getByRole("button", { name: "添加一段示例文本" }).click();
    await page.getByRole("textbox", { name: `示例文本 ${i + 1}` }).fill(text);
  }
  await page.goto("/topics/new?step=save");
  const suggestion = page.getByTestId("threshold-suggestion");
  await expect(suggestion).toContainText("由 3 段示例算出", { timeout: 30_000 });
  const value = /建议阈值 ([0-9.]+)/.exec((await suggestion.textContent()) ?? "")?.[1];
  expect(Number(value)).toBeGreaterThanOrEqual(0.01);
  await suggestion.getByRole("button", { name: "采用建议值" }).click();
  await expect(page.getByRole("textbox", { name: /相关度阈值/ })).toHaveValue(value!);
  await shot(page, "wizard-threshold-suggestion");
});

test("English at 390 px: English names, the note on English search, the preview", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  await page.goto("/topics/new");
  await expect(row(page, "T")).toContainText("Industrial technology", { timeout: 60_000 });
  await expect(page.getByText("English names exist for the top two levels only")).toBeVisible();
  await page.getByRole("searchbox").fill("database");
  await expect(page.getByText("No class found")).toBeVisible();
  await page.getByRole("searchbox").fill("computer");
  await expect(page.locator("[role=option][data-code=TP]")).toBeVisible();
  await page.locator("[role=option][data-code=TP]").click();
  await expect(page.getByTestId("chosen-classes")).toContainText("Automation and computer technology");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "wizard-en-390-classes");
  await page.getByTestId("next-step").click();
  await expect(page).toHaveURL(/step=refine/);
  // The class's field words and example texts, added and removed with one click.
  const suggestions = page.getByTestId("knowledge-TP");
  await expect(suggestions).toContainText("paper abstracts", { timeout: 60_000 });
  const word = suggestions.getByRole("button", { name: "+ 算法" });
  await word.click();
  await expect(suggestions.getByRole("button", { name: "✓ 算法" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("button", { name: "Remove keyword “算法”" })).toBeVisible();
  await shot(page, "wizard-en-390-refine");
  await suggestions.getByRole("button", { name: "✓ 算法" }).click();
  await expect(page.getByRole("button", { name: "Remove keyword “算法”" })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.getByTestId("next-step").click();
  await expect(page).toHaveURL(/step=preview/);
  await expect(page.getByTestId("preview-terms").locator("li").first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId("preview-terms")).toContainText("class TP");
  await expect(page.getByTestId("preview-terms")).toContainText("field vocabulary TP");
  // A topic of classes alone is their names and their field vocabulary: the preview says so.
  await expect(page.getByTestId("class-knowledge-hint")).toContainText("field vocabulary");
  await expect(page.getByTestId("class-only-hint")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, "wizard-en-390-preview");
});

test("bad input gets a message next to its field in the interface's language and saves nothing", async ({ page }) => {
  const before = await topicCount();
  await page.goto("/topics/new?step=refine");
  // 10,000 keywords pasted at once.
  await page.getByRole("textbox", { name: "关键词" }).fill(Array.from({ length: 10_000 }, (_, i) => `词${i}`).join(","));
  await page.getByRole("button", { name: "添加", exact: true }).click();
  await expect(page.getByTestId("error-keywords-count")).toContainText("一个主题最多 500 个关键词");
  // A 5 MB example text.
  await page.getByRole("button", { name: "添加一段示例文本" }).click();
  await page.getByRole("textbox", { name: "示例文本 1" }).evaluate((el: HTMLTextAreaElement) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value")!.set!;
    setter.call(el, "稻".repeat(5 * 1024 * 1024 / 3));
    el.dispatchEvent(new Event("input", { bubbles: true }));
  });
  await expect(page.getByTestId("error-exampleTexts")).toContainText("每段示例文本最多 200000 个字符", { timeout: 60_000 });
  // A URL that fails.
  await page.getByRole("textbox", { name: "示例网页" }).fill("http://portal.test/no-such-page-404");
  await page.getByRole("button", { name: "抓取" }).click();
  await expect(page.getByTestId("example-url")).toContainText("返回 HTTP 404", { timeout: 60_000 });
  await shot(page, "wizard-bad-input");
  // Saving with the oversized text and no name: both named, nothing saved.
  await page.goto("/topics/new?step=save");
  await page.getByRole("button", { name: "保存主题" }).click();
  await expect(page.getByTestId("error-name")).toContainText("请给主题起个名字");
  await expect(page.getByTestId("error-other-steps")).toBeVisible();
  expect(await topicCount()).toBe(before);
  // An unknown class typed into the API is refused the same way.
  const res = await page.request.post("/api/topics", { data: { name: "x", clc: ["QQ99"] } });
  expect(res.status()).toBe(400);
  expect(await topicCount()).toBe(before);
});

test("every topic page at 390 px in Chinese and at desktop width in English: nothing overflows", async ({ page, baseURL }) => {
  const pages: [string, string][] = [["/topics/new?step=classes", "classes"], ["/topics/new?step=refine", "refine"], ["/topics/new?step=save", "save"], ["/topics", "library"], ["/jobs/new", "new-job"]];
  for (const [lang, width] of [["zh-CN", 390], ["en", 1280]] as const) {
    await page.context().addCookies([{ name: "lang", value: lang, url: baseURL! }]);
    await page.setViewportSize({ width, height: 844 });
    for (const [url, name] of pages) {
      await page.goto(url);
      await expect(page.locator("h1")).toBeVisible();
      if (url.includes("classes")) await expect(row(page, "A")).toBeVisible({ timeout: 60_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${url}`).toBeLessThanOrEqual(width);
      await shot(page, `${name}-${lang === "en" ? "en" : "zh"}-${width}`);
    }
  }
});

test("library: edit saves a new version; duplicate, archive, export and import; a bad file is refused", async ({ page }) => {
  const created = await (await page.request.post("/api/topics", { data: { name: "图书馆学", clc: ["G25"], keywords: "编目" } })).json();
  const id = created.topic.id as number;
  await page.goto(`/topics/${id}/edit?step=save`);
  await expect(page.getByRole("textbox", { name: "主题名称" })).toHaveValue("图书馆学");
  await page.getByRole("textbox", { name: "说明" }).fill("第二版");
  await page.getByRole("button", { name: "保存为新版本" }).click();
  await expect(page.getByRole("status")).toContainText("（第 2 版）", { timeout: 30_000 });

  await page.goto("/topics");
  const entry = page.locator(`[data-topic-id="${id}"]`);
  await expect(entry).toContainText("第 2 版，共 2 版");
  await entry.getByRole("button", { name: "复制" }).click();
  await expect(page.locator("[data-topic-id]").filter({ hasText: "图书馆学（副本）" })).toBeVisible({ timeout: 30_000 });
  await entry.getByRole("button", { name: "归档" }).click();
  await expect(entry).toHaveCount(0, { timeout: 30_000 });
  await page.getByRole("link", { name: "显示已归档的主题" }).click();
  await expect(entry).toContainText("已归档");

  const file = await (await page.request.get(`/api/topics/${id}/export`)).json();
  expect(file).toMatchObject({ format: "focuscrawl-topic", name: "图书馆学", definition: { clc: ["G25"] } });
  const importForm = page.locator("form").filter({ hasText: "导入主题" });
  await importForm.locator("input[type=file]").setInputFiles({ name: "bad.json", mimeType: "application/json", buffer: Buffer.from("{not json") });
  await importForm.getByRole("button", { name: "导入" }).click();
  await expect(page.getByTestId("import-errors")).toContainText("这个文件不是 JSON", { timeout: 30_000 });
  const before = await topicCount();
  await importForm.locator("input[type=file]").setInputFiles({ name: "t.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify({ ...file, name: "导入的图书馆学" })) });
  await importForm.getByRole("button", { name: "导入" }).click();
  await expect(importForm.getByRole("status")).toContainText("已导入主题“导入的图书馆学”", { timeout: 60_000 });
  expect(await topicCount()).toBe(before + 1);
});

test("a news class says how many of its headlines a classifier labelled, in both languages", async ({ page, baseURL }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/topics/new");
  await page.getByRole("searchbox").fill("F83");
  await page.locator("[role=option][data-code=F83]").click();
  await expect(page.getByTestId("chosen-classes")).toContainText("F83");
  await page.getByTestId("next-step").click();
  await expect(page).toHaveURL(/step=refine/);
  const sources = page.getByTestId("knowledge-sources-F83");
  await expect(sources).toContainText("条未标注标题由据已标注标题训练的分类器归入此类", { timeout: 60_000 });
  // The count shown is the shipped knowledge's, not a fixed figure.
  expect(Number(/(\d+) 条未标注/.exec((await sources.textContent()) ?? "")?.[1])).toBeGreaterThan(0);
  await shoot(page, "wizard-refine-self-labelled", { fullPage: true, prepare: () => expect(sources).toBeVisible({ timeout: 60_000 }) });
  await page.context().addCookies([{ name: "lang", value: "en", url: baseURL! }]);
  await page.reload();
  await expect(sources).toContainText("unlabelled headlines that a classifier trained on the labelled ones put in this class", { timeout: 60_000 });
  await page.context().addCookies([{ name: "lang", value: "zh-CN", url: baseURL! }]);
});
