/** A JSON Schema (from zod) as a readable list of fields: name, type, limits, whether required, description. */

/** The part of JSON Schema the request bodies use. */
export interface JsonSchema {
  type?: string | string[]; enum?: unknown[]; anyOf?: JsonSchema[]; items?: JsonSchema; properties?: Record<string, JsonSchema>;
  required?: string[]; description?: string; default?: unknown; minimum?: number; maximum?: number; minLength?: number; maxLength?: number;
  minItems?: number; maxItems?: number; const?: unknown;
}

/** A short type: `string`, `"a" | "b"`, `integer[]`, `string | string[]`. */
export function describeType(s: JsonSchema): string {
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.anyOf) return s.anyOf.map(describeType).join(" | ");
  if (s.type === "array") return `${s.items ? describeType(s.items) : "any"}[]`;
  if (Array.isArray(s.type)) return s.type.join(" | ");
  return s.type ?? "any";
}

/** Limits and default, e.g. `0–1, default 0.035`. */
export function describeLimits(s: JsonSchema): string {
  const parts: string[] = [];
  const range = (lo?: number, hi?: number, unit = "") => (lo !== undefined || hi !== undefined ? `${lo ?? ""}–${hi ?? ""}${unit}` : "");
  const r = range(s.minimum, s.maximum) || range(s.minLength, s.maxLength, " chars") || range(s.minItems, s.maxItems, " items");
  if (r) parts.push(r);
  if (s.default !== undefined) parts.push(`default ${JSON.stringify(s.default)}`);
  return parts.join(", ");
}

/** The fields of an object schema, nested objects indented below their field (two levels). */
export function SchemaFields({ schema, labels, depth = 0 }: { schema: JsonSchema; labels: { required: string; optional: string }; depth?: number }) {
  const props = Object.entries(schema.properties ?? {});
  if (props.length === 0) return <code className="text-xs">{describeType(schema)}</code>;
  const required = new Set(schema.required ?? []);
  return (
    <ul className={`space-y-1 ${depth > 0 ? "mt-1 border-l border-slate-200 pl-3" : ""}`}>
      {props.map(([name, s]) => {
        const inner = s.type === "array" ? s.items : s;
        const limits = describeLimits(s);
        return (
          <li key={name} className="text-sm">
            <div className="flex flex-wrap items-baseline gap-x-2">
              <code className="font-semibold text-slate-900">{name}</code>
              <code className="break-all text-xs text-teal-800">{describeType(s)}</code>
              <span className={`text-xs ${required.has(name) ? "text-red-700" : "text-slate-500"}`}>{required.has(name) ? labels.required : labels.optional}</span>
              {limits && <span className="text-xs text-slate-500">{limits}</span>}
            </div>
            {s.description && <p className="text-xs text-slate-600">{s.description}</p>}
            {inner?.properties && depth < 2 && <SchemaFields schema={inner} labels={labels} depth={depth + 1} />}
          </li>
        );
      })}
    </ul>
  );
}
