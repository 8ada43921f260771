import assert from "node:assert/strict";
import { test } from "node:test";
import v8 from "node:v8";
import { buildTopic, scorerForThread, scorerFromThread, topicScorer, TopicDefinitionSchema } from "../../topic/topic";
import { pageAnalyser } from "./pool";

const financeScorer = () => topicScorer(buildTopic(TopicDefinitionSchema.parse({ clc: ["F8"] })));
const html = (title: string, text: string) => Buffer.from(`<!doctype html><html><head><title>${title}</title></head><body><article><p>${text}</p></article></body></html>`);
const PAGES = [
  html("央行下调存款准备金率 银行股领涨大盘", "央行宣布下调存款准备金率，银行、证券板块领涨，沪指收涨。"),
  html("冬小麦栽培", "种植户申请银行贷款购买化肥。田间试验比较了氮肥、磷肥施用量与灌溉次数对冬小麦籽粒产量、品质的影响，作物栽培与病虫害防治。"),
];

test("a class topic crosses to a thread without the rival index, and the receiving side finds the same rivals in its own", () => {
  const scorer = financeScorer();
  assert.ok(scorer.rivals, "an F8 topic is weighed against other fields");
  const sent = v8.serialize(scorerForThread(scorer)); // what postMessage's structured clone writes
  const whole = v8.serialize(scorer);
  assert.ok(sent.length * 10 < whole.length, `sent ${sent.length} bytes, with the index ${whole.length}`);
  const received = scorerFromThread(v8.deserialize(sent));
  assert.deepEqual(received.rivals?.isRival, scorer.rivals.isRival);
  assert.equal(received.rivals?.index, scorer.rivals.index, "one index per thread, shared by its topics");
  const keywords = topicScorer(buildTopic(TopicDefinitionSchema.parse({ keywords: "银行,货币" })));
  assert.equal(scorerFromThread(v8.deserialize(v8.serialize(scorerForThread(keywords)))).rivals, undefined, "a topic without classes has no rivals on either side");
});

test("a page analysed on an analysis thread gets the score and field weighing it gets on the main thread", async () => {
  const scorer = financeScorer();
  const [inline, threaded] = [pageAnalyser(0), pageAnalyser(1)];
  for (const body of PAGES) {
    const here = await inline.analyse(scorer, body, "text/html; charset=utf-8", "http://127.0.0.1/p");
    const there = await threaded.analyse(scorer, body, "text/html; charset=utf-8", "http://127.0.0.1/p");
    assert.ok(here.field, "the page is weighed against a rival field");
    assert.equal(there.relevance, here.relevance);
    assert.deepEqual(there.field, here.field);
  }
});
