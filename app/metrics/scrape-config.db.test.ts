/**
 * The README's Prometheus scrape config, as written, against the dashboard's proxy and /metrics
 * on a real database with sign-in on: the block is parsed, the request is built the way
 * Prometheus builds it (metrics_path, `authorization` with its type and its credentials file read
 * and trimmed, or `basic_auth`), and must be answered with the metrics. A scrape with a wrong
 * password must not lock the same user's sign-in form.
 */
import assert from "node:assert/strict";
import fs from "node:fs";
import { after, test } from "node:test";
import { NextRequest } from "next/server";
import { parse } from "yaml";
import { proxy } from "@/proxy";
import { POST as signIn } from "@/app/api/auth/login/route";
import { createApiToken } from "@/lib/store/api-tokens";
import { getSql } from "@/lib/store/infra/sql";
import { createUser } from "@/lib/store/users";
import { useTestDatabase } from "@/lib/testing/db";
import { projectPath } from "@/lib/project-root";
import { GET as metrics } from "./route";

const ctx = useTestDatabase();
Object.assign(process.env, { HOST: "127.0.0.1", PORT: "3000", PUBLIC_URL: "" });
delete process.env.ADMIN_PASSWORD;
after(async () => {
  await getSql().end({ timeout: 1 });
});

/** The fields of a Prometheus scrape_config this test follows. */
interface ScrapeConfig {
  metrics_path?: string; scheme?: string; static_configs: { targets: string[] }[];
  authorization?: { type?: string; credentials?: string; credentials_file?: string };
  basic_auth?: { username: string; password?: string; password_file?: string };
}

/** The README's ```yaml block that holds scrape_configs. */
function readmeScrapeConfig(): ScrapeConfig {
  const readme = fs.readFileSync(projectPath("README.md"), "utf8");
  const block = [...readme.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]).find((b) => b.includes("scrape_configs"));
  assert.ok(block, "the README has a yaml block with scrape_configs");
  return (parse(block) as { scrape_configs: ScrapeConfig[] }).scrape_configs[0];
}

/** A secret file as Prometheus reads it (prometheus/common's FileSecret: the contents, trimmed). */
const readSecret = (file: string, files: Map<string, string>) => (files.get(file) ?? assert.fail(`no file ${file}`)).trim();

/** The request Prometheus sends for `c`: its target, metrics_path and Authorization header; `files` stands for the disk. */
function prometheusRequest(c: ScrapeConfig, files: Map<string, string>): Request {
  const headers: Record<string, string> = { host: c.static_configs[0].targets[0], accept: "application/openmetrics-text;version=1.0.0;q=0.5,text/plain;version=0.0.4;q=0.4,*/*;q=0.1" };
  if (c.authorization) {
    const credentials = c.authorization.credentials ?? readSecret(c.authorization.credentials_file!, files);
    headers.authorization = `${c.authorization.type ?? "Bearer"} ${credentials}`;
  }
  if (c.basic_auth) {
    const password = c.basic_auth.password ?? readSecret(c.basic_auth.password_file!, files);
    headers.authorization = `Basic ${Buffer.from(`${c.basic_auth.username}:${password}`).toString("base64")}`;
  }
  return new Request(`${c.scheme ?? "http"}://${c.static_configs[0].targets[0]}${c.metrics_path ?? "/metrics"}`, { headers });
}

/** Send a scrape through the proxy and, when let through, to /metrics. */
async function scrape(request: Request): Promise<Response> {
  const gate = await proxy(new NextRequest(request));
  return gate.headers.get("x-middleware-next") === "1" ? metrics() : gate;
}

const SCRAPER = "203.0.113.7";

test("the README's scrape config, as written, scrapes /metrics with a viewer's token; a wrong token is refused", async () => {
  const sql = ctx.db.sql;
  process.env.DATABASE_URL = ctx.db.url; // the proxy and the routes use the shared pool
  assert.ok((await createUser(sql, "prometheus", "viewer", "prometheus-pass")).ok);
  const token = await createApiToken(sql, "prometheus", "scrape");
  assert.ok(token.ok);
  const config = readmeScrapeConfig();
  assert.ok(config.authorization?.credentials_file, "the README's config reads the token from a file");
  // `focuscrawl token add ... > FILE` writes the token and a line break.
  const files = new Map([[config.authorization.credentials_file, `${token.token}\n`]]);
  const res = await scrape(prometheusRequest(config, files));
  assert.equal(res.status, 200, await res.clone().text());
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain; version=0\.0\.4/);
  assert.match(await res.text(), /^# HELP focuscrawl_workers /m);

  const stale = new Map([[config.authorization.credentials_file, `${token.token.slice(0, -1)}x\n`]]);
  const refused = await scrape(prometheusRequest(config, stale));
  assert.equal(refused.status, 401);
  assert.match((await refused.json()).error, /Authorization: Bearer/);
});

test("scrapes with a wrong basic-auth password are throttled on their own and never lock the user's sign-in form", async () => {
  const sql = ctx.db.sql;
  process.env.DATABASE_URL = ctx.db.url;
  assert.ok((await createUser(sql, "ops", "operator", "the-right-pass")).ok);
  const basic = (password: string): ScrapeConfig => ({ metrics_path: "/metrics", static_configs: [{ targets: ["127.0.0.1:3000"] }], basic_auth: { username: "ops", password } });
  const withAddress = (r: Request) => { r.headers.set("x-forwarded-for", SCRAPER); return r; };
  const statuses: number[] = [];
  for (let i = 0; i < 6; i++) statuses.push((await scrape(withAddress(prometheusRequest(basic("an-old-pass"), new Map())))).status);
  // Three free failures, then growing waits (1, 2, 4 s): a busy machine may let one wait pass between tries, never all.
  assert.deepEqual(statuses.slice(0, 3), [401, 401, 401], "the first failures are answered");
  assert.ok(statuses.slice(3).includes(429), `basic auth is still throttled: ${statuses}`);
  // A wait as long as a dozen failures earn (no sleeping here for the doubling to get there).
  await sql`update login_attempts set locked_until = now() + interval '5 minutes' where key like 'header-%'`;
  const locked = await scrape(withAddress(prometheusRequest(basic("the-right-pass"), new Map())));
  assert.equal(locked.status, 429, "even the right password waits out the scrape's lock");

  // The person signs in with the form from the same address: not locked.
  const form = new URLSearchParams({ name: "ops", password: "the-right-pass", next: "/jobs" });
  const res = await signIn(new NextRequest("http://127.0.0.1:3000/api/auth/login", {
    method: "POST", body: form, headers: { host: "127.0.0.1:3000", "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": SCRAPER },
  }));
  assert.equal(res.status, 303);
  assert.equal(res.headers.get("location"), "/jobs");
  assert.match(res.headers.get("set-cookie") ?? "", /focuscrawl_session=/);
});
