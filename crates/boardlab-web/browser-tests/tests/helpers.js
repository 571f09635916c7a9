// Shared helpers: start the server on a free loopback port, launch headless Chromium,
// and act on the board by real mouse clicks.

import { before, after } from 'node:test';
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
/** Where screenshots go (run.sh sets SCREENSHOT_DIR; default browser-tests/out). */
export const SHOTS = resolve(process.env.SCREENSHOT_DIR || join(here, '..', 'out'));
mkdirSync(SHOTS, { recursive: true });

/**
 * Starts the server binary, on a free port with a fresh database unless `addr` and `db` say
 * otherwise (to start it again where it was) and with `args` besides; resolves to { url, db, stop }.
 */
export async function startServer({ addr = '127.0.0.1:0', db = null, args = [] } = {}) {
  const bin = process.env.BOARDLAB_WEB_BIN;
  if (!bin) throw new Error('set BOARDLAB_WEB_BIN to the boardlab-web binary (run.sh does)');
  db = db || freshDatabase();
  // The tests start many games from one address: past the default games-per-minute.
  const child = spawn(bin, ['--addr', addr, '--db', db, '--games-per-minute', '100000', ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((ok, fail) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/http:\/\/127\.0\.0\.1:\d+/);
      if (m) ok(m[0]);
    });
    child.on('exit', (code) => fail(new Error(`server exited early (${code})`)));
    // Unreferenced: a pending timer would keep the test file's process alive for its
    // whole minute after the tests ended.
    setTimeout(() => fail(new Error('server did not start in 60 s')), 60000).unref();
  });
  const exited = new Promise((ok) => child.on('exit', ok));
  return { url, db, stop: () => child.kill('SIGTERM'), exited };
}

let databases = 0;

/**
 * A fresh database for a server: an SQLite file in a new temporary folder, or, where
 * BOARDLAB_BROWSER_POSTGRES names a PostgreSQL server's URL (scripts/browser-tests-postgres.sh),
 * a new database made on it with psql (the URL's own database is where it is made from).
 */
