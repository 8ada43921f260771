import type { MessageKey } from "@/lib/i18n/messages";

const COLORS: Record<string, string> = {
  running: "bg-teal-100 text-teal-800", paused: "bg-amber-100 text-amber-800", stopping: "bg-amber-100 text-amber-800",
  done: "bg-slate-200 text-slate-700", stopped: "bg-slate-200 text-slate-700", failed: "bg-red-100 text-red-800",
  queued: "bg-sky-100 text-sky-800",
};

/** A job status as a coloured pill. */
export function StatusBadge({ status, t }: { status: string; t: (k: MessageKey) => string }) {
  return (
    <span data-testid="job-status" data-status={status} className={`rounded-full px-2 py-0.5 text-xs ${COLORS[status] ?? ""}`}>
      {t(`status_${status}` as MessageKey)}
    </span>
  );
}
