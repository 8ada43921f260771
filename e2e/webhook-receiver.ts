/** A webhook receiver for e2e: a real HTTP server on loopback that keeps every request and answers 200 (or 503 while `failing`). */
import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request the receiver got: its headers, raw body and the body parsed. */
export interface Received { headers: http.IncomingHttpHeaders; raw: string; body: { id: string; event: string; run: { id: number } | null } }

/** Start a receiver on 127.0.0.1 (a free port); `close()` stops it. */
export async function startWebhookReceiver() {
  const got: Received[] = [];
  const state = { failing: false };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      got.push({ headers: req.headers, raw, body: JSON.parse(raw) });
      if (state.failing) res.writeHead(503, { "content-type": "text/plain" }).end("receiver down for maintenance");
      else res.writeHead(200, { "content-type": "text/plain" }).end("ok");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/focuscrawl-hook`, got, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
