import type { SiteConfig } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import screenStyles from '@/components/area/screen.module.css'
import { ScanUsageNotice } from '@/components/scans/scan-usage'
import { Checkbox } from '@/components/ui/checkbox'
import { PageHeader } from '@/components/ui/notice'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { readFieldErrors } from '@/lib/field-errors'
import { DAY_OPTIONS, HOUR_OPTIONS } from '@/lib/schedule-options'
import { useUpdateScanLimit, useUpdateSite } from '../api/site-settings'
import { AccessibilityStandardFields, useAccessibilityStandard } from './accessibility-standard'
import styles from './settings.module.css'
import { SaveButton, useSettingsSave } from './settings-save'

export const SCANS_TEXT = {
  saved: 'Scan settings saved',
  failed: 'The scan settings could not be saved.',
  customSchedule: (pattern: string) =>
    `The schedule is a custom pattern (${pattern}); choosing a day and an hour replaces it.`,
  pageLimit: 'Enter a page limit from 1 to 100000.',
  scanLimit: 'Enter a scan limit from 1 to 1000000.',
}

const toNumber = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN)

/**
 * The weekly schedule, the pages per scan, the user agent, robots.txt respect and the accessibility standard:
 * one PUT of the site.
 */
function ScanOptionsForm({ site }: { site: SiteConfig }) {
  const siteSlug = site.sys.slug ?? site.sys.id
  const [scanDay, setScanDay] = useState(String(site.scanDay ?? 1))
  const [scanHour, setScanHour] = useState(String(site.scanHour ?? 3))
  const [pageLimit, setPageLimit] = useState(String(site.maximumPageLimitPerScan))
  const [userAgent, setUserAgent] = useState(site.userAgent ?? '')
  const [respectRobots, setRespectRobots] = useState(site.respectRobots)
  const standard = useAccessibilityStandard(site)
  const { errors, setErrors, save, isPending } = useSettingsSave(useUpdateSite(siteSlug), SCANS_TEXT)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const maximumPageLimitPerScan = toNumber(pageLimit)
    if (!Number.isInteger(maximumPageLimitPerScan) || maximumPageLimitPerScan < 1)
      return setErrors({ maximumPageLimitPerScan: SCANS_TEXT.pageLimit })
    await save({
      scanDay: Number(scanDay),
      scanHour: Number(scanHour),
      maximumPageLimitPerScan,
      userAgent: userAgent.trim() || null,
      respectRobots,
      accessibility: standard.settings,
    })
  }

  return (
    <form className={screenStyles.panel} onSubmit={submit} noValidate aria-labelledby="scan-options-heading">
      <h2 id="scan-options-heading">Schedule and crawling</h2>
      {site.scanDay === null ? <p>{SCANS_TEXT.customSchedule(site.scanSchedule)}</p> : null}
      <div className={styles.row}>
        <SelectField
          label="Scan day"
          value={scanDay}
          options={DAY_OPTIONS}
          onChange={setScanDay}
          errorMessage={errors.scanDay}
        />
        <SelectField
          label="Scan hour"
          value={scanHour}
          options={HOUR_OPTIONS}
          onChange={setScanHour}
          description={`In the site's time zone, ${site.timeZone} (General settings).`}
          errorMessage={errors.scanHour}
        />
      </div>
      <TextField
        label="Page limit per scan"
        inputMode="numeric"
        value={pageLimit}
        onChange={setPageLimit}
        validationBehavior="aria"
        validate={() => errors.maximumPageLimitPerScan}
      />
      <TextField
        label="User agent"
        value={userAgent}
        onChange={setUserAgent}
        description="Leave empty to scan with the scanner's own user agent."
        validationBehavior="aria"
        validate={() => errors.userAgent}
      />
      <Checkbox isSelected={respectRobots} onChange={setRespectRobots}>
        Respect robots.txt (pages it disallows are not scanned)
      </Checkbox>
      <AccessibilityStandardFields standard={standard} errors={errors} />
      <div className={styles.actions}>
        <SaveButton isPending={isPending} />
      </div>
    </form>
  )
}

/** The pages the site may scan per month (its credit limit), saved on its own with its own toast. */
function ScanLimitForm({ site }: { site: SiteConfig }) {
  const siteSlug = site.sys.slug ?? site.sys.id
  const [scanLimit, setScanLimit] = useState(String(site.scanLimit))
  const [error, setError] = useState<string | undefined>()
  const update = useUpdateScanLimit(siteSlug)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const value = toNumber(scanLimit)
    if (!Number.isInteger(value) || value < 1) return setError(SCANS_TEXT.scanLimit)
    setError(undefined)
    try {
      await update.mutateAsync(value)
      showToast(MESSAGES.siteSettings.creditLimitUpdated)
    } catch (failure) {
      // The server's message, or the generic one, goes on the field.
      setError(readFieldErrors(failure, 'scanLimit')?.scanLimit ?? MESSAGES.siteSettings.somethingWentWrong)
    }
  }
  return (
    <form className={screenStyles.panel} onSubmit={submit} noValidate aria-labelledby="scan-limit-heading">
      <h2 id="scan-limit-heading">Scan limit</h2>
      <ScanUsageNotice usage={site.scanUsage} />
      <TextField
        label="Pages per month"
        inputMode="numeric"
        value={scanLimit}
        onChange={setScanLimit}
        validationBehavior="aria"
        validate={() => error}
      />
      <div className={styles.actions}>
        <SaveButton isPending={update.isPending} label="Save scan limit" />
      </div>
    </form>
  )
}

/**
 * settings/scans: schedule, limits, user agent, robots.txt and the accessibility standard; scanning behind a
 * login has its own block.
 */
export function ScanSettings({ site, loginSettings }: { site: SiteConfig; loginSettings?: React.ReactNode }) {
  useDocumentTitle('Scan settings')
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title="Scans" />
      <ScanOptionsForm site={site} />
      <ScanLimitForm site={site} />
      {loginSettings}
    </div>
  )
}
