/** API tokens for scripts: each acts with its owner's role; only the SHA-256 is stored. */
import { hashSecret, newApiToken, tokenDisplayPrefix } from "../auth/secret";
import { fail, type Failure } from "./failure";
import type { Sql } from "./infra/sql";
import type { UserInfo } from "./users";

/** A token as listed: never the token itself. */
export interface TokenInfo { id: number; user: string; prefix: string; label: string; createdAt: Date; lastUsedAt: Date | null }

/** Create a token for user `userName`; the token is returned once and cannot be shown again. */
export async function createApiToken(sql: Sql, userName: string, label = ""): Promise<{ ok: true; token: string; id: number } | Failure> {
  const token = newApiToken();
  const [row] = await sql<{ id: number }[]>`
    insert into api_tokens (user_id, token_hash, prefix, label)
    select id, ${hashSecret(token)}, ${tokenDisplayPrefix(token)}, ${label} from users where name = ${userName}
    returning id`;
  return row ? { ok: true, token, id: row.id } : fail("not-found", `there is no user "${userName}": see focuscrawl user list, or add one with focuscrawl user add`);
}

/** The owner of a token, or undefined for an unknown (or revoked) one; records its use. */
export async function findTokenUser(sql: Sql, token: string): Promise<UserInfo | undefined> {
  const [row] = await sql<UserInfo[]>`
    update api_tokens t set last_used_at = now() from users u
    where t.token_hash = ${hashSecret(token)} and u.id = t.user_id
    returning u.id, u.name, u.role, u.created_at as "createdAt"`;
  return row;
}

/** Every token, newest first (optionally one user's). */
export async function listApiTokens(sql: Sql, userName?: string): Promise<TokenInfo[]> {
  return sql<TokenInfo[]>`
    select t.id, u.name as user, t.prefix, t.label, t.created_at as "createdAt", t.last_used_at as "lastUsedAt"
    from api_tokens t join users u on u.id = t.user_id
    where ${userName ?? null}::text is null or u.name = ${userName ?? null}
    order by t.id desc`;
}

/** Revoke a token by its id or by the token itself; false when none matched. */
export async function revokeApiToken(sql: Sql, idOrToken: string): Promise<boolean> {
  const rows = /^\d+$/.test(idOrToken)
    ? await sql`delete from api_tokens where id = ${Number(idOrToken)} returning id`
    : await sql`delete from api_tokens where token_hash = ${hashSecret(idOrToken)} returning id`;
  return rows.length > 0;
}
