/**
 * robots.txt as Google reads it: the group for the most specific matching user agent (else '*'), the
 * longest matching Allow/Disallow rule wins (Allow on a tie), '*' and '$' wildcards, Crawl-delay kept.
 */
export interface RobotsRules {
  isAllowed(url: string): boolean
  crawlDelayMs: number | null
  sitemaps: string[]
}

interface Group {
  agents: string[]
  rules: { allow: boolean; pattern: string }[]
  crawlDelay: number | null
}

export function parseRobots(text: string, userAgent: string): RobotsRules {
  const groups: Group[] = []
  const sitemaps: string[] = []
  let current: Group | null = null
  let lastWasAgent = false
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.replace(/#.*$/, '').trim()
    const match = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line)
    if (!match) continue
    const key = match[1]?.toLowerCase() ?? ''
    const value = match[2]?.trim() ?? ''
    if (key === 'sitemap') {
      if (value) sitemaps.push(value)
      continue
    }
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], crawlDelay: null }
        groups.push(current)
      }
      current.agents.push(value.toLowerCase())
      lastWasAgent = true
      continue
    }
    lastWasAgent = false
    if (!current) continue
    if (key === 'allow' || key === 'disallow') {
      // An empty Disallow allows everything: no rule.
      if (value) current.rules.push({ allow: key === 'allow', pattern: value })
    } else if (key === 'crawl-delay') {
      const seconds = Number(value)
      if (Number.isFinite(seconds) && seconds >= 0) current.crawlDelay = seconds
    }
  }
  const token = (userAgent.split('/')[0] ?? userAgent).toLowerCase()
  const specific = groups.filter((group) =>
    group.agents.some((agent) => agent !== '*' && token.includes(agent)),
  )
  const chosen = specific.length ? specific : groups.filter((group) => group.agents.includes('*'))
  const rules = chosen.flatMap((group) => group.rules)
  const delays = chosen.map((group) => group.crawlDelay).filter((delay): delay is number => delay !== null)
  return {
    sitemaps,
    crawlDelayMs: delays.length ? Math.min(Math.max(...delays), 60) * 1000 : null,
    isAllowed(url: string) {
      const parsed = new URL(url)
      const target = parsed.pathname + parsed.search
      let best: { allow: boolean; length: number } | null = null
      for (const rule of rules) {
        if (!matchesPattern(rule.pattern, target)) continue
        const length = rule.pattern.length
        if (!best || length > best.length || (length === best.length && rule.allow)) {
          best = { allow: rule.allow, length }
        }
      }
      return best ? best.allow : true
    },
  }
}

function matchesPattern(pattern: string, target: string): boolean {
  const anchored = pattern.endsWith('$')
  const body = anchored ? pattern.slice(0, -1) : pattern
  const regex = body
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${regex}${anchored ? '$' : ''}`).test(target)
}

export const ALLOW_ALL: RobotsRules = { isAllowed: () => true, crawlDelayMs: null, sitemaps: [] }
