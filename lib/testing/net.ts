/** A TCP port on 127.0.0.1 that was free a moment ago (tests and benchmarks start servers on it). */
import net from "node:net";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/**
 * Send `text` (a request head, and a body if any) on a raw socket to 127.0.0.1:`port` and
 * resolve with everything the server sent until it closed the connection; reject after
 * `boundMs` with what came so far. With `isDone` the socket's writing side is closed after the
 * text; without it the connection stays open, as from a client whose announced body never comes.
 */
export function rawExchange(port: number, text: string, opts: { isDone?: boolean; boundMs?: number; host?: string } = {}): Promise<string> {
  const boundMs = opts.boundMs ?? 60_000;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, opts.host ?? "127.0.0.1");
    let answer = "";
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${boundMs} ms; got ${JSON.stringify(answer)}`));
    }, boundMs);
    socket.setEncoding("utf8").on("data", (c: string) => (answer += c));
    socket.on("close", () => {
      clearTimeout(timer);
      resolve(answer);
    });
    socket.on("error", reject);
    socket.write(text);
    if (opts.isDone) socket.end();
  });
}
