import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { CrawlSettingsSchema } from "../jobs/settings";
import { CHARSET_SOURCES } from "../rules/decode";
import { PAGE_KINDS } from "../rules/parse";
import { describeStrategies, getStrategy, parseStrategyParams } from "../strategy/registry";
import { emptyState } from "../strategy/types";
import { topicScorer } from "../topic/topic";
import { LOCALES } from "./messages";
import {
  charsetSourceLabel, finishReasonLabel, pageKindLabel, priorityDetailText, priorityPartLabel, settingLabel, settingValueLabel, statusLabel,
} from "./ops-messages";

const CJK = /[\u4e00-\u9fff]/;

/** The reasons finishJobs can write, read from its SQL, so that a new one cannot go unlabelled. */
function finishReasonsInSql(): string[] {
  const src = fs.readFileSync(new URL("../store/frontier.ts", import.meta.url), "utf8");
  const body = src.slice(src.indexOf("export async function finishJobs"));
  return [...new Set([...body.slice(0, body.indexOf("\n}\n")).matchAll(/(?:then|else) '([a-z-]+)'(?!::)/g)].map((m) => m[1]))];
}

/** Every key a strategy puts in a queued URL's priority detail, from scoring a page's links with each. */
function priorityDetailKeys(): string[] {
  const keys = new Set<string>(["recomputed", "total", "parents"]); // written by recomputes and by merging (lib/store/frontier.ts)
  const topic = topicScorer({ terms: [["计算机", 0.9], ["网络", 0.4]] });
  for (const { id } of describeStrategies()) {
    for (const isRelevant of [true, false]) {
      const scores = getStrategy(id).scoreLinks({
        parent: { url: "http://a.test/x", host: "a.test", depth: 1, relevance: 0.5, isRelevant, priority: 0.5, kind: "content" },
        links: [{ url: "http://a.test/计算机", host: "a.test", anchor: "计算机 网络" }, { url: "http://b.test/", host: "b.test", anchor: "" }],
        topic, params: parseStrategyParams(id, {}) as never, state: { ...emptyState(), jobFetched: 4, jobRelevant: 2 },
      });
      for (const s of scores) for (const k of Object.keys(s.detail)) keys.add(k);
    }
  }
  return [...keys];
}

test("every finish reason, page kind, setting, priority part and charset source has a Chinese and an English label", () => {
  const reasons = finishReasonsInSql();
  assert.deepEqual(reasons.sort(), ["frontier-empty", "max-pages", "seeds-failed", "stopped-by-user", "time-budget"]);
  const cases: [string, string[], (locale: "zh-CN" | "en", code: string) => string][] = [
    ["finish reason", reasons, finishReasonLabel],
    ["page kind", [...PAGE_KINDS], pageKindLabel],
    ["setting", Object.keys(CrawlSettingsSchema.shape), settingLabel],
    ["priority part", priorityDetailKeys(), priorityPartLabel],
    ["charset source", [...CHARSET_SOURCES], charsetSourceLabel],
    ["status", ["queued", "running", "paused", "stopping", "done", "stopped", "failed"], statusLabel],
  ];
  for (const [what, codes, label] of cases) {
    assert.ok(codes.length > 0, `no ${what} codes found`);
    for (const code of codes) {
      assert.match(label("zh-CN", code), CJK, `${what} "${code}" has no Chinese label`);
      for (const locale of LOCALES) assert.notEqual(label(locale, code), undefined, `${what} "${code}" has no ${locale} label`);
      assert.ok(label("en", code).length > 0);
    }
  }
});

test("codes without a label are shown as they are, and values read as words", () => {
  assert.equal(finishReasonLabel("zh-CN", "something-new"), "something-new");
  assert.equal(pageKindLabel("zh-CN", "hub"), "列表页");
  assert.equal(pageKindLabel("en", "content"), "content");
  assert.equal(settingValueLabel("zh-CN", "scope", "seed-hosts"), "仅种子主机");
  assert.equal(settingValueLabel("zh-CN", "keepRawHtml", true), "是");
  assert.equal(settingValueLabel("en", "deny", ["a.test", "b.test"]), "a.test | b.test");
  assert.equal(priorityDetailText("zh-CN", { parentRelevance: 0.62, depth: 2 }), "父页面相关度 0.62，深度 2");
  assert.equal(priorityDetailText("zh-CN", null), "种子");
  assert.equal(priorityDetailText("en", { weight: 7 }), "weight 7");
  const host = { fetched: 490, relevant: 1, failed: 5, weight: 0.012 };
  assert.equal(priorityDetailText("zh-CN", { parentRelevance: 0.005 }, host), "父页面相关度 0.005，站点至今收获 1/495，权重 ×0.01");
  assert.equal(priorityDetailText("en", { parentRelevance: 0.005 }, host), "parent relevance 0.005, host harvest 1/495 so far, weight ×0.01");
  const sunk = { fetched: 24, relevant: 1, failed: 0, weight: 0.043, irrelevantRun: 23, isSunk: true };
  assert.equal(priorityDetailText("zh-CN", { parentRelevance: 0.07 }, sunk),
    "父页面相关度 0.07，站点至今收获 1/24，权重 ×0.04；已连续 23 页无关，排在其他站点之后，直到它有相关页面");
  assert.equal(priorityDetailText("en", { parentRelevance: 0.07 }, sunk),
    "parent relevance 0.07, host harvest 1/24 so far, weight ×0.04; sunk after 23 irrelevant pages in a row: it waits behind every other host until one of its pages is relevant");
});
