// Whether a calendar app can fetch the feed (issue 26 point 8). Google Calendar, Outlook and
// Apple's servers fetch a subscribed feed from the internet, and Google's and Outlook's only over
// https: a feed URL on localhost, a private address or a bare machine name reaches nobody but the
// person's own computer. The server's PUBLIC_ORIGIN names its public address.

const PRIVATE_IPV4 = [
  /^127\./,
  /^10\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^169\.254\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./, // carrier-grade NAT
  /^0\./,
];

/** Whether an origin is an https address others can reach (a public name or address). */
export function isPublicHttpsOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const url = new URL(origin);
  if (url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  if (host.startsWith('[')) {
    // IPv6: loopback, unique-local (fc00::/7) and link-local (fe80::/10) stay inside.
    const address = host.slice(1, -1);
    return !(
      address === '::1' ||
      address === '::' ||
      /^f[cd]/.test(address) ||
      /^fe[89ab]/.test(address)
    );
  }
  if (/^\d+\.\d+\.\d+\.\d+$/.test(host)) return !PRIVATE_IPV4.some((range) => range.test(host));
  // A bare machine name, or a name only a local network resolves.
  if (!host.includes('.')) return false;
  return !/\.(localhost|local|lan|internal|home\.arpa|test|example|invalid)$/.test(host);
}
