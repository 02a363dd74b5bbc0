import {
  type Account,
  CountriesSchema,
  type UpdateAccountRequest,
  UpdateAccountRequestSchema,
} from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import { type FormEvent, useState } from 'react'
import { Label, Radio, RadioGroup } from 'react-aria-components'
import screenStyles from '@/components/area/screen.module.css'
import { Button } from '@/components/ui/button'
import { SelectField } from '@/components/ui/select-field'
import { TextField } from '@/components/ui/text-field'
import { showToast } from '@/components/ui/toast'
import { MESSAGES } from '@/config/messages'
import { requestApi } from '@/lib/api-client'
import { readFieldErrors } from '@/lib/field-errors'
import styles from './account-form.module.css'

const TEXT = MESSAGES.account

/** GET /api/v1/crm/countries: the country list never changes while the app runs. */
export function useCountries() {
  return useQuery({
    queryKey: ['crm', 'countries'],
    queryFn: ({ signal }) => requestApi('/api/v1/crm/countries', { schema: CountriesSchema, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  })
}

type Draft = Omit<UpdateAccountRequest, 'location'> & { location: Record<keyof Account['location'], string> }
type TextFieldName = 'entryTitle' | 'emailAddress' | 'phoneNumber'

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

/** The server's field errors, the name's under the form's own field whatever the endpoint calls it. */
function readServerErrors(error: unknown, nameField: string): Record<string, string> {
  const errors = { ...(readFieldErrors(error) ?? {}) }
  const nameError = errors[nameField]
  if (nameError !== undefined && nameField !== 'entryTitle') {
    delete errors[nameField]
    errors.entryTitle = nameError
  }
  return errors
}

export type AccountFormProps = {
  account: Account
  countries: string[]
  /** sends the form; rejects with the API's error */
  onSave: (draft: UpdateAccountRequest) => Promise<unknown>
  isSaving: boolean
  /** the field the endpoint names the account's name by ('entryTitle' or 'name'), to show its error */
  nameField?: string
}

function AccountTypeChoice({ draft, onChange }: { draft: Draft; onChange: (draft: Draft) => void }) {
  return (
    <RadioGroup
      className={styles.radioGroup}
      value={draft.isBusinessOrOrganisation ? 'organisation' : 'individual'}
      onChange={(value) => onChange({ ...draft, isBusinessOrOrganisation: value === 'organisation' })}
    >
      <Label>{TEXT.accountType}</Label>
      <Radio value="organisation">{TEXT.organisation}</Radio>
      <Radio value="individual">{TEXT.individual}</Radio>
    </RadioGroup>
  )
}

/**
 * The account form of an organisation (billing details): account type (Organisation or Individual, which
 * names the name field), contact details and address, checked with the API's rules before it is sent.
 */
export function AccountForm({
  account,
  countries,
  onSave,
  isSaving,
  nameField = 'entryTitle',
}: AccountFormProps) {
  const [draft, setDraft] = useState(() => toDraft(account))
  const [errors, setErrors] = useState<Record<string, string>>({})
  const text = (label: string, field: TextFieldName, required = false) => (
    <TextField
      label={label}
      value={draft[field] ?? ''}
      onChange={(value) => setDraft({ ...draft, [field]: value })}
      isRequired={required}
      validationBehavior="aria"
      validate={() => errors[field]}
    />
  )
  const address = (label: string, field: keyof Draft['location'], required = false) => (
    <TextField
      label={label}
      value={draft.location[field]}
      onChange={(value) => setDraft({ ...draft, location: { ...draft.location, [field]: value } })}
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
      await onSave(draft)
      showToast(TEXT.updated)
    } catch (error) {
      setErrors(readServerErrors(error, nameField))
      showToast(TEXT.updateFailed, 'error')
    }
  }

  return (
    <form className={screenStyles.panel} onSubmit={submit} noValidate aria-labelledby="account-heading">
      <h2 id="account-heading">{TEXT.tab}</h2>
      <AccountTypeChoice draft={draft} onChange={setDraft} />
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
        onChange={(value) => setDraft({ ...draft, location: { ...draft.location, country: value } })}
        errorMessage={errors['location.country']}
      />
      <div className={styles.actions}>
        <Button type="submit" isDisabled={isSaving}>
          {isSaving ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  )
}
