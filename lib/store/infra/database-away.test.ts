import assert from "node:assert/strict";
import { test } from "node:test";
import postgres from "postgres";
import { freePort } from "../../testing/net";
import { isDatabaseAway } from "./database-away";

/** An error shaped as the client libraries throw it. */
const err = (fields: Record<string, unknown>) => Object.assign(new Error(String(fields.message ?? "x")), fields);

const CASES: [string, unknown, boolean][] = [
  ["postgres.js: connection closed", err({ code: "CONNECTION_CLOSED", message: "write CONNECTION_CLOSED 127.0.0.1:5432" }), true],
  ["postgres.js: connection ended", err({ code: "CONNECTION_ENDED" }), true],
  ["postgres.js: connection destroyed", err({ code: "CONNECTION_DESTROYED" }), true],
  ["postgres.js: connect timeout", err({ code: "CONNECT_TIMEOUT" }), true],
  ["socket: refused", err({ code: "ECONNREFUSED", syscall: "connect" }), true],
  ["socket: reset", err({ code: "ECONNRESET" }), true],
  ["socket: Unix socket file gone", err({ code: "ENOENT", syscall: "connect" }), true],
  ["57P01 admin_shutdown", err({ name: "PostgresError", code: "57P01", message: "terminating connection due to administrator command" }), true],
  ["57P02 crash_shutdown", err({ code: "57P02" }), true],
  ["57P03 cannot_connect_now", err({ code: "57P03", message: "the database system is starting up" }), true],
  ["08006 connection_failure", err({ code: "08006" }), true],
  ["08P01 protocol_violation (class 08)", err({ code: "08P01" }), true],
  ["node-postgres: terminated", new Error("Connection terminated unexpectedly"), true],
  ["Prisma: cannot reach (P1001)", err({ code: "P1001" }), true],
  ["wrapped as a cause", new Error("store failed", { cause: err({ code: "ECONNRESET" }) }), true],
  ["every address refused", new AggregateError([err({ code: "ECONNREFUSED" }), err({ code: "ECONNREFUSED" })]), true],
  ["23505 unique violation", err({ code: "23505" }), false],
  ["40P01 deadlock", err({ code: "40P01" }), false],
  ["57014 statement timeout (the server is there)", err({ code: "57014" }), false],
  ["a plain error", new Error("lease on frontier URL 1 was lost"), false],
  ["one address refused, another answered wrongly", new AggregateError([err({ code: "ECONNREFUSED" }), err({ code: "28P01" })]), false],
  ["not an error", "ECONNREFUSED", false],
  ["nothing", undefined, false],
];

test("database-away errors are told from every other database error", () => {
  for (const [name, e, expected] of CASES) assert.equal(isDatabaseAway(e), expected, name);
});

test("what postgres.js throws for a server that is not there counts as away", async () => {
  const sql = postgres(`postgresql://u:p@127.0.0.1:${await freePort()}/db`, { max: 1, onnotice: () => {}, backoff: () => 0 });
  try {
    const thrown = await sql`select 1`.then(() => null, (e: unknown) => e);
    assert.ok(thrown, "nothing listens there");
    assert.equal(isDatabaseAway(thrown), true, String(thrown));
  } finally {
    await sql.end({ timeout: 1 });
  }
});
