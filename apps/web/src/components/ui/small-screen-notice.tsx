import { useState } from 'react'
import { Button } from 'react-aria-components'
import { BREAKPOINTS } from '@/config/constants'
import { MESSAGES } from '@/config/messages'
import { useMediaQuery } from '@/hooks/use-media-query'
import { Icon } from './icon'
import styles from './small-screen-notice.module.css'

const DISMISSED_KEY = 'canopy.smallScreenNoticeDismissed'

function readDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === 'true'
  } catch {
    return false
  }
}

/**
 * Below 768 px a notice says the product is best viewed on a larger screen. Once
 * dismissed it stays away for the rest of the browser session.
 */
export function SmallScreenNotice() {
  const isSmall = useMediaQuery(`(max-width: ${BREAKPOINTS.smallScreenNoticeBelow - 0.02}px)`)
  const [dismissed, setDismissed] = useState(readDismissed)
  if (!isSmall || dismissed) return null
  const dismiss = () => {
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, 'true')
    } catch {
      // Without session storage the notice is dismissed for this page view only.
    }
    setDismissed(true)
  }
  return (
    <section className={styles.notice} aria-label="Screen size">
      <Icon name="info" />
      <p>{MESSAGES.smallScreen.notice}</p>
      <Button className={styles.dismiss} onPress={dismiss} aria-label="Dismiss screen size notice">
        <Icon name="close" size={18} />
      </Button>
    </section>
  )
}
