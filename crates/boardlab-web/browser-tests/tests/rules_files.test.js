// Games from rules files in the browser: a folder's files listed as cards (`--rules`) and
// played by clicks, their rules page, and a rules file pasted in the start page: its problem
// shown at its line, then its game made and played.

import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startServer, launchBrowser, newPage, startFromPage, gameState, playByClicks, waitPly,
  policyViolations, SHOTS,
} from './helpers.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
const examples = join(repo, 'rules', 'examples');
const env = { server: null, browser: null };

before(async () => {
  env.server = await startServer({ args: ['--rules', examples] });
  env.browser = await launchBrowser();
});
after(async () => {
  await env.browser?.close();
  env.server?.stop();
});

test('a game of the rules folder is a card, played by clicks, with a rules page', async () => {
  const page = await newPage(env.browser);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('body[data-ready=yes]');
  for (const id of ['camel-obsidian', 'mini-daisy', 'sprint-8x8', 'parity-7x6', 'chief-raid']) {
    assert.ok(await page.isVisible(`.card[data-game="${id}"]`), `the card of ${id}`);
  }
  await page.screenshot({ path: join(SHOTS, 'rules-folder-start.png'), fullPage: true });
  await startFromPage(page, env.server.url, 'camel-obsidian', { opponent: 'local' });
  assert.equal(await page.textContent('#title'), 'Camel Obsidian');
  for (let ply = 0; ply < 2; ply++) {
    const state = await gameState(page);
    await playByClicks(page, state.legal[0]);
    await waitPly(page, ply + 1);
  }
  await page.screenshot({ path: join(SHOTS, 'rules-folder-game.png') });
  await page.goto(env.server.url + '/rules/camel-obsidian');
  await page.waitForSelector('body[data-ready=yes]');
  assert.match(await page.textContent('#rules-text'), /How to play Camel Obsidian/);
  // Spoken to players: no file sections or notations named.
  assert.doesNotMatch(await page.textContent('#rules-text'), /\[end\]|Betza notation|rules file says/);
  assert.ok(await page.locator('.diagrams figure').count() >= 6, 'a diagram per piece');
  await page.screenshot({ path: join(SHOTS, 'rules-folder-rules.png'), fullPage: true });
  assert.deepEqual(await policyViolations(page), []);
});

test('a pasted rules file shows its problem at its line, then makes a game', async () => {
  const page = await newPage(env.browser);
  await page.goto(env.server.url + '/');
  await page.waitForSelector('body[data-ready=yes]');
  await page.click('#own-rules summary');
  await page.fill('#rules-text', 'id = "mine"\nextends = "daisy"\ncolour = "red"\n');
  await page.click('#rules-check');
  await page.waitForFunction(() => document.querySelector('#rules-error').textContent !== '');
  assert.match(await page.textContent('#rules-error'), /^pasted rules:3:1: .*colour/);
  // The cursor is put on the problem: the start of line 3.
  const at = await page.evaluate(() => document.querySelector('#rules-text').selectionStart);
  assert.equal(at, 'id = "mine"\nextends = "daisy"\n'.length);
  await page.screenshot({ path: join(SHOTS, 'rules-pasted-error.png'), fullPage: true });

  await page.fill('#rules-text', readFileSync(join(examples, 'mini-daisy.toml'), 'utf8'));
  await page.click('#rules-check');
  await page.waitForSelector('.card.pasted');
  assert.equal(await page.textContent('#rules-error'), '');
  assert.match(await page.textContent('#setup-title'), /Mini Daisy/);
  await page.check('input[name=opponent][value=local]');
  await page.screenshot({ path: join(SHOTS, 'rules-pasted-card.png'), fullPage: true });
  await Promise.all([page.waitForURL(/\/g\//), page.click('#start')]);
  await page.waitForSelector('body[data-ready=yes]');
  assert.equal(await page.textContent('#title'), 'Mini Daisy');
  assert.equal(await page.locator('#board .square').count(), 49);
  for (let ply = 0; ply < 2; ply++) {
    const state = await gameState(page);
    await playByClicks(page, state.legal[0]);
    await waitPly(page, ply + 1);
  }
  await page.screenshot({ path: join(SHOTS, 'rules-pasted-game.png') });
  assert.deepEqual(await policyViolations(page), []);
});
