import type { SectionOperatorSchema } from '@canopy/contracts'
import type { SectionOperator as DbOperator } from '@canopy/db'
import type { z } from 'zod'

type WireOperator = z.infer<typeof SectionOperatorSchema>

/** The wire carries the labels the spec shows; the database enum cannot hold spaces. */
const TO_DB: Record<WireOperator, DbOperator> = {
  'Starts with': 'StartsWith',
  'Ends with': 'EndsWith',
  Contains: 'Contains',
  Equals: 'Equals',
  Regex: 'Regex',
}

const TO_WIRE = Object.fromEntries(Object.entries(TO_DB).map(([wire, db]) => [db, wire])) as Record<
  DbOperator,
  WireOperator
>

export function toDbOperator(operator: WireOperator): DbOperator {
  return TO_DB[operator]
}

export function toWireOperator(operator: DbOperator): WireOperator {
  return TO_WIRE[operator]
}
