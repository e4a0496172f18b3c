// The sliding-puzzle tab. Boards, moves, solvability and the search all come from the library
// (the search in slide-worker.js); this file draws and forwards clicks.

import { $, call, errorText } from './dom.js';
const EXAMPLES = {
  4: '5 1 2 4 9 6 3 8 13 10 7 11 0 14 15 12',
  3: '8 6 7 2 5 4 3 _ 1',
};

export function setupSlide(unhop) {
  const input = $('slide-input');
  const size = $('slide-size');
  const budget = $('slide-budget');
  const grid = $('slide-board');
  const result = $('slide-result');
  const summary = $('slide-summary');
  const status = $('slide-status');
  const inputError = $('slide-input-error');
  const buttons = {
    solve: $('slide-solve'), cancel: $('slide-cancel'), shuffle: $('slide-shuffle'),
    reset: $('slide-reset'), prev: $('slide-prev'), play: $('slide-play'), next: $('slide-next'),
  };

  let board = null; // the library's board JSON
  let solution = null; // { tiles, start (board text) }
  let step = 0; // moves of the solution made on the board
  let playing = null; // the animation's timer
  let pending = null; // { id, started }
  let nextId = 1;
  let tablesNote = '';
  let editing = false; // the grid's cells are text fields (typing the tiles row by row)
  const editBtn = $('slide-edit');
  const cellErrors = $('slide-cell-errors');


  function width() {
    return size.value === '8' ? 3 : 4;
  }

  // One background thread per size, so the 15-puzzle's databases, built when the page
  // opens, never hold up an 8-puzzle search.
  const workers = new Map();
  function workerFor(w) {
    if (!workers.has(w)) {
      const worker = new Worker(new URL('./slide-worker.js', import.meta.url), { type: 'module' });
      worker.onmessage = ({ data }) => onWorker(data);
      worker.onerror = (e) => {
        status.textContent = `The search stopped: ${e.message || 'error in the background thread'}`;
        finishSearch();
      };
      workers.set(w, worker);
    }
    return workers.get(w);
  }

  function onWorker(data) {
    if (data.type === 'status') {
      status.textContent = data.text;
    } else if (data.type === 'tables') {
      const r = data.report;
      const parts = [];
      if (r.built) parts.push(`${r.built} built in ${(r.buildMs / 1000).toFixed(1)} s`);
      if (r.loaded) parts.push(`${r.loaded} loaded from this browser's storage and checked`);
      tablesNote = `Pattern databases (6-6-3 with the reflection): ${parts.join(', ')}; ready after ${(r.ms / 1000).toFixed(1)} s.`;
      for (const why of r.rejected) tablesNote += ` A stored table was rejected (${why}).`;
      for (const why of r.notStored) tablesNote += ` Not stored: ${why}.`;
      status.textContent = tablesNote;
      status.dataset.tables = 'ready';
      status.dataset.tablesBuilt = String(r.built);
      status.dataset.tablesLoaded = String(r.loaded);
      status.dataset.tablesMs = String(r.ms);
      status.dataset.tablesBuildMs = String(r.buildMs);
    } else if (data.type === 'prepared') {
      // nothing to show beyond the tables' note
    } else if (pending && data.id === pending.id) {
      const start = pending.board;
      finishSearch();
      if (data.type === 'error') {
        status.textContent = `Error: ${data.message}`;
      } else {
        showSolution(start, data.result);
      }
    }
  }

  function finishSearch() {
    pending = null;
    buttons.cancel.disabled = true;
    buttons.solve.disabled = false;
    result.removeAttribute('aria-busy');
  }

  function setBoard(b, keepSolution = false) {
    if (editing) {
      editing = false;
      editBtn.setAttribute('aria-pressed', 'false');
      editBtn.textContent = 'Type into the grid';
      delete grid.dataset.editing;
    }
    board = b;
    input.value = b.board.replaceAll(' / ', ' ');
    inputError.textContent = '';
    if (!keepSolution) clearSolution();
    render();
  }

  function render() {
    if (editing) {
      renderEditor(call(unhop.slide_cells, width(), input.value));
      renderSteps();
      return;
    }
    cellErrors.replaceChildren();
    const w = board.width;
    grid.style.setProperty('--w', w);
    grid.dataset.width = String(w);
    grid.dataset.solved = String(board.solved);
    grid.replaceChildren();
    board.cells.forEach((tile, cell) => {
      const el = document.createElement(tile === 0 ? 'div' : 'button');
      el.dataset.tile = String(tile);
      el.dataset.cell = String(cell);
      if (tile === 0) {
        el.className = 'gap';
        el.setAttribute('aria-label', `gap, row ${Math.floor(cell / w) + 1}, column ${(cell % w) + 1}`);
      } else {
        const movable = board.movable.includes(tile);
        el.className = movable ? 'tile movable' : 'tile';
        el.textContent = String(tile);
        el.setAttribute('aria-label', movable ? `tile ${tile}, slide it into the gap` : `tile ${tile}`);
        el.addEventListener('click', () => clickTile(tile));
      }
      grid.append(el);
    });
    renderSteps();
  }


  // The grid's edit mode: one text field a cell, typed row by row; the board's text field
  // follows every keystroke and the cells follow the text field. The library checks every
  // cell (slide_cells) and the page flags each bad one with its reason.
  function place(cell, w) {
    return `row ${Math.floor(cell / w) + 1}, column ${(cell % w) + 1}`;
  }

  function renderEditor(check) {
    const w = check.width;
    grid.style.setProperty('--w', w);
    grid.dataset.width = String(w);
    grid.dataset.solved = 'false';
    grid.dataset.editing = 'true';
    const fields = [...grid.querySelectorAll('input')];
    if (fields.length !== w * w) {
      grid.replaceChildren();
      for (let cell = 0; cell < w * w; cell++) {
        const box = document.createElement('div');
        box.className = 'cell-edit';
        const field = document.createElement('input');
        field.type = 'text';
        field.inputMode = 'numeric';
        field.autocomplete = 'off';
        field.spellcheck = false;
        field.maxLength = 2;
        field.placeholder = '_';
        field.dataset.testid = 'slide-cell';
        field.dataset.cell = String(cell);
        field.setAttribute('aria-label', `${place(cell, w)}: tile number, empty or 0 for the gap`);
        field.addEventListener('input', () => cellTyped(cell));
        field.addEventListener('keydown', (e) => cellKey(e, cell));
        field.addEventListener('paste', (e) => cellPaste(e, cell));
        // A tile is one or two characters: a click or the focus selects it, so typing replaces it.
        field.addEventListener('focus', () => field.select());
        field.addEventListener('click', () => field.select());
        const why = document.createElement('span');
        why.className = 'cell-why';
        why.id = `slide-cell-why-${cell}`;
        why.setAttribute('aria-hidden', 'true');
        box.append(field, why);
        grid.append(box);
      }
    }
    const errors = [];
    grid.querySelectorAll('.cell-edit').forEach((box, cell) => {
      const field = box.querySelector('input');
      const entry = check.entries[cell];
      const shown = entry === '_' || entry === '0' ? '' : entry;
      if (document.activeElement !== field && field.value !== shown) field.value = shown;
      const c = check.cells[cell];
      if (c.tile === null) delete box.dataset.tile; else box.dataset.tile = String(c.tile);
      const why = box.querySelector('.cell-why');
      if (c.error) {
        field.setAttribute('aria-invalid', 'true');
        field.setAttribute('aria-describedby', `slide-cell-error-${cell}`);
        field.title = c.error;
        box.dataset.error = c.error;
        why.textContent = shortReason(c.error);
        const li = document.createElement('li');
        li.id = `slide-cell-error-${cell}`;
        li.dataset.cell = String(cell);
        li.textContent = `${place(cell, w)}: ${c.error}.`;
        errors.push(li);
      } else {
        field.removeAttribute('aria-invalid');
        field.removeAttribute('aria-describedby');
        field.removeAttribute('title');
        delete box.dataset.error;
        why.textContent = '';
      }
    });
    cellErrors.replaceChildren(...errors);
    inputError.textContent = check.error ? `${check.error}.` : (errors.length ? 'Some cells need a fix (marked in red).' : '');
  }

  function shortReason(error) {
    if (error.includes('out of range')) return 'too big';
    if (error.includes('not a tile')) return 'not a number';
    if (error.includes('gap')) return 'second gap';
    return 'twice';
  }

  /** The text of the cells, row by row (an empty cell is the gap, `_`). */
  function cellsText() {
    return [...grid.querySelectorAll('.cell-edit input')].map((f) => f.value.trim() || '_').join(' ');
  }

  function fromCells() {
    input.value = cellsText();
    checkTyped();
  }

  /** Checks what is typed (in the grid or the text field) and takes the board when it is whole. */
  function checkTyped() {
    const check = call(unhop.slide_cells, width(), input.value);
    if (String(check.width === 3 ? 8 : 15) !== size.value) size.value = check.width === 3 ? '8' : '15';
    clearSolution();
    if (editing) renderEditor(check);
    if (check.board) {
      board = check.board;
      if (!editing) render();
      if (!check.error) inputError.textContent = '';
    }
    return check;
  }

  function focusCell(cell) {
    const fields = grid.querySelectorAll('.cell-edit input');
    if (cell >= 0 && cell < fields.length) {
      fields[cell].focus();
      fields[cell].select();
    }
  }

  function cellTyped(cell) {
    const field = grid.querySelectorAll('.cell-edit input')[cell];
    const v = field.value.trim();
    fromCells();
    // A whole entry moves on to the next cell: the gap, or a number no digit can extend.
    const max = width() * width() - 1;
    const n = Number(v);
    if (v === '_' || (v !== '' && /^\d+$/.test(v) && (n * 10 > max || v.length >= 2 || v === '0'))) {
      focusCell(cell + 1);
      justAdvanced = true;
    }
  }

  // After a whole entry moved the focus on, the separator typed next (as in "5 1 2 …")
  // belongs to that entry and does not move the focus again.
  let justAdvanced = false;

  function cellKey(e, cell) {
    const w = width();
    const field = e.target;
    const separator = e.key === ' ' || e.key === ',' || e.key === '/';
    if (justAdvanced && separator) {
      e.preventDefault();
      justAdvanced = false;
      return;
    }
    justAdvanced = false;
    if (separator || e.key === 'Enter') {
      e.preventDefault();
      if (e.key === 'Enter' && cell === w * w - 1) { solve(); return; }
      focusCell(cell + 1);
    } else if (e.key === 'Backspace' && field.value === '' && cell > 0) {
      e.preventDefault();
      focusCell(cell - 1);
    } else if (e.key === 'ArrowRight' && field.selectionStart === field.value.length) {
      e.preventDefault(); focusCell(cell + 1);
    } else if (e.key === 'ArrowLeft' && field.selectionStart === 0) {
      e.preventDefault(); focusCell(cell - 1);
    } else if (e.key === 'ArrowDown') {
      e.preventDefault(); focusCell(cell + w);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault(); focusCell(cell - w);
    }
  }

  /** Several entries pasted into a cell fill it and the cells after it. */
  function cellPaste(e, cell) {
    const pasted = e.clipboardData.getData('text');
    const parts = call(unhop.slide_cells, width(), pasted);
    if (parts.count <= 1) return;
    e.preventDefault();
    const fields = [...grid.querySelectorAll('.cell-edit input')];
    if (parts.count === fields.length) cell = 0;
    parts.entries.slice(0, parts.count).forEach((entry, k) => {
      if (cell + k < fields.length) fields[cell + k].value = entry === '_' || entry === '0' ? '' : entry;
    });
    fromCells();
    focusCell(Math.min(cell + parts.count, fields.length - 1));
  }

  function setEditing(on, focus = true) {
    editing = on;
    editBtn.setAttribute('aria-pressed', String(on));
    editBtn.textContent = on ? 'Done typing' : 'Type into the grid';
    if (!on) delete grid.dataset.editing;
    stopPlaying();
    if (on) {
      clearSolution();
      grid.replaceChildren();
      render();
      if (focus) focusCell(0);
    } else {
      const check = call(unhop.slide_cells, width(), input.value);
      if (check.board) board = check.board;
      render();
    }
  }

  function renderSteps() {
    const n = solution ? solution.tiles.length : 0;
    buttons.prev.disabled = !solution || step === 0;
    buttons.next.disabled = !solution || step >= n;
    buttons.play.disabled = !solution || n === 0;
    buttons.play.textContent = playing ? '⏸ Pause' : '▶ Play';
    result.querySelectorAll('span').forEach((s, i) => {
      s.classList.toggle('done', i < step);
      s.classList.toggle('current', i === step);
    });
    result.dataset.step = String(step);
  }

  function clearSolution() {
    stopPlaying();
    solution = null;
    step = 0;
    result.replaceChildren();
    for (const a of ['data-solvable', 'data-length', 'data-proven', 'data-fallback', 'data-reason']) {
      result.removeAttribute(a);
    }
    summary.textContent = '';
  }

  function showSolution(start, r) {
    clearSolution();
    result.dataset.solvable = String(r.solvable);
    if (!r.solvable) {
      result.dataset.reason = r.reason;
      summary.textContent = `This board cannot be solved: ${r.reason}.`;
      status.textContent = tablesNote;
      return;
    }
    result.dataset.length = String(r.length);
    result.dataset.proven = String(r.proven_optimal);
    result.dataset.fallback = String(r.fallback);
    result.dataset.nodes = String(r.nodes);
    result.dataset.ms = String(r.seconds * 1000);
    r.tiles.forEach((t, i) => {
      if (i) result.append(' ');
      const s = document.createElement('span');
      s.textContent = String(t);
      result.append(s);
    });
    const stats = `${r.nodes.toLocaleString('en')} positions searched in ${r.seconds.toFixed(2)} s`;
    if (r.proven_optimal) {
      summary.textContent = r.length === 0
        ? 'Already solved.'
        : `Shortest solution: ${r.length} moves, proven optimal (${stats}).`;
      summary.className = 'proven';
    } else {
      summary.textContent = `A solution of ${r.length} moves, NOT proven shortest: the budget of ${budget.value} s ran out, `
        + `so the fast method answered (first row, then first column, then the last 3 × 3 optimally). `
        + `Every solution has at least ${r.lower_bound} moves (${stats}).`;
      summary.className = 'fallback';
    }
    status.textContent = tablesNote;
    solution = { tiles: r.tiles, start };
    step = 0;
    if (board.board !== start) setBoard(call(unhop.slide_board, start), true);
    renderSteps();
  }

  function stopPlaying() {
    if (playing) clearInterval(playing);
    playing = null;
  }

  function next() {
    if (!solution || step >= solution.tiles.length) return false;
    board = call(unhop.slide_move, board.board, solution.tiles[step]);
    step++;
    input.value = board.board.replaceAll(' / ', ' ');
    render();
    return true;
  }

  function prev() {
    if (!solution || step === 0) return;
    step--;
    board = call(unhop.slide_move, board.board, solution.tiles[step]);
    input.value = board.board.replaceAll(' / ', ' ');
    render();
  }

  function play() {
    if (playing) {
      stopPlaying();
      renderSteps();
      return;
    }
    if (!solution) return;
    if (step >= solution.tiles.length) {
      setBoard(call(unhop.slide_board, solution.start), true);
      step = 0;
    }
    playing = setInterval(() => {
      if (!next()) {
        stopPlaying();
        renderSteps();
      }
    }, 250);
    renderSteps();
  }

  function clickTile(tile) {
    if (!board.movable.includes(tile)) return;
    if (solution && solution.tiles[step] === tile) {
      next();
      return;
    }
    setBoard(call(unhop.slide_move, board.board, tile));
    const moved = grid.querySelector(`[data-tile="${tile}"]`);
    if (moved) moved.focus();
  }

  function solve() {
    stopPlaying();
    let b;
    try {
      b = call(unhop.slide_board, input.value);
    } catch (e) {
      inputError.textContent = errorText(e);
      if (!editing) setEditing(true, false);
      checkTyped();
      return;
    }
    if (editing) setEditing(false);
    if (String(b.width === 3 ? 8 : 15) !== size.value) size.value = b.width === 3 ? '8' : '15';
    setBoard(b);
    // Solvability first, before any search.
    if (!b.solvable) {
      showSolution(b.board, { solvable: false, reason: b.reason });
      return;
    }
    const seconds = Number(budget.value);
    if (!(seconds > 0)) {
      inputError.textContent = 'The budget is a number of seconds above 0.';
      return;
    }
    pending = { id: nextId++, board: b.board, width: b.width };
    buttons.cancel.disabled = false;
    buttons.solve.disabled = true;
    result.setAttribute('aria-busy', 'true');
    status.textContent = 'Searching for a shortest solution…';
    workerFor(b.width).postMessage({ type: 'solve', id: pending.id, width: b.width, board: b.board, budgetMs: seconds * 1000 });
  }

  function cancel() {
    if (!pending) return;
    const w = pending.width;
    workers.get(w).terminate();
    workers.delete(w);
    finishSearch();
    summary.textContent = 'Search cancelled.';
    summary.className = '';
    if (w === 4) workerFor(4).postMessage({ type: 'prepare', width: 4 });
  }

  input.addEventListener('input', () => {
    // The cells follow the text; a bad entry opens the grid's edit mode to flag its cell.
    const check = call(unhop.slide_cells, width(), input.value);
    if (!editing && !check.board && check.cells.some((c) => c.error)) setEditing(true, false);
    checkTyped();
    if (!check.board && !editing) {
      try {
        call(unhop.slide_board, input.value);
      } catch (e) {
        inputError.textContent = errorText(e);
      }
    }
  });
  editBtn.addEventListener('click', () => setEditing(!editing));
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') solve();
  });
  size.addEventListener('change', () => {
    setBoard(call(unhop.slide_board, EXAMPLES[width()]));
  });
  buttons.solve.addEventListener('click', solve);
  buttons.cancel.addEventListener('click', cancel);
  buttons.shuffle.addEventListener('click', () => setBoard(call(unhop.slide_shuffle, width())));
  buttons.reset.addEventListener('click', () => setBoard(call(unhop.slide_goal, width())));
  buttons.next.addEventListener('click', () => { stopPlaying(); next(); });
  buttons.prev.addEventListener('click', () => { stopPlaying(); prev(); });
  buttons.play.addEventListener('click', play);
  // The arrow keys step through the solution while this tab is shown (the grid is redrawn
  // after each move, so the focus may be on the page's body).
  document.addEventListener('keydown', (e) => {
    if ($('panel-slide').hidden || e.target.closest('input, select, textarea, [role="tab"]')) return;
    if (e.key === 'ArrowRight') { e.preventDefault(); stopPlaying(); next(); }
    if (e.key === 'ArrowLeft') { e.preventDefault(); stopPlaying(); prev(); }
  });

  setBoard(call(unhop.slide_board, EXAMPLES[4]));
  // The 15-puzzle's databases are made ready in the background as soon as the page opens.
  workerFor(4).postMessage({ type: 'prepare', width: 4 });
}
