import { describe, expect, it } from 'vitest'
import { PAGES } from '../../../../../tests/fixtures/site/pages.js'
import { PLANTED_PROBLEMS } from '../../../../../tests/fixtures/site/planted.js'
import {
  BUCKET_WINDOW,
  contentExcerpt,
  contentSignature,
  findNearDuplicatePairs,
  groupNearDuplicates,
  MIN_WORDS,
  NEAR_DUPLICATE_SIMILARITY,
  SIGNATURE_SIZE,
  signatureSimilarity,
  wordsOf,
} from './near-duplicates.js'

const context = { origin: 'http://127.0.0.1:8090', external: 'http://127.0.0.1:8091' }

/** A fixture page's main text as a browser's textContent reads it: the markup dropped, entities decoded. */
function mainTextOf(path: string): string {
  const frame = (PAGES[path] as (typeof PAGES)[string])(context)
  return frame.main
    .replace(/<script[\s\S]*?<\/script>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
}

const fixturePages = Object.keys(PAGES).map((path) => ({
  id: path,
  signature: contentSignature(mainTextOf(path)),
}))

/** The planted duplicate-content groups (exact copies and near-duplicates), each sorted. */
function plantedContentGroups(): string[][] {
  const groups = new Map<string, string[]>()
  for (const problem of PLANTED_PROBLEMS.filter((item) => item.issueId === 'duplicate-content')) {
    const members = [problem.path, ...(problem.sharedWith ?? [])].sort()
    groups.set(members.join(' '), members)
  }
  return [...groups.values()].sort((a, b) => (a[0] as string).localeCompare(b[0] as string))
}

describe('near-duplicate content', () => {
  it('finds exactly the planted duplicate and near-duplicate bodies among the fixture pages', () => {
    const pairs = findNearDuplicatePairs(fixturePages)
    const groups = groupNearDuplicates(
      fixturePages.map((page) => page.id),
      pairs,
    ).map((group) => [...group.pageIds].sort())
    expect(groups.sort((a, b) => (a[0] as string).localeCompare(b[0] as string))).toEqual(
      plantedContentGroups(),
    )
  })

  it('rates the exact copy 1 and the near-duplicate below 1 but above the threshold', () => {
    const signatureOf = (path: string) => fixturePages.find((page) => page.id === path)?.signature ?? []
    expect(
      signatureSimilarity(signatureOf('/news/budget-2026'), signatureOf('/news/council-budget-agreed')),
    ).toBe(1)
    const near = signatureSimilarity(
      signatureOf('/news/bin-collections-christmas'),
      signatureOf('/news/bin-collections-easter'),
    )
    expect(near).toBeLessThan(1)
    expect(near).toBeGreaterThanOrEqual(NEAR_DUPLICATE_SIMILARITY)
  })

  it('keeps unrelated fixture pages well apart', () => {
    const planted = new Set(plantedContentGroups().flat())
    const others = fixturePages.filter((page) => !planted.has(page.id) && page.signature.length > 0)
    expect(others.length).toBeGreaterThan(10)
    for (const [index, page] of others.entries()) {
      for (const other of others.slice(index + 1)) {
        expect(signatureSimilarity(page.signature, other.signature), `${page.id} ${other.id}`).toBeLessThan(
          0.4,
        )
      }
    }
  })

  it('signs only texts long enough to compare, as signed 32-bit integers', () => {
    expect(contentSignature('Too short to compare.')).toEqual([])
    const text = Array.from({ length: MIN_WORDS }, (_, index) => `word${index}`).join(' ')
    const signature = contentSignature(text)
    expect(signature).toHaveLength(SIGNATURE_SIZE)
    for (const value of signature) expect(value).toBe(value | 0)
    expect(contentSignature(text.toUpperCase().replace(/ /g, ',  '))).toEqual(signature)
  })

  it('groups pages linked through a chain of pairs, with the lowest similarity of the chain', () => {
    const groups = groupNearDuplicates(
      ['a', 'b', 'c', 'd'],
      [
        { first: 'a', second: 'b', similarity: 0.9 },
        { first: 'b', second: 'c', similarity: 0.75 },
      ],
    )
    expect(groups).toEqual([{ pageIds: ['a', 'b', 'c'], similarity: 0.75 }])
  })

  it('joins 5,000 pages of one template into one group, comparing each with a window of the pages before it', () => {
    const template = contentSignature(
      'Opening hours, parking and the way in: the library at the corner of Mill Street welcomes every reader, ' +
        'with rooms for study, a children’s corner and a café.',
    )
    const pages = Array.from({ length: 5000 }, (_, index) => ({ id: `p${index}`, signature: template }))
    const pairs = findNearDuplicatePairs(pages)
    // A window of BUCKET_WINDOW pages before each, not every pair of 5,000 (12.5 million).
    expect(pairs.length).toBeLessThanOrEqual(5000 * BUCKET_WINDOW)
    const groups = groupNearDuplicates(
      pages.map((page) => page.id),
      pairs,
    )
    expect(groups).toHaveLength(1)
    expect(groups[0]?.pageIds).toHaveLength(5000)
  })

  it('names a group by the start of its text, cut at a word', () => {
    expect(wordsOf("The council's budget, agreed.")).toEqual(['the', "council's", 'budget', 'agreed'])
    const excerpt = contentExcerpt(`${'word '.repeat(60)}end`) ?? ''
    expect(excerpt.endsWith('word…')).toBe(true)
    expect(excerpt.length).toBeLessThanOrEqual(161)
    expect(contentExcerpt('  ')).toBeNull()
  })
})
