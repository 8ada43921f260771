import { expect, test } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e" });
test.afterAll(() => sql.end());

test("a class topic's page says which other field its score was weighed against, in both languages", async ({ page, request }) => {
  const created = await request.post("/api/jobs", { data: { clc: ["K"], seeds: ["http://hist-1.test/"], maxPages: 6 } });
  expect(created.status()).toBe(201);
  const { job } = await created.json();
  let row: { id: string; factor: number; relevance: number } | undefined;
  await expect.poll(async () => {
    [row] = await sql<{ id: string; factor: number; relevance: number }[]>`select id::text, (explanation->'field'->>'factor')::float8 as factor, relevance
      from pages where job_id = ${job.id} and explanation ? 'field' order by id limit 1`;
    return row !== undefined;
  }, { timeout: 120_000 }).toBe(true);
  await request.post(`/api/jobs/${job.id}/actions`, { data: { action: "stop" } });
  await page.goto(`/jobs/${job.id}/pages/${row!.id}`);
  const field = page.getByTestId("page-field");
  await expect(field).toContainText("与其他领域相比");
  await expect(field).toContainText(`× 系数 ${row!.factor.toFixed(2)} = 相关度 ${row!.relevance.toFixed(3)}`);
  await shoot(page, "page-field-weighing", { fullPage: true, prepare: () => expect(field).toBeVisible() });
  await page.context().addCookies([{ name: "lang", value: "en", url: new URL("/", page.url()).href }]);
  await page.reload();
  await expect(field).toContainText("Weighed against other fields");
});
