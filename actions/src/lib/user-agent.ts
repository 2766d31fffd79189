import Bowser from 'bowser';

/** A session's browser and device, in words, from its User-Agent header (`bowser`). */
export interface DescribedAgent {
  /** e.g. "Chrome 126", or "Unknown browser". */
  browser: string;
  /** e.g. "iPhone (iOS 17.4)", "Desktop (Linux)", or "Unknown device". */
  device: string;
}

/**
 * A User-Agent header parsed by `bowser`; a request without one (curl with -A '', a script, a
 * proxy that drops it) parses as nothing known, where `Bowser.parse` would throw.
 */
export function parseUserAgent(userAgent: string | null | undefined): Bowser.Parser.ParsedResult {
  if (!userAgent?.trim()) return { browser: {}, os: {}, platform: {}, engine: {} };
  return Bowser.parse(userAgent);
}

export function describeUserAgent(userAgent: string | null | undefined): DescribedAgent {
  const parsed = parseUserAgent(userAgent);
  const major = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? [parsed.browser.name, major].filter(Boolean).join(' ')
    : 'Unknown browser';
  const kind = parsed.platform.model ?? (parsed.platform.type ? capitalise(parsed.platform.type) : null);
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  const os = parsed.os.name ? [parsed.os.name, osVersion].filter(Boolean).join(' ') : null;
  const device = kind && os ? `${kind} (${os})` : (kind ?? os ?? 'Unknown device');
  return { browser, device };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
