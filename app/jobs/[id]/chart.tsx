/**
 * A chart drawn on the server: ECharts renders the option to an SVG string (its server-side
 * renderer), so a chart shows without client JavaScript and a live refresh of the page redraws
 * it. The SVG is ECharts' own output from our numbers and labels; every chart carries a text
 * alternative (aria-label) and a visible summary.
 */
import * as echarts from "echarts";
import type { EChartsOption } from "echarts";

/** Draw `option` as an SVG of `width` × `height` (scaled to the column width by CSS). */
export function Chart({ option, label, summary, testId, width = 480, height = 240 }: {
  option: EChartsOption; label: string; summary: string; testId: string; width?: number; height?: number;
}) {
  const chart = echarts.init(null, null, { renderer: "svg", ssr: true, width, height });
  let svg: string;
  try {
    chart.setOption({ animation: false, textStyle: { fontFamily: "system-ui, 'Noto Sans CJK SC', sans-serif" }, ...option });
    svg = chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
  return (
    <figure data-testid={testId} className="min-w-0 rounded border border-slate-200 bg-white p-2">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <div role="img" aria-label={`${label}: ${summary}`} className="[&>svg]:h-auto [&>svg]:w-full" dangerouslySetInnerHTML={{ __html: svg }} />
      <p data-testid={`${testId}-summary`} className="text-xs text-slate-600">{summary}</p>
    </figure>
  );
}
