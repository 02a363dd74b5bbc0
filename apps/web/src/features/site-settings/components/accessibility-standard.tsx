import {
  type AccessibilitySettings,
  ENGINE_IDS,
  ENGINE_NAMES,
  type EngineId,
  type SiteConfig,
  WCAG_LEVELS,
  WCAG_VERSIONS,
  type WcagLevel,
  type WcagVersion,
} from '@canopy/contracts'
import { useState } from 'react'
import { Checkbox } from '@/components/ui/checkbox'
import { SelectField } from '@/components/ui/select-field'
import { ACCESSIBILITY_UI } from '@/config/accessibility-messages'
import styles from './settings.module.css'

const TEXT = ACCESSIBILITY_UI.standard
const VERSION_OPTIONS = WCAG_VERSIONS.map((version) => ({ id: version, label: `WCAG ${version}` }))
const LEVEL_OPTIONS = WCAG_LEVELS.map((level) => ({ id: level, label: level }))

/** The site's WCAG target and engines as the form edits them; axe-core always runs. */
export function useAccessibilityStandard(site: SiteConfig) {
  const [settings, setSettings] = useState<AccessibilitySettings>(site.accessibility)
  const setVersion = (version: string) =>
    setSettings((current) => ({
      ...current,
      wcagTarget: { ...current.wcagTarget, version: version as WcagVersion },
    }))
  const setLevel = (level: string) =>
    setSettings((current) => ({
      ...current,
      wcagTarget: { ...current.wcagTarget, level: level as WcagLevel },
    }))
  const setEngine = (engine: EngineId, isOn: boolean) =>
    setSettings((current) => ({
      ...current,
      // kept in the contract's order, axe-core always among them
      engines: ENGINE_IDS.filter(
        (id) => id === 'axe' || (id === engine ? isOn : current.engines.includes(id)),
      ),
    }))
  return { settings, setVersion, setLevel, setEngine }
}

type Standard = ReturnType<typeof useAccessibilityStandard>

/**
 * The "Accessibility standard" block of the scan settings: the WCAG version and level a site is measured
 * against, and the engines a scan runs, each with what it adds. Saved with the other scan settings.
 */
export function AccessibilityStandardFields({
  standard,
  errors,
}: {
  standard: Standard
  errors: Record<string, string>
}) {
  const { settings } = standard
  return (
    <fieldset className={styles.fieldset} aria-describedby="accessibility-standard-note">
      <legend className={styles.legend}>
        <h3 className={styles.legendHeading}>{TEXT.heading}</h3>
      </legend>
      <p className={styles.note}>{TEXT.intro}</p>
      <div className={styles.row}>
        <SelectField
          label={TEXT.version}
          value={settings.wcagTarget.version}
          options={VERSION_OPTIONS}
          onChange={standard.setVersion}
          errorMessage={errors['accessibility.wcagTarget.version']}
        />
        <SelectField
          label={TEXT.level}
          value={settings.wcagTarget.level}
          options={LEVEL_OPTIONS}
          onChange={standard.setLevel}
          description={TEXT.levelDescription}
          errorMessage={errors['accessibility.wcagTarget.level']}
        />
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.subLegend}>{TEXT.engines}</legend>
        <ul className={styles.engines}>
          {ENGINE_IDS.map((engine) => (
            <li key={engine}>
              <Checkbox
                isSelected={engine === 'axe' || settings.engines.includes(engine)}
                isDisabled={engine === 'axe'}
                onChange={(isOn) => standard.setEngine(engine, isOn)}
                aria-describedby={`engine-help-${engine}`}
              >
                {ENGINE_NAMES[engine]}
                {engine === 'axe' ? ` ${TEXT.alwaysOn}` : null}
              </Checkbox>
              <p id={`engine-help-${engine}`} className={styles.engineHelp}>
                {TEXT.engineHelp[engine]}
              </p>
            </li>
          ))}
        </ul>
        {errors['accessibility.engines'] ? (
          <p className={styles.error} role="alert">
            {errors['accessibility.engines']}
          </p>
        ) : null}
      </fieldset>
      <p id="accessibility-standard-note" className={styles.note}>
        {TEXT.nextScan}
      </p>
    </fieldset>
  )
}
