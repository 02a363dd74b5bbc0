import { z } from 'zod'

/**
 * WCAG 2.2's success criteria with the version that introduced each and its conformance level, the
 * accessibility engines a scan can run, and the target a site measures itself against. A result counts as a
 * failure only when one of its criteria lies within the site's target; best practices (no criterion) and
 * criteria above the target are advice.
 */

export const WCAG_VERSIONS = ['2.0', '2.1', '2.2'] as const
export type WcagVersion = (typeof WCAG_VERSIONS)[number]
export const WCAG_LEVELS = ['A', 'AA', 'AAA'] as const
export type WcagLevel = (typeof WCAG_LEVELS)[number]

export const WcagTargetSchema = z.object({
  version: z.enum(WCAG_VERSIONS, { error: `Choose a WCAG version: ${WCAG_VERSIONS.join(', ')}.` }),
  level: z.enum(WCAG_LEVELS, { error: `Choose a conformance level: ${WCAG_LEVELS.join(', ')}.` }),
})
export type WcagTarget = z.infer<typeof WcagTargetSchema>
export const DEFAULT_WCAG_TARGET: WcagTarget = { version: '2.2', level: 'AA' }

export interface WcagCriterion {
  /** '1.4.3' */
  id: string
  title: string
  level: WcagLevel
  /** the WCAG version that introduced it */
  since: WcagVersion
  /** 4.1.1 Parsing was removed in WCAG 2.2: it counts for 2.0 and 2.1 targets only */
  removedIn?: WcagVersion
}

const c = (id: string, level: WcagLevel, since: WcagVersion, title: string, removedIn?: WcagVersion) =>
  ({ id, title, level, since, ...(removedIn ? { removedIn } : {}) }) satisfies WcagCriterion

