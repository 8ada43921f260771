/** People who sign in: their names, roles and scrypt password hashes. */
import { checkNewPassword, hashPassword, MIN_PASSWORD_CHARS, UNKNOWN_USER_HASH, verifyPassword } from "../auth/password";
import { isValidUserName } from "../auth/policy";
import type { Role } from "../auth/roles";
import { fail, type Failure } from "./failure";
import type { Sql } from "./infra/sql";

/** A user as the rest of the program sees it (never the hash). */
export interface UserInfo { id: number; name: string; role: Role; createdAt: Date }

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
  return rows.length ? { ok: true } : fail("not-found", `there is no user "${name}" (see focuscrawl user list)`);
}

/** Every user, by name. */
export async function listUsers(sql: Sql): Promise<UserInfo[]> {
  return sql<UserInfo[]>`select id, name, role, created_at as "createdAt" from users order by name`;
}

/** Remove a user with their sessions and tokens; false when there is no such user. */
export async function removeUser(sql: Sql, name: string): Promise<boolean> {
  const rows = await sql`delete from users where name = ${name} returning id`;
  return rows.length > 0;
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
 * Create `name` as an operator with `password` only while no user exists (ADMIN_PASSWORD's first
 * sign-in); the user that exists afterwards, or undefined when others already did.
 */
export async function createFirstUser(sql: Sql, name: string, password: string): Promise<UserInfo | undefined> {
  const hash = await hashPassword(password);
  const [row] = await sql<UserInfo[]>`
    insert into users (name, role, password_hash)
    select ${name}, 'operator', ${hash} where not exists (select 1 from users)
    on conflict (name) do nothing
    returning id, name, role, created_at as "createdAt"`;
  return row;
}
