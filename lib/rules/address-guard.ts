/** Refuses connections to private, loopback, link-local and metadata addresses unless allowed. */
import { BlockList, isIP } from "node:net";

/**
 * Every range of the IANA special-purpose address registries (iana-ipv4-special-registry,
 * iana-ipv6-special-registry, as of 2025) that is not globally reachable, plus multicast:
 * nothing a crawler should dial lives there. Ranges the registries mark globally reachable
 * (192.0.0.9/32, 192.31.196.0/24 AS112, 2001:3::/32 AMT, 2001:20::/28 ORCHIDv2 ...) stay open.
 * IPv6 forms that carry an IPv4 address (mapped, 6to4, Teredo, NAT64) are judged by that
 * address too (embeddedIpv4). Node's BlockList does the matching; the table is the registry's.
 */
const BLOCKED_RANGES: Record<"ipv4" | "ipv6", [string, number, string][]> = {
  ipv4: [
    ["0.0.0.0", 8, "this network (RFC 791)"], ["10.0.0.0", 8, "private use (RFC 1918)"], ["100.64.0.0", 10, "shared address space, carrier NAT (RFC 6598)"],
    ["127.0.0.0", 8, "loopback (RFC 1122)"], ["169.254.0.0", 16, "link-local, cloud metadata (RFC 3927)"], ["172.16.0.0", 12, "private use (RFC 1918)"],
    ["192.0.0.0", 24, "IETF protocol assignments (RFC 6890)"], ["192.0.2.0", 24, "documentation TEST-NET-1 (RFC 5737)"],
    ["192.88.99.0", 24, "deprecated 6to4 relay anycast (RFC 7526)"], ["192.168.0.0", 16, "private use (RFC 1918)"],
    ["198.18.0.0", 15, "benchmarking (RFC 2544)"], ["198.51.100.0", 24, "documentation TEST-NET-2 (RFC 5737)"],
    ["203.0.113.0", 24, "documentation TEST-NET-3 (RFC 5737)"], ["224.0.0.0", 4, "multicast (RFC 5771)"],
    ["240.0.0.0", 4, "reserved, and 255.255.255.255 limited broadcast (RFC 1112, RFC 919)"],
  ],
  ipv6: [
    // ::/96 holds the unspecified and loopback addresses and the deprecated IPv4-compatible
    // form (::7f00:1 is 127.0.0.1): nothing public lives there.
    ["::", 96, "unspecified, loopback, IPv4-compatible (RFC 4291)"], ["64:ff9b::", 96, "NAT64 well-known prefix (RFC 6052)"],
    ["64:ff9b:1::", 48, "local-use IPv4/IPv6 translation (RFC 8215)"], ["100::", 64, "discard-only (RFC 6666)"],
    ["100:0:0:1::", 64, "dummy IPv6 prefix (RFC 9780)"], ["2001::", 32, "Teredo (RFC 4380), judged by its IPv4 client too"],
    ["2001:2::", 48, "benchmarking (RFC 5180)"], ["2001:10::", 28, "deprecated ORCHID (RFC 4843)"],
    ["2001:db8::", 32, "documentation (RFC 3849)"], ["3fff::", 20, "documentation (RFC 9637)"], ["5f00::", 16, "segment routing SIDs (RFC 9602)"],
    ["fc00::", 7, "unique local (RFC 4193)"], ["fe80::", 10, "link-local (RFC 4291)"], ["fec0::", 10, "deprecated site-local (RFC 3879)"],
    ["ff00::", 8, "multicast (RFC 4291)"],
  ],
};

const BLOCKED = new BlockList();
for (const type of ["ipv4", "ipv6"] as const) for (const [net, prefix] of BLOCKED_RANGES[type]) BLOCKED.addSubnet(net, prefix, type);

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

/**
 * The IP address `text` names as the system resolver reads it, or null for a host name: the
 * resolver (inet_aton) takes `127.1`, `2130706433`, `0x7f000001`, `0177.0.0.1` and `0` as IPv4
 * addresses, exactly as the WHATWG URL host parser does, so that parser normalises them here.
 */
export function addressLiteral(text: string): string | null {
  const bare = text.trim().replace(/^\[|\]$/g, "");
  if (isIP(bare)) return bare.replace(/%.*$/, "");
  if (!/^[0-9a-fx.]+$/i.test(bare)) return null;
  try {
    const host = new URL(`http://${bare}/`).hostname;
    return isIP(host) === 4 ? host : null;
  } catch {
    return null;
  }
}

/** True for `localhost` and names under it, which resolvers answer with a loopback address whatever DNS says (RFC 6761). */
export function isLocalhostName(name: string): boolean {
  return /^(?:.+\.)?localhost\.?$/i.test(name.trim());
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
