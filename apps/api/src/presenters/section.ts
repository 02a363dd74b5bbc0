import type { Section } from '@canopy/contracts'
import type { SectionRow } from '@canopy/db'
import { toWireOperator } from '../services/section-operators.js'

export function presentSection(row: SectionRow): Section {
  return {
    sys: {
      id: row.id,
      slug: row.slug,
      version: { created: row.createdAt.toISOString(), modified: row.updatedAt.toISOString() },
    },
    entryTitle: row.title,
    title: row.title,
    description: row.description,
    conditions: row.conditions.map((condition) => ({
      matchType: condition.matchType,
      source: condition.source,
      operator: toWireOperator(condition.operator),
      name: condition.name,
      value: condition.value,
    })),
    pagesInSection: row.pagesInSection,
    overallScore: row.overallScore,
    hasFirstScanned: row.hasFirstScanned,
  }
}
