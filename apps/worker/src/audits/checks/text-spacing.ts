/// <reference lib="dom" />
import { deadlineOf, evaluateInPage, passedWhereClean, within } from './keyboard-layout-support.js'
import type { PageCheck } from './page-check.js'
import {
  installTextClipHelpers,
  type TextClip,
  type TextClipHelpers,
  textClipFinding,
} from './text-clipping.js'

/**
 * Text spacing: with the spacing a reader may set (line height 1.5 times the font size, 2 font sizes after
 * paragraphs, letter spacing 0.12 and word spacing 0.16 times the font size), no text may be cut off. The
 * override is applied as an !important style sheet, the text boxes are measured before and after in one
 * pass in the page, and the style sheet is removed. Text that spills out of a box of set height is for
 * review (it may or may not cover other content).
 */
export const textSpacingCheck: PageCheck = {
  id: 'canopy-text-spacing',
  criteria: ['1.4.12'],
  title: 'Text must not be cut off when a reader increases its spacing',
  description:
    'Applies line height 1.5, paragraph spacing 2 em, letter spacing 0.12 em and word spacing 0.16 em to ' +
    'all text and looks for boxes that then hide part of their text.',
  changesPage: true,
  async run(page, context) {
    const deadline = deadlineOf(context.timeoutMs)
    await installTextClipHelpers(page)
    const clips = await within(
      evaluateInPage(page, measureUnderTextSpacing, undefined),
      deadline.left(),
      'text spacing',
    )
    const findings = clips.map((clip) =>
      textClipFinding(textSpacingCheck, '1.4.12', clip, 'more text spacing'),
    )
    return passedWhereClean(textSpacingCheck, ['1.4.12'], findings)
  },
}

/** Applies the spacing override, answers the text it newly cuts off, and takes the override away. */
function measureUnderTextSpacing(): TextClip[] {
  const helpers = (window as unknown as { __canopyChecks: TextClipHelpers }).__canopyChecks
  const before = helpers.textClips().map((clip) => clip.key)
  const style = document.createElement('style')
  style.textContent = `* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
    p { margin-bottom: 2em !important; }`
  document.head.append(style)
  try {
    return helpers.newTextClips(before)
  } finally {
    style.remove()
  }
}
