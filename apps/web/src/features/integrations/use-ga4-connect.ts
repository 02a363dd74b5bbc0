import { useCallback, useEffect, useRef, useState } from 'react'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { useRefreshGa4Settings } from './api/tracker-settings'
import { buildGa4AuthUrl, openOAuthPopup, readOAuthResult, watchPopupClosure } from './oauth-popup'

/**
 * Connect: Google's consent for the site in a popup. Its landing page reports success or failure (a failure
 * shows the 'Oauth Error' toast, and its reason stays in the block) and the popup is closed; once it has closed, however that happened, the
 * settings are read again.
 */
export function useGa4Connect(siteSlug: string) {
  const refresh = useRefreshGa4Settings(siteSlug)
  const [isConnecting, setConnecting] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const stopRef = useRef<(() => void) | null>(null)
  useEffect(() => () => stopRef.current?.(), [])
  const connect = useCallback(() => {
    const popup = openOAuthPopup(buildGa4AuthUrl(siteSlug))
    if (!popup) return
    stopRef.current?.()
    setConnecting(true)
    setFailure(null)
    const onMessage = (event: MessageEvent) => {
      const report = readOAuthResult(event)
      if (!report) return
      if (report.result === 'error') {
        showToast(MESSAGES.analytics.oauthError, 'error')
        setFailure(report.reason ?? MESSAGES.analytics.oauthError)
      }
      popup.close()
    }
    window.addEventListener('message', onMessage)
    const stopWatching = watchPopupClosure(popup, () => {
      stop()
      void refresh()
    })
    const stop = () => {
      stopWatching()
      window.removeEventListener('message', onMessage)
      stopRef.current = null
      setConnecting(false)
    }
    stopRef.current = stop
  }, [siteSlug, refresh])
  /** failure: the reason the last sign-in failed, shown in the block until the next attempt */
  return { connect, isConnecting, failure }
}
