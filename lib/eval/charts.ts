/** Line charts as standalone SVG (no dependencies): one line per strategy, pages fetched on x. */

const COLOURS = ["#0f766e", "#b91c1c", "#1d4ed8", "#a16207", "#7e22ce", "#15803d", "#c2410c", "#0369a1", "#be185d", "#4d7c0f",
  "#6d28d9", "#0e7490", "#9f1239", "#374151"];

/** One series: a strategy's points (x = pages fetched or minutes, y a rate in [0, 1] or a count). */
export interface Series { name: string; points: { x: number; y: number }[] }

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/**
 * An SVG line chart of `series`: y from 0 to 1 (rates), or from 0 to the largest count with
 * `counts` (relevant pages found).
 */
export function lineChartSvg(title: string, yLabel: string, series: Series[], opts: { width?: number; height?: number; xLabel?: string; counts?: boolean } = {}): string {
  const W = opts.width ?? 760, H = opts.height ?? 420, L = 56, R = 170, T = 36, B = 44;
  // Pages start at 1; minutes may be a fraction of one (a short crawl), drawn across the whole width.
  const maxX = Math.max(opts.counts ? 1 / 60 : 1, ...series.flatMap((s) => s.points.map((p) => p.x)));
  const highest = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.y)));
  const maxY = opts.counts ? Math.max(4, Math.ceil(highest * 1.1 / 4) * 4) : Math.min(1, Math.max(0.1, highest) * 1.1);
  const x = (v: number) => L + ((W - L - R) * v) / maxX;
  const y = (v: number) => H - B - ((H - T - B) * v) / maxY;
  const grid = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const v = f * maxY;
    return `<line x1="${L}" x2="${W - R}" y1="${y(v)}" y2="${y(v)}" stroke="#e5e7eb"/><text x="${L - 6}" y="${y(v) + 4}" text-anchor="end" font-size="11">${opts.counts ? v.toFixed(0) : v.toFixed(2)}</text>`;
  });
  const xticks = [0, 0.25, 0.5, 0.75, 1].map((f) => {
    const v = !opts.counts || maxX >= 10 ? Math.round(f * maxX) : +(f * maxX).toFixed(maxX >= 1 ? 1 : 2);
    return `<text x="${x(v)}" y="${H - B + 16}" text-anchor="middle" font-size="11">${v}</text>`;
  });
  const lines = series.map((s, i) => {
    const c = COLOURS[i % COLOURS.length];
    const d = s.points.map((p, k) => `${k ? "L" : "M"}${x(p.x).toFixed(1)},${y(p.y).toFixed(1)}`).join(" ");
    return `<path d="${d}" fill="none" stroke="${c}" stroke-width="1.8"/>` +
      `<rect x="${W - R + 12}" y="${T + i * 18 - 9}" width="12" height="3" fill="${c}"/><text x="${W - R + 30}" y="${T + i * 18 - 4}" font-size="12">${esc(s.name)}</text>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" font-family="sans-serif">` +
    `<rect width="${W}" height="${H}" fill="white"/><text x="${L}" y="20" font-size="14" font-weight="bold">${esc(title)}</text>` +
    grid.join("") + xticks.join("") +
    `<line x1="${L}" x2="${L}" y1="${T}" y2="${H - B}" stroke="#9ca3af"/><line x1="${L}" x2="${W - R}" y1="${H - B}" y2="${H - B}" stroke="#9ca3af"/>` +
    `<text x="${(L + W - R) / 2}" y="${H - 8}" text-anchor="middle" font-size="12">${esc(opts.xLabel ?? "pages fetched")}</text>` +
    `<text x="14" y="${(T + H - B) / 2}" font-size="12" transform="rotate(-90 14 ${(T + H - B) / 2})" text-anchor="middle">${esc(yLabel)}</text>` +
    lines.join("") + `</svg>\n`;
}
