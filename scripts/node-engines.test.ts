/**
 * The Node.js version the project states is one that every package it installs accepts: the
 * `engines` field of package.json (what npm checks) and the README (what people read) name the
 * same lowest version, and each lowest version the field allows satisfies the `engines` of every
 * package the lock file installs for production (sanitize-html 2.18 asks for 22.12: a field of
 * >=20.19 made `npm install` warn EBADENGINE on the stated minimum).
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";

const ROOT = path.resolve(import.meta.dirname, "..");
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(ROOT, file), "utf8"));

type Version = [number, number, number];
const parse = (v: string): Version => {
  const [a = 0, b = 0, c = 0] = v.replace(/^v/, "").split(".").map((x) => Number.parseInt(x, 10) || 0);
  return [a, b, c];
};
const compare = (x: Version, y: Version) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2];

/** Whether `v` satisfies `range`: the forms package engines use (>=, >, <=, <, =, ^, ~, x, ||, spaces between comparators). */
function satisfies(v: Version, range: string): boolean {
  return range.split("||").some((alt) => alt.trim().replace(/([<>=^~]+)\s+/g, "$1").split(/\s+/).filter(Boolean).every((c) => {
    const m = /^(>=|<=|>|<|=|\^|~)?v?([\dx*.]+)$/.exec(c);
    if (!m) throw new Error(`an engines range this test cannot read: ${range}`);
    const want = parse(m[2].replace(/[x*]/g, "0"));
    const d = compare(v, want);
    switch (m[1] ?? "=") {
      case ">=": return d >= 0;
      case ">": return d > 0;
      case "<=": return d <= 0;
      case "<": return d < 0;
      case "^": return d >= 0 && v[0] === want[0];
      case "~": return d >= 0 && v[0] === want[0] && v[1] === want[1];
      default: return m[2].includes("x") || m[2].split(".").length < 3 ? v[0] === want[0] && (m[2].split(".").length < 2 || v[1] === want[1]) : d === 0;
    }
  }));
}

/** The lowest version each alternative of `range` allows ("^22.12 || >=24" → 22.12.0 and 24.0.0). */
const lowestVersions = (range: string): Version[] => range.split("||").map((alt) => parse(/[\d.]+/.exec(alt)![0]));

test("the stated Node.js versions satisfy every production package's engines, and the README states the same lowest one", () => {
  const ours: string = readJson("package.json").engines.node;
  const lock = readJson("package-lock.json");
  const refused: string[] = [];
  for (const [where, pkg] of Object.entries<{ dev?: boolean; optional?: boolean; engines?: { node?: string } }>(lock.packages)) {
    if (!where || pkg.dev || pkg.optional || typeof pkg.engines?.node !== "string") continue;
    for (const v of lowestVersions(ours)) if (!satisfies(v, pkg.engines.node)) refused.push(`${where.replace(/^.*node_modules\//, "")} (${pkg.engines.node}) refuses ${v.join(".")}`);
  }
  assert.deepEqual(refused, []);
  const [major, minor] = lowestVersions(ours)[0];
  assert.match(fs.readFileSync(path.join(ROOT, "README.md"), "utf8"), new RegExp(`Requires Node\\.js ${major}\\.${minor} or newer`));
});

test("the range reader reads what the lock file holds", () => {
  assert.ok(satisfies(parse("22.12.0"), "^20.19 || ^22.12 || >=24.0"));
  assert.ok(!satisfies(parse("23.1.0"), "^20.19 || ^22.12 || >=24.0"));
  assert.ok(!satisfies(parse("20.19.0"), ">=22.12.0"));
  assert.ok(satisfies(parse("22.12.0"), ">= 20.19.0"));
});
