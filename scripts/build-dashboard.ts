/**
 * The dashboard's production build, shared by `npm run build`, `npm start` and the e2e runner:
 * `next build`, then a fingerprint of the sources it was made from, so that a later start runs
 * the build as it is and rebuilds only a changed checkout.
 *   tsx scripts/build-dashboard.ts [--force]
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const NEXT_BIN = path.join(ROOT, "node_modules", "next", "dist", "bin", "next");
const BUILD_INPUTS = ["app", "pages", "lib", "public", "prisma/schema.prisma", "proxy.ts", "instrumentation.ts", "next.config.ts", "postcss.config.mjs",
  "tsconfig.json", "package-lock.json"];
const FINGERPRINT_FILE = path.join(ROOT, ".next", "focuscrawl-source.sha256");

/** A hash of everything the dashboard build is made from, so a changed checkout is rebuilt. */
function sourceFingerprint(): string {
  const hash = createHash("sha256");
  const add = (rel: string) => {
    const abs = path.join(ROOT, rel);
    if (!fs.existsSync(abs)) return;
    if (fs.statSync(abs).isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) if (name !== "generated" && !name.endsWith(".test.ts")) add(path.join(rel, name));
    } else hash.update(rel).update("\0").update(fs.readFileSync(abs));
  };
  BUILD_INPUTS.forEach(add);
  return hash.digest("hex");
}

/** Build the dashboard unless the build on disk was made from these sources (or `force`). */
export async function buildDashboard(opts: { force?: boolean; say?: (line: string) => void } = {}): Promise<void> {
  const fingerprint = sourceFingerprint();
  const hasBuild = fs.existsSync(path.join(ROOT, ".next", "BUILD_ID"));
  const isCurrent = hasBuild && fs.existsSync(FINGERPRINT_FILE) && fs.readFileSync(FINGERPRINT_FILE, "utf8") === fingerprint;
  if (isCurrent && !opts.force) return;
  opts.say?.(!hasBuild ? "no build yet: building the dashboard (once)" : isCurrent ? "building the dashboard" : "the sources changed since the last build: rebuilding the dashboard");
  fs.rmSync(FINGERPRINT_FILE, { force: true });
  const build = spawn(process.execPath, [NEXT_BIN, "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  const code = await new Promise<number | null>((resolve) => build.once("exit", (c) => resolve(c)));
  if (code !== 0) throw new Error("the dashboard build failed; see the output above");
  fs.writeFileSync(FINGERPRINT_FILE, fingerprint);
}

if (process.argv[1] === import.meta.filename) {
  buildDashboard({ force: process.argv.includes("--force"), say: (l) => console.log(`[focuscrawl] ${l}`) }).catch((err) => {
    console.error((err as Error).message);
    process.exit(1);
  });
}
