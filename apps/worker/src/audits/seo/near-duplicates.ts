/**
 * Near-duplicate content by shingling: a page's main text is cut into overlapping runs of SHINGLE_WORDS
 * words, and a MinHash signature of SIGNATURE_SIZE slots keeps, per slot, the smallest hash of its shingles
 * under that slot's hash function. Two signatures agree in a slot with the probability that a shingle of
 * either page is one of both (the Jaccard similarity of their shingle sets), so the share of slots that
 * agree (1 - Hamming distance / SIGNATURE_SIZE) estimates how much of the text two pages share. After a
 * scan, pages are compared within the site: candidates by locality-sensitive banding (pages with an equal
 * band of BAND_ROWS slots), kept when their estimated similarity reaches NEAR_DUPLICATE_SIMILARITY.
 */

export const SHINGLE_WORDS = 3
export const SIGNATURE_SIZE = 64
const BAND_ROWS = 4
/** The share of shingles two pages must have in common to be near-duplicates. */
export const NEAR_DUPLICATE_SIMILARITY = 0.7
/** Texts with fewer words are too short to compare: a few common phrases would make them look alike. */
export const MIN_WORDS = 20
const EXCERPT_LENGTH = 160

/** The words of a text, lower-cased, punctuation dropped (so "Tuesday," and "tuesday" are one word). */
export function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter((word) => word.length > 0)
}

/** 32-bit FNV-1a of a string. */
function fnv1a(text: string, seed: number): number {
  let hash = seed >>> 0
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash
}

/** The 32-bit finaliser of MurmurHash3: spreads every input bit over the output. */
function mix(value: number): number {
  let hash = value >>> 0
  hash ^= hash >>> 16
  hash = Math.imul(hash, 0x85ebca6b) >>> 0
  hash ^= hash >>> 13
  hash = Math.imul(hash, 0xc2b2ae35) >>> 0
  hash ^= hash >>> 16
  return hash >>> 0
}

/**
 * The MinHash signature of a text's word shingles, as signed 32-bit integers (how PostgreSQL's integer[]
 * stores them), or an empty array for a text under MIN_WORDS words. Slot i hashes a shingle as
 * mix(h1 + i·h2) from two independent hashes of it.
 */
export function contentSignature(text: string): number[] {
  const words = wordsOf(text)
  if (words.length < MIN_WORDS) return []
  const minima = new Array<number>(SIGNATURE_SIZE).fill(0xffffffff)
  const seen = new Set<string>()
  for (let start = 0; start + SHINGLE_WORDS <= words.length; start++) {
    const shingle = words.slice(start, start + SHINGLE_WORDS).join(' ')
    if (seen.has(shingle)) continue
    seen.add(shingle)
    const first = fnv1a(shingle, 0x811c9dc5)
    const second = fnv1a(shingle, 0x01000193) | 1
    for (let slot = 0; slot < SIGNATURE_SIZE; slot++) {
      const hash = mix((first + Math.imul(slot, second)) >>> 0)
      if (hash < (minima[slot] as number)) minima[slot] = hash
    }
  }
  return minima.map((value) => value | 0)
}

/** The start of a text, whitespace folded, cut at a word: what names a group of near-duplicate pages. */
export function contentExcerpt(text: string): string | null {
  const folded = text.replace(/\s+/g, ' ').trim()
  if (!folded) return null
  if (folded.length <= EXCERPT_LENGTH) return folded
  const cut = folded.slice(0, EXCERPT_LENGTH)
  const lastSpace = cut.lastIndexOf(' ')
  return `${lastSpace > EXCERPT_LENGTH / 2 ? cut.slice(0, lastSpace) : cut}…`
}

/** The share of slots in which two signatures agree: 1 - their Hamming distance / the signature's size. */
export function signatureSimilarity(first: readonly number[], second: readonly number[]): number {
  if (first.length !== SIGNATURE_SIZE || second.length !== SIGNATURE_SIZE) return 0
  let equal = 0
  for (let slot = 0; slot < SIGNATURE_SIZE; slot++) if (first[slot] === second[slot]) equal++
  return equal / SIGNATURE_SIZE
}

export interface SignedPage {
  id: string
  signature: readonly number[]
}

export interface NearDuplicatePair {
  first: string
  second: string
  similarity: number
}

/**
 * A page is compared with at most this many pages before it in each band bucket. Template pages share
 * buckets by the thousand (5,000 pages of one template made 12.5 million pairs, and a finalize that held the
 * worker past its job lock); chains within the window still join them into one group.
 */
export const BUCKET_WINDOW = 32

/**
 * Pairs of pages sharing at least one band of BAND_ROWS slots: the only ones worth comparing. In a bucket
 * each page is paired with the BUCKET_WINDOW pages before it, so the pairs grow with the pages, not their
 * square. A pair is the key `a * count + b` of its indexes (a < b).
 */
function candidatePairs(pages: readonly SignedPage[]): Set<number> {
  const pairs = new Set<number>()
  for (let band = 0; band < SIGNATURE_SIZE / BAND_ROWS; band++) {
    const buckets = new Map<string, number[]>()
    pages.forEach((page, index) => {
      const key = page.signature.slice(band * BAND_ROWS, (band + 1) * BAND_ROWS).join(',')
      const bucket = buckets.get(key)
      if (bucket) bucket.push(index)
      else buckets.set(key, [index])
    })
    for (const members of buckets.values()) {
      for (let b = 1; b < members.length; b++) {
        for (let a = Math.max(0, b - BUCKET_WINDOW); a < b; a++)
          pairs.add((members[a] as number) * pages.length + (members[b] as number))
      }
    }
  }
  return pairs
}

/** Every pair of pages whose main texts are near-duplicates (or the same), with its estimated similarity. */
export function findNearDuplicatePairs(pages: readonly SignedPage[]): NearDuplicatePair[] {
  const signed = pages.filter((page) => page.signature.length === SIGNATURE_SIZE)
  const pairs: NearDuplicatePair[] = []
  for (const key of candidatePairs(signed)) {
    const first = signed[Math.floor(key / signed.length)] as SignedPage
    const second = signed[key % signed.length] as SignedPage
    const similarity = signatureSimilarity(first.signature, second.signature)
    if (similarity >= NEAR_DUPLICATE_SIMILARITY)
      pairs.push({ first: first.id, second: second.id, similarity })
  }
  return pairs
}

/**
 * Groups of pages linked by near-duplicate pairs (a page like a second page like a third is one group),
 * each with the lowest similarity among its pairs. Groups list their pages in the order given.
 */
export function groupNearDuplicates(
  pageIds: readonly string[],
  pairs: readonly NearDuplicatePair[],
): { pageIds: string[]; similarity: number }[] {
  const parent = new Map(pageIds.map((id) => [id, id]))
  const root = (id: string): string => {
    let current = id
    while (parent.get(current) !== current) current = parent.get(current) as string
    parent.set(id, current)
    return current
  }
  for (const pair of pairs) {
    if (parent.has(pair.first) && parent.has(pair.second)) parent.set(root(pair.first), root(pair.second))
  }
  const members = new Map<string, string[]>()
  for (const id of pageIds) {
    const group = members.get(root(id))
    if (group) group.push(id)
    else members.set(root(id), [id])
  }
  const lowest = new Map<string, number>()
  for (const pair of pairs) {
    const group = root(pair.first)
    lowest.set(group, Math.min(lowest.get(group) ?? 1, pair.similarity))
  }
  return [...members.entries()]
    .filter(([, ids]) => ids.length > 1)
    .map(([group, ids]) => ({ pageIds: ids, similarity: lowest.get(group) ?? 1 }))
}
