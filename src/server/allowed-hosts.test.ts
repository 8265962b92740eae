import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AllowedHosts, allowedHostList, parseAuthority } from './allowed-hosts.js';

const PORT = 4317;
const bound = () => new AllowedHosts([], [], PORT);

/** Host values a page on another site could make a browser send, or a client could forge. */
const HOSTILE_HOSTS = [
  'evil.example',
  `evil.example:${PORT}`,
  `127.0.0.1.evil.example:${PORT}`,
  `localhost.evil.example:${PORT}`,
  `localhost.:${PORT}`,
  `127.0.0.1.:${PORT}`,
  `127.0.0.1:${PORT + 1}`,
  `localhost:${PORT - 1}`,
  '127.0.0.1',
  'localhost',
  'localhost:80',
  `[::1]:${PORT + 1}`,
  `[::1]`,
  `::1:${PORT}`,
  `127.0.0.2:${PORT}`,
  `0.0.0.0:${PORT}`,
  `0x7f000001:${PORT}`,
  `2130706433:${PORT}`,
  `127.1:${PORT}`,
  `127.0.0.1:0${PORT}`,
  `127.0.0.1:${PORT}0`,
  `127.0.0.1:+${PORT}`,
  `127.0.0.1:${PORT}@evil.example`,
  `evil.example@127.0.0.1:${PORT}`,
  `evil.example#@127.0.0.1:${PORT}`,
  `127.0.0.1:${PORT}/evil`,
  `127.0.0.1:${PORT} evil.example`,
  `127.0.0.1%3a${PORT}`,
  `localhost%2e:${PORT}`,
  `127.0.0.1:${PORT}:${PORT}`,
  `[::ffff:127.0.0.1]:${PORT}`,
  `[::1%25lo]:${PORT}`,
  `ｌｏｃａｌｈｏｓｔ:${PORT}`,
  `localhost\u200b:${PORT}`,
  `local_host:${PORT}`,
  `127.0.0.1,evil.example:${PORT}`,
  '',
  ' ',
  ':',
  `:${PORT}`,
  '[]',
  `127.0.0.1:99999`,
  `127.0.0.1:0`,
];

describe('AllowedHosts', () => {
  it('answers to the loopback names with the server’s own port, in any letter case', () => {
    const hosts = bound();
    for (const host of [`127.0.0.1:${PORT}`, `localhost:${PORT}`, `LocalHost:${PORT}`, `[::1]:${PORT}`, ` 127.0.0.1:${PORT} `]) {
      expect(hosts.allowsHost(host), host).toBe(true);
    }
  });

  it('refuses every other Host: other names, other ports, look-alikes and malformed values', () => {
    const hosts = bound();
    for (const host of HOSTILE_HOSTS) expect(hosts.allowsHost(host), JSON.stringify(host)).toBe(false);
  });

  it('adds the bound address and the names the writer allowed, and nothing like them', () => {
    const hosts = new AllowedHosts(['192.168.1.20', 'fe80::1'], ['writer.lan', 'Proxy.Example:8443', '10.0.0.5', '::2', 'bad name', 'also@bad'], PORT);
    for (const host of [`192.168.1.20:${PORT}`, `[fe80::1]:${PORT}`, `writer.lan:${PORT}`, 'writer.lan', `10.0.0.5:${PORT}`, `[::2]:${PORT}`, 'proxy.example:8443']) {
      expect(hosts.allowsHost(host), host).toBe(true);
    }
    for (const host of ['192.168.1.20', `192.168.1.21:${PORT}`, 'writer.lan:8080', 'proxy.example', `proxy.example:${PORT}`, `writer.lan.evil.example:${PORT}`, `bad name:${PORT}`, `also@bad:${PORT}`]) {
      expect(hosts.allowsHost(host), host).toBe(false);
    }
  });

  it('accepts only the server’s own origins, and refuses null, other ports, paths and credentials', () => {
    const hosts = new AllowedHosts([], ['writer.lan'], PORT);
    for (const origin of [`http://127.0.0.1:${PORT}`, `http://localhost:${PORT}`, `http://[::1]:${PORT}`, `HTTP://LOCALHOST:${PORT}`, 'https://writer.lan', `http://writer.lan:${PORT}`]) {
      expect(hosts.allowsOrigin(origin), origin).toBe(true);
    }
    const hostile = [
      'null',
      '',
      'http://evil.example',
      `http://evil.example:${PORT}`,
      `http://127.0.0.1:${PORT + 1}`,
      'http://127.0.0.1',
      'http://localhost',
      `http://127.0.0.1:${PORT}/`,
      `http://127.0.0.1:${PORT}/app`,
      `http://user@127.0.0.1:${PORT}`,
      `http://127.0.0.1:${PORT}.evil.example`,
      `file://127.0.0.1:${PORT}`,
      `ws://127.0.0.1:${PORT}`,
      `chrome-extension://abcdef`,
      `http://127.0.0.1:${PORT} http://evil.example`,
      `127.0.0.1:${PORT}`,
      `//127.0.0.1:${PORT}`,
      'http://writer.lan:8080',
    ];
    for (const origin of hostile) expect(hosts.allowsOrigin(origin), JSON.stringify(origin)).toBe(false);
  });

  it('matches any port before the server listens (in-memory apps), and only its own after', () => {
    const hosts = new AllowedHosts();
    expect(hosts.allowsHost('localhost')).toBe(true);
    expect(hosts.allowsHost('127.0.0.1:9')).toBe(true);
    expect(hosts.allowsHost('evil.example')).toBe(false);
    hosts.listenOn(5000);
    expect(hosts.allowsHost('127.0.0.1:9')).toBe(false);
    expect(hosts.allowsHost('127.0.0.1:5000')).toBe(true);
    expect(hosts.describe()).toContain('localhost:5000');
  });

  it('allows a random string only when it is exactly one of the allowed forms', () => {
    const hosts = bound();
    const allowed = new Set([`127.0.0.1:${PORT}`, `localhost:${PORT}`, `[::1]:${PORT}`]);
    const pieces = fc.constantFrom('127.0.0.1', 'localhost', '[::1]', ':', String(PORT), `:${PORT}`, '.', '@', 'evil', '%', '0', ' ', '\t', '#', '/', '[', ']', 'LOCALHOST', '\u0000');
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.array(pieces, { maxLength: 6 }).map((parts) => parts.join(''))), (host) => {
        expect(hosts.allowsHost(host)).toBe(allowed.has(host.trim().toLowerCase()));
        // Header values lose their outer white space; inside an origin, white space is never allowed.
        expect(hosts.allowsOrigin(`http://${host}`)).toBe(allowed.has(host.trimEnd().toLowerCase()) && host === host.trimStart());
      }),
      { numRuns: 5000 },
    );
  });
});

describe('parseAuthority and allowedHostList', () => {
  it('splits name and port, and refuses what is not a host', () => {
    expect(parseAuthority('Example.COM:8080')).toEqual({ name: 'example.com', port: 8080 });
    expect(parseAuthority('[::1]')).toEqual({ name: '[::1]', port: null });
    expect(parseAuthority('a..b')).toBeNull();
    expect(parseAuthority('-a.example')).toBeNull();
  });

  it('reads comma- and space-separated lists', () => {
    expect(allowedHostList(' writer.lan, proxy.example:8443  10.0.0.5 ,')).toEqual(['writer.lan', 'proxy.example:8443', '10.0.0.5']);
    expect(allowedHostList(undefined)).toEqual([]);
  });
});
