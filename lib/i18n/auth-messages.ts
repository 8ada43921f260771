/** Interface text of signing in and out and of roles, in Simplified Chinese and English. */
import type { Locale } from "./messages";

const zh = {
  loginTitle: "登录 FocusCrawl",
  loginIntro: "请用管理员为你创建的用户名和密码登录。",
  loginName: "用户名",
  loginPassword: "密码",
  loginSubmit: "登录",
  loginErrorInvalid: "用户名或密码不正确。请检查大小写和键盘输入法后重试；忘记密码请联系管理员用 focuscrawl user password 命令重新设置。",
  loginErrorMissing: "请填写用户名和密码。",
  loginErrorName: "用户名无效：用户名为 1–64 个字母、数字或 . _ @ - 字符，不含空格和其他符号。请检查后重试。",
  loginErrorLocked: "登录失败次数过多：请在 {time} 之后再试。每多失败一次，等待时间加倍（最长 5 分钟）；忘记密码请联系管理员。",
  loginOpen: "本控制台只在本机（127.0.0.1）访问且尚未创建用户，因此无需登录。要启用登录，请运行 focuscrawl user add 名称 --role admin，或在“用户”页添加用户。",
  loginBootstrap: "首次登录：还没有任何用户，请用用户名 admin 和 ADMIN_PASSWORD 的值登录；登录后会创建用户 admin（管理员）。",
  logout: "退出登录",
  signedInAs: "{name}（{role}）",
  roleViewer: "只读",
  roleOperator: "操作员",
  roleAdmin: "管理员",
  navUsers: "用户",
  navApi: "API",
  forbiddenAdmin: "只有管理员（admin）可以管理用户。请让管理员在“用户”页把你的角色设为 admin。",
  forbidden: "你的角色是只读（viewer），不能修改任务、主题或对比。请让管理员把你的角色设为 operator。",
  roleNoticeTitle: "你的角色不能执行此操作",
  roleNoticeNewJob: "你的角色是只读（viewer），不能新建任务。你可以查看已有任务和结果；需要新建任务时，请让管理员在“用户”页把你的角色设为操作员（operator）。",
  roleNoticeNewTopic: "你的角色是只读（viewer），不能新建或修改主题。你可以查看主题库；需要时请让管理员在“用户”页把你的角色设为操作员（operator）。",
  roleNoticeWorkflow: "你的角色是只读（viewer），不能新建或修改工作流。你可以查看工作流和运行历史；需要时请让管理员在“用户”页把你的角色设为操作员（operator）。",
  roleNoticeCompare: "你的角色是只读（viewer），不能发起新的策略对比；下面列出的已有对比仍可查看。",
  roleNoticeBack: "返回任务列表",
} as const;

const en: Record<keyof typeof zh, string> = {
  loginTitle: "Sign in to FocusCrawl",
  loginIntro: "Sign in with the user name and password your administrator created for you.",
  loginName: "User name",
  loginPassword: "Password",
  loginSubmit: "Sign in",
  loginErrorInvalid: "Wrong user name or password. Check upper and lower case and the keyboard's input mode, then try again; if you forgot the password, ask your administrator to set a new one with focuscrawl user password.",
  loginErrorMissing: "Enter your user name and password.",
  loginErrorName: "Not a valid user name: a user name has 1–64 letters, digits or . _ @ - characters, with no spaces or other signs. Check it and try again.",
  loginErrorLocked: "Too many failed sign-ins: try again after {time}. Each further failure doubles the wait (up to 5 minutes); if you forgot your password, ask your administrator.",
  loginOpen: "This dashboard is reachable only from this machine (127.0.0.1) and has no users yet, so no sign-in is needed. To turn sign-in on, run focuscrawl user add NAME --role admin, or add a user on the Users page.",
  loginBootstrap: "First sign-in: no user exists yet, so sign in as admin with the value of ADMIN_PASSWORD; this creates the user admin (admin).",
  logout: "Sign out",
  signedInAs: "{name} ({role})",
  roleViewer: "viewer",
  roleOperator: "operator",
  roleAdmin: "admin",
  navUsers: "Users",
  navApi: "API",
  forbiddenAdmin: "Only admins can manage users. Ask an admin to give you the admin role on the Users page.",
  forbidden: "Your role is viewer: you cannot change jobs, topics or comparisons. Ask your administrator to give you the operator role.",
  roleNoticeTitle: "Your role cannot do this",
  roleNoticeNewJob: "Your role is viewer: you cannot create jobs. You can look at existing jobs and their results; to create jobs, ask an admin to give you the operator role on the Users page.",
  roleNoticeNewTopic: "Your role is viewer: you cannot create or edit topics. You can browse the topic library; to change it, ask an admin to give you the operator role on the Users page.",
  roleNoticeWorkflow: "Your role is viewer: you cannot create or edit workflows. You can look at workflows and their run history; to change them, ask an admin to give you the operator role on the Users page.",
  roleNoticeCompare: "Your role is viewer: you cannot start a new strategy comparison; the comparisons listed below can still be viewed.",
  roleNoticeBack: "Back to the jobs",
};

/** The sign-in texts of `locale`. */
export function authMessages(locale: Locale): Record<keyof typeof zh, string> {
  return locale === "en" ? en : zh;
}
