import type { FeatureFlag, FeatureFlagList } from '@canopy/contracts'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { StatusMessage } from '@/components/ui/notice'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { SelectField, type SelectOption } from '@/components/ui/select-field'
import { Switch } from '@/components/ui/switch'
import {
  type FeatureFlagState,
  getFeatureFlagsQueryOptions,
  isFeatureFlagActive,
  setLocalFeatureFlag,
  useLocalFeatureFlags,
} from '@/lib/feature-flags'
import { useSetGlobalFeatureFlag, useSetSiteFeatureFlag } from '../api/feature-flags'
import styles from './staff.module.css'

const OVERRIDE_OPTIONS: readonly SelectOption[] = [
  { id: 'inherit', label: 'Inherit' },
  { id: 'on', label: 'On' },
  { id: 'off', label: 'Off' },
]

const overrideId = (value: boolean | null | undefined) => (value == null ? 'inherit' : value ? 'on' : 'off')
const overrideValue = (id: string) => (id === 'inherit' ? null : id === 'on')

type Columns = { staff: boolean; site: string | null; local: boolean }

/**
 * The feature flags with their switches: for staff the global value and the current site's override; on a
 * host that is not production, this browser's own override, for anyone. Shared by /debug/features and the
 * Ctrl+Shift+F switcher.
 */
export function FeatureFlagsPanel({ siteSlug, isStaff }: { siteSlug: string | null; isStaff: boolean }) {
  const flags = useQuery(getFeatureFlagsQueryOptions(siteSlug))
  const local = useLocalFeatureFlags()
  if (flags.isPending) return <StatusMessage title="Loading" />
  if (flags.isError)
    return <StatusMessage title="Could not get the feature flags.">{flags.error.message}</StatusMessage>
  const list = flags.data
  const columns: Columns = { staff: isStaff, site: isStaff ? list.site : null, local: list.localOverrides }
  return (
    <ScrollRegion label="Feature flags" className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className={styles.caption}>
          {list.site ? `Feature flags on the site ${list.site}` : 'Feature flags everywhere'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Flag</th>
            <th scope="col">Description</th>
            <th scope="col">For you</th>
            {columns.staff ? <th scope="col">Global</th> : null}
            {columns.site ? <th scope="col">This site</th> : null}
            {columns.local ? <th scope="col">This browser</th> : null}
          </tr>
        </thead>
        <tbody>
          {list.items.map((flag) => (
            <FlagRow
              key={flag.name}
              flag={flag}
              list={list}
              local={local}
              columns={columns}
              isStaff={isStaff}
            />
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

function FlagRow({
  flag,
  list,
  local,
  columns,
  isStaff,
}: {
  flag: FeatureFlag
  list: FeatureFlagList
  local: FeatureFlagState
  columns: Columns
  isStaff: boolean
}) {
  const active = isFeatureFlagActive(flag.name, { isStaff, list, local })
  // tells the rows' controls apart for screen readers; the column header says it to sighted users
  const hidden = (
    <>
      {' '}
      <span className="visually-hidden">({flag.name})</span>
    </>
  )
  return (
    <tr>
      <th scope="row">{flag.name}</th>
      <td>{flag.description}</td>
      <td>{active ? 'On' : 'Off'}</td>
      {columns.staff ? (
        <td>
          <GlobalSwitch flag={flag} hidden={hidden} />
        </td>
      ) : null}
      {columns.site ? (
        <td>
          <SiteOverride siteSlug={columns.site} flag={flag} hidden={hidden} />
        </td>
      ) : null}
      {columns.local ? (
        <td>
          <SelectField
            label={<>Browser{hidden}</>}
            value={overrideId(local[flag.name])}
            options={OVERRIDE_OPTIONS}
            onChange={(id) => setLocalFeatureFlag(local, flag.name, overrideValue(id))}
          />
        </td>
      ) : null}
    </tr>
  )
}

function GlobalSwitch({ flag, hidden }: { flag: FeatureFlag; hidden: ReactNode }) {
  const change = useSetGlobalFeatureFlag()
  return (
    <>
      <Switch
        isSelected={flag.global}
        isDisabled={change.isPending}
        onChange={(active) => change.mutate({ name: flag.name, active })}
      >
        Everywhere{hidden}
      </Switch>
      {change.isError ? (
        <p className={styles.error} role="alert">
          {change.error.message}
        </p>
      ) : null}
    </>
  )
}

function SiteOverride({
  siteSlug,
  flag,
  hidden,
}: {
  siteSlug: string
  flag: FeatureFlag
  hidden: ReactNode
}) {
  const change = useSetSiteFeatureFlag(siteSlug)
  return (
    <SelectField
      label={<>Site{hidden}</>}
      value={overrideId(flag.override)}
      options={OVERRIDE_OPTIONS}
      isDisabled={change.isPending}
      errorMessage={change.error?.message}
      onChange={(id) => change.mutate({ name: flag.name, active: overrideValue(id) })}
    />
  )
}
