import { PageHeader } from '@/components/ui/notice'
import { InviteAnswer, InviteDetails, useInviteReference } from '@/features/invites/components/invite-page'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** invites/:token for a signed-in user: the invite, to accept or decline. */
export function Component() {
  useDocumentTitle('Invite')
  const reference = useInviteReference()
  return (
    <div>
      <PageHeader title="Invite" />
      <InviteDetails reference={reference}>{() => <InviteAnswer reference={reference} />}</InviteDetails>
    </div>
  )
}
