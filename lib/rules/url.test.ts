import assert from "node:assert/strict";
import { test } from "node:test";
import { canonicalizeUrl, describeSeedProblem } from "./url";

const CASES: [string, string | undefined, string][] = [
  ["HTTP://Example.COM/a", undefined, "http://example.com/a"],
  ["http://example.com:80/", undefined, "http://example.com/"],
  ["https://example.com:443/x", undefined, "https://example.com/x"],
  ["http://example.com:8080/x", undefined, "http://example.com:8080/x"],
  ["http://example.com/a/./b/../c", undefined, "http://example.com/a/c"],
  ["http://example.com/a#frag", undefined, "http://example.com/a"],
  ["http://example.com/?", undefined, "http://example.com/"],
  ["http://example.com/p?b=2&a=1", undefined, "http://example.com/p?a=1&b=2"],
  ["http://example.com/p?utm_source=x&id=3&fbclid=y", undefined, "http://example.com/p?id=3"],
  ["http://例子.测试/路径", undefined, "http://xn--fsqu00a.xn--0zwm56d/%E8%B7%AF%E5%BE%84"],
  ["http://user:pw@example.com/", undefined, "http://example.com/"],
  ["../b.html", "http://example.com/a/c/d.html", "http://example.com/a/b.html"],
  ["//cdn.example.com/x", "https://example.com/", "https://cdn.example.com/x"],
  ["http://example.com./x", undefined, "http://example.com/x"],
];

test("canonicalizeUrl normalises URLs to one key", () => {
  for (const [raw, base, want] of CASES) {
    const r = canonicalizeUrl(raw, base);
    assert.ok(r.ok, `${raw} should be accepted`);
    assert.equal(r.url, want, raw);
  }
});

test("canonicalizeUrl refuses what cannot be crawled, with a reason", () => {
  assert.deepEqual(canonicalizeUrl("javascript:void(0)"), { ok: false, reason: "unsupported-scheme:javascript" });
  assert.deepEqual(canonicalizeUrl("mailto:a@b.c"), { ok: false, reason: "unsupported-scheme:mailto" });
  assert.deepEqual(canonicalizeUrl("not a url"), { ok: false, reason: "invalid-url" });
  assert.deepEqual(canonicalizeUrl(`http://e.com/${"a".repeat(3000)}`), { ok: false, reason: "url-too-long" });
});

test("describeSeedProblem tells how to fix a seed", () => {
  assert.equal(describeSeedProblem("https://example.com/"), null);
  assert.match(describeSeedProblem("ftp://example.com/")!, /only http:\/\/ and https:\/\//);
  assert.match(describeSeedProblem("example")!, /write it in full/);
});

test("every trailing dot of a host goes, so normalising twice gives the same key", () => {
  for (const raw of ["http://a.test./x", "http://a.test../x", "http://A.TEST.../x"]) {
    const r = canonicalizeUrl(raw);
    assert.ok(r.ok && r.url === "http://a.test/x" && r.host === "a.test", raw);
  }
  assert.equal(canonicalizeUrl("http://.../").ok, false);
});
