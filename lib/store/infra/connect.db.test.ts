import assert from "node:assert/strict";
import net from "node:net";
import { test } from "node:test";
import { loadEnv } from "../../env";
import { useTestDatabase } from "../../testing/db";
import { freePort } from "../../testing/net";
import { DatabaseUnreachableError, openDatabase } from "./connect";

const ctx = useTestDatabase();

/** A TCP relay to the test database on `port` that starts listening only after `afterMs`. */
function lateRelay(port: number, target: URL, afterMs: number): { close: () => void } {
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream).pipe(client);
    client.on("error", () => upstream.destroy());
    upstream.on("error", () => client.destroy());
  });
  const timer = setTimeout(() => server.listen(port, "127.0.0.1"), afterMs);
  return { close: () => { clearTimeout(timer); server.close(); } };
}

test("a database that answers only after a while is waited for when asked to, and refused at once otherwise", async () => {
  const target = new URL(ctx.db.url);
  assert.ok(target.hostname && target.port, "the test database listens on TCP");
  const port = await freePort();
  const late = new URL(ctx.db.url);
  late.port = String(port);
  late.searchParams.delete("host"); // over TCP, through the relay, not the server's Unix socket
  const env = { ...loadEnv(), DATABASE_URL: late.toString() };

  await assert.rejects(openDatabase(env), DatabaseUnreachableError, "no wait: the error at once, as for a wrong address");

  const relay = lateRelay(port, target, 1_500);
  try {
    const lines: string[] = [];
    const db = await openDatabase(env, (l) => lines.push(l), { waitMs: 30_000 });
    assert.equal(db.url, late.toString());
    assert.ok(lines.some((l) => l.startsWith("database not reachable yet")), lines.join("\n"));
  } finally {
    relay.close();
  }
});
