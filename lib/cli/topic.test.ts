import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fc-topic-"));
const cli = (...args: string[]) => spawnSync(process.execPath, [path.join(ROOT, "bin", "focuscrawl.mjs"), ...args], { encoding: "utf8", cwd: ROOT });

test("topic build writes a topic file; score streams JSON lines with scores and terms", () => {
  const example = path.join(dir, "example.txt");
  fs.writeFileSync(example, "数据库 查询 优化 索引 事务");
  const topicFile = path.join(dir, "topic.json");
  const built = cli("topic", "build", "--clc", "TP3", "--keywords", "数据库,索引", "--example-text", example, "--out", topicFile);
  assert.equal(built.status, 0, built.stderr);
  const topic = JSON.parse(fs.readFileSync(topicFile, "utf8"));
  assert.equal(topic.kind, "vsm");
  assert.ok(topic.terms.length > 20 && topic.terms.some(([t]: [string]) => t === "数据库"));

  const input = path.join(dir, "in.jsonl");
  fs.writeFileSync(input, [
    { id: "db", title: "数据库索引", text: "本文研究数据库查询优化与索引结构。" },
    { id: "rice", title: "水稻", text: "水稻种植与施肥。" },
  ].map((d) => JSON.stringify(d)).join("\n") + "\n");
  const out = path.join(dir, "out.jsonl");
  const scored = cli("score", "--topic", topicFile, "--in", input, "--out", out);
  assert.equal(scored.status, 0, scored.stderr);
  const rows = fs.readFileSync(out, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(rows.map((r) => r.id), ["db", "rice"]);
  assert.ok(rows[0].score > rows[1].score);
  assert.ok(rows[0].terms.includes("数据库"));
});

test("bad topic input is refused with the field named and exit code 2", () => {
  const r = cli("topic", "build", "--clc", "NOPE1", "--out", path.join(dir, "x.json"));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /clc: unknown class "NOPE1"/);
  assert.ok(!fs.existsSync(path.join(dir, "x.json")), "nothing is written");
  const empty = cli("topic", "build", "--keywords", "的,了", "--out", path.join(dir, "y.json"));
  assert.equal(empty.status, 2);
  assert.match(empty.stderr, /no terms/);
  const badLine = path.join(dir, "bad.jsonl");
  fs.writeFileSync(badLine, "{not json}\n");
  const bad = cli("score", "--topic", path.join(dir, "topic.json"), "--in", badLine, "--out", path.join(dir, "o.jsonl"));
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /line 1: not JSON/);
});

test("topic refine learns from the texts the topic scores best, and says what it added", () => {
  const topicFile = path.join(dir, "corn.json");
  assert.equal(cli("topic", "build", "--keywords", "玉米", "--out", topicFile).status, 0);
  const input = path.join(dir, "corpus.jsonl");
  fs.writeFileSync(input, [
    { id: 1, title: "玉米新品种选育", text: "玉米 新品种 选育 产量 抗病性" },
    { id: 2, title: "玉米", text: "玉米 育种 自交系" },
    { id: 3, title: "软件工程", text: "软件 计算机 程序" },
    { id: 4, title: "", text: "水稻 栽培 灌溉" },
  ].map((d) => JSON.stringify(d)).join("\n") + "\n");
  const out = path.join(dir, "corn-refined.json");
  const r = cli("topic", "refine", "--topic", topicFile, "--in", input, "--pages", "2", "--out", out);
  assert.equal(r.status, 0, r.stderr);
  const refined = JSON.parse(fs.readFileSync(out, "utf8"));
  assert.equal(refined.feedback.pages, 2, "only the two texts with 玉米 score above 0");
  assert.equal(refined.feedback.nonRelevant, 2, "the two others, below the threshold, are the counter-examples");
  for (const t of ["选育", "自交系"]) assert.ok(refined.feedback.added.includes(t), t);
  assert.ok(!refined.terms.some(([t]: [string]) => t === "软件" || t === "灌溉"), "counter-examples teach no words");
  assert.match(r.stderr, /refined from 2 texts .* and 2 below 0.035/);

  const none = path.join(dir, "none.jsonl");
  fs.writeFileSync(none, JSON.stringify({ id: 1, text: "软件 程序" }) + "\n");
  const nothing = cli("topic", "refine", "--topic", topicFile, "--in", none, "--out", path.join(dir, "n.json"));
  assert.equal(nothing.status, 2);
  assert.match(nothing.stderr, /nothing to learn from/);
  assert.equal(cli("topic", "refine", "--topic", topicFile, "--in", input, "--pages", "0", "--out", out).status, 2);
  const badThreshold = cli("topic", "refine", "--topic", topicFile, "--in", input, "--threshold", "2", "--out", out);
  assert.equal(badThreshold.status, 2);
  assert.match(badThreshold.stderr, /--threshold: give a number between 0 and 1/);
});
