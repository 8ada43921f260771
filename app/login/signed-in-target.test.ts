import assert from "node:assert/strict";
import { test } from "node:test";
import { signedInTarget } from "./signed-in-target";

test("a signed-in visit to /login goes to next only when it is a path of this site", () => {
  const rows: [string | null, string][] = [
    ["/jobs/3/results?view=relevant", "/jobs/3/results?view=relevant"], ["/", "/"], [null, "/"], ["", "/"],
    ["//evil.example/", "/"], ["/\\evil.example", "/"], ["https://evil.example/", "/"], ["evil", "/"], ["/\t/evil.example", "/"],
    ["/a\r\nSet-Cookie: x", "/"], ["/login", "/"], ["/login?next=/x", "/"], ["/logins", "/logins"], ["/jobs//x", "/jobs//x"],
  ];
  for (const [next, want] of rows) assert.equal(signedInTarget(next), want, JSON.stringify(next));
});
