// Regression tests of what a new player hit (issue 37, point 7), each at a laptop's window
// (1366x768) and a phone's (390x844): the right and middle buttons play nothing, the site's
// icon, labels without nested brackets, no take-back before a move, stale errors cleared and
// worded for people, rule options by name, links readable in dark mode, a styled not-found
// page, and a move list that never scrolls the window.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, clickSquare, squareCentre, waitPly, waitMyTurn, gameState, startFromPage, SHOTS, SIZES, pageAt as newPageAt } from './helpers.js';

const env = serverAndBrowser();

const pageAt = (size, options = {}) => newPageAt(env, size, options);

const shot = (page, name, size) => page.screenshot({ path: join(SHOTS, `new_player-${name}-${size.tag}.png`), fullPage: true });

/** The first legal move that leaves a square (not a drop), as the server has it. */
async function firstMove(page) {
  const { legal_moves: moves } = await gameState(page);
  const move = moves.find((m) => m.from !== null);
  assert.ok(move, 'a move from a square');
  return move;
}

/** Plays a legal move by left clicks. */
async function playMove(page, move) {
  await clickSquare(page, move.from);
  for (const sq of move.path) await clickSquare(page, sq);
}

for (const size of SIZES) {
  test(`${size.tag}: right and middle buttons neither pick nor move`, async () => {
    const page = await pageAt(size);
    await startFromPage(page, env.server.url, 'sprint', { opponent: 'local' });
    await waitMyTurn(page);
    const move = await firstMove(page);
    const from = await squareCentre(page, move.from);
    const to = await squareCentre(page, move.path[move.path.length - 1]);
    for (const button of ['right', 'middle']) {
      // A drag from the piece to its legal square.
      await page.mouse.move(from.x, from.y);
      await page.mouse.down({ button });
      await page.mouse.move(to.x, to.y, { steps: 5 });
      await page.mouse.up({ button });
      // Clicks on the piece and then on the square.
      await page.mouse.click(from.x, from.y, { button });
      for (const sq of move.path) {
        const at = await squareCentre(page, sq);
        await page.mouse.click(at.x, at.y, { button });
      }
      await page.keyboard.press('Escape');
    }
    await page.waitForTimeout(500);
    assert.equal(await page.evaluate(() => document.body.dataset.ply), '0', 'no move was played');
    assert.equal((await gameState(page)).ply, 0, 'the server has no move');
    assert.equal(await page.locator('#board .selected').count(), 0, 'nothing is picked');
    await shot(page, 'buttons', size);
    // The primary button still plays.
    await playMove(page, move);
    assert.equal(await waitPly(page, 1), 1);
    await page.context().close();
  });

  test(`${size.tag}: the site has an icon, and the pages load without a failed resource`, async () => {
    const page = await pageAt(size);
    const icon = await page.request.get(`${env.server.url}/favicon.ico`);
    assert.equal(icon.status(), 200);
    assert.match(icon.headers()['content-type'], /^image\/svg\+xml/);
    const svg = await page.request.get(`${env.server.url}/static/favicon.svg`);
    assert.equal(svg.status(), 200);
    assert.match(svg.headers()['content-type'], /^image\/svg\+xml/);
    assert.match(await svg.text(), /<svg/);
    const failed = [];
    page.on('requestfailed', (r) => failed.push(`${r.url()} failed: ${r.failure()?.errorText}`));
    page.on('response', (r) => { if (r.status() >= 400) failed.push(`${r.url()} answered ${r.status()}`); });
    page.on('console', (m) => { if (m.type() === 'error') failed.push(`console: ${m.text()}`); });
    for (const path of ['/', '/rules/sprint', '/puzzles']) {
      await page.goto(env.server.url + path);
      await page.waitForLoadState('networkidle');
      assert.equal(await page.getAttribute('link[rel=icon]', 'href'), '/static/favicon.svg', path);
    }
    await startFromPage(page, env.server.url, 'sprint', { opponent: 'local' });
    await page.waitForLoadState('networkidle').catch(() => {}); // the live events stay open
    assert.equal(await page.getAttribute('link[rel=icon]', 'href'), '/static/favicon.svg', 'the game page');
    // The browser's own request for the icon, as a tab asks for it.
    await page.evaluate(async () => { await fetch('/favicon.ico'); });
    await shot(page, 'icon', size);
    assert.deepEqual(failed, []);
    await page.context().close();
  });

  test(`${size.tag}: who plays a side is said without nested brackets`, async () => {
    const page = await pageAt(size);
    await startFromPage(page, env.server.url, 'sprint', { opponent: 'bot', side: '2' });
    await waitPly(page, 1);
    await waitMyTurn(page);
    const own = await page.textContent('#turn');
    assert.match(own, /\u2014 you\b/, own);
    // A watcher sees the bot's label; the bot's turn is said after this page's move.
    const id = new URL(page.url()).pathname.split('/')[2];
    const watcher = await pageAt(size);
    // Every text the turn line shows (the bot's turn passes quickly).
    await watcher.addInitScript(() => {
      window.__turns = [];
      new MutationObserver(() => {
        const turn = document.querySelector('#turn');
        if (turn?.textContent) window.__turns.push(turn.textContent);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await watcher.goto(`${env.server.url}/g/${id}`);
    await watcher.waitForSelector('body[data-ready=yes]');
    await playMove(page, await firstMove(page));
    await waitPly(page, 2);
    const texts = [];
    for (const p of [page, watcher]) {
      texts.push(await p.evaluate(() => document.body.innerText));
      texts.push(...await p.$$eval('[aria-label], [title]', (els) => els.flatMap((e) => [e.getAttribute('aria-label') || '', e.getAttribute('title') || ''])));
    }
    texts.push(...await watcher.evaluate(() => window.__turns));
    const nested = texts.filter((t) => /\(\(|\)\s*\(|\([^()]*\(/.test(t));
    assert.deepEqual(nested, [], 'labels with nested or doubled brackets');
    const seenBot = texts.some((t) => /bot, level \d+|bot, perfect/.test(t));
    assert.ok(seenBot, 'the bot is named: ' + texts.join(' | ').slice(0, 2000));
    await shot(page, 'labels', size);
    await shot(watcher, 'labels-watcher', size);
    await watcher.context().close();
    await page.context().close();
  });

  test(`${size.tag}: take back is not offered before a move of one's own`, async () => {
    const page = await pageAt(size);
    await startFromPage(page, env.server.url, 'sprint', { opponent: 'local' });
    await waitMyTurn(page);
    const offered = () => page.evaluate(() => {
      const b = /** @type {HTMLButtonElement} */ (document.querySelector('#takeback'));
      return !b.hidden && !b.disabled && b.offsetParent !== null;
    });
    assert.equal(await offered(), false, 'at ply 0');
    await shot(page, 'takeback-ply0', size);
    await playMove(page, await firstMove(page));
    await waitPly(page, 1);
    await waitMyTurn(page);
    assert.equal(await offered(), true, 'after a move');
    await page.context().close();

    // Against the bot, playing second: its first move is not the player's to take back.
    const second = await pageAt(size);
    await startFromPage(second, env.server.url, 'sprint', { opponent: 'bot', side: '2' });
    await waitPly(second, 1);
    await waitMyTurn(second);
    assert.equal(await second.evaluate(() => {
      const b = /** @type {HTMLButtonElement} */ (document.querySelector('#takeback'));
      return !b.hidden && !b.disabled && b.offsetParent !== null;
    }), false, 'before the player moved');
    await shot(second, 'takeback-second', size);
    await second.context().close();
  });

  test(`${size.tag}: an error goes when a move makes it stale, and speaks of sides`, async () => {
    // Two windows on one game at one screen: B's move fails to reach the server, then A's
    // move arrives at B.
    const a = await pageAt(size);
    await startFromPage(a, env.server.url, 'sprint', { opponent: 'local' });
    await waitMyTurn(a);
    const b = await pageAt(size);
    await b.goto(a.url());
    await b.waitForSelector('body[data-ready=yes]');
    await waitMyTurn(b);
    const move = await firstMove(b);
    await b.route('**/api/games/*/moves', (route) => route.abort('internetdisconnected'));
    await playMove(b, move);
    await b.waitForFunction(() => document.querySelector('#message')?.classList.contains('error'));
    const said = await b.textContent('#message');
    assert.doesNotMatch(said, /Failed to fetch/, said);
    assert.match(said, /could not be reached/, said);
    await shot(b, 'error-shown', size);
    await b.unroute('**/api/games/*/moves');
    await playMove(a, move);
    await waitPly(b, 1);
    await b.waitForFunction(() => document.querySelector('#message')?.textContent === '', null, { timeout: 5000 });
    assert.equal(await b.evaluate(() => document.querySelector('#message')?.classList.contains('error')), false);
    await shot(b, 'error-gone', size);

    // The server's refusal of a move out of turn names the sides, not seats.
    const refusal = await b.evaluate(async () => {
      const id = location.pathname.split('/')[2];
      const token = new URLSearchParams(location.hash.slice(1)).get('1');
      const answer = await fetch(`/api/games/${id}/moves`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ seat: 1, token, move: 'a1a2' }),
      });
      return { status: answer.status, body: await answer.json() };
    });
    assert.equal(refusal.status, 409, JSON.stringify(refusal));
    assert.doesNotMatch(refusal.body.error, /seat \d/, refusal.body.error);
    assert.match(refusal.body.error, /^It is .+'s turn/, refusal.body.error);
    await a.context().close();
    await b.context().close();
  });

  test(`${size.tag}: rule options are named in words, not as code`, async () => {
    const page = await pageAt(size);
    await page.goto(env.server.url + '/');
    await page.waitForSelector('body[data-ready=yes]');
    for (const game of ['obsidian', 'sprint', 'parity', 'daisy']) {
      await page.click(`.card[data-game="${game}"]`);
      const text = await page.locator('#rules').innerText();
      assert.doesNotMatch(text, /_/, `${game}: ${text}`);
      assert.equal(await page.locator('#rules code').count(), 0, game);
    }
    // The inputs keep the options' keys.
    await page.click('.card[data-game="obsidian"]');
    assert.equal(await page.locator('#rules input[name=no_progress_plies]').count(), 1);
    assert.match(await page.locator('#rules').innerText(), /No progress plies/);
    await page.locator('#rules').scrollIntoViewIfNeeded();
    await shot(page, 'options', size);
    for (const game of ['obsidian', 'sprint']) {
      await page.goto(`${env.server.url}/rules/${game}`);
      await page.waitForLoadState('networkidle');
      const text = await page.locator('main').innerText();
      assert.doesNotMatch(text, /\b[a-z]+_[a-z_]+\b/, `${game}'s rules page: an option key shown`);
    }
    await shot(page, 'rules-page', size);
    await page.context().close();
  });

  test(`${size.tag}: links in dark mode reach AA contrast`, async () => {
    const page = await pageAt(size, { colorScheme: 'dark' });
    const paths = ['/', '/rules/sprint', '/puzzles', '/no/such/page', '/g/NOSUCHGAME'];
    const low = [];
    for (const path of paths) {
      await page.goto(env.server.url + path);
      await page.waitForLoadState('networkidle');
      low.push(...await lowContrastLinks(page, path));
    }
    // The start page with a game chosen (its card's links), and a game page.
    await startFromPage(page, env.server.url, 'sprint', { opponent: 'local' });
    low.push(...await lowContrastLinks(page, 'game'));
    await shot(page, 'dark-game', size);
    await page.goto(env.server.url + '/');
    await page.waitForSelector('body[data-ready=yes]');
    await page.click('.card[data-game="sprint"]');
    low.push(...await lowContrastLinks(page, '/ with a game chosen'));
    await shot(page, 'dark-start', size);
    assert.deepEqual(low, []);
    await page.context().close();
  });

  test(`${size.tag}: a missing page is the site's page, with status 404`, async () => {
    const page = await pageAt(size);
    await page.goto(env.server.url + '/');
    await page.waitForSelector('body[data-ready=yes]');
    const siteBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    for (const path of ['/g/NOSUCHGAME', '/no/such/page']) {
      const response = await page.goto(env.server.url + path);
      assert.equal(response?.status(), 404, path);
      assert.equal(await page.locator('header.top .brand').count(), 1, `${path}: the site's header`);
      assert.equal(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), siteBackground, `${path}: the site's stylesheet`);
      assert.notEqual(siteBackground, 'rgb(255, 255, 255)');
      assert.equal(await page.locator('main a[href="/"]').count(), 1, `${path}: a link home`);
      assert.match(await page.textContent('h1'), /No such/);
      await shot(page, path === '/no/such/page' ? 'missing-page' : 'missing-game', size);
    }
    // API clients still get JSON.
    const api = await page.request.get(`${env.server.url}/api/nope`);
    assert.equal(api.status(), 404);
    assert.match(api.headers()['content-type'], /^application\/json/);
    await page.context().close();
  });

  test(`${size.tag}: moves never scroll the window`, async () => {
    const page = await pageAt(size);
    await startFromPage(page, env.server.url, 'sprint', { opponent: 'local' });
    await waitMyTurn(page);
    // The move list partly below the fold, as in a long game on a phone: a spacer above it
    // (the board stays where it is, at the top of the window).
    await page.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = `${window.innerHeight}px`;
      document.querySelector('#movelist')?.before(spacer);
      window.scrollTo(0, 0);
    });
    const before = await page.evaluate(() => window.scrollY);
    assert.equal(before, 0);
    for (let ply = 1; ply <= 8; ply++) {
      await waitMyTurn(page);
      const { legal_moves: moves, result } = await gameState(page);
      if (result) break;
      const move = moves.find((m) => m.from !== null);
      assert.ok(move);
      // Clicks at the squares' places in the window (mouse.click does not scroll).
      await playMove(page, move);
      await waitPly(page, ply);
      await page.waitForTimeout(100);
      assert.equal(await page.evaluate(() => window.scrollY), before, `after move ${ply}`);
    }
    await shot(page, 'no-scroll', size);
    await page.context().close();
  });
}

/**
 * The visible links of the page whose text has under 4.5:1 contrast with the nearest opaque
 * background behind it (up the parents).
 * @param {import('playwright-core').Page} page
 * @param {string} where
 */
async function lowContrastLinks(page, where) {
  return page.evaluate((where) => {
    const rgba = (text) => {
      const m = text.match(/rgba?\(([^)]+)\)/);
      if (!m) return [0, 0, 0, 0];
      const parts = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
      return [parts[0], parts[1], parts[2], parts.length > 3 ? parts[3] : 1];
    };
    const luminance = ([r, g, b]) => {
      const c = [r, g, b].map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const background = (el) => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgba(getComputedStyle(e).backgroundColor);
        if (c[3] >= 1) return c;
      }
      // The canvas: the page's colour scheme's.
      return matchMedia('(prefers-color-scheme: dark)').matches ? [18, 18, 18, 1] : [255, 255, 255, 1];
    };
    const low = [];
    for (const a of document.querySelectorAll('a')) {
      const box = a.getBoundingClientRect();
      const style = getComputedStyle(a);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || !a.textContent?.trim()) continue;
      const fg = rgba(style.color);
      const bg = background(a);
      // A translucent text colour over its background.
      const mixed = fg.slice(0, 3).map((v, i) => v * fg[3] + bg[i] * (1 - fg[3]));
      const [l1, l2] = [luminance(mixed), luminance(bg)].sort((x, y) => y - x);
      const ratio = (l1 + 0.05) / (l2 + 0.05);
      if (ratio < 4.5) low.push(`${where}: "${a.textContent.trim().slice(0, 40)}" ${style.color} on rgb(${bg.slice(0, 3).join(', ')}): ${ratio.toFixed(2)}`);
    }
    return low;
  }, where);
}
