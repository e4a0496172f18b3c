// The heap-games tab end to end, its answers checked against the command line's JSON (the
// binary $UNHOP, else this tree's debug build): Bouton's position 7 15 26 30, misère Nim,
// Bachet's game with k = 3 from 8, the variants, the value sequences of three octal games
// with their periods, the position graph's lost positions, a game the perfect opponent wins,
// bad entries marked at their fields, and Cancel. No console errors; screenshots of each part
// into web/e2e/screenshots/.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { serve, launch, openPage, webDir, unhopBinary } from './harness.mjs';

let server, browser;
before(async () => { server = await serve(); browser = await launch(); });
after(async () => { await browser?.close(); server?.close(); });

const shots = join(webDir, 'e2e', 'screenshots');
mkdirSync(shots, { recursive: true });
const bin = unhopBinary();
const needsBinary = { skip: !bin && 'no unhop binary built' };

/** The command line's JSON answer (a predicate's exit 1 is an answer too). */
function cli(...args) {
  const run = spawnSync(bin, [...args, '--json'], { encoding: 'utf8' });
  assert.ok(run.status === 0 || run.status === 1, `unhop ${args.join(' ')}: ${run.stderr}`);
  return JSON.parse(run.stdout);
}

async function heapsTab() {
  const opened = await openPage(browser, server.url);
  await opened.page.click('[data-testid="tab-heaps"]');
  await opened.page.waitForSelector('[data-testid="heaps-result"][data-outcome]');
  return opened;
}

/** Chooses the game, its parameter and rule, and the position, then analyses it. */
async function analyse(page, game, param, rule, position) {
  await page.selectOption('[data-testid="heaps-game"]', game);
  if (param !== null) await page.fill('[data-testid="heaps-param"]', param);
  await page.selectOption('[data-testid="heaps-rule"]', rule);
  await page.fill('[data-testid="heaps-position"]', position);
  await page.evaluate(() => document.querySelector('[data-testid="heaps-result"]').removeAttribute('data-outcome'));
  await page.click('[data-testid="heaps-analyse"]');
  await page.waitForSelector('[data-testid="heaps-result"][data-outcome]');
  const result = await page.$eval('[data-testid="heaps-result"]', (e) => ({ ...e.dataset }));
  const moves = await page.$$eval('[data-testid="heaps-move"]', (els) => els.map((e) => ({ heap: Number(e.dataset.heap), take: Number(e.dataset.take) })));
  return { ...result, moves };
}

