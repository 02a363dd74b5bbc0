import { ButtonLink } from '@/components/ui/button'
import { NoticePanel } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useActiveSite } from '@/lib/active-site'
import { sitePath } from '@/lib/site-paths'
import styles from './error-views.module.css'

/** 'Dashboard' leads to the active site when there is one; 'Site selector' always to /. */
function RecoveryLinks() {
  const activeSite = useActiveSite()
  return (
    <div className={styles.links}>
      {activeSite ? (
        <ButtonLink href={sitePath(activeSite)}>{MESSAGES.errorPage.dashboard}</ButtonLink>
      ) : null}
      <ButtonLink href="/" variant="secondary">
        {MESSAGES.errorPage.siteSelector}
      </ButtonLink>
    </div>
  )
}

/** /500: where a signed-in user lands when their data fails to load. */
export function ServerErrorView() {
  useDocumentTitle('Error')
  return (
    <NoticePanel icon="alert" tone="danger" title="Error" headingLevel={1}>
      <p>{MESSAGES.errorPage.body}</p>
      <RecoveryLinks />
    </NoticePanel>
  )
}

/** The signed-in not-found view, also shown for screens this user or site cannot use. */
export function NotFoundView() {
  useDocumentTitle('Page not found')
  return (
    <NoticePanel icon="info" title="Page not found" headingLevel={1}>
      <p>
        There is no page at this address. It may have moved, or the link that brought you here may be out of
        date.
      </p>
      <RecoveryLinks />
    </NoticePanel>
  )
}
