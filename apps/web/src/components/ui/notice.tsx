import type { ReactNode } from 'react'
import { Icon, type IconName } from './icon'
import styles from './notice.module.css'

type NoticePanelProps = {
  icon: IconName
  tone?: 'neutral' | 'warning' | 'danger'
  title: ReactNode
  /** The heading level where the panel sits; a whole-page notice is the page's h1. */
  headingLevel?: 1 | 2 | 3
  children?: ReactNode
  centered?: boolean
}

/** The framed message that the site guard, premium gate, first-scan notice and error pages share. */
export function NoticePanel({
  icon,
  tone = 'neutral',
  title,
  headingLevel = 2,
  children,
  centered,
}: NoticePanelProps) {
  const Heading = `h${headingLevel}` as const
  const toneClass =
    tone === 'warning' ? styles.illustrationWarning : tone === 'danger' ? styles.illustrationDanger : ''
  return (
    <section className={`${styles.panel} ${centered ? styles.centered : ''}`}>
      <span className={`${styles.illustration} ${toneClass}`}>
        <Icon name={icon} size={32} />
      </span>
      <Heading>{title}</Heading>
      {children}
    </section>
  )
}

/** An inline alert for a failed action; role=alert makes screen readers say it as soon as it appears. */
export function InlineAlert({ children }: { children: ReactNode }) {
  return (
    <div className={styles.alert} role="alert">
      <Icon name="alert" />
      <div>{children}</div>
    </div>
  )
}

/** A centred status line for empty and error states inside a list or panel. */
export function StatusMessage({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className={styles.status}>
      <p className={styles.statusTitle}>{title}</p>
      {children ? <p className={styles.muted}>{children}</p> : null}
    </div>
  )
}

export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={styles.loader} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span>{label}</span>
    </div>
  )
}

export type PageHeaderProps = {
  title: ReactNode
  eyebrow?: ReactNode
  subtitle?: ReactNode
  actions?: ReactNode
}

/** The top of a page: its one h1, with an optional line above and below, and actions beside it. */
export function PageHeader({ title, eyebrow, subtitle, actions }: PageHeaderProps) {
  return (
    <header className={styles.pageHeader}>
      <div className={styles.pageHeaderText}>
        {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
        <h1>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
      </div>
      {actions}
    </header>
  )
}
