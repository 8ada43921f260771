import assert from "node:assert/strict";
import { test } from "node:test";
import { parseComparisonInput } from "../jobs/comparison-input";
import { parseJobInput } from "../jobs/input";
import { localizeError, localizeFieldErrors } from "./errors";

const SEED = { seeds: "http://a.test/" };
const KW = { keywords: "计算机", ...SEED };

/** Bad job inputs, one kind of mistake each, as the form would send them. */
const BAD_INPUTS: Record<string, unknown>[] = [
  { ...KW, name: "名".repeat(201) },
  { keywords: "词".repeat(101), ...SEED },
  { keywords: Array.from({ length: 501 }, (_, i) => `词${i}`).join(","), ...SEED },
  { clc: "TP3 ZZ99", ...SEED },
  { clc: Array.from({ length: 51 }, () => "TP3").join(" "), ...SEED },
  { topicId: "abc", ...SEED },
  { seeds: "" , keywords: "计算机" },
  { ...KW, seeds: "not a url" },
  { ...KW, seeds: "ftp://files.test/" },
  { ...KW, seeds: `http://a.test/${"x".repeat(3000)}` },
  { ...SEED },
  { keywords: "的,了,和", ...SEED },
  { ...KW, strategy: "dfs" },
  { ...KW, maxPages: "many" },
  { ...KW, maxPages: "0" },
  { ...KW, maxPages: "99999999999" },
  { ...KW, maxDepth: "1.5" },
  { ...KW, pageThreshold: "2" },
  { ...KW, pageThreshold: "high" },
  { ...KW, minDelayMs: "-1" },
  { ...KW, adaptTopicAfter: "-5" },
  { ...KW, scope: "everywhere" },
  { ...KW, allow: "bad!pattern" },
  { ...KW, proxy: "ftp://proxy.test" },
  { ...KW, siteAuth: "intranet.test" },
  { ...KW, cookies: "intranet.test" },
  { ...KW, resolve: "nonsense" },
  { ...KW, strategy: "tianwang", "strategyParams.tianwang.byWeight": "0" },
  { ...KW, strategy: "bfs", strategyParams: { nosuch: 1 } },
  { ...KW, keywords: 42 },
  { ...KW, name: "任务\u0000" },
  { ...KW, keywords: "计算\ud800机" },
  { ...KW, cookies: ["a.test sid=1\u0000"] },
  { ...KW, "bad\u0000name": "x" },
  { ...KW, strategyParams: JSON.parse("[".repeat(70) + "]".repeat(70)) },
  { ...KW, clc: ["T".repeat(101)] },
  { ...KW, deny: ["x".repeat(5000)] },
  { ...KW, allow: Array.from({ length: 10_001 }, (_, i) => `h${i}.test`) },
  { ...KW, seedOrigins: "{not json" },
  { ...KW, browserHosts: "spa example!com" },
  { ...KW, fetchMode: "magic" },
  { ...KW, seedOrigins: { "http://a.test/": { kind: "rumour" } } },
  { ...KW, seedOrigins: { "http://a.test/": { kind: "search", score: 2, provider: "p".repeat(101), query: "q".repeat(501) } } },
];

const hasChinese = (s: string) => /\p{Script=Han}/u.test(s);
const ENGLISH = /\b(must|give|at most|at least|is not|unknown|write|use)\b/;

test("every message the job form can show for bad input reads in Chinese, and stays English for the API", () => {
  let messages = 0;
  for (const raw of BAD_INPUTS) {
    const r = parseJobInput(raw);
    assert.equal(r.ok, false, JSON.stringify(raw).slice(0, 80));
    if (r.ok) continue;
    const zh = localizeFieldErrors(r.errors, "zh-CN");
    assert.deepEqual(Object.keys(zh), Object.keys(r.errors));
    for (const [field, list] of Object.entries(zh)) {
      list.forEach((m, i) => {
        messages++;
        assert.ok(hasChinese(m) && !ENGLISH.test(m), `${field}: not translated: ${r.errors[field][i]} → ${m}`);
      });
    }
    assert.deepEqual(localizeFieldErrors(r.errors, "en"), r.errors);
  }
  assert.ok(messages >= BAD_INPUTS.length, String(messages));
});

test("the comparison form's own messages and a missing saved topic read in Chinese too", () => {
  const r = parseComparisonInput({ ...KW, strategies: ["bfs", "dfs"] });
  assert.equal(r.ok, false);
  if (!r.ok) for (const m of localizeFieldErrors(r.errors, "zh-CN").strategies) assert.ok(hasChinese(m) && !ENGLISH.test(m), m);
  const one = parseComparisonInput({ ...KW, strategies: ["bfs"] });
  assert.equal(one.ok, false);
  if (!one.ok) assert.deepEqual(localizeFieldErrors(one.errors, "zh-CN").strategies, ["请至少选两种策略来对比"]);
  assert.equal(localizeError("topicId: there is no topic 7; create it first or pick another", "zh-CN"), "没有编号为 7 的主题：请先创建，或另选一个");
});

test("numbers and quoted input survive translation; an unknown message stays as it was", () => {
  assert.equal(localizeError("maxPages must be a whole number between 1 and 10000000", "zh-CN"), "须为 1 到 10000000 之间的整数");
  assert.equal(localizeError(`seeds: "ftp://x.test/" uses ftp: only http:// and https:// URLs can be crawled`, "zh-CN"),
    "“ftp://x.test/”使用 ftp：只能爬取 http:// 和 https:// 网址");
  assert.equal(localizeError("something nobody wrote a rule for", "zh-CN"), "something nobody wrote a rule for");
  assert.equal(localizeError("maxPages must be at least 1; something else", "zh-CN"), "maxPages must be at least 1; something else",
    "joined messages are translated only when every part is known");
});

test("the topic wizard's errors read in Chinese: example pages, names, term weights, topic files", () => {
  const cases = [
    "exampleUrls: http://10.0.0.1/ is on a private or local network address, which the crawler does not fetch; give a public page",
    "exampleUrls: http://x.test/ could not be fetched (dns: getaddrinfo ENOTFOUND x.test)",
    "exampleUrls: http://x.test/a answered HTTP 404; give a page that loads",
    "exampleUrls: \"javascript:x\" cannot be fetched (unsupported-scheme); give a full http:// or https:// URL",
    "name: give the topic a name (at most 200 characters)",
    "termWeights: weights must be between 0 and 10",
    "exampleTexts: at most 50 texts",
    "keywords: at most 500 keywords",
    "exampleTexts: each example text must be at most 200000 characters",
    "file: this file is not JSON; choose a .json file exported from the topics library",
    "file: not a FocusCrawl topic file (its \"format\" must be \"focuscrawl-topic\"); export one from the topics library",
  ];
  for (const c of cases) {
    const zh = localizeError(c, "zh-CN");
    assert.notEqual(zh, c, c);
    assert.doesNotMatch(zh.replace(/https?:\/\/\S*|"[^"]*"|“[^”]*”|\(.*\)|（.*）|\.json|JSON|FocusCrawl|HTTP/g, ""), /[a-z]{3,}/i, zh);
  }
});

test("a class name typed where a code belongs reads in Chinese with the guesses", () => {
  assert.equal(localizeError('clc: "计算机" is not a class code; it may be TP 自动化技术、计算机技术 or TP3 计算技术、计算机技术: write the code, or pick the class in the topic wizard', "zh-CN"),
    "“计算机”不是分类号，可能是 TP 自动化技术、计算机技术 或 TP3 计算技术、计算机技术：请填写分类号，或在主题向导中选择分类");
});
