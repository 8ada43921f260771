/** Listening on loopback for the test and realistic webs. */
import type http from "node:http";
import type { AddressInfo } from "node:net";

/** Start `server` on 127.0.0.1:`port` (0 = any free port); returns its port, URL and a close that ends open connections. */
export async function listenOnLoopback(server: http.Server, port = 0): Promise<{ port: number; url: string; close: () => Promise<void> }> {
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound, url: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
