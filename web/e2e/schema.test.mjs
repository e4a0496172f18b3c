// The page's answers against the library's schemas: every function of the page's library
// (WebAssembly) that answers with a report is called inside the page, as the tabs call it,
// and its JSON validated with ajv against the schema the library publishes under that
// report's name (`unhop schema NAME`). A field renamed, added or left out in one front end
// fails here. The automata tab's run carries the command line's solve report field for field.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { serve, launch, openPage, libraryCall, assertReport, unhopBinary } from './harness.mjs';

let server, browser, page;
before(async () => {
  server = await serve();
  browser = await launch();
  ({ page } = await openPage(browser, server.url));
});
after(async () => { await browser?.close(); server?.close(); });

// [report, function, arguments]: what each tab asks of the library.
const CALLS = [
  ['lang-drawing', 'auto_dfa', 'finite'],
  ['lang-drawing', 'auto_dfa', 'infinite'],
  ['language-run', 'auto_run', 'infinite', '1101101'],
  ['language-run', 'auto_run', 'finite', '01111'],
  ['grundy', 'duo_options', 'chain', 'finite', '0110101'],
  ['grundy', 'duo_options', 'single', 'infinite', '11011'],
  ['pegs-board', 'pegs_board', 'english'],
  ['pegs-board', 'pegs_board', 'triangle'],
  ['pegs-board', 'pegs_board', 'row:1101'],
  ['pegs-jumps', 'pegs_moves', 'row:1101', '1101'],
  ['pegs-jump', 'pegs_jump', 'row:1101', '1101', 0, 2],
  ['pegs-help', 'pegs_help', 'row:1101', '1101'],
  ['pegs-help', 'pegs_help', 'row:1001', '1001'],
  ['slide-board', 'slide_board', '8 6 7 2 5 4 3 _ 1'],
  ['slide-board', 'slide_goal', 4],
  ['slide-board', 'slide_shuffle', 3],
  ['slide-board', 'slide_move', '1 2 3 4 5 6 7 _ 8', 8],
  ['slide-cells', 'slide_cells', 3, '8 6 7 2 5 4 3 _ 3'],
  ['slide-cells', 'slide_cells', 3, '1 2 3 4 5 6 7 8 _'],
  ['heap-position', 'heaps_analyse', 'nim', '', 'normal', '7 15 26 30'],
  ['heap-position', 'heaps_analyse', 'nim', '', 'misere', '1 1 5'],
  ['heap-position', 'heaps_analyse', 'octal', '0.07', 'normal', '9 4'],
  ['heap-position', 'heaps_analyse', 'bachet', '2', 'odd-wins', '5'],
  ['value-sequence', 'heaps_sequence', 'octal', '0.77', 'normal', 100],
  ['value-sequence', 'heaps_sequence', 'grundy', '', 'normal', 50],
  ['graph', 'heaps_graph', 'bachet', '3', 'normal', '8'],
];

test('every answer of the page\'s library is an instance of its report\'s schema', async () => {
  for (const [report, fn, ...args] of CALLS) {
    const answer = await libraryCall(page, fn, ...args);
    await assertReport(page, report, answer);
  }
});

test('a field renamed or added fails the schema: the check can fail', async () => {
  const run = await libraryCall(page, 'auto_run', 'infinite', '1101101');
  const renamed = { ...run, final_word: run.final };
  delete renamed.final;
  await assert.rejects(assertReport(page, 'language-run', renamed), /not a language-run report/);
  await assert.rejects(assertReport(page, 'language-run', { ...run, wins: true }), /not a language-run report/);
  const badHop = { ...run, hops: [[3, 5]] };
  await assert.rejects(assertReport(page, 'language-run', badHop), /not a language-run report/);
});

test('the automata tab\'s run carries unhop solve --json field for field', { skip: !unhopBinary() && 'no unhop binary built' }, async () => {
  for (const [board, word] of [['infinite', '1101101'], ['finite', '01111'], ['infinite', '0110']]) {
    const cli = JSON.parse(execFileSync(unhopBinary(), ['solve', word, '--board', board, '--json'], { encoding: 'utf8' }));
    await assertReport(page, 'solve', cli);
    const run = await libraryCall(page, 'auto_run', board, word);
    for (const [key, value] of Object.entries(cli)) {
      assert.deepEqual(run[key], value, `${board} ${word}: ${key}`);
    }
  }
});

test('the Duotaire tab\'s options are unhop grundy --options --json', { skip: !unhopBinary() && 'no unhop binary built' }, async () => {
  for (const [moves, board, word] of [['chain', 'finite', '0110101'], ['single', 'infinite', '11011']]) {
    const cli = JSON.parse(execFileSync(unhopBinary(), ['grundy', word, '--moves', moves, '--board', board, '--options', '--json'], { encoding: 'utf8' }));
    assert.deepEqual(await libraryCall(page, 'duo_options', moves, board, word), cli);
  }
});
