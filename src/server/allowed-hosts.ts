/**
 * The names this server answers to. A page on another site can point its own domain at 127.0.0.1
 * (DNS rebinding) and read whatever the server answers, so a request is served only when its
 * `Host` — and, when a browser sends one, its `Origin` — names this server: a loopback name or the
 * address it was bound to, with its port, or a name the writer allowed explicitly.
 */

/** The names every server answers to: only this machine can reach them. */
export const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'] as const;

/** A `Host` value or the authority of an `Origin`, split into a lower-case name and a port. */
export interface Authority {
  /** Lower case; IPv6 addresses keep their brackets. */
  name: string;
  /** null when the value carried no port. */
  port: number | null;
}

const NAME = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)$/;
const PORT = /^[1-9][0-9]{0,4}$/;
const ORIGIN = /^(https?):\/\/([^/?#@\s]+)$/;

/**
 * Reads `name[:port]` strictly: no user info, path, trailing dot, spaces or percent escapes, and a
 * port of one to five digits without a leading zero. Anything else is null, so it can never match.
 */
export function parseAuthority(value: string): Authority | null {
  const text = value.toLowerCase();
  const colon = text.startsWith('[') ? text.indexOf(':', text.indexOf(']')) : text.lastIndexOf(':');
  const name = colon === -1 ? text : text.slice(0, colon);
  const portText = colon === -1 ? null : text.slice(colon + 1);
  if (!NAME.test(name)) return null;
  if (portText === null) return { name, port: null };
  if (!PORT.test(portText)) return null;
  const port = Number(portText);
  return port >= 1 && port <= 65535 ? { name, port } : null;
}

/** An address as it appears in a `Host` header: IPv6 in brackets, lower case. */
export function hostName(address: string): string {
  const name = address.trim().toLowerCase();
  return name.includes(':') && !name.startsWith('[') ? `[${name}]` : name;
}

/** An allowed name as written: `name`, `name:port`, an IPv6 address with or without brackets. */
function parseAllowedEntry(entry: string): Authority | null {
  const text = entry.trim();
  // More than one colon and no bracket: a bare IPv6 address, which has no port.
  if (!text.startsWith('[') && text.indexOf(':') !== text.lastIndexOf(':')) return parseAuthority(`[${text}]`);
  return parseAuthority(text);
}

/**
 * The allowed names and the port they are allowed with. Names the server was bound to (loopback,
 * `--host`, the machine's addresses on a wildcard bind) count only with the server's own port; a
 * name the writer allowed explicitly counts with the server's port, with no port (a reverse proxy
 * on the default port), or with the port written after it (`writer.example:8443`).
 */
export class AllowedHosts {
  private readonly bound: Set<string>;
  private readonly explicit = new Set<string>();
  private readonly explicitWithPort = new Set<string>();
  private port: number | null;

  /**
   * @param bound names of the addresses the server listens on (loopback names are always added)
   * @param explicit names the writer allowed (`--allowed-host`, `CONTROL_ROOM_ALLOWED_HOSTS`)
   * @param port the listening port; null before the server listens, when any port matches (in-memory apps)
   */
  constructor(bound: readonly string[] = [], explicit: readonly string[] = [], port: number | null = null) {
    this.bound = new Set([...LOOPBACK_NAMES, ...bound.map(hostName)]);
    for (const entry of explicit) {
      const authority = parseAllowedEntry(entry);
      if (!authority) continue;
      if (authority.port === null) this.explicit.add(authority.name);
      else this.explicitWithPort.add(`${authority.name}:${authority.port}`);
    }
    this.port = port;
  }

  /** Sets the port once the server listens (port 0 asks the system for one). */
  listenOn(port: number): void {
    this.port = port;
  }

  /** True when a `Host` header names this server. A missing port means the scheme's default. */
  allowsHost(host: string, defaultPort = 80): boolean {
    const authority = parseAuthority(host.trim());
    return authority !== null && this.allows(authority, defaultPort);
  }

  /** True when an `Origin` is this server's own (http, or https behind a proxy); `null` and other forms never are. */
  allowsOrigin(origin: string): boolean {
    const match = ORIGIN.exec(origin.trim().toLowerCase());
    if (!match) return false;
    const authority = parseAuthority(match[2]!);
    return authority !== null && this.allows(authority, match[1] === 'https' ? 443 : 80);
  }

  /** The names as a writer would read them, for messages. */
  describe(): string {
    const port = this.port === null ? '' : `:${this.port}`;
    return [...[...this.bound, ...this.explicit].map((name) => `${name}${port}`), ...this.explicitWithPort].join(', ');
  }

  private allows(authority: Authority, defaultPort: number): boolean {
    const port = authority.port ?? defaultPort;
    if (this.explicitWithPort.has(`${authority.name}:${port}`)) return true;
    if (this.explicit.has(authority.name) && (authority.port === null || this.port === null || port === this.port)) return true;
    return this.bound.has(authority.name) && (this.port === null || port === this.port);
  }
}

/** Reads a comma- or space-separated list of names (the `CONTROL_ROOM_ALLOWED_HOSTS` form). */
export function allowedHostList(text: string | undefined): string[] {
  return (text ?? '').split(/[\s,]+/).filter((name) => name !== '');
}
