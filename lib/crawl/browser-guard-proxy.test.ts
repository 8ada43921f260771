/** The guard proxy refuses a plain request, a CONNECT and an Upgrade, and tells each target to its sink. */
import assert from "node:assert/strict";
import { test } from "node:test";
import { listenRefusing, startGuardProxy } from "./browser-guard-proxy";
import { rawExchange } from "../testing/net";

const portOf = (server: string) => Number(new URL(server).port);

test("every kind of request is refused with a 403 and its target recorded", async () => {
  const seen: string[] = [];
  const l = await listenRefusing((t) => seen.push(t));
  try {
    const table: [string, string][] = [
      ["GET http://127.0.0.2:81/spec HTTP/1.1\r\nHost: 127.0.0.2:81\r\n\r\n", "http://127.0.0.2:81/spec"],
      ["CONNECT 127.0.0.2:443 HTTP/1.1\r\nHost: 127.0.0.2:443\r\n\r\n", "CONNECT 127.0.0.2:443"],
      ["GET /ws HTTP/1.1\r\nHost: [::1]:82\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n", "GET /ws"],
    ];
    for (const [head, target] of table) {
      const answer = await rawExchange(portOf(l.server), head, { boundMs: 10_000 });
      assert.match(answer, /^HTTP\/1\.1 403/, head);
      assert.equal(seen.at(-1), target);
    }
    assert.equal(seen.length, table.length);
  } finally {
    await l.close();
  }
});

test("a page's lane tells its own sink, the browser's listener its own; close() stops both", async () => {
  const strays: string[] = [];
  const page: string[] = [];
  const proxy = await startGuardProxy((t) => strays.push(t));
  const lane = await proxy.openLane((t) => page.push(t));
  await rawExchange(portOf(lane.server), "CONNECT 127.0.0.2:1 HTTP/1.1\r\n\r\n", { boundMs: 10_000 });
  await rawExchange(portOf(proxy.server), "CONNECT update.test:443 HTTP/1.1\r\n\r\n", { boundMs: 10_000 });
  assert.deepEqual(page, ["CONNECT 127.0.0.2:1"]);
  assert.deepEqual(strays, ["CONNECT update.test:443"]);
  await proxy.close();
  await assert.rejects(rawExchange(portOf(lane.server), "GET / HTTP/1.1\r\n\r\n", { boundMs: 2_000 }));
});
