import assert from "node:assert/strict";
import { test } from "node:test";
import { parseJobInput } from "./input";
import { createAddressPolicy } from "../rules/address-guard";
import { localizeFieldErrors } from "../i18n/errors";

test("valid form input is parsed and defaulted", () => {
  const r = parseJobInput({ keywords: "计算机，网络、数据库", seeds: "https://a.test/\nhttp://b.test/x", maxPages: "50" });
  assert.ok(r.ok);
  assert.deepEqual(r.value.keywords, ["计算机", "网络", "数据库"]);
  assert.deepEqual(r.value.seeds, ["https://a.test/", "http://b.test/x"]);
  assert.equal(r.value.maxPages, 50);
  assert.equal(r.value.strategy, "best-first", "a job naming no strategy gets the topic-aware one the lab measured best");
  assert.equal(r.value.priorityFeedback, true, "priorities learn from hosts unless turned off");
});

test("priorityFeedback can be turned off (a paper's strategy as published), and a bad value says how to fix it", () => {
  const off = parseJobInput({ keywords: "计算机", seeds: "https://a.test/", priorityFeedback: "off" });
  assert.ok(off.ok);
  assert.equal(off.value.priorityFeedback, false);
  const bad = parseJobInput({ keywords: "计算机", seeds: "https://a.test/", priorityFeedback: "maybe" });
  assert.ok(!bad.ok);
  assert.match(bad.errors.priorityFeedback[0], /priorityFeedback must be true or false/);
});

