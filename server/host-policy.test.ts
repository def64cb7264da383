// Which Host names and page origins the servers take as their own.
import { networkInterfaces } from 'node:os';
import { describe, expect, it } from 'vitest';
import { createHostPolicy, parseAllowedHosts } from './host-policy';

describe('the host names a server answers for', () => {
  const loopback = createHostPolicy({ listenHost: '127.0.0.1', port: 4318 });

  it('serves the loopback names on its own port', () => {
    for (const host of ['127.0.0.1:4318', 'localhost:4318', 'LocalHost:4318', '[::1]:4318', 'console.localhost:4318']) {
      expect(loopback.allowsHost(host), host).toBe(true);
    }
  });

  it('refuses any other name, another port, and what is no Host header at all', () => {
    for (const host of [
      'rebind.attacker.example:4318',
      'localhost.attacker.example:4318',
      'attacker.example',
      '127.0.0.1.nip.io:4318',
      'localhost:4319',
      'localhost',
      '127.0.0.1',
      'localhost.:4318',
      'evil@localhost:4318',
      'localhost:4318/x',
      'localhost:4318:4318',
      '',
      null,
      undefined,
    ]) {
      expect(loopback.allowsHost(host), String(host)).toBe(false);
    }
  });

  it('serves the listen address and the names given in ALLOWED_HOSTS', () => {
    const policy = createHostPolicy({
      listenHost: 'console.lan',
      port: 8080,
      allowedHosts: parseAllowedHosts('console.example, .bank.example,proxy.example:8443'),
    });
    expect(policy.allowsHost('console.lan:8080')).toBe(true);
    expect(policy.allowsHost('console.lan:8081')).toBe(false);
    expect(policy.allowsHost('console.example')).toBe(true);
    expect(policy.allowsHost('console.example:443', 'https')).toBe(true);
    expect(policy.allowsHost('bank.example:8080')).toBe(true);
    expect(policy.allowsHost('a.b.bank.example')).toBe(true);
    expect(policy.allowsHost('evilbank.example')).toBe(false);
    expect(policy.allowsHost('proxy.example:8443')).toBe(true);
    expect(policy.allowsHost('proxy.example')).toBe(false);
  });

  it('on a wildcard listen address also serves the machine’s own addresses, which no DNS name stands for', () => {
    const policy = createHostPolicy({ listenHost: '0.0.0.0', port: 4318 });
    const own = Object.values(networkInterfaces())
      .flat()
      .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
    if (own) expect(policy.allowsHost(`${own}:4318`)).toBe(true);
    expect(policy.allowsHost('192.0.2.55:4318')).toBe(false);
    expect(policy.allowsHost('rebind.attacker.example:4318')).toBe(false);
    expect(loopback.allowsHost(own ? `${own}:4318` : '192.0.2.55:4318')).toBe(false);
  });

  it('learns a port chosen at listen time', () => {
    const listening: { port?: number } = {};
    const policy = createHostPolicy({ listenHost: '127.0.0.1', port: () => listening.port });
    expect(policy.allowsHost('localhost:5173')).toBe(false);
    listening.port = 5173;
    expect(policy.allowsHost('localhost:5173')).toBe(true);
  });

  it('takes the scheme’s port when Host names none', () => {
    const https = createHostPolicy({ listenHost: '127.0.0.1', port: 443, scheme: 'https' });
    expect(https.allowsRequest(new Request('https://localhost/health'))).toBe(true);
    expect(https.allowsRequest(new Request('http://localhost/health'))).toBe(false);
  });
});

describe('the page origins a server takes as its own', () => {
  const policy = createHostPolicy({
    listenHost: '127.0.0.1',
    port: 4318,
    allowedHosts: parseAllowedHosts('console.example'),
  });

  it('are its served hosts with their scheme', () => {
    for (const origin of ['http://127.0.0.1:4318', 'http://localhost:4318', 'http://[::1]:4318']) {
      expect(policy.allowsOrigin(origin), origin).toBe(true);
    }
    expect(policy.allowsOrigin('https://console.example')).toBe(true);
    expect(policy.allowsOrigin('http://console.example')).toBe(true);
  });

  it('are never another name, port or scheme, an opaque origin or something that is not an origin', () => {
    for (const origin of [
      'http://rebind.attacker.example:4318',
      'http://localhost:4319',
      'https://localhost:4318',
      'null',
      'http://localhost:4318/',
      'file://',
      'localhost:4318',
      '',
      null,
    ]) {
      expect(policy.allowsOrigin(origin), String(origin)).toBe(false);
    }
  });
});

describe('ALLOWED_HOSTS', () => {
  it('reads names, ports and domains, and refuses anything else in one line', () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts(' A.Example ,.b.example,c.example:80,[2001:db8::1]:8443')).toEqual([
      { hostname: 'a.example', subdomains: false, port: undefined },
      { hostname: 'b.example', subdomains: true, port: undefined },
      { hostname: 'c.example', subdomains: false, port: 80 },
      { hostname: '[2001:db8::1]', subdomains: false, port: 8443 },
    ]);
    for (const bad of ['*', '*.example', 'https://a.example', 'a.example/path', 'user@a.example', 'a.example:99999']) {
      expect(() => parseAllowedHosts(bad), bad).toThrow(/^ALLOWED_HOSTS \(--allowed-hosts\) lists host names/);
    }
  });
});
