import { expect, test } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e" });
test.afterAll(() => sql.end());

test("a class topic's page says which other field its score was weighed against and how its field posterior lifted it, in both languages", async ({ page, request }) => {
  const created = await request.post("/api/jobs", { data: { clc: ["K"], seeds: ["http://hist-1.test/"], maxPages: 6 } });
  expect(created.status()).toBe(201);
  const { job } = await created.json();
  type Row = { id: string; factor: number; posterior: number; lift: number; words: number; relevance: number };
  let row: Row | undefined;
  await expect.poll(async () => {
    [row] = await sql<Row[]>`select id::text, (explanation->'field'->>'factor')::float8 as factor, (explanation->'field'->>'posterior')::float8 as posterior,
      (explanation->'field'->>'lift')::float8 as lift, (explanation->'field'->>'words')::int as words, relevance
      from pages where job_id = ${job.id} and explanation->'field' ? 'posterior' order by id limit 1`;
    return row !== undefined;
  }, { timeout: 120_000 }).toBe(true);
  await request.post(`/api/jobs/${job.id}/actions`, { data: { action: "stop" } });
  await page.goto(`/jobs/${job.id}/pages/${row!.id}`);
  const field = page.getByTestId("page-field");
  await expect(field).toContainText("与其他领域相比");
  expect(row!.words, "the rule by length stores the page's words").toBeGreaterThan(0);
  await expect(field).toContainText(`× 系数 ${row!.factor.toFixed(2)} × 分类器乘数 ${row!.lift.toFixed(2)} = 相关度 ${row!.relevance.toFixed(3)}`);
  await expect(page.getByTestId("page-field-posterior")).toContainText(`概率 π = ${row!.posterior.toFixed(3)}；本页有 ${row!.words} 个词项`);
  await expect(page.getByTestId("page-field-posterior")).toContainText(`+ λ × π = ${row!.lift.toFixed(2)}`);
  await shoot(page, "page-field-weighing", { fullPage: true, prepare: () => expect(field).toBeVisible() });
  await page.context().addCookies([{ name: "lang", value: "en", url: new URL("/", page.url()).href }]);
  await page.reload();
  await expect(field).toContainText("Weighed against other fields");
  await expect(page.getByTestId("page-field-posterior")).toContainText(`with ${row!.words} terms`);
  await expect(page.getByTestId("page-field-posterior")).toContainText(`+ λ × π = ${row!.lift.toFixed(2)}`);
});

test("refining a class topic from a judged page says that the field posterior's lift is dropped, in both languages", async ({ page, request }) => {
  const created = await request.post("/api/jobs", { data: { clc: ["K"], seeds: ["http://hist-1.test/"], maxPages: 6 } });
  expect(created.status()).toBe(201);
  const { job } = await created.json();
  await expect.poll(async () => (await sql`select count(*)::int as n from pages where job_id = ${job.id} and main_text <> ''`)[0].n, { timeout: 120_000 }).toBeGreaterThan(0);
  await request.post(`/api/jobs/${job.id}/actions`, { data: { action: "stop" } });
  await sql`update pages set judgement = 'relevant' where id = (select min(id) from pages where job_id = ${job.id} and main_text <> '')`;
  await page.goto(`/jobs/${job.id}`);
  const refine = page.getByTestId("refine-topic");
  const preview = async () => {
    await refine.locator("input[name=pages]").fill("3");
    await refine.locator("button[value=preview]").click();
    await expect(refine.getByTestId("refine-lift-dropped")).toBeVisible();
  };
  await preview();
  await expect(refine.getByTestId("refine-lift-dropped")).toContainText("不再用领域分类器提升得分");
  await shoot(page, "job-refine-lift-dropped", { fullPage: true, prepare: preview });
  await page.context().addCookies([{ name: "lang", value: "en", url: new URL("/", page.url()).href }]);
  await page.reload();
  await preview();
  await expect(refine.getByTestId("refine-lift-dropped")).toContainText("the field classifier no longer lifts scores");
});

test("trying a text on a class topic in the wizard says how the field classifier lifted its score, in both languages", async ({ page, request }) => {
  const saved = await request.post("/api/topics", { data: { name: "金融试分", clc: ["F8"] } });
  expect(saved.status()).toBe(201);
  const { topic } = await saved.json();
  await page.goto(`/topics/${topic.id}/edit?step=preview`);
  const tryIt = async () => {
    await page.getByRole("textbox", { name: /试一段文本|Try a text/ }).fill("银行理财产品收益率下降 股市震荡");
    await expect(page.getByTestId("try-posterior")).toBeVisible({ timeout: 30_000 });
    await page.getByTestId("try-result").scrollIntoViewIfNeeded();
  };
  await tryIt();
  await expect(page.getByTestId("try-posterior")).toContainText(/领域分类器认为它属于主题领域的概率 (0\.[5-9]\d|1\.00)；这段文本有 \d+ 个词项/);
  await shoot(page, "wizard-try-posterior", { prepare: tryIt });
  await page.context().addCookies([{ name: "lang", value: "en", url: new URL("/", page.url()).href }]);
  await page.reload();
  await tryIt();
  await expect(page.getByTestId("try-posterior")).toContainText(/The field classifier puts it in the topic's field with probability [\d.]+; the text has \d+ terms/);
});
