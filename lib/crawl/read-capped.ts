/**
 * Reading an answer's body with a ceiling. Every body the product reads from another server
 * goes through here, so that no answer is held whole in memory: a webhook receiver answering
 * 500 with a 2 GiB body, read by `res.body.text()` before it was cut, took the dashboard from
 * 458 MB to 4.6 GB and V8 aborted.
 */
import zlib from "node:zlib";
import type { Readable, Transform } from "node:stream";

/** A body read up to its cap: the bytes kept and whether more was sent. */
export interface CappedBody { body: Buffer; isTruncated: boolean }

function decompressorFor(encoding: string | undefined): Transform | null {
  switch ((encoding ?? "").trim().toLowerCase()) {
    case "gzip": case "x-gzip": return zlib.createGunzip();
    case "deflate": return zlib.createInflate();
    case "br": return zlib.createBrotliDecompress();
    default: return null;
  }
}

/**
 * At most `maxBytes` of `body` (decompressed first when `encoding` is gzip, deflate or br, so the
 * cap bounds the decoded size too: no decompression bombs). Past the cap reading stops and the
 * stream is destroyed, which closes its connection: the rest is never received.
 */
export async function readCapped(body: Readable, maxBytes: number, encoding?: string): Promise<CappedBody> {
  const decoder = decompressorFor(encoding);
  const source: Readable = decoder ? body.pipe(decoder) : body;
  // Errors reach us through the iterator (directly, or via the decoder); this listener only
  // keeps the deliberate destroy() below from surfacing as an uncaught exception.
  body.on("error", (e) => decoder?.destroy(e));
  const chunks: Buffer[] = [];
  let size = 0;
  let isTruncated = false;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    const room = maxBytes - size;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      size += room;
      isTruncated = true;
      break;
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  if (isTruncated) {
    body.destroy();
    decoder?.destroy();
  }
  return { body: Buffer.concat(chunks, size), isTruncated };
}
