// The heap-games tab's background thread: the value sequence and the position graph, so that
// a long computation never freezes the page. The page cancels one by ending this worker.
import init, { heaps_sequence, heaps_graph } from './pkg/unhop_web.js';

const ready = init();

// The library reports its work done and the stage's total to this global function.
let current = null;
let lastReport = 0;
self.unhopProgress = (done, total) => {
  const now = performance.now();
  if (now - lastReport < 200) return;
  lastReport = now;
  postMessage({ type: 'progress', id: current, done, total });
};

const tasks = { sequence: heaps_sequence, graph: heaps_graph };

onmessage = async ({ data }) => {
  try {
    await ready;
    current = data.id;
    const started = performance.now();
    const result = JSON.parse(tasks[data.task](...data.args));
    postMessage({ type: 'result', id: data.id, result, ms: performance.now() - started });
  } catch (e) {
    postMessage({ type: 'error', id: data.id, message: String((e && e.message) || e) });
  }
};
