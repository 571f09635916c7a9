// The pages work under the server's Content-Security-Policy (no inline script or style):
// no violation on the start page, a game page played by clicks, and a rules page; same-origin
// requests (creating a game, moving) pass the server's origin checks.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import {
  serverAndBrowser, newPage, startFromPage, waitMyTurn, waitPly, clickSquare, policyViolations, SHOTS,
} from './helpers.js';

const env = serverAndBrowser();

test('every page carries the security headers and breaks none of its policy', async () => {
  const page = await newPage(env.browser);
  const response = await page.goto(env.server.url + '/');
  const headers = response.headers();
  assert.match(headers['content-security-policy'], /default-src 'self'/);
  assert.doesNotMatch(headers['content-security-policy'], /unsafe-inline/);
  assert.equal(headers['x-content-type-options'], 'nosniff');
  assert.equal(headers['x-frame-options'], 'DENY');
  await page.waitForSelector('body[data-ready=yes]');
  await page.click('.card[data-game="parity"]');
  assert.deepEqual(await policyViolations(page), [], 'start page');
  await page.screenshot({ path: join(SHOTS, 'csp-start.png'), fullPage: true });

  // A game at one screen, started from the page (a same-origin POST) and played by clicks.
  await startFromPage(page, env.server.url, 'obsidian', { opponent: 'local' });
  await waitMyTurn(page);
  await clickSquare(page, 'e2');
  await clickSquare(page, 'e4');
  await waitPly(page, 1);
  assert.deepEqual(await policyViolations(page), [], 'game page');
  await page.screenshot({ path: join(SHOTS, 'csp-game.png') });

  await page.goto(env.server.url + '/rules/daisy');
  await page.waitForSelector('#rules-text table');
  assert.deepEqual(await policyViolations(page), [], 'rules page');
  await page.screenshot({ path: join(SHOTS, 'csp-rules.png') });

  // The control: an inline style is refused and seen, so the checks above could fail.
  await page.evaluate(() => document.body.setAttribute('style', 'color: red'));
  await page.waitForFunction(() => window.__policyViolations.length > 0, null, { timeout: 60000 });
  assert.match((await policyViolations(page))[0], /style-src/);
});

test('a page of another origin cannot change a game', async () => {
  const stored = async () => (await (await fetch(env.server.url + '/api/health')).json()).games_stored;
  const page = await newPage(env.browser);
  await page.goto(env.server.url + '/');
  const before = await stored();
  // From this server's own page: created.
  const own = await page.evaluate(async () => (await fetch('/api/games', {
    method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ game: 'sprint', opponent: 'local' }),
  })).status);
  assert.equal(own, 201);
  assert.equal(await stored(), before + 1);
  // From a page of no origin of this server's (about:blank): whether the browser sends it
  // (the server then refuses it) or not, no game comes of it.
  const other = await newPage(env.browser);
  const sent = await other.evaluate(async (url) => {
    try {
      const r = await fetch(url + '/api/games', {
        method: 'POST', headers: { 'Content-Type': 'text/plain' }, mode: 'no-cors',
        body: JSON.stringify({ game: 'sprint', opponent: 'local' }),
      });
      return r.type;
    } catch (e) { return `failed: ${e.message}`; }
  }, env.server.url);
  assert.ok(sent === 'opaque' || sent.startsWith('failed'), sent);
  assert.equal(await stored(), before + 1);
});
