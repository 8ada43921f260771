/**
 * For tests: an HTTP server on 127.0.0.1 that answers every request with a status and a huge
 * body (endless, or `totalBytes` long) generated lazily as the client reads it, so the test
 * itself never holds the body. It counts what it wrote and when the client hung up.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** A running huge-answer server. */
export interface HugeAnswerServer {
  url: (path?: string) => string;
  /** Bytes of body written to sockets so far, over all requests. */
  bytesWritten: () => number;
  /** Resolves when every request so far has ended or been cut off by its client. */
  settled: () => Promise<void>;
  close: () => Promise<void>;
}

const CHUNK = Buffer.alloc(64 * 1024, "x");

/** Start a server answering `status` with `contentType` and an endless body, or one of `totalBytes`. */
export async function startHugeAnswerServer(o: { status: number; contentType?: string; totalBytes?: number }): Promise<HugeAnswerServer> {
  let written = 0;
  const open = new Set<Promise<void>>();
  const server = http.createServer((req, res) => {
    let done!: () => void;
    const ended = new Promise<void>((r) => { done = r; });
    open.add(ended);
    res.on("close", () => { open.delete(ended); done(); });
    req.resume();
    res.writeHead(o.status, { "content-type": o.contentType ?? "text/plain", ...(o.totalBytes ? { "content-length": String(o.totalBytes) } : {}) });
    let sent = 0;
    const pump = () => {
      // Write only while the socket takes more (backpressure): the body never piles up here.
      while (!res.destroyed && (o.totalBytes === undefined || sent < o.totalBytes)) {
        const chunk = o.totalBytes === undefined ? CHUNK : CHUNK.subarray(0, Math.min(CHUNK.length, o.totalBytes - sent));
        sent += chunk.length;
        written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      if (!res.destroyed) res.end();
    };
    pump();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = "/") => `http://127.0.0.1:${port}${path}`,
    bytesWritten: () => written,
    settled: async () => { await Promise.all([...open]); },
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}
