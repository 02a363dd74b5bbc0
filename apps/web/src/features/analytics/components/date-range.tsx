import {
  ANALYTICS_INTERVAL_KEYS,
  ANALYTICS_INTERVALS,
  type AnalyticsInterval,
  DEFAULT_ANALYTICS_INTERVAL,
} from '@canopy/contracts'
import { Label, Radio, RadioGroup } from 'react-aria-components'
import { useSearchParams } from 'react-router'
import styles from './analytics.module.css'

/** The range in ?interval=; anything else is the default, as the API would refuse it. */
export function useAnalyticsInterval(): [AnalyticsInterval, (next: AnalyticsInterval) => void] {
  const [searchParams, setSearchParams] = useSearchParams()
  const raw = searchParams.get('interval')
  const interval = ANALYTICS_INTERVAL_KEYS.find((key) => key === raw) ?? DEFAULT_ANALYTICS_INTERVAL
  const choose = (next: AnalyticsInterval) =>
    setSearchParams(
      (current) => {
        const params = new URLSearchParams(current)
        params.set('interval', next)
        // another range holds other rows: the list on the screen starts again at its first page
        params.delete('page')
        return params
      },
      { replace: true },
    )
  return [interval, choose]
}

/**
 * The date range as a group of radio buttons (arrow keys move and choose, Tab leaves), kept in the URL so a
 * link or a reload shows the same range.
 */
export function DateRangePicker({
  value,
  onChange,
}: {
  value: AnalyticsInterval
  onChange: (next: AnalyticsInterval) => void
}) {
  return (
    <RadioGroup
      className={styles.range}
      orientation="horizontal"
      value={value}
      onChange={(next) => onChange(next as AnalyticsInterval)}
    >
      <Label className={styles.rangeLabel}>Date range</Label>
      <div className={styles.rangeOptions}>
        {ANALYTICS_INTERVAL_KEYS.map((key) => (
          <Radio key={key} value={key} className={styles.rangeOption}>
            {ANALYTICS_INTERVALS[key].label}
          </Radio>
        ))}
      </div>
    </RadioGroup>
  )
}
