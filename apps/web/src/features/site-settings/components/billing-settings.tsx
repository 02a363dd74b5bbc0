import { type Account, type UpdateAccountRequest, UpdateAccountRequestSchema } from '@canopy/contracts'
import { type FormEvent, useState } from 'react'
import { Label, Radio, RadioGroup } from 'react-aria-components'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { PageHeader, PageLoader, StatusMessage } from '@/components/ui/notice'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { readFieldErrors } from '@/lib/field-errors'
import { useAccount, useCountries, useUpdateAccount } from '../api/site-settings'
import styles from './settings.module.css'

const TEXT = MESSAGES.account
const LOAD_FAILED_DETAIL =
  'The account details of this organisation could not be loaded. Reload the page or try again later.'

type Draft = Omit<UpdateAccountRequest, 'location'> & { location: Record<keyof Account['location'], string> }

function toDraft(account: Account): Draft {
  const { location } = account
  return {
    entryTitle: account.entryTitle,
    emailAddress: account.emailAddress ?? '',
    phoneNumber: account.phoneNumber ?? '',
    isBusinessOrOrganisation: account.isBusinessOrOrganisation,
    location: {
      addressLine1: location.addressLine1,
      addressLine2: location.addressLine2 ?? '',
      townOrCity: location.townOrCity,
      county: location.county ?? '',
      postcode: location.postcode,
      country: location.country || TEXT.defaultCountry,
    },
  }
}

/** The same rules as the API's (one schema), messages by field path ('location.postcode'). */
function validateDraft(draft: Draft): Record<string, string> {
  const result = UpdateAccountRequestSchema.safeParse(draft)
  if (result.success) return {}
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]))
}

function AccountForm({
  organisationId,
  account,
  countries,
}: {
  organisationId: string
  account: Account
  countries: string[]
}) {
  const [draft, setDraft] = useState(() => toDraft(account))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const update = useUpdateAccount(organisationId)
  const set = (field: 'entryTitle' | 'emailAddress' | 'phoneNumber') => (value: string) =>
    setDraft({ ...draft, [field]: value })
  const setLocation = (field: keyof Draft['location']) => (value: string) =>
    setDraft({ ...draft, location: { ...draft.location, [field]: value } })
  const text = (label: string, field: 'entryTitle' | 'emailAddress' | 'phoneNumber', required = false) => (
    <TextField
      label={label}
      value={draft[field] ?? ''}
      onChange={set(field)}
      isRequired={required}
      validationBehavior="aria"
      validate={() => errors[field]}
    />
  )
  const address = (label: string, field: keyof Draft['location'], required = false) => (
    <TextField
      label={label}
      value={draft.location[field]}
      onChange={setLocation(field)}
      isRequired={required}
      validationBehavior="aria"
      validate={() => errors[`location.${field}`]}
    />
  )

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const found = validateDraft(draft)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    try {
      await update.mutateAsync(draft)
      showToast(TEXT.updated)
    } catch (error) {
      setErrors(readFieldErrors(error) ?? {})
      showToast(TEXT.updateFailed, 'error')
    }
  }

  return (
    <form className={screenStyles.panel} onSubmit={submit} noValidate aria-labelledby="account-heading">
      <h2 id="account-heading">{TEXT.tab}</h2>
      <RadioGroup
        className={styles.radioGroup}
        value={draft.isBusinessOrOrganisation ? 'organisation' : 'individual'}
        onChange={(value) => setDraft({ ...draft, isBusinessOrOrganisation: value === 'organisation' })}
      >
        <Label>{TEXT.accountType}</Label>
        <Radio value="organisation">{TEXT.organisation}</Radio>
        <Radio value="individual">{TEXT.individual}</Radio>
      </RadioGroup>
      {text(draft.isBusinessOrOrganisation ? 'Organisation name' : 'Full name', 'entryTitle', true)}
      {text(TEXT.emailAddress, 'emailAddress')}
      {text('Phone number', 'phoneNumber')}
      {address('Address line 1', 'addressLine1', true)}
      {address('Address line 2', 'addressLine2')}
      {address('Town/City', 'townOrCity', true)}
      {address('County', 'county')}
      {address('Postcode', 'postcode', true)}
      <SelectField
        label="Country"
        value={draft.location.country}
        options={countries.map((name) => ({ id: name, label: name }))}
        onChange={setLocation('country')}
        errorMessage={errors['location.country']}
      />
      <div className={styles.actions}>
        <Button type="submit" isDisabled={update.isPending}>
          {update.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  )
}

/** settings/billing: the Account tab, the organisation's account details. */
export function BillingSettings({ organisationId }: { organisationId: string }) {
  useDocumentTitle('Billing')
  const account = useAccount(organisationId)
  const countries = useCountries()
  const isPending = account.isPending || countries.isPending
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title="Billing" />
      {isPending ? <PageLoader /> : null}
      {account.isError || countries.isError ? (
        <StatusMessage title={TEXT.loadFailed}>{LOAD_FAILED_DETAIL}</StatusMessage>
      ) : null}
      {account.data && countries.data ? (
        <AccountForm
          organisationId={organisationId}
          account={account.data}
          countries={Object.keys(countries.data)}
        />
      ) : null}
    </div>
  )
}
