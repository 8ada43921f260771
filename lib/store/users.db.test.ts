import assert from "node:assert/strict";
import { test } from "node:test";
import { useTestDatabase } from "../testing/db";
import { createApiToken, findTokenUser, listApiTokens, revokeApiToken } from "./api-tokens";
import { clearSignInFailures, recordSignInFailure, signInLockedUntil } from "./login-attempts";
import { createSession, deleteSession, findSessionUser } from "./sessions";
import { checkUserPassword, createFirstUser, createUser, hasUsers, listUsers, recordSignIn, removeUser, setUserPassword, setUserRole } from "./users";

const ctx = useTestDatabase();

test("users: created with a hashed password, checked, listed, refused when taken or weak", async () => {
  const sql = ctx.db.sql;
  assert.equal(await hasUsers(sql), false);
  const made = await createUser(sql, "li.ming", "viewer", "月光下的长密码12");
  assert.ok(made.ok);
  assert.equal(await hasUsers(sql), true);
  const [{ hash }] = await sql`select password_hash as hash from users where name = 'li.ming'`;
  assert.match(hash, /^scrypt\$/);
  assert.ok(!hash.includes("月光下的长密码12"));
  assert.equal((await checkUserPassword(sql, "li.ming", "月光下的长密码12"))?.role, "viewer");
  assert.equal(await checkUserPassword(sql, "li.ming", "wrong password"), undefined);
  assert.equal(await checkUserPassword(sql, "nobody", "月光下的长密码12"), undefined);

  const taken = await createUser(sql, "li.ming", "operator", "another password");
  assert.ok(!taken.ok && taken.kind === "conflict" && /already exists/.test(taken.message));
  const short = await createUser(sql, "ops", "operator", "short");
  assert.ok(!short.ok && short.kind === "invalid" && /at least 8 characters/.test(short.message));
  const badName = await createUser(sql, "a b", "operator", "long enough");
  assert.ok(!badName.ok && /not a valid user name/.test(badName.message));
  assert.deepEqual((await listUsers(sql)).map((u) => u.name), ["li.ming"]);
  // ADMIN_PASSWORD's first sign-in creates admin only while nobody exists.
  assert.equal(await createFirstUser(sql, "admin", "bootstrap-pass"), undefined);
});

