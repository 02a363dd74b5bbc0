import type { Account, Organisation } from '@canopy/contracts'
import { AccountForm, useCountries } from '@/components/account/account-form'
import { PageLoader, StatusMessage } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { useUpdateOrganisation } from '../api/organisations'

const LOAD_FAILED_DETAIL = 'The list of countries could not be loaded. Reload the page or try again later.'

/** The organisation in the account form's terms: its name is the account's entryTitle. */
function toAccount(organisation: Organisation): Account {
  const { sys, name, emailAddress, phoneNumber, isBusinessOrOrganisation, location } = organisation
  return {
    sys: { id: sys.id },
    entryTitle: name,
    emailAddress,
    phoneNumber,
    isBusinessOrOrganisation,
    location,
  }
}

/** The Account tab: the organisation's account details in the account form. */
export function AccountTab({ organisation }: { organisation: Organisation }) {
  const countries = useCountries()
  const update = useUpdateOrganisation(organisation.sys.slug)
  if (countries.isError)
    return <StatusMessage title={MESSAGES.account.loadFailed}>{LOAD_FAILED_DETAIL}</StatusMessage>
  if (!countries.data) return <PageLoader />
  return (
    <AccountForm
      account={toAccount(organisation)}
      countries={Object.keys(countries.data)}
      onSave={({ entryTitle, ...fields }) => update.mutateAsync({ ...fields, name: entryTitle })}
      isSaving={update.isPending}
      nameField="name"
    />
  )
}
