// Typing the tiles into the grid, cell numbers as on the command line, the peg solver in a
// background thread, and the automaton drawn to the width it has.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { serve, launch, openPage, cells, replay, isGoal, unhopBinary } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const cellField = (i) => `[data-testid="slide-board"] [data-testid="slide-cell"][data-cell="${i}"]`;

/** The board's text field as tiles (0 the gap). */
async function inputTiles(page) {
  const text = await page.inputValue('[data-testid="slide-input"]');
  return text.split(/[\s,/]+/).filter(Boolean).map((t) => (t === '_' ? 0 : Number(t)));
}

test('tiles typed into the grid row by row fill the cells in order and the text field follows', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('[data-testid="slide-edit"]');
  assert.equal(await page.getAttribute('[data-testid="slide-edit"]', 'aria-pressed'), 'true');
  assert.equal(await page.locator('[data-testid="slide-cell"]').count(), 16);
  for (let i = 0; i < 16; i++) {
    assert.match(await page.getAttribute(cellField(i), 'aria-label'), /^row \d, column \d/);
  }
  // The focus starts in the first cell; typing as the seed writes the board fills every cell.
  const board = [5, 1, 2, 4, 9, 6, 3, 8, 13, 10, 7, 11, 0, 14, 15, 12];
  await page.keyboard.type(board.join(' '));
  assert.deepEqual(await cells(page), board);
  assert.deepEqual(await inputTiles(page), board);
  assert.equal(await page.locator('[data-testid="slide-board"] [data-error]').count(), 0);
  // Another board typed over it, the gap left empty (Tab skips the cell) and 1-digit tiles
  // followed by a space or not.
  await page.click(cellField(0));
  const second = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0, 15];
  for (const t of second) {
    if (t === 0) await page.keyboard.press('Delete').then(() => page.keyboard.press('Tab'));
    else await page.keyboard.type(`${t}${t === 1 ? ' ' : ''}`);
  }
  assert.deepEqual(await cells(page), second);
  assert.deepEqual(await inputTiles(page), second);
  // Solve leaves the edit mode and solves what was typed.
  await page.click('[data-testid="slide-solve"]');
  await page.waitForSelector('[data-testid="slide-result"][data-solvable]', { timeout: 120000 });
  assert.equal(await page.getAttribute('[data-testid="slide-edit"]', 'aria-pressed'), 'false');
  const tiles = (await page.textContent('[data-testid="slide-result"]')).trim().split(/\s+/).map(Number);
  assert.ok(isGoal(replay(second, tiles)));
  assert.deepEqual(errors, []);
});

test('a bad entry is flagged at its cell with the reason, from the grid or the text field', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.selectOption('[data-testid="slide-size"]', '8');
  // The text field's entries appear in the cells, the bad ones flagged.
  await page.fill('[data-testid="slide-input"]', '1 2 3 4 5 6 7 8 8');
  assert.equal(await page.getAttribute('[data-testid="slide-board"]', 'data-editing'), 'true');
  assert.equal(await page.locator('[data-testid="slide-cell"]').count(), 9);
  const flagged = async () => page.$$eval('[data-testid="slide-board"] [data-error]',
    (els) => els.map((e) => [Number(e.querySelector('input').dataset.cell), e.dataset.error]));
  let bad = await flagged();
  assert.deepEqual(bad.map(([c]) => c), [7, 8]);
  assert.match(bad[0][1], /tile 8 is also at row 3, column 3/);
  assert.match(bad[1][1], /tile 8 is also at row 3, column 2/);
  assert.equal(await page.getAttribute(cellField(8), 'aria-invalid'), 'true');
  const described = await page.getAttribute(cellField(8), 'aria-describedby');
  assert.match(await page.textContent(`#${described}`), /row 3, column 3: tile 8 is also/);
  // Out of range, typed into the grid.
  await page.click(cellField(8));
  await page.keyboard.type('9');
  bad = await flagged();
  assert.deepEqual(bad.map(([c]) => c), [8]);
  assert.match(bad[0][1], /9 is out of range: the tiles are 1 to 8/);
  assert.equal(await page.inputValue('[data-testid="slide-input"]'), '1 2 3 4 5 6 7 8 9');
  // Two gaps.
  await page.click(cellField(8));
  await page.keyboard.type('0');
  await page.click(cellField(0));
  await page.keyboard.press('Delete');
  bad = await flagged();
  assert.deepEqual(bad.map(([c]) => c), [0, 8]);
  assert.match(bad[0][1], /a second gap/);
  // Fixed: no flag left, and the text field holds the board.
  await page.click(cellField(0));
  await page.keyboard.type('1');
  await page.keyboard.press('Tab');
  assert.deepEqual(await flagged(), []);
  assert.deepEqual(await inputTiles(page), [1, 2, 3, 4, 5, 6, 7, 8, 0]);
  assert.equal(await page.textContent('[data-testid="slide-cell-errors"]'), '');
  assert.deepEqual(errors, []);
});

