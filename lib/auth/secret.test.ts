import assert from "node:assert/strict";
import { test } from "node:test";
import { hashSecret, isApiTokenShaped, isSessionIdShaped, newApiToken, newSessionId, safeEqual, tokenDisplayPrefix } from "./secret";

test("API tokens are fct_ and 43 base64url characters, all different; other strings are not tokens", () => {
  const tokens = new Set(Array.from({ length: 50 }, newApiToken));
  assert.equal(tokens.size, 50);
  for (const t of tokens) assert.ok(isApiTokenShaped(t), t);
  for (const bad of ["", "fct_", "fct_short", `fct_${"a".repeat(42)}`, `fct_${"a".repeat(44)}`, `xyz_${"a".repeat(43)}`, `fct_${"a".repeat(42)}=`]) {
    assert.equal(isApiTokenShaped(bad), false, bad);
  }
  const id = newSessionId();
  assert.ok(isSessionIdShaped(id));
  assert.equal(isSessionIdShaped(newApiToken()), false);
});

test("secrets are stored as their SHA-256; the display prefix shows only the start", () => {
  assert.equal(hashSecret("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const t = newApiToken();
  assert.equal(tokenDisplayPrefix(t), t.slice(0, 10));
  assert.ok(t.startsWith(tokenDisplayPrefix(t)));
});

test("safeEqual compares whole strings of any length", () => {
  assert.equal(safeEqual("s3cret", "s3cret"), true);
  assert.equal(safeEqual("s3cret", "s3cre"), false);
  assert.equal(safeEqual("s3cret", "s3creT"), false);
  assert.equal(safeEqual("", ""), true);
});
