import { archiveAction } from "../archive-actions";
import type { archiveMessages } from "@/lib/i18n/archive-messages";

/** Archive or unarchive a job or a workflow, then come back to `back` (the page the button is on). */
export function ArchiveButton({ kind, id, archivedAt, back, m, small }: {
  kind: "job" | "workflow"; id: number; archivedAt: Date | null; back: string; m: ReturnType<typeof archiveMessages>; small?: boolean;
}) {
  const size = small ? "px-2 py-0.5 text-xs" : "px-3 py-1 text-sm";
  return (
    <form action={archiveAction}>
      <input type="hidden" name="kind" value={kind} /><input type="hidden" name="id" value={id} />
      <input type="hidden" name="archive" value={archivedAt ? "0" : "1"} /><input type="hidden" name="back" value={back} />
      <button data-testid={archivedAt ? `unarchive-${kind}` : `archive-${kind}`} title={m.archiveHint}
        className={`rounded border border-slate-300 bg-white ${size} hover:bg-slate-100`}>{archivedAt ? m.unarchive : m.archive}</button>
    </form>
  );
}

/** What an archive button did, from the address it came back to. */
export function ArchiveNotice({ q, m }: { q: Record<string, string | string[] | undefined>; m: ReturnType<typeof archiveMessages> }) {
  if (q.archivedDone) return <p role="status" data-testid="archive-notice" className="rounded bg-teal-50 p-2 text-sm text-teal-900">{m.archived}</p>;
  if (q.unarchivedDone) return <p role="status" data-testid="archive-notice" className="rounded bg-teal-50 p-2 text-sm text-teal-900">{m.unarchived}</p>;
  if (q.archiveRefused) return <p role="alert" className="rounded bg-red-50 p-2 text-sm text-red-800">{m.archiveActive}</p>;
  return null;
}
