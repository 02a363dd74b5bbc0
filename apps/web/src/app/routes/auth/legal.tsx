import { Navigate, useParams } from 'react-router'
import { AuthLayout } from '@/components/layouts/auth-layout'
import { ButtonLink } from '@/components/ui/button'
import { MESSAGES } from '@/config/messages'

const PAGES: Record<string, { title: string; body: string }> = {
  'terms-of-use': {
    title: MESSAGES.login.termsOfUse,
    body: 'Canopy is run here by your organisation. Ask the administrator of this installation for the terms of use that apply to it.',
  },
  'privacy-policy': {
    title: MESSAGES.login.privacyPolicy,
    body: 'Canopy is run here by your organisation, which decides how your data is kept. Ask the administrator of this installation for its privacy policy.',
  },
  'contact-us': {
    title: MESSAGES.login.contactUs,
    body: 'This Canopy installation is run by your organisation. For help with your account, contact its administrator.',
  },
}

/** The login footer links when the installation has not configured its own pages (config/links.ts). */
export function Component() {
  const page = PAGES[useParams().page ?? '']
  if (!page) return <Navigate to="/" replace />
  return (
    <AuthLayout title={page.title}>
      <p>{page.body}</p>
      <ButtonLink href="/" variant="secondary">
        {MESSAGES.login.login}
      </ButtonLink>
    </AuthLayout>
  )
}
