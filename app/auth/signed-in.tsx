import { authMessages } from "@/lib/i18n/auth-messages";
import type { Locale } from "@/lib/i18n/messages";
import type { Identity } from "./identity";

/** The top navigation's user name, role and sign-out button (a plain form: works without JavaScript). */
export function SignedIn({ who, locale }: { who: Identity; locale: Locale }) {
  const m = authMessages(locale);
  const role = { viewer: m.roleViewer, operator: m.roleOperator, admin: m.roleAdmin }[who.role];
  return (
    <form method="post" action="/api/auth/logout" className="flex items-center gap-2">
      <span data-testid="signed-in" className="text-xs text-slate-600">{m.signedInAs.replace("{name}", who.name).replace("{role}", role)}</span>
      <button type="submit" className="rounded border border-slate-300 px-2 py-1 text-xs hover:bg-slate-100">{m.logout}</button>
    </form>
  );
}
