import type { Metadata } from "next";
import { catalogueMessages } from "@/lib/i18n/catalogue-messages";
import { listCatalogueImports, type CatalogueImportListing } from "@/lib/store/catalogue-imports";
import { getSql } from "@/lib/store/infra/sql";
import { getT } from "../../i18n";
import { deleteCatalogueImportAction } from "./actions";
import { ImportForm } from "./import-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "FocusCrawl" };

/** The page's text (passed to its client form). */
export type CatalogueMessages = ReturnType<typeof catalogueMessages>;

/** One import: name, when and by whom, its classes with sample words, and delete (confirmed first). */
function ImportRow({ row, m, when }: { row: CatalogueImportListing; m: CatalogueMessages; when: string }) {
  return (
    <li data-testid="catalogue-import" data-name={row.name} className="space-y-2 rounded border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="break-all font-medium">{row.name}</span>
        <span className="text-xs text-slate-500">{m.importedAt.replace("{time}", when)}</span>
        {row.createdBy && <span className="text-xs text-slate-500">{m.by.replace("{name}", row.createdBy)}</span>}
        <span className="text-xs text-slate-500">{m.recordsClasses.replace("{records}", String(row.records)).replace("{classes}", String(row.summary.length))}</span>
      </div>
      <p className="break-all text-sm text-slate-700">
        {row.summary.slice(0, 8).map((c) => <span key={c.code} className="mr-3 inline-block"><span className="font-mono">{c.code}</span> {c.newWords.slice(0, 5).join(" ")}</span>)}
      </p>
      <details className="text-sm">
        <summary className="cursor-pointer rounded px-1 py-1 text-red-700 hover:bg-red-50">{m.remove}</summary>
        <form action={deleteCatalogueImportAction} className="mt-2 space-y-2 rounded border border-red-200 bg-red-50 p-2">
          <input type="hidden" name="id" value={row.id} />
          <p className="text-xs text-red-900">{m.removeConfirm.replace("{name}", row.name)}</p>
          <button type="submit" className="rounded bg-red-700 px-2 py-1 text-sm text-white hover:bg-red-800">{m.removeYes}</button>
        </form>
      </details>
    </li>
  );
}

/** Catalogue knowledge, for admins (the proxy refuses everyone else): upload a catalogue, see what it taught, delete imports. */
export default async function CataloguePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { locale } = await getT();
  const m = catalogueMessages(locale);
  const q = await searchParams;
  const rows = await listCatalogueImports(getSql());
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{m.title}</h1>
      <p className="text-sm text-slate-600">{m.intro}</p>
      {q.done === "deleted" && <p role="status" data-testid="catalogue-notice" className="rounded border border-teal-200 bg-teal-50 p-2 text-sm text-teal-900">{m.deleted}</p>}
      {q.error === "noSuchImport" && <p role="alert" className="rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800">{m.noSuchImport}</p>}
      <ImportForm m={m} isEn={locale === "en"} />
      <h2 className="font-medium">{m.listTitle}</h2>
      {rows.length === 0 ? <p className="text-sm text-slate-500">{m.empty}</p> : (
        <ul aria-label={m.listTitle} className="space-y-2">
          {rows.map((r) => <ImportRow key={r.id} row={r} m={m} when={format.format(r.createdAt)} />)}
        </ul>
      )}
    </section>
  );
}
