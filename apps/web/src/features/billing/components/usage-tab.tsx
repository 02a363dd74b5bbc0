import {
  type Organisation,
  type OrganisationSiteUsage,
  organisationScanUsageWarning,
  scanUsageWarning,
  toScanUsage,
} from '@canopy/contracts'
import { useState } from 'react'
import { AppLink } from '@/components/ui/app-link'
import { Button } from '@/components/ui/button'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { formatCount, formatDate } from '@/lib/format-values'
import { BILLING_TEXT } from '../labels'
import styles from './billing.module.css'
import { CreditLimitModal } from './credit-limit-modal'
import { UsageWarning } from './usage-warning'

const TEXT = BILLING_TEXT
const COLUMNS = TEXT.siteColumns

/** The credit-limit action exists only while the organisation has a subscription. */
const hasSubscription = (organisation: Organisation) =>
  organisation.productSubscription !== null && organisation.productSubscription.status !== 'canceled'

function Credits({ organisation }: { organisation: Organisation }) {
  const { totalLimit, totalUsage } = organisation.sites.overall
  return (
    <section className={styles.section} aria-labelledby="credits-heading">
      <h2 id="credits-heading">{TEXT.credits}</h2>
      <p>
        <strong>{TEXT.creditsUsed(totalUsage, totalLimit)}</strong>
      </p>
      {totalLimit > 0 ? (
        <meter
          className={styles.meter}
          min={0}
          max={totalLimit}
          value={Math.min(totalUsage, totalLimit)}
          aria-labelledby="credits-heading"
        />
      ) : null}
      <p className={styles.muted}>{TEXT.creditsNote}</p>
      <UsageWarning
        warning={organisationScanUsageWarning(totalUsage, totalLimit)}
        detail={TEXT.reachedNote}
      />
    </section>
  )
}

function SiteRow({
  site,
  onChangeLimit,
}: {
  site: OrganisationSiteUsage
  onChangeLimit: ((site: OrganisationSiteUsage) => void) | null
}) {
  const warning = scanUsageWarning(toScanUsage(site.totalUsage, site.scanLimit))
  return (
    <tr>
      <th scope="row" className={styles.breakable}>
        <AppLink href={`/site/${encodeURIComponent(site.slug)}`}>{site.siteName}</AppLink>
      </th>
      <td className={styles.breakable}>{site.rootUri}</td>
      <td>
        {formatCount(site.totalUsage)}
        <UsageWarning warning={warning} />
      </td>
      <td>{formatCount(site.scanLimit)}</td>
      <td>{site.firstScanned ? formatDate(site.firstScanned) : TEXT.notScannedYet}</td>
      {onChangeLimit ? (
        <td>
          <Button
            size="small"
            variant="secondary"
            onPress={() => onChangeLimit(site)}
            aria-label={`${TEXT.changeCreditLimit}: ${site.siteName}`}
          >
            {TEXT.changeCreditLimit}
          </Button>
        </td>
      ) : null}
    </tr>
  )
}

function SitesTable({
  organisation,
  onChangeLimit,
}: {
  organisation: Organisation
  onChangeLimit: ((site: OrganisationSiteUsage) => void) | null
}) {
  const { items } = organisation.sites
  if (items.length === 0) return <p>{TEXT.noSites}</p>
  return (
    <ScrollRegion label={TEXT.sites} className={styles.tableFrame}>
      <table className={styles.table}>
        <caption className="visually-hidden">{TEXT.sites}</caption>
        <thead>
          <tr>
            <th scope="col">{COLUMNS.site}</th>
            <th scope="col">{COLUMNS.address}</th>
            <th scope="col">{COLUMNS.usage}</th>
            <th scope="col">{COLUMNS.limit}</th>
            <th scope="col">{COLUMNS.firstScanned}</th>
            {onChangeLimit ? <th scope="col">{COLUMNS.actions}</th> : null}
          </tr>
        </thead>
        <tbody>
          {items.map((site) => (
            <SiteRow key={site.slug} site={site} onChangeLimit={onChangeLimit} />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/** The Usage tab: the organisation's credits, each site's usage and, with a subscription, its credit limit. */
export function UsageTab({ organisation }: { organisation: Organisation }) {
  const [editing, setEditing] = useState<OrganisationSiteUsage | null>(null)
  return (
    <div>
      <Credits organisation={organisation} />
      <section className={styles.section} aria-labelledby="sites-heading">
        <h2 id="sites-heading">{TEXT.sites}</h2>
        <SitesTable
          organisation={organisation}
          onChangeLimit={hasSubscription(organisation) ? setEditing : null}
        />
      </section>
      {editing ? (
        <CreditLimitModal
          organisationSlug={organisation.sys.slug}
          site={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  )
}
