import { compileSectionPattern } from './section-pattern.js'

/** What a section condition can look at on a page. */
export interface SectionPageFacts {
  url: string
  author: string | null
  /** meta tags by lower-cased name (name= or property=) */
  metaTags: Record<string, string>
}

export interface SectionConditionRule {
  matchType: 'Includes' | 'Excludes'
  source: 'Path' | 'Author' | 'Metatag'
  operator: 'StartsWith' | 'EndsWith' | 'Contains' | 'Equals' | 'Regex'
  name: string | null
  value: string
}

function sourceValue(rule: SectionConditionRule, page: SectionPageFacts): string | null {
  if (rule.source === 'Path') {
    const url = new URL(page.url)
    return url.pathname + url.search
  }
  if (rule.source === 'Author') return page.author
  return page.metaTags[(rule.name ?? '').toLowerCase()] ?? null
}

export function matchesCondition(rule: SectionConditionRule, page: SectionPageFacts): boolean {
  const subject = sourceValue(rule, page)
  if (subject === null) return false
  // Text comparisons ignore case: editors type '/Blog' and '/blog' meaning the same section.
  const left = subject.toLowerCase()
  const right = rule.value.toLowerCase()
  switch (rule.operator) {
    case 'StartsWith':
      return left.startsWith(right)
    case 'EndsWith':
      return left.endsWith(right)
    case 'Contains':
      return left.includes(right)
    case 'Equals':
      return left === right
    case 'Regex': {
      // Linear-time RE2; a pattern it cannot run (stored before the API checked them) matches nothing.
      const pattern = compileSectionPattern(rule.value)
      return 'error' in pattern ? false : pattern.test(subject)
    }
  }
}

/**
 * A page is in a section when it meets at least one Includes condition (or the section has none) and no
 * Excludes condition. A section with no conditions at all holds no pages.
 */
export function isInSection(rules: SectionConditionRule[], page: SectionPageFacts): boolean {
  if (rules.length === 0) return false
  const includes = rules.filter((rule) => rule.matchType === 'Includes')
  const excludes = rules.filter((rule) => rule.matchType === 'Excludes')
  if (excludes.some((rule) => matchesCondition(rule, page))) return false
  return includes.length === 0 || includes.some((rule) => matchesCondition(rule, page))
}

/** A section scan crawls only what could belong: a path rule that includes narrows the crawl. */
export function couldBeInSection(rules: SectionConditionRule[], url: string): boolean {
  const facts = { url, author: null, metaTags: {} }
  const pathExcludes = rules.filter((rule) => rule.matchType === 'Excludes' && rule.source === 'Path')
  if (pathExcludes.some((rule) => matchesCondition(rule, facts))) return false
  const includes = rules.filter((rule) => rule.matchType === 'Includes')
  // Author and meta tag rules are only known after the load, so those pages must be loaded.
  if (includes.some((rule) => rule.source !== 'Path')) return true
  return includes.length === 0 || includes.some((rule) => matchesCondition(rule, facts))
}
