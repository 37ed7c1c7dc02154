// Cold start of the two pages (issue #36 item 3): from navigation to a playable, solvable
// sudoku grid, and to a counted example on the dancing-links page, in headless Chromium with
// a fresh profile each run (nothing cached), under the throttling mobile audits apply:
// Lighthouse's mobile profile applied through the DevTools protocol, 4x CPU slowdown and its
// network (the profile Lighthouse called "Fast 3G" before it was renamed "Slow 4G": 150 ms
// RTT and 1,638.4 Kbit/s, applied per request as Lighthouse's devtools throttling applies it,
// 562.5 ms of request latency, 1,474.56 Kbit/s down, 675 Kbit/s up).
//
//   node bench/cold-start/run.mjs [RUNS] [--no-throttle] [--mobile] [--waterfall] [--page sudoku|dlx] [--dir DIR]...
//
// The window is Playwright's, 1280 x 720, unless `--mobile`: then the screen of Lighthouse's
// mobile audit too (`MOBILE`: 412 x 823 CSS pixels at 1.75 device pixels each, a touch screen).
//
// `--page` loads that page alone (both by default).
//
// `--dir DIR` serves DIR in place of this tree's site/; given more than once, the pages of each
// are loaded in turn (one run of each, then the next run of each), so that a before and an
// after are measured interleaved on the same machine at the same time.
//
// `--waterfall` prints, for each page's first run, every request: when it was sent and when
// its response finished (ms from the page's own request), its bytes, and its round trip (a
// request sent before the page's response finished is in the page's round trip, one sent
// before another's finished in the round trip after that one, and so on).
//
// Serves site/ (what users get: www/ with each page made one response by
// scripts/build-pages.mjs; scripts/build.sh first) as a static host does: over HTTP/2, gzip-compressed,
// cacheable, with each file's MIME type (application/wasm for streaming compilation), and prints per page the
// median time to each mark and the bytes fetched, and the medians of the loads whose page came on
// time (`LATE`). The marks, from navigation start:
// - sudoku page: `playable` (the grid drawn and the solver's module compiled: the header says
//   "Solver ready"), `solved` (Solve pressed at once, the grid solved);
// - dancing-links page: `ready` (the solver's module compiled), `counted` (Solve pressed at
//   once on the example the page opens with, its count shown).
import { execFileSync } from 'node:child_process';
import { createSecureServer } from 'node:http2';
import { readFile } from 'node:fs/promises';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, launchChromium, tempDir } from '../../tests/js/helpers.mjs';

const args = process.argv.slice(2);
const runs = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--dir') ?? 5);
const throttle = !args.includes('--no-throttle');
const waterfall = args.includes('--waterfall');
const mobile = args.includes('--mobile');
const dirs = args.flatMap((a, i) => (args[i - 1] === '--dir' ? [a] : []));
const only = args.find((a, i) => args[i - 1] === '--page');
if (only !== undefined && only !== 'sudoku' && only !== 'dlx') throw new Error(`--page ${only}: sudoku or dlx`);
if (dirs.length === 0) dirs.push(join(ROOT, 'site'));

const NETWORK = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** Lighthouse's mobile screen (its `screenEmulation` for a Moto G Power), with `--mobile`. */
const MOBILE = { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true };
/**
 * How long after a response's headers the server sends its body, when throttled. Chromium's
 * emulated network (services/network/throttling: `ThrottlingNetworkTransaction::Throttle`)
 * charges a response's start with every byte the transaction has received so far
 * (`GetTotalReceivedBytes`), and then each read with its bytes again: over HTTP/2 a body that
 * came with its headers (a local server sends both at once) is in that total (about 32 KB
 * of it here), so its first bytes were paid for twice, before the headers were handed over. In a
 * third to a half of all loads, whatever the page, that made the page's headers about 170 ms
 * late (about 21 packets of 1,500 bytes at 1,474.56 Kbit/s: `receiveHeadersEnd` about 740 ms
 * where the others had about 570) and the page's last byte as much later. A real network's
 * body comes after its headers; so does this server's, 20 ms after, hidden in the 562.5 ms of
 * emulated latency that every request waits anyway (measured: 0 of 12 loads late, against 2
 * to 8 of 21 before).
 */
const BODY_AFTER = 20;
/**
 * How much later than the emulated latency a page's response headers may come and the load
 * still count as on time: the bench prints how many loads were late (none, since
 * `BODY_AFTER`) and the medians of the others.
 */
const LATE = 100;

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.dlx': 'text/plain; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * A static server of `dir` as a static host serves it: over HTTP/2 (TLS, a self-signed
 * certificate made here with openssl), every response gzipped and cacheable, each file
 * compressed once, before the first load (as a host keeps its compressed files: gzip -9 of
 * the sudoku page takes about 10 ms here, which a load would otherwise wait for), each body
 * `bodyAfter` ms after its headers (see `BODY_AFTER`).
 */
