// A builder of one of the 15-puzzle's pattern databases at a time, started by the slide worker
// (slide-worker.js) so that the tables are built in parallel, one per thread. It answers each
// `{ index, module }` (the library's compiled WebAssembly module, which it instantiates once)
// with the table's bytes in the library's cache format, the buffer transferred, or with the
// library's error; the slide worker checks, keeps and stores them.
import init, { Tables } from './pkg/unhop_web.js';

let ready = null;

onmessage = async ({ data }) => {
  try {
    ready ??= init(data.module ? { module_or_path: data.module } : undefined);
    await ready;
    const t0 = performance.now();
    const bytes = Tables.build_bytes(data.index);
    postMessage({ index: data.index, bytes, ms: performance.now() - t0 }, [bytes.buffer]);
  } catch (e) {
    postMessage({ index: data.index, error: String((e && e.message) || e) });
  }
};
