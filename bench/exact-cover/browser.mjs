// dlx-wasm's wasm build and npm dancing-links 4.3.10 in one page of headless Chromium (Debian's
// /usr/bin/chromium through playwright-core), measured by the same code as in Node. Serves the
// page, the wasm build, npm dancing-links and the workload files from 127.0.0.1 on a free port,
// and stops the server and the browser at the end. Writes medians for report.mjs.
//
//   node bench/exact-cover/browser.mjs [--data DIR] [--pkg DIR] [--out FILE] [WORKLOAD...]
//
// Runs every workload that is not slow (counting all 6x10 pentomino tilings is left to
// native and Node), or the ones named.
import { createServer } from 'node:http';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
// The same Chromium (flags from shared notes/toolchain.md, a fresh profile) as the tests.
import { launchChromium } from '../../tests/js/helpers.mjs';
import { loadWorkloads, parseArgs } from './args.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const { options, only } = parseArgs(process.argv.slice(2), {
  data: 'target/bench-data',
  pkg: 'pkg',
  out: 'target/bench-results/chromium.json',
});

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.dlx': 'text/plain',
};

/** URL prefix -> folder, and the page itself. Nothing else is served. */
const ROUTES = {
  '/bench/': HERE,
  '/pkg/': options.pkg,
  '/dancing-links/': join(HERE, 'node_modules/dancing-links/built/lib'),
  '/data/': options.data,
};

function handle(request, response) {
  const path = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
  let file;
  if (path === '/') {
    file = join(HERE, 'page.html');
  } else {
    const prefix = Object.keys(ROUTES).find((p) => path.startsWith(p));
    const root = prefix && ROUTES[prefix];
    file = root && resolve(root, path.slice(prefix.length));
    if (file && !file.startsWith(root + sep)) file = undefined;
  }
  let body;
  try {
    body = file && readFileSync(file);
  } catch {
    body = undefined;
  }
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
    // Cross-origin isolation gives performance.now() 5 µs resolution instead of 100 µs.
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Embedder-Policy': 'require-corp',
    'Cache-Control': 'no-store',
  });
  response.end(body);
}

const workloads = loadWorkloads(options.data, only, (w) => only.length > 0 || !w.slow);
const server = createServer(handle);
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const url = `http://127.0.0.1:${server.address().port}/`;
let browser;
try {
  browser = await launchChromium();
  const { context } = browser;
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
    else console.log(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto(url);
  await page.evaluate(() => window.benchReady);
  const runtime = `Chromium ${context.browser()?.version() ?? ''}`.trim();
  const isolated = await page.evaluate(() => self.crossOriginIsolated);
  console.log(`${runtime}, cross-origin isolated: ${isolated}`);
  const results = {};
  for (const workload of workloads) {
    results[workload.name] = await page.evaluate((name) => window.benchWorkload(name), workload.name);
  }
  if (problems.length) throw new Error(`the page reported errors:\n${problems.join('\n')}`);
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, JSON.stringify({ runtime, results }, null, 2) + '\n');
  console.log(`chromium: results -> ${options.out}`);
} finally {
  await browser?.close();
  await new Promise((ok) => server.close(ok));
}