async function serveGzip(dir, bodyAfter) {
  const keys = tempDir('cold-start-tls');
  const key = join(keys.path, 'key.pem');
  const cert = join(keys.path, 'cert.pem');
  execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1',
    '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', key, '-out', cert],
    { stdio: 'ignore' });
  // Chromium trusts the certificate by its key's hash (and then caches what it fetches, as
  // it does not from a server whose certificate it merely ignores).
  const spki = execFileSync('sh', ['-c', `openssl x509 -in '${cert}' -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`]).toString().trim();
  const compressed = new Map(readdirSync(dir, { recursive: true })
    .map((name) => join(dir, name))
    .filter((file) => statSync(file).isFile())
    .map((file) => [file, gzipSync(readFileSync(file), { level: 9 })]));
  const server = createSecureServer({ key: await readFile(key), cert: await readFile(cert), allowHTTP1: true },
    (request, response) => {
      const path = normalize(decodeURIComponent(new URL(request.url, 'https://x').pathname));
      const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
      const body = compressed.get(file);
      if (body === undefined) response.writeHead(404).end();
      else {
        response.writeHead(200, {
          'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
          'Content-Encoding': 'gzip',
          'Cache-Control': 'public, max-age=600',
        });
        // The headers now, the body after them (see `BODY_AFTER`).
        if (bodyAfter > 0) setTimeout(() => response.end(body), bodyAfter);
        else response.end(body);
      }
    });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => resolve({
      url: `https://127.0.0.1:${server.address().port}/`,
      flags: [`--ignore-certificate-errors-spki-list=${spki}`],
      close: () => new Promise((done) => server.close(() => { keys.remove(); done(); })),
    }));
  });
}

/**
 * The requests of one load in the order sent, each with its round trip: 1 for the page,
 * then one more than the latest round trip whose response had finished when it was sent
 * (what it was discovered from, at the latest).
 */
function printWaterfall(requests, origin) {
  const zero = requests[0].sent;
  const done = [];
  for (const request of requests) {
    const before = done.filter((r) => r.finished !== undefined && r.finished <= request.sent);
    request.trip = 1 + Math.max(0, ...before.map((r) => r.trip));
    done.push(request);
  }
  for (const { url, sent, finished, bytes = 0, trip } of requests) {
    const ms = (t) => (t === undefined ? '-' : ((t - zero) * 1000).toFixed(0)).padStart(6);
    console.log(`  trip ${trip}  sent ${ms(sent)}  done ${ms(finished)} ms  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${url.replace(origin, '')}`);
  }
}

/** The median of `values`. */
const median = (values) => [...values].sort((a, b) => a - b)[values.length >> 1];

/** "playable 1010 ms, solved 1486 ms": the median time of each mark `names` over `loads` that took it. */
const medians = (loads, names) => names
  .map((mark) => [mark, loads.map((r) => r.times[mark]).filter((t) => t !== undefined)])
  .filter(([, times]) => times.length > 0)
  .map(([mark, times]) => `${mark} ${median(times).toFixed(0)} ms`)
  .join(', ');

/** One cold load of `page` (a path under the site); returns its marks in ms and the bytes fetched. */
async function coldLoad(server, path, marks) {
  const browser = await launchChromium(server.flags);
  try {
    const page = await browser.context.newPage();
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    /** Every request by its id: url, sent and finished (CDP timestamps, s), bytes. */
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', (event) => requests.set(event.requestId, { url: event.request.url, sent: event.timestamp }));
    // When the page's response headers came (ms from its request): see `LATE`.
    let headers;
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Document' && headers === undefined) headers = event.response.timing?.receiveHeadersEnd;
    });
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      Object.assign(requests.get(event.requestId) ?? {}, { finished: event.timestamp, bytes: event.encodedDataLength });
    });
    if (mobile) {
      await cdp.send('Emulation.setDeviceMetricsOverride', MOBILE);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true });
    }
    if (throttle) {
      await cdp.send('Network.emulateNetworkConditions', NETWORK);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    // The marks are taken by the page itself (`watchMarks`), installed before its first
    // script, and read once all are in: no harness script runs in the page while it loads.
    await page.addInitScript(`(${watchMarks})([${marks.map(({ name, holds, press }) =>
      `{ name: ${JSON.stringify(name)}, holds: ${holds}, press: ${JSON.stringify(press ?? null)} }`).join(', ')}])`);
    await page.goto(server.url + path, { waitUntil: 'commit' });
    const { result, exceptionDetails } = await cdp.send('Runtime.evaluate', {
      expression: `new Promise((resolve) => {
        const wait = () => (window.coldStart ? resolve(window.coldStart.done) : setTimeout(wait, 20));
        wait();
      })`,
      awaitPromise: true,
      returnByValue: true,
      timeout: 60_000,
    });
    if (exceptionDetails) throw new Error(`the marks were not reached: ${exceptionDetails.text}`);
    const times = result.value;
    return { times, bytes, headers, requests: [...requests.values()] };
  } finally {
    await browser.close();
  }
}

