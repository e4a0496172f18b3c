// The heap-games tab: Nim, Bachet's game, subtraction games, octal games and Grundy's game.
// A position's value, outcome and winning moves (with Bouton's table for Nim), a game against
// the perfect opponent, the position graph (drawn by Graphviz) and the chart of the value
// sequence all come from the library; the sequence and the graph are computed in a background
// thread (heaps-worker.js) that Cancel ends.
import { Graphviz } from './vendor/graphviz.js';
import { $, call, errorText } from './dom.js';
import { drawChart } from './chart.js';

// The parameter each game takes (none for Nim and Grundy's game), and a start to show.
const GAMES = {
  nim: { position: '7 15 26 30' },
  bachet: { label: 'k: take 1 to k stones', param: '3', position: '8' },
  subtraction: { label: 'Subtraction set (such as 1,3,4 or 1..3)', param: '1,3,4', position: '9' },
  octal: { label: 'Octal code (such as 0.07, 0.007, 4.7)', param: '0.07', position: '9' },
  grundy: { position: '9' },
};

export async function setupHeaps(unhop) {
  const game = $('heaps-game');
  const param = $('heaps-param');
  const rule = $('heaps-rule');
  const position = $('heaps-position');
  const first = $('heaps-first');
  const result = $('heaps-result');
  const graphBox = $('heaps-graph');
  const chartBox = $('heaps-sequence');
  const progress = $('heaps-progress');
  const cancelButton = $('heaps-cancel');
  const fields = { param, rule, position, 'sequence': $('heaps-sequence-n') };
  const graphviz = await Graphviz.load();

  const form = () => [game.value, param.value, rule.value, position.value];

  // --- the fields, each marked with what is wrong in it ------------------------------------
  function mark(name, message) {
    const field = fields[name];
    const line = $(`heaps-${name}-error`);
    if (message) {
      field.setAttribute('aria-invalid', 'true');
      field.title = message;
      line.textContent = message;
    } else {
      field.removeAttribute('aria-invalid');
      field.removeAttribute('title');
      line.textContent = '';
    }
  }

  /** Marks every field the library cannot read; whether `needed` fields are all readable. */
  function check(needed = ['param', 'rule', 'position']) {
    const errors = call(unhop.heaps_check, ...form());
    for (const name of ['param', 'rule', 'position']) {
      mark(name, errors.find((e) => e.field === name)?.message);
    }
    return !errors.some((e) => needed.includes(e.field));
  }

  /** Marks a library error at the field it names (`param: …`), else at `fallback`. */
  function markThrown(e, fallback) {
    const text = errorText(e);
    const named = /^(param|rule|position): (.*)$/s.exec(text);
    if (named) mark(named[1], named[2]);
    else mark(fallback, text);
  }

  // What was shown for another game or position no longer applies.
  function forget() {
    result.hidden = true;
    delete result.dataset.outcome;
  }

  function onGameChange() {
    forget();
    const g = GAMES[game.value];
    $('heaps-param-label').hidden = !g.label;
    if (g.label) {
      $('heaps-param-label').firstChild.textContent = g.label;
      param.value = g.param;
    } else {
      param.value = '';
    }
    position.value = g.position;
    check();
  }

  // --- analyse a position -------------------------------------------------------------------
  const moveText = (m) => {
    const left = m.left.length === 0 ? 'nothing' : m.left.join(' + ');
    return `heap ${m.heap}: take ${m.take} of ${m.from}, leaving ${left}`;
  };

  function analyse() {
    if (!check()) return;
    let r;
    try {
      r = call(unhop.heaps_analyse, ...form());
    } catch (e) {
      markThrown(e, 'position');
      result.hidden = true;
      return;
    }
    result.hidden = false;
    if (r.value === null) delete result.dataset.value;
    else result.dataset.value = String(r.value);
    result.dataset.outcome = r.outcome;
    result.dataset.winning = String(r.winning_moves.length);
    const head = document.createElement('p');
    const who = r.outcome === 'N' ? 'the player to move wins' : 'the player to move loses against perfect play';
    head.className = r.outcome === 'N' ? 'winning' : 'losing';
    head.textContent = r.value === null
      ? `${capital(who)} (the ${r.rule} rule: positions have outcomes, not nim-values).`
      : `Nim-value ${r.value}: ${who}.`;
    const rules = document.createElement('p');
    rules.className = 'help';
    rules.textContent = `${r.rules}.`;
    const parts = [rules, head];
    if (r.winning_moves.length) {
      const list = document.createElement('ul');
      list.setAttribute('aria-label', 'Winning moves');
      for (const m of r.winning_moves) {
        const li = document.createElement('li');
        li.dataset.testid = 'heaps-move';
        li.dataset.heap = String(m.heap);
        li.dataset.take = String(m.take);
        li.textContent = moveText(m);
        list.append(li);
      }
      const label = document.createElement('p');
      label.textContent = `Winning moves (${r.winning_moves.length}):`;
      parts.push(label, list);
    }
    if (r.bouton) parts.push(boutonTable(r.bouton));
    result.replaceChildren(...parts);
  }

  const capital = (s) => s[0].toUpperCase() + s.slice(1);

  // Each heap in binary, a row a heap, and the column sums without carry under them.
  function boutonTable(b) {
    const box = document.createElement('div');
    box.dataset.testid = 'heaps-binary';
    box.dataset.sum = b.sum;
    const table = document.createElement('table');
    table.className = 'bouton';
    const width = b.sum.length;
    const row = (cells, tag = 'td', cls = '') => {
      const tr = document.createElement('tr');
      if (cls) tr.className = cls;
      cells.forEach((c, i) => {
        const cell = document.createElement(i === 0 ? 'th' : tag);
        if (i === 0) cell.scope = 'row';
        if (i > 0 && b.ones[i - 1] % 2 === 1) cell.className = 'odd';
        cell.textContent = c;
        tr.append(cell);
      });
      return tr;
    };
    const caption = document.createElement('caption');
    caption.textContent = "Bouton's table of the heaps in binary";
    const note = document.createElement('p');
    note.className = 'help';
    note.textContent = 'Each heap in binary, one row a heap; under them the sum of each column without carry (its count of ones, modulo 2; odd columns highlighted): the nim-sum. The position is lost for the player to move exactly when every sum is 0.';
    const head = document.createElement('thead');
    head.append(row(['heap', ...Array.from({ length: width }, (_, i) => String(2 ** (width - 1 - i)))], 'th'));
    const body = document.createElement('tbody');
    b.heaps.forEach((h, k) => body.append(row([String(h), ...b.rows[k]])));
    const foot = document.createElement('tfoot');
    foot.append(row(['sum', ...b.sum], 'td', 'sum'));
    table.append(caption, head, body, foot);
    box.append(table, note);
    return box;
  }

  // --- play against the perfect opponent -----------------------------------------------------
  const gameBox = $('heaps-game-box');
  const status = $('heaps-status');
  const options = $('heaps-options');
  const hintText = $('heaps-hint-text');
  const undoButton = $('heaps-undo');
  let match = null;
  let person = 'first'; // the side the person plays
  let startName = '';
  let log = []; // { player, move, position }
  let timer = null;

  const state = () => JSON.parse(match.state());

  function newMatch() {
    if (!check()) return;
    clearTimeout(timer);
    let m;
    try {
      m = new unhop.HeapMatch(...form());
    } catch (e) {
      markThrown(e, 'position');
      return;
    }
    match?.free();
    match = m;
    person = first.value === 'person' ? 'first' : 'second';
    log = [];
    startName = state().position;
    gameBox.hidden = false;
    hintText.textContent = '';
    render();
  }

  function render() {
    const s = state();
    options.replaceChildren();
    delete status.dataset.winner;
    status.dataset.turn = s.to_move === person ? 'person' : 'computer';
    if (s.winner) {
      const winner = s.winner === person ? 'person' : 'computer';
      status.dataset.winner = winner;
      status.textContent = `${s.position}: no move is left. ${winner === 'person' ? 'You win!' : 'The computer wins.'}`;
    } else if (s.to_move === person) {
      status.textContent = `${s.position}: your move.`;
      s.moves.forEach((name, k) => {
        const b = document.createElement('button');
        b.textContent = name;
        b.dataset.testid = 'heaps-option';
        b.dataset.index = String(k);
        b.addEventListener('click', () => play(k, 'you'));
        options.append(b);
      });
    } else {
      status.textContent = `${s.position}: the computer is thinking.`;
      timer = setTimeout(computerMoves, 250);
    }
    undoButton.disabled = !log.some((e) => e.player === 'you');
    renderLog();
    highlightGame();
  }

  function play(k, player) {
    const s = state();
    match.play(k);
    log.push({ player, move: s.moves[k], position: state().position, winning: s.winning.includes(k) });
    hintText.textContent = '';
    render();
  }

  function computerMoves() {
    const s = state();
    if (s.winner || s.to_move === person) return;
    play(s.best, 'computer');
  }

  // Takes back the moves since the person's last one, and that one.
  function undo() {
    clearTimeout(timer);
    while (log.length) {
      const last = log.pop();
      match.undo();
      if (last.player === 'you') break;
    }
    hintText.textContent = '';
    render();
  }

  function hint() {
    if (!match) return;
    const s = state();
    hintText.dataset.winning = String(s.winning.length);
    hintText.textContent = s.winning.length
      ? `Winning move${s.winning.length > 1 ? 's' : ''}: ${s.winning.map((k) => s.moves[k]).join('; ')}.`
      : 'No winning move: against perfect play every move loses.';
    for (const b of options.querySelectorAll('button')) {
      b.classList.toggle('winning-move', s.winning.includes(Number(b.dataset.index)));
    }
  }

  // The game as a table of moves: number, player, the move, the position after it.
  function renderLog() {
    const body = $('heaps-log').tBodies[0];
    body.replaceChildren(...log.map((e, i) => {
      const tr = document.createElement('tr');
      for (const text of [String(i + 1), e.player, e.move, e.position]) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    }));
  }

  // --- the position graph ----------------------------------------------------------------
  let graph = null; // the library's report of the drawn graph

  function drawGraph() {
    if (!check()) return;
    run('graph', form(), (report) => {
      graph = report;
      graphBox.hidden = false;
      graphBox.innerHTML = graphviz.layout(report.dot, 'svg', 'dot');
      const svg = graphBox.querySelector('svg');
      svg.removeAttribute('width');
      svg.removeAttribute('height');
      const lost = report.positions.filter((p) => p.outcome === 'P').length;
      graphBox.dataset.positions = String(report.positions.length);
      graphBox.dataset.lost = String(lost);
      graphBox.setAttribute('aria-label', `The position graph of ${report.rules}: ${report.positions.length} positions, ${lost} lost for the player to move (double outline).`);
      $('heaps-graph-note').textContent = `${report.rules}: ${report.positions.length} positions, ${lost} of them lost for the player to move (double outline; a move into one is drawn thick); the moves of a game played from this start are drawn in orange.`;
      progress.textContent = '';
      highlightGame();
    }, (message) => markThrown(message, 'position'));
  }

  // The game's moves in the drawn graph, when it is drawn from the game's start.
  function highlightGame() {
    if (!graph) return;
    for (const e of graphBox.querySelectorAll('.on-path')) e.classList.remove('on-path');
    if (!match || graph.positions[0].position !== startName) return;
    const index = new Map(graph.positions.map((p, k) => [p.position, k]));
    const titled = (kind, title) => [...graphBox.querySelectorAll(`g.${kind}`)].find((g) => g.querySelector('title')?.textContent === title);
    const path = [startName, ...log.map((e) => e.position)].map((name) => index.get(name));
    path.forEach((k, i) => {
      titled('node', `p${k}`)?.classList.add('on-path');
      if (i) titled('edge', `p${path[i - 1]}->p${k}`)?.classList.add('on-path');
    });
    graphBox.dataset.path = path.join(' ');
  }

  // --- the value sequence ---------------------------------------------------------------
  function sequence() {
    mark('sequence', '');
    if (!check(['param', 'rule'])) return;
    const n = Number($('heaps-sequence-n').value);
    const t0 = performance.now();
    run('sequence', [game.value, param.value, rule.value, n], (seq, ms) => {
      const wall = performance.now() - t0;
      chartBox.hidden = false;
      chartBox.dataset.values = seq.values.join(',');
      chartBox.dataset.n = String(seq.max_heap);
      for (const key of ['period', 'preperiod']) {
        if (seq[key] === null) delete chartBox.dataset[key];
        else chartBox.dataset[key] = String(seq[key]);
      }
      const proved = seq.period !== null;
      drawChart(chartBox, seq.values, {
        title: `Nim-values of ${seq.game}: G(0) to G(${seq.max_heap})`,
        x: 'heap n', y: 'G(n)',
        marked: new Set(seq.rare_heaps),
        markedName: 'rare',
        line: proved ? { at: seq.preperiod, label: `period ${seq.period} from here` } : null,
        file: `nim-values-${seq.game.replace(/[^0-9a-z.,]/gi, '')}-to-${seq.max_heap}`,
        columns: ['n', 'G(n)'],
      });
      progress.dataset.ms = String(Math.round(ms));
      progress.dataset.wallMs = String(Math.round(wall));
      progress.textContent = `${seq.game}: G(0) to G(${seq.max_heap}) in ${ms.toFixed(0)} ms; largest value ${seq.largest}; `
        + (proved ? `period ${seq.period} from heap ${seq.preperiod}, proved by the Guy–Smith criterion; `
          : 'no period proved by these values; ')
        + `common values {${seq.common_values.join(', ')}}, ${seq.rare_heaps.length} heaps of a rare value.`;
    }, (message) => markThrown(message, 'sequence'));
  }

  // --- the background thread ------------------------------------------------------------
  let worker = null;
  let pending = null;
  let nextId = 0;

  function run(task, args, onResult, onError) {
    if (pending) cancel();
    worker ??= startWorker();
    pending = { id: ++nextId, task, onResult, onError };
    cancelButton.disabled = false;
    progress.textContent = task === 'graph' ? 'Solving the graph…' : 'Computing the values…';
    delete progress.dataset.ms;
    worker.postMessage({ id: pending.id, task, args });
  }

  function startWorker() {
    const w = new Worker(new URL('./heaps-worker.js', import.meta.url), { type: 'module' });
    w.onmessage = ({ data }) => {
      if (!pending || data.id !== pending.id) return;
      if (data.type === 'progress') {
        progress.textContent = data.total
          ? `Computing the values: ${Math.floor((100 * data.done) / data.total)}% of the work done.`
          : `Working: ${data.done} steps.`;
        return;
      }
      const done = pending;
      pending = null;
      cancelButton.disabled = true;
      if (data.type === 'error') {
        progress.textContent = '';
        done.onError(data.message);
      } else {
        done.onResult(data.result, data.ms);
      }
    };
    w.onerror = (e) => {
      progress.textContent = `The computation stopped: ${e.message || 'error in the background thread'}`;
      pending = null;
      cancelButton.disabled = true;
      worker = null;
    };
    return w;
  }

  function cancel() {
    worker?.terminate();
    worker = null;
    pending = null;
    cancelButton.disabled = true;
    progress.textContent = 'Cancelled.';
  }

  game.addEventListener('change', onGameChange);
  for (const f of [param, position]) f.addEventListener('input', () => { forget(); check(); });
  rule.addEventListener('change', () => { forget(); check(); });
  for (const f of [param, position]) f.addEventListener('keydown', (e) => { if (e.key === 'Enter') analyse(); });
  $('heaps-sequence-n').addEventListener('keydown', (e) => { if (e.key === 'Enter') sequence(); });
  $('heaps-analyse').addEventListener('click', analyse);
  $('heaps-play').addEventListener('click', newMatch);
  $('heaps-draw').addEventListener('click', drawGraph);
  $('heaps-sequence-go').addEventListener('click', sequence);
  cancelButton.addEventListener('click', cancel);
  undoButton.addEventListener('click', undo);
  $('heaps-hint').addEventListener('click', hint);
  onGameChange();
  analyse();
}
