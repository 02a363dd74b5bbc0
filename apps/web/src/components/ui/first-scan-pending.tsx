import { MESSAGES } from '@/config/messages'
import { NoticePanel } from './notice'

/** 002 §4: until the site's first scan completes, screens that need scan data show this instead. */
export function FirstScanPending({ siteName, headingLevel = 2 }: { siteName: string; headingLevel?: 1 | 2 }) {
  return (
    <NoticePanel icon="clock" title={MESSAGES.firstScan.title} headingLevel={headingLevel}>
      <p>
        We are scanning {siteName} for the first time. Scores and issues appear here as soon as the first scan
        has finished.
      </p>
    </NoticePanel>
  )
}
