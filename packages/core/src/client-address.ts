/**
 * Who is asking, by network address, for the per-address limits
 * (docs/decisions.md#client-address). Every input here is a header someone may
 * have written, so each is believed only from a party we trust, and nothing
 * becomes a key unless `net.isIP` accepts it.
 */
import { isIP } from "node:net";
import { timingSafeEqual } from "node:crypto";

/** Loopback is trusted by default: only a proxy on the same machine (npm start, the tests) can be a loopback peer. */
const DEFAULT_TRUSTED_PROXIES = "127.0.0.1,::1";

export interface AddressHeaders {
  /** The TCP peer as API Gateway (or the local server) saw it. */
  sourceIp?: string;
  /** CloudFront's `CloudFront-Viewer-Address`: `ip:port`, IPv6 with or without brackets. */
  viewerAddress?: string;
  /** `X-Forwarded-For`: a comma-separated list, the nearest proxy's entry last. */
  forwardedFor?: string;
  /** `x-origin-verify`: the secret CloudFront adds on its way to the API. */
  originVerify?: string;
}

/** The configured secret that CloudFront adds to every request; unset when the API is not behind it. */
export const originVerifySecret = () => process.env.ORIGIN_VERIFY_SECRET || undefined;

/** Whether the request carries CloudFront's secret (true when no secret is configured: nothing to check). */
export function passedOriginCheck(headerValue: string | undefined): boolean {
  const secret = originVerifySecret();
  if (!secret) return true;
  if (!headerValue) return false;
  const a = Buffer.from(headerValue);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** An address in one canonical form, or undefined when it is not an IP address at all. */
export function normalizeIp(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  let ip = raw.trim();
  if (ip.length > 64) return undefined;
  if (ip.startsWith("[") && ip.includes("]")) ip = ip.slice(1, ip.indexOf("]"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) ip = mapped[1];
  return isIP(ip) ? ip.toLowerCase() : undefined;
}

/** `ip:port` (IPv4, `[v6]:port`, or bare v6 with a port after its last colon) → the address. */
export function parseViewerAddress(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  const value = raw.trim();
  if (value.startsWith("[")) return normalizeIp(value);
  // CloudFront writes IPv6 without brackets and always adds the port, so the last `:part` is the port when
  // what precedes it is an address; a value without a port is taken whole.
  const lastColon = value.lastIndexOf(":");
  return (lastColon > 0 ? normalizeIp(value.slice(0, lastColon)) : undefined) ?? normalizeIp(value);
}

export function trustedProxies(): Set<string> {
  const configured = process.env.TRUSTED_PROXY_ADDRESSES ?? DEFAULT_TRUSTED_PROXIES;
  return new Set(configured.split(",").flatMap((entry) => normalizeIp(entry) ?? []));
}

/**
 * The client's address, or undefined when none can be trusted:
 * - behind CloudFront (the secret checked by the caller), the viewer address CloudFront wrote;
 * - from a configured proxy, X-Forwarded-For read from the right, past every trusted proxy;
 * - otherwise the TCP peer itself.
 */
export function clientAddress(headers: AddressHeaders, behindCloudFront: boolean): string | undefined {
  if (behindCloudFront) {
    const viewer = parseViewerAddress(headers.viewerAddress);
    if (viewer) return viewer;
  }
  const peer = normalizeIp(headers.sourceIp);
  const trusted = trustedProxies();
  if (!peer || !trusted.has(peer) || !headers.forwardedFor) return peer;
  const hops = headers.forwardedFor.split(",").slice(-20).reverse();
  for (const hop of hops) {
    const ip = normalizeIp(hop);
    if (!ip) return peer; // a hop no proxy of ours wrote: the nearest trusted one is all we know
    if (!trusted.has(ip)) return ip;
  }
  return peer;
}
