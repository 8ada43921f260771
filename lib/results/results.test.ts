import assert from "node:assert/strict";
import { test } from "node:test";
import { encodeCursor, parseResultFilters, toSearchParams, type ResultFilters } from "./filters";
import { parseBulkJudgementBody, parseJudgementBody } from "./judgement";
import { highlightTerms } from "./snippet";
import { sanitizeSnapshot } from "./snapshot";

test("results filters: good views parse and round-trip, bad ones name the allowed values", () => {
  const ok = parseResultFilters(new URLSearchParams("view=relevant&min=0.2&max=0.9&host=Nong.test&kind=hub&depth=2&status=200&dup=hide&q=农业机械&mime=Text/HTML&from=2026-11-01&to=2026-11-30&rev=2"));
  assert.ok(ok.ok);
  assert.deepEqual(ok.value, { dup: "hide", sort: "rank", view: "relevant", minRelevance: 0.2, maxRelevance: 0.9,
    host: "nong.test", kind: "hub", depth: 2, status: 200, q: "农业机械", mime: "text/html", fetchedFrom: "2026-11-01", fetchedTo: "2026-11-30", topicRevision: 2 });
  const again = parseResultFilters(toSearchParams(ok.value));
  assert.ok(again.ok);
  assert.deepEqual(again.value, ok.value);
  const table: [string, string, RegExp][] = [
    ["view=maybe", "view", /view takes relevant\|not-relevant\|judged-relevant\|judged-irrelevant\|unjudged/],
    ["min=2", "min", /min takes 0\.\.1/],
    ["min=0.8&max=0.2", "min", /at most max/],
    ["depth=1.5", "depth", /0\.\.1000/],
    ["sort=random", "sort", /relevance\|fetched\|depth\|host\|rank/],
    ["after=xyz", "after", /cursor/],
    ["from=2026-02-30", "from", /a date YYYY-MM-DD/],
    ["from=2020-13-45", "from", /a date YYYY-MM-DD/],
    ["to=2020-00-00", "to", /a date YYYY-MM-DD/],
    ["mime=html", "mime", /a MIME type/],
    ["rev=0", "rev", /topic revision/],
    ["colour=red", "colour", /unknown parameter "colour"; allowed parameters: view, min, max/],
  ];
  for (const [query, param, message] of table) {
    const r = parseResultFilters(new URLSearchParams(query));
    assert.ok(!r.ok, query);
    assert.equal(r.problem.param, param, query);
    assert.match(r.problem.message, message, query);
  }
  const cursor = parseResultFilters(new URLSearchParams(`after=${encodeCursor("0.5", "42")}&sort=rank`));
  assert.ok(cursor.ok);
  assert.deepEqual([cursor.value.after, cursor.value.sort], [{ key: "0.5", id: "42" }, "relevance"], "no rank without a search");
  assert.ok(parseResultFilters(new URLSearchParams("format=csv"), ["format"]).ok, "callers may read further parameters");
});

test("near-duplicate filters: dup=group|show|hide and dupOf=<page id>, round trip, and what bad values say", () => {
  const table: [string, Partial<ResultFilters>][] = [
    ["", {}],
    ["dup=group", { dup: "group" }],
    ["dup=show", { dup: "show" }],
    ["dup=hide&host=a.test", { dup: "hide", host: "a.test" }],
    ["dupOf=42", { dupOf: "42" }],
    ["dupOf=007&view=relevant", { dupOf: "7", view: "relevant" }],
    ["dupOf=42&dup=group", { dupOf: "42" }], // a group view lists the whole group, whatever dup says
    ["dup=hide&dupOf=42&sort=fetched", { dupOf: "42", sort: "fetched" }],
  ];
  for (const [query, want] of table) {
    const r = parseResultFilters(new URLSearchParams(query));
    assert.ok(r.ok, query);
    assert.deepEqual(r.value, { sort: "relevance", ...want }, query);
    const again = parseResultFilters(toSearchParams(r.value));
    assert.ok(again.ok, query);
    assert.deepEqual(again.value, r.value, `${query}: round trip through toSearchParams`);
  }
  assert.equal(toSearchParams({ sort: "relevance", dup: "group" }, { dupOf: "9" }).toString(), "dupOf=9", "a group link drops dup");
  assert.equal(toSearchParams({ sort: "relevance", dupOf: "9" }, { dupOf: undefined, dup: "group" }).toString(), "dup=group", "leaving a group");
  for (const [query, param, message] of [
    ["dup=merge", "dup", /dup=merge is not allowed; dup takes group\|show\|hide/],
    ["dup=GROUP", "dup", /dup takes group\|show\|hide/],
    ["dupOf=abc", "dupOf", /dupOf=abc is not allowed; dupOf takes a page id/],
    ["dupOf=-3", "dupOf", /dupOf takes a page id/],
    ["dupOf=1.5", "dupOf", /dupOf takes a page id/],
    ["dupOf=1234567890123456789", "dupOf", /dupOf takes a page id/],
    ["dupof=3", "dupof", /unknown parameter "dupof"; allowed parameters: .*dup, dupOf/],
  ] as const) {
    const r = parseResultFilters(new URLSearchParams(query));
    assert.ok(!r.ok, query);
    assert.equal(r.problem.param, param, query);
    assert.match(r.problem.message, message, query);
  }
});

