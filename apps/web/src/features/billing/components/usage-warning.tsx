import type { ScanUsageWarning } from '@canopy/contracts'
import { BILLING_TEXT } from '../labels'
import styles from './billing.module.css'

/** 'Nearing your scan limit.' or 'Your scan limit has been reached.', with what follows from it. */
export function UsageWarning({ warning, detail }: { warning: ScanUsageWarning; detail?: string }) {
  if (!warning) return null
  const reached = warning === 'reached'
  return (
    <div className={`${styles.warning} ${reached ? styles.danger : ''}`}>
      <p>
        <strong>{reached ? BILLING_TEXT.scanLimitReached : BILLING_TEXT.nearingScanLimit}</strong>
        {reached && detail ? ` ${detail}` : null}
      </p>
    </div>
  )
}
