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
