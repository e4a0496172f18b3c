// The sliding puzzle's background thread: the library's solver, and the 15-puzzle's pattern
// databases, loaded from this browser's storage (IndexedDB, every check of the library's cache
// format made) or built and stored: in parallel by builder threads (pdb-worker.js, one table
// each, as many at once as the browser reports cores), or here when a worker cannot start
// workers. The page cancels a search by ending this worker, which ends its builders.
import init, { SlideSolver, Tables } from './pkg/unhop_web.js';

/** Compiles the library's WebAssembly module at `url`, streaming where the server sends
 * application/wasm, else from its bytes. */
async function compile(url) {
  try {
    return await WebAssembly.compileStreaming(fetch(url));
  } catch {
    return WebAssembly.compile(await (await fetch(url)).arrayBuffer());
  }
}

// The module is compiled once, here, and handed to the builders (pdb-worker.js), which then
// start without fetching or compiling it again and share its optimised code.
const compiled = compile(new URL('./pkg/unhop_web_bg.wasm', import.meta.url));
const ready = compiled.then((module) => init({ module_or_path: module }));
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

// The builder threads (pdb-worker.js) running now. When the page ends this worker (to cancel
// a search) the browser ends them with it: a dedicated worker's own workers close with it.
const builders = new Set();

/** How many tables may be built at once: one per logical core the browser reports, at
 * least one; 1 (build here, one after another) when a worker cannot start workers. */
function buildersAtOnce(count) {
  if (typeof Worker === 'undefined') return 1;
  return Math.max(1, Math.min(count, Math.floor(navigator.hardwareConcurrency) || 1));
}

/** Builds the tables `todo` (indices), each in a builder thread of its own given the compiled
 * `module`, at most `atOnce` at a time, the largest first; `done(i, bytes)` receives each
 * table's bytes as it comes. A table whose builder could not run is built here. */
function buildInParallel(tables, todo, atOnce, module, done) {
  const queue = [...todo].sort((a, b) => tables.entries(b) - tables.entries(a));
  return new Promise((resolve, reject) => {
    let running = 0;
    let failed = false;
    const fail = (e) => {
      if (failed) return;
      failed = true;
      for (const b of builders) b.terminate();
      builders.clear();
      reject(e);
    };
    const retire = (builder) => {
      builder.terminate();
      builders.delete(builder);
      running--;
    };
    const startNext = (builder) => {
      if (failed) return;
      if (queue.length === 0) {
        retire(builder);
        if (running === 0) resolve();
        return;
      }
      const i = queue.shift();
      builder.onmessage = ({ data }) => {
        if (data.error) {
          fail(new Error(data.error));
          return;
        }
        try {
          done(i, data.bytes);
        } catch (e) {
          fail(e);
          return;
        }
        startNext(builder);
      };
      builder.onerror = (e) => {
        // The builder itself did not run (its module failed to load): this table is built
        // here instead, and a new builder takes the next one.
        e.preventDefault();
        retire(builder);
        try {
          done(i, Tables.build_bytes(i));
        } catch (err) {
          fail(err);
          return;
        }
        if (queue.length > 0) spawn();
        else if (running === 0) resolve();
      };
      try {
        builder.postMessage({ index: i, module });
      } catch {
        // A browser that cannot pass a compiled module to a worker: the builder loads it.
        builder.postMessage({ index: i });
      }
    };
    const spawn = () => {
      const builder = new Worker(new URL('./pdb-worker.js', import.meta.url), { type: 'module' });
      builders.add(builder);
      running++;
      startNext(builder);
    };
    for (let n = 0; n < Math.min(atOnce, queue.length); n++) spawn();
  });
}

async function fifteen() {
  const started = performance.now();
  const tables = new Tables();
  const report = { loaded: 0, built: 0, rejected: [], notStored: [], buildMs: 0, atOnce: 0 };
  let db = null;
  try {
    db = await openStore();
  } catch (e) {
    report.notStored.push(`no browser storage: ${e}`);
  }
  const todo = [];
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
    todo.push(i);
  }
  if (todo.length > 0) {
    const atOnce = buildersAtOnce(todo.length);
    report.atOnce = atOnce;
    const mb = todo.reduce((sum, i) => sum + tables.entries(i), 0) / 1e6;
    const what = todo.length === 1 ? 'pattern database' : `${todo.length} pattern databases`;
    const how = atOnce > 1 ? `${atOnce} at once, in parallel threads` : 'one at a time';
    postMessage({ type: 'status', text: `Building ${what} (${mb.toFixed(1)} MB), ${how}, in this browser…` });
    const stores = [];
    // Each table's bytes pass the same checks as stored ones before the solver takes them.
    const keep = (i, bytes) => {
      tables.load(i, bytes);
      report.built++;
      if (db) {
        const key = tables.key(i);
        stores.push(request(db, 'readwrite', (s) => s.put(bytes, key)).catch((e) => {
          report.notStored.push(`${key}: ${e}`);
        }));
      }
    };
    const t0 = performance.now();
    if (atOnce > 1) {
      await buildInParallel(tables, todo, atOnce, await compiled, keep);
    } else {
      for (const i of todo) keep(i, Tables.build_bytes(i));
    }
    // The wall time from the first build's start to the last table checked and kept.
    report.buildMs = performance.now() - t0;
    await Promise.all(stores);
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
