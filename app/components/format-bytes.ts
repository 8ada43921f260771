/** Bytes as B, KB, MB, GB or TB (1024-based), one decimal above bytes, digits grouped as `locale` groups them. */
export function formatBytes(n: number, locale: string): string {
  const units = ["B", "KB", "MB", "GB", "TB"];
  let i = 0;
  for (let v = n; v >= 1024 && i < units.length - 1; v /= 1024) i++;
  const value = n / 1024 ** i;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: i === 0 ? 0 : 1 }).format(value)} ${units[i]}`;
}