/**
 * Installed in the page before its first script (its source is the init script's): takes
 * each mark, in order, as the page's own time (ms from navigation) at the first frame where
 * its condition `holds` is true, after pressing its button `press` (if any) as soon as that
 * is enabled (`click`: when it was pressed), and resolves `window.coldStart.done` with them.
 * A mark is the page's, not the harness's (which hears of it a round trip later, 30-60 ms
 * under the CPU throttling), and no script of the harness runs in the page while it loads:
 * Playwright's own (its `waitForFunction` and `click` evaluate about 7,000 lines in the page,
 * 36 ms of the throttled main thread, which the page's load then waited for).
 */
function watchMarks(marks) {
  const times = {};
  let resolve;
  const done = new Promise((r) => (resolve = r));
  window.coldStart = { done };
  let k = 0;
  const frame = () => {
    while (k < marks.length) {
      const mark = marks[k];
      if (mark.press && times.click === undefined) {
        const button = document.querySelector(mark.press);
        if (!button || button.disabled) break;
        times.click = performance.now();
        button.click();
      }
      if (!mark.holds()) break;
      times[mark.name] = performance.now();
      k++;
    }
    if (k < marks.length) requestAnimationFrame(frame);
    else resolve(times);
  };
  requestAnimationFrame(frame);
}

// Each page's marks: a condition the page's state meets (`holds`, run in the page: see
// `watchMarks`), after pressing a button (`press`).
const SUDOKU = [
  {
    name: 'playable',
    holds: () => document.querySelectorAll('#grid [role="gridcell"]').length === 81
      && document.getElementById('engine-status')?.dataset.state === 'ready',
  },
  {
    name: 'solved',
    press: '#solve',
    holds: () => [...document.querySelectorAll('#grid [role="gridcell"]')]
      .every((cell) => /[1-9]/.test(cell.textContent.trim().slice(0, 1))),
  },
];

const DLX = [
  {
    name: 'ready',
    holds: () => document.getElementById('engine-status')?.dataset.state === 'ready'
      && document.getElementById('problem')?.value.trim().length > 0,
  },
  {
    name: 'counted',
    press: '#solve',
    holds: () => {
      const count = document.getElementById('example-about')?.dataset.count;
      const shown = document.getElementById('stat-count')?.textContent.replace(/[^0-9]/g, '');
      return shown !== undefined && shown !== '' && (count === undefined || shown === count);
    },
  },
];

const servers = await Promise.all(dirs.map((dir) => serveGzip(dir, throttle ? BODY_AFTER : 0)));
try {
  console.log(`cold start, ${runs} runs each, ${mobile ? `a ${MOBILE.width} x ${MOBILE.height} touch screen, ` : ''}${throttle ? `throttled: CPU ${CPU_SLOWDOWN}x, ${NETWORK.latency} ms request latency, ${(NETWORK.downloadThroughput * 8 / 1024).toFixed(0)} Kbit/s down` : 'unthrottled'}`);
  const pages = [['sudoku', 'sudoku page', 'index.html', SUDOKU], ['dlx', 'dancing-links page', 'dlx.html', DLX]];
  for (const [, name, path, marks] of pages.filter(([id]) => only === undefined || id === only)) {
    const results = servers.map(() => []);
    for (let i = 0; i < runs; i++) {
      for (const [k, server] of servers.entries()) results[k].push(await coldLoad(server, path, marks));
    }
    for (const [k, server] of servers.entries()) {
      const names = marks.map(({ name: mark }) => mark);
      const label = dirs.length > 1 ? `${name} (${dirs[k]})` : name;
      console.log(`${label.padEnd(20)} ${medians(results[k], [...names, 'click'])}; ${(median(results[k].map((r) => r.bytes)) / 1024).toFixed(0)} KB fetched`);
      if (throttle) {
        // The loads whose page came on time, and their medians (see `LATE`).
        const onTime = results[k].filter((r) => r.headers !== undefined && r.headers <= NETWORK.latency + LATE);
        console.log(`  the page's headers late in ${results[k].length - onTime.length} of ${results[k].length} loads; ` +
          `the others' ${medians(onTime, names) || '(none)'}`);
      }
      if (waterfall) printWaterfall(results[k][0].requests, server.url);
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.close()));
}
