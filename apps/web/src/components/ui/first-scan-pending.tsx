import { MESSAGES } from '@/config/messages'
import { useSiteScanStatus } from '@/lib/live-scans'
import { sitePath } from '@/lib/site-paths'
import { ButtonLink } from './button'
import { NoticePanel } from './notice'

type FirstScanPendingProps = {
  siteName: string
  /** With the site's slug the notice says what scanning is really doing (queued, running, or nothing yet). */
  siteSlug?: string
  headingLevel?: 1 | 2
}

const pendingText = (siteName: string) =>
  `We are scanning ${siteName} for the first time. Scores and issues appear here as soon as the first scan has finished.`

/** The notice following the site's scan status: queued, running with its progress, or no scan at all. */
function FollowedFirstScan({ siteName, siteSlug, headingLevel }: Required<FirstScanPendingProps>) {
  const status = useSiteScanStatus(siteSlug)
  const active = status.data?.active
  if (status.data && !active) {
    return (
      <NoticePanel icon="clock" title="No scan yet" headingLevel={headingLevel}>
        <p>{siteName} has not been scanned yet. Start its first scan from the dashboard.</p>
        <ButtonLink href={sitePath(siteSlug)} variant="secondary">
          {MESSAGES.sidebar.dashboard}
        </ButtonLink>
      </NoticePanel>
    )
  }
  const text =
    active?.state === 'running'
      ? `We are scanning ${siteName} for the first time (${active.progress.toFixed(2)}%). Scores and issues appear here as soon as it has finished.`
      : active?.state === 'queued'
        ? `The first scan of ${siteName} is queued. Scores and issues appear here as soon as it has finished.`
        : pendingText(siteName)
  return (
    <NoticePanel icon="clock" title={MESSAGES.firstScan.title} headingLevel={headingLevel}>
      <p>{text}</p>
    </NoticePanel>
  )
}

/**
 * 002 §4: until the site's first scan completes, screens that need scan data show this instead. Given the
 * site's slug it follows the site's scan status, so it never claims a scan that is not queued or running.
 */
export function FirstScanPending({ siteName, siteSlug, headingLevel = 2 }: FirstScanPendingProps) {
  if (siteSlug)
    return <FollowedFirstScan siteName={siteName} siteSlug={siteSlug} headingLevel={headingLevel} />
  return (
    <NoticePanel icon="clock" title={MESSAGES.firstScan.title} headingLevel={headingLevel}>
      <p>{pendingText(siteName)}</p>
    </NoticePanel>
  )
}
