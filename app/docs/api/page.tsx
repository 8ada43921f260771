import type { Metadata } from "next";
import { apiDocMessages } from "@/lib/i18n/api-doc-messages";
import { buildOpenApiDocument } from "@/app/openapi/document";
import pkg from "@/package.json";
import { getT } from "../../i18n";
import { SchemaFields, type JsonSchema } from "./schema-fields";

export const metadata: Metadata = { title: "FocusCrawl API" };

type M = ReturnType<typeof apiDocMessages>;
interface Param { name: string; in: string; required: boolean; description?: string }
interface Op {
  summary: string; description?: string; tags: string[]; parameters: Param[]; security?: unknown[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> }; responses: Record<string, { description: string }>;
}

const METHOD_STYLE: Record<string, string> = {
  get: "bg-sky-100 text-sky-900", post: "bg-teal-100 text-teal-900", put: "bg-amber-100 text-amber-900", delete: "bg-red-100 text-red-900",
};
const anchor = (method: string, path: string) => `${method}-${path.replace(/[^A-Za-z0-9]+/g, "-")}`;

function Operation({ method, path, op, m }: { method: string; path: string; op: Op; m: M }) {
  const [type, body] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
  return (
    <article id={anchor(method, path)} data-testid="api-operation" className="space-y-2 rounded border border-slate-200 bg-white p-3">
      <h3 className="flex flex-wrap items-baseline gap-2">
        <span className={`rounded px-1.5 font-mono text-xs font-semibold uppercase ${METHOD_STYLE[method] ?? ""}`}>{method}</span>
        <code className="break-all text-sm font-semibold">{path}</code>
        {op.security?.length === 0 && <span className="text-xs text-slate-500">{m.public}</span>}
      </h3>
      <p className="text-sm">{op.summary}</p>
      {op.description && <p className="text-xs text-slate-600 [overflow-wrap:anywhere]">{op.description}</p>}
      {op.parameters.length > 0 && (
        <div>
          <h4 className="text-xs font-semibold uppercase text-slate-500">{m.parameters}</h4>
          <ul className="text-sm">
            {op.parameters.map((p) => (
              <li key={`${p.in}-${p.name}`} className="flex flex-wrap gap-x-2">
                <code className="font-semibold">{p.name}</code>
                <span className="text-xs text-slate-500">{p.in === "path" ? m.inPath : m.inQuery}, {p.required ? m.required : m.optional}</span>
                {p.description && <span className="text-xs text-slate-600">{p.description}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {body && (
        <div>
          <h4 className="text-xs font-semibold uppercase text-slate-500">{type === "application/json" ? m.body : m.bodyForm} <code className="normal-case">{type}</code></h4>
          <SchemaFields schema={body.schema} labels={m} />
        </div>
      )}
      <div>
        <h4 className="text-xs font-semibold uppercase text-slate-500">{m.responses}</h4>
        <ul className="text-sm">
          {Object.entries(op.responses).map(([status, r]) => (
            <li key={status} className="flex gap-2"><code className="font-semibold">{status}</code><span className="min-w-0 text-slate-700 [overflow-wrap:anywhere]">{r.description}</span></li>
          ))}
        </ul>
      </div>
    </article>
  );
}

/** The API reference: the OpenAPI document rendered on the server, grouped by area, with a table of contents. */
export default async function ApiDocsPage() {
  const { locale } = await getT();
  const m = apiDocMessages(locale);
  const doc = buildOpenApiDocument(pkg.version);
  const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item as Record<string, Op>).map(([method, op]) => ({ path, method, op })));
  const tags = [...new Set(ops.map((o) => o.op.tags[0]))];
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{m.title}</h1>
      <p className="text-sm text-slate-600">{m.intro} <a className="text-teal-700 underline" href="/api/openapi.json">/api/openapi.json</a></p>
      <nav aria-label={m.contents} className="rounded border border-slate-200 bg-white p-3 text-sm">
        <h2 className="mb-1 font-medium">{m.contents}</h2>
        <ul className="columns-1 gap-6 sm:columns-2 lg:columns-3">
          {ops.map(({ path, method }) => (
            <li key={anchor(method, path)} className="break-inside-avoid">
              <a className="break-all text-teal-700 hover:underline" href={`#${anchor(method, path)}`}><span className="font-mono text-xs uppercase">{method}</span> {path}</a>
            </li>
          ))}
        </ul>
      </nav>
      {tags.map((tag) => (
        <section key={tag} className="space-y-2">
          <h2 className="text-lg font-semibold capitalize">{tag}</h2>
          {ops.filter((o) => o.op.tags[0] === tag).map(({ path, method, op }) => <Operation key={anchor(method, path)} method={method} path={path} op={op} m={m} />)}
        </section>
      ))}
    </section>
  );
}
