/** The heavy benchmark site on disk (generated once per size and port) and its static server process. */
import { fork, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { generateSite } from "./site.mjs";

/** The site of `pages` pages for http://127.0.0.1:`port`, generated once and kept in the temp directory (30 KB a page). */
export function ensureSite(pages: number, port: number): string {
  const dir = path.join(os.tmpdir(), "focuscrawl-heavy", `${pages}-${port}`, "site");
  if (!fs.existsSync(`${dir}.urls.txt`)) {
    console.error(`generating ${pages} pages: ${JSON.stringify(generateSite({ pages, out: dir, origin: `http://127.0.0.1:${port}` }))}`);
  }
  return dir;
}

/**
 * Start the static server (bench/heavy/serve.mjs) in its own process; resolves once it listens.
 * With `errorLog`, what it writes to stderr (a crash's stack) goes to that file.
 */
export async function serveSite(dir: string, port: number, errorLog?: string): Promise<ChildProcess> {
  const err = errorLog ? fs.openSync(errorLog, "a") : "ignore";
  const child = fork(path.join(import.meta.dirname, "serve.mjs"), [dir, String(port)], { stdio: ["ignore", "ignore", err, "ipc"] });
  if (typeof err === "number") fs.closeSync(err);
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`the site server exited (${code}): is port ${port} taken? Pass --port`)));
  });
  return child;
}
