import { describe, expect, it } from 'vitest'
import { csvCell, csvChunks, jsonChunks } from './list-export.js'

async function* batches<T>(...lists: T[][]): AsyncGenerator<T[]> {
  for (const list of lists) yield list
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = ''
  for await (const chunk of chunks) text += chunk
  return text
}

describe('csvCell', () => {
  it('prefixes text a spreadsheet would run as a formula, and quotes what CSV needs quoted', () => {
    for (const formula of ['=1+1', '+SUM(A1)', '-2+3', '@cmd', '\tx', '\rx']) {
      expect(csvCell(formula).replace(/^"/, '').startsWith(`'`)).toBe(true)
    }
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"')).toBe('"say ""hi"""')
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`)
    expect(csvCell(-3)).toBe('-3')
    expect(csvCell(null)).toBe('')
    expect(csvCell(undefined)).toBe('')
    expect(csvCell(false)).toBe('false')
    expect(csvCell('plain')).toBe('plain')
  })
})

describe('csvChunks and jsonChunks', () => {
  it('write a header and one line per item, and a JSON array, batch after batch', async () => {
    const columns = [
      { header: 'id', value: (item: { id: string; n: number }) => item.id },
      { header: 'n', value: (item: { id: string; n: number }) => item.n },
    ]
    const csv = await collect(csvChunks(columns, batches([{ id: 'a', n: 1 }], [], [{ id: 'b', n: 2 }])))
    expect(csv).toBe('id,n\r\na,1\r\nb,2\r\n')
    const json = await collect(jsonChunks(batches([{ id: 'a' }], [], [{ id: 'b' }, { id: 'c' }])))
    expect(JSON.parse(json)).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }])
    expect(JSON.parse(await collect(jsonChunks(batches())))).toEqual([])
  })
})
