// The page to return to after signing in: a path on this site, never another site.
import { describe, expect, test } from 'vitest';
import { returnPurpose, safeReturnPath, withReturnTo } from '../../src/client/lib/return-to';

describe('safeReturnPath', () => {
  test('keeps a path on this site with its query', () => {
    expect(safeReturnPath('/auction/4')).toBe('/auction/4');
    expect(safeReturnPath('/admin/users?page=2&sortBy=name')).toBe('/admin/users?page=2&sortBy=name');
  });

  test('drops a fragment: the path and query are the page', () => {
    expect(safeReturnPath('/legal/dmca#notices')).toBe('/legal/dmca');
  });

  test('goes home without a value', () => {
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath(undefined)).toBe('/');
    expect(safeReturnPath('')).toBe('/');
  });

  test.each([
    'https://evil.example/phish',
    'http://evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    'auction/4',
    '// evil.example',
  ])('goes home instead of leaving the site: %j', (value) => {
    expect(safeReturnPath(value)).toBe('/');
  });

  test('a path that only looks like a host stays a path on this site', () => {
    expect(safeReturnPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});

describe('withReturnTo', () => {
  test('carries the page in the query, encoded', () => {
    expect(withReturnTo('/login', '/auction?category=Home & Garden')).toBe('/login?redirectTo=%2Fauction%3Fcategory%3DHome+%26+Garden');
  });

  test('adds nothing for home', () => {
    expect(withReturnTo('/signup', '/')).toBe('/signup');
  });
});

describe('returnPurpose', () => {
  test('says what the page turned away from offers', () => {
    expect(returnPurpose('/auction/42')).toBe('see this auction and bid');
    expect(returnPurpose('/auction?category=Books')).toBe('browse the auctions and bid');
    expect(returnPurpose('/create')).toBe('list an item for auction');
    expect(returnPurpose('/privacy')).toBe('see that page');
  });

  test('says nothing for home, where nobody was turned away', () => {
    expect(returnPurpose('/')).toBeNull();
  });
});
