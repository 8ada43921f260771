/**
 * Who sent a request, for the sign-in throttle: the connection's own address, unless that peer is
 * one of the deployment's reverse proxies (TRUSTED_PROXIES), which alone may say whom they
 * forwarded for. Trusting X-Forwarded-For from anyone let a client rotate it and never reach
 * the per-address limit.
 */
import net from "node:net";

/** The deployment's trusted proxies: addresses and networks (CIDR), IPv4 or IPv6. */
export type TrustedProxies = net.BlockList;

/** `::ffff:10.0.0.1` (an IPv4 peer on a dual-stack socket) as `10.0.0.1`; other addresses as they are. */
function plainAddress(address: string): string {
  const a = address.trim().replace(/^\[|\]$/g, "");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(a);
  return mapped ? mapped[1] : a;
}

/**
 * The proxies of a list of `ADDRESS` or `ADDRESS/PREFIX` entries; throws naming the first bad
 * entry and how to write it.
 */
export function parseTrustedProxies(entries: string[]): TrustedProxies {
  const list = new net.BlockList();
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split("/");
    const family = net.isIP(address);
    const bits = prefix === undefined ? (family === 6 ? 128 : 32) : Number(prefix);
    const isBadPrefix = extra !== undefined || !/^\d{1,3}$/.test(prefix ?? "0") || bits > (family === 6 ? 128 : 32);
    if (family === 0 || isBadPrefix) {
      throw new Error(`"${entry}" is not an address or network: write addresses or CIDRs, comma-separated, e.g. 127.0.0.1,10.0.0.0/8,::1`);
    }
    list.addSubnet(address, bits, family === 6 ? "ipv6" : "ipv4");
  }
  return list;
}

function isTrusted(address: string, trusted: TrustedProxies): boolean {
  const family = net.isIP(address);
  return family !== 0 && trusted.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * The client's address: `peer` (the socket's remote address) when it is not a trusted proxy;
 * else the right-most X-Forwarded-For entry that is not a trusted proxy (entries to its left
 * were written by whoever sent the request, so anyone can forge them); the left-most entry when
 * every one is trusted; the peer when the header is missing or holds no address.
 */
export function clientAddressOf(peer: string, forwardedFor: string | null | undefined, trusted: TrustedProxies): string {
  const socket = plainAddress(peer);
  if (!isTrusted(socket, trusted)) return socket;
  const hops = (forwardedFor ?? "").split(",").map(plainAddress).filter((a) => net.isIP(a) !== 0);
  for (let i = hops.length - 1; i >= 0; i--) if (!isTrusted(hops[i], trusted)) return hops[i];
  return hops[0] ?? socket;
}
