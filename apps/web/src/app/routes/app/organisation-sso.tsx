import { useParams } from 'react-router'
import screenStyles from '@/components/area/screen.module.css'
import { PageHeader } from '@/components/ui/notice'
import { SsoProvidersPanel } from '@/features/sso/components/sso-providers-panel'
import { useDocumentTitle } from '@/hooks/use-document-title'

/** /organisations/:id/sso: the organisation's single sign-on, for its administrators. */
export function Component() {
  const { id = '' } = useParams()
  useDocumentTitle('Single sign-on')
  return (
    <div className={screenStyles.screen}>
      <PageHeader title="Organisation settings" subtitle="Single sign-on for your organisation's members" />
      <SsoProvidersPanel organisationId={id} />
    </div>
  )
}
