import type { PublicInvite } from '@canopy/contracts'
import { useState } from 'react'
import { AuthLayout } from '@/components/layouts/auth-layout'
import { Button } from '@/components/ui/button'
import { LoginForm } from '@/features/auth/components/login-form'
import { RegisterForm } from '@/features/auth/components/register-form'
import {
  InviteDetails,
  type InviteReference,
  useInviteReference,
} from '@/features/invites/components/invite-page'
import { INVITE_TEXT } from '@/features/invites/labels'

/**
 * A new user registers through the invite (the API accepts it with the registration; an e-mail invite signs
 * them in and the invited site opens). Someone with an account logs in here instead: the signed-in routes
 * then show this same address, with Accept and Decline.
 */
function SignedOutAnswer({ reference, invite }: { reference: InviteReference; invite: PublicInvite }) {
  const email = invite.type === 'email' ? invite.detail : null
  const domain = invite.type === 'link' && invite.detail ? invite.detail : null
  const [loggingIn, setLoggingIn] = useState(false)
  const openSite = () =>
    window.history.replaceState(null, '', `/site/${encodeURIComponent(reference.siteAlias)}`)
  if (loggingIn)
    return (
      <>
        <LoginForm />
        <Button variant="quiet" onPress={() => setLoggingIn(false)}>
          {INVITE_TEXT.registerToAccept}
        </Button>
      </>
    )
  return (
    <>
      <Button variant="secondary" onPress={() => setLoggingIn(true)}>
        {INVITE_TEXT.signInToAccept}
      </Button>
      <RegisterForm invite={{ ...reference, email, domain }} onSignedIn={openSite} />
    </>
  )
}

export function Component() {
  const reference = useInviteReference()
  return (
    <AuthLayout title="Invite">
      <InviteDetails reference={reference}>
        {(invite) => <SignedOutAnswer reference={reference} invite={invite} />}
      </InviteDetails>
    </AuthLayout>
  )
}
