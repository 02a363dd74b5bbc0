import type { PublicInvite } from '@canopy/contracts'
import type { ReactNode } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import { TIMING } from '@/config/constants'
import { MESSAGES } from '@/config/messages'
import { useAnswerInvite, usePublicInvite } from '../api/invites'
import { INVITE_TEXT } from '../labels'
import styles from './invites.module.css'

export type InviteReference = { token: string; siteAlias: string }

/** The invite the page's URL names: /invites/:token?siteAlias=<slug>. */
export function useInviteReference(): InviteReference {
  const { token = '' } = useParams()
  const [searchParams] = useSearchParams()
  return { token, siteAlias: searchParams.get('siteAlias') ?? '' }
}

/** An e-mail invite is for its address; a link invite for its domain's addresses, or anyone without one. */
function inviteAudience(type: PublicInvite['type'], detail: string): string {
  if (type === 'email') return INVITE_TEXT.forAddress(detail)
  return detail ? INVITE_TEXT.forDomain(detail) : INVITE_TEXT.forAnyone
}

/** Who the invite is for and to which site, then what the caller offers (answer, sign in or register). */
export function InviteDetails({
  reference,
  children,
}: {
  reference: InviteReference
  children: (invite: PublicInvite) => ReactNode
}) {
  const invite = usePublicInvite(reference.siteAlias, reference.token)
  if (invite.isPending) return <PageLoader />
  if (invite.isError)
    return (
      <NoticePanel icon="info" tone="warning" title="Invite" headingLevel={1}>
        <p>{MESSAGES.invites.invalid}</p>
      </NoticePanel>
    )
  const { type, detail, siteName } = invite.data
  return (
    <div className={styles.invitePage}>
      <p>{INVITE_TEXT.pageIntro(siteName)}</p>
      <p>{inviteAudience(type, detail)}</p>
      {children(invite.data)}
    </div>
  )
}

/** Accept or decline for a signed-in user; the site opens after accepting, the site list after declining. */
export function InviteAnswer({ reference }: { reference: InviteReference }) {
  const answer = useAnswerInvite(reference.siteAlias, reference.token)
  const navigate = useNavigate()
  const respond = (choice: 'accept' | 'decline') =>
    answer.mutate(choice, {
      onSuccess: () => {
        const target = choice === 'accept' ? `/site/${encodeURIComponent(reference.siteAlias)}` : '/'
        setTimeout(() => navigate(target), TIMING.redirectAfterLogoutMs)
      },
    })
  return (
    <>
      {answer.error ? <p role="alert">{answer.error.message}</p> : null}
      {answer.isSuccess && answer.variables === 'decline' ? (
        <p role="status">{INVITE_TEXT.declined}</p>
      ) : null}
      <div className={styles.actions}>
        <Button onPress={() => respond('accept')} isDisabled={answer.isPending || answer.isSuccess}>
          {MESSAGES.invites.accept}
        </Button>
        <Button
          variant="secondary"
          onPress={() => respond('decline')}
          isDisabled={answer.isPending || answer.isSuccess}
        >
          {MESSAGES.invites.decline}
        </Button>
      </div>
    </>
  )
}
