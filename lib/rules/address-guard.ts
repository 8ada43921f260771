/** Refuses connections to private, loopback, link-local and metadata addresses unless allowed. */
import { BlockList, isIP } from "node:net";

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16],
  ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) BLOCKED.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  // ::/96 holds the unspecified and loopback addresses and the deprecated IPv4-compatible
  // form (::7f00:1 is 127.0.0.1): nothing public lives there.
  ["::", 96], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96], ["64:ff9b:1::", 48],
] as const) BLOCKED.addSubnet(net, prefix, "ipv6");

/** The 16 bytes of an IPv6 literal (zone and brackets removed), or null when it is not one. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIP(text) !== 6) return null;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.flatMap((g) => { const n = parseInt(g, 16); return [n >> 8, n & 0xff]; });
}

/**
 * The IPv4 address an IPv6 address carries and reaches, if any: IPv4-mapped (::ffff:a.b.c.d),
 * IPv4-compatible (::a.b.c.d), 6to4 (2002:AABB:CCDD::) and Teredo (2001:0::, client inverted).
 */
export function embeddedIpv4(address: string): string | null {
  const b = ipv6Bytes(address);
  if (!b) return null;
  const v4 = (x: number[]) => x.join(".");
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return v4(b.slice(12));
  if (zeros(0, 12)) return v4(b.slice(12));
  if (b[0] === 0x20 && b[1] === 0x02) return v4(b.slice(2, 6));
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0) return v4(b.slice(12).map((x) => x ^ 0xff));
  return null;
}

/** True when `address` (an IP literal) is not a public unicast address, or reaches one that is not. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4 && BLOCKED.check(v4, "ipv4")) return true;
    return BLOCKED.check(address, "ipv6");
  }
  return BLOCKED.check(address, "ipv4");
}

/** The error a fetch fails with when the guard refuses an address. */
export class BlockedAddressError extends Error {
  readonly code = "BLOCKED_ADDRESS";
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, a private or local address; set ALLOW_PRIVATE_NETWORKS=1 to crawl such hosts`);
  }
}

/**
 * The deployment's exceptions to the guard (`PRIVATE_NETWORK_ALLOW`): CIDRs (10.1.0.0/16,
 * fd00::/8), single addresses, or host names (intranet.example.com, *.corp.example.com).
 */
export function createAddressPolicy(opts: { allowAll: boolean; allowList?: string[] }) {
  const nets = new BlockList();
  const hosts: string[] = [];
  for (const raw of opts.allowList ?? []) {
    const entry = raw.trim().toLowerCase();
    if (!entry) continue;
    const [addr, bits] = entry.split("/");
    const family = isIP(addr);
    if (family) {
      const type = family === 4 ? "ipv4" : "ipv6";
      if (bits === undefined) nets.addAddress(addr, type);
      else if (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)) nets.addSubnet(addr, Number(bits), type);
      else throw new Error(`"${raw}" is not a CIDR: write e.g. 10.0.0.0/8 or fd00::/8`);
    } else if (/^(\*\.)?[a-z0-9.-]+$/.test(entry)) hosts.push(entry.replace(/^\*\./, ""));
    else throw new Error(`"${raw}" is neither an address, a CIDR nor a host name`);
  }
  /**
   * True when connecting to `address` for `host` must be refused. Host-name entries trust the
   * system's resolver: they count only when `address` is what DNS answered for `host`. An address
   * that a job chose itself (its own host overrides) or a proxy's address is judged by address
   * alone (`byAddress`), so no job can point an allowed name at another private address.
   */
  return (host: string, address: string, how: { byAddress?: boolean } = {}): boolean => {
    if (opts.allowAll || !isBlockedAddress(address)) return false;
    const h = host.toLowerCase();
    if (!how.byAddress && hosts.some((x) => h === x || h.endsWith(`.${x}`))) return false;
    const v4 = embeddedIpv4(address);
    return !(nets.check(address, isIP(address) === 6 ? "ipv6" : "ipv4") || (v4 !== null && nets.check(v4, "ipv4")));
  };
}

/** Decides whether a connection to an address for a host is refused. */
export type AddressPolicy = ReturnType<typeof createAddressPolicy>;
