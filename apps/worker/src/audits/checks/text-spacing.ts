/// <reference lib="dom" />
import type { Finding } from '../engines/finding.js'
import { type CheckNaming, passedWhereClean } from './keyboard-layout-support.js'
import { type TextClip, type TextClipHelpers, textClipFinding } from './text-clipping.js'

/**
 * Text spacing: with the spacing a reader may set (line height 1.5 times the font size, 2 font sizes after
 * paragraphs, letter spacing 0.12 and word spacing 0.16 times the font size), no text may be cut off. The
 * override is applied as an !important style sheet, the text boxes are measured against those cut off as
 * loaded, and the style sheet is removed, in one call in the page. Text that spills out of a box of set height
 * is for review (it may or may not cover other content). A step of the layout pass (layout-pass.ts).
 */
export const TEXT_SPACING: CheckNaming = {
  id: 'canopy-text-spacing',
  title: 'Text must not be cut off when a reader increases its spacing',
  description:
    'Applies line height 1.5, paragraph spacing 2 em, letter spacing 0.12 em and word spacing 0.16 em to ' +
    'all text and looks for boxes that then hide part of their text.',
}

/**
 * In the page: the boxes that cut text off under the spacing WCAG 1.4.12 names, leaving out those that cut it
 * off before (`before`, the keys of the text clips as loaded); the override is removed before it answers.
 */
export function measureUnderTextSpacing(before: number[]): TextClip[] {
  const helpers = (window as unknown as { __canopyChecks: TextClipHelpers }).__canopyChecks
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

export function textSpacingFindings(clips: TextClip[]): Finding[] {
  const findings = clips.map((clip) => textClipFinding(TEXT_SPACING, '1.4.12', clip, 'more text spacing'))
  return passedWhereClean(TEXT_SPACING, ['1.4.12'], findings)
}
