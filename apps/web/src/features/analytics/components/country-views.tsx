import type { ViewsPerCountry } from '@canopy/contracts'
import { lazy, Suspense, useMemo } from 'react'
import { ScrollRegion } from '@/components/ui/scroll-region'
import { MESSAGES } from '@/config/messages'
import { formatCount } from '@/lib/format-values'
import { formatPercent, groupCountryShares } from '../country-share'
import { MAP_BORDER_COLOUR, MAP_NO_DATA_COLOUR, type MapStep, mapSteps } from '../map-colours'
import styles from './analytics.module.css'

/** The map and its atlas load only when the map is on screen, so they stay out of the first download. */
const WorldMapCanvas = lazy(() => import('./world-map-canvas'))

function Swatch({ colour }: { colour: string }) {
  return (
    <span
      className={styles.swatch}
      style={{ background: colour, borderColor: MAP_BORDER_COLOUR }}
      aria-hidden="true"
    />
  )
}

/** What each colour of the map stands for. */
function MapLegend({ steps }: { steps: readonly MapStep[] }) {
  return (
    <ul className={styles.legend} aria-label="Map legend: page views per country">
      <li>
        <Swatch colour={MAP_NO_DATA_COLOUR} />
        No views
      </li>
      {steps.map((step) => (
        <li key={step.from}>
          <Swatch colour={step.colour} />
          {step.from === step.to
            ? formatCount(step.from)
            : `${formatCount(step.from)} to ${formatCount(step.to)}`}
        </li>
      ))}
    </ul>
  )
}

/** The chart's lines as a table: the top countries and Other, with their views and share. */
function CountryShareTable({ countries }: { countries: ViewsPerCountry['data'] }) {
  const lines = groupCountryShares(countries)
  return (
    <ScrollRegion className={styles.tableWrap} label="Page views by country: table">
      <table className={styles.table}>
        <caption className="visually-hidden">Page views by country</caption>
        <thead>
          <tr>
            <th scope="col">{MESSAGES.analytics.country}</th>
            <th scope="col">{MESSAGES.analytics.pageViews}</th>
            <th scope="col">Share</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.countryCode ?? 'other'}>
              <th scope="row">{line.countryName}</th>
              <td>{formatCount(line.count)}</td>
              <td>{formatPercent(line.percent)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  )
}

/**
 * Views by country: a choropleth world map with its legend (the drawing hidden from assistive technology),
 * then the same figures as a table of the top countries and Other.
 */
export function CountryViews({ countries }: { countries: ViewsPerCountry['data'] }) {
  const viewsByCode = useMemo(
    () => new Map(countries.map((country) => [country.countryCode.toUpperCase(), country.count])),
    [countries],
  )
  const steps = mapSteps(Math.max(0, ...countries.map((country) => country.count)))
  const reached = countries.filter((country) => country.count > 0).length
  return (
    <>
      <figure className={styles.map}>
        <figcaption className={styles.summary}>
          {`Visitors from ${reached} ${reached === 1 ? 'country' : 'countries'}. The darker a country, the more page views; the table below lists them.`}
        </figcaption>
        <div className={styles.mapCanvas} aria-hidden="true">
          <Suspense fallback={null}>
            <WorldMapCanvas viewsByCode={viewsByCode} steps={steps} />
          </Suspense>
        </div>
        <MapLegend steps={steps} />
      </figure>
      <CountryShareTable countries={countries} />
    </>
  )
}
