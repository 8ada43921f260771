import type { Metadata } from "next";
import { ROLES, type Role } from "@/lib/auth/roles";
import { USER_ERRORS, USER_NOTICES, usersMessages } from "@/lib/i18n/users-messages";
import { getSql } from "@/lib/store/infra/sql";
import { listUsers, type UserListing } from "@/lib/store/users";
import { currentIdentity } from "../../auth/current";
import { getT } from "../../i18n";
import { addUserAction, changeRoleAction, removeUserAction, setPasswordAction } from "./actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "FocusCrawl" };

type M = ReturnType<typeof usersMessages>;

const input = "rounded border border-slate-300 px-2 py-1 text-sm focus:border-teal-600 focus:outline-none";
const button = "rounded border border-slate-300 bg-white px-2 py-1 text-sm hover:bg-slate-100";
const ROLE_STYLE: Record<Role, string> = {
  viewer: "bg-slate-100 text-slate-700", operator: "bg-teal-50 text-teal-800", admin: "bg-amber-100 text-amber-900",
};
const roleLabel = (m: M, role: Role) => ({ viewer: m.roleViewer, operator: m.roleOperator, admin: m.roleAdmin })[role];

function RoleSelect({ m, value, id }: { m: M; value: Role; id: string }) {
  return (
    <select id={id} name="role" defaultValue={value} className={input}>
      {ROLES.map((r) => <option key={r} value={r}>{roleLabel(m, r)}</option>)}
    </select>
  );
}

/** One user: who they are, and the forms that change their role, set their password or remove them. */
function UserRow({ u, m, isYou, when }: { u: UserListing; m: M; isYou: boolean; when: (d: Date) => string }) {
  return (
    <li data-testid="user-row" data-user={u.name} className="space-y-2 rounded border border-slate-200 bg-white p-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="break-all font-medium">{u.name}</span>
        <span data-testid="user-role" className={`rounded px-1.5 text-xs ${ROLE_STYLE[u.role]}`}>{roleLabel(m, u.role)}</span>
        {isYou && <span className="rounded bg-slate-800 px-1.5 text-xs text-white">{m.you}</span>}
        <span className="text-xs text-slate-500">{m.colCreated.replace("{time}", when(u.createdAt))}</span>
        <span data-testid="user-last-sign-in" className="text-xs text-slate-500">
          {u.lastSignInAt ? m.lastSignIn.replace("{time}", when(u.lastSignInAt)) : m.neverSignedIn}
        </span>
      </div>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-2">
        <form action={changeRoleAction} className="flex items-center gap-2">
          <input type="hidden" name="name" value={u.name} />
          <label className="sr-only" htmlFor={`role-${u.id}`}>{m.role}</label>
          <RoleSelect m={m} value={u.role} id={`role-${u.id}`} />
          <button type="submit" className={button}>{m.changeRole}</button>
        </form>
        <form action={setPasswordAction} className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="name" value={u.name} />
          <input type="password" name="password" autoComplete="new-password" aria-label={m.newPassword.replace("{name}", u.name)}
            placeholder={m.newPassword.replace("{name}", u.name)} className={`${input} w-48`} />
          <button type="submit" className={button} title={m.passwordHint}>{m.setPassword}</button>
        </form>
        <details className="text-sm">
          <summary className="cursor-pointer rounded px-1 py-1 text-red-700 hover:bg-red-50">{m.remove}</summary>
          <form action={removeUserAction} className="mt-2 space-y-2 rounded border border-red-200 bg-red-50 p-2">
            <input type="hidden" name="name" value={u.name} />
            <p className="text-xs text-red-900">{m.removeConfirm.replace("{name}", u.name)}</p>
            <button type="submit" className="rounded bg-red-700 px-2 py-1 text-sm text-white hover:bg-red-800">{m.removeYes.replace("{name}", u.name)}</button>
          </form>
        </details>
      </div>
    </li>
  );
}

function AddUser({ m, name }: { m: M; name: string }) {
  return (
    <form action={addUserAction} data-testid="add-user" className="space-y-3 rounded border border-slate-200 bg-white p-3">
      <h2 className="font-medium">{m.addTitle}</h2>
      <div className="flex flex-wrap items-end gap-3">
        <label className="block text-sm">
          <span className="block">{m.name}</span>
          <input name="name" defaultValue={name} autoComplete="off" autoCapitalize="none" spellCheck={false} className={input} />
        </label>
        <label className="block text-sm">
          <span className="block">{m.password}</span>
          <input name="password" type="password" autoComplete="new-password" className={input} />
        </label>
        <label className="block text-sm">
          <span className="block">{m.role}</span>
          <RoleSelect m={m} value="viewer" id="new-user-role" />
        </label>
        <button type="submit" className="rounded bg-teal-700 px-3 py-1 text-sm text-white hover:bg-teal-800">{m.add}</button>
      </div>
    </form>
  );
}

/** What the last action did, or why it was refused, from the page's address. */
function Outcome({ m, q }: { m: M; q: Record<string, string> }) {
  const name = q.name ?? "";
  const error = (USER_ERRORS as readonly string[]).includes(q.error) ? q.error as (typeof USER_ERRORS)[number] : null;
  const done = (USER_NOTICES as readonly string[]).includes(q.done) ? q.done as (typeof USER_NOTICES)[number] : null;
  if (error) return <p role="alert" data-testid="users-error" className="rounded border border-red-200 bg-red-50 p-2 text-sm text-red-800">{m[error].replace("{name}", name)}</p>;
  if (done) return <p role="status" data-testid="users-notice" className="rounded border border-teal-200 bg-teal-50 p-2 text-sm text-teal-900">{m[done].replace("{name}", name)}</p>;
  return null;
}

/** Users, for admins (the proxy refuses everyone else): list, add, change a role, set a password, remove. */
export default async function UsersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { locale } = await getT();
  const m = usersMessages(locale);
  const raw = await searchParams;
  const q = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, [v ?? ""].flat()[0] ?? ""]));
  const [users, who] = await Promise.all([listUsers(getSql()), currentIdentity()]);
  const format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  return (
    <section className="space-y-4">
      <h1 className="text-xl font-semibold">{m.title}</h1>
      <p className="text-sm text-slate-600">{m.intro}</p>
      <Outcome m={m} q={q} />
      {users.length === 0 ? <p className="text-sm text-slate-500">{m.empty}</p> : (
        <ul aria-label={m.listLabel} className="space-y-2">
          {users.map((u) => <UserRow key={u.id} u={u} m={m} isYou={u.id === who.userId} when={(d) => format.format(d)} />)}
        </ul>
      )}
      <AddUser m={m} name={q.form === "add" ? q.name ?? "" : ""} />
    </section>
  );
}
