import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '@cricket/contracts';
import { loadConfig } from '../config';
import { createTestApp, type TestApp } from '../test/harness';

const form = {
  name: 'Priya Singh',
  email: 'priya@example.com',
  subject: 'Tickets',
  message: 'When do tickets for the final go on sale?',
};
const LIMIT = 3;

/**
 * A load balancer that appends the address it saw to X-Forwarded-For, as nginx's
 * `$proxy_add_x_forwarded_for` and every cloud balancer do: whatever the client wrote stays
 * on the left.
 */
const viaProxy =
  (t: TestApp, proxy: string) =>
  (client: string, forged?: string, subject = 'Tickets') =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: proxy,
      headers: { 'x-forwarded-for': forged ? `${forged}, ${client}` : client },
      payload: { ...form, subject },
    });

describe.each([
  ['a hop count', '1'],
  ['the balancer as a CIDR', '10.20.0.0/16'],
  ['true, read as one hop', 'true'],
])('behind one proxy, TRUST_PROXY as %s', (_name, trustProxy) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: trustProxy, CONTACT_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(() => t.close());

  it('counts the address the proxy saw, whatever the client forged on the left', async () => {
    const send = viaProxy(t, '10.20.0.5');
    for (let i = 0; i < LIMIT; i++) {
      expect((await send('198.51.100.9', `203.0.113.${i + 1}`)).statusCode).toBe(201);
    }
    const refused = await send('198.51.100.9', '203.0.113.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(CONTACT_MESSAGES.rateLimited);
    // Another real client behind the same proxy keeps its own count.
    expect((await send('198.51.100.10', '198.51.100.9')).statusCode).toBe(201);
  });

  it('counts an IPv6 client by its /64', async () => {
    const send = viaProxy(t, '10.20.0.5');
    for (let i = 0; i < LIMIT; i++) {
      expect((await send(`2001:db8:7:7::${i + 1}`)).statusCode).toBe(201);
    }
    expect((await send('2001:db8:7:7:ffff::1')).statusCode).toBe(429);
    expect((await send('2001:db8:7:8::1')).statusCode).toBe(201);
  });
});

describe('TRUST_PROXY naming the balancer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '10.20.0.5', CONTACT_RATE_LIMIT: String(LIMIT) });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For from anyone else', async () => {
    // A client reaching the server directly cannot pose as someone else with the header.
    const direct = viaProxy(t, '192.0.2.44');
    for (let i = 0; i < LIMIT; i++) {
      expect((await direct(`203.0.113.${i + 1}`)).statusCode).toBe(201);
    }
    expect((await direct('203.0.113.99')).statusCode).toBe(429);
  });
});

describe('TRUST_PROXY values', () => {
  it('reads off, a hop count or addresses, and refuses anything else', () => {
    const read = (value: string) => loadConfig({ TRUST_PROXY: value }).trustProxy;
    expect(read('')).toBe(false);
    expect(read('false')).toBe(false);
    expect(read('2')).toBe(2);
    expect(read('true')).toBe(1);
    expect(read('10.0.0.1, 10.1.0.0/16,fd00::/8')).toEqual(['10.0.0.1', '10.1.0.0/16', 'fd00::/8']);
    expect(() => read('yes')).toThrow(/TRUST_PROXY/);
    expect(() => read('10.0.0.1, lb.internal')).toThrow(/TRUST_PROXY/);
  });
});
