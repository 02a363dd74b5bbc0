import { PROFILE_MESSAGES } from '@canopy/contracts'
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components'
import tabStyles from '@/components/ui/tabs.module.css'
import { MESSAGES } from '@/config/messages'
import { useDocumentTitle } from '@/hooks/use-document-title'
import { useCurrentProfile } from '../api/profile-api'
import { DetailsTab } from './details-tab'
import { MarketingTab } from './marketing-tab'
import { PasswordTab } from './password-tab'
import styles from './profile.module.css'
import { SessionsTab } from './sessions-tab'
import { TokensTab } from './tokens-tab'
import { TWO_STEP_TEXT, TwoStepTab } from './two-step-tab'

/**
 * /userprofile: the signed-in user's details, marketing preferences, password, two-step verification,
 * sessions and API tokens.
 */
export function ProfileScreen() {
  const profile = useCurrentProfile()
  const title = profile.data
    ? `${profile.data.firstName} ${profile.data.lastName} ${PROFILE_MESSAGES.userAccount}`
    : PROFILE_MESSAGES.userAccount
  useDocumentTitle(title)
  if (!profile.data) {
    return (
      <div className={styles.screen}>
        {profile.isError ? <p role="alert">{PROFILE_MESSAGES.roleUpdateFailed}</p> : <p>Loading…</p>}
      </div>
    )
  }
  return (
    <div className={styles.screen}>
      <h1>{title}</h1>
      <Tabs className={tabStyles.tabs}>
        <TabList aria-label="User account" className={tabStyles.tabList}>
          <Tab id="details" className={tabStyles.tab}>
            {MESSAGES.userDetail.personalDetails}
          </Tab>
          <Tab id="marketing" className={tabStyles.tab}>
            {MESSAGES.userDetail.marketingPreferences}
          </Tab>
          <Tab id="password" className={tabStyles.tab}>
            Password
          </Tab>
          <Tab id="two-step" className={tabStyles.tab}>
            {TWO_STEP_TEXT.heading}
          </Tab>
          <Tab id="sessions" className={tabStyles.tab}>
            Sessions
          </Tab>
          <Tab id="tokens" className={tabStyles.tab}>
            API tokens
          </Tab>
        </TabList>
        <TabPanel id="details">
          <DetailsTab profile={profile.data} />
        </TabPanel>
        <TabPanel id="marketing">
          <MarketingTab profile={profile.data} />
        </TabPanel>
        <TabPanel id="password">
          <PasswordTab />
        </TabPanel>
        <TabPanel id="two-step">
          <TwoStepTab />
        </TabPanel>
        <TabPanel id="sessions">
          <SessionsTab />
        </TabPanel>
        <TabPanel id="tokens">
          <TokensTab />
        </TabPanel>
      </Tabs>
    </div>
  )
}
