/**
 * The proxy Chromium is launched with, so that Chromium itself connects nowhere: every request a
 * page makes is answered by the crawler's fetcher through `route` and never reaches the network,
 * so whatever Chromium would still send by itself (speculation rules' prefetch and prerender,
 * preconnects, WebRTC's TURN over TCP, anything `route` does not see) comes here instead of to
 * its target, and is refused: a plain request gets a 403, a CONNECT or an Upgrade a 403 and the
 * socket closed. Each refusal is recorded with its target. One proxy per browser pool, bound to
 * 127.0.0.1 on ephemeral ports: the browser's own listener (what no page made) and one lane per
 * rendered page (its context's proxy), so that a refusal is reported on the page that caused it.
 */
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { Duplex } from "node:stream";

/** Told the target of each refused attempt: a URL, or `CONNECT host:port` for a tunnel. */
export type RefusalSink = (target: string) => void;

/** A listener of the proxy: its address for Chromium's `--proxy-server` or a context's `proxy`, and close(). */
export interface GuardListener { server: string; close: () => Promise<void> }

const REFUSAL_HEAD = "HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\ncontent-length: 0\r\nconnection: close\r\n\r\n";

/** Start one refusing listener on 127.0.0.1; every attempt it sees is told to `sink`. */
export function listenRefusing(sink: RefusalSink): Promise<GuardListener> {
  const server = http.createServer((req, res) => {
    // A proxied request names its absolute URL; anything else is someone asking the proxy itself.
    const url = req.url ?? "/";
    sink(/^[a-z]+:\/\//i.test(url) ? url : `http://${req.headers.host ?? "?"}${url}`);
    res.writeHead(403, { "content-type": "text/plain", connection: "close" }).end();
  });
  const refuseTunnel = (req: http.IncomingMessage, socket: Duplex) => {
    sink(`${req.method} ${req.url}`);
    socket.on("error", () => {});
    socket.end(REFUSAL_HEAD);
  };
  server.on("connect", refuseTunnel);
  server.on("upgrade", refuseTunnel);
  server.on("clientError", (_err, socket: Socket) => socket.destroy());
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve({
        server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => new Promise((r) => { server.closeAllConnections(); server.close(() => r()); }),
      });
    });
  });
}

/**
 * A browser pool's guard proxy: the browser's listener and a lane per rendered page (`openLane`),
 * whose refusals go to that page's sink. What reaches the browser's listener came from no page
 * (Chromium's background requests: its updater, account checks): refused, reported on none
 * unless `onStray` is given.
 */
export async function startGuardProxy(onStray: RefusalSink = () => {}) {
  const main = await listenRefusing(onStray);
  const lanes = new Set<GuardListener>();
  return {
    /** For `--proxy-server`: where whatever no page's context made is sent. */
    server: main.server,
    /** A listener for one page's context; close it with the context. */
    async openLane(sink: RefusalSink): Promise<GuardListener> {
      const lane = await listenRefusing(sink);
      lanes.add(lane);
      return { server: lane.server, close: () => { lanes.delete(lane); return lane.close(); } };
    },
    /** Close every listener (the browser closing). */
    close: () => Promise.all([main, ...lanes].map((l) => l.close())).then(() => {}),
  };
}

/** A browser pool's guard proxy. */
export type GuardProxy = Awaited<ReturnType<typeof startGuardProxy>>;
