import { type ScanUsage, scanUsageWarning } from '@canopy/contracts'
import { Icon } from '@/components/ui/icon'
import { MESSAGES } from '@/config/messages'
import { formatCount } from '@/lib/format-values'
import styles from './scan-usage.module.css'

const WARNING_TEXT = {
  nearing: MESSAGES.siteSettings.nearingScanLimit,
  reached: MESSAGES.siteSettings.scanLimitReached,
} as const

/** "12 of 100 pages scanned this month (12 %)"; a limit of 0 has no share and is said to set no cap. */
export function describeScanUsage(usage: ScanUsage): string {
  const scanned = `${formatCount(usage.pagesScannedThisMonth)} of ${formatCount(usage.scanLimit)} pages scanned this month`
  if (usage.percent === null)
    return `${formatCount(usage.pagesScannedThisMonth)} pages scanned this month (no monthly limit)`
  return `${scanned} (${usage.percent}%)`
}

/**
 * The site's scan usage: the warning at 80 % ('Nearing your scan limit.') and at 100 % ('Your scan limit has
 * been reached.') of the monthly limit, then the figures. The warning sits in a status region that is always
 * there, so a screen reader announces it when it appears (a scan finishing can bring it).
 */
export function ScanUsageNotice({ usage, showFigures = true }: { usage: ScanUsage; showFigures?: boolean }) {
  const warning = scanUsageWarning(usage)
  return (
    <div className={styles.usage}>
      <div role="status" aria-label="Scan usage">
        {warning ? (
          <p className={warning === 'reached' ? `${styles.warning} ${styles.reached}` : styles.warning}>
            <Icon name="alert" />
            <span>{WARNING_TEXT[warning]}</span>
          </p>
        ) : null}
      </div>
      {showFigures ? <p className={styles.figures}>{describeScanUsage(usage)}</p> : null}
    </div>
  )
}
