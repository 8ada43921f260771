"use client";
import { useActionState } from "react";
import type { CatalogueMessages } from "./page";
import { importCatalogueAction, type ImportCatalogueState } from "./actions";

/** A refused file's problems, each with its line, in the page's language. */
function Problems({ state, m, isEn }: { state: { problems: { line: number; zh: string; en: string }[]; problemCount: number }; m: CatalogueMessages; isEn: boolean }) {
  return (
    <div role="alert" data-testid="catalogue-problems" className="space-y-1 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800">
      <p>{m.refused.replace("{n}", String(state.problemCount))}</p>
      <ul className="list-disc space-y-0.5 pl-5">
        {state.problems.map((p, i) => <li key={i}>{isEn ? p.en : p.zh}</li>)}
      </ul>
    </div>
  );
}

/** What a usable file taught: per class its records and a sample of the new words. */
function Learned({ learned, m }: { learned: NonNullable<ImportCatalogueState["learned"]>; m: CatalogueMessages }) {
  const hasIdf = learned.classes.some((c) => c.isIdfWeighted);
  return (
    <div role="status" data-testid="catalogue-learned" className="space-y-2 rounded border border-teal-200 bg-teal-50 p-2 text-sm text-teal-900">
      <p>{m.learned.replace("{records}", String(learned.records)).replace("{classes}", String(learned.classes.length))}</p>
      <ul className="space-y-1">
        {learned.classes.map((c) => (
          <li key={c.code} data-testid="learned-class" data-code={c.code} className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-mono font-medium">{c.code}</span>
            <span className="text-xs text-teal-800">{m.classRecords.replace("{n}", String(c.records))}</span>
            {c.isIdfWeighted && <span className="rounded bg-amber-100 px-1 text-xs text-amber-900">IDF</span>}
            <span className="break-all text-slate-700">{c.newWords.join(" ") || m.noNewWords}</span>
          </li>
        ))}
      </ul>
      {hasIdf && <p className="text-xs text-slate-600">{m.idfNote}</p>}
    </div>
  );
}

/** The upload form and the outcome of its last submit. */
export function ImportForm({ m, isEn }: { m: CatalogueMessages; isEn: boolean }) {
  const [state, action, isPending] = useActionState<ImportCatalogueState, FormData>(importCatalogueAction, {});
  return (
    <div className="space-y-3">
      <form action={action} data-testid="catalogue-upload" className="space-y-3 rounded border border-slate-200 bg-white p-3">
        <h2 className="font-medium">{m.uploadTitle}</h2>
        <div className="flex flex-wrap items-end gap-3">
          <label className="block min-w-0 max-w-full text-sm">
            <span className="block">{m.file}</span>
            <input type="file" name="file" accept=".csv,text/csv,text/plain" className="block max-w-full text-sm file:mr-2 file:rounded file:border file:border-slate-300 file:bg-white file:px-2 file:py-1" />
          </label>
          <label className="block text-sm">
            <span className="block">{m.name}</span>
            <input name="name" placeholder={m.namePlaceholder} maxLength={120} className="w-56 max-w-full rounded border border-slate-300 px-2 py-1 text-sm focus:border-teal-600 focus:outline-none" />
          </label>
          <button type="submit" disabled={isPending} className="rounded bg-teal-700 px-3 py-1 text-sm text-white hover:bg-teal-800 disabled:opacity-60">
            {isPending ? m.submitting : m.submit}
          </button>
        </div>
      </form>
      {"noFile" in state && <p role="alert" data-testid="catalogue-problems" className="rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800">{m.noFile}</p>}
      {state.problems && <Problems state={state} m={m} isEn={isEn} />}
      {state.learned && <Learned learned={state.learned} m={m} />}
    </div>
  );
}
