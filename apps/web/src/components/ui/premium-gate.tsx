import { MESSAGES } from '@/config/messages'
import { ButtonLink } from './button'
import { Icon } from './icon'
import { NoticePanel } from './notice'
import styles from './notice.module.css'

/**
 * A site that is not paying sees this promotion instead of a premium feature, with the
 * 'Premium' tag and a button to the organisation's plans.
 */
export function PremiumGate({
  feature,
  plansHref,
  headingLevel = 2,
}: {
  feature: string
  plansHref: string
  headingLevel?: 1 | 2
}) {
  return (
    <NoticePanel icon="star" title={`${feature} is a premium feature`} headingLevel={headingLevel}>
      <span className={styles.tag}>
        <Icon name="star" size={16} />
        {MESSAGES.premium.tag}
      </span>
      <p>
        Upgrade this site's plan to see its {feature.toLowerCase()} results, track them over time and share
        them with your team.
      </p>
      <ButtonLink href={plansHref}>{MESSAGES.premium.seeFeatures}</ButtonLink>
    </NoticePanel>
  )
}
