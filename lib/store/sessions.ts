/** Browser sessions: the SHA-256 of each random session id, its user and its expiry. */
import { hashSecret, newSessionId } from "../auth/secret";
import type { Sql } from "./infra/sql";
import type { UserInfo } from "./users";

/** Start a session for a user; returns the id to put in the cookie (only its hash is stored). */
export async function createSession(sql: Sql, userId: number, ttlMs: number): Promise<{ id: string; expiresAt: Date }> {
  const id = newSessionId();
  const [row] = await sql<{ expiresAt: Date }[]>`
    insert into sessions (id_hash, user_id, expires_at)
    values (${hashSecret(id)}, ${userId}, now() + ${ttlMs} * interval '1 millisecond')
    returning expires_at as "expiresAt"`;
  // Sign-ins are rare: a good moment to forget sessions that ended.
  await sql`delete from sessions where expires_at < now()`;
  return { id, expiresAt: row.expiresAt };
}

/** The user of a live session, or undefined for an unknown or expired one. */
export async function findSessionUser(sql: Sql, id: string): Promise<UserInfo | undefined> {
  const [row] = await sql<UserInfo[]>`
    select u.id, u.name, u.role, u.created_at as "createdAt"
    from sessions s join users u on u.id = s.user_id
    where s.id_hash = ${hashSecret(id)} and s.expires_at > now()`;
  return row;
}

/** End a session (sign-out); unknown ids are ignored. */
export async function deleteSession(sql: Sql, id: string): Promise<void> {
  await sql`delete from sessions where id_hash = ${hashSecret(id)}`;
}
