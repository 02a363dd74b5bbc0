import type { Organisation } from '@canopy/contracts'
import type { ReactNode } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import screenStyles from '@/components/area/screen.module.css'
import { BreadcrumbHeader } from '@/components/ui/breadcrumb-header'
import { ButtonLink } from '@/components/ui/button'
import { NoticePanel, PageLoader } from '@/components/ui/notice'
import tabStyles from '@/components/ui/tabs.module.css'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useGoBack } from '@/hooks/use-go-back'
import { isApiError } from '@/lib/api-client'
import { useOrganisation } from '../api/organisations'
import { BILLING_TABS, BILLING_TEXT, type BillingTab } from '../labels'
import { AccountTab } from './account-tab'
import { PricingTab } from './pricing-tab'
import { UsageTab } from './usage-tab'

const TEXT = BILLING_TEXT

export type OrganisationScreenProps = {
  slug: string
  tab: BillingTab
  onTabChange: (tab: BillingTab) => void
  /** the Single sign-on tab's content (another feature's panel, composed by the route) */
  renderSingleSignOn: (organisationId: string) => ReactNode
}

/** Not found (or not the user's to administer), or it could not be loaded. */
function OrganisationUnavailable({ error }: { error: unknown }) {
  const isMissing = isApiError(error, 404) || isApiError(error, 403)
  return (
    <NoticePanel
      icon="alert"
      tone="danger"
      title={isMissing ? TEXT.notFound : MESSAGES.detailError.title}
      headingLevel={1}
    >
      {isMissing ? null : <p>{MESSAGES.detailError.body}</p>}
      <ButtonLink variant="secondary" href="/billing">
        {TEXT.backToBilling}
      </ButtonLink>
    </NoticePanel>
  )
}

function OrganisationTabs({
  organisation,
  tab,
  onTabChange,
  renderSingleSignOn,
}: OrganisationScreenProps & { organisation: Organisation }) {
  return (
    <Tabs
      selectedKey={tab}
      onSelectionChange={(key) => onTabChange(key as BillingTab)}
      className={tabStyles.tabs}
    >
      <TabList aria-label={TEXT.tabsLabel} className={tabStyles.tabList}>
        {BILLING_TABS.map((id) => (
          <Tab key={id} id={id} className={tabStyles.tab}>
            {TEXT.tabs[id]}
          </Tab>
        ))}
      </TabList>
      <TabPanel id="account" className={tabStyles.tabPanel}>
        <AccountTab organisation={organisation} />
      </TabPanel>
      <TabPanel id="usage" className={tabStyles.tabPanel}>
        <UsageTab organisation={organisation} />
      </TabPanel>
      <TabPanel id="pricing" className={tabStyles.tabPanel}>
        <PricingTab organisation={organisation} />
      </TabPanel>
      <TabPanel id="sso" className={tabStyles.tabPanel}>
        {renderSingleSignOn(organisation.sys.id)}
      </TabPanel>
    </Tabs>
  )
}

/** billing/:slug/:tab: one organisation's account details, scan usage and subscription, by tab. */
export function OrganisationScreen(props: OrganisationScreenProps) {
  const organisation = useOrganisation(props.slug)
  const goBack = useGoBack()
  useDocumentTitle(organisation.data ? `${organisation.data.name} - ${TEXT.tabs[props.tab]}` : TEXT.title)
  if (organisation.isError) return <OrganisationUnavailable error={organisation.error} />
  if (!organisation.data) return <PageLoader />
  return (
    <div className={screenStyles.screen}>
      <BreadcrumbHeader
        title={organisation.data.name}
        crumbs={[{ label: TEXT.title, href: '/billing' }]}
        fallbackHref="/billing"
        onBack={goBack}
      />
      <OrganisationTabs {...props} organisation={organisation.data} />
    </div>
  )
}
