import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { makeJob } from "../testing/fixtures";
import { buildTopic, TopicDefinitionSchema } from "../topic/topic";
import { createJob } from "./jobs";
import { parseJobInput } from "../jobs/input";
import { rescoreBatch } from "../maintenance/rescore";
import { changeJobTopic, createTopic, estimateTopicQuality, getTopic, reviseTopic } from "./topics";

const ctx = useTestDatabase();

const topicOf = (raw: Record<string, unknown>) => buildTopic(TopicDefinitionSchema.parse(raw));

async function addPages(jobId: number, texts: [string, string][]) {
  for (const [i, [title, text]] of texts.entries()) {
    const [f] = await ctx.db.sql`insert into frontier (job_id, url, url_key, host, depth, status) values (${jobId}, ${`http://x.test/${i}`}, ${`http://x.test/${i}`}, 'x.test', 1, 'done') returning id`;
    await ctx.db.sql`insert into pages (job_id, frontier_id, url, final_url, http_status, title, main_text, relevance, is_relevant, depth)
      values (${jobId}, ${f.id}, ${`http://x.test/${i}`}, ${`http://x.test/${i}`}, 200, ${title}, ${text}, 0, false, 1)`;
  }
}

test("topics are saved with numbered versions", async () => {
  const t = await createTopic(ctx.prisma, "农业", topicOf({ keywords: "水稻,小麦" }), 0.05);
  assert.equal(t.version, 1);
  const v2 = await reviseTopic(ctx.prisma, t.id, topicOf({ keywords: "水稻,小麦,玉米" }), { name: "农作物" });
  assert.equal(v2?.version, 2);
  assert.equal(v2?.name, "农作物");
  const versions = await ctx.prisma.topicVersion.findMany({ where: { topicId: t.id }, orderBy: { version: "asc" } });
  assert.deepEqual(versions.map((v) => v.version), [1, 2]);
  assert.equal(await reviseTopic(ctx.prisma, 999_999, topicOf({ keywords: "水稻" }), {}), null);
});

test("a job of a saved topic runs at the topic's saved threshold unless the job names its own", async () => {
  const topic = await createTopic(ctx.prisma, "作物", topicOf({ keywords: "水稻,小麦,玉米" }), 0.0325);
  const byTopic = await makeJob(ctx.db.url, { keywords: "", topicId: String(topic.id) });
  assert.equal(byTopic.pageThreshold, 0.0325, "the threshold saved with the topic (the wizard's choice) reaches the job");
  const named = await makeJob(ctx.db.url, { keywords: "", topicId: String(topic.id), pageThreshold: "0.05" });
  assert.equal(named.pageThreshold, 0.05, "a threshold the job names wins");
  const noTopic = await makeJob(ctx.db.url, { keywords: "水稻" });
  assert.equal(noTopic.pageThreshold, 0.035, "a job without a saved topic keeps the default");
});

test("changing a job's topic re-scores its stored pages in the background and updates the relevant set", async () => {
  const job = await makeJob(ctx.db.url, { keywords: "计算机,软件", pageThreshold: "0.05" });
  await addPages(job.id, [["水稻栽培", "水稻 小麦 种植 施肥 灌溉"], ["软件工程", "软件 计算机 程序"], ["玉米育种", "玉米 品种 育种 产量"]]);
  const topic = await createTopic(ctx.prisma, "作物", topicOf({ keywords: "水稻,小麦,玉米,育种" }), 0.05);
  assert.deepEqual(await changeJobTopic(ctx.prisma, job.id, topic.id), { ok: true });
  assert.deepEqual(await changeJobTopic(ctx.prisma, job.id, 424242), { ok: false, kind: "not-found", message: "topicId: there is no topic 424242" });

  let batches = 0;
  while (await rescoreBatch(ctx.db.sql, 2)) batches++;
  assert.equal(batches, 2, "3 pages in batches of 2");
  const pages = await ctx.db.sql`select title, is_relevant, topic_revision, explanation from pages where job_id = ${job.id} order by id`;
  assert.deepEqual(pages.map((p) => [p.title, p.is_relevant, p.topic_revision]), [["水稻栽培", true, 2], ["软件工程", false, 2], ["玉米育种", true, 2]]);
  assert.ok(pages[0].explanation.terms.length > 0);
  const [j] = await ctx.db.sql`select pages_relevant, topic_id, topic_revision from jobs where id = ${job.id}`;
  assert.deepEqual([j.pages_relevant, j.topic_id, j.topic_revision], [2, topic.id, 2]);
});

test("a job can use a saved topic; an unknown one is refused before anything is written", async () => {
  const topic = await createTopic(ctx.prisma, "历史", topicOf({ clc: "K2" }), 0.04);
  const input = parseJobInput({ topicId: String(topic.id), seeds: "http://h.test/" });
  assert.ok(input.ok);
  const job = await createJob(ctx.prisma, input.value);
  assert.equal(job.topicId, topic.id);
  assert.equal(job.name, "历史");
  assert.deepEqual(job.topicSnapshot, (await getTopic(ctx.prisma, topic.id))!.vector);
  const before = await ctx.prisma.job.count();
  const missing = parseJobInput({ topicId: 987654, seeds: "http://h.test/" });
  assert.ok(missing.ok);
  await assert.rejects(createJob(ctx.prisma, missing.value), /no topic 987654/);
  assert.equal(await ctx.prisma.job.count(), before);
});

test("precision and recall of a topic are estimated from judged pages", async () => {
  const topic = await createTopic(ctx.prisma, "judged", topicOf({ keywords: "水稻" }), 0.05);
  assert.equal(await estimateTopicQuality(ctx.prisma, topic.id), null);
  const input = parseJobInput({ topicId: topic.id, seeds: "http://j.test/" });
  assert.ok(input.ok);
  const job = await createJob(ctx.prisma, input.value);
  await addPages(job.id, [["a", "a"], ["b", "b"], ["c", "c"]]);
  await ctx.db.sql`update pages set is_relevant = (title <> 'c'), judgement = case title when 'a' then 'relevant' when 'b' then 'irrelevant' else 'relevant' end where job_id = ${job.id}`;
  assert.deepEqual(await estimateTopicQuality(ctx.prisma, topic.id), { judged: 3, precision: 0.5, recall: 0.5 });
});