test("every bad field gets its own message that says how to fix it", () => {
  const r = parseJobInput({ keywords: " , ", seeds: "ftp://x.test/ notaurl", maxPages: "12abc", maxDepth: "-1", strategy: "dfs", pageThreshold: "2" });
  assert.ok(!r.ok);
  assert.match(r.errors.keywords[0], /at least one keyword/);
  assert.equal(r.errors.seeds.length, 2);
  assert.match(r.errors.seeds.join(), /only http:\/\/ and https:\/\//);
  assert.match(r.errors.maxPages[0], /whole number/);
  assert.match(r.errors.maxDepth[0], /at least 0/);
  assert.match(r.errors.strategy[0], /one of: bfs, tianwang, best-first, rw/);
  assert.match(r.errors.pageThreshold[0], /between 0 and 1/);
});

test("strategy parameters come from an object or from the form's strategyParams.ID.NAME fields, defaults filled in", () => {
  const fromForm = parseJobInput({ keywords: "计算机", seeds: "http://a.test/", strategy: "ipagerank", "strategyParams.ipagerank.d": "0.5",
    "strategyParams.tianwang.random": "7" });
  assert.ok(fromForm.ok);
  assert.deepEqual(fromForm.value.strategyParams, { d: 0.5, recomputeEvery: 500, c: 0.1 });
  const bad = parseJobInput({ keywords: "计算机", seeds: "http://a.test/", strategy: "cmscrawler", strategyParams: { grain: "medium", wMime: 3 } });
  assert.ok(!bad.ok);
  assert.match(bad.errors.strategyParams.join(), /grain must be one of: fine, coarse.*wMime must be a number from 0 to 1/);
});

test("missing seeds and keywords are reported, not crashed on", () => {
  const r = parseJobInput({});
  assert.ok(!r.ok);
  assert.ok(r.errors.keywords && r.errors.seeds);
});

test("keywords that are all stop words are refused", () => {
  const r = parseJobInput({ keywords: "的,了", seeds: "http://a.test/" });
  assert.ok(!r.ok);
  assert.match(r.errors.keywords[0], /stop word/);
});

test("bad --resolve entries are refused", () => {
  const r = parseJobInput({ keywords: "a1", seeds: "http://a.test/", resolve: ["host"] });
  assert.ok(!r.ok);
  assert.match(r.errors.resolve[0], /host=ADDRESS/);
});

test("on a guarded deployment a job cannot point names or its proxy at private addresses; the deployment's allow-list by address can", () => {
  const base = { keywords: "计算机", seeds: "https://example.com/" };
  const guard = createAddressPolicy({ allowAll: false, allowList: ["intranet.test", "10.9.0.0/16"] });
  const bad = parseJobInput({ ...base, resolve: "intranet.test=127.0.0.1:8713, x.intranet.test=169.254.169.254, ok.test=93.184.215.14", proxy: "http://[::7f00:1]:3128" }, { isRefused: guard });
  assert.equal(bad.ok, false);
  if (!bad.ok) {
    assert.equal(bad.errors.resolve.length, 2, bad.errors.resolve.join("\n"));
    assert.match(bad.errors.resolve[0], /intranet\.test=127\.0\.0\.1.*private/);
    assert.match(bad.errors.proxy[0], /proxy ::7f00:1 is a private/);
    const zh = localizeFieldErrors(bad.errors, "zh-CN");
    assert.match(zh.resolve[1], /^“x\.intranet\.test=169\.254\.169\.254”指向内网或本机地址/);
    assert.match(zh.proxy[0], /^代理 ::7f00:1 是内网或本机地址/);
  }
  assert.ok(parseJobInput({ ...base, resolve: "intranet.test=10.9.1.2", proxy: "http://10.9.0.1:3128" }, { isRefused: guard }).ok);
  assert.ok(parseJobInput({ ...base, resolve: "intranet.test=127.0.0.1" }, { isRefused: createAddressPolicy({ allowAll: true }) }).ok);
});

test("a bad class code is reported together with bad seeds and a bad page budget, not after they are fixed", () => {
  const r = parseJobInput({ clc: "ZZ99", seeds: "ftp://x.test/", maxPages: "0", strategy: "cmscrawler", strategyParams: { wMime: 3 } });
  assert.ok(!r.ok);
  assert.deepEqual(Object.keys(r.errors).sort(), ["clc", "maxPages", "seeds", "strategyParams"]);
  assert.match(r.errors.clc.join(), /ZZ99/);
});

test("a job's resolve entry or proxy written in any form the resolver reads as a private address, or as localhost, is refused when the job is created", () => {
  const base = { keywords: "计算机", seeds: "https://example.com/" };
  const guard = createAddressPolicy({ allowAll: false });
  const refused = ["127.1", "2130706433", "0x7f000001", "0", "017700000001", "0x7f.1", "localhost", "LOCALHOST.", "db.localhost", "[::1]", "[2001:db8::1]",
    "100.64.0.1", "198.18.0.1", "[fe80::1]", "[64:ff9b:1::1]", "[100::1]", "240.0.0.1", "0xa9fea9fe"];
  for (const target of refused) {
    const r = parseJobInput({ ...base, resolve: [`a.test=${target}`] }, { isRefused: guard });
    assert.equal(r.ok, false, target);
    if (!r.ok) assert.match(r.errors.resolve[0], new RegExp(`"a\\.test=${target.replace(/[.[\]]/g, "\\$&").replace(/^\\\[|\\\]$/g, "")}" points at a private or local address`), target);
  }
  for (const proxy of ["socks5://127.1:1080", "http://2130706433:3128", "http://localhost:3128", "socks5://[::1]:1080"]) {
    const r = parseJobInput({ ...base, proxy }, { isRefused: guard });
    assert.equal(r.ok, false, proxy);
    if (!r.ok) assert.match(r.errors.proxy[0], /is a private or local address/, proxy);
  }
  for (const target of ["93.184.215.14", "1.1", "mirror.example.com", "cafe.dead.beef", "[2606:4700::1111]"]) {
    assert.ok(parseJobInput({ ...base, resolve: [`a.test=${target}`] }, { isRefused: guard }).ok, target);
  }
  assert.ok(parseJobInput({ ...base, resolve: ["a.test=127.1", "b.test=localhost"] }, { isRefused: createAddressPolicy({ allowAll: true }) }).ok);
});

test("seed origins: an object or its JSON; a bad one is refused with how to write it", () => {
  const base = { keywords: "计算机", seeds: "http://a.test/" };
  const ok = parseJobInput({ ...base, seedOrigins: { "http://a.test/": { kind: "search", provider: "p", score: 0.5 } } });
  assert.ok(ok.ok && ok.value.seedOrigins?.["http://a.test/"].kind === "search");
  assert.ok(parseJobInput({ ...base, seedOrigins: "" }).ok);
  for (const [bad, pattern] of [
    ["{not json", /seedOrigins must be an object of seed URL → origin/], [{ "http://a.test/": { kind: "rumour" } }, /kind must be one of: manual, file, search, earlier-job/],
    [{ "http://a.test/": { kind: "search", score: 7 } }, /a score must be a number from 0 to 1/], [[1], /seedOrigins must be an object/],
  ] as const) {
    const r = parseJobInput({ ...base, seedOrigins: bad });
    assert.ok(!r.ok && pattern.test(r.errors.seedOrigins?.join(" ") ?? ""), `${JSON.stringify(bad)}: ${JSON.stringify(!r.ok && r.errors)}`);
  }
});

test("every unknown class code is reported, each in both languages, not only the first", () => {
  const r = parseJobInput({ keywords: "计算机", seeds: "http://a.test/", clc: "ZZ9, TP3, 财政" });
  assert.ok(!r.ok);
  assert.equal(r.errors.clc.length, 2, r.errors.clc.join("\n"));
  assert.match(r.errors.clc[0], /unknown class "ZZ9"/);
  assert.match(r.errors.clc[1], /"财政" is not a class code; it may be F8/);
  const zh = localizeFieldErrors(r.errors, "zh-CN").clc;
  assert.match(zh[0], /^未知分类“ZZ9”/);
  assert.match(zh[1], /^“财政”不是分类号/);
});

test("a class code typed in full width (ＴＰ３) is read as TP3", () => {
  const r = parseJobInput({ keywords: "", seeds: "http://a.test/", clc: "ＴＰ３，Ｆ８" });
  assert.ok(r.ok, r.ok ? "" : r.message);
  assert.deepEqual(r.value.clc, ["TP3", "F8"]);
  assert.deepEqual(r.value.topic?.definition.clc, ["TP3", "F8"]);
});

test("a number out of every range (1e99) gets one message, not a second one saying the same", () => {
  for (const [field, value] of [["minDelayMs", "1e99"], ["maxPages", "1e99"], ["topicId", "1e99"]] as const) {
    const r = parseJobInput({ keywords: "计算机", seeds: "http://a.test/", [field]: value });
    assert.ok(!r.ok);
    assert.equal(r.errors[field].length, 1, `${field}: ${r.errors[field].join(" | ")}`);
  }
});

test("a job name with a text-direction override or a zero-width character is refused, saying which and where, in both languages", () => {
  const cases = [["report\u202Egpj.exe", "U+202E", "text-direction control", "文字方向控制符"], ["ab\u200Bc", "U+200B", "zero-width character", "零宽字符"],
    ["\u2066name", "U+2066", "text-direction control", "文字方向控制符"], ["x\uFEFFy", "U+FEFF", "zero-width character", "零宽字符"]] as const;
  for (const [name, code, what, zhWhat] of cases) {
    const r = parseJobInput({ keywords: "计算机", seeds: "http://a.test/", name });
    assert.ok(!r.ok, JSON.stringify(name));
    assert.match(r.errors.name[0], new RegExp(`${what} \\(${code.replace("+", "\\+")}\\)`));
    assert.match(localizeFieldErrors(r.errors, "zh-CN").name[0], new RegExp(`看不见的${zhWhat}（${code.replace("+", "\\+")}）.*请删除它`));
  }
  const ok = parseJobInput({ keywords: "计算机", seeds: "http://a.test/", name: "计算机 ‹crawl› – 2024" });
  assert.ok(ok.ok, "ordinary names, Chinese and typographic marks included, are kept");
});
