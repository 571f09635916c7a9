// The puzzle page: a position where exactly one move wins; the player picks a move on the
// board, the server says whether it was the one, and (signed in) how the puzzle rating moved.

import * as api from './api.js';
import { drawBoard } from './board.js';
import { $, $of, errorText } from './dom.js';
import { Picker } from './moves.js';
import { setupAccount } from './account.js';

/** @typedef {import('./types.js').Puzzle} Puzzle */
/** @typedef {import('./types.js').Card} Card */

/**
 * What the page knows: the games' cards, the puzzle shown, the move being picked, and
 * whether the puzzle is answered.
 * @type {{ cards: Record<string, Card>, puzzle: Puzzle | null, picker: Picker, answered: boolean }}
 */
const page = { cards: {}, puzzle: null, picker: new Picker([]), answered: false };

/** Draws the board with the pick in progress. */
function render() {
  const { puzzle, picker } = page;
  if (!puzzle) return;
  const card = page.cards[puzzle.game];
  if (!card) return;
  drawBoard($of('#board', SVGSVGElement), puzzle.view, {
    look: card.look,
    flipped: puzzle.to_move === 2,
    selected: picker.from,
    steps: picker.steps,
    targets: picker.active ? picker.targets() : undefined,
  });
  document.body.dataset.answered = page.answered ? 'yes' : 'no';
}

/** @param {string} text @param {'good' | 'bad' | ''} kind */
function result(text, kind) {
  const box = $('#puzzle-result');
  box.textContent = text;
  box.classList.toggle('error', kind === 'bad');
  box.classList.toggle('good', kind === 'good');
}

/** Sends the move picked and says how it went. @param {string} move */
async function answer(move) {
  const puzzle = page.puzzle;
  if (!puzzle || page.answered) return;
  page.answered = true;
  try {
    const said = await api.answerPuzzle(puzzle.id, move);
    if (said.correct) {
      result(`Solved: ${move} wins (${said.theme}).`, 'good');
    } else {
      result(`Not this one: ${move} lets the win slip. The winning move was ${said.solution}.`, 'bad');
    }
    if (said.rating) {
      const change = said.change ?? 0;
      $('#puzzle-rating').textContent = `Your puzzle rating: ${Math.round(said.rating.rating)}${said.rating.provisional ? '?' : ''} (${change >= 0 ? '+' : ''}${change.toFixed(1)}).`;
    }
    document.body.dataset.correct = said.correct ? 'yes' : 'no';
  } catch (e) {
    page.answered = false;
    result(errorText(e), 'bad');
  }
  page.picker.clear();
  render();
}

/** A click on a square: pick a piece, or land it. @param {MouseEvent} event */
function onClick(event) {
  if (page.answered || !(event.target instanceof Element)) return;
  const hit = event.target.closest('[data-sq]');
  const sq = hit instanceof SVGElement || hit instanceof HTMLElement ? hit.dataset.sq : undefined;
  if (!sq) return;
  const { picker } = page;
  if (picker.active) {
    const done = picker.click(sq);
    if (done && done !== 'more') {
      answer(done);
      return;
    }
    if (done === null) {
      if (picker.canPickSquare(sq)) picker.pickSquare(sq);
      else picker.clear();
    }
  } else if (picker.canPickSquare(sq)) {
    picker.pickSquare(sq);
  }
  render();
}

/** Loads a puzzle of the game chosen. */
async function next() {
  const game = $of('#puzzle-game', HTMLSelectElement).value;
  try {
    const puzzle = await api.nextPuzzle(game);
    page.puzzle = puzzle;
    page.picker = new Picker(puzzle.legal_moves);
    page.answered = false;
    delete document.body.dataset.correct;
    const card = page.cards[puzzle.game];
    const side = card ? card.names[puzzle.to_move] : `Player ${puzzle.to_move}`;
    $('#puzzle-title').textContent = `${puzzle.title} puzzle`;
    $('#puzzle-task').textContent = `${side} to move: find the one move that wins (${puzzle.theme}).`;
    $('#puzzle-info').textContent = `Puzzle rating ${puzzle.rating}; solved ${puzzle.solved} of ${puzzle.attempts} times.`;
    result('', '');
    document.body.dataset.puzzle = puzzle.id;
    render();
    // On a phone the Next button is below the board: bring the new position into view.
    const board = $of('#board', SVGSVGElement).getBoundingClientRect();
    if (board.top < 0) window.scrollBy({ top: board.top - 8 });
  } catch (e) {
    result(errorText(e), 'bad');
  }
}

async function main() {
  await setupAccount();
  const cards = await api.catalog();
  for (const card of cards) page.cards[card.id] = card;
  const select = $of('#puzzle-game', HTMLSelectElement);
  // The games the server has puzzles of, as it says.
  const { games } = await api.puzzleGames();
  for (const { game, count } of games) {
    const card = page.cards[game];
    if (!card) continue;
    const option = document.createElement('option');
    option.value = game;
    option.textContent = `${card.title} (${count})`;
    select.append(option);
  }
  const wanted = new URLSearchParams(location.search).get('game');
  if (wanted) select.value = wanted;
  select.addEventListener('change', next);
  $('#puzzle-next').addEventListener('click', next);
  $of('#board', SVGSVGElement).addEventListener('click', onClick);
  await next();
  document.body.dataset.ready = 'yes';
}

main();
