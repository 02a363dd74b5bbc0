import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { Icon } from '@/components/ui/icon'
import { type ScanRequest, useStartScan } from '@/hooks/use-start-scan'
import styles from './scan-button.module.css'

export type ScanButtonProps = {
  siteSlug: string
  request: ScanRequest
  /** The button's words: 'Scan now', 'Rescan section', 'Rescan page'. */
  label: string
  /** Why it cannot start now (a scan is queued or running, not an admin); shown beside the disabled button. */
  disabledReason?: string | null
  variant?: 'primary' | 'secondary'
}

/**
 * A control that starts a scan: disabled with its reason in words while it cannot start, busy while the
 * request is on its way, and a toast for the outcome (useStartScan).
 */
export function ScanButton({
  siteSlug,
  request,
  label,
  disabledReason,
  variant = 'primary',
}: ScanButtonProps) {
  const start = useStartScan(siteSlug)
  const reasonId = useId()
  return (
    <div className={styles.control}>
      <Button
        variant={variant}
        isDisabled={Boolean(disabledReason)}
        isPending={start.isPending}
        onPress={() => start.mutate(request)}
        aria-describedby={disabledReason ? reasonId : undefined}
      >
        <Icon name="clock" />
        {label}
      </Button>
      {disabledReason ? (
        <p id={reasonId} className={styles.reason}>
          {disabledReason}
        </p>
      ) : null}
    </div>
  )
}
