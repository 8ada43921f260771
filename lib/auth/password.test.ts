import assert from "node:assert/strict";
import { test } from "node:test";
import { checkNewPassword, hashPassword, UNKNOWN_USER_HASH, verifyPassword } from "./password";

test("a hashed password verifies; another password, a changed hash or a malformed one does not", async () => {
  const stored = await hashPassword("correct horse 电池");
  assert.match(stored, /^scrypt\$32768\$8\$3\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
  assert.equal(await verifyPassword("correct horse 电池", stored), true);
  assert.equal(await verifyPassword("correct horse 电池 ", stored), false);
  assert.equal(await verifyPassword("", stored), false);
  const parts = stored.split("$");
  const flipped = parts[5][0] === "A" ? "B" + parts[5].slice(1) : "A" + parts[5].slice(1);
  assert.equal(await verifyPassword("correct horse 电池", [...parts.slice(0, 5), flipped].join("$")), false);
  for (const bad of ["", "plain", "scrypt$1$1$1$x", "bcrypt$32768$8$3$abc$def", `scrypt$${2 ** 24}$8$1$${parts[4]}$${parts[5]}`]) {
    assert.equal(await verifyPassword("correct horse 电池", bad), false, bad);
  }
});

test("each hash has its own salt, and the unknown-user hash matches nothing", async () => {
  const [a, b] = await Promise.all([hashPassword("same password"), hashPassword("same password")]);
  assert.notEqual(a, b);
  assert.equal(await verifyPassword("", UNKNOWN_USER_HASH), false);
  assert.equal(await verifyPassword("same password", UNKNOWN_USER_HASH), false);
});

test("new passwords need 8 characters (counted as characters, not bytes)", () => {
  assert.equal(checkNewPassword("1234567"), "too-short");
  assert.equal(checkNewPassword("12345678"), null);
  assert.equal(checkNewPassword("密码密码密码密码"), null);
  assert.equal(checkNewPassword("密码密码"), "too-short");
});
