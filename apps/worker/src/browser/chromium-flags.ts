/**
 * Flags every Chromium the worker starts gets (playwright's shared browser, Lighthouse's). Without them Debian's
 * Chromium stalls on network attempts a closed network refuses (background networking, component updates,
 * sync, QUIC) or on sandbox and GPU setup in a container; /dev/shm is small in Docker.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  // A page's JavaScript heap is capped at 1 GB (V8's own limit is 4 GB): a page that exhausts memory crashes
  // its tab sooner, and is failed with a reason, instead of taking a quarter of the machine with it.
  '--js-flags=--max-old-space-size=1024',
  // WebRTC's UDP would go around the guarding proxy every request must pass (the network guard): none.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
]

/** The same for a Chromium started by chrome-launcher (Lighthouse), which does not add headless itself. */
export const HEADLESS_CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS]
