"use client";
import { useActionState, useState } from "react";
import type { TopicMessages } from "@/lib/i18n/topic-messages";
import { importTopicAction, type ImportTopicState } from "./actions";

/** Import a topic from a JSON file exported by the library; errors are listed under the field. */
export function ImportTopicForm({ m }: { m: TopicMessages }) {
  const [state, action, isPending] = useActionState<ImportTopicState, FormData>(importTopicAction, {});
  const [fileName, setFileName] = useState<string>();
  return (
    <form action={action} className="space-y-2 rounded border border-slate-200 bg-white p-3 text-sm">
      <p className="font-medium">{m.importTitle}</p>
      {/* The native file input's own label is in the browser's language: ours names the file chosen. */}
      <label className="inline-block cursor-pointer rounded border border-slate-300 px-3 py-1 focus-within:ring-1 focus-within:ring-teal-600 hover:bg-slate-50">
        {fileName ?? m.chooseFile}
        <input type="file" name="file" accept=".json,application/json" className="sr-only" onChange={(e) => setFileName(e.target.files?.[0]?.name)} />
      </label>
      {state.errors && <p role="alert" data-testid="import-errors" className="text-red-700">{state.errors.join("；")}</p>}
      {state.imported && <p role="status" className="text-teal-800">{m.importDone.replace("{name}", state.imported)}</p>}
      <button type="submit" disabled={isPending} className="rounded border border-teal-700 px-3 py-1 text-teal-800 hover:bg-teal-50 disabled:opacity-50">{m.importSubmit}</button>
    </form>
  );
}