test('the hops shown on the automata tab are those of unhop solve WORD --json, cells from 0', async () => {
  const bin = unhopBinary();
  assert.ok(bin, 'the unhop binary is needed: cargo build --bin unhop, or set UNHOP');
  const { page, errors } = await openPage(browser, server.url);
  await page.click('[data-testid="tab-automata"]');
  await page.waitForSelector('[data-testid="auto-graph"] svg g.node');
  for (const board of ['infinite', 'finite']) {
    await page.selectOption('[data-testid="auto-board"]', board);
    for (const word of ['1101101', '11', '0110111', '1011', '110110110111']) {
      await page.fill('[data-testid="auto-word"]', word);
      await page.click('[data-testid="auto-go"]');
      await page.waitForFunction((w) => document.querySelector('[data-testid="auto-run"]').textContent.startsWith(w), word);
      const shown = await page.$$eval('[data-testid="auto-hops"] li',
        (els) => els.map((e) => ({ from: Number(e.dataset.from), over: Number(e.dataset.over), to: Number(e.dataset.to) })));
      const text = await page.$$eval('[data-testid="auto-hops"] li', (els) => els.map((e) => e.textContent));
      const cli = JSON.parse(execFileSync(bin, ['solve', word, '--board', board, '--json'], { encoding: 'utf8' }).trim());
      assert.deepEqual(shown, cli.hops, `${word} on the ${board} board`);
      // Written as the command line writes hops in text: from→to.
      const line = execFileSync(bin, ['solve', word, '--board', board], { encoding: 'utf8' });
      assert.equal(text.join(' ') || 'none', line.trim().split('; hops ')[1]);
    }
  }
  // The 1-D row of the peg-solitaire tab names its cells the same way.
  await page.click('[data-testid="tab-pegs"]');
  await page.selectOption('[data-testid="pegs-board"]', 'row');
  await page.fill('[data-testid="pegs-row"]', '0110111');
  await page.dispatchEvent('[data-testid="pegs-row"]', 'change');
  const names = await page.$$eval('[data-testid="pegs-grid"] [data-hole]', (els) => els.map((e) => [e.dataset.hole, e.dataset.name]));
  assert.deepEqual(names, [...'0110111'].map((_, i) => [String(i), String(i)]));
  assert.deepEqual(errors, []);
});

test('the Duotaire tab offers the moves of unhop grundy WORD --options --json, and a move leads to its word', async () => {
  const bin = unhopBinary();
  assert.ok(bin, 'the unhop binary is needed: cargo build --bin unhop, or set UNHOP');
  for (const [rule, board, word] of [['single', 'finite', '110110'], ['chain', 'infinite', '0110101'], ['chain', 'finite', '1101011']]) {
    // A fresh page for each game: the computer's answer to the last one is not pending.
    const { page, errors } = await openPage(browser, server.url);
    await page.click('[data-testid="tab-duotaire"]');
    await page.selectOption('[data-testid="duo-first"]', 'person');
    await page.selectOption('[data-testid="duo-rule"]', rule);
    await page.selectOption('[data-testid="duo-board"]', board);
    await page.fill('[data-testid="duo-input"]', word);
    await page.click('[data-testid="duo-new"]');
    const cli = JSON.parse(execFileSync(bin, ['grundy', word, '--moves', rule, '--board', board, '--options', '--json'], { encoding: 'utf8' }).trim());
    const offered = await page.$$eval('[data-testid="duo-option"]', (els) => els.map((e) => JSON.parse(e.dataset.hops)));
    assert.deepEqual(offered, cli.options.map((o) => o.hops), `${rule} ${board} ${word}`);
    // Clicked and read in one task, before the computer answers.
    const after = await page.$eval('[data-testid="duo-option"]', (b) => {
      b.click();
      return document.querySelector('[data-testid="duo-word"]').dataset.word;
    });
    assert.equal(after, cli.options[0].word);
    assert.deepEqual(errors, []);
    await page.close();
  }
});

