/**
 * Compares the migrated database with prisma/schema.prisma (tables, columns, types,
 * nullability, indexes), since hand-written migrations can drift from the schema.
 * The parser covers the schema language this project uses, and fails loudly on the rest.
 */
import fs from "node:fs";
import type { Sql } from "../store/infra/sql";

/** A table as both sides describe it. */
export interface TableShape { columns: Record<string, { type: string; nullable: boolean }>; indexes: string[] }
/** Table name → shape. */
export type SchemaShape = Record<string, TableShape>;

const SCALAR_TYPES: Record<string, string> = {
  Int: "integer", BigInt: "bigint", String: "text", Float: "double precision", Boolean: "boolean",
  DateTime: "timestamp(3)", Json: "jsonb", Decimal: "numeric(65,30)", Bytes: "bytea",
};

function attr(line: string, name: string): string | undefined {
  return new RegExp(`@${name}\\("([^"]+)"\\)`).exec(line)?.[1];
}

/** Index spec "unique:a,b desc" from a field list like `[jobId, priority(sort: Desc)]`. */
function indexSpec(kind: string, list: string, colOf: (f: string) => string): string {
  const cols = list.split(",").map((p) => p.trim()).filter(Boolean).map((p) => {
    const m = /^(\w+)(\(sort:\s*(Asc|Desc)\))?$/.exec(p);
    if (!m) throw new Error(`schema-drift cannot read index field "${p}"`);
    return colOf(m[1]) + (m[3] === "Desc" ? " desc" : "");
  });
  return `${kind}:${cols.join(",")}`;
}

/** Top-level blocks (`model X { ... }`, `enum Y { ... }`): [kind, name, body]. Bodies end at a lone "}". */
function readBlocks(text: string): [string, string, string][] {
  return [...text.matchAll(/^(model|enum)\s+(\w+)\s*\{\n([\s\S]*?)^\}/gm)].map((m) => [m[1], m[2], m[3]]);
}

/** Read the models and enums of a schema.prisma file into table shapes. */
export function readPrismaSchema(file: string): SchemaShape {
  const text = fs.readFileSync(file, "utf8").replace(/\/\/.*$/gm, "");
  const blocks = readBlocks(text);
  const enums = new Map<string, string>();
  for (const [kind, name, body] of blocks) if (kind === "enum") enums.set(name, attr(body, "@map") ?? name);
  const modelNames = new Set(blocks.filter(([kind]) => kind === "model").map(([, name]) => name));
  const shape: SchemaShape = {};
  for (const [kind, modelName, modelBody] of blocks) {
    if (kind !== "model") continue;
    const body = modelBody.split("\n").map((l) => l.trim()).filter(Boolean);
    const table = attr(modelBody, "@map") ?? modelName;
    const fieldCols = new Map<string, string>();
    const t: TableShape = { columns: {}, indexes: [] };
    for (const line of body.filter((l) => !l.startsWith("@@"))) {
      const [name, rawType] = line.split(/\s+/);
      // `Unsupported("tsvector")?` names the database type itself.
      const unsupported = /^Unsupported\("([^"]+)"\)/.exec(rawType)?.[1];
      const base = unsupported ?? rawType.replace(/[?\[\]]/g, "");
      if (modelNames.has(base)) continue; // relation field: no column
      const col = attr(line, "map") ?? name;
      fieldCols.set(name, col);
      let type = unsupported ?? SCALAR_TYPES[base] ?? (enums.has(base) ? `enum ${enums.get(base)}` : undefined);
      if (!type) throw new Error(`schema-drift does not know the type ${base} of ${modelName}.${name}`);
      if (base === "DateTime" && line.includes("@db.Timestamptz")) type = `timestamptz(${/@db\.Timestamptz\((\d)\)/.exec(line)?.[1] ?? 6})`;
      const isList = rawType.endsWith("[]");
      t.columns[col] = { type: isList ? `${type}[]` : type, nullable: rawType.endsWith("?") || isList };
      if (/@id\b/.test(line)) t.indexes.push(`primary:${col}`);
      if (/@unique\b/.test(line)) t.indexes.push(`unique:${col}`);
    }
    const colOf = (f: string) => {
      const c = fieldCols.get(f);
      if (!c) throw new Error(`schema-drift: ${modelName} has no field ${f}`);
      return c;
    };
    for (const line of body.filter((l) => l.startsWith("@@"))) {
      const mm = /^@@(id|unique|index)\(\[([^\]]*)\]/.exec(line);
      if (!mm) continue;
      const kind = mm[1] === "id" ? "primary" : mm[1];
      // A partial index (`where: raw("...")`) is compared by being partial, not by its predicate's text.
      t.indexes.push(indexSpec(kind, mm[2], colOf) + (/\bwhere:\s*raw\(/.test(line) ? " partial" : ""));
    }
    t.indexes.sort();
    shape[table] = t;
  }
  return shape;
}

