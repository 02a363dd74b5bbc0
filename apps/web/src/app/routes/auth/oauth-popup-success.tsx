import { OAuthPopupLanding } from '@/features/integrations/components/oauth-popup-landing'

/** /oauth/popup-success: where the web analytics sign-in popup lands when it succeeds. */
export function Component() {
  return <OAuthPopupLanding result="success" />
}