test("sessions: found by their id until they expire, end or the password changes; only the hash is stored", async () => {
  const sql = ctx.db.sql;
  const made = await createUser(sql, "wang", "operator", "session-pass");
  assert.ok(made.ok);
  const s = await createSession(sql, made.user.id, 60_000);
  assert.equal((await findSessionUser(sql, s.id))?.name, "wang");
  const [{ n }] = await sql`select count(*)::int as n from sessions where id_hash = ${s.id}`;
  assert.equal(n, 0, "the cookie's value is not stored as such");
  await sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${made.user.id}`;
  assert.equal(await findSessionUser(sql, s.id), undefined);
  const s2 = await createSession(sql, made.user.id, 60_000);
  assert.equal((await sql`select 1 from sessions where user_id = ${made.user.id}`).length, 1, "expired sessions are cleaned up at sign-in");
  assert.ok((await setUserPassword(sql, "wang", "changed-pass")).ok);
  assert.equal(await findSessionUser(sql, s2.id), undefined, "a new password ends the sessions");
  assert.equal((await checkUserPassword(sql, "wang", "changed-pass"))?.name, "wang");
  const fresh = await createSession(sql, made.user.id, 60_000);
  await deleteSession(sql, fresh.id);
  assert.equal(await findSessionUser(sql, fresh.id), undefined);
  assert.ok(!(await setUserPassword(sql, "wang", "short")).ok);
});

test("tokens: act as their owner until revoked; removing a user ends their sessions and tokens", async () => {
  const sql = ctx.db.sql;
  const made = await createUser(sql, "script-owner", "viewer", "token-pass");
  assert.ok(made.ok);
  const t = await createApiToken(sql, "script-owner", "nightly export");
  assert.ok(t.ok);
  assert.equal((await findTokenUser(sql, t.token))?.role, "viewer");
  const listed = await listApiTokens(sql, "script-owner");
  assert.equal(listed.length, 1);
  assert.ok(t.token.startsWith(listed[0].prefix) && listed[0].prefix.length < t.token.length);
  assert.ok(listed[0].lastUsedAt instanceof Date);
  assert.equal(await revokeApiToken(sql, String(t.id)), true);
  assert.equal(await findTokenUser(sql, t.token), undefined);
  assert.equal(await revokeApiToken(sql, String(t.id)), false);
  const missing = await createApiToken(sql, "nobody");
  assert.ok(!missing.ok && missing.kind === "not-found");

  const t2 = await createApiToken(sql, "script-owner");
  assert.ok(t2.ok);
  const session = await createSession(sql, made.user.id, 60_000);
  assert.equal((await removeUser(sql, "script-owner")).ok, true);
  assert.equal(await findTokenUser(sql, t2.token), undefined);
  assert.equal(await findSessionUser(sql, session.id), undefined);
  const again = await removeUser(sql, "script-owner");
  assert.ok(!again.ok && again.kind === "not-found");
});

test("sign-in counters: three failures are free, the fourth makes both keys wait; failures at once all count; a success clears the name's", async () => {
  const sql = ctx.db.sql;
  const keys = ["user:zhao", "addr:198.51.100.7"];
  const now = new Date();
  for (let i = 0; i < 2; i++) await recordSignInFailure(sql, keys, now);
  assert.equal(await signInLockedUntil(sql, keys, now), null);
  await Promise.all([recordSignInFailure(sql, keys, now), recordSignInFailure(sql, ["user:zhao"], now)]);
  const until = await signInLockedUntil(sql, ["addr:198.51.100.7"], now);
  assert.equal(until?.getTime(), now.getTime() + 1_000, "the address's third failure: a one-second wait");
  const [{ failures }] = await sql`select failures from login_attempts where key = 'user:zhao'`;
  assert.equal(failures, 4, "failures counted at once are all kept");
  assert.equal((await signInLockedUntil(sql, ["user:zhao"], now))?.getTime(), now.getTime() + 2_000, "the name's fourth: two seconds");
  await clearSignInFailures(sql, ["user:zhao"]);
  assert.equal(await signInLockedUntil(sql, ["user:zhao"], now), null);
  assert.notEqual(await signInLockedUntil(sql, keys, now), null, "the address still waits");
});

test("the last admin can be neither demoted nor removed, even by two admins at once; roles change, sign-ins are noted", async () => {
  const sql = ctx.db.sql;
  const a = await createUser(sql, "boss-a", "admin", "admin-pass-a");
  const b = await createUser(sql, "boss-b", "admin", "admin-pass-b");
  assert.ok(a.ok && b.ok);
  // Both at once: one may go, the other must be refused, so one admin is always left.
  const both = await Promise.all([setUserRole(sql, "boss-a", "operator"), removeUser(sql, "boss-b")]);
  assert.equal(both.filter((r) => r.ok).length, 1, JSON.stringify(both));
  const refused = both.find((r) => !r.ok);
  assert.ok(refused && !refused.ok && refused.kind === "conflict" && /last admin/.test(refused.message));
  const admins = await sql`select name from users where role = 'admin'`;
  assert.equal(admins.length, 1);
  const last = admins[0].name as string;
  const demote = await setUserRole(sql, last, "viewer");
  assert.ok(!demote.ok && /last admin/.test(demote.message) && /another user admin/.test(demote.message));
  assert.ok(!(await removeUser(sql, last)).ok);
  assert.ok((await setUserRole(sql, last, "admin")).ok, "keeping the role is no demotion");
  const missing = await setUserRole(sql, "nobody", "viewer");
  assert.ok(!missing.ok && missing.kind === "not-found");

  const listed = (await listUsers(sql)).find((u) => u.name === last);
  assert.equal(listed?.lastSignInAt, null);
  await recordSignIn(sql, listed!.id);
  assert.ok((await listUsers(sql)).find((u) => u.name === last)?.lastSignInAt instanceof Date);
  await sql`delete from users where name like 'boss-%'`;
});
