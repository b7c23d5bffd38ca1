// "Chrome 142 on Linux" from a User-Agent header, with bowser doing the parsing.
import Bowser from 'bowser';

export function describeDevice(userAgent: string): string {
  if (!userAgent.trim()) return 'Unknown device';
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const major = parsed.browser.version?.split('.')[0];
  const os = parsed.os.name;
  // Not a browser (curl, a script): name the client by its first product token, e.g. "curl 8".
  const product = /^(?!Mozilla\/)([A-Za-z][\w.-]*)\/(\d+)/.exec(userAgent.trim());
  const name = browser ? [browser, major].filter(Boolean).join(' ') : product ? `${product[1]} ${product[2]}` : 'Unknown browser';
  return os ? `${name} on ${os}` : name;
}
