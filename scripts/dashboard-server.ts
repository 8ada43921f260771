/**
 * The dashboard process `npm start` runs: Next.js (the production build, or the development
 * server with `--dev`) behind lib/http/front-server.ts, which refuses what the request guard
 * refuses before Next.js reads a byte of the body. HOST and PORT as for `next start -H -p`.
 *   node --import tsx scripts/dashboard-server.ts [--dev]
 */
import path from "node:path";
import next from "next";
import { createFrontServer } from "../lib/http/front-server";

const ROOT = path.resolve(import.meta.dirname, "..");
const isDev = process.argv.includes("--dev");
const hostname = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);

const app = next({ dev: isDev, dir: ROOT, hostname, port });
await app.prepare();
const server = createFrontServer(app.getRequestHandler(), app.getUpgradeHandler());
server.on("error", (err) => {
  console.error(`the dashboard cannot listen on ${hostname}:${port}: ${err.message}`);
  process.exit(1);
});
server.listen(port, hostname, () => console.log(`dashboard listening on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`));

// Stop taking requests and let those in flight finish, then exit (npm start's SIGTERM, Ctrl-C).
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    server.close(() => process.exit(0));
    server.closeIdleConnections();
  });
}
