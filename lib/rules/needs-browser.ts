/** When a page fetched over HTTP needs a browser (fetch mode "auto"), and which mode a host gets. */

/** Visible characters below which a page says too little to be its own text (a list page's links alone pass 200). */
export const THIN_TEXT_CHARS = 200;
/** Script elements from which a page is an application that writes its text: two (a framework and the app) or more. */
export const MANY_SCRIPTS = 2;

/** How a page is fetched: over HTTP, in the browser, or in the browser when the HTTP page needs it. */
export const FETCH_MODES = ["http", "browser", "auto"] as const;
/** One of FETCH_MODES. */
export type FetchMode = (typeof FETCH_MODES)[number];

/** True when an HTTP page has little text and many scripts: its text is written by JavaScript. */
export function needsBrowser(html: string, mainText: string, linkCount: number): boolean {
  const scripts = html.match(/<script\b/gi)?.length ?? 0;
  return scripts >= MANY_SCRIPTS && mainText.replace(/\s+/g, "").length < THIN_TEXT_CHARS && linkCount < 5;
}

/** The mode for a host: the job's, unless the host is listed for the browser. */
export function fetchModeFor(settings: { fetchMode: FetchMode; browserHosts: string[] }, host: string): FetchMode {
  return settings.browserHosts.includes(host.toLowerCase()) ? "browser" : settings.fetchMode;
}
