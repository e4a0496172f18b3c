// The sliding tab, end to end in headless Chromium, by the test contract of the page: every
// solution shown is replayed on the board shown, and its length compared with the command
// line's `unhop slide solve --json` on the same board (when the binary is built).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, openPage, cells, replay, isGoal, rootDir } from './harness.mjs';

let server, browser, shared;
before(async () => {
  server = await serve();
  browser = await launch();
  // The pages share their storage, so the 15-puzzle's databases are built once.
  shared = await browser.newContext({ viewport: { width: 1000, height: 900 } });
});
after(async () => { await browser?.close(); server?.close(); });

const unhopBin = process.env.UNHOP || join(rootDir, 'target', 'debug', 'unhop');

/** The command line's answer for `board`, or null when the binary is not built. */
function cli(board) {
  if (!existsSync(unhopBin)) return null;
  const out = execFileSync(unhopBin, ['slide', 'solve', board, '--json'], { encoding: 'utf8' });
  return JSON.parse(out.trim().split('\n').pop());
}

async function solve(page, board, { size, budget } = {}) {
  if (size) await page.selectOption('[data-testid="slide-size"]', String(size));
  if (budget !== undefined) await page.fill('[data-testid="slide-budget"]', String(budget));
  await page.fill('[data-testid="slide-input"]', board);
  const start = await cells(page);
  await page.click('[data-testid="slide-solve"]');
  const result = page.locator('[data-testid="slide-result"]');
  await page.waitForSelector('[data-testid="slide-result"][data-solvable]', { timeout: 240000 });
  const attr = async (a) => result.getAttribute(a);
  const text = (await result.textContent()).trim();
  return {
    start,
    solvable: await attr('data-solvable'),
    length: await attr('data-length'),
    proven: await attr('data-proven'),
    tiles: text === '' ? [] : text.split(/\s+/).map(Number),
  };
}

/** Replays the page's tile list on the board the page showed, and checks it against the CLI. */
function checkSolution(board, r) {
  assert.equal(r.solvable, 'true');
  assert.equal(Number(r.length), r.tiles.length);
  assert.ok(isGoal(replay(r.start, r.tiles)), `the tiles ${r.tiles} do not solve ${board}`);
  const c = cli(board);
  if (c && r.proven === 'true') assert.equal(r.tiles.length, c.length, `page and command line differ on ${board}`);
}

test('the seed\'s 15-puzzle example is solved in 9 moves, proven, and replays', async () => {
  const { page, errors } = await openPage(browser, server.url, undefined, shared);
  const board = '5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12';
  const r = await solve(page, board);
  checkSolution(board, r);
  assert.equal(r.proven, 'true');
  assert.deepEqual(r.tiles, [13, 9, 5, 1, 2, 3, 7, 11, 12]);
  assert.deepEqual(errors, []);
});

test('the seed\'s 8-puzzle example 8 6 7 2 5 4 3 _ 1 takes 31 moves', async () => {
  const { page, errors } = await openPage(browser, server.url, undefined, shared);
  const board = '8 6 7 2 5 4 3 _ 1';
  const r = await solve(page, board, { size: 8 });
  checkSolution(board, r);
  assert.equal(r.length, '31');
  assert.equal(r.proven, 'true');
  assert.equal(await page.$eval('[data-testid="slide-size"]', (e) => e.value), '8');
  assert.equal((await cells(page)).length, 9);
  assert.deepEqual(errors, []);
});

test('the board with 14 and 15 swapped is unsolvable, with the reason, and no search', async () => {
  const { page, errors } = await openPage(browser, server.url, undefined, shared);
  const r = await solve(page, '1 2 3 4 5 6 7 8 9 10 11 12 13 15 14 _');
  assert.equal(r.solvable, 'false');
  assert.deepEqual(r.tiles, []);
  const summary = await page.textContent('[data-testid="slide-summary"]');
  assert.match(summary, /cannot be solved/);
  assert.match(summary, /2, even/);
  assert.deepEqual(errors, []);
});

test('shuffled boards are solvable, their solutions replay, and the CLI agrees', async () => {
  const { page, errors } = await openPage(browser, server.url, undefined, shared);
  for (const size of [8, 15]) {
    await page.selectOption('[data-testid="slide-size"]', String(size));
    await page.click('[data-testid="slide-shuffle"]');
    const board = await page.inputValue('[data-testid="slide-input"]');
    assert.equal(board.split(/\s+/).length, size + 1);
    const r = await solve(page, board, { budget: size === 8 ? 15 : 2 });
    checkSolution(board, r);
  }
  assert.deepEqual(errors, []);
});

test('a board that is not one is refused with the library\'s reason', async () => {
  const { page, errors } = await openPage(browser, server.url, undefined, shared);
  await page.fill('[data-testid="slide-input"]', '1 2 3');
  assert.match(await page.textContent('[data-testid="slide-input-error"]'), /9 .*or 16/);
  await page.fill('[data-testid="slide-input"]', '1 2 3 4 5 6 7 8 8');
  await page.click('[data-testid="slide-solve"]');
  assert.doesNotMatch(await page.textContent('[data-testid="slide-input-error"]'), /undefined|^$/);
  assert.equal(await page.getAttribute('[data-testid="slide-result"]', 'data-solvable'), null);
  assert.deepEqual(errors, []);
});

