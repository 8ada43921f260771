import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { authMessages } from "@/lib/i18n/auth-messages";
import { safeNextPath } from "@/lib/auth/policy";
import { getSql } from "@/lib/store/infra/sql";
import { hasUsers } from "@/lib/store/users";
import { isAuthOn } from "../auth/mode";
import { currentIdentity } from "../auth/current";
import { signedInTarget } from "./signed-in-target";
import { getT } from "../i18n";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "FocusCrawl" };

const input = "w-full rounded border border-slate-300 px-3 py-2 text-base focus:border-teal-600 focus:outline-none";
const ERRORS = { invalid: "loginErrorInvalid", missing: "loginErrorMissing", locked: "loginErrorLocked", name: "loginErrorName" } as const;

/**
 * The sign-in form; it posts to /api/auth/login, which comes back here with `error` when it fails.
 * Someone already signed in goes straight on to where they were going.
 */
export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const q = await searchParams;
  const one = (k: string) => [q[k] ?? ""].flat()[0] ?? "";
  const who = await currentIdentity();
  if (who.isAuthOn && who.name) redirect(signedInTarget(one("next")));
  const { locale } = await getT();
  const m = authMessages(locale);
  const errorKey = ERRORS[one("error") as keyof typeof ERRORS];
  const until = new Date(one("until"));
  const time = Number.isNaN(until.getTime()) ? "" : until.toLocaleTimeString(locale, { hour: "2-digit", minute: "2-digit", second: "2-digit" });
  const sql = getSql();
  const isOn = await isAuthOn(sql);
  const isBootstrap = isOn && Boolean(process.env.ADMIN_PASSWORD) && !(await hasUsers(sql));
  return (
    <section className="mx-auto max-w-sm">
      <h1 className="mb-2 text-xl font-semibold">{m.loginTitle}</h1>
      {isOn ? <p className="mb-4 text-sm text-slate-600">{m.loginIntro}</p>
        : <p data-testid="login-open" className="mb-4 rounded bg-teal-50 p-3 text-sm text-teal-900">{m.loginOpen}</p>}
      {errorKey && (
        <p role="alert" data-testid="login-error" className="mb-4 rounded border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {m[errorKey].replace("{time}", time)}
        </p>
      )}
      <form method="post" action="/api/auth/login" className="space-y-4 rounded border border-slate-200 bg-white p-4">
        <input type="hidden" name="next" value={safeNextPath(one("next"))} />
        <label className="block text-sm">
          <span className="font-medium">{m.loginName}</span>
          <input name="name" autoComplete="username" required autoCapitalize="none" spellCheck={false}
            defaultValue={one("name")} autoFocus={!one("name")} className={input} />
        </label>
        <label className="block text-sm">
          <span className="font-medium">{m.loginPassword}</span>
          <input name="password" type="password" autoComplete="current-password" required autoFocus={Boolean(one("name"))} className={input} />
        </label>
        <button type="submit" className="w-full rounded bg-teal-700 px-4 py-2 text-base text-white hover:bg-teal-800">{m.loginSubmit}</button>
      </form>
      {isBootstrap && <p data-testid="login-bootstrap" className="mt-4 text-xs text-slate-500">{m.loginBootstrap}</p>}
    </section>
  );
}
