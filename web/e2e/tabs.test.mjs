// The other tabs end to end: peg solitaire finished with the hints, the computer winning
// Duotaire from a lost position, the automaton drawn with a word's run; no console errors on
// any tab; screenshots of every tab (wide and phone-sized) into web/e2e/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { serve, launch, openPage, webDir, unhopBinary } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const shots = join(webDir, 'e2e', 'screenshots');

test('the English central game is finished with one peg by following the hints', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('[data-testid="tab-pegs"]');
  await page.waitForSelector('[data-testid="pegs-grid"] [data-hole]');
  assert.equal(await page.getAttribute('[data-testid="pegs-grid"]', 'data-pegs'), '32');
  for (let jumps = 0; jumps < 31; jumps++) {
    await page.click('[data-testid="pegs-hint"]');
    await page.waitForSelector('[data-testid="pegs-help"][data-verdict]');
    const from = await page.getAttribute('[data-testid="pegs-help"]', 'data-next-from');
    const to = await page.getAttribute('[data-testid="pegs-help"]', 'data-next-to');
    assert.ok(from !== null && to !== null, `no hint after ${jumps} jumps`);
    await page.click(`[data-testid="pegs-grid"] [data-hole="${from}"]`);
    await page.click(`[data-testid="pegs-grid"] [data-hole="${to}"]`);
    assert.equal(await page.getAttribute('[data-testid="pegs-grid"]', 'data-pegs'), String(31 - jumps));
  }
  assert.match(await page.textContent('[data-testid="pegs-status"]'), /1 peg left: solved/);
  // Undo takes the last jump back.
  await page.click('[data-testid="pegs-undo"]');
  assert.equal(await page.getAttribute('[data-testid="pegs-grid"]', 'data-pegs'), '2');
  assert.deepEqual(errors, []);
});

test('a position that cannot finish says why, with the proof on the board', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('[data-testid="tab-pegs"]');
  // A row of four holes with two pegs apart: no jump at all, so it cannot finish.
  await page.selectOption('[data-testid="pegs-board"]', 'row');
  await page.fill('[data-testid="pegs-row"]', '1001');
  await page.dispatchEvent('[data-testid="pegs-row"]', 'change');
  assert.equal(await page.getAttribute('[data-testid="pegs-grid"]', 'data-pegs'), '2');
  await page.click('[data-testid="pegs-why"]');
  await page.waitForSelector('[data-testid="pegs-help"][data-verdict]');
  assert.equal(await page.getAttribute('[data-testid="pegs-help"]', 'data-verdict'), 'impossible');
  assert.match(await page.textContent('[data-testid="pegs-help"]'), /cannot finish with one peg\. Why: (position classes|a pagoda function|exhaustive search)/);
  assert.deepEqual(errors, []);
});

test('the computer wins Duotaire from a position lost for the person', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('[data-testid="tab-duotaire"]');
  await page.waitForSelector('[data-testid="duo-new"]');
  // Look for a start of value 0 (lost for the player to move) among a few words.
  let word = null;
  for (const w of ['11011', '110110', '1101101', '11101', '1011011', '111011', '1111']) {
    await page.fill('[data-testid="duo-input"]', w);
    await page.click('[data-testid="duo-new"]');
    await page.click('[data-testid="duo-hint"]');
    const value = await page.getAttribute('[data-testid="duo-help"]', 'data-value');
    if (value === '0' && (await page.$$('[data-testid="duo-option"]')).length > 0) { word = w; break; }
  }
  assert.ok(word, 'no lost start with a move found');
  for (let moves = 0; moves < 40; moves++) {
    const winner = await page.getAttribute('[data-testid="duo-status"]', 'data-winner');
    if (winner) break;
    await page.click('[data-testid="duo-option"] >> nth=0');
    await page.waitForFunction(() => {
      const s = document.querySelector('[data-testid="duo-status"]');
      return s.dataset.turn === 'person' || s.dataset.winner;
    });
    // After the computer's move the position is lost again for the person.
    if (!(await page.getAttribute('[data-testid="duo-status"]', 'data-winner'))) {
      await page.click('[data-testid="duo-hint"]');
      assert.equal(await page.getAttribute('[data-testid="duo-help"]', 'data-value'), '0');
    }
  }
  assert.equal(await page.getAttribute('[data-testid="duo-status"]', 'data-winner'), 'computer');
  assert.deepEqual(errors, []);
});

