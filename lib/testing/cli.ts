/** Run the `focuscrawl` command line as a child process, as a user would. */
import { spawn } from "node:child_process";
import path from "node:path";
import { projectPath } from "../project-root";

/** Run `focuscrawl ARGS` against the database at `databaseUrl`; resolves with the exit code, stdout and stderr. */
export function runCli(args: string[], databaseUrl: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(projectPath("bin"), "focuscrawl.mjs"), ...args], {
      cwd: projectPath(), env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    let stdout = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
