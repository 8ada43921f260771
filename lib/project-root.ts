/**
 * Where the project's own files are (data shipped in the repo, node_modules). Found by walking
 * up from this module to FocusCrawl's package.json, so it works from the sources (tsx), from the
 * Next.js server bundle in .next/ and from any working directory; the working directory is the
 * last resort.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

let root: string | undefined;

function isProjectRoot(dir: string): boolean {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name === "focuscrawl";
  } catch {
    return false;
  }
}

/** The absolute path of `parts` inside the project. */
export function projectPath(...parts: string[]): string {
  if (!root) {
    const here = typeof import.meta.url === "string" && import.meta.url.startsWith("file:") ? path.dirname(fileURLToPath(import.meta.url)) : process.cwd();
    for (let dir = here; ; dir = path.dirname(dir)) {
      if (isProjectRoot(dir)) {
        root = dir;
        break;
      }
      if (path.dirname(dir) === dir) {
        root = process.cwd();
        break;
      }
    }
  }
  return path.join(root, ...parts);
}
