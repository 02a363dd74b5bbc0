import type { SiteConfig } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { PageHeader } from '@/components/ui/notice'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { timeZoneOptions } from '@/lib/schedule-options'
import { useUpdateSite } from '../api/site-settings'
import styles from './settings.module.css'
import { SaveButton, useSettingsSave } from './settings-save'

const FORM_FACTORS = [
  { id: 'desktop', label: 'Desktop' },
  { id: 'mobile', label: 'Mobile' },
]

export const GENERAL_TEXT = {
  saved: 'Site settings saved',
  failed: 'The site settings could not be saved.',
  nameRequired: 'A site name is required.',
}

/** settings (general): the site's name, the device it is scanned as and the time zone its schedule is read in. */
export function GeneralSettings({ site }: { site: SiteConfig }) {
  useDocumentTitle('General settings')
  const siteSlug = site.sys.slug ?? site.sys.id
  const [siteName, setSiteName] = useState(site.siteName)
  const [formFactor, setFormFactor] = useState<string>(site.formFactor)
  const [timeZone, setTimeZone] = useState(site.timeZone)
  const { errors, setErrors, save, isPending } = useSettingsSave(useUpdateSite(siteSlug), GENERAL_TEXT)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!siteName.trim()) return setErrors({ siteName: GENERAL_TEXT.nameRequired })
    await save({
      siteName: siteName.trim(),
      formFactor: formFactor === 'mobile' ? 'mobile' : 'desktop',
      timeZone,
    })
  }

  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title="General" />
      <form className={screenStyles.panel} onSubmit={submit} noValidate aria-label="General settings">
        <TextField
          label="Site name"
          value={siteName}
          onChange={setSiteName}
          isRequired
          validationBehavior="aria"
          validate={() => errors.siteName}
        />
        <TextField
          label="Root URL"
          value={site.rootUri}
          isReadOnly
          description="The address every scan starts from."
        />
        <SelectField
          label="Form factor"
          value={formFactor}
          options={FORM_FACTORS}
          onChange={setFormFactor}
          errorMessage={errors.formFactor}
        />
        <SelectField
          label="Time zone"
          value={timeZone}
          options={timeZoneOptions(site.timeZone)}
          onChange={setTimeZone}
          description="The scan schedule is read in this time zone."
          errorMessage={errors.timeZone}
        />
        <div className={styles.actions}>
          <SaveButton isPending={isPending} />
        </div>
      </form>
    </div>
  )
}
