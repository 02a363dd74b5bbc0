import type { ReactNode } from 'react'
import { MESSAGES } from '@/config/messages'
import styles from './area.module.css'

type QueryState<T> = { data: T | undefined; isError: boolean }

/** A card of an area's overview: its heading, then its content, a loading line or the error. */
export function OverviewCard<T>({
  id,
  title,
  state,
  wide,
  children,
}: {
  id: string
  title: string
  state: QueryState<T>
  wide?: boolean
  children: (data: T) => ReactNode
}) {
  return (
    <section className={`${styles.card} ${wide ? styles.wide : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {state.isError ? (
        <p>{MESSAGES.list.errorTitle}</p>
      ) : state.data === undefined ? (
        <p role="status">Loading</p>
      ) : (
        children(state.data)
      )}
    </section>
  )
}
