// The chat of a game between people: said on one side, read on the other as text (never as
// markup), hidden at will; no chat against a bot. At 1366x768 and at 390x844.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, startFromPage, browserPage, SHOTS } from './helpers.js';

const env = serverAndBrowser();

test('two players chat by link; a message is text, never markup; it can be hidden', async () => {
  const alice = await browserPage(env, { width: 1366, height: 768 });
  await startFromPage(alice, env.server.url, 'sprint', { opponent: 'friend', side: '1' });
  const invite = await alice.inputValue('input[data-testid=invite-link]');
  const bob = await browserPage(env, { width: 390, height: 844 });
  await bob.goto(invite);
  await bob.waitForSelector('body[data-ready=yes]');
  await alice.waitForSelector('#chat:not([hidden])');

  await alice.fill('#chat-text', '<b>good luck</b> <img src=x onerror=alert(1)>');
  await alice.press('#chat-text', 'Enter');
  await bob.waitForSelector('#chat-lines li', { timeout: 10000 });
  const said = await bob.textContent('#chat-lines li');
  assert.match(said, /<b>good luck<\/b> <img src=x onerror=alert\(1\)>/);
  assert.equal(await bob.locator('#chat-lines b, #chat-lines img').count(), 0, 'no markup from a message');
  await bob.fill('#chat-text', 'you too');
  await bob.click('#chat-form button');
  await alice.waitForFunction(() => document.querySelectorAll('#chat-lines li').length === 2, null, { timeout: 10000 });
  await bob.screenshot({ path: join(SHOTS, 'chat-phone.png'), fullPage: true });
  await alice.screenshot({ path: join(SHOTS, 'chat-desktop.png'), fullPage: true });
  // Too long a message is refused in words.
  await alice.evaluate(() => { /** @type {HTMLInputElement} */ (document.querySelector('#chat-text')).removeAttribute('maxlength'); });
  await alice.fill('#chat-text', 'x'.repeat(301));
  await alice.press('#chat-text', 'Enter');
  await alice.waitForSelector('#chat-error:text("1 to 300")');
  // Hidden, and kept hidden after a reload.
  await bob.click('#chat-toggle');
  assert.equal(await bob.isVisible('#chat-lines'), false);
  await bob.reload();
  await bob.waitForSelector('body[data-ready=yes]');
  assert.equal(await bob.isVisible('#chat-lines'), false);
  await alice.context().close();
  await bob.context().close();

  // Against a bot there is no chat.
  const solo = await browserPage(env, { width: 1366, height: 768 });
  await startFromPage(solo, env.server.url, 'sprint', { opponent: 'bot', side: '1' });
  assert.equal(await solo.isVisible('#chat'), false);
  await solo.context().close();
});
