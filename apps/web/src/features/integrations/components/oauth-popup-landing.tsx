import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { AuthLayout } from '@/components/layouts/auth-layout'
import { ButtonLink } from '@/components/ui/button'
import { MESSAGES } from '@/config/messages'
import { OAUTH_POPUP, type OAuthPopupResult, postOAuthResult, readOAuthErrorReason } from '../oauth-popup'

const TEXT = {
  success: {
    title: 'Web analytics connected',
    body: 'Google Analytics is connected. Choose its property in Settings, Integrations.',
  },
  error: {
    title: MESSAGES.analytics.oauthError,
    body: 'Google Analytics could not be connected. Close this window and try again from Settings, Integrations.',
  },
  closing: 'This window closes by itself.',
}

/**
 * /oauth/popup-success and /oauth/popup-error: the end of the web analytics sign-in in its popup. It tells
 * the window that opened it how it ended and closes (the opener closes it; it closes itself after 5 s at the
 * latest). Opened on its own, it stays and says what happened.
 */
export function OAuthPopupLanding({ result }: { result: OAuthPopupResult }) {
  const text = TEXT[result]
  const { search } = useLocation()
  const reason = result === 'error' ? readOAuthErrorReason(search) : null
  const [isPopup, setPopup] = useState(false)
  useEffect(() => {
    if (!postOAuthResult({ result, reason })) return
    setPopup(true)
    const timer = window.setTimeout(() => window.close(), OAUTH_POPUP.fallbackCloseMs)
    return () => window.clearTimeout(timer)
  }, [result, reason])
  return (
    <AuthLayout title={text.title}>
      {reason ? <p>{reason}</p> : null}
      <p>{text.body}</p>
      {isPopup ? <p>{TEXT.closing}</p> : <ButtonLink href="/">Go to your sites</ButtonLink>}
    </AuthLayout>
  )
}
