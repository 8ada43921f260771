/** Run the `focuscrawl` command line as a child process, as a user would. */
import { spawn } from "node:child_process";
import path from "node:path";
import { projectPath } from "../project-root";

/** Run `focuscrawl ARGS` against the database at `databaseUrl`; resolves with the exit code and stderr. */
export function runCli(args: string[], databaseUrl: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(projectPath("bin"), "focuscrawl.mjs"), ...args], {
      cwd: projectPath(), env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (c) => (stderr += c));
    child.on("exit", (code) => resolve({ code, stderr }));
  });
}
