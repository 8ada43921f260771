/** A database that goes away and comes back, for tests of outages: a TCP relay in front of the test database. */
import net from "node:net";
import { freePort } from "./net";

/** A TCP relay to the test database that can go away (every connection cut, new ones refused) and come back. */
export async function startRelay(target: URL) {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => { client.destroy(); upstream.destroy(); });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = () => new Promise<void>((r) => server.listen(port, "127.0.0.1", r));
  await listen();
  return {
    port,
    /** Cut every connection and refuse new ones, as a stopped server does. */
    async goAway() {
      await new Promise<void>((r) => { server.close(() => r()); for (const s of sockets) s.destroy(); });
    },
    comeBack: listen,
    close: async () => { for (const s of sockets) s.destroy(); if (server.listening) await new Promise((r) => server.close(r)); },
  };
}

/** `dbUrl` through `relay` (over TCP, not the server's Unix socket). */
export function viaRelay(dbUrl: string, relay: { port: number }): string {
  const u = new URL(dbUrl);
  u.port = String(relay.port);
  u.searchParams.delete("host");
  return u.toString();
}
