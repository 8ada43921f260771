/** Host → address overrides, like curl's --resolve: "host=127.0.0.1:8700", "*" matching every host. */

/** Where connections for a host go instead of its DNS address. */
export interface ResolveTarget { address: string; port?: number }
/** Host (lower-case, or "*") → target. */
export type ResolveMap = Record<string, ResolveTarget>;

/** Parse "host=addr[:port]" entries (comma or array separated); throws a message naming the bad entry. */
export function parseResolveMap(entries: string | string[]): ResolveMap {
  const list = (Array.isArray(entries) ? entries : entries.split(",")).map((e) => e.trim()).filter(Boolean);
  const map: ResolveMap = {};
  for (const entry of list) {
    const m = /^([^=\s]+)=(\[[0-9a-fA-F:]+\]|[^:\s]+)(?::(\d{1,5}))?$/.exec(entry);
    const port = m?.[3] ? Number(m[3]) : undefined;
    if (!m || (port !== undefined && (port < 1 || port > 65535))) {
      throw new Error(`bad resolve entry "${entry}": write host=ADDRESS[:PORT], e.g. example.test=127.0.0.1:8700 or *=127.0.0.1:8700`);
    }
    map[m[1].toLowerCase()] = { address: m[2].replace(/^\[|\]$/g, ""), port };
  }
  return map;
}

/** The override for `hostname`, an exact entry winning over "*". */
export function lookupOverride(map: ResolveMap, hostname: string): ResolveTarget | undefined {
  return map[hostname.toLowerCase()] ?? map["*"];
}