/** Read the same shape from the database's catalogue (public schema, Prisma's own table left out). */
export async function readDatabaseSchema(sql: Sql): Promise<SchemaShape> {
  const cols = await sql<{ table: string; column: string; type: string; nullable: boolean }[]>`
    select c.relname as table, a.attname as column, a.attnotnull = false as nullable,
      case when t.typtype = 'e' then 'enum ' || t.typname
           when et.typtype = 'e' then 'enum ' || et.typname || '[]'
           else format_type(a.atttypid, a.atttypmod) end as type
    from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
    where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped and c.relname <> '_prisma_migrations'`;
  const idx = await sql<{ table: string; kind: string; cols: string; partial: boolean }[]>`
    select t.relname as table, i.indpred is not null as partial,
      case when i.indisprimary then 'primary' when i.indisunique then 'unique' else 'index' end as kind,
      string_agg(a.attname || case when (i.indoption[k.ord - 1] & 1) = 1 then ' desc' else '' end, ',' order by k.ord) as cols
    from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
    cross join lateral unnest(i.indkey) with ordinality as k(attnum, ord)
    join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
    where n.nspname = 'public' and t.relname <> '_prisma_migrations'
    group by t.relname, i.indexrelid, i.indisprimary, i.indisunique, i.indpred`;
  const shape: SchemaShape = {};
  const tableOf = (name: string) => (shape[name] ??= { columns: {}, indexes: [] });
  const normalise = (type: string) =>
    type.replace("timestamp(3) without time zone", "timestamp(3)").replace(/timestamp\((\d)\) with time zone/, "timestamptz($1)")
      .replace(/^text\[\]$/, "text[]");
  for (const c of cols) tableOf(c.table).columns[c.column] = { type: normalise(c.type), nullable: c.nullable };
  for (const i of idx) tableOf(i.table).indexes.push(`${i.kind}:${i.cols}${i.partial ? " partial" : ""}`);
  for (const t of Object.values(shape)) t.indexes.sort();
  return shape;
}

/** Human-readable differences between the schema file and the database; empty when they agree. */
export function diffSchemas(expected: SchemaShape, actual: SchemaShape): string[] {
  const out: string[] = [];
  for (const table of new Set([...Object.keys(expected), ...Object.keys(actual)])) {
    const e = expected[table];
    const a = actual[table];
    if (!e) { out.push(`table ${table} is in the database but not in schema.prisma`); continue; }
    if (!a) { out.push(`table ${table} is in schema.prisma but not in the database`); continue; }
    for (const col of new Set([...Object.keys(e.columns), ...Object.keys(a.columns)])) {
      const ec = e.columns[col];
      const ac = a.columns[col];
      if (!ec) out.push(`${table}.${col} is in the database but not in schema.prisma`);
      else if (!ac) out.push(`${table}.${col} is in schema.prisma but not in the database`);
      else {
        if (ec.type !== ac.type) out.push(`${table}.${col}: schema says ${ec.type}, database has ${ac.type}`);
        if (ec.nullable !== ac.nullable) out.push(`${table}.${col}: schema says ${ec.nullable ? "nullable" : "NOT NULL"}, database has ${ac.nullable ? "nullable" : "NOT NULL"}`);
      }
    }
    for (const i of e.indexes.filter((x) => !a.indexes.includes(x))) out.push(`${table}: index ${i} is in schema.prisma but not in the database`);
    for (const i of a.indexes.filter((x) => !e.indexes.includes(x))) out.push(`${table}: index ${i} is in the database but not in schema.prisma`);
  }
  return out;
}
