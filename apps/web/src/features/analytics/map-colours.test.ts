import { describe, expect, it } from 'vitest'
import { colourFor, MAP_NO_DATA_COLOUR, MAP_STEP_COLOURS, mapSteps } from './map-colours'

describe('mapSteps', () => {
  it('splits 1..max into five ranges that cover every count once', () => {
    const steps = mapSteps(1000)
    expect(steps.map((step) => [step.from, step.to])).toEqual([
      [1, 200],
      [201, 400],
      [401, 600],
      [601, 800],
      [801, 1000],
    ])
    expect(steps.map((step) => step.colour)).toEqual([...MAP_STEP_COLOURS])
  })

  it('uses fewer, darker steps when there are fewer counts than steps', () => {
    const steps = mapSteps(3)
    expect(steps.map((step) => [step.from, step.to])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ])
    expect(steps.at(-1)?.colour).toBe(MAP_STEP_COLOURS.at(-1))
    expect(mapSteps(0)).toEqual([])
  })

  it('colours a count by its step and no views with the no-data colour', () => {
    const steps = mapSteps(1000)
    expect(colourFor(0, steps)).toBe(MAP_NO_DATA_COLOUR)
    expect(colourFor(1, steps)).toBe(MAP_STEP_COLOURS[0])
    expect(colourFor(200, steps)).toBe(MAP_STEP_COLOURS[0])
    expect(colourFor(201, steps)).toBe(MAP_STEP_COLOURS[1])
    expect(colourFor(1000, steps)).toBe(MAP_STEP_COLOURS[4])
  })
})
