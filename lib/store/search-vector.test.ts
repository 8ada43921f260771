import assert from "node:assert/strict";
import { test } from "node:test";
import { buildTopic, pageTerms, topicScorer, TopicDefinitionSchema } from "../topic/topic";
import { documentFromTerms, segmentForIndex } from "./search-vector";

test("the terms the crawl scores a page with are the search index's terms when the topic has no user dictionary", () => {
  const scorer = topicScorer(buildTopic(TopicDefinitionSchema.parse({ keywords: [{ term: "农业机械", weight: 1 }] })));
  assert.equal(scorer.userTerms.size, 0);
  const title = "农业机械化发展报告 2026";
  const text = "拖拉机和联合收割机是农业机械化的主要装备。The tractor market grew in 2025, 计算机控制的播种机也在推广。";
  assert.deepEqual(documentFromTerms(pageTerms(scorer, title), pageTerms(scorer, text)), segmentForIndex(title, text));
});
