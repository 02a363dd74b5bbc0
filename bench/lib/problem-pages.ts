/**
 * Local pages with planted problems, served for bench/capture-tool-output.ts so that real Lighthouse and
 * axe runs produce every detail type the audit renderer draws (accessibility.md §3). Everything is
 * generated here: no network, stable bytes, stable URLs when given a fixed port.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'

/** A 24-bit BMP: heavy, unoptimised, no modern format - what image-delivery audits flag. */
function makeBmp(width: number, height: number): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4
  const pixelBytes = rowSize * height
  const buffer = Buffer.alloc(54 + pixelBytes)
  buffer.write('BM', 0)
  buffer.writeUInt32LE(54 + pixelBytes, 2)
  buffer.writeUInt32LE(54, 10)
  buffer.writeUInt32LE(40, 14)
  buffer.writeInt32LE(width, 18)
  buffer.writeInt32LE(height, 22)
  buffer.writeUInt16LE(1, 26)
  buffer.writeUInt16LE(24, 28)
  buffer.writeUInt32LE(pixelBytes, 34)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = 54 + y * rowSize + x * 3
      buffer[offset] = (x * 255) / width
      buffer[offset + 1] = (y * 255) / height
      buffer[offset + 2] = ((x ^ y) & 0xff) % 256
    }
  }
  return buffer
}

/** Unused, unminified CSS: rules for classes the page never uses. */
function makeCss(): string {
  const rules = ['body {\n  font-family: Georgia, serif;\n  margin: 0;\n}\n', '.lead {\n  color: #aaa;\n}\n']
  for (let index = 0; index < 1500; index++) {
    rules.push(
      `.unused-rule-${index} {\n  color: #${(index * 4099).toString(16).padStart(6, '0').slice(0, 6)};\n  padding: ${index % 17}px;\n}\n`,
    )
  }
  return rules.join('\n')
}

/** A module that two bundles both contain (duplicated-javascript needs source maps saying so). */
const SHARED_MODULE =
  `function sharedHelper(items) {\n  var total = 0;\n  for (var index = 0; index < items.length; index++) {\n    total += items[index] * 2;\n  }\n  return total;\n}\n`.repeat(
    1,
  )

function makeBundle(name: string): { code: string; map: string } {
  const own = `function ${name}Main() {\n  return sharedHelper([1, 2, 3]);\n}\n`
  const filler = Array.from(
    { length: 400 },
    (_, index) => `function ${name}Unused${index}(value) {\n  return value + ${index};\n}\n`,
  ).join('')
  const code = `${SHARED_MODULE}${own}${filler}${name}Main();\n//# sourceMappingURL=/${name}.js.map\n`
  const sharedLines = SHARED_MODULE.split('\n').length - 1
  const ownLines = code.split('\n').length - 1 - sharedLines
  // One mapping per line: source 0 (the shared module) first, then source 1 (the bundle's own code).
  const segments: string[] = []
  for (let line = 0; line < sharedLines; line++) segments.push(line === 0 ? 'AAAA' : 'AACA')
  for (let line = 0; line < ownLines; line++) segments.push(line === 0 ? 'ACjBA' : 'AACA')
  const map = JSON.stringify({
    version: 3,
    file: `${name}.js`,
    sources: ['node_modules/shared-lib/index.js', `src/${name}.js`],
    sourcesContent: [SHARED_MODULE, code],
    names: [],
    mappings: segments.join(';'),
  })
  return { code, map }
}

/** Transpiled-looking code with polyfills for features every current browser has (legacy-javascript). */
const LEGACY_JS = `
Array.prototype.includes || (Array.prototype.includes = function (value) { return this.indexOf(value) !== -1; });
Array.prototype.flat || Object.defineProperty(Array.prototype, 'flat', { value: function () { return [].concat.apply([], this); } });
Object.assign || (Object.assign = function (target) { return target; });
String.prototype.startsWith || (String.prototype.startsWith = function (s) { return this.indexOf(s) === 0; });
Promise.allSettled || (Promise.allSettled = function (list) { return Promise.all(list); });
function _classCallCheck(instance, Constructor) { if (!(instance instanceof Constructor)) { throw new TypeError("Cannot call a class as a function"); } }
var Greeter = function Greeter() { _classCallCheck(this, Greeter); };
new Greeter();
${Array.from({ length: 300 }, (_, index) => `function legacyUnused${index}(a, b) {\n  var sum = a + b + ${index};\n  return sum * 2;\n}`).join('\n')}
`

/** Blocks the main thread: long tasks, TBT, bootup time. */
const BUSY_JS = `
(function () {
  performance.mark('busy-start');
  var end = Date.now() + 350;
  var x = 0;
  while (Date.now() < end) { x += Math.sqrt(x + 1); }
  performance.mark('busy-end');
  performance.measure('busy', 'busy-start', 'busy-end');
  window.__busy = x;
})();
`

