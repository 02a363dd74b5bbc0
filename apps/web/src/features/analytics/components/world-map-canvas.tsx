import { geoNaturalEarth1, geoPath } from 'd3-geo'
import { feature } from 'topojson-client'
import type { GeometryCollection, Topology } from 'topojson-specification'
import atlas from 'world-atlas/countries-110m.json'
import { formatCount } from '@/lib/format-values'
import { atlasFeatureAlpha2 } from '../country-codes'
import { colourFor, MAP_BORDER_COLOUR, type MapStep } from '../map-colours'

const WIDTH = 960
const HEIGHT = 500

type CountryProperties = { name: string }
type AtlasCountries = Topology<{ countries: GeometryCollection<CountryProperties> }>

/** The atlas's countries as SVG paths with their alpha-2 codes, projected once (the atlas never changes). */
function projectCountries() {
  const topology = atlas as unknown as AtlasCountries
  const countries = feature(topology, topology.objects.countries)
  const projection = geoNaturalEarth1().fitSize([WIDTH, HEIGHT], countries)
  const toPath = geoPath(projection)
  return countries.features.map((country, index) => ({
    key: `${country.id ?? 'unnumbered'}-${index}`,
    code: atlasFeatureAlpha2(country.id, country.properties.name),
    name: country.properties.name,
    d: toPath(country) ?? '',
  }))
}

let projected: ReturnType<typeof projectCountries> | null = null

/**
 * The drawing of the views-by-country map (d3-geo over the kept 110m world atlas): each country filled by
 * its views' step. Its figure gives the caption, the legend and the table.
 */
export default function WorldMapCanvas({
  viewsByCode,
  steps,
}: {
  viewsByCode: ReadonlyMap<string, number>
  steps: readonly MapStep[]
}) {
  projected ??= projectCountries()
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" focusable="false" aria-hidden="true">
      {projected.map((country) => {
        const views = country.code ? (viewsByCode.get(country.code) ?? 0) : 0
        return (
          <path
            key={country.key}
            d={country.d}
            fill={colourFor(views, steps)}
            stroke={MAP_BORDER_COLOUR}
            strokeWidth={0.5}
          >
            <title>{`${country.name}: ${formatCount(views)}`}</title>
          </path>
        )
      })}
    </svg>
  )
}
