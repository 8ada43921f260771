/** A small line chart of a series (oldest first) as inline SVG, drawn on the server. */
export function Sparkline({ values, label, width = 120, height = 24 }: { values: number[]; label: string; width?: number; height?: number }) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? width / (values.length - 1) : width;
  const y = (v: number) => (height - 2 - ((height - 4) * v) / max).toFixed(1);
  const points = values.map((v, i) => `${(i * step).toFixed(1)},${y(v)}`).join(" ");
  const area = `0,${height} ${points} ${width},${height}`;
  return (
    <svg data-testid="sparkline" role="img" aria-label={label} viewBox={`0 0 ${width} ${height}`} width={width} height={height} className="block">
      <title>{label}</title>
      <polygon points={area} className="fill-teal-100" />
      <polyline points={points} fill="none" className="stroke-teal-700" strokeWidth="1.5" strokeLinejoin="round" />
    </svg>
  );
}
