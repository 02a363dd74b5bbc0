import type { SiteConfig } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { Modal } from '@/components/ui/modal'
import { PageHeader } from '@/components/ui/notice'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { clearActiveSiteIfMatches } from '@/lib/active-site'
import { useDeleteSite } from '../api/site-settings'
import styles from './settings.module.css'

export const DANGER_TEXT = {
  heading: 'Delete this site',
  explain:
    'Deleting the site removes its scans, pages, issues, sections, members, schedule and stored screenshots for everyone. A scan running now is stopped. This cannot be undone.',
  confirmLabel: (siteName: string) => `Type ${siteName} to confirm`,
  mismatch: 'Type the site name exactly as shown.',
  deleted: (siteName: string) => `${siteName} has been deleted`,
  failed: 'The site could not be deleted.',
}

/** The confirmation: the site is deleted only once its exact name is typed. */
function DeleteSiteForm({ site, close }: { site: SiteConfig; close: () => void }) {
  const siteSlug = site.sys.slug ?? site.sys.id
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | undefined>()
  const remove = useDeleteSite(siteSlug)
  const navigate = useNavigate()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (typed.trim() !== site.siteName) return setError(DANGER_TEXT.mismatch)
    try {
      await remove.mutateAsync()
      clearActiveSiteIfMatches(siteSlug)
      showToast(DANGER_TEXT.deleted(site.siteName))
      close()
      navigate('/', { replace: true })
    } catch {
      showToast(DANGER_TEXT.failed, 'error')
    }
  }
  return (
    <form onSubmit={submit} noValidate>
      <p>{DANGER_TEXT.explain}</p>
      <TextField
        label={DANGER_TEXT.confirmLabel(site.siteName)}
        value={typed}
        onChange={(value) => {
          setTyped(value)
          setError(undefined)
        }}
        autoFocus
        validationBehavior="aria"
        validate={() => error}
      />
      <div className={styles.actions}>
        <Button variant="secondary" onPress={close}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" isDisabled={remove.isPending}>
          {remove.isPending ? 'Deleting...' : 'Delete site'}
        </Button>
      </div>
    </form>
  )
}

/** settings/danger-zone: deleting the site, behind a typed confirmation. */
export function DangerZone({ site }: { site: SiteConfig }) {
  useDocumentTitle('Danger zone')
  const [isOpen, setOpen] = useState(false)
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title="Danger zone" />
      <section className={`${screenStyles.panel} ${styles.danger}`} aria-labelledby="delete-site-heading">
        <h2 id="delete-site-heading">{DANGER_TEXT.heading}</h2>
        <p>{DANGER_TEXT.explain}</p>
        <div className={styles.actions}>
          <Button variant="danger" onPress={() => setOpen(true)}>
            Delete site
          </Button>
        </div>
      </section>
      <Modal title={DANGER_TEXT.heading} isOpen={isOpen} onOpenChange={setOpen}>
        {(close) => <DeleteSiteForm site={site} close={close} />}
      </Modal>
    </div>
  )
}
