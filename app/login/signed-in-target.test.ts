import assert from "node:assert/strict";
import http from "node:http";
import { test } from "node:test";
import fc from "fast-check";
import { signedInTarget } from "./signed-in-target";

/** True when `target` can be a Location header and leads to a path of this site. */
function isSafeLocation(target: string): boolean {
  http.validateHeaderValue("location", target); // throws ERR_INVALID_CHAR as the server would
  return new URL(target, "https://dashboard.example/").origin === "https://dashboard.example" && target.startsWith("/") && !/^\/[/\\]/.test(target);
}

test("a signed-in visit to /login goes to next only when it is a path of this site", () => {
  const rows: [string | null, string][] = [
    ["/jobs/3/results?view=relevant", "/jobs/3/results?view=relevant"], ["/", "/"], [null, "/"], ["", "/"],
    ["//evil.example/", "/"], ["/\\evil.example", "/"], ["https://evil.example/", "/"], ["evil", "/"], ["/\t/evil.example", "/"],
    ["/a\r\nSet-Cookie: x", "/"], ["/login", "/"], ["/login?next=/x", "/"], ["/logins", "/logins"], ["/jobs//x", "/jobs//x"],
    // Non-ASCII is percent-encoded: a Location header holds ASCII only.
    ["/jobs/26/results?q=农业", "/jobs/26/results?q=%E5%86%9C%E4%B8%9A"], ["/主题/1#段落", "/%E4%B8%BB%E9%A2%98/1#%E6%AE%B5%E8%90%BD"],
    // Slashes written with other characters: never another host.
    ["／／evil.example", "/"], ["/／evil.example", "/"], ["/\u2215evil.example", "/"], ["\u2215\u2215evil.example", "/"],
    ["/\uff3cevil.example", "/"], ["\\\\evil.example", "/"], ["/.//evil.example", "/evil.example"], ["/x/\u2215\u2215evil", "/x/%E2%88%95%E2%88%95evil"],
  ];
  for (const [next, want] of rows) {
    assert.equal(signedInTarget(next), want, JSON.stringify(next));
    assert.ok(isSafeLocation(signedInTarget(next)), JSON.stringify(next));
  }
});

test("any next at all, Unicode slashes and lone surrogates included: a Location header of this site", () => {
  const slashes = fc.constantFrom("/", "\\", "\u2044", "\u2215", "\u2216", "\uff0f", "\uff3c", "\ufe68", "%2F", "%EF%BC%8F", "农业", "\t", "\ud800", ".", "@", ":");
  const next = fc.oneof(fc.string({ unit: "binary" }), fc.array(slashes, { maxLength: 6 }).chain((parts) => fc.string().map((rest) => parts.join("") + rest)));
  fc.assert(fc.property(next, (n) => isSafeLocation(signedInTarget(n))), { numRuns: 500 });
});
