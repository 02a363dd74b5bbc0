import { type ReactNode, useEffect, useRef } from 'react'
import { NoticePanel } from '@/components/ui/notice'
import styles from './password-reset.module.css'

/**
 * What replaces a reset form once it has done its work. The submit button that had the focus is gone,
 * so the focus moves here and a screen reader reads the outcome at once.
 */
export function ResetResult({ title, children }: { title: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    ref.current?.focus()
  }, [])
  return (
    <div ref={ref} tabIndex={-1} className={styles.result}>
      <NoticePanel icon="info" title={title}>
        {children}
      </NoticePanel>
    </div>
  )
}
