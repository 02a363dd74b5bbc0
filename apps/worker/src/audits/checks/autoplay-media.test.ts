import { describe, expect, it } from 'vitest'
import { autoplayMediaCheck } from './autoplay-media.js'
import { toneWav } from './fixtures/wav.js'
import { useCheckBrowser } from './testing.js'

const CONTEXT = { viewport: { width: 1280, height: 900 }, timeoutMs: 5_000 }
const FILES = {
  '/tune.wav': { body: toneWav(5), type: 'audio/wav' },
  '/chime.wav': { body: toneWav(2), type: 'audio/wav' },
}
const page = (body: string) => `<!doctype html><html lang="en"><title>t</title><body>${body}</body></html>`

const browser = useCheckBrowser()

describe('autoplaying media in Chromium', { timeout: 60_000 }, () => {
  it('fails sound that starts by itself for more than 3 s with no way to stop it, naming the element', async () => {
    const tab = await browser.open(
      page('<audio id="welcome" src="/tune.wav" autoplay></audio><p>Hello</p>'),
      FILES,
    )
    const findings = await autoplayMediaCheck.run(tab, CONTEXT)
    expect(findings).toHaveLength(1)
    expect(findings[0]).toMatchObject({
      engine: 'canopy',
      ruleId: 'canopy-autoplay-media',
      outcome: 'failed',
      criteria: ['1.4.2'],
      element: { selector: '#welcome' },
    })
    expect(findings[0]?.message).toContain('5 s long')
  })

  it('passes the fixed twins: with controls, muted, or shorter than 3 s (whole, or the part a fragment plays)', async () => {
    for (const fixed of [
      '<audio id="welcome" src="/tune.wav#t=3" autoplay></audio>',
      '<audio id="welcome" src="/tune.wav#t=npt:1,3.5" autoplay></audio>',
      '<audio id="welcome" src="/tune.wav" autoplay controls></audio>',
      '<audio id="welcome" src="/tune.wav" autoplay muted></audio>',
      '<audio id="welcome" src="/chime.wav" autoplay></audio>',
      '<audio id="welcome" src="/tune.wav"></audio>',
    ]) {
      const tab = await browser.open(page(fixed), FILES)
      const findings = await autoplayMediaCheck.run(tab, CONTEXT)
      expect(
        findings.map((finding) => finding.outcome),
        fixed,
      ).toEqual(['passed'])
    }
  })

  it('fails a fragment of the media that plays for more than 3 s', async () => {
    const tab = await browser.open(
      page('<audio id="welcome" src="/tune.wav#t=0:01" autoplay></audio>'),
      FILES,
    )
    const findings = await autoplayMediaCheck.run(tab, CONTEXT)
    expect(findings).toMatchObject([{ outcome: 'failed', element: { selector: '#welcome' } }])
    expect(findings[0]?.message).toContain('4 s long')
  })

  it('fails a looping video with a sound track that starts by itself, and passes its silent twin', async () => {
    for (const [withSound, outcome] of [
      [true, 'failed'],
      [false, 'passed'],
    ] as const) {
      const tab = await browser.open(page('<p>Hello</p>'))
      await tab.evaluate(playRecordedVideo, withSound)
      await tab.waitForFunction(() => (document.querySelector('video')?.currentTime ?? 0) > 0)
      const findings = await autoplayMediaCheck.run(tab, CONTEXT)
      expect(
        findings.map((finding) => finding.outcome),
        `sound: ${withSound}`,
      ).toEqual([outcome])
    }
  })

  it('asks for review when only a button of the page says it pauses the sound', async () => {
    const tab = await browser.open(
      page('<audio id="welcome" src="/tune.wav" autoplay loop></audio><button>Pause music</button>'),
      FILES,
    )
    const findings = await autoplayMediaCheck.run(tab, CONTEXT)
    expect(findings).toMatchObject([{ outcome: 'review', element: { selector: '#welcome' } }])
  })

  it('fails sound whose only pause buttons are hidden or hidden from assistive technologies', async () => {
    for (const hidden of [
      '<div style="display: none"><button>Pause</button><button>Mute</button></div>',
      '<div aria-hidden="true"><button>Pause</button><button>Mute</button></div>',
      '<button style="visibility: hidden">Mute</button>',
    ]) {
      const tab = await browser.open(
        page(`<audio id="welcome" src="/tune.wav" autoplay></audio>${hidden}`),
        FILES,
      )
      const findings = await autoplayMediaCheck.run(tab, CONTEXT)
      expect(findings, hidden).toMatchObject([{ outcome: 'failed', element: { selector: '#welcome' } }])
    }
  })
})

/**
 * In the page: records a second of a canvas (and of a 440 Hz tone when `withSound`) with MediaRecorder, then
 * plays the recording in a looping, autoplaying <video> without controls.
 */
async function playRecordedVideo(withSound: boolean): Promise<void> {
  const canvas = document.createElement('canvas')
  const paint = canvas.getContext('2d')
  const stream = canvas.captureStream(10)
  const frames = setInterval(() => paint?.fillRect(Math.random() * 200, 0, 10, 10), 50)
  if (withSound) {
    const audio = new AudioContext()
    const tone = audio.createOscillator()
    const out = audio.createMediaStreamDestination()
    tone.connect(out)
    tone.start()
    for (const track of out.stream.getAudioTracks()) stream.addTrack(track)
  }
  const recorder = new MediaRecorder(stream)
  const chunks: Blob[] = []
  recorder.ondataavailable = (event) => chunks.push(event.data)
  const stopped = new Promise((resolve) => {
    recorder.onstop = resolve
  })
  recorder.start()
  await new Promise((resolve) => setTimeout(resolve, 1000))
  recorder.stop()
  await stopped
  clearInterval(frames)
  const video = document.createElement('video')
  video.autoplay = true
  video.loop = true
  video.src = URL.createObjectURL(new Blob(chunks, { type: recorder.mimeType }))
  document.body.append(video)
}
