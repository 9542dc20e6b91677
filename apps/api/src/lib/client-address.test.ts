import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('keeps an IPv4 address, and an IPv4-mapped one as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of an IPv6 /64 as one client', () => {
    const key = addressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(key).toBe('2001:0db8:0001:0002::/64');
    expect(addressKey('2001:db8:1:2::1')).toBe(key);
    expect(addressKey('2001:DB8:1:2:ffff::')).toBe(key);
    expect(addressKey('2001:db8:1:2::1%eth0')).toBe(key);
    expect(addressKey('2001:db8:1:3::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0000:0000:0000:0000::/64');
    expect(addressKey('2001:db8::')).toBe('2001:0db8:0000:0000::/64');
  });
});
