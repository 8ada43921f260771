import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import { runCliWithInput } from "../testing/cli-input";
import { useTestDatabase } from "../testing/db";
import { buildTopic, TopicDefinitionSchema } from "../topic/topic";
import { deleteCatalogueImport, listCatalogueImports, loadCatalogueKnowledge } from "./catalogue-imports";

const ctx = useTestDatabase();

/** A catalogue whose database records all carry the subject word 湖仓一体, which the shipped knowledge does not know. */
function writeCatalogue(dir: string): string {
  const rows = ["clc,title,abstract,subjects"];
  for (let i = 0; i < 25; i++) rows.push(`TP311.13,数据湖第${i}篇,湖仓一体架构下的数据库存储,湖仓一体；数据库`);
  for (let i = 0; i < 25; i++) rows.push(`F832.5,信贷第${i}篇,商业银行的贷款利率,银行；贷款`);
  const file = path.join(dir, "records.csv");
  fs.writeFileSync(file, rows.join("\n"));
  return file;
}

const topicTerms = (code: string) => new Set(buildTopic(TopicDefinitionSchema.parse({ clc: [code] })).terms.map(([t]) => t));

test("focuscrawl classes learn stores a catalogue's knowledge; topics of its classes use it until the import is deleted", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "catalogue-"));
  try {
    const bad = path.join(dir, "bad.csv");
    fs.writeFileSync(bad, "clc,title\nTP3,甲\nPT9,乙\n,丙");
    const refused = await runCliWithInput(["classes", "learn", "--from", bad], ctx.db.url);
    assert.equal(refused.code, 2, refused.stderr);
    assert.match(refused.stderr, /Line 3: "PT9" is not a CLC class/);
    assert.match(refused.stderr, /Line 4 has an empty clc/);
    assert.equal((await listCatalogueImports(ctx.db.sql)).length, 0, "a bad file imports nothing");

    assert.ok(!topicTerms("TP311.1").has("湖仓一体"), "not known before the import");
    const run = await runCliWithInput(["classes", "learn", "--from", writeCatalogue(dir), "--name", "本馆书目"], ctx.db.url);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /50 records \(utf-8\)/);
    assert.match(run.stdout, /^TP311\.1\t25 records\t.*湖仓一体/m);
    const [imported] = await listCatalogueImports(ctx.db.sql);
    assert.equal(imported.name, "本馆书目");

    await loadCatalogueKnowledge(ctx.db.sql);
    assert.ok(topicTerms("TP311.1").has("湖仓一体"), "a topic of the class built after the import has the catalogue's word");
    assert.ok(!topicTerms("F832.5").has("湖仓一体"), "another class's topic does not");

    assert.ok(await deleteCatalogueImport(ctx.db.sql, imported.id));
    await loadCatalogueKnowledge(ctx.db.sql);
    assert.ok(!topicTerms("TP311.1").has("湖仓一体"), "gone once the import is deleted");
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
