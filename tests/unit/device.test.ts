import { describe, expect, test } from 'vitest';
import { describeDevice } from '../../src/server/services/device';

describe('describeDevice', () => {
  test.each([
    ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36', 'Chrome 142 on Linux'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 on Windows'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari 17 on iOS',
    ],
  ])('%s → %s', (userAgent, expected) => {
    expect(describeDevice(userAgent)).toBe(expected);
  });

  test('an empty or blank User-Agent is an unknown device', () => {
    expect(describeDevice('')).toBe('Unknown device');
    expect(describeDevice('   ')).toBe('Unknown device');
  });

  test('a non-browser client is named by its product token', () => {
    expect(describeDevice('curl/8.5.0')).toBe('curl 8');
  });
});
