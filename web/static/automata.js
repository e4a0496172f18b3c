// The automata tab: the one-peg language's minimal DFA (from the library, as DOT) drawn by
// Graphviz compiled to WebAssembly (@hpcc-js/wasm-graphviz), a word's run highlighted, and the
// solver's hops for the word beside it.
import { Graphviz } from './vendor/graphviz.js';
import { $, control, call, errorText } from './dom.js';


export async function setupAutomata(unhop) {
  $('auto-controls').append(
    control('<label for="auto-board">Board<select id="auto-board" data-testid="auto-board"><option value="infinite">infinite row</option><option value="finite">finite (the word)</option></select></label>'),
    control('<label for="auto-word">Word (1 peg, 0 hole)<input id="auto-word" data-testid="auto-word" type="text" value="1101101" spellcheck="false" autocomplete="off"></label>'),
    control('<button id="auto-go" data-testid="auto-go">Run the word</button>'),
  );
  const graph = $('auto-graph');
  const runText = $('auto-run');
  const hopsList = $('auto-hops');
  const graphviz = await Graphviz.load();

  function draw() {
    const dfa = call(unhop.auto_dfa, $('auto-board').value);
    graph.innerHTML = graphviz.layout(dfa.dot, 'svg', 'dot');
    fitWidth(graph.querySelector('svg'));
    graph.dataset.states = String(dfa.states);
    graph.setAttribute('aria-label', `The minimal automaton: ${dfa.states} states. The language: ${dfa.expression}`);
    run();
  }

  // The drawing takes the width of its box (Graphviz gives it a fixed size in points), but is
  // never shrunk below 85% of that size, where its labels (14 pt) stop being readable: on a
  // narrow screen the box scrolls sideways instead.
  function fitWidth(svg) {
    const [, , w] = svg.getAttribute('viewBox').split(/\s+/).map(Number);
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.setAttribute('preserveAspectRatio', 'xMinYMin meet');
    svg.style.minWidth = `${Math.round(0.85 * w)}px`;
    graph.dataset.naturalWidth = String(w);
  }

  function run() {
    const word = $('auto-word').value.trim();
    let r;
    try {
      r = call(unhop.auto_run, $('auto-board').value, word);
    } catch (e) {
      runText.textContent = errorText(e);
      hopsList.replaceChildren();
      return;
    }
    for (const el of graph.querySelectorAll('.on-path')) el.classList.remove('on-path');
    const titled = (kind, title) => [...graph.querySelectorAll(`g.${kind}`)].find((g) => g.querySelector('title')?.textContent === title);
    const names = r.path.map((s) => `q${s}`);
    titled('edge', `start->${names[0]}`)?.classList.add('on-path');
    names.forEach((n, i) => {
      titled('node', n)?.classList.add('on-path');
      if (i) titled('edge', `${names[i - 1]}->${n}`)?.classList.add('on-path');
    });
    graph.dataset.path = names.join(' ');
    runText.dataset.accepted = String(r.accepted);
    runText.textContent = `${r.word} runs through ${names.join(' → ')} and is ${r.accepted ? 'accepted: it can be reduced to one peg' : 'rejected: it cannot be reduced to one peg'}. `
      + `The solver leaves ${r.min_pegs} peg${r.min_pegs === 1 ? '' : 's'} (${r.final}${r.final_offset ? `, from cell ${r.final_offset}` : ''}) with these hops `
      + '(cells numbered from 0, as in unhop solve; a hop from→to jumps over the cell between):';
    hopsList.replaceChildren(...r.hops.map((h) => {
      const li = document.createElement('li');
      li.textContent = `${h.from}→${h.to}`;
      li.dataset.from = String(h.from);
      li.dataset.over = String(h.over);
      li.dataset.to = String(h.to);
      return li;
    }));
  }

  $('auto-board').addEventListener('change', draw);
  $('auto-go').addEventListener('click', run);
  $('auto-word').addEventListener('keydown', (e) => { if (e.key === 'Enter') run(); });
  draw();
}
