// The page's entry: loads the library (WebAssembly), wires the tabs, starts each tab.
// Every answer comes from the library; this file only draws and forwards clicks.
import init, * as unhop from './pkg/unhop_web.js';
import { setupSlide } from './slide.js';

await init();
document.getElementById('version').textContent = JSON.parse(unhop.version());

const tabs = [...document.querySelectorAll('[role="tab"]')];
const started = new Set();
const setups = {
  'tab-slide': () => setupSlide(unhop),
  'tab-pegs': async () => (await import('./pegs.js')).setupPegs(unhop),
  'tab-duotaire': async () => (await import('./duotaire.js')).setupDuotaire(unhop),
  'tab-automata': async () => (await import('./automata.js')).setupAutomata(unhop),
  'tab-heaps': async () => (await import('./heaps.js')).setupHeaps(unhop),
};

async function select(tab) {
  for (const t of tabs) {
    const on = t === tab;
    t.setAttribute('aria-selected', String(on));
    t.tabIndex = on ? 0 : -1;
    document.getElementById(t.getAttribute('aria-controls')).hidden = !on;
  }
  if (!started.has(tab.id)) {
    started.add(tab.id);
    await setups[tab.id]();
  }
  document.body.dataset.tab = tab.id;
}

for (const tab of tabs) {
  tab.addEventListener('click', () => select(tab));
  tab.addEventListener('keydown', (e) => {
    const i = tabs.indexOf(tab);
    let j = null;
    if (e.key === 'ArrowRight') j = (i + 1) % tabs.length;
    if (e.key === 'ArrowLeft') j = (i + tabs.length - 1) % tabs.length;
    if (e.key === 'Home') j = 0;
    if (e.key === 'End') j = tabs.length - 1;
    if (j !== null) {
      e.preventDefault();
      tabs[j].focus();
      select(tabs[j]);
    }
  });
}

const wanted = tabs.find((t) => location.hash === '#' + t.id.slice(4)) || tabs[0];
await select(wanted);
document.body.dataset.ready = 'true';
