// The game page's analysis panel: the evaluation bar, the score and the best line of the
// position shown, asked of the server when the position changes. Always open on finished
// games; at one screen, on demand.

import * as api from './api.js';
import { $, errorText } from './dom.js';
import { shownPly } from './play-page.js';

/** @typedef {import('./play-page.js').PlayPage} PlayPage */

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
    // The state may have changed meanwhile: what it says now.
    const now = page.state;
    $('#eval-text').textContent = now.result && ply === now.ply ? now.result.text : 'The game is over here.';
    box.dataset.ply = String(ply);
    return;
  }
  $('#eval-fill').style.width = `${(a.bar * 100).toFixed(1)}%`;
  $('#eval-text').textContent = `${a.text} (depth ${a.depth})`;
  $('#eval-exact').textContent = a.exact ? `Exact value for the side to move: ${a.exact}` : '';
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
