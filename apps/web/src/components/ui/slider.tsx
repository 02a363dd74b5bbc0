import { useLayoutEffect, useRef } from 'react'
import { Slider as AriaSlider, Label, SliderOutput, SliderThumb, SliderTrack } from 'react-aria-components'
import styles from './slider.module.css'

export type SliderProps = {
  label: string
  /** the position, 0 to steps - 1 */
  value: number
  steps: number
  onChange: (value: number) => void
  /** what a position stands for, shown beside the label and said by screen readers */
  valueText: (value: number) => string
  isDisabled?: boolean
}

/**
 * A slider over a fixed list of choices (positions 0 to steps - 1) on React Aria: arrow keys, Home/End and
 * dragging move it; it shows and announces what the position stands for, not its number.
 */
export function Slider({ label, value, steps, onChange, valueText, isDisabled }: SliderProps) {
  const inputRef = useRef<HTMLInputElement>(null)
  const text = valueText(value)
  // React Aria names the position by its number; the choice's own words are what a listener needs.
  useLayoutEffect(() => {
    inputRef.current?.setAttribute('aria-valuetext', text)
  })
  return (
    <AriaSlider
      className={styles.slider}
      value={value}
      minValue={0}
      maxValue={steps - 1}
      step={1}
      onChange={(next) => onChange(Array.isArray(next) ? (next[0] ?? 0) : next)}
      isDisabled={isDisabled}
    >
      <Label className={styles.label}>{label}</Label>
      <SliderOutput className={styles.output}>{text}</SliderOutput>
      <SliderTrack className={styles.track}>
        {({ state }) => (
          <>
            <span className={styles.fill} style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb className={styles.thumb} inputRef={inputRef} />
          </>
        )}
      </SliderTrack>
    </AriaSlider>
  )
}
