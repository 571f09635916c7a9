// The game page's analysis panel: the evaluation bar, the score and the best line of the
// position shown, asked of the server when the position changes. Always open on finished
// games; at one screen, on demand.

import * as api from './api.js';
import { $, errorText } from './dom.js';
import { shownPly } from './play-page.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

/** @param {string} text @returns {string} */
const capitalized = (text) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * Whether the analysis is shown: always for finished games, on demand at one screen.
 * @param {PlayPage} page
 * @returns {boolean}
 */
function analysisOpen(page) {
  return !!page.state.result || (page.state.mode === 'local' && page.analysis.asked);
}

/**
 * Shows the analysis of the position on the board, asking the server when it changes.
 * @param {PlayPage} page
 */
export async function renderAnalysis(page) {
  const state = page.state;
  const open = analysisOpen(page);
  const button = $('#analyse');
  button.hidden = state.mode !== 'local' || !!state.result;
  button.textContent = page.analysis.asked ? 'Hide analysis' : 'Analyse';
  const box = $('#analysis');
  box.hidden = !open;
  if (!open) return;
  const ply = shownPly(page);
  if (ply === page.analysis.ply) return;
  page.analysis.ply = ply;
  box.dataset.ply = '';
  $('#eval-text').textContent = 'analysing\u2026';
  $('#eval-exact').textContent = '';
  $('#eval-line').textContent = '';
  let answer;
  try {
    answer = await api.analysis(page.id, ply);
  } catch (e) {
    $('#eval-text').textContent = errorText(e);
    return;
  }
  if (answer.ply !== shownPly(page)) return; // the board moved on meanwhile
  const a = answer.analysis;
  if (!a) {
    // The game is over here: the bar shows its result (the state may have changed
    // meanwhile: what it says now).
    const now = page.state;
    const over = now.result && ply === now.ply ? now.result : null;
    const share = over ? { '1-0': 1, '0-1': 0 }[over.score] ?? 0.5 : null;
    if (share !== null) $('#eval-fill').style.width = `${share * 100}%`;
    $('#eval-text').textContent = over ? over.text : 'The game is over here.';
    box.dataset.ply = String(ply);
    return;
  }
  $('#eval-fill').style.width = `${(a.bar * 100).toFixed(1)}%`;
  // An exact value is the answer; the search's estimate is said apart, as an estimate.
  if (a.exact_text) {
    $('#eval-text').textContent = `${capitalized(a.exact_text)} (exact).`;
    $('#eval-exact').textContent = `The search's estimate (depth ${a.depth}): ${a.text}.`;
  } else {
    $('#eval-text').textContent = `${capitalized(a.text)} (the search's estimate, depth ${a.depth}).`;
    $('#eval-exact').textContent = '';
  }
  $('#eval-line').textContent = a.line.length ? `Best line: ${a.line.join(' ')}` : '';
  box.dataset.ply = String(ply);
}

/**
 * The button that shows or hides the analysis at one screen.
 * @param {PlayPage} page
 */
export function attachAnalysis(page) {
  $('#analyse').addEventListener('click', () => {
    page.analysis.asked = !page.analysis.asked;
    page.analysis.ply = null;
    page.render();
  });
}
