import { useLocation, useParams } from 'react-router'
import { NotFoundView } from '@/components/errors/error-views'
import { ContactListScreen } from '@/features/inventory/components/contact-list'
import { DocumentListScreen } from '@/features/inventory/components/document-list'
import { ItemPagesScreen } from '@/features/inventory/components/item-pages'
import { MediaListScreen } from '@/features/inventory/components/media-list'
import { CONTACT_SCREENS, DOCUMENT_SCREENS } from '@/features/inventory/labels'
import { parseSitePath } from '@/lib/site-paths'
import { AreaGate, type AreaScope, AreaSectionSwitcher } from './area-gate'

const isDocumentScreen = (list: string): list is keyof typeof DOCUMENT_SCREENS => list in DOCUMENT_SCREENS
const isContactScreen = (list: string): list is keyof typeof CONTACT_SCREENS => list in CONTACT_SCREENS

/** The list a path names (inventory/{list}), with the screen of that list. */
function InventoryList({ scope, list }: { scope: AreaScope; list: string }) {
  const props = {
    siteSlug: scope.siteSlug,
    sectionSlug: scope.sectionSlug,
    sectionId: scope.sectionId,
    headerActions: <AreaSectionSwitcher scope={scope} />,
  }
  if (isDocumentScreen(list)) return <DocumentListScreen screen={list} {...props} />
  if (isContactScreen(list)) return <ContactListScreen screen={list} {...props} />
  if (list === 'media') return <MediaListScreen {...props} />
  return <NotFoundView />
}

/**
 * inventory/pdfs, documents, archives, spreadsheets, powerpoints, media (behind its flag), email and
 * telephone, and the pages of one e-mail address, telephone number or PDF (inventory/{kind}/:link), under the
 * site or one of its sections.
 */
export function Component() {
  const { pathname } = useLocation()
  const { link } = useParams()
  const [, list = ''] = (parseSitePath(pathname)?.rest ?? '').split('/')
  return (
    <AreaGate>
      {(scope) =>
        link === undefined ? (
          <InventoryList scope={scope} list={list} />
        ) : (
          <ItemPagesScreen
            kind={list === 'pdfs' ? 'pdfs' : list === 'telephone' ? 'telephone' : 'email'}
            itemId={link}
            siteSlug={scope.siteSlug}
            sectionSlug={scope.sectionSlug}
            sectionId={scope.sectionId}
          />
        )
      }
    </AreaGate>
  )
}
