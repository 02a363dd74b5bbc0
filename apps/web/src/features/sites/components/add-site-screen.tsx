import type { CreateSiteRequest } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { InlineAlert, PageHeader, PageLoader, StatusMessage } from '@/components/ui/notice'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { useAdministeredOrganisations } from '@/hooks/use-administered-organisations'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { readFieldErrors } from '@/lib/field-errors'
import { DAY_OPTIONS, HOUR_OPTIONS, timeZoneOptions } from '@/lib/schedule-options'
import { useCheckSiteUrl, useCreateSite } from '../api/create-site'
import styles from './add-site.module.css'

export const ADD_SITE_TEXT = {
  title: 'Add site',
  noOrganisation: 'You need to be an administrator of an organisation to create a site.',
  nameRequired: 'A site name is required.',
  rootInvalid: 'Enter a full web address starting with http:// or https://',
  ruleRequired: 'A value is required.',
  sectionNameRequired: 'A section name is required when a rule is given.',
  created: (siteName: string) => `${siteName} has been added. Its first scan is queued.`,
  failed: 'The site could not be added.',
  checking: 'Checking the address...',
  addAnyway: 'Add site anyway',
}

type Draft = {
  organisationId: string
  siteName: string
  rootUri: string
  sectionName: string
  sectionRule: string
  scanDay: string
  scanHour: string
  timeZone: string
}

const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

function isWebAddress(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol)
  } catch {
    return false
  }
}

/** The form's own checks (the API checks the same and more); messages by field. */
function checkDraft(draft: Draft): Record<string, string> {
  const errors: Record<string, string> = {}
  if (!draft.siteName.trim()) errors.siteName = ADD_SITE_TEXT.nameRequired
  if (!isWebAddress(draft.rootUri.trim())) errors.rootUri = ADD_SITE_TEXT.rootInvalid
  if (draft.sectionName.trim() && !draft.sectionRule.trim()) errors.sectionRule = ADD_SITE_TEXT.ruleRequired
  if (draft.sectionRule.trim() && !draft.sectionName.trim())
    errors.sectionName = ADD_SITE_TEXT.sectionNameRequired
  return errors
}

function toRequest(draft: Draft): CreateSiteRequest {
  const sectionName = draft.sectionName.trim()
  return {
    organisationId: draft.organisationId || undefined,
    siteName: draft.siteName.trim(),
    rootUri: draft.rootUri.trim(),
    scanDay: Number(draft.scanDay),
    scanHour: Number(draft.scanHour),
    timeZone: draft.timeZone,
    ...(sectionName
      ? {
          firstSection: {
            title: sectionName,
            conditions: [
              {
                matchType: 'Includes',
                source: 'Path',
                operator: 'Starts with',
                value: draft.sectionRule.trim(),
              },
            ],
          },
        }
      : {}),
  }
}

/** The API names a first section's rule by its path in the body; the form shows it on the rule field. */
function placeErrors(errors: Record<string, string>): Record<string, string> {
  const placed: Record<string, string> = {}
  for (const [field, message] of Object.entries(errors)) {
    if (field.startsWith('firstSection.conditions')) placed.sectionRule = message
    else if (field.startsWith('firstSection')) placed.sectionName = message
    else placed[field] = message
  }
  return placed
}

/** When the weekly scan runs: a day and an hour in the site's time zone (the browser's by default). */
function ScheduleFields({
  draft,
  errors,
  set,
}: {
  draft: Draft
  errors: Record<string, string>
  set: (field: keyof Draft) => (value: string) => void
}) {
  return (
    <fieldset className={styles.group}>
      <legend>Weekly scan</legend>
      <div className={styles.row}>
        <SelectField
          label="Scan day"
          value={draft.scanDay}
          options={DAY_OPTIONS}
          onChange={set('scanDay')}
          errorMessage={errors.scanDay}
        />
        <SelectField
          label="Scan hour"
          value={draft.scanHour}
          options={HOUR_OPTIONS}
          onChange={set('scanHour')}
          errorMessage={errors.scanHour}
        />
      </div>
      <SelectField
        label="Time zone"
        value={draft.timeZone}
        options={timeZoneOptions(draft.timeZone)}
        onChange={set('timeZone')}
        errorMessage={errors.timeZone}
      />
    </fieldset>
  )
}

type Verdict = { url: string; reachable: boolean; message: string }

function buttonLabel(isChecking: boolean, isCreating: boolean, verdict: Verdict | null): string {
  if (isChecking) return ADD_SITE_TEXT.checking
  if (isCreating) return 'Adding...'
  return verdict && !verdict.reachable ? ADD_SITE_TEXT.addAnyway : ADD_SITE_TEXT.title
}

