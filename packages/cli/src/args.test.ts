import { describe, expect, it } from 'vitest'
import { parseMinScores, parseScanArgs, UsageError } from './args.js'
import { evaluateGates, formatReport } from './gate.js'

describe('parseScanArgs', () => {
  it('reads the site, page, thresholds and flags', () => {
    expect(
      parseScanArgs([
        'scan',
        '--site',
        'demo',
        '--url',
        'https://demo.example/a',
        '--min-score',
        'accessibility=90,seo=80',
        '--min-score',
        'content-quality=70',
        '--fail-on-new-issues',
        '--json',
      ]),
    ).toEqual({
      site: 'demo',
      url: 'https://demo.example/a',
      minScores: { accessibility: 90, seo: 80, contentQuality: 70 },
      failOnNewIssues: true,
      json: true,
      timeoutSeconds: 3600,
    })
  })

  it('defaults to a full scan with no gates', () => {
    expect(parseScanArgs(['scan', '--site', 'demo'])).toMatchObject({
      url: null,
      minScores: {},
      failOnNewIssues: false,
      json: false,
    })
  })

  it('takes a page alone: a single-page scan of it, with no site', () => {
    expect(parseScanArgs(['scan', '--url', 'https://example.com/page'])).toMatchObject({
      site: null,
      url: 'https://example.com/page',
    })
  })

  it.each([
    [[], 'no command'],
    [['deploy'], 'unknown command'],
    [['scan'], '--site <slug> or --url <page> is required'],
    [['scan', '--url', 'example.com/page'], '--url: "example.com/page" is not a web address'],
    [['scan', '--url', 'ftp://example.com/'], '--url'],
    [['scan', '--site', 'x', '--timeout', '0'], '--timeout'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseScanArgs(argv)).toThrow(message)
  })

  it('refuses an unknown option', () => {
    expect(() => parseScanArgs(['scan', '--site', 'x', '--min-scores', 'seo=1'])).toThrow()
  })
})

describe('parseMinScores', () => {
  it.each(['speed=90', 'seo', 'seo=', 'seo=101', 'seo=-1', 'seo=ninety', 'seo=1=2'])('refuses %s', (text) => {
    expect(() => parseMinScores(text)).toThrow(UsageError)
  })
  it('accepts decimals and spaces', () => {
    expect(parseMinScores(' performance = 49.5 , a11y=90')).toEqual({ performance: 49.5, accessibility: 90 })
  })
})

describe('evaluateGates', () => {
  const scores = { accessibility: 92, contentQuality: 75, seo: 79.5, performance: null }
  const issue = { category: 'accessibility', id: 'image-alt', title: 'Images need alt text', pagesNew: 2 }

  it('passes when every score meets its minimum and new issues are allowed', () => {
    expect(
      evaluateGates({ minScores: { accessibility: 90 }, failOnNewIssues: false }, scores, [issue]),
    ).toEqual({
      passed: true,
      failures: [],
    })
  })

  it('fails a score below its minimum, a missing score, and new issues when asked', () => {
    const gate = evaluateGates(
      { minScores: { seo: 80, performance: 50, accessibility: 92 }, failOnNewIssues: true },
      scores,
      [issue],
    )
    expect(gate.passed).toBe(false)
    expect(gate.failures).toEqual([
      'seo: 79.5 is below the minimum 80',
      'performance: no score from this scan (minimum 50)',
      '1 new failed issue since the previous scan',
    ])
    const report = formatReport('demo', scores, [issue], gate)
    expect(report).toContain('[accessibility] Images need alt text (image-alt): 2 new page(s)')
    expect(report).toContain('FAILED')
  })
})