test('the Duotaire tab charts a family and the largest value per length as the command line computes them', { skip: !unhopBinary() && 'no unhop binary built' }, async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('[data-testid="tab-duotaire"]');
  await page.waitForSelector('[data-testid="duo-family-go"]');
  await page.selectOption('[data-testid="duo-rule"]', 'chain');
  await page.selectOption('[data-testid="duo-board"]', 'finite');
  await page.fill('[data-testid="duo-family-n"]', '0..20');
  await page.click('[data-testid="duo-family-go"]');
  await page.waitForSelector('[data-testid="duo-chart"][data-values]');
  const lines = (args) => execFileSync(unhopBinary(), args, { encoding: 'utf8' }).trim().split('\n').map((l) => JSON.parse(l));
  const family = lines(['family', '011(01)^n0', '--n', '0..20', '--moves', 'chain', '--board', 'finite', '--json']);
  const values = async () => (await page.getAttribute('[data-testid="duo-chart"]', 'data-values')).split(',').map(Number);
  assert.deepEqual(await values(), family.map((m) => m.value));
  await page.screenshot({ path: join(shots, 'duotaire-family-chart.png'), fullPage: true });
  await page.fill('[data-testid="duo-lengths-max"]', '12');
  await page.click('[data-testid="duo-lengths-go"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="duo-chart"]').dataset.first === '1');
  const stats = lines(['table', '--max-len', '12', '--stats', '--moves', 'chain', '--board', 'finite', '--json']);
  assert.deepEqual(await values(), stats.map((s) => s.max_value));
  await page.screenshot({ path: join(shots, 'duotaire-lengths-chart.png'), fullPage: true });
  // A length past the page's limit is refused with the limit.
  await page.fill('[data-testid="duo-lengths-max"]', '40');
  await page.click('[data-testid="duo-lengths-go"]');
  assert.match(await page.textContent('[data-testid="duo-chart-error"]'), /40.*18/);
  assert.deepEqual(errors, []);
});

test('the one-peg automaton is drawn and a word\'s run is highlighted beside its hops', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('[data-testid="tab-automata"]');
  await page.waitForSelector('[data-testid="auto-graph"] svg g.node');
  const states = Number(await page.getAttribute('[data-testid="auto-graph"]', 'data-states'));
  assert.equal(await page.locator('[data-testid="auto-graph"] svg g.node title', { hasText: /^q\d+$/ }).count(), states);
  await page.fill('[data-testid="auto-word"]', '1101101');
  await page.click('[data-testid="auto-go"]');
  const path = (await page.getAttribute('[data-testid="auto-graph"]', 'data-path')).split(' ');
  assert.equal(path.length, 8);
  assert.ok(await page.locator('[data-testid="auto-graph"] .on-path').count() >= 2);
  const accepted = await page.getAttribute('[data-testid="auto-run"]', 'data-accepted');
  const hops = await page.locator('[data-testid="auto-hops"] li').count();
  // Five pegs: reduced to one peg exactly when accepted, one peg fewer a hop.
  if (accepted === 'true') assert.equal(hops, 4);
  assert.deepEqual(errors, []);
});

test('every tab opens without console errors, and screenshots are taken', async () => {
  mkdirSync(shots, { recursive: true });
  for (const [label, viewport] of [['wide', { width: 1100, height: 1000 }], ['phone', { width: 390, height: 844 }]]) {
    const { page, errors, context } = await openPage(browser, server.url, viewport);
    for (const tab of ['slide', 'pegs', 'duotaire', 'automata', 'heaps']) {
      await page.click(`[data-testid="tab-${tab}"]`);
      await page.waitForFunction((t) => document.body.dataset.tab === `tab-${t}`, tab);
      if (tab === 'automata') await page.waitForSelector('[data-testid="auto-graph"] svg');
      if (tab === 'heaps') await page.waitForSelector('[data-testid="heaps-result"][data-outcome]');
      if (tab === 'slide') {
        await page.fill('[data-testid="slide-input"]', '8 6 7 2 5 4 3 _ 1');
        await page.click('[data-testid="slide-solve"]');
        await page.waitForSelector('[data-testid="slide-result"][data-solvable]', { timeout: 60000 });
      }
      await page.screenshot({ path: join(shots, `${tab}-${label}.png`), fullPage: true });
      if (tab === 'slide') {
        // The grid's edit mode with a bad cell flagged.
        await page.fill('[data-testid="slide-input"]', '8 6 7 2 5 4 3 _ 3');
        await page.waitForSelector('[data-testid="slide-board"] [data-error]');
        await page.screenshot({ path: join(shots, `slide-edit-${label}.png`), fullPage: true });
      }
    }
    // The tabs are operable by the keyboard: arrows move between them.
    await page.focus('[data-testid="tab-heaps"]');
    await page.keyboard.press('ArrowRight');
    assert.equal(await page.getAttribute('[data-testid="tab-slide"]', 'aria-selected'), 'true');
    assert.deepEqual(errors, []);
    await context.close();
  }
});
