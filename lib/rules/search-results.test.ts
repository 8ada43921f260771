import assert from "node:assert/strict";
import { test } from "node:test";
import { parseSearchAnswer, parseSearchProviders, searchRequestUrl } from "./search-results";

test("providers are NAME=URL entries; a bad or repeated one is named with how to write it", () => {
  assert.deepEqual(parseSearchProviders("searx=https://searx.example.org/search, local=http://127.0.0.1:8888/search?language=zh"), [
    { name: "searx", endpoint: "https://searx.example.org/search" },
    { name: "local", endpoint: "http://127.0.0.1:8888/search?language=zh" },
  ]);
  assert.deepEqual(parseSearchProviders(""), []);
  for (const bad of ["searx", "searx=ftp://x/", "=https://x/", "a=https://u:p@x/search", "a=not a url"]) {
    assert.throws(() => parseSearchProviders(bad), /write NAME=URL of its search endpoint/, bad);
  }
  assert.throws(() => parseSearchProviders("a=https://x/search a=https://y/search"), /named twice/);
});

test("a query keeps the endpoint's own parameters and asks for JSON", () => {
  const url = new URL(searchRequestUrl({ name: "a", endpoint: "https://s.example/search?language=zh-CN" }, "数据库 索引"));
  assert.equal(url.searchParams.get("q"), "数据库 索引");
  assert.equal(url.searchParams.get("format"), "json");
  assert.equal(url.searchParams.get("language"), "zh-CN");
});

test("an answer's crawlable results are kept in order; what is not an answer is null", () => {
  const body = JSON.stringify({ query: "x", results: [
    { url: "https://A.example/db?", title: " 数据库\n原理 ", content: "索引与事务" },
    { url: "javascript:alert(1)", title: "bad" }, { title: "no url" }, null, { url: 42 },
    { url: "http://b.example/", title: 7 },
  ] });
  assert.deepEqual(parseSearchAnswer(body), [
    { url: "https://a.example/db", host: "a.example", title: "数据库 原理", snippet: "索引与事务" },
    { url: "http://b.example/", host: "b.example", title: "", snippet: "" },
  ]);
  assert.deepEqual(parseSearchAnswer('{"results":[]}'), []);
  for (const bad of ["<html>", "null", "[]", '{"answers":[]}', '{"results":{}}']) assert.equal(parseSearchAnswer(bad), null, bad);
});
