/**
 * A kept page made safe to show: crawled HTML is hostile, so the snapshot keeps only text and
 * structure (sanitize-html, a maintained allow-list sanitizer built on htmlparser2): no scripts,
 * no event handlers, no styles, no forms, no frames and no URL at all except inline data: images,
 * so it can neither run code nor load anything. The page is also served with a CSP that forbids
 * every load and shown in an iframe with sandbox="" (app/api/jobs/[id]/pages/[pageId]/snapshot).
 */
import sanitizeHtml from "sanitize-html";

/** The CSP the snapshot is served with: nothing may load or run; inline data images only. */
export const SNAPSHOT_CSP = "default-src 'none'; img-src data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";

const SNAPSHOT_STYLE = "<style>body{font:14px/1.6 system-ui,'Noto Sans CJK SC',sans-serif;margin:12px;color:#1e293b;word-break:break-word}img{max-width:100%}table{border-collapse:collapse}td,th{border:1px solid #e2e8f0;padding:2px 4px}</style>";

/** The sanitized HTML document of a kept body (already decoded to text). */
export function sanitizeSnapshot(html: string): string {
  const clean = sanitizeHtml(html, {
    allowedTags: sanitizeHtml.defaults.allowedTags.concat(["img", "h1", "h2"]),
    // Links keep their text but not where they lead: a click must not load a remote page.
    allowedAttributes: { img: ["src", "alt", "width", "height"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
    allowedSchemes: [],
    allowedSchemesByTag: { img: ["data"] },
    allowProtocolRelative: false,
    // Relative image URLs would load from this server: dropped with the tag.
    exclusiveFilter: (frame) => frame.tag === "img" && !/^data:/i.test(frame.attribs.src ?? ""),
    nonTextTags: ["script", "style", "textarea", "option", "noscript", "template", "iframe", "object"],
  });
  return `<!doctype html><html><head><meta charset="utf-8">${SNAPSHOT_STYLE}</head><body>${clean}</body></html>`;
}
