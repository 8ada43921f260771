/**
 * Reads the files of a .tar.gz archive into memory. The site snapshots in the lab's data are
 * plain ustar archives (GNU tar, regular files and directories, PAX long names at most); reading
 * them needs a few lines over node:zlib, where a tar library would add a dependency for this alone.
 */
import fs from "node:fs";
import zlib from "node:zlib";

const BLOCK = 512;

function field(buf: Buffer, start: number, length: number): string {
  const raw = buf.subarray(start, start + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? raw.length : end).toString("utf8");
}

/** Path → contents of every regular file in `file` (a gzip-compressed tar archive). */
export function readTarGz(file: string): Map<string, Buffer> {
  const tar = zlib.gunzipSync(fs.readFileSync(file));
  const files = new Map<string, Buffer>();
  let offset = 0;
  let longName: string | undefined;
  while (offset + BLOCK <= tar.length) {
    const header = tar.subarray(offset, offset + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] || 48);
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    const body = tar.subarray(offset + BLOCK, offset + BLOCK + size);
    longName = undefined;
    if (type === "x") {
      // PAX extended header: "<len> path=<name>\n" records.
      const m = /\d+ path=([^\n]*)\n/.exec(body.toString("utf8"));
      if (m) longName = m[1];
    } else if (type === "L") {
      longName = body.toString("utf8").replace(/\0+$/, "");
    } else if (type === "0" || type === "\0") {
      files.set(name.replace(/^\.\//, ""), Buffer.from(body));
    }
    offset += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return files;
}
