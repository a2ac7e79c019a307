// A webhook URL must not point at this service: deliveries would call our own API (with no
// key, but a loop or a probe of internal routes all the same). "Itself" is the public base URL
// and the host the registering request came in on; loopback names count as one host.
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|0\.0\.0\.0|\[::\])$/i;

function hostPort(u: URL): { host: string; port: string } {
  const port = u.port || (u.protocol === 'https:' ? '443' : '80');
  const host = u.hostname.toLowerCase();
  return { host: LOOPBACK.test(host) ? 'loopback' : host, port };
}

export function pointsAtSelf(url: string, selves: (string | undefined)[]): boolean {
  const target = hostPort(new URL(url));
  return selves.some((self) => {
    if (!self) return false;
    let u: URL;
    try {
      u = new URL(self.includes('://') ? self : `http://${self}`);
    } catch {
      return false;
    }
    const s = hostPort(u);
    // A Host header carries no scheme: its port decides; a full base URL gives both.
    return s.host === target.host && s.port === target.port;
  });
}
