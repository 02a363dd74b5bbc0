import { type OptionsType, ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as english from '@zxcvbn-ts/language-en'

/**
 * Whether a password is easy to guess: among the common and breached passwords shipped with zxcvbn-ts
 * (offline, no lookup), a dictionary word with small changes, a keyboard pattern, a date or a repeat, or
 * made of what the user told us (name, e-mail) or of the product's own name. A password is refused when
 * zxcvbn's estimate is below 3 (about 10^8 guesses). Server-side only: the dictionaries are too large for
 * the browser's first load, so the web checks the length and shows the server's answer for the rest.
 */
const MIN_SCORE = 3

let factory: ZxcvbnFactory | undefined

function estimator(): ZxcvbnFactory {
  const options: OptionsType = {
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
  }
  factory ??= new ZxcvbnFactory(options)
  return factory
}

export function isGuessablePassword(password: string, userInputs: string[] = []): boolean {
  const inputs = ['canopy', ...userInputs.flatMap((input) => input.toLowerCase().split(/[^\p{L}\p{N}]+/u))]
  return estimator().check(password, inputs.filter(Boolean)).score < MIN_SCORE
}
