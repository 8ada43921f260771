import assert from "node:assert/strict";
import { test } from "node:test";
import { decideByteRange, type RangeDecision } from "./byte-range";

const part = (start: number, end: number): RangeDecision => ({ kind: "partial", start, end });
const FULL: RangeDecision = { kind: "full" };
const NONE: RangeDecision = { kind: "unsatisfiable" };

test("one byte range of a 1,000-byte file: 206 parts, the whole file, or 416", () => {
  const rows: [string | null, RangeDecision][] = [
    [null, FULL], ["", FULL],
    ["bytes=0-99", part(0, 99)], ["bytes=500-", part(500, 999)], ["bytes=-100", part(900, 999)], ["bytes=0-", part(0, 999)],
    ["bytes=990-2000", part(990, 999)], ["bytes=999-999", part(999, 999)], ["bytes=-5000", part(0, 999)], ["BYTES = 10 - 19", part(10, 19)],
    // curl -C - on a file it has whole asks for the byte after the end.
    ["bytes=1000-", NONE], ["bytes=1000-1200", NONE], ["bytes=-0", NONE],
    // Malformed, another unit, several ranges, reversed: the whole file.
    ["bytes=5-1", FULL], ["bytes=-", FULL], ["bytes=a-b", FULL], ["items=0-1", FULL], ["bytes=0-1,5-9", FULL], ["bytes=1e3-", FULL],
    ["bytes=99999999999999999999-", FULL],
  ];
  for (const [range, want] of rows) assert.deepEqual(decideByteRange(range, 1000), want, String(range));
});

test("an empty file has no byte to send; If-Range must name the file as it is now", () => {
  assert.deepEqual(decideByteRange("bytes=0-", 0), NONE);
  assert.deepEqual(decideByteRange("bytes=-10", 0), NONE);
  const version = { etag: '"fc-export-3-1000-1"', lastModified: "Tue, 24 Nov 2026 09:00:00 GMT" };
  assert.deepEqual(decideByteRange("bytes=10-", 1000, '"fc-export-3-1000-1"', version), part(10, 999));
  assert.deepEqual(decideByteRange("bytes=10-", 1000, "Tue, 24 Nov 2026 09:00:00 GMT", version), part(10, 999));
  assert.deepEqual(decideByteRange("bytes=10-", 1000, '"fc-export-3-999-1"', version), FULL, "another version: all of it");
  assert.deepEqual(decideByteRange("bytes=10-", 1000, 'W/"fc-export-3-1000-1"', version), FULL, "weak validators never match");
  assert.deepEqual(decideByteRange("bytes=10-", 1000, "Mon, 23 Nov 2026 09:00:00 GMT", version), FULL);
});