function freshDatabase() {
  const server = process.env.BOARDLAB_BROWSER_POSTGRES;
  if (!server) return join(mkdtempSync(join(tmpdir(), 'boardlab-web-')), 'games.sqlite');
  const name = `boardlab_browser_${process.pid}_${databases++}`;
  const made = spawnSync('psql', [server, '-q', '-c', `CREATE DATABASE "${name}"`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`cannot make database ${name}: ${made.stderr}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Launches Debian's Chromium headless with the flags this machine needs. Playwright gives
 * every launch a fresh, empty --user-data-dir of its own (it refuses one passed in args).
 */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/**
 * Starts a server and a browser before the calling file's tests and stops both after them.
 * The returned object's `server` and `browser` are set by the time the tests run.
 */
export function serverAndBrowser() {
  const env = { server: null, browser: null };
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    env.server?.stop();
  });
  return env;
}

/** A new page with a fixed window size. */
export async function newPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1180, height: 860 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await watchPolicy(page);
  return page;
}

/**
 * The middle of a board square in the window. The page draws its board again on every message
 * from the server, so a square found a moment ago may be gone when its box is read: this looks
 * again until the square has a box, for up to `timeout` milliseconds.
 */
export async function squareCentre(page, sq, timeout = 10000) {
  const square = page.locator(`#board .square[data-sq="${sq}"] rect`).first();
  const end = Date.now() + timeout;
  for (;;) {
    const left = end - Date.now();
    const box = left > 0 ? await square.boundingBox({ timeout: left }).catch(() => null) : null;
    if (box) return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    if (Date.now() >= end) throw new Error(`square ${sq} is not on the board after ${timeout} ms`);
    await page.waitForTimeout(50);
  }
}

/** Clicks the middle of a board square with the mouse. */
export async function clickSquare(page, sq) {
  const { x, y } = await squareCentre(page, sq);
  await page.mouse.click(x, y);
}

/** Waits until the page shows a game with at least `ply` moves. */
export async function waitPly(page, ply, timeout = 30000) {
  await page.waitForFunction((n) => Number(document.body.dataset.ply) >= n, ply, { timeout });
  return Number(await page.evaluate(() => document.body.dataset.ply));
}

/** Waits until the page lets this player move. */
export async function waitMyTurn(page, timeout = 30000) {
  await page.waitForFunction(() => document.body.dataset.canMove === 'yes', null, { timeout });
}

/** The game's state, as the server sends it. */
export async function gameState(page) {
  return page.evaluate(async () => {
    const id = location.pathname.split('/')[2];
    return (await fetch(`/api/games/${id}`)).json();
  });
}

/**
 * Plays a move text by clicks: the piece (or the reserve piece of the side to move: a drop's
 * text names the piece in capitals for either side), then each landing square.
 */
export async function playByClicks(page, move) {
  const squares = move.match(/[a-p](1[0-6]|[1-9])/g);
  if (move[1] === '@') {
    const { view } = await gameState(page);
    const letter = view.to_move === 2 ? move[0].toLowerCase() : move[0];
    await page.click(`.reserve-piece[data-drop="${letter}"]`);
    await clickSquare(page, squares[0]);
  } else {
    for (const sq of squares) await clickSquare(page, sq);
  }
  // A move that lets the opponent win at once asks first (in_game.test.js tests the
  // question): the tests that play given moves play them anyway.
  if (await page.isVisible('#risk')) await page.click('#risk-play');
}

/** Starts a game from the start page: card, opponent, side, and (where drawn) who is first. */
export async function startFromPage(page, url, game, { opponent = 'bot', side = '1', first = '1' } = {}) {
  await page.goto(url + '/');
  await page.waitForSelector('body[data-ready=yes]');
  await page.click(`.card[data-game="${game}"]`);
  await page.check(`input[name=opponent][value=${opponent}]`);
  if (opponent !== 'local') await page.selectOption('#side', side);
  if (await page.isVisible('#first-row')) await page.selectOption('#first', first);
  await Promise.all([page.waitForURL(/\/g\//), page.click('#start')]);
  await page.waitForSelector('body[data-ready=yes]');
}

/**
 * Records every Content-Security-Policy violation of the page's documents in
 * `window.__policyViolations` (read by `policyViolations`), and reports each on the console.
 */
export async function watchPolicy(page) {
  await page.addInitScript(() => {
    window.__policyViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__policyViolations.push(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile || location.pathname}:${e.lineNumber}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.error('policy:', message.text());
  });
}

/** The Content-Security-Policy violations the page's current document has seen. */
export async function policyViolations(page) {
  return page.evaluate(() => window.__policyViolations || ['the violation listener is missing']);
}

/**
 * A new browser (its own context) of `viewport` on `env`'s server, whose page errors are
 * reported and whose policy violations are recorded; with `recordNotifications`, the
 * Notification API is allowed and each notice is kept in `window.__notices`.
 */
export async function browserPage(env, viewport, { recordNotifications = false } = {}) {
  const context = await env.browser.newContext({ viewport });
  if (recordNotifications) {
    await context.addInitScript(() => {
      window.__notices = [];
      class RecordedNotification {
        static permission = 'granted';
        static requestPermission() { return Promise.resolve('granted'); }
        constructor(title, options) { window.__notices.push({ title, tag: options && options.tag }); }
      }
      window.Notification = RecordedNotification;
    });
  }
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await watchPolicy(page);
  return page;
}

/** Makes the account `name` (password `NAME password`) through the start page's header. */
export async function signUpOnPage(env, page, name) {
  await page.goto(env.server.url + '/');
  await page.waitForSelector('body[data-ready=yes]');
  await page.click('#sign-in');
  await page.fill('#account-name', name);
  await page.fill('#account-password', `${name} password`);
  await page.click('#account-sign-up');
  await page.waitForSelector(`.account-name:text("${name}")`);
  await page.waitForSelector('#seek-form:not([hidden])');
}

/** The two window sizes the regression tests of issue 37 run at: a laptop's and a phone's. */
export const SIZES = [
  { width: 1366, height: 768, tag: 'laptop' },
  { width: 390, height: 844, tag: 'phone' },
];

/**
 * A page in a fresh context of this window size (and options such as the colour scheme or
 * permissions), watched for page errors and policy violations.
 * @param {{ browser: import('playwright-core').Browser }} env
 * @param {{ width: number, height: number }} size
 * @param {object} [options]
 */
export async function pageAt(env, size, options = {}) {
  const context = await env.browser.newContext({ viewport: { width: size.width, height: size.height }, ...options });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await watchPolicy(page);
  return page;
}

/**
 * Makes a game through the API from the site's own page and opens its link; the answer of
 * `POST /api/games`.
 */
export async function openNewGame(env, page, request) {
  await page.goto(env.server.url + '/');
  await page.waitForSelector('body[data-ready=yes]');
  const created = await page.evaluate(async (body) => {
    const r = await fetch('/api/games', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return r.json();
  }, request);
  await page.goto(env.server.url + created.links.play);
  await page.waitForSelector('body[data-ready=yes]');
  return created;
}
