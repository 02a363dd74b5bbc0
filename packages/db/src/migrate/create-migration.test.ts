import { describe, expect, it } from 'vitest'
import {
  formatMigrationTimestamp,
  HAND_WRITTEN_MARKER,
  keepHandWrittenIndexes,
  slugifyMigrationName,
} from './create-migration.js'

describe('keepHandWrittenIndexes', () => {
  const handWritten = {
    sql: `${HAND_WRITTEN_MARKER}\nCREATE EXTENSION IF NOT EXISTS pg_trgm;\nCREATE INDEX "Page_url_trgm_idx" ON "Page" USING GIN ("url" gin_trgm_ops);\n`,
  }
  const generated = {
    sql: 'CREATE INDEX "Page_old_idx" ON "Page"("old");\nCREATE INDEX IF NOT EXISTS "Page_other_trgm_idx" ON "Page"("x");\n',
  }
  const diff = [
    '-- DropIndex',
    'DROP INDEX "Page_url_trgm_idx";',
    '',
    '-- DropIndex',
    'DROP INDEX "Page_old_idx";',
    '',
    '-- AlterTable',
    'ALTER TABLE "Site" ADD COLUMN     "note" TEXT;',
    '',
  ].join('\n')

  it('drops only the DROP INDEX steps of indexes made by hand-written migrations', () => {
    const result = keepHandWrittenIndexes(diff, [handWritten, generated])
    expect(result.keptIndexes).toEqual(['Page_url_trgm_idx'])
    expect(result.sql).toBe(
      '-- DropIndex\nDROP INDEX "Page_old_idx";\n\n-- AlterTable\nALTER TABLE "Site" ADD COLUMN     "note" TEXT;\n',
    )
  })

  it('leaves the diff alone when no migration carries the marker', () => {
    expect(keepHandWrittenIndexes(diff, [generated])).toEqual({ sql: diff, keptIndexes: [] })
  })
})

describe('migration names', () => {
  it('names directories like Prisma: UTC timestamp and a snake_case name', () => {
    expect(formatMigrationTimestamp(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102030405')
    expect(slugifyMigrationName('  Add site flags! ')).toBe('add_site_flags')
    expect(() => slugifyMigrationName('!!!')).toThrow('needs a name')
  })
})