test('clicking a tile next to the gap slides it; a tile away from the gap stays', async () => {
  const { page, errors } = await openPage(browser, server.url, undefined, shared);
  await page.fill('[data-testid="slide-input"]', '1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 _');
  await page.click('[data-testid="slide-board"] [data-tile="1"]');
  assert.deepEqual(await cells(page), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0]);
  await page.click('[data-testid="slide-board"] [data-tile="12"]');
  assert.deepEqual(await cells(page), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 13, 14, 15, 12]);
  // The keyboard: Tab to a tile and press Enter.
  await page.focus('[data-testid="slide-board"] [data-tile="11"]');
  await page.keyboard.press('Enter');
  assert.deepEqual(await cells(page), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0, 11, 13, 14, 15, 12]);
  assert.equal(await page.inputValue('[data-testid="slide-input"]'), '1 2 3 4 5 6 7 8 9 10 _ 11 13 14 15 12');
  assert.deepEqual(errors, []);
});

test('Next and the arrow keys step through the solution; Play ends on the goal', async () => {
  const { page, errors } = await openPage(browser, server.url, undefined, shared);
  const board = '5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12';
  const r = await solve(page, board);
  checkSolution(board, r);
  await page.click('[data-testid="slide-next"]');
  assert.deepEqual(await cells(page), replay(r.start, r.tiles.slice(0, 1)));
  await page.focus('[data-testid="slide-board"] [data-tile="1"]');
  await page.keyboard.press('ArrowRight');
  assert.deepEqual(await cells(page), replay(r.start, r.tiles.slice(0, 2)));
  await page.keyboard.press('ArrowLeft');
  assert.deepEqual(await cells(page), replay(r.start, r.tiles.slice(0, 1)));
  await page.click('[data-testid="slide-play"]');
  await page.waitForSelector('[data-testid="slide-board"][data-solved="true"]', { timeout: 20000 });
  assert.ok(isGoal(await cells(page)));
  assert.deepEqual(errors, []);
});

test('a tiny budget gives the fast solution, marked as not proven shortest', async () => {
  const { page, errors } = await openPage(browser, server.url, undefined, shared);
  // Korf's first instance, turned half a turn for the gap-last goal (57 moves).
  const board = '13 6 8 12 15 14 0 10 11 7 4 5 9 1 3 2';
  const r = await solve(page, board, { budget: 0.001 });
  checkSolution(board, r);
  assert.equal(r.proven, 'false');
  assert.equal(await page.getAttribute('[data-testid="slide-result"]', 'data-fallback'), 'true');
  assert.match(await page.textContent('[data-testid="slide-summary"]'), /NOT proven shortest/);
  assert.ok(r.tiles.length >= 57);
  assert.deepEqual(errors, []);
});

test('a search can be cancelled, and the next one still works', async () => {
  const { page, errors } = await openPage(browser, server.url, undefined, shared);
  // 80 moves, one of the hardest boards: far longer than this test waits.
  await page.fill('[data-testid="slide-budget"]', '600');
  await page.fill('[data-testid="slide-input"]', '_ 12 9 13 15 11 10 14 3 7 2 5 4 8 6 1');
  await page.click('[data-testid="slide-solve"]');
  await page.waitForSelector('[data-testid="slide-cancel"]:not([disabled])');
  await page.waitForFunction(() => /Searching/.test(document.querySelector('[data-testid="slide-status"]').textContent));
  const t0 = Date.now();
  await page.click('[data-testid="slide-cancel"]');
  await page.waitForFunction(() => /cancelled/.test(document.querySelector('[data-testid="slide-summary"]').textContent));
  assert.ok(Date.now() - t0 < 5000);
  assert.equal(await page.getAttribute('[data-testid="slide-result"]', 'data-solvable'), null);
  const board = '5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12';
  const r = await solve(page, board, { budget: 15 });
  checkSolution(board, r);
  assert.deepEqual(errors, []);
});

test('the pattern databases are kept in the browser\'s storage and loaded, checked, next time', async () => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(server.url);
  await page.waitForSelector('[data-testid="slide-status"][data-tables="ready"]', { timeout: 60000 });
  assert.equal(await page.getAttribute('[data-testid="slide-status"]', 'data-tables-built'), '3');
  const buildMs = Number(await page.getAttribute('[data-testid="slide-status"]', 'data-tables-build-ms'));
  console.log(`# pattern databases 6-6-3 built in the browser in ${(buildMs / 1000).toFixed(2)} s`);
  await page.reload();
  await page.waitForSelector('[data-testid="slide-status"][data-tables="ready"]', { timeout: 60000 });
  assert.equal(await page.getAttribute('[data-testid="slide-status"]', 'data-tables-loaded'), '3');
  assert.equal(await page.getAttribute('[data-testid="slide-status"]', 'data-tables-built'), '0');
  // A damaged table in storage fails its checksum, is reported and built again.
  await page.evaluate(() => new Promise((resolve, reject) => {
    const req = indexedDB.open('unhop', 1);
    req.onsuccess = () => {
      const store = req.result.transaction('tables', 'readwrite').objectStore('tables');
      const key = 'sliding-4x4-gap15-1.2.3.pdb';
      const get = store.get(key);
      get.onsuccess = () => {
        const bytes = new Uint8Array(get.result);
        bytes[bytes.length - 1] ^= 1;
        const put = store.put(bytes, key);
        put.onsuccess = () => resolve();
        put.onerror = () => reject(put.error);
      };
    };
    req.onerror = () => reject(req.error);
  }));
  await page.reload();
  await page.waitForSelector('[data-testid="slide-status"][data-tables="ready"]', { timeout: 60000 });
  assert.equal(await page.getAttribute('[data-testid="slide-status"]', 'data-tables-loaded'), '2');
  assert.equal(await page.getAttribute('[data-testid="slide-status"]', 'data-tables-built'), '1');
  assert.match(await page.textContent('[data-testid="slide-status"]'), /rejected \(sliding-4x4-gap15-1\.2\.3\.pdb: its checksum does not match/);
  await context.close();
});
