import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import path from "node:path";
import { test } from "node:test";
import { isClosedSocketWrite } from "./closed-socket-guard";

/** The error postgres.js throws from its write timer once the socket is gone. */
function closedSocketError(): TypeError {
  const e = new TypeError("Cannot read properties of null (reading 'write')");
  e.stack = `${e.message}\n    at Immediate.nextWrite (file:///app/node_modules/postgres/src/connection.js:255:22)\n    at process.processImmediate (node:internal/timers:483:21)`;
  return e;
}

test("only postgres.js's write on a closed connection is recognised", () => {
  assert.equal(isClosedSocketWrite(closedSocketError()), true);
  assert.equal(isClosedSocketWrite(new TypeError("Cannot read properties of null (reading 'write')")), false, "not from postgres.js");
  const other = closedSocketError();
  other.stack = other.stack!.replace("postgres/src/connection.js", "my-app/src/connection.js");
  assert.equal(isClosedSocketWrite(other), false);
  assert.equal(isClosedSocketWrite(new Error("reading 'write' nextWrite postgres/src/connection.js")), false, "not a TypeError");
});

/** Run a small program with the guard installed that throws `what` from a timer, then exits 0 if still alive. */
function runGuarded(what: "closed-socket" | "other" | "rejection") {
  const guard = path.join(import.meta.dirname, "closed-socket-guard.ts");
  const program = `
    import { surviveClosedSocketWrites } from ${JSON.stringify(guard)};
    surviveClosedSocketWrites((l) => console.log("guard: " + l));
    const e = new TypeError("Cannot read properties of null (reading 'write')");
    if (${JSON.stringify(what)} === "closed-socket") e.stack = e.message + "\\n    at Immediate.nextWrite (file:///x/node_modules/postgres/src/connection.js:255:22)";
    if (${JSON.stringify(what)} === "rejection") Promise.reject(new Error("a query failed and nobody caught it"));
    else setImmediate(() => { throw e; });
    setTimeout(() => { console.log("still alive"); process.exit(0); }, 300);`;
  return spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", program], { encoding: "utf8", timeout: 30_000 });
}

test("a process with the guard lives through that error and still dies of any other", () => {
  const survived = runGuarded("closed-socket");
  assert.equal(survived.status, 0, survived.stderr);
  assert.match(survived.stdout, /guard: a database connection closed/);
  assert.match(survived.stdout, /still alive/);

  const other = runGuarded("other");
  assert.equal(other.status, 1);
  assert.doesNotMatch(other.stdout, /still alive/);
  assert.match(other.stderr, /Uncaught exception: TypeError/);

  const rejection = runGuarded("rejection");
  assert.equal(rejection.status, 1);
  assert.match(rejection.stderr, /Unhandled promise rejection: Error: a query failed/);
});