/**
 * The root's check: a refused address is an error on the field; one that does not answer is said, and the
 * next submit of the same address adds the site anyway (the first scan will tell again).
 */
function useRootCheck(setErrors: (errors: Record<string, string>) => void) {
  const check = useCheckSiteUrl()
  const [verdict, setVerdict] = useState<Verdict | null>(null)
  const checkRoot = async (url: string): Promise<boolean> => {
    if (verdict && verdict.url === url && !verdict.reachable) return true
    try {
      const answer = await check.mutateAsync(url)
      setVerdict({ url, reachable: answer.reachable, message: answer.message })
      return answer.reachable
    } catch (error) {
      setVerdict(null)
      const refused = readFieldErrors(error, 'url')?.url
      setErrors({ rootUri: refused ?? ADD_SITE_TEXT.failed })
      return false
    }
  }
  return { checkRoot, verdict, isChecking: check.isPending }
}

function AddSiteForm({ organisations }: { organisations: { id: string; label: string }[] }) {
  const [draft, setDraft] = useState<Draft>({
    organisationId: organisations[0]?.id ?? '',
    siteName: '',
    rootUri: '',
    sectionName: '',
    sectionRule: '',
    scanDay: '1',
    scanHour: '3',
    timeZone: browserTimeZone(),
  })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const create = useCreateSite()
  const navigate = useNavigate()
  const { checkRoot, verdict, isChecking } = useRootCheck(setErrors)
  const set = (field: keyof Draft) => (value: string) => setDraft({ ...draft, [field]: value })
  const text = (
    label: string,
    field: keyof Draft,
    extra: { description?: string; isRequired?: boolean; type?: string } = {},
  ) => (
    <TextField
      label={label}
      value={draft[field]}
      onChange={set(field)}
      validationBehavior="aria"
      validate={() => errors[field]}
      {...extra}
    />
  )

  /** The root is checked first (reachable, robots.txt); an address that does not answer needs a second go. */
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = checkDraft(draft)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const checked = await checkRoot(draft.rootUri.trim())
    if (!checked) return
    try {
      const site = await create.mutateAsync(toRequest(draft))
      showToast(ADD_SITE_TEXT.created(site.siteName))
      navigate(`/site/${encodeURIComponent(site.sys.slug ?? site.sys.id)}`)
    } catch (error) {
      setErrors(placeErrors(readFieldErrors(error) ?? {}))
      showToast(error instanceof Error && error.message ? error.message : ADD_SITE_TEXT.failed, 'error')
    }
  }

  return (
    <form className={screenStyles.panel} onSubmit={submit} noValidate aria-label={ADD_SITE_TEXT.title}>
      {organisations.length > 1 ? (
        <SelectField
          label="Organisation"
          value={draft.organisationId}
          options={organisations}
          onChange={set('organisationId')}
          errorMessage={errors.organisationId}
        />
      ) : null}
      {text('Site name', 'siteName', { isRequired: true })}
      {text('Root URL', 'rootUri', {
        isRequired: true,
        type: 'url',
        description: 'The address every scan starts from, e.g. https://www.example.org/',
      })}
      <fieldset className={styles.group}>
        <legend>First section (optional)</legend>
        {text('Section name', 'sectionName')}
        {text('Pages whose path starts with', 'sectionRule', { description: 'For example /news/' })}
      </fieldset>
      <ScheduleFields draft={draft} errors={errors} set={set} />
      {verdict ? <InlineAlert>{verdict.message}</InlineAlert> : null}
      <div className={styles.actions}>
        <Button type="submit" isDisabled={create.isPending || isChecking}>
          {buttonLabel(isChecking, create.isPending, verdict)}
        </Button>
      </div>
    </form>
  )
}

/** /sites/new: a site is added in an organisation the user administers; its first scan is queued at once. */
export function AddSiteScreen() {
  useDocumentTitle(ADD_SITE_TEXT.title)
  const organisations = useAdministeredOrganisations()
  const options = (organisations.data ?? []).map((organisation) => ({
    id: organisation.sys.id,
    label: organisation.entryTitle,
  }))
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Sites" title={ADD_SITE_TEXT.title} />
      {organisations.isPending ? <PageLoader /> : null}
      {organisations.isError ? (
        <StatusMessage title={MESSAGES.detailError.title}>{MESSAGES.detailError.body}</StatusMessage>
      ) : null}
      {organisations.data && options.length === 0 ? (
        <StatusMessage title={ADD_SITE_TEXT.noOrganisation} />
      ) : null}
      {options.length > 0 ? <AddSiteForm organisations={options} /> : null}
    </div>
  )
}
