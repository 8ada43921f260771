/** People who sign in: their names, roles and scrypt password hashes. */
import { checkNewPassword, hashPassword, MIN_PASSWORD_CHARS, UNKNOWN_USER_HASH, verifyPassword } from "../auth/password";
import { isValidUserName } from "../auth/policy";
import type { Role } from "../auth/roles";
import { fail, type Failure } from "./failure";
import type { Sql } from "./infra/sql";

/** A user as the rest of the program sees it (never the hash). */
export interface UserInfo { id: number; name: string; role: Role; createdAt: Date }

/** A user as the users page lists them. */
export interface UserListing extends UserInfo { lastSignInAt: Date | null }

/** True when at least one user exists (then the dashboard asks everyone to sign in). */
export async function hasUsers(sql: Sql): Promise<boolean> {
  const [row] = await sql<{ e: boolean }[]>`select exists (select 1 from users) as e`;
  return row.e;
}

/** Create a user; refuses a bad or taken name and a short password, saying how to fix it. */
export async function createUser(sql: Sql, name: string, role: Role, password: string): Promise<{ ok: true; user: UserInfo } | Failure> {
  if (!isValidUserName(name)) return fail("invalid", `"${name}" is not a valid user name: use 1–64 letters, digits, ".", "_", "@" or "-"`);
  if (checkNewPassword(password)) return fail("invalid", `the password is too short: use at least ${MIN_PASSWORD_CHARS} characters`);
  const hash = await hashPassword(password);
  const [row] = await sql<UserInfo[]>`
    insert into users (name, role, password_hash) values (${name}, ${role}, ${hash})
    on conflict (name) do nothing
    returning id, name, role, created_at as "createdAt"`;
  return row ? { ok: true, user: row } : fail("conflict", `user "${name}" already exists: pick another name, or remove it first (focuscrawl user remove ${name})`);
}

/** Give a user a new password and end their sessions (their API tokens stay); false when there is no such user. */
export async function setUserPassword(sql: Sql, name: string, password: string): Promise<{ ok: true } | Failure> {
  if (checkNewPassword(password)) return fail("invalid", `the password is too short: use at least ${MIN_PASSWORD_CHARS} characters`);
  const hash = await hashPassword(password);
  const rows = await sql.begin(async (tx) => {
    const changed = await tx`update users set password_hash = ${hash} where name = ${name} returning id`;
    if (changed.length) await tx`delete from sessions where user_id = ${changed[0].id}`;
    return changed;
  });
  return rows.length ? { ok: true } : noSuchUser(name);
}

/** Every user, by name, with their last sign-in. */
export async function listUsers(sql: Sql): Promise<UserListing[]> {
  return sql<UserListing[]>`
    select id, name, role, created_at as "createdAt", last_sign_in_at as "lastSignInAt" from users order by name`;
}

/** Note a sign-in through the form (the users page shows it). */
export async function recordSignIn(sql: Sql, userId: number): Promise<void> {
  await sql`update users set last_sign_in_at = now() where id = ${userId}`;
}

const noSuchUser = (name: string) => fail("not-found", `there is no user "${name}" (see focuscrawl user list)`);
const lastAdmin = (name: string, what: string) =>
  fail("conflict", `"${name}" is the last admin: ${what} would leave no one to manage users. Make another user admin first`);

/**
 * Run `change` on user `name` in a transaction that holds every admin's row, so that two admins
 * demoting or removing each other at once cannot both pass the "another admin is left" check
 * (the second waits, then sees the first's change). `change` gets the user and the admins' count.
 */
async function withAdminsLocked<T>(sql: Sql, name: string, change: (tx: Sql, user: UserInfo, admins: number) => Promise<T | Failure>): Promise<T | Failure> {
  return sql.begin(async (tx) => {
    const admins = await tx<{ id: number }[]>`select id from users where role = 'admin' order by id for update`;
    const [user] = await tx<UserInfo[]>`select id, name, role, created_at as "createdAt" from users where name = ${name} for update`;
    if (!user) return noSuchUser(name);
    return change(tx as unknown as Sql, user, admins.length);
  }) as Promise<T | Failure>;
}

/** Remove a user with their sessions and tokens; refused for an unknown name and for the last admin. */
export async function removeUser(sql: Sql, name: string): Promise<{ ok: true } | Failure> {
  return withAdminsLocked(sql, name, async (tx, user, admins) => {
    if (user.role === "admin" && admins <= 1) return lastAdmin(name, "removing them");
    await tx`delete from users where id = ${user.id}`;
    return { ok: true as const };
  });
}

/** Give a user another role; refused for an unknown name and for demoting the last admin. Their sessions keep going with the new role. */
export async function setUserRole(sql: Sql, name: string, role: Role): Promise<{ ok: true; user: UserInfo } | Failure> {
  return withAdminsLocked(sql, name, async (tx, user, admins) => {
    if (user.role === "admin" && role !== "admin" && admins <= 1) return lastAdmin(name, `making them ${role}`);
    await tx`update users set role = ${role} where id = ${user.id}`;
    return { ok: true as const, user: { ...user, role } };
  });
}

/** The user called `name`, or undefined. */
export async function findUser(sql: Sql, name: string): Promise<UserInfo | undefined> {
  const [row] = await sql<UserInfo[]>`select id, name, role, created_at as "createdAt" from users where name = ${name}`;
  return row;
}

/**
 * The user when `password` is theirs. An unknown name costs the same scrypt work as a known
 * one, so the time taken does not tell which names exist.
 */
export async function checkUserPassword(sql: Sql, name: string, password: string): Promise<UserInfo | undefined> {
  const [row] = await sql<(UserInfo & { hash: string })[]>`
    select id, name, role, created_at as "createdAt", password_hash as hash from users where name = ${name}`;
  const isMatch = await verifyPassword(password, row?.hash ?? UNKNOWN_USER_HASH);
  if (!row || !isMatch) return undefined;
  const { hash: _hash, ...user } = row;
  return user;
}

/**
 * Create `name` as the admin with `password` only while no user exists (ADMIN_PASSWORD's first
 * sign-in); the user that exists afterwards, or undefined when others already did.
 */
export async function createFirstUser(sql: Sql, name: string, password: string): Promise<UserInfo | undefined> {
  const hash = await hashPassword(password);
  const [row] = await sql<UserInfo[]>`
    insert into users (name, role, password_hash)
    select ${name}, 'admin', ${hash} where not exists (select 1 from users)
    on conflict (name) do nothing
    returning id, name, role, created_at as "createdAt"`;
  return row;
}
