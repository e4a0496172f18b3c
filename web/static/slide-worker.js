// The sliding puzzle's background thread: the library's solver, and the 15-puzzle's pattern
// databases, loaded from this browser's storage (IndexedDB, every check of the library's cache
// format made) or built here and stored. The page cancels a search by ending this worker.
import init, { SlideSolver, Tables } from './pkg/unhop_web.js';

const ready = init();
const solvers = new Map();

function openStore() {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open('unhop', 1);
    req.onupgradeneeded = () => req.result.createObjectStore('tables');
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

function request(db, mode, f) {
  return new Promise((resolve, reject) => {
    const req = f(db.transaction('tables', mode).objectStore('tables'));
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

async function fifteen() {
  const started = performance.now();
  const tables = new Tables();
  const report = { loaded: 0, built: 0, rejected: [], notStored: [], buildMs: 0 };
  let db = null;
  try {
    db = await openStore();
  } catch (e) {
    report.notStored.push(`no browser storage: ${e}`);
  }
  for (let i = 0; i < tables.count(); i++) {
    const key = tables.key(i);
    let stored = null;
    if (db) {
      try {
        stored = await request(db, 'readonly', (s) => s.get(key));
      } catch (e) {
        report.rejected.push(`${key}: ${e}`);
      }
    }
    if (stored) {
      try {
        tables.load(i, new Uint8Array(stored));
        report.loaded++;
        continue;
      } catch (e) {
        report.rejected.push(`${key}: ${(e && e.message) || e}; built again`);
      }
    }
    postMessage({ type: 'status', text: `Building pattern database ${i + 1} of ${tables.count()} (${(tables.entries(i) / 1e6).toFixed(1)} MB) in this browser…` });
    const t0 = performance.now();
    const bytes = tables.build(i);
    report.buildMs += performance.now() - t0;
    report.built++;
    if (db) {
      try {
        await request(db, 'readwrite', (s) => s.put(bytes, key));
      } catch (e) {
        report.notStored.push(`${key}: ${e}`);
      }
    }
  }
  report.ms = performance.now() - started;
  postMessage({ type: 'tables', report });
  return SlideSolver.fifteen(tables, 0);
}

function solverFor(width) {
  if (!solvers.has(width)) {
    solvers.set(width, width === 3 ? Promise.resolve(SlideSolver.eight(0)) : fifteen());
  }
  return solvers.get(width);
}

onmessage = async ({ data }) => {
  try {
    await ready;
    const solver = await solverFor(data.width);
    if (data.type === 'prepare') {
      postMessage({ type: 'prepared', width: data.width });
      return;
    }
    solver.set_budget(data.budgetMs);
    postMessage({ type: 'status', text: 'Searching for a shortest solution…' });
    const result = JSON.parse(solver.solve(data.board));
    postMessage({ type: 'result', id: data.id, result });
  } catch (e) {
    postMessage({ type: 'error', id: data.id, message: String((e && e.message) || e) });
  }
};