test("judgements: relevant, irrelevant or null; anything else names the allowed values", () => {
  assert.deepEqual(parseJudgementBody({ judgement: "relevant" }), { ok: true, judgement: "relevant" });
  assert.deepEqual(parseJudgementBody({ judgement: null }), { ok: true, judgement: null });
  for (const bad of [{ judgement: "yes" }, {}, null, "relevant"]) {
    const r = parseJudgementBody(bad);
    assert.ok(!r.ok && /relevant, irrelevant, or null/.test(r.message));
  }
});

test("bulk judgements need a list of page ids and a judgement", () => {
  assert.deepEqual(parseBulkJudgementBody({ pageIds: ["1", 2], judgement: "irrelevant" }), { ok: true, pageIds: ["1", "2"], judgement: "irrelevant" });
  for (const bad of [{ pageIds: [], judgement: "relevant" }, { pageIds: ["x"], judgement: "relevant" }, { judgement: "relevant" }]) {
    const r = parseBulkJudgementBody(bad);
    assert.ok(!r.ok && /pageIds must be a list of 1 to 500 page ids/.test(r.message));
  }
  assert.ok(!parseBulkJudgementBody({ pageIds: ["1"], judgement: "yes" }).ok);
});

test("snippets highlight every term, longest first, case-insensitively", () => {
  assert.deepEqual(highlightTerms("农业机械化让农业更强", ["农业", "农业机械"]), [
    { text: "农业机械", isHit: true }, { text: "化让", isHit: false }, { text: "农业", isHit: true }, { text: "更强", isHit: false }]);
  assert.deepEqual(highlightTerms("Big Tractors", ["tractors"]), [{ text: "Big ", isHit: false }, { text: "Tractors", isHit: true }]);
  assert.deepEqual(highlightTerms("a.b", ["."]), [{ text: "a", isHit: false }, { text: ".", isHit: true }, { text: "b", isHit: false }]);
  assert.deepEqual(highlightTerms("无匹配", []), [{ text: "无匹配", isHit: false }]);
});

test("snippets keep the main text's line breaks as separators, never inside a highlighted term", () => {
  const br = { text: "\n", isHit: false, isBreak: true };
  const cases: { text: string; terms: string[]; pieces: object[] }[] = [
    { text: "比较研究\n无线传感器网络\n并行学习", terms: ["无线"], pieces: [
      { text: "比较研究", isHit: false }, br, { text: "无线", isHit: true }, { text: "传感器网络", isHit: false }, br, { text: "并行学习", isHit: false }] },
    { text: "\n研究\n学习\n", terms: ["学习"], pieces: [{ text: "研究", isHit: false }, br, { text: "学习", isHit: true }] },
    { text: "题名 年份\n水稻种植 2024", terms: [], pieces: [{ text: "题名 年份", isHit: false }, br, { text: "水稻种植 2024", isHit: false }] },
    { text: "农业\n机械", terms: ["农业机械"], pieces: [{ text: "农业", isHit: false }, br, { text: "机械", isHit: false }] },
  ];
  for (const c of cases) assert.deepEqual(highlightTerms(c.text, c.terms), c.pieces, JSON.stringify(c.text));
});

test("snapshots keep text and structure but nothing that runs or loads", () => {
  const html = sanitizeSnapshot(`<html><head><script>alert(1)</script><link rel=stylesheet href="http://evil/x.css"><base href="http://evil/">
    <meta http-equiv="refresh" content="0;url=http://evil/"></head>
    <body onload="x()"><h1 style="background:url(http://evil/bg)">农业机械</h1><a href="http://evil/" onclick="y()">链接</a>
    <img src="http://evil/p.png"><img src="/local.png"><img src="data:image/png;base64,AAAA" alt="图">
    <iframe src="http://evil/"></iframe><form action="http://evil/"><input name=q></form><svg><use href="http://evil/#a"/></svg>
    <p>正文 &lt;script&gt;</p></body></html>`);
  assert.match(html, /<h1>农业机械<\/h1>/);
  assert.match(html, /<a>链接<\/a>/);
  assert.match(html, /<img src="data:image\/png;base64,AAAA" alt="图" \/>/);
  assert.match(html, /正文 &lt;script&gt;/);
  assert.doesNotMatch(html, /evil|<script|onload|onclick|<iframe|<form|<input|<base|<link|refresh|local\.png|<svg/i);
});
