import { PageLoader } from '@/components/ui/notice'
import { useScanProgress } from '../api/get-scan-progress'
import { formatQueueEstimate } from '../format-queue-estimate'
import styles from './single-page-scan.module.css'

/** The scanning state: the queue position and the estimate, polled every 10 s while waiting. */
export function ScanWaiting({ scanId, pageUrl }: { scanId: string | undefined; pageUrl: string }) {
  const progress = useScanProgress(scanId, true)
  return (
    <section className={styles.waiting} aria-labelledby="scan-waiting-title">
      <h2 id="scan-waiting-title" className={styles.waitingTitle}>
        Scanning {pageUrl}
      </h2>
      <PageLoader label="Scanning" />
      {progress.data ? (
        <dl className={styles.queue}>
          <div>
            <dt>Position in queue</dt>
            <dd>
              {progress.data.position} of {progress.data.totalCount}
            </dd>
          </div>
          <div>
            <dt>Estimated wait</dt>
            <dd>{formatQueueEstimate(progress.data.eta)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  )
}
