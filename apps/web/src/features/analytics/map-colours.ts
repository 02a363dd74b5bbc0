/**
 * The map's sequential scale, light to dark green. Each step is told apart by lightness, the legend names
 * each step's range, the borders are dark enough to see every country against the page (3:1), and the table
 * beside the map gives the same figures without colour.
 */
export const MAP_STEP_COLOURS = ['#c7e9c0', '#8fd18a', '#41a95a', '#1d6645', '#0c3b25'] as const
export const MAP_NO_DATA_COLOUR = '#eef1ee'
export const MAP_BORDER_COLOUR = '#68736c'

export type MapStep = { from: number; to: number; colour: string }

/**
 * The legend's steps for counts from 1 to `max`: up to five ranges of equal width (fewer when there are
 * fewer distinct counts), the darkest for the most views.
 */
export function mapSteps(max: number): MapStep[] {
  if (max < 1) return []
  const count = Math.min(MAP_STEP_COLOURS.length, Math.floor(max))
  const colours = MAP_STEP_COLOURS.slice(MAP_STEP_COLOURS.length - count)
  return colours.map((colour, index) => ({
    from: Math.floor((max * index) / count) + 1,
    to: Math.floor((max * (index + 1)) / count),
    colour,
  }))
}

/** The colour of a country with `views`: its step's, or the no-data colour for none. */
export function colourFor(views: number, steps: readonly MapStep[]): string {
  if (views < 1) return MAP_NO_DATA_COLOUR
  return steps.find((step) => views <= step.to)?.colour ?? steps.at(-1)?.colour ?? MAP_NO_DATA_COLOUR
}
