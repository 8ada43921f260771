/** The dashboard's replay of `url` in job `jobId`: where a replayed link, a result and a timeline entry lead. */
export function replayPath(jobId: number, url: string): string {
  return `/jobs/${jobId}/replay?url=${encodeURIComponent(url)}`;
}
