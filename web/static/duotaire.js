// The Duotaire tab: a person against the computer; values, options and winning moves all
// come from the library.
import { $, control, call, errorText } from './dom.js';
import { drawChart } from './chart.js';

export function setupDuotaire(unhop) {
  const controls = $('duo-controls');
  controls.append(
    control('<label for="duo-rule">Move rule<select id="duo-rule" data-testid="duo-rule"><option value="single">single hop</option><option value="chain">chain of hops</option></select></label>'),
    control('<label for="duo-board">Board<select id="duo-board" data-testid="duo-board"><option value="finite">finite (the word)</option><option value="infinite">infinite row</option></select></label>'),
    control('<label for="duo-input">Start word (1 peg, 0 hole)<input id="duo-input" data-testid="duo-input" type="text" value="11011" spellcheck="false" autocomplete="off"></label>'),
    control('<label for="duo-first">First to move<select id="duo-first" data-testid="duo-first"><option value="person">you</option><option value="computer">the computer</option></select></label>'),
    control('<button id="duo-new" data-testid="duo-new">New game</button>'),
    control('<button id="duo-hint" data-testid="duo-hint">Value and winning moves</button>'),
  );
  const row = $('duo-word');
  const status = $('duo-status');
  const help = $('duo-help');
  const optionsBox = document.createElement('div');
  optionsBox.className = 'controls';
  optionsBox.id = 'duo-options';
  optionsBox.dataset.testid = 'duo-options';
  optionsBox.setAttribute('role', 'group');
  optionsBox.setAttribute('aria-label', 'Your possible moves');
  row.after(optionsBox);

  let state = null; // the library's answer for the current word
  let turn = 'person';

  const rule = () => $('duo-rule').value;
  const board = () => $('duo-board').value;
  // A move's hops as the command line writes them (unhop grundy --hint): from→to, cells
  // numbered from 0, the hops of a chain separated by spaces.
  const moveName = (hops) => hops.map((h) => `${h.from}→${h.to}`).join(' ');

  function analyse(word) {
    state = call(unhop.duo_options, rule(), board(), word);
  }

  function render() {
    row.replaceChildren();
    [...state.word].forEach((c, i) => {
      const cell = document.createElement('span');
      cell.className = c === '1' ? 'peg' : 'hole';
      cell.dataset.cell = String(i);
      cell.setAttribute('role', 'img');
      cell.setAttribute('aria-label', `cell ${i}: ${c === '1' ? 'peg' : 'hole'}`);
      cell.style.display = 'inline-flex';
      cell.style.alignItems = 'center';
      cell.style.justifyContent = 'center';
      cell.textContent = String(i);
      row.append(cell);
    });
    row.dataset.word = state.word;
    optionsBox.replaceChildren();
    const over = state.options.length === 0;
    if (turn === 'person' && !over) {
      state.options.forEach((o, k) => {
        const b = document.createElement('button');
        b.textContent = `Hop ${moveName(o.hops)}`;
        b.dataset.testid = 'duo-option';
        b.dataset.index = String(k);
        b.dataset.hops = JSON.stringify(o.hops);
        b.setAttribute('aria-label', o.hops.map((h) => `hop from cell ${h.from} to cell ${h.to}`).join(', then '));
        b.addEventListener('click', () => personMoves(k));
        optionsBox.append(b);
      });
    }
    if (over) {
      const winner = turn === 'person' ? 'computer' : 'person';
      status.dataset.winner = winner;
      status.textContent = winner === 'computer'
        ? 'You cannot move: the computer wins.'
        : 'The computer cannot move: you win!';
    } else {
      status.removeAttribute('data-winner');
    }
    status.dataset.turn = turn;
  }

  function personMoves(k) {
    const o = state.options[k];
    help.textContent = `You hopped ${moveName(o.hops)}.`;
    analyse(o.word);
    turn = 'computer';
    render();
    if (state.options.length) setTimeout(computerMoves, 300);
  }

  function computerMoves() {
    // A winning move when there is one (to a position of value 0), else the first move.
    const k = Math.max(0, state.options.findIndex((o) => o.winning));
    const o = state.options[k];
    analyse(o.word);
    turn = 'person';
    help.textContent = `The computer hopped ${moveName(o.hops)}${o.winning ? ', a winning move' : ''}.`;
    status.textContent = 'Your move.';
    render();
  }

  function newGame() {
    try {
      analyse($('duo-input').value.trim());
    } catch (e) {
      help.textContent = errorText(e);
      return;
    }
    turn = $('duo-first').value;
    help.textContent = '';
    status.textContent = turn === 'person' ? 'Your move.' : 'The computer moves first.';
    render();
    if (turn === 'computer' && state.options.length) setTimeout(computerMoves, 300);
  }

  $('duo-new').addEventListener('click', newGame);
  $('duo-input').addEventListener('keydown', (e) => { if (e.key === 'Enter') newGame(); });
  $('duo-hint').addEventListener('click', () => {
    const wins = state.options.filter((o) => o.winning);
    help.dataset.value = String(state.value);
    help.textContent = state.value === 0
      ? `Value 0: the player to move loses whatever they do (against best play).`
      : `Value ${state.value}: the player to move wins. Winning moves: ${wins.map((o) => moveName(o.hops)).join('; ')}.`;
    help.className = state.value === 0 ? 'losing' : 'winning';
  });
  newGame();
  setupCharts(unhop, rule, board);
}

// The value charts: a family's values by n, and the largest value of each length.
function setupCharts(unhop, rule, board) {
  const box = $('duo-chart');
  const error = $('duo-chart-error');
  function chart(compute, fields, draw) {
    let answer;
    try {
      answer = compute();
    } catch (e) {
      error.textContent = errorText(e);
      for (const f of fields) f.setAttribute('aria-invalid', 'true');
      return;
    }
    error.textContent = '';
    for (const f of fields) f.removeAttribute('aria-invalid');
    box.hidden = false;
    draw(answer);
  }
  $('duo-family-go').addEventListener('click', () => {
    const pattern = $('duo-family-pattern');
    const range = $('duo-family-n');
    chart(() => call(unhop.duo_family, rule(), board(), pattern.value.trim(), range.value.trim()), [pattern, range], (members) => {
      const values = members.map((m) => m.value);
      box.dataset.values = values.join(',');
      box.dataset.first = String(members[0]?.n ?? 0);
      drawChart(box, values, {
        title: `Values of ${pattern.value.trim()} (${rule()} moves, ${board()} board), n = ${range.value.trim()}`,
        x: 'n', y: 'value', first: members[0]?.n ?? 0,
        file: `family-${pattern.value.replace(/[^0-9a-z]/gi, '')}`, columns: ['n', 'value'],
      });
    });
  });
  $('duo-lengths-go').addEventListener('click', () => {
    const max = $('duo-lengths-max');
    chart(() => call(unhop.duo_lengths, rule(), board(), Number(max.value)), [max], (stats) => {
      const values = stats.map((s) => s.max_value);
      box.dataset.values = values.join(',');
      box.dataset.first = '1';
      drawChart(box, values, {
        title: `Largest value of the words of each length (${rule()} moves, ${board()} board)`,
        x: 'length', y: 'largest value', first: 1,
        file: `largest-value-${rule()}-${board()}`, columns: ['length', 'largest value'],
      });
    });
  });
}
