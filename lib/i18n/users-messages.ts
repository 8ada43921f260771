/** Interface text of the users page (admins manage who may sign in), in Simplified Chinese and English. */
import type { Locale } from "./messages";

const zh = {
  title: "用户",
  intro: "管理谁可以登录以及各自能做什么：只读（viewer）可以查看和下载导出；操作员（operator）还可以管理任务、主题、对比和导出文件；管理员（admin）还可以管理用户。",
  listLabel: "用户列表",
  empty: "还没有用户：控制台仍无需登录。添加第一个用户（建议为管理员）后，所有人都需要登录。",
  colCreated: "创建于 {time}",
  lastSignIn: "上次登录 {time}",
  neverSignedIn: "从未通过表单登录",
  you: "你",
  role: "角色",
  changeRole: "修改角色",
  newPassword: "{name} 的新密码",
  setPassword: "重设密码",
  passwordHint: "重设后该用户的会话全部结束，需要用新密码重新登录；API 令牌不受影响。",
  remove: "删除…",
  removeConfirm: "确定删除用户 {name}？其会话和 API 令牌会一并失效，此操作无法撤销。",
  removeYes: "确认删除 {name}",
  addTitle: "添加用户",
  name: "用户名",
  password: "密码（至少 8 个字符）",
  add: "添加",
  roleViewer: "只读（viewer）",
  roleOperator: "操作员（operator）",
  roleAdmin: "管理员（admin）",
  added: "已添加用户 {name}。",
  roleChanged: "{name} 的角色已修改。",
  passwordSet: "已为 {name} 设置新密码，其会话已结束。",
  removed: "已删除用户 {name}。",
  nameInvalid: "用户名“{name}”不可用：请只用 1–64 个字母、数字或 . _ @ -（不含空格）。",
  passwordShort: "密码太短：请至少输入 8 个字符。",
  roleInvalid: "请选择一个角色：只读、操作员或管理员。",
  nameTaken: "用户名“{name}”已被使用：请换一个名称，或先删除现有用户。",
  noSuchUser: "没有用户“{name}”：可能已被别人删除，请刷新页面。",
  lastAdmin: "{name} 是最后一位管理员：不能删除或降级，否则没人能再管理用户。请先把另一位用户设为管理员。",
} as const;

const en: Record<keyof typeof zh, string> = {
  title: "Users",
  intro: "Who may sign in and what each may do: viewers read and download exports; operators also manage jobs, topics, comparisons and export files; admins also manage users.",
  listLabel: "Users",
  empty: "No users yet: the dashboard asks no one to sign in. Once you add the first user (an admin is best), everyone signs in.",
  colCreated: "created {time}",
  lastSignIn: "last sign-in {time}",
  neverSignedIn: "never signed in with the form",
  you: "you",
  role: "Role",
  changeRole: "Change role",
  newPassword: "New password for {name}",
  setPassword: "Set password",
  passwordHint: "A new password ends the user's sessions: they sign in again with it. Their API tokens keep working.",
  remove: "Remove…",
  removeConfirm: "Remove user {name}? Their sessions and API tokens stop working too; this cannot be undone.",
  removeYes: "Yes, remove {name}",
  addTitle: "Add a user",
  name: "User name",
  password: "Password (at least 8 characters)",
  add: "Add",
  roleViewer: "viewer",
  roleOperator: "operator",
  roleAdmin: "admin",
  added: "User {name} added.",
  roleChanged: "{name}'s role changed.",
  passwordSet: "New password set for {name}; their sessions ended.",
  removed: "User {name} removed.",
  nameInvalid: "\"{name}\" cannot be a user name: use 1–64 letters, digits, \".\", \"_\", \"@\" or \"-\" (no spaces).",
  passwordShort: "The password is too short: use at least 8 characters.",
  roleInvalid: "Choose a role: viewer, operator or admin.",
  nameTaken: "The name \"{name}\" is taken: choose another, or remove that user first.",
  noSuchUser: "There is no user \"{name}\": someone may have removed it; reload the page.",
  lastAdmin: "{name} is the last admin: removing or demoting them would leave no one to manage users. Make another user admin first.",
};

/** The users page's texts of `locale`. */
export function usersMessages(locale: Locale): Record<keyof typeof zh, string> {
  return locale === "en" ? en : zh;
}

/** The outcomes the page reports after an action (its `done` and `error` query parameters). */
export const USER_NOTICES = ["added", "roleChanged", "passwordSet", "removed"] as const;
/** Why an action was refused. */
export const USER_ERRORS = ["nameInvalid", "passwordShort", "roleInvalid", "nameTaken", "noSuchUser", "lastAdmin"] as const;
