/**
 * HTTP range requests for file downloads (RFC 9110 §14): what part of a file of `size` bytes a
 * request asks for, so that a broken download goes on where it stopped (browsers, `curl -C -`).
 * One range is served as 206; several ranges, another unit or a malformed header get the whole
 * file (a server may ignore Range), as does an If-Range that names an older version of the file.
 */

/** What to send: the whole file (200), bytes start..end inclusive (206), or nothing (416). */
export type RangeDecision = { kind: "full" } | { kind: "partial"; start: number; end: number } | { kind: "unsatisfiable" };

/** The version of the file a validator (If-Range) is compared with. */
export interface FileVersion { etag: string; lastModified: string }

const FULL: RangeDecision = { kind: "full" };

function toOffset(digits: string): number | null {
  if (!/^\d{1,16}$/.test(digits)) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/** True when If-Range names this version: the same strong ETag, or exactly its Last-Modified date. */
function isSameVersion(ifRange: string, v: FileVersion): boolean {
  const value = ifRange.trim();
  if (value.startsWith("W/")) return false;
  return value.startsWith('"') ? value === v.etag : value === v.lastModified;
}

/** Decide what to send for a Range header (null: none) on a file of `size` bytes. */
export function decideByteRange(range: string | null, size: number, ifRange: string | null = null, version?: FileVersion): RangeDecision {
  if (!range) return FULL;
  if (ifRange !== null && (!version || !isSameVersion(ifRange, version))) return FULL;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(range);
  if (!m || (m[1] === "" && m[2] === "")) return FULL;
  if (m[1] === "") {
    const suffix = toOffset(m[2]);
    if (suffix === null) return FULL;
    return suffix === 0 || size === 0 ? { kind: "unsatisfiable" } : { kind: "partial", start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = toOffset(m[1]);
  const last = m[2] === "" ? Number.MAX_SAFE_INTEGER : toOffset(m[2]);
  if (start === null || last === null || last < start) return FULL;
  if (start >= size) return { kind: "unsatisfiable" };
  return { kind: "partial", start, end: Math.min(last, size - 1) };
}
