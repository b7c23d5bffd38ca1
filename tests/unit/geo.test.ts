import { describe, expect, test } from 'vitest';
import { describeLocation, isLocalAddress, lookupIp } from '../../src/server/services/geo';

describe('geo', () => {
  test.each(['127.0.0.1', '::1', '10.1.2.3', '192.168.1.20', '172.16.0.5', '172.31.255.255', '::ffff:127.0.0.1', '::ffff:192.168.0.1'])(
    '%s is the local network',
    (ip) => {
      expect(isLocalAddress(ip)).toBe(true);
      expect(lookupIp(ip)).toBeNull();
      expect(describeLocation(ip, lookupIp(ip))).toBe('Local network');
    },
  );

  test('172.32.0.1 is just outside 172.16/12 and is not local', () => {
    expect(isLocalAddress('172.32.0.1')).toBe(false);
  });

  test('a public address resolves its country and ISP', () => {
    const geo = lookupIp('8.8.8.8');
    expect(geo?.country).toBe('United States');
    expect(geo?.isp).toContain('Google');
    expect(describeLocation('8.8.8.8', geo)).toContain('United States');
  });

  test('an IPv4-mapped public address answers like the plain one', () => {
    expect(lookupIp('::ffff:8.8.8.8')?.country).toBe('United States');
  });

  test('a public IPv6 address resolves its ISP', () => {
    expect(lookupIp('2001:4860:4860::8888')?.isp).toContain('Google');
  });

  test('a garbage string is Unknown', () => {
    expect(lookupIp('not an address')).toBeNull();
    expect(describeLocation('not an address', lookupIp('not an address'))).toBe('Unknown');
    expect(describeLocation('', null)).toBe('Unknown');
  });
});
