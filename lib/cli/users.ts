/** `focuscrawl user …` and `focuscrawl token …`: who may sign in to the dashboard, and API tokens for scripts. */
import { parseArgs } from "node:util";
import { isRole } from "../auth/roles";
import { loadEnv } from "../env";
import { createApiToken, listApiTokens, revokeApiToken } from "../store/api-tokens";
import { openDatabase } from "../store/infra/connect";
import { openSql, type Sql } from "../store/infra/sql";
import { createUser, listUsers, removeUser, setUserPassword, setUserRole } from "../store/users";
import { UsageError } from "./args";
import { readNewPassword } from "./password-input";

/** Help text of the user and token commands. */
export const USERS_USAGE = `focuscrawl user add NAME --role admin|operator|viewer [--password-stdin]
  reads the password from standard input (a pipe, or --password-stdin), else asks twice on the terminal
focuscrawl user password NAME [--password-stdin]   sets a new password and ends the user's sessions
focuscrawl user role NAME admin|operator|viewer     (the last admin cannot be demoted)
focuscrawl user list
focuscrawl user remove NAME        (also ends the user's sessions and revokes their tokens; not the last admin)
focuscrawl token add --user NAME [--label TEXT]   prints the token once: store it, it cannot be shown again
focuscrawl token list [--user NAME]
focuscrawl token revoke ID|TOKEN`;

async function withSql(run: (sql: Sql) => Promise<number>): Promise<number> {
  const db = await openDatabase(loadEnv(), (l) => console.error(l));
  const sql = openSql(db.url, { max: 2, app: "focuscrawl-users" });
  try {
    return await run(sql);
  } finally {
    await sql.end({ timeout: 5 });
    await db.stop();
  }
}

async function addUser(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { role: { type: "string" }, "password-stdin": { type: "boolean" } }, allowPositionals: true, strict: true });
  const [name] = positionals;
  if (!name || positionals.length > 1) throw new UsageError("give one user name: focuscrawl user add NAME --role admin|operator|viewer");
  if (!values.role || !isRole(values.role)) throw new UsageError(`--role must be admin, operator or viewer${values.role ? `, got "${values.role}"` : ""}`);
  const role = values.role;
  const password = await readNewPassword(values["password-stdin"] ?? false);
  return withSql(async (sql) => {
    const r = await createUser(sql, name, role, password);
    if (!r.ok) {
      console.error(`focuscrawl user add: ${r.message}`);
      return r.kind === "invalid" ? 2 : 1;
    }
    console.log(`user ${r.user.name} added (${r.user.role}); the dashboard now asks everyone to sign in`);
    return 0;
  });
}

async function changePassword(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, options: { "password-stdin": { type: "boolean" } }, allowPositionals: true, strict: true });
  if (positionals.length !== 1) throw new UsageError("give one user name: focuscrawl user password NAME");
  const password = await readNewPassword(values["password-stdin"] ?? false);
  return withSql(async (sql) => {
    const r = await setUserPassword(sql, positionals[0], password);
    if (!r.ok) {
      console.error(`focuscrawl user password: ${r.message}`);
      return r.kind === "invalid" ? 2 : 1;
    }
    console.log(`new password set for ${positionals[0]}; their sessions ended`);
    return 0;
  });
}

async function changeRole(argv: string[]): Promise<number> {
  const { positionals } = parseArgs({ args: argv, options: {}, allowPositionals: true, strict: true });
  const [name, role] = positionals;
  if (positionals.length !== 2 || !isRole(role)) throw new UsageError(`give a user name and a role: focuscrawl user role NAME admin|operator|viewer${role && !isRole(role) ? ` (got "${role}")` : ""}`);
  return withSql(async (sql) => {
    const r = await setUserRole(sql, name, role);
    if (!r.ok) {
      console.error(`focuscrawl user role: ${r.message}`);
      return 1;
    }
    console.log(`${name} is now ${role}`);
    return 0;
  });
}

/** Run `focuscrawl user SUBCOMMAND`. */
export async function runUser(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  if (sub === "add") return addUser(rest);
  if (sub === "password") return changePassword(rest);
  if (sub === "role") return changeRole(rest);
  if (sub === "list") {
    parseArgs({ args: rest, options: {}, strict: true });
    return withSql(async (sql) => {
      for (const u of await listUsers(sql)) console.log(`${u.name}\t${u.role}\t${u.createdAt.toISOString()}`);
      return 0;
    });
  }
  if (sub === "remove") {
    const { positionals } = parseArgs({ args: rest, options: {}, allowPositionals: true, strict: true });
    if (positionals.length !== 1) throw new UsageError("give one user name: focuscrawl user remove NAME");
    return withSql(async (sql) => {
      const r = await removeUser(sql, positionals[0]);
      if (!r.ok) {
        console.error(`focuscrawl user remove: ${r.message}`);
        return 1;
      }
      console.log(`user ${positionals[0]} removed`);
      return 0;
    });
  }
  throw new UsageError(`unknown subcommand "${sub ?? ""}": use user add, user password, user role, user list or user remove`);
}

/** Run `focuscrawl token SUBCOMMAND`. */
export async function runToken(argv: string[]): Promise<number> {
  const [sub, ...rest] = argv;
  const { values, positionals } = parseArgs({ args: rest, options: { user: { type: "string" }, label: { type: "string" } }, allowPositionals: true, strict: true });
  if (sub === "add") {
    if (!values.user) throw new UsageError("name the token's owner: focuscrawl token add --user NAME");
    const user = values.user;
    return withSql(async (sql) => {
      const r = await createApiToken(sql, user, values.label ?? "");
      if (!r.ok) {
        console.error(`focuscrawl token add: ${r.message}`);
        return 1;
      }
      console.error(`token ${r.id} for ${user}; send it as "Authorization: Bearer <token>". It is shown only now:`);
      console.log(r.token);
      return 0;
    });
  }
  if (sub === "list") {
    return withSql(async (sql) => {
      for (const t of await listApiTokens(sql, values.user)) {
        console.log(`${t.id}\t${t.user}\t${t.prefix}…\t${t.label}\t${t.createdAt.toISOString()}\t${t.lastUsedAt?.toISOString() ?? "never used"}`);
      }
      return 0;
    });
  }
  if (sub === "revoke") {
    if (positionals.length !== 1) throw new UsageError("give the token's id (see focuscrawl token list) or the token: focuscrawl token revoke ID");
    return withSql(async (sql) => {
      if (!(await revokeApiToken(sql, positionals[0]))) {
        console.error("focuscrawl token revoke: no such token (see focuscrawl token list)");
        return 1;
      }
      console.log("token revoked");
      return 0;
    });
  }
  throw new UsageError(`unknown subcommand "${sub ?? ""}": use token add, token list or token revoke`);
}
