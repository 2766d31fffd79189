import Bowser from 'bowser';

/** A session's browser and device, in words, from its User-Agent header (`bowser`). */
export interface DescribedAgent {
  /** e.g. "Chrome 126", or "Unknown browser". */
  browser: string;
  /** e.g. "iPhone (iOS 17.4)", "Desktop (Linux)", or "Unknown device". */
  device: string;
}

export function describeUserAgent(userAgent: string | null): DescribedAgent {
  const parsed = Bowser.parse(userAgent ?? '');
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
