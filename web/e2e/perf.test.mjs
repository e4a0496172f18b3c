// Figures for BENCHMARKS.md, printed (as "# ..." lines), not asserted, except the size of the
// WebAssembly module: the pattern databases' build in the browser, Korf's first instance
// solved optimally in the page beside the command line, first paint, the module's size.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { loadavg, cpus } from 'node:os';
import { serve, launch, distDir, rootDir, unhopBinary } from './harness.mjs';

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
  console.log(`# Korf 1 in the page: ${length} moves, proven, ${ms.toFixed(0)} ms search, ${nodes} nodes`);
  // Side by side: the command line on the same board, in the same run. A release binary
  // ($UNHOP_RELEASE, else target/release/unhop) is the fair comparison; a debug one is
  // labelled as such. The native pattern databases come from its cache or are built first
  // (not counted: the search's own time is what the command line reports).
  const release = [process.env.UNHOP_RELEASE, join(rootDir, 'target', 'release', 'unhop')].find((b) => b && existsSync(b));
  const bin = release || unhopBinary();
  if (bin) {
    const t0 = performance.now();
    const c = JSON.parse(execFileSync(bin, ['slide', 'solve', board, '--json'], { encoding: 'utf8' }).trim().split('\n').pop());
    const wall = performance.now() - t0;
    assert.equal(Number(length), c.length);
    const nativeMs = c.seconds * 1000;
    console.log(`# Korf 1 natively (${release ? 'release' : 'NOT release'}: ${bin}): ${c.length} moves, ${nativeMs.toFixed(0)} ms search, ${c.nodes} nodes (${wall.toFixed(0)} ms with start-up and tables)`);
    console.log(`# Korf 1 page / native search time: ${(ms / nativeMs).toFixed(2)}×`);
  } else {
    console.log('# Korf 1 natively: no binary (set UNHOP_RELEASE or build target/release/unhop)');
  }
  const [one, five] = loadavg();
  console.log(`# load average while measuring: ${one.toFixed(2)} (1 min), ${five.toFixed(2)} (5 min), ${cpus().length} cores`);
  await context.close();
});

test('figures: Treblecross 0.007 to 2^14 in the page beside the command line', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('body[data-ready="true"]');
  await page.click('[data-testid="tab-heaps"]');
  await page.waitForSelector('[data-testid="heaps-result"][data-outcome]');
  await page.selectOption('[data-testid="heaps-game"]', 'octal');
  await page.fill('[data-testid="heaps-param"]', '0.007');
  await page.fill('[data-testid="heaps-sequence-n"]', String(2 ** 14));
  const release = [process.env.UNHOP_RELEASE, join(rootDir, 'target', 'release', 'unhop')].find((b) => b && existsSync(b));
  const bin = release || unhopBinary();
  // Alternately, three times each: the page's worker time (the library call alone) and its
  // time to the chart drawn, and the command line's wall time (start-up included).
  for (let run = 1; run <= 3; run++) {
    await page.evaluate(() => delete document.querySelector('[data-testid="heaps-sequence"]').dataset.values);
    await page.click('[data-testid="heaps-sequence-go"]');
    await page.waitForSelector('[data-testid="heaps-sequence"][data-values]', { timeout: 120000 });
    const ms = Number(await page.getAttribute('[data-testid="heaps-progress"]', 'data-ms'));
    const wall = Number(await page.getAttribute('[data-testid="heaps-progress"]', 'data-wall-ms'));
    let native = '';
    if (bin) {
      const t0 = performance.now();
      const c = JSON.parse(execFileSync(bin, ['octal', '0.007', '--max-heap', String(2 ** 14), '--json'], { encoding: 'utf8' }));
      const nativeMs = performance.now() - t0;
      const values = (await page.getAttribute('[data-testid="heaps-sequence"]', 'data-values')).split(',').map(Number);
      assert.deepEqual(values, c.values);
      native = `; natively (${release ? 'release' : 'NOT release'}: ${bin}) ${nativeMs.toFixed(0)} ms wall; page / native ${(ms / nativeMs).toFixed(2)}×`;
    }
    console.log(`# 0.007 to 2^14, run ${run}: in the page ${ms.toFixed(0)} ms in the worker, ${wall.toFixed(0)} ms to the chart${native}`);
  }
  const [one] = loadavg();
  console.log(`# load average while measuring: ${one.toFixed(2)} (1 min), ${cpus().length} cores`);
  await context.close();
});
