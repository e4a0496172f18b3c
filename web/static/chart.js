// A chart of a sequence of whole numbers y(first) … y(N) as an SVG scatter plot, drawn from
// values the library computed: points (one short tick each, so that a long sequence is one
// path), marked ones in a second colour, an optional vertical line with a label (where a
// period starts), a readout of the value under the pointer (hover, tap or the arrow keys),
// and downloads as SVG and CSV.

const SVG = 'http://www.w3.org/2000/svg';
const W = 900, H = 320, LEFT = 48, RIGHT = 12, TOP = 14, BOTTOM = 40;

function el(name, attributes = {}, text = '') {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attributes)) e.setAttribute(k, String(v));
  if (text) e.textContent = text;
  return e;
}

/** A round step for axis ticks: about `count` ticks between 0 and `max`. */
function step(max, count) {
  const raw = Math.max(1, max / count);
  const p = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * p).find((s) => s >= raw);
}

/**
 * Draws `values` into `box`, value k at x = first + k. Options: `title`, `x` and `y` (axis
 * names), `first` (the x of the first value, 0 unless given), `marked` (a Set of indices drawn
 * in the second colour, called `markedName` in the readout), `line` ({ at, label }: a vertical line at index `at`), `file` (the
 * downloads' name without extension), `columns` (the CSV header, two names).
 */
export function drawChart(box, values, options) {
  const n = values.length;
  const first = options.first ?? 0;
  const maxX = Math.max(1, n - 1);
  const maxY = values.reduce((m, v) => Math.max(m, v), 1);
  const sx = (i) => LEFT + (i / maxX) * (W - LEFT - RIGHT);
  const sy = (v) => H - BOTTOM - (v / maxY) * (H - TOP - BOTTOM);
  const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': options.title, class: 'chart-svg' });
  svg.append(el('title', {}, options.title));
  svg.append(el('rect', { x: 0, y: 0, width: W, height: H, fill: '#fff' }));
  const axes = el('g', { class: 'axes', 'font-size': 11, fill: '#57606a' });
  for (let x = 0; x <= maxX; x += step(maxX, 10)) {
    axes.append(el('line', { x1: sx(x), x2: sx(x), y1: TOP, y2: H - BOTTOM, stroke: '#eaeef2' }));
    axes.append(el('text', { x: sx(x), y: H - BOTTOM + 14, 'text-anchor': 'middle' }, String(first + x)));
  }
  for (let y = 0; y <= maxY; y += step(maxY, 6)) {
    axes.append(el('line', { x1: LEFT, x2: W - RIGHT, y1: sy(y), y2: sy(y), stroke: '#eaeef2' }));
    axes.append(el('text', { x: LEFT - 6, y: sy(y) + 4, 'text-anchor': 'end' }, String(y)));
  }
  axes.append(el('text', { x: (LEFT + W - RIGHT) / 2, y: H - 6, 'text-anchor': 'middle' }, options.x));
  axes.append(el('text', { x: 12, y: (TOP + H - BOTTOM) / 2, 'text-anchor': 'middle', transform: `rotate(-90 12 ${(TOP + H - BOTTOM) / 2})` }, options.y));
  svg.append(axes);
  if (options.line) {
    const x = sx(options.line.at);
    svg.append(el('line', { x1: x, x2: x, y1: TOP, y2: H - BOTTOM, stroke: '#0b5cad', 'stroke-dasharray': '4 3', class: 'chart-line' }));
    svg.append(el('text', { x: x + 4, y: TOP + 10, 'font-size': 11, fill: '#0b5cad' }, options.line.label));
  }
  // One path per colour: a short horizontal tick at each value (a dot when they are wide).
  const tick = Math.max(1.5, Math.min(8, (W - LEFT - RIGHT) / n));
  const paths = { plain: [], marked: [] };
  values.forEach((v, i) => {
    paths[options.marked?.has(i) ? 'marked' : 'plain'].push(`M${(sx(i) - tick / 2).toFixed(2)} ${sy(v).toFixed(2)}h${tick.toFixed(2)}`);
  });
  svg.append(el('path', { d: paths.plain.join(''), stroke: '#1f5fa8', 'stroke-width': 3, class: 'chart-points' }));
  svg.append(el('path', { d: paths.marked.join(''), stroke: '#d4570b', 'stroke-width': 3, class: 'chart-marked' }));
  const cursor = el('line', { y1: TOP, y2: H - BOTTOM, stroke: '#d4570b', visibility: 'hidden' });
  svg.append(cursor);

  const readout = document.createElement('p');
  readout.className = 'chart-readout';
  readout.dataset.testid = 'chart-readout';
  readout.setAttribute('aria-live', 'polite');
  let at = null;
  const show = (i) => {
    at = Math.max(0, Math.min(n - 1, i));
    cursor.setAttribute('x1', sx(at));
    cursor.setAttribute('x2', sx(at));
    cursor.setAttribute('visibility', 'visible');
    readout.dataset.index = String(at);
    readout.textContent = `${options.x} ${first + at}: ${options.y} = ${values[at]}${options.marked?.has(at) ? ` (${options.markedName})` : ''}`;
  };
  const fromPointer = (e) => {
    const r = svg.getBoundingClientRect();
    const x = ((e.clientX - r.left) / r.width) * W;
    show(Math.round(((x - LEFT) / (W - LEFT - RIGHT)) * maxX));
  };
  svg.addEventListener('pointermove', fromPointer);
  svg.addEventListener('pointerdown', fromPointer);
  svg.tabIndex = 0;
  svg.addEventListener('keydown', (e) => {
    const moves = { ArrowRight: 1, ArrowLeft: -1, PageUp: 10, PageDown: -10, Home: -Infinity, End: Infinity };
    if (!(e.key in moves)) return;
    e.preventDefault();
    show(Math.max(0, Math.min(n - 1, (at ?? 0) + moves[e.key])));
  });
  readout.textContent = `Point at the chart (or focus it and use the arrow keys) to read a value.`;

  const links = document.createElement('p');
  links.className = 'chart-downloads';
  const download = (label, type, text, ext, testid) => {
    const a = document.createElement('a');
    a.textContent = label;
    a.download = `${options.file}.${ext}`;
    a.href = URL.createObjectURL(new Blob([text], { type }));
    a.dataset.testid = testid;
    return a;
  };
  const svgText = new XMLSerializer().serializeToString(svg);
  const csv = `${options.columns.join(',')}\n${values.map((v, i) => `${first + i},${v}`).join('\n')}\n`;
  for (const old of box.querySelectorAll('a[href^="blob:"]')) URL.revokeObjectURL(old.href);
  links.append('Download: ', download('SVG', 'image/svg+xml', svgText, 'svg', 'chart-svg'), ' · ',
    download('CSV', 'text/csv', csv, 'csv', 'chart-csv'));
  box.replaceChildren(svg, readout, links);
}