test('the peg solver runs in the background: another tab answers meanwhile, and it can be cancelled', async () => {
  const { page, errors } = await openPage(browser, server.url);
  await page.click('[data-testid="tab-pegs"]');
  await page.selectOption('[data-testid="pegs-board"]', 'french');
  await page.selectOption('[data-testid="pegs-start"]', { label: 'empty hole c1' });
  const start = await page.getAttribute('[data-testid="pegs-grid"] [data-name="c1"]', 'data-peg');
  assert.equal(start, 'false');
  await page.click('[data-testid="pegs-can"]');
  assert.equal(await page.getAttribute('[data-testid="pegs-help"]', 'aria-busy'), 'true');
  // A click on another tab is answered while the search is still running.
  await page.click('[data-testid="tab-duotaire"]');
  assert.equal(await page.getAttribute('[data-testid="tab-duotaire"]', 'aria-selected'), 'true');
  assert.equal(await page.getAttribute('[data-testid="pegs-help"]', 'aria-busy'), 'true',
    'the search ended before the tab answered');
  await page.click('[data-testid="tab-pegs"]');
  // The French board from c1 is decided within the page's limit.
  await page.waitForSelector('[data-testid="pegs-help"][data-verdict]', { timeout: 600000 });
  const verdict = await page.getAttribute('[data-testid="pegs-help"]', 'data-verdict');
  console.log(`# French board, c1 empty, one peg anywhere, in the page's worker: ${verdict}, ${await page.getAttribute('[data-testid="pegs-help"]', 'data-ms')} ms`);
  assert.ok(verdict === 'solved' || verdict === 'impossible', `${verdict}: ${await page.textContent('[data-testid="pegs-help"]')}`);
  // Cancelled: the search stops, and the next question is answered.
  await page.click('[data-testid="pegs-can"]');
  await page.click('[data-testid="pegs-cancel"]');
  assert.equal(await page.getAttribute('[data-testid="pegs-help"]', 'data-verdict'), 'cancelled');
  await page.selectOption('[data-testid="pegs-board"]', 'english');
  await page.click('[data-testid="pegs-hint"]');
  await page.waitForSelector('[data-testid="pegs-help"][data-verdict]', { timeout: 60000 });
  assert.equal(await page.getAttribute('[data-testid="pegs-help"]', 'data-verdict'), 'solved');
  assert.deepEqual(errors, []);
});

test('the automaton is drawn to the width of its box, and stays readable on a phone', async () => {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 390, height: 844 }]) {
    const { page, errors, context } = await openPage(browser, server.url, viewport);
    await page.click('[data-testid="tab-automata"]');
    await page.waitForSelector('[data-testid="auto-graph"] svg g.node');
    const m = await page.evaluate(() => {
      const box = document.querySelector('[data-testid="auto-graph"]');
      const svg = box.querySelector('svg');
      const label = svg.querySelector('g.node text').getBoundingClientRect();
      const style = getComputedStyle(box);
      return {
        box: box.clientWidth, svg: svg.getBoundingClientRect().width, scroll: box.scrollWidth,
        overflow: style.overflowX, label: label.height, page: document.documentElement.scrollWidth,
      };
    });
    console.log(`# automaton at ${viewport.width}×${viewport.height}: drawn ${m.svg.toFixed(0)} px wide in a box of ${m.box} px, labels ${m.label.toFixed(1)} px high`);
    // It fills its box (at least 90% of its width), its labels are readable (≥ 11 px), and
    // what does not fit scrolls inside the box, not the page.
    assert.ok(m.svg >= 0.9 * m.box, `${m.svg} px drawn in ${m.box} px`);
    assert.ok(m.label >= 11, `labels ${m.label} px high`);
    if (m.scroll > m.box) assert.ok(['auto', 'scroll'].includes(m.overflow));
    // On a wide screen the whole drawing is seen without scrolling.
    if (viewport.width >= 1280) assert.ok(m.scroll <= m.box + 1, `${m.scroll} px to scroll in ${m.box} px`);
    assert.ok(m.page <= viewport.width, `the page is ${m.page} px wide`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});
