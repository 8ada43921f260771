/** Run the `focuscrawl` command line with standard input and capturing standard output (user and token commands). */
import { spawn } from "node:child_process";
import path from "node:path";
import { projectPath } from "../project-root";

/** Run `focuscrawl ARGS` against `databaseUrl`, writing `input` to its stdin; resolves with the exit code, stdout and stderr. */
export function runCliWithInput(args: string[], databaseUrl: string, input = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(projectPath("bin"), "focuscrawl.mjs"), ...args], {
      cwd: projectPath(), env: { ...process.env, DATABASE_URL: databaseUrl }, stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}
