/**
 * Catalogue knowledge in the real app: an admin uploads a small library catalogue on
 * /admin/catalogue, sees the classes it taught, a bad file's lines named in the page's language,
 * the import listed and stored, and deletes it after confirming.
 */
import { expect, test } from "@playwright/test";
import { openSql } from "../lib/store/infra/sql";
import { shoot } from "./screenshots";

const sql = openSql(process.env.E2E_DATABASE_URL ?? "", { max: 1, app: "focuscrawl-e2e" });
test.afterAll(() => sql.end());

/** 25 database records, all with the subject word 湖仓一体, and 25 banking records. */
function catalogue(): Buffer {
  const rows = ["clc,title,abstract,subjects"];
  for (let i = 0; i < 25; i++) rows.push(`TP311.13,数据湖第${i}篇,湖仓一体架构下的数据库存储,湖仓一体；数据库`);
  for (let i = 0; i < 25; i++) rows.push(`F832.5,信贷第${i}篇,商业银行的贷款利率,银行；贷款`);
  return Buffer.from(rows.join("\n"));
}

test("an admin imports a catalogue, sees the classes learned, and deletes the import", async ({ page }) => {
  await sql`delete from catalogue_imports`;
  await page.goto("/admin/catalogue");
  await expect(page.getByRole("heading", { name: "自建分类知识" })).toBeVisible();

  const form = page.getByTestId("catalogue-upload");
  await form.locator("input[type=file]").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("clc,title\nTP3,甲\nPT9,乙") });
  await form.locator("button[type=submit]").click();
  await expect(page.getByTestId("catalogue-problems")).toContainText("第 3 行的分类号 “PT9” 不在中图法分类表中");
  expect((await sql`select count(*)::int as n from catalogue_imports`)[0].n).toBe(0);

  await form.locator("input[type=file]").setInputFiles({ name: "records.csv", mimeType: "text/csv", buffer: catalogue() });
  await form.locator("input[name=name]").fill("本馆书目");
  await form.locator("button[type=submit]").click();
  const learned = page.getByTestId("catalogue-learned");
  await expect(learned).toContainText("已从 50 条记录学到");
  await expect(learned.locator("[data-code='TP311.1']")).toContainText("湖仓一体");
  await expect(learned.locator("[data-code='F832.5']")).not.toContainText("湖仓一体");
  const row = page.locator("[data-testid=catalogue-import][data-name='本馆书目']");
  await expect(row).toBeVisible();
  const [stored] = await sql<{ records: number; has: boolean }[]>`select records, classes ? 'TP311.1' as has from catalogue_imports`;
  expect(stored).toEqual({ records: 50, has: true });

  await shoot(page, "catalogue-learned", { fullPage: true, prepare: async () => {
    await form.locator("input[type=file]").setInputFiles({ name: "records.csv", mimeType: "text/csv", buffer: catalogue() });
    await form.locator("button[type=submit]").click();
    await expect(learned).toBeVisible();
  } });
  await shoot(page, "catalogue-problems", { fullPage: true, prepare: async () => {
    await form.locator("input[type=file]").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("clc,title\nTP3,甲\nPT9,乙\n,丙") });
    await form.locator("button[type=submit]").click();
    await expect(page.getByTestId("catalogue-problems")).toBeVisible();
  } });
  // The screenshots imported the file again; keep the first import only.
  await sql`delete from catalogue_imports where id <> (select min(id) from catalogue_imports)`;
  await page.reload();

  await row.getByText("删除…").click();
  await row.getByRole("button", { name: "确认删除" }).click();
  await expect(page.getByTestId("catalogue-notice")).toBeVisible();
  await expect(page.locator("[data-testid=catalogue-import]")).toHaveCount(0);
  expect((await sql`select count(*)::int as n from catalogue_imports`)[0].n).toBe(0);
});
