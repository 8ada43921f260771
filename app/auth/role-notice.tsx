/** What a page shows instead of a form its reader's role may not submit: why, and how to get the right. */
import Link from "next/link";
import { authMessages } from "@/lib/i18n/auth-messages";
import type { Locale } from "@/lib/i18n/messages";

/** Which page's action the notice explains. */
export type RoleNoticeKind = "roleNoticeNewJob" | "roleNoticeNewTopic" | "roleNoticeWorkflow" | "roleNoticeCompare";

/** A notice (not an error after the click): the reader's role cannot do what this page is for. */
export function RoleNotice({ locale, kind, back = true }: { locale: Locale; kind: RoleNoticeKind; back?: boolean }) {
  const m = authMessages(locale);
  return (
    <div data-testid="role-notice" role="note" className="space-y-2 rounded border border-slate-300 bg-white p-4 text-sm">
      <p className="font-medium text-slate-800">{m.roleNoticeTitle}</p>
      <p className="text-slate-600">{m[kind]}</p>
      {back && <p><Link href="/" className="text-teal-700 hover:underline">{m.roleNoticeBack}</Link></p>}
    </div>
  );
}