export const WCAG_CRITERIA: readonly WcagCriterion[] = [
  c('1.1.1', 'A', '2.0', 'Non-text Content'),
  c('1.2.1', 'A', '2.0', 'Audio-only and Video-only (Prerecorded)'),
  c('1.2.2', 'A', '2.0', 'Captions (Prerecorded)'),
  c('1.2.3', 'A', '2.0', 'Audio Description or Media Alternative (Prerecorded)'),
  c('1.2.4', 'AA', '2.0', 'Captions (Live)'),
  c('1.2.5', 'AA', '2.0', 'Audio Description (Prerecorded)'),
  c('1.2.6', 'AAA', '2.0', 'Sign Language (Prerecorded)'),
  c('1.2.7', 'AAA', '2.0', 'Extended Audio Description (Prerecorded)'),
  c('1.2.8', 'AAA', '2.0', 'Media Alternative (Prerecorded)'),
  c('1.2.9', 'AAA', '2.0', 'Audio-only (Live)'),
  c('1.3.1', 'A', '2.0', 'Info and Relationships'),
  c('1.3.2', 'A', '2.0', 'Meaningful Sequence'),
  c('1.3.3', 'A', '2.0', 'Sensory Characteristics'),
  c('1.3.4', 'AA', '2.1', 'Orientation'),
  c('1.3.5', 'AA', '2.1', 'Identify Input Purpose'),
  c('1.3.6', 'AAA', '2.1', 'Identify Purpose'),
  c('1.4.1', 'A', '2.0', 'Use of Color'),
  c('1.4.2', 'A', '2.0', 'Audio Control'),
  c('1.4.3', 'AA', '2.0', 'Contrast (Minimum)'),
  c('1.4.4', 'AA', '2.0', 'Resize Text'),
  c('1.4.5', 'AA', '2.0', 'Images of Text'),
  c('1.4.6', 'AAA', '2.0', 'Contrast (Enhanced)'),
  c('1.4.7', 'AAA', '2.0', 'Low or No Background Audio'),
  c('1.4.8', 'AAA', '2.0', 'Visual Presentation'),
  c('1.4.9', 'AAA', '2.0', 'Images of Text (No Exception)'),
  c('1.4.10', 'AA', '2.1', 'Reflow'),
  c('1.4.11', 'AA', '2.1', 'Non-text Contrast'),
  c('1.4.12', 'AA', '2.1', 'Text Spacing'),
  c('1.4.13', 'AA', '2.1', 'Content on Hover or Focus'),
  c('2.1.1', 'A', '2.0', 'Keyboard'),
  c('2.1.2', 'A', '2.0', 'No Keyboard Trap'),
  c('2.1.3', 'AAA', '2.0', 'Keyboard (No Exception)'),
  c('2.1.4', 'A', '2.1', 'Character Key Shortcuts'),
  c('2.2.1', 'A', '2.0', 'Timing Adjustable'),
  c('2.2.2', 'A', '2.0', 'Pause, Stop, Hide'),
  c('2.2.3', 'AAA', '2.0', 'No Timing'),
  c('2.2.4', 'AAA', '2.0', 'Interruptions'),
  c('2.2.5', 'AAA', '2.0', 'Re-authenticating'),
  c('2.2.6', 'AAA', '2.1', 'Timeouts'),
  c('2.3.1', 'A', '2.0', 'Three Flashes or Below Threshold'),
  c('2.3.2', 'AAA', '2.0', 'Three Flashes'),
  c('2.3.3', 'AAA', '2.1', 'Animation from Interactions'),
  c('2.4.1', 'A', '2.0', 'Bypass Blocks'),
  c('2.4.2', 'A', '2.0', 'Page Titled'),
  c('2.4.3', 'A', '2.0', 'Focus Order'),
  c('2.4.4', 'A', '2.0', 'Link Purpose (In Context)'),
  c('2.4.5', 'AA', '2.0', 'Multiple Ways'),
  c('2.4.6', 'AA', '2.0', 'Headings and Labels'),
  c('2.4.7', 'AA', '2.0', 'Focus Visible'),
  c('2.4.8', 'AAA', '2.0', 'Location'),
  c('2.4.9', 'AAA', '2.0', 'Link Purpose (Link Only)'),
  c('2.4.10', 'AAA', '2.0', 'Section Headings'),
  c('2.4.11', 'AA', '2.2', 'Focus Not Obscured (Minimum)'),
  c('2.4.12', 'AAA', '2.2', 'Focus Not Obscured (Enhanced)'),
  c('2.4.13', 'AAA', '2.2', 'Focus Appearance'),
  c('2.5.1', 'A', '2.1', 'Pointer Gestures'),
  c('2.5.2', 'A', '2.1', 'Pointer Cancellation'),
  c('2.5.3', 'A', '2.1', 'Label in Name'),
  c('2.5.4', 'A', '2.1', 'Motion Actuation'),
  c('2.5.5', 'AAA', '2.1', 'Target Size (Enhanced)'),
  c('2.5.6', 'AAA', '2.1', 'Concurrent Input Mechanisms'),
  c('2.5.7', 'AA', '2.2', 'Dragging Movements'),
  c('2.5.8', 'AA', '2.2', 'Target Size (Minimum)'),
  c('3.1.1', 'A', '2.0', 'Language of Page'),
  c('3.1.2', 'AA', '2.0', 'Language of Parts'),
  c('3.1.3', 'AAA', '2.0', 'Unusual Words'),
  c('3.1.4', 'AAA', '2.0', 'Abbreviations'),
  c('3.1.5', 'AAA', '2.0', 'Reading Level'),
  c('3.1.6', 'AAA', '2.0', 'Pronunciation'),
  c('3.2.1', 'A', '2.0', 'On Focus'),
  c('3.2.2', 'A', '2.0', 'On Input'),
  c('3.2.3', 'AA', '2.0', 'Consistent Navigation'),
  c('3.2.4', 'AA', '2.0', 'Consistent Identification'),
  c('3.2.5', 'AAA', '2.0', 'Change on Request'),
  c('3.2.6', 'A', '2.2', 'Consistent Help'),
  c('3.3.1', 'A', '2.0', 'Error Identification'),
  c('3.3.2', 'A', '2.0', 'Labels or Instructions'),
  c('3.3.3', 'AA', '2.0', 'Error Suggestion'),
  c('3.3.4', 'AA', '2.0', 'Error Prevention (Legal, Financial, Data)'),
  c('3.3.5', 'AAA', '2.0', 'Help'),
  c('3.3.6', 'AAA', '2.0', 'Error Prevention (All)'),
  c('3.3.7', 'A', '2.2', 'Redundant Entry'),
  c('3.3.8', 'AA', '2.2', 'Accessible Authentication (Minimum)'),
  c('3.3.9', 'AAA', '2.2', 'Accessible Authentication (Enhanced)'),
  c('4.1.1', 'A', '2.0', 'Parsing', '2.2'),
  c('4.1.2', 'A', '2.0', 'Name, Role, Value'),
  c('4.1.3', 'AA', '2.1', 'Status Messages'),
]

export const WCAG_CRITERIA_BY_ID: ReadonlyMap<string, WcagCriterion> = new Map(
  WCAG_CRITERIA.map((criterion) => [criterion.id, criterion]),
)

const rank = <T extends string>(list: readonly T[], value: T) => list.indexOf(value)

