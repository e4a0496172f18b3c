// Figures for BENCHMARKS.md, printed (as "# ..." lines), not asserted, except the size of the
// WebAssembly module: the pattern databases' build in the browser, Korf's first instance
// solved optimally in the page beside the command line, first paint, the module's size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { serve, launch, distDir, rootDir } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

test('the WebAssembly module is at most 1 MB compressed', () => {
  const wasm = readFileSync(join(distDir, 'pkg', 'unhop_web_bg.wasm'));
  const gz = gzipSync(wasm, { level: 9 }).length;
  console.log(`# unhop_web_bg.wasm: ${(wasm.length / 1e6).toFixed(2)} MB, ${(gz / 1e6).toFixed(2)} MB gzip -9`);
  assert.ok(gz <= 1_000_000, `${gz} bytes compressed`);
});

test('figures: first paint, pattern databases, Korf\'s first instance in the page and natively', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
  console.log(`# first contentful paint on localhost: ${paint?.toFixed(0)} ms`);
  await page.waitForSelector('[data-testid="slide-status"][data-tables="ready"]', { timeout: 60000 });
  const buildMs = Number(await page.getAttribute('[data-testid="slide-status"]', 'data-tables-build-ms'));
  console.log(`# pattern databases 6-6-3 built in the browser: ${(buildMs / 1000).toFixed(2)} s`);
  // Korf's first instance, turned half a turn for the gap-last goal.
  const board = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';
  await page.fill('[data-testid="slide-input"]', board);
  await page.click('[data-testid="slide-solve"]');
  await page.waitForSelector('[data-testid="slide-result"][data-solvable]', { timeout: 120000 });
  const length = await page.getAttribute('[data-testid="slide-result"]', 'data-length');
  const proven = await page.getAttribute('[data-testid="slide-result"]', 'data-proven');
  const ms = Number(await page.getAttribute('[data-testid="slide-result"]', 'data-ms'));
  const nodes = await page.getAttribute('[data-testid="slide-result"]', 'data-nodes');
  assert.equal(proven, 'true');
  let native = '';
  const bin = process.env.UNHOP_RELEASE || process.env.UNHOP || join(rootDir, 'target', 'debug', 'unhop');
  if (existsSync(bin)) {
    const c = JSON.parse(execFileSync(bin, ['slide', 'solve', board, '--json'], { encoding: 'utf8' }).trim());
    assert.equal(Number(length), c.length);
    native = `; natively (${bin}) ${(c.seconds * 1000).toFixed(0)} ms, ${c.nodes} nodes`;
  }
  console.log(`# Korf 1 in the page: ${length} moves, proven, ${ms.toFixed(0)} ms, ${nodes} nodes${native}`);
  await context.close();
});
