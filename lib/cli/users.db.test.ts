import assert from "node:assert/strict";
import { test } from "node:test";
import { runCliWithInput } from "../testing/cli-input";
import { useTestDatabase } from "../testing/db";
import { findTokenUser } from "../store/api-tokens";
import { checkUserPassword } from "../store/users";

const ctx = useTestDatabase();

test("focuscrawl user add/list/role/remove and token add/list/revoke", async () => {
  const url = ctx.db.url;
  const sql = ctx.db.sql;
  const add = await runCliWithInput(["user", "add", "ops", "--role", "operator", "--password-stdin"], url, "operator-pass\n");
  assert.equal(add.code, 0, add.stderr);
  assert.ok(await checkUserPassword(sql, "ops", "operator-pass"), "the password is read from stdin without its line break");
  const piped = await runCliWithInput(["user", "add", "reader", "--role", "viewer"], url, "viewer-pass\n");
  assert.equal(piped.code, 0, piped.stderr);

  const badRole = await runCliWithInput(["user", "add", "x", "--role", "root", "--password-stdin"], url, "whatever-pass");
  assert.equal(badRole.code, 2);
  assert.match(badRole.stderr, /--role must be admin, operator or viewer, got "root"/);
  const short = await runCliWithInput(["user", "add", "y", "--role", "viewer", "--password-stdin"], url, "short");
  assert.equal(short.code, 2);
  assert.match(short.stderr, /at least 8 characters/);
  const dup = await runCliWithInput(["user", "add", "ops", "--role", "viewer", "--password-stdin"], url, "operator-pass");
  assert.equal(dup.code, 1);
  assert.match(dup.stderr, /already exists/);

  const list = await runCliWithInput(["user", "list"], url);
  assert.deepEqual(list.stdout.trim().split("\n").map((l) => l.split("\t").slice(0, 2)), [["ops", "operator"], ["reader", "viewer"]]);

  const token = await runCliWithInput(["token", "add", "--user", "reader", "--label", "nightly"], url);
  assert.equal(token.code, 0, token.stderr);
  const value = token.stdout.trim();
  assert.match(value, /^fct_[A-Za-z0-9_-]{43}$/);
  assert.match(token.stderr, /shown only now/);
  assert.equal((await findTokenUser(sql, value))?.name, "reader");
  const tokens = await runCliWithInput(["token", "list"], url);
  assert.ok(!tokens.stdout.includes(value), "the list never shows a token");
  const id = tokens.stdout.trim().split("\t")[0];
  assert.equal((await runCliWithInput(["token", "revoke", id], url)).code, 0);
  assert.equal(await findTokenUser(sql, value), undefined);
  assert.equal((await runCliWithInput(["token", "revoke", id], url)).code, 1);
  assert.equal((await runCliWithInput(["token", "add", "--user", "nobody"], url)).code, 1);

  const changed = await runCliWithInput(["user", "password", "ops", "--password-stdin"], url, "a-new-password\n");
  assert.equal(changed.code, 0, changed.stderr);
  assert.ok(await checkUserPassword(sql, "ops", "a-new-password"));
  assert.equal(await checkUserPassword(sql, "ops", "operator-pass"), undefined);
  assert.equal((await runCliWithInput(["user", "password", "nobody", "--password-stdin"], url, "a-new-password")).code, 1);

  assert.equal((await runCliWithInput(["user", "remove", "reader"], url)).code, 0);
  const missing = await runCliWithInput(["user", "remove", "reader"], url);
  assert.equal(missing.code, 1);
  assert.match(missing.stderr, /there is no user "reader"/);

  // Roles change; the last admin stays one.
  assert.equal((await runCliWithInput(["user", "role", "ops", "admin"], url)).code, 0);
  assert.equal((await checkUserPassword(sql, "ops", "a-new-password"))?.role, "admin");
  const demote = await runCliWithInput(["user", "role", "ops", "viewer"], url);
  assert.equal(demote.code, 1);
  assert.match(demote.stderr, /last admin/);
  const removeLast = await runCliWithInput(["user", "remove", "ops"], url);
  assert.equal(removeLast.code, 1);
  assert.match(removeLast.stderr, /last admin/);
  const badArgs = await runCliWithInput(["user", "role", "ops", "king"], url);
  assert.equal(badArgs.code, 2);
  assert.match(badArgs.stderr, /admin\|operator\|viewer \(got "king"\)/);
});
