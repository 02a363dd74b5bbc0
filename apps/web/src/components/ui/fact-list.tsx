import type { ReactNode } from 'react'
import styles from './fact-list.module.css'

export type Fact = { term: string; value: ReactNode }

/** Facts about a page, document or issue as a description list; facts without a value are left out. */
export function FactList({ facts, label }: { facts: Fact[]; label?: string }) {
  const shown = facts.filter((fact) => fact.value !== null && fact.value !== undefined && fact.value !== '')
  return (
    <dl className={styles.facts} aria-label={label}>
      {shown.map((fact) => (
        <div key={fact.term} className={styles.fact}>
          <dt>{fact.term}</dt>
          <dd>{fact.value}</dd>
        </div>
      ))}
    </dl>
  )
}

export const yesNo = (value: boolean) => (value ? 'Yes' : 'No')
