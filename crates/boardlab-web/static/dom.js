// The pages' elements, found by selector with their type: a missing one is the page's own
// bug, said at once.

/**
 * The element `sel` finds, as an HTML element.
 * @param {string} sel
 * @returns {HTMLElement}
 */
export function $(sel) {
  return $of(sel, HTMLElement);
}

/**
 * The element `sel` finds, of the class `type` (an input, a select, the board's SVG …).
 * @template {Element} T
 * @param {string} sel
 * @param {{ new (...args: any[]): T }} type
 * @returns {T}
 */
export function $of(sel, type) {
  const found = document.querySelector(sel);
  if (!(found instanceof type)) throw new Error(`the page has no ${type.name} ${sel}`);
  return found;
}

/**
 * The message of an error caught, in words.
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  // fetch's own rejection ("Failed to fetch"): the request never reached the server.
  if (error instanceof TypeError && /fetch|network/i.test(error.message)) {
    return 'The server could not be reached: check the connection and try again.';
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * A rule option's name as people read it: `no_progress_plies` → `No progress plies` (the
 * name itself stays the inputs' name and the rules' key).
 * @param {string} name
 * @returns {string}
 */
export function optionLabel(name) {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
