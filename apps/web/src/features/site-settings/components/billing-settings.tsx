import { AccountForm, useCountries } from '@/components/account/account-form'
import screenStyles from '@/components/area/screen.module.css'
import { ButtonLink } from '@/components/ui/button'
import { PageHeader, PageLoader, StatusMessage } from '@/components/ui/notice'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useAccount, useUpdateAccount } from '../api/site-settings'

const TEXT = MESSAGES.account
const LOAD_FAILED_DETAIL =
  'The account details of this organisation could not be loaded. Reload the page or try again later.'

/** settings/billing: the Account tab, the organisation's account details, and the way to its billing. */
export function BillingSettings({ organisation }: { organisation: { id: string; slug: string } }) {
  useDocumentTitle('Billing')
  const account = useAccount(organisation.id)
  const countries = useCountries()
  const update = useUpdateAccount(organisation.id)
  const isPending = account.isPending || countries.isPending
  return (
    <div className={screenStyles.screen}>
      <PageHeader eyebrow="Settings" title="Billing" />
      <p>
        <ButtonLink variant="secondary" href={`/billing/${encodeURIComponent(organisation.slug)}/usage`}>
          {TEXT.openBilling}
        </ButtonLink>
      </p>
      {isPending ? <PageLoader /> : null}
      {account.isError || countries.isError ? (
        <StatusMessage title={TEXT.loadFailed}>{LOAD_FAILED_DETAIL}</StatusMessage>
      ) : null}
      {account.data && countries.data ? (
        <AccountForm
          account={account.data}
          countries={Object.keys(countries.data)}
          onSave={(draft) => update.mutateAsync(draft)}
          isSaving={update.isPending}
        />
      ) : null}
    </div>
  )
}
