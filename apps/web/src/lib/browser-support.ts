/**
 * Browsers too old to log in are told to update. Support is decided from the
 * user-agent string; a browser we cannot identify is given the benefit of the doubt.
 */
const MINIMUM_VERSIONS = {
  edge: 109,
  chrome: 109,
  firefox: 115,
  safari: 15.4,
  ios: 15.4,
} as const

export const SUGGESTED_BROWSERS = [
  { name: 'Google Chrome', href: 'https://www.google.com/chrome/' },
  { name: 'Mozilla Firefox', href: 'https://www.mozilla.org/firefox/new/' },
  { name: 'Microsoft Edge', href: 'https://www.microsoft.com/edge' },
  { name: 'Apple Safari', href: 'https://www.apple.com/safari/' },
] as const

function readVersion(userAgent: string, pattern: RegExp): number | null {
  const match = userAgent.match(pattern)
  if (!match?.[1]) return null
  const [major = '0', minor = '0'] = match[1].split(/[._]/)
  return Number.parseFloat(`${major}.${minor}`)
}

export function isBrowserSupported(userAgent: string): boolean {
  if (/MSIE |Trident\//.test(userAgent)) return false

  const iosVersion = readVersion(userAgent, /(?:iPhone|iPad|iPod).*? OS (\d+[._]\d+)/)
  if (iosVersion !== null) return iosVersion >= MINIMUM_VERSIONS.ios

  const checks: [RegExp, number][] = [
    [/Edg(?:e|A|iOS)?\/(\d+(?:\.\d+)?)/, MINIMUM_VERSIONS.edge],
    [/Firefox\/(\d+(?:\.\d+)?)/, MINIMUM_VERSIONS.firefox],
    [/(?:Headless)?Chrom(?:e|ium)\/(\d+(?:\.\d+)?)/, MINIMUM_VERSIONS.chrome],
    [/Version\/(\d+(?:\.\d+)?).*Safari\//, MINIMUM_VERSIONS.safari],
  ]
  for (const [pattern, minimum] of checks) {
    const version = readVersion(userAgent, pattern)
    if (version !== null) return version >= minimum
  }
  return true
}