test('Bouton\'s position 7 15 26 30: value 12, three winning moves, the binary table', needsBinary, async () => {
  const { page, errors } = await heapsTab();
  const r = await analyse(page, 'nim', null, 'normal', '7 15 26 30');
  assert.equal(r.value, '12');
  assert.equal(r.outcome, 'N');
  assert.equal(r.winning, '3');
  const c = cli('nim', '7', '15', '26', '30');
  assert.equal(Number(r.value), c.nim_sum);
  assert.deepEqual(r.moves, c.winning_moves.map((m) => ({ heap: m.heap, take: m.take })));
  // Bouton's table: a row a heap, the sum without carry 01100 (12).
  assert.equal(await page.getAttribute('[data-testid="heaps-binary"]', 'data-sum'), '01100');
  const rows = await page.$$eval('[data-testid="heaps-binary"] tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent).join('')));
  assert.deepEqual(rows, ['00111', '01111', '11010', '11110']);
  await page.screenshot({ path: join(shots, 'heaps-bouton.png'), fullPage: true });
  assert.deepEqual(errors, []);
});

test('misère Nim: the outcome and the winning moves are the command line\'s', needsBinary, async () => {
  const { page, errors } = await heapsTab();
  for (const heaps of ['1 1 1', '1 1', '2 2 1', '3 4 5', '1 1 5', '2 2', '1']) {
    const r = await analyse(page, 'nim', null, 'misere', heaps);
    const c = cli('nim', ...heaps.split(' '), '--rule', 'misere');
    assert.equal(r.outcome, c.outcome, heaps);
    assert.equal(r.value, undefined, heaps); // misère play: the outcome alone
    assert.deepEqual(r.moves, c.winning_moves.map((m) => ({ heap: m.heap, take: m.take })), heaps);
  }
  await analyse(page, 'nim', null, 'misere', '1 1 5');
  await page.screenshot({ path: join(shots, 'heaps-misere.png'), fullPage: true });
  assert.deepEqual(errors, []);
});

test('Bachet with k = 3 from 8 is lost for the player to move', async () => {
  const { page, errors } = await heapsTab();
  const r = await analyse(page, 'bachet', '3', 'normal', '8');
  assert.deepEqual([r.value, r.outcome, r.winning, r.moves.length], ['0', 'P', '0', 0]);
  // From 9 the one winning move takes 1, to 8.
  const nine = await analyse(page, 'bachet', '3', 'normal', '9');
  assert.deepEqual([nine.outcome, nine.moves], ['N', [{ heap: 0, take: 1 }]]);
  await analyse(page, 'bachet', '3', 'normal', '8');
  await page.screenshot({ path: join(shots, 'heaps-bachet.png'), fullPage: true });
  assert.deepEqual(errors, []);
});

test('the variants (misère, no repeat, odd wins) are unhop subtraction --json', needsBinary, async () => {
  const { page, errors } = await heapsTab();
  const cases = [
    ['bachet', '3', 'misere', '1..3'],
    ['bachet', '2', 'no-repeat', '1..2'],
    ['subtraction', '1,2,3', 'no-repeat', '1,2,3'],
    ['bachet', '2', 'odd-wins', '1..2'],
    ['subtraction', '1,3,4', 'odd-wins', '1,3,4'],
  ];
  for (const [game, param, rule, set] of cases) {
    for (let n = 1; n <= 13; n++) {
      if (rule === 'odd-wins' && n % 2 === 0) continue;
      const r = await analyse(page, game, param, rule, String(n));
      const c = cli('subtraction', set, String(n), '--rule', rule);
      const what = `${set} ${rule} ${n}`;
      assert.equal(r.outcome, c.outcome, what);
      assert.deepEqual(r.moves, c.winning_moves.map((m) => ({ heap: m.heap, take: m.take })), what);
    }
  }
  await analyse(page, 'bachet', '2', 'odd-wins', '5');
  await page.screenshot({ path: join(shots, 'heaps-odd-wins.png'), fullPage: true });
  assert.deepEqual(errors, []);
});

test('the sequences of 0.77, 0.07 and 0.007 to 300 are unhop octal --json, with their periods', needsBinary, async () => {
  const { page, errors } = await heapsTab();
  await page.selectOption('[data-testid="heaps-game"]', 'octal');
  await page.selectOption('[data-testid="heaps-rule"]', 'normal');
  for (const code of ['0.77', '0.07', '0.007']) {
    await page.fill('[data-testid="heaps-param"]', code);
    await page.fill('[data-testid="heaps-sequence-n"]', '300');
    await page.evaluate(() => delete document.querySelector('[data-testid="heaps-sequence"]').dataset.values);
    await page.click('[data-testid="heaps-sequence-go"]');
    await page.waitForSelector('[data-testid="heaps-sequence"][data-values]');
    const chart = await page.$eval('[data-testid="heaps-sequence"]', (e) => ({ ...e.dataset }));
    const c = cli('octal', code, '--max-heap', '300', '--period');
    assert.deepEqual(chart.values.split(',').map(Number), c.values, code);
    assert.equal(chart.period, c.period === null ? undefined : String(c.period), code);
    assert.equal(chart.preperiod, c.preperiod === null ? undefined : String(c.preperiod), code);
    if (code === '0.77') assert.deepEqual([chart.preperiod, chart.period], ['71', '12']);
    // Hovering reads a value off the chart: the library's value at that heap.
    const svg = page.locator('[data-testid="heaps-sequence"] svg');
    await svg.scrollIntoViewIfNeeded();
    const box = await svg.boundingBox();
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
    const index = Number(await page.getAttribute('[data-testid="chart-readout"]', 'data-index'));
    assert.match(await page.textContent('[data-testid="chart-readout"]'), new RegExp(`heap n ${index}: G\\(n\\) = ${c.values[index]}\\b`));
    await page.screenshot({ path: join(shots, `heaps-sequence-${code}.png`), fullPage: true });
  }
  assert.deepEqual(errors, []);
});

test('the position graph of a one-heap game marks every lost position, and the game played on it', needsBinary, async () => {
  const { page, errors } = await heapsTab();
  await analyse(page, 'bachet', '3', 'normal', '9');
  await page.click('[data-testid="heaps-draw"]');
  await page.waitForSelector('[data-testid="heaps-graph"] svg g.node');
  const c = cli('graph', 'subtraction', '9', '--set', '1..3');
  const lostCli = c.positions.filter((p) => p.outcome === 'P').map((p) => p.position).sort();
  // The nodes drawn with a double outline (two ellipses) are exactly the lost positions.
  const drawn = await page.$$eval('[data-testid="heaps-graph"] g.node', (gs) => gs.map((g) => ({
    label: g.querySelector('text').textContent, outlines: g.querySelectorAll('ellipse').length,
  })));
  assert.equal(drawn.length, c.positions.length);
  assert.deepEqual(drawn.filter((d) => d.outlines === 2).map((d) => d.label).sort(), lostCli);
  assert.deepEqual(lostCli, ['0', '4', '8']);
  // A game from 9, the computer first: its moves are highlighted on the graph.
  await page.selectOption('[data-testid="heaps-first"]', 'computer');
  await page.click('[data-testid="heaps-play"]');
  await page.waitForSelector('[data-testid="heaps-status"][data-turn="person"]');
  await page.click('[data-testid="heaps-option"] >> nth=0');
  await page.waitForFunction(() => document.querySelector('[data-testid="heaps-status"]').dataset.turn === 'person');
  assert.ok(await page.locator('[data-testid="heaps-graph"] g.edge.on-path').count() >= 2);
  await page.screenshot({ path: join(shots, 'heaps-graph.png'), fullPage: true });
  assert.deepEqual(errors, []);
});

test('the perfect opponent, moving first from a winning start, wins; keyboard play, hint and undo', async () => {
  const { page, errors } = await heapsTab();
  for (const [game, param, rule, start] of [['bachet', '3', 'normal', '10'], ['nim', null, 'normal', '3 4 5'], ['nim', null, 'misere', '2 2 1']]) {
    const r = await analyse(page, game, param, rule, start);
    assert.equal(r.outcome, 'N', `${game} ${start} is a winning start`);
    await page.selectOption('[data-testid="heaps-first"]', 'computer');
    await page.click('[data-testid="heaps-play"]');
    for (let moves = 0; moves < 60; moves++) {
      await page.waitForFunction(() => {
        const s = document.querySelector('[data-testid="heaps-status"]');
        return s.dataset.turn === 'person' || s.dataset.winner;
      });
      if (await page.getAttribute('[data-testid="heaps-status"]', 'data-winner')) break;
      // Every position the computer leaves is lost for the person: no winning move.
      await page.click('[data-testid="heaps-hint"]');
      assert.equal(await page.getAttribute('[data-testid="heaps-hint-text"]', 'data-winning'), '0');
      // The person moves by the keyboard: Tab to the last move offered, Enter.
      const last = page.locator('[data-testid="heaps-option"]').last();
      await last.focus();
      await page.keyboard.press('Enter');
    }
    assert.equal(await page.getAttribute('[data-testid="heaps-status"]', 'data-winner'), 'computer', `${game} ${start}`);
    const logRows = await page.locator('[data-testid="heaps-log"] tbody tr').count();
    assert.ok(logRows >= 2);
    // Undo takes back the person's last move and the computer's answer after it, if any (under
    // misère play the person made the last move).
    const lastPlayer = await page.textContent('[data-testid="heaps-log"] tbody tr:last-child td:nth-child(2)');
    await page.click('[data-testid="heaps-undo"]');
    await page.waitForSelector('[data-testid="heaps-status"][data-turn="person"]:not([data-winner])');
    assert.equal(await page.locator('[data-testid="heaps-log"] tbody tr').count(), logRows - (lastPlayer === 'computer' ? 2 : 1));
  }
  await page.screenshot({ path: join(shots, 'heaps-play.png'), fullPage: true });
  assert.deepEqual(errors, []);
});

test('a bad entry is marked at its field with the reason; a sequence too long is refused with the limit', async () => {
  const { page, errors } = await heapsTab();
  await page.selectOption('[data-testid="heaps-game"]', 'octal');
  await page.fill('[data-testid="heaps-param"]', '0.78');
  assert.equal(await page.getAttribute('[data-testid="heaps-param"]', 'aria-invalid'), 'true');
  assert.match(await page.textContent('[data-testid="heaps-param-error"]'), /octal/);
  await page.fill('[data-testid="heaps-param"]', '0.07');
  assert.equal(await page.getAttribute('[data-testid="heaps-param"]', 'aria-invalid'), null);
  await page.fill('[data-testid="heaps-position"]', '7 x 3');
  assert.equal(await page.getAttribute('[data-testid="heaps-position"]', 'aria-invalid'), 'true');
  assert.match(await page.textContent('[data-testid="heaps-position-error"]'), /x/);
  await page.fill('[data-testid="heaps-position"]', '7 3');
  await page.selectOption('[data-testid="heaps-game"]', 'nim');
  await page.selectOption('[data-testid="heaps-rule"]', 'odd-wins');
  assert.equal(await page.getAttribute('[data-testid="heaps-rule"]', 'aria-invalid'), 'true');
  await page.selectOption('[data-testid="heaps-rule"]', 'normal');
  // The variants take one heap: the position is marked when analysed.
  await page.selectOption('[data-testid="heaps-game"]', 'bachet');
  await page.selectOption('[data-testid="heaps-rule"]', 'no-repeat');
  await page.fill('[data-testid="heaps-position"]', '5 6');
  await page.click('[data-testid="heaps-analyse"]');
  assert.match(await page.textContent('[data-testid="heaps-position-error"]'), /one heap/);
  // A sequence past the page's limit is refused up front, the limit in the message.
  await page.selectOption('[data-testid="heaps-rule"]', 'normal');
  await page.fill('[data-testid="heaps-sequence-n"]', '1000000');
  await page.click('[data-testid="heaps-sequence-go"]');
  await page.waitForFunction(() => document.querySelector('[data-testid="heaps-sequence-error"]').textContent);
  assert.match(await page.textContent('[data-testid="heaps-sequence-error"]'), /1000000.*131072/);
  await page.screenshot({ path: join(shots, 'heaps-errors.png'), fullPage: true });
  assert.deepEqual(errors, []);
});

test('a long sequence shows its progress and Cancel stops it', async () => {
  const { page, errors } = await heapsTab();
  await page.selectOption('[data-testid="heaps-game"]', 'octal');
  await page.fill('[data-testid="heaps-param"]', '0.007');
  await page.fill('[data-testid="heaps-sequence-n"]', '131072');
  await page.click('[data-testid="heaps-sequence-go"]');
  assert.equal(await page.isEnabled('[data-testid="heaps-cancel"]'), true);
  await page.waitForFunction(() => /Computing the values/.test(document.querySelector('[data-testid="heaps-progress"]').textContent));
  await page.click('[data-testid="heaps-cancel"]');
  assert.equal(await page.textContent('[data-testid="heaps-progress"]'), 'Cancelled.');
  assert.equal(await page.getAttribute('[data-testid="heaps-sequence"]', 'data-values'), null);
  // A new computation after the cancel runs in a new thread.
  await page.fill('[data-testid="heaps-sequence-n"]', '50');
  await page.click('[data-testid="heaps-sequence-go"]');
  await page.waitForSelector('[data-testid="heaps-sequence"][data-values]');
  assert.equal((await page.getAttribute('[data-testid="heaps-sequence"]', 'data-values')).split(',').length, 51);
  assert.deepEqual(errors, []);
});
