// The peg-solitaire tab's background thread: the library's solver (can this position still
// finish with one peg, a next jump, why not), so a long search never freezes the page. The
// page cancels a search by ending this worker.
import init, { pegs_help, pegs_help_limited } from './pkg/unhop_web.js';

const ready = init();

// The library reports the dead positions stored so far to this global function.
let current = null;
let lastReport = 0;
self.unhopProgress = (dead) => {
  const now = performance.now();
  if (now - lastReport < 200) return;
  lastReport = now;
  postMessage({ type: 'progress', id: current, dead });
};

onmessage = async ({ data }) => {
  try {
    await ready;
    current = data.id;
    const started = performance.now();
    const result = JSON.parse(data.limit
      ? pegs_help_limited(data.name, data.pegs, data.limit)
      : pegs_help(data.name, data.pegs));
    postMessage({ type: 'result', id: data.id, result, ms: performance.now() - started });
  } catch (e) {
    postMessage({ type: 'error', id: data.id, message: String((e && e.message) || e) });
  }
};
