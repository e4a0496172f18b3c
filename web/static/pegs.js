// The peg-solitaire tab: boards, jumps and the solver's help all come from the library.
import { $, call, errorText } from './dom.js';

const BOARDS = [
  ['english', 'English (33 holes)'],
  ['french', 'French (37 holes)'],
  ['triangle', 'Triangle (15 holes)'],
  ['row', '1-D row (type a word)'],
];

export function setupPegs(unhop) {
  const boardSel = $('pegs-board');
  const startSel = $('pegs-start');
  const grid = $('pegs-grid');
  const status = $('pegs-status');
  const help = $('pegs-help');
  const undoBtn = $('pegs-undo');
  const rowLabel = document.createElement('label');
  rowLabel.htmlFor = 'pegs-row';
  rowLabel.textContent = 'Row (1 peg, 0 hole)';
  const rowInput = document.createElement('input');
  rowInput.id = 'pegs-row';
  rowInput.type = 'text';
  rowInput.value = '110101';
  rowInput.dataset.testid = 'pegs-row';
  rowInput.spellcheck = false;
  rowLabel.append(rowInput);
  startSel.closest('label').after(rowLabel);

  for (const [id, label] of BOARDS) boardSel.add(new Option(label, id));

  let name = 'english';
  let info = null; // the board's holes, start and goal
  let index = new Map(); // each hole's number by its name
  let pegs = ''; // the position: '1' peg, '0' hole, per hole
  let history = [];
  let selected = null;

  function boardName() {
    return boardSel.value === 'row' ? `row:${rowInput.value.trim()}` : boardSel.value;
  }

  function loadBoard() {
    try {
      name = boardName();
      info = call(unhop.pegs_board, name);
      index = new Map(info.holes.map((h, i) => [h.name, i]));
    } catch (e) {
      status.textContent = errorText(e);
      return;
    }
    rowLabel.hidden = boardSel.value !== 'row';
    startSel.closest('label').hidden = boardSel.value === 'row';
    startSel.replaceChildren(new Option('the usual start', ''));
    info.holes.forEach((h, i) => startSel.add(new Option(`empty hole ${h.name}`, String(i))));
    newGame();
  }

  function newGame() {
    cancelSearch();
    pegs = startSel.value === '' ? info.pegs : call(unhop.pegs_vacancy, name, Number(startSel.value));
    history = [];
    selected = null;
    help.textContent = '';
    help.removeAttribute('data-next-from');
    help.removeAttribute('data-next-to');
    help.removeAttribute('data-verdict');
    render();
  }

  function count() {
    return [...pegs].filter((c) => c === '1').length;
  }

  function render(marks = {}) {
    const rows = Math.max(...info.holes.map((h) => h.row)) + 1;
    const cols = Math.max(...info.holes.map((h) => h.column)) + 1;
    grid.style.setProperty('--cols', cols);
    grid.dataset.pegs = String(count());
    grid.replaceChildren();
    const byPlace = new Map(info.holes.map((h, i) => [`${h.row},${h.column}`, i]));
    const targets = selected === null ? [] : call(unhop.pegs_moves, name, pegs).filter((m) => index.get(m.from) === selected).map((m) => index.get(m.to));
    for (let r = 0; r < rows; r++) {
      for (let c = 0; c < cols; c++) {
        const i = byPlace.get(`${r},${c}`);
        if (i === undefined) {
          const off = document.createElement('span');
          off.className = 'off';
          off.setAttribute('aria-hidden', 'true');
          grid.append(off);
          continue;
        }
        const peg = pegs[i] === '1';
        const b = document.createElement('button');
        b.className = peg ? 'peg' : 'hole';
        b.dataset.hole = String(i);
        b.dataset.name = info.holes[i].name;
        b.dataset.peg = String(peg);
        b.setAttribute('aria-label', `${info.holes[i].name}: ${peg ? 'peg' : 'empty'}`);
        // The hole's name, as the hints and the command line write it.
        const label = document.createElement('span');
        label.className = 'name';
        label.textContent = info.holes[i].name;
        label.setAttribute('aria-hidden', 'true');
        b.append(label);
        if (i === selected) b.classList.add('selected');
        if (targets.includes(i)) b.classList.add('target');
        if (marks.from === i) b.classList.add('hint-from');
        if (marks.to === i) b.classList.add('hint-to');
        if (marks.finish === i) b.classList.add('finish');
        if (marks.classHoles && marks.classHoles.includes(i)) b.classList.add('hint-from');
        const weight = marks.weights ? marks.weights[info.holes[i].name] : 0;
        if (weight) {
          const w = document.createElement('span');
          w.className = 'weight';
          w.textContent = String(weight);
          b.append(w);
          b.setAttribute('aria-label', `${b.getAttribute('aria-label')}, weight ${weight}`);
        }
        b.addEventListener('click', () => click(i));
        grid.append(b);
      }
    }
    undoBtn.disabled = history.length === 0;
    const n = count();
    const moves = call(unhop.pegs_moves, name, pegs).length;
    status.textContent = `${n} peg${n === 1 ? '' : 's'} left` + (moves === 0 ? (n === 1 ? ': solved!' : ': no jump left.') : '.');
  }

  function click(i) {
    if (pegs[i] === '1') {
      selected = selected === i ? null : i;
      render();
      return;
    }
    if (selected === null) return;
    cancelSearch();
    try {
      const r = call(unhop.pegs_jump, name, pegs, selected, i);
      history.push(pegs);
      pegs = r.pegs;
      selected = null;
      help.textContent = `Jumped ${r.notation}.`;
      render();
      const landed = grid.querySelector(`[data-hole="${i}"]`);
      if (landed) landed.focus();
    } catch (e) {
      help.textContent = errorText(e);
    }
  }

  // The solver runs in a background thread (pegs-worker.js), so the page stays responsive;
  // Cancel ends that thread and starts a fresh one.
  let worker = null;
  let pending = null; // { id, resolve, reject }
  let nextId = 1;
  const askButtons = ['pegs-can', 'pegs-hint', 'pegs-why'].map($);
  const cancelBtn = $('pegs-cancel');

  function startWorker() {
    worker = new Worker(new URL('./pegs-worker.js', import.meta.url), { type: 'module' });
    worker.onmessage = ({ data }) => {
      if (!pending || data.id !== pending.id) return;
      if (data.type === 'progress') {
        help.textContent = `Thinking… ${Math.round(data.dead).toLocaleString('en')} dead positions ruled out so far.`;
        return;
      }
      const p = pending;
      finish();
      if (data.type === 'error') p.reject(new Error(data.message));
      else {
        help.dataset.ms = String(Math.round(data.ms));
        p.resolve(data.result);
      }
    };
    worker.onerror = (e) => {
      const p = pending;
      finish();
      worker = null;
      if (p) p.reject(new Error(e.message || 'the background thread stopped (out of memory?)'));
    };
  }

  function finish() {
    pending = null;
    help.removeAttribute('aria-busy');
    cancelBtn.disabled = true;
    for (const b of askButtons) b.disabled = false;
  }

  /** The solver's help on the current position, from the background thread. */
  function ask() {
    if (pending) return Promise.reject(new Error('busy'));
    if (!worker) startWorker();
    for (const a of ['data-verdict', 'data-next-from', 'data-next-to', 'data-ms']) help.removeAttribute(a);
    help.textContent = 'Thinking…';
    help.setAttribute('aria-busy', 'true');
    cancelBtn.disabled = false;
    for (const b of askButtons) b.disabled = true;
    return new Promise((resolve, reject) => {
      pending = { id: nextId++, resolve, reject };
      worker.postMessage({ id: pending.id, name, pegs });
    });
  }

  /** Asks the solver and shows its answer with `show`; `data-verdict` is set last, when the
   * whole answer is on the page. */
  function answer(show) {
    ask().then((h) => {
      show(h);
      help.dataset.verdict = h.verdict;
    }, failed);
  }

  function failed(e) {
    if (e.message === 'busy') return;
    if (e.message === 'cancelled') {
      help.textContent = 'Cancelled.';
      help.dataset.verdict = 'cancelled';
    } else {
      help.textContent = `Error: ${errorText(e)}`;
      help.dataset.verdict = 'error';
    }
  }

  /** Ends the search under way, if any (its answer would be about another position). */
  function cancelSearch() {
    if (!pending) return;
    const p = pending;
    worker.terminate();
    worker = null;
    finish();
    p.reject(new Error('cancelled'));
  }
  cancelBtn.addEventListener('click', cancelSearch);

  function explain(h) {
    if (h.class_holes) {
      help.textContent = `It cannot finish with one peg. Why: ${h.solve.reason}. The holes are marked.`;
      render({ classHoles: h.class_holes.map((n) => index.get(n)) });
    } else if (h.pagodas && h.pagodas.length && h.pagodas.length === h.possible_finishes.length) {
      const p = h.pagodas[0];
      help.textContent = `It cannot finish with one peg. Why: a pagoda function (the weights shown on the board; no jump raises the total weight of the pegs): this position is worth ${p.pagoda.start_value}, but one peg at ${p.finish} is worth ${p.pagoda.goal_value}`
        + (h.pagodas.length > 1 ? `; each of the ${h.pagodas.length - 1} other finishes its position class allows is ruled out by a function of its own.` : '.');
      render({ weights: p.pagoda.weights });
    } else if (h.verdict === 'impossible') {
      help.textContent = `It cannot finish with one peg. Why: ${h.solve.reason}.`;
      render();
    } else {
      help.textContent = `The solver could not decide: ${h.solve.reason}.`;
      render();
    }
  }

  $('pegs-can').addEventListener('click', () => answer((h) => {
    if (h.verdict === 'solved') {
      const jumps = h.solve.jumps.length;
      help.textContent = `Yes: it can still finish with one peg, at ${h.finish} (the solver's way takes ${jumps} more jump${jumps === 1 ? '' : 's'}).`;
      render({ finish: index.get(h.finish) });
    } else {
      explain(h);
    }
  }));
  $('pegs-hint').addEventListener('click', () => answer((h) => {
    const next = h.verdict === 'solved' ? h.solve.jumps[0] : undefined;
    if (next) {
      const [from, to] = [index.get(next.from), index.get(next.to)];
      help.textContent = `Jump ${h.solve.notation[0]}: it keeps the game solvable (one peg at ${h.finish} in the end).`;
      help.dataset.nextFrom = String(from);
      help.dataset.nextTo = String(to);
      render({ from, to });
    } else if (h.verdict === 'solved') {
      help.textContent = 'Solved: one peg is left.';
    } else {
      explain(h);
      help.textContent = `No jump keeps it solvable. ${help.textContent}`;
    }
  }));
  $('pegs-why').addEventListener('click', () => answer((h) => {
    if (h.verdict === 'solved') {
      help.textContent = `Nothing to explain: it can still finish with one peg, at ${h.finish}.`;
      render({ finish: index.get(h.finish) });
    } else {
      explain(h);
    }
  }));
  undoBtn.addEventListener('click', () => {
    if (!history.length) return;
    cancelSearch();
    pegs = history.pop();
    selected = null;
    help.textContent = 'Undone.';
    render();
  });
  $('pegs-new').addEventListener('click', newGame);
  boardSel.addEventListener('change', loadBoard);
  startSel.addEventListener('change', newGame);
  rowInput.addEventListener('change', loadBoard);
  loadBoard();
}