const HEAVY_PAGE = `<!doctype html>
<html>
<head>
<title>Heavy page</title>
<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no">
<link rel="stylesheet" href="/big.css">
<script src="/legacy.js"></script>
<script src="/bundle-a.js"></script>
<script src="/bundle-b.js"></script>
<script src="THIRD_PARTY/third-party.js"></script>
<style>
  @keyframes grow { from { width: 10px; } to { width: 300px; } }
  .animated { animation: grow 3s infinite alternate; background: #36c; height: 20px; }
</style>
</head>
<body>
<h1>Heavy page</h1>
<p class="lead">Light grey text on white that is hard to read.</p>
<div id="slot"></div>
<img src="/hero.bmp" alt="">
<img src="/hero.bmp" width="300" height="100">
<img src="THIRD_PARTY/pixel.bmp">
<div class="animated"></div>
<p><a href="/other">click here</a></p>
<form><input type="password" onpaste="return false"><button></button></form>
<script>${BUSY_JS}</script>
<script>
  console.error('A planted console error');
  window.addEventListener('unload', function () {});
  var request = new XMLHttpRequest();
  request.open('GET', '/sync-data', false);
  request.send();
  document.body.addEventListener('touchstart', function () {});
  setTimeout(function () {
    var banner = document.createElement('div');
    banner.style.height = '200px';
    banner.textContent = 'A late banner that pushes everything down';
    document.getElementById('slot').appendChild(banner);
  }, 400);
  setTimeout(function () { throw new Error('A planted uncaught error'); }, 10);
</script>
</body>
</html>`

const SEO_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Blocked page</title>
<meta name="robots" content="noindex, nofollow">
<link rel="alternate" hreflang="xx-invalid" href="/fr">
<link rel="canonical" href="http://other.invalid/">
<meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
<main>
<h1>Blocked from search engines</h1>
<p>This page asks not to be indexed and has an invalid hreflang.</p>
<a href="javascript:void(0)">Read more</a>
<a href="#">learn more</a>
<embed type="application/x-shockwave-flash" src="/movie.swf">
</main>
</body>
</html>`

const CLEAN_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Clean page</title>
<meta name="description" content="A small page without planted problems.">
<meta name="viewport" content="width=device-width, initial-scale=1">
</head>
<body>
<main>
<h1>Clean page</h1>
<p>Short, plain and fast. <a href="/seo.html">Read about the blocked page</a>.</p>
</main>
</body>
</html>`

const AXE_PAGE = `<!doctype html>
<html>
<head><title></title></head>
<body>
<div role="banner"><h3>Skipped heading level</h3></div>
<img src="/hero.bmp" width="40" height="40">
<p style="color:#bbb;background:#fff">Low contrast paragraph</p>
<a href="/x"></a>
<button></button>
<input type="text" placeholder="Name">
<select><option>One</option></select>
<div id="dup"></div><div id="dup"></div>
<ul><div>not a list item</div></ul>
<table><tr><th></th><td>cell</td></tr></table>
<div role="button">fake button</div>
<div aria-hidden="true"><a href="/y">hidden link</a></div>
<iframe src="/clean.html"></iframe>
<span tabindex="5">positive tabindex</span>
</body>
</html>`

export const PROBLEM_PAGES = {
  heavy: '/heavy.html',
  seo: '/seo.html',
  clean: '/clean.html',
  axe: '/axe.html',
} as const

export interface ProblemSite {
  url: string
  close(): Promise<void>
}

/**
 * Serves the pages on 127.0.0.1 and their "third party" resources from localhost on the same port: a
 * different host, so Lighthouse attributes them to another entity.
 */
export async function startProblemSite(port = 0): Promise<ProblemSite> {
  const css = makeCss()
  const bundleA = makeBundle('bundleA')
  const bundleB = makeBundle('bundleB')
  const hero = makeBmp(1600, 900)
  const pixel = makeBmp(400, 400)
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const actualPort = (server.address() as { port: number }).port
    const thirdParty = `http://localhost:${actualPort}`
    const send = (type: string, body: string | Buffer, status = 200) => {
      response.writeHead(status, { 'content-type': type })
      response.end(body)
    }
    switch (path) {
      case PROBLEM_PAGES.heavy:
        return send('text/html', HEAVY_PAGE.replaceAll('THIRD_PARTY', thirdParty))
      case PROBLEM_PAGES.seo:
        return send('text/html; charset=utf-8', SEO_PAGE)
      case PROBLEM_PAGES.clean:
      case '/':
        return send('text/html; charset=utf-8', CLEAN_PAGE)
      case PROBLEM_PAGES.axe:
        return send('text/html', AXE_PAGE)
      case '/big.css':
        return send('text/css', css)
      case '/legacy.js':
        return send('application/javascript', LEGACY_JS)
      case '/bundle-a.js':
        return send('application/javascript', bundleA.code)
      case '/bundle-a.js.map':
      case '/bundleA.js.map':
        return send('application/json', bundleA.map)
      case '/bundle-b.js':
        return send('application/javascript', bundleB.code)
      case '/bundleB.js.map':
        return send('application/json', bundleB.map)
      case '/third-party.js':
        return send(
          'application/javascript',
          `(function(){var e=Date.now()+120;while(Date.now()<e){}document.documentElement.dataset.tp='1';})();`,
        )
      case '/hero.bmp':
        return send('image/bmp', hero)
      case '/pixel.bmp':
        return send('image/bmp', pixel)
      case '/sync-data':
        return send('application/json', '{"ok":true}')
      case '/robots.txt':
        return send(
          'text/plain',
          'User-agent: *\nDisallow /nothing\nthis line is not a directive\nCrawl-delay: x\n',
        )
      default:
        return send('text/html', '<!doctype html><title>Not found</title><h1>Not found</h1>', 404)
    }
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
