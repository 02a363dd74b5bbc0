import type { FindingElement } from '../engines/finding.js'
import { type CheckVerdict, findingsOf, readPage, understandingUrl } from './content-findings.js'
import type { PageCheck } from './page-check.js'

/** Sound that stops within 3 seconds is allowed to start by itself. */
const MAX_AUTOPLAY_SECONDS = 3
/** How long the check waits for a playing element's metadata (its duration) if the load did not bring it. */
const METADATA_WAIT_MS = 300
/** How long it waits for a video that just started playing to decode sound, if it has any. */
const SOUND_WAIT_MS = 1_000

export interface MediaState {
  element: FindingElement
  kind: 'audio' | 'video'
  autoplay: boolean
  paused: boolean
  muted: boolean
  volume: number
  loop: boolean
  controls: boolean
  /** seconds; 'endless' for a stream, null while unknown */
  duration: number | 'endless' | null
  /** the part of the media its source's fragment plays (`#t=8,10`), in seconds; null without one */
  fragment?: { start: number; end: number | null } | null
  /** a video that has played a while without decoding any sound has no sound track */
  silentVideo: boolean
}

/**
 * Every audio and video element's state, after waiting a moment for the metadata of the ones that play or
 * will, and whether the page has a button that says it pauses, stops or mutes sound and that a user can see
 * and reach (a hidden player bar, or one under aria-hidden, is no way to stop the sound).
 */
const READ_MEDIA = `
  const media = [...document.querySelectorAll('audio, video')];
  if (media.length === 0) return { media: [], pageControl: false };
  const waiting = media.filter((el) => el.readyState < 1 && (el.autoplay || !el.paused));
  await Promise.all(waiting.map((el) => new Promise((resolve) => {
    el.addEventListener('loadedmetadata', resolve, { once: true });
    el.addEventListener('error', resolve, { once: true });
    setTimeout(resolve, args.waitMs);
  })));
  // A playing video with sound decodes some within half a second: one that just started is given that long
  // (SOUND_WAIT_MS at most), so that a silent one is not taken for one with sound.
  const unheard = (el) => el.localName === 'video' && !el.paused && !el.muted && el.volume > 0 &&
    el.currentTime <= 0.5 && el.webkitAudioDecodedByteCount === 0;
  const started = performance.now();
  while (media.some(unheard) && performance.now() - started < args.soundWaitMs) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const controlWords = /\\b(pause|stop|mute|unmute|sound|audio|volume)\\b/i;
  // A control counts when a user can see it and reach it: shown, and not hidden from assistive technologies.
  const usable = (el) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('[aria-hidden="true"]');
  const pageControl = [...document.querySelectorAll('button, [role="button"], input[type="button"], input[type="checkbox"], [role="switch"]')]
    .some((el) => usable(el) && controlWords.test([el.textContent, el.value, el.getAttribute('aria-label'), el.getAttribute('title')].join(' ')));
  // A media fragment (#t=start,end, npt seconds or h:m:s) plays that part of the media only.
  const seconds = (value) => value ? value.split(':').reduce((sum, part) => sum * 60 + Number(part), 0) : null;
  const fragmentOf = (el) => {
    const src = el.currentSrc || el.src;
    const match = src && /(?:^#|&)t=(?:npt:)?([\\d.:]*)(?:,([\\d.:]+))?/.exec(new URL(src, location.href).hash);
    return match ? { start: seconds(match[1]) ?? 0, end: seconds(match[2]) } : null;
  };
  const states = media.map((el) => ({
    element: describe(el),
    kind: el.localName,
    autoplay: el.autoplay,
    paused: el.paused,
    muted: el.muted,
    volume: el.volume,
    loop: el.loop,
    controls: el.controls,
    duration: Number.isFinite(el.duration) ? el.duration : el.duration === Infinity ? 'endless' : null,
    fragment: fragmentOf(el),
    silentVideo: el.localName === 'video' && el.currentTime > 0.5 && el.webkitAudioDecodedByteCount === 0,
  }));
  return { pageControl, media: states };
`

const IDENTITY = {
  id: 'canopy-autoplay-media',
  criteria: ['1.4.2'],
  title: 'Sound that starts by itself must stop within 3 seconds or be controllable',
  description:
    'Audio that plays automatically for more than 3 seconds drowns out screen readers. Do not start sound ' +
    'by itself, start it muted, or give the media element controls (or a visible pause, stop or mute button).',
  helpUrl: understandingUrl('audio-control'),
}

/** How long the media plays: its length, or the part its fragment names; 'endless' for a stream. */
export function playedSeconds(media: MediaState): number | 'endless' | null {
  if (typeof media.duration !== 'number' || !media.fragment) return media.duration
  const end = Math.min(media.fragment.end ?? media.duration, media.duration)
  return Math.max(0, end - media.fragment.start)
}

/** Media that plays, or will play as soon as the browser lets it, with sound and for more than 3 s. */
function playsSoundTooLong(media: MediaState): boolean {
  const plays = (media.autoplay || !media.paused) && !media.muted && media.volume > 0 && !media.silentVideo
  const played = playedSeconds(media)
  const short = typeof played === 'number' && played <= MAX_AUTOPLAY_SECONDS && !media.loop
  return plays && !short
}

export function judgeMedia(media: MediaState, pageControl: boolean): CheckVerdict | null {
  if (!playsSoundTooLong(media) || media.controls) return null
  const length =
    media.duration === 'endless'
      ? 'a stream'
      : media.loop
        ? 'on a loop'
        : `${Math.round(Number(playedSeconds(media)))} s long`
  if (pageControl || media.duration === null) {
    return {
      outcome: 'review',
      element: media.element,
      message: pageControl
        ? `This ${media.kind} starts with sound by itself and has no controls of its own. Check that a button on the page pauses or mutes it.`
        : `This ${media.kind} starts with sound by itself and has no controls; its length could not be read. Check that it stops within 3 seconds.`,
    }
  }
  return {
    outcome: 'failed',
    element: media.element,
    message: `This ${media.kind} starts with sound by itself (${length}) and nothing on the page pauses or mutes it.`,
  }
}

export const autoplayMediaCheck: PageCheck = {
  ...IDENTITY,
  changesPage: false,
  async run(page) {
    const { media, pageControl } = await readPage<{ media: MediaState[]; pageControl: boolean }>(
      page,
      READ_MEDIA,
      { waitMs: METADATA_WAIT_MS, soundWaitMs: SOUND_WAIT_MS },
    )
    const verdicts = media.flatMap((state) => judgeMedia(state, pageControl) ?? [])
    return findingsOf(IDENTITY, verdicts, media.length > 0)
  },
}