/** Whether a success criterion is part of the target: introduced by then, not removed by then, level at or below. */
export function isWithinTarget(criterionId: string, target: WcagTarget): boolean {
  const criterion = WCAG_CRITERIA_BY_ID.get(criterionId)
  if (!criterion) return false
  const version = rank(WCAG_VERSIONS, target.version)
  if (rank(WCAG_VERSIONS, criterion.since) > version) return false
  if (criterion.removedIn && rank(WCAG_VERSIONS, criterion.removedIn) <= version) return false
  return rank(WCAG_LEVELS, criterion.level) <= rank(WCAG_LEVELS, target.level)
}

/** A failing result is a failure of the target when any of its criteria is within it; otherwise advice. */
export const CONFORMANCE_CLASSES = ['failure', 'advice'] as const
export const ConformanceSchema = z.enum(CONFORMANCE_CLASSES)
export type Conformance = z.infer<typeof ConformanceSchema>

export function conformanceOf(criteria: readonly string[], target: WcagTarget): Conformance {
  return criteria.some((criterion) => isWithinTarget(criterion, target)) ? 'failure' : 'advice'
}

/** The lowest conformance level among the criteria, or null for a best practice. */
export function levelOfCriteria(criteria: readonly string[]): WcagLevel | null {
  const levels = criteria
    .map((id) => WCAG_CRITERIA_BY_ID.get(id)?.level)
    .filter((level): level is WcagLevel => level !== undefined)
  if (levels.length === 0) return null
  return WCAG_LEVELS[Math.min(...levels.map((level) => rank(WCAG_LEVELS, level)))] ?? null
}

/**
 * The engines a page's accessibility audit can run, each in the same page load: axe-core, IBM's Equal Access
 * checker (accessibility-checker-engine) and Canopy's own checks (keyboard, layout and rendered-pixel checks
 * no engine makes well). A site turns them on and off in its scan settings; axe always runs.
 */
export const ENGINE_IDS = ['axe', 'equal-access', 'canopy'] as const
export const EngineIdSchema = z.enum(ENGINE_IDS, { error: `Choose engines from: ${ENGINE_IDS.join(', ')}.` })
export type EngineId = z.infer<typeof EngineIdSchema>
export const ENGINE_NAMES: Record<EngineId, string> = {
  axe: 'axe-core',
  'equal-access': 'IBM Equal Access',
  canopy: 'Canopy checks',
}
export const DEFAULT_ENGINES: readonly EngineId[] = ENGINE_IDS

/** The site's accessibility settings (GET/PUT with the scan settings). */
export const AccessibilitySettingsSchema = z.object({
  wcagTarget: WcagTargetSchema,
  engines: z
    .array(EngineIdSchema)
    .refine((engines) => engines.includes('axe'), { message: 'axe-core always runs.' })
    .transform((engines) => [...new Set(engines)]),
})
export type AccessibilitySettings = z.infer<typeof AccessibilitySettingsSchema>

/**
 * What a person needs to decide a result that needs review: what to check, how, and the WCAG techniques
 * (ids such as 'G18', 'F24') with links to their descriptions.
 */
export const ReviewGuidanceSchema = z.object({
  check: z.string(),
  how: z.string(),
  techniques: z.array(z.object({ id: z.string(), title: z.string(), url: z.string() })),
  understandingUrl: z.string().nullable(),
})
export type ReviewGuidance = z.infer<typeof ReviewGuidanceSchema>

/** A reviewer's decision on a result that needs review; kept per page and audit across scans. */
export const REVIEW_DECISIONS = ['confirmed', 'dismissed'] as const
export const ReviewDecisionSchema = z.enum(REVIEW_DECISIONS, {
  error: `Choose a decision: ${REVIEW_DECISIONS.join(', ')}.`,
})
export type ReviewDecision = z.infer<typeof ReviewDecisionSchema>

/** A site row's stored settings read back; anything unknown (an engine since removed) falls back to the defaults. */
export function accessibilitySettingsOf(site: {
  wcagVersion: string
  wcagLevel: string
  accessibilityEngines: readonly string[]
}): AccessibilitySettings {
  const target = WcagTargetSchema.safeParse({ version: site.wcagVersion, level: site.wcagLevel })
  const engines = site.accessibilityEngines.filter((engine): engine is EngineId =>
    (ENGINE_IDS as readonly string[]).includes(engine),
  )
  return {
    wcagTarget: target.success ? target.data : DEFAULT_WCAG_TARGET,
    engines: engines.includes('axe') ? engines : ['axe', ...engines],
  }
}
