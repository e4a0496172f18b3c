// Shared by the end-to-end tests: a static server for web/dist on 127.0.0.1, headless Debian
// Chromium driven by playwright-core, and a page that records every console error.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import Ajv2020 from 'ajv/dist/2020.js';

export const webDir = fileURLToPath(new URL('..', import.meta.url));
export const distDir = join(webDir, 'dist');
export const rootDir = join(webDir, '..');

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png',
};

/** Serves web/dist on 127.0.0.1 at a free port; resolves to { url, close }. */
export function serve() {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
    const file = join(distDir, path.endsWith('/') ? path + 'index.html' : path);
    if (!file.startsWith(distDir)) {
      res.writeHead(403).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end('not found');
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() });
    });
  });
}

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run',
];

export function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** A new page with its console errors collected: in `shared` (a context whose storage,
 * and so whose pattern databases, its pages share), else in a context of its own. */
export async function openPage(browser, url, viewport = { width: 1000, height: 900 }, shared = null) {
  const context = shared || await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]');
  return { page, context, errors };
}

/** The board's tiles, in cell order (0 the gap), read from the page's data-tile attributes. */
export async function cells(page) {
  return page.$$eval('[data-testid="slide-board"] [data-tile]', (els) => els.map((e) => Number(e.dataset.tile)));
}

/** Slides `tiles` one by one on `cells` (the test's own replay, independent of the page). */
export function replay(cellsIn, tiles) {
  const c = [...cellsIn];
  const w = Math.round(Math.sqrt(c.length));
  for (const t of tiles) {
    const g = c.indexOf(0), p = c.indexOf(t);
    const adjacent = (Math.abs(g - p) === w) || (Math.abs(g - p) === 1 && Math.floor(g / w) === Math.floor(p / w));
    if (p < 0 || !adjacent) throw new Error(`tile ${t} is not next to the gap`);
    [c[g], c[p]] = [c[p], c[g]];
  }
  return c;
}

export function isGoal(c) {
  return c.every((t, i) => t === (i === c.length - 1 ? 0 : i + 1));
}

/** The command-line binary the tests compare with: `$UNHOP`, else the debug build, else the
 * release build of this tree; null when none is built. */
export function unhopBinary() {
  const candidates = [process.env.UNHOP, join(rootDir, 'target', 'debug', 'unhop'), join(rootDir, 'target', 'release', 'unhop')];
  return candidates.find((b) => b && existsSync(b)) || null;
}

/** Calls the page's library function `name` (an export of its WebAssembly module) with
 * `args` inside `page`, and returns its JSON answer parsed: what the page itself receives. */
export async function libraryCall(page, name, ...args) {
  const text = await page.evaluate(async ([fn, rest]) => {
    const lib = await import('./pkg/unhop_web.js');
    await lib.default();
    return lib[fn](...rest);
  }, [name, args]);
  return JSON.parse(text);
}

const validators = new Map();

/** Throws unless `value` is an instance of the report `report`'s JSON Schema, the schema
 * read from the page's own library (`schema(name)`, the text of `unhop schema NAME`). */
export async function assertReport(page, report, value) {
  if (!validators.has(report)) {
    const schema = await libraryCall(page, 'schema', report);
    // Formats such as schemars' `uint32` are descriptive here: the types carry the check.
    const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
    validators.set(report, ajv.compile(schema));
  }
  const validate = validators.get(report);
  if (!validate(value)) {
    throw new Error(`not a ${report} report: ${JSON.stringify(validate.errors)}\n${JSON.stringify(value)}`);
  }
}
