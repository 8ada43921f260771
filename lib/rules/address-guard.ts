/** Refuses connections to private, loopback, link-local and metadata addresses unless allowed. */
import { BlockList, isIP } from "node:net";

const BLOCKED = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16],
  ["172.16.0.0", 12], ["192.0.0.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 4], ["240.0.0.0", 4],
] as const) BLOCKED.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["64:ff9b::", 96],
] as const) BLOCKED.addSubnet(net, prefix, "ipv6");

/** True when `address` (an IP literal) is not a public unicast address. */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return BLOCKED.check(mapped[1], "ipv4");
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
  /** True when connecting to `address` for `host` must be refused. */
  return (host: string, address: string): boolean => {
    if (opts.allowAll || !isBlockedAddress(address)) return false;
    const h = host.toLowerCase();
    if (hosts.some((x) => h === x || h.endsWith(`.${x}`))) return false;
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    const family = isIP(mapped ?? address);
    return !nets.check(mapped ?? address, family === 6 ? "ipv6" : "ipv4");
  };
}

/** Decides whether a connection to an address for a host is refused. */
export type AddressPolicy = ReturnType<typeof createAddressPolicy>;
