import { OAuthPopupLanding } from '@/features/integrations/components/oauth-popup-landing'

/** /oauth/popup-error: where the web analytics sign-in popup lands when it fails. */
export function Component() {
  return <OAuthPopupLanding result="error" />
}
