// Small helpers the tabs share.
export const $ = (id) => document.getElementById(id);

/** An element from HTML text (the tabs' controls). */
export function control(html) {
  const t = document.createElement('template');
  t.innerHTML = html.trim();
  return t.content.firstChild;
}

/** Calls a library function that answers in JSON text. */
export const call = (f, ...args) => JSON.parse(f(...args));

/** The text of an error thrown by the library (a string) or by the browser (an Error). */
export const errorText = (e) => String((e && e.message) || e);
