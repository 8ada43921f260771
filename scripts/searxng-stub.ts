/** The SearXNG-shaped stub (lib/testing/searxng-stub.ts) as a process: `tsx scripts/searxng-stub.ts --port N`; stops on SIGTERM. */
import { startSearxngStub } from "../lib/testing/searxng-stub";

const at = process.argv.indexOf("--port");
const port = at >= 0 ? Number(process.argv[at + 1]) : 0;
const stub = await startSearxngStub({ port });
console.log(`searxng stub on http://127.0.0.1:${stub.port}/`);
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void stub.close().then(() => process.exit(0)));
