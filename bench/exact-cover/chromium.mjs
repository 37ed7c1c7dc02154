// The benchmark page (page.html, page.mjs) in headless Chromium (Debian's /usr/bin/chromium
// through playwright-core), served from 127.0.0.1 on a free port with the wasm build, npm
// dancing-links and the workload files: what browser.mjs and ratio.mjs share.
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
// The same Chromium (flags from shared notes/toolchain.md, a fresh profile) as the tests.
import { launchChromium } from '../../tests/js/helpers.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.wasm': 'application/wasm',
  '.json': 'application/json',
  '.dlx': 'text/plain',
};

/**
 * Serves the page and opens it in Chromium, once its wasm build is ready.
 * @param {{ pkg: string, data: string }} dirs the package (scripts/build.sh's pkg/) and the
 *   workload files (target/bench-data).
 * @returns {Promise<{ page, runtime: string, problems: string[], close(): Promise<void> }>}
 *   `problems`: the page's errors so far (console errors and uncaught exceptions);
 *   `close` stops the browser and the server.
 */
export async function openBenchPage({ pkg, data }) {
  /** URL prefix -> folder, and the page itself. Nothing else is served. */
  const routes = {
    '/bench/': HERE,
    '/pkg/': pkg,
    '/dancing-links/': join(HERE, 'node_modules/dancing-links/built/lib'),
    '/data/': data,
  };
  const handle = (request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    let file;
    if (path === '/') {
      file = join(HERE, 'page.html');
    } else {
      const prefix = Object.keys(routes).find((p) => path.startsWith(p));
      const root = prefix && routes[prefix];
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
  };

  const server = createServer(handle);
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const url = `http://127.0.0.1:${server.address().port}/`;
  let browser;
  const close = async () => {
    await browser?.close();
    await new Promise((ok) => server.close(ok));
  };
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
    return { page, runtime, problems, close };
  } catch (error) {
    await close();
    throw error;
  }
}
