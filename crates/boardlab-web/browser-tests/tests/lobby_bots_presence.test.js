// The lobby's bots and the players' presence: a guest plays a bot from the lobby without
// an account; two people in a game each see the other online, and away once they leave.
// At 1366x768 and at 390x844.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { serverAndBrowser, gameState, policyViolations, browserPage as newBrowserPage, signUpOnPage, SHOTS } from './helpers.js';

const env = serverAndBrowser();
const browserPage = (viewport) => newBrowserPage(env, viewport);

test('a guest opens the bots in the lobby and plays one at the level it seeks', async () => {
  for (const viewport of [{ width: 1366, height: 768 }, { width: 390, height: 844 }]) {
    const guest = await browserPage(viewport);
    await guest.goto(env.server.url + '/');
    await guest.waitForSelector('body[data-ready=yes]');
    // The bots wait, folded away below the people's seeks; nobody needs to sign in.
    await guest.waitForSelector('#bot-seeks:not([hidden])');
    assert.match(await guest.textContent('#bot-seeks summary'), /Bots waiting for a game \(\d+\)/);
    await guest.click('#bot-seeks summary');
    const row = guest.locator('#bot-seek-list tr', { hasText: 'Sprint' }).filter({ hasText: 'level 1' }).first();
    await row.waitFor();
    assert.match(await row.textContent(), /bot, level 1.*Sprint.*no clock.*casual/);
    assert.equal(await row.locator('button').isDisabled(), false);
    await guest.screenshot({ path: join(SHOTS, `lobby-bots-${viewport.width}.png`), fullPage: true });
    await Promise.all([guest.waitForURL(/\/g\//), row.locator('button').click()]);
    await guest.waitForSelector('body[data-ready=yes]');
    const state = await gameState(guest);
    assert.equal(state.mode, 'bot');
    assert.equal(state.bot_level, 1);
    assert.equal(state.game, 'sprint');
    // No presence dots against a bot: nobody waits for anybody there.
    assert.equal(await guest.locator('#players .presence').count(), 0);
    assert.deepEqual(await policyViolations(guest), []);
    await guest.context().close();
  }
});

test('two people in a game see each other online, and away once one leaves', async () => {
  const ann = await browserPage({ width: 1366, height: 768 });
  const ben = await browserPage({ width: 390, height: 844 });
  await signUpOnPage(env, ann, 'Annie');
  await signUpOnPage(env, ben, 'Benny');
  await ann.selectOption('#seek-game', 'sprint');
  await ann.selectOption('#seek-clock', 'none');
  await ann.uncheck('#seek-rated');
  await ann.click('#seek-submit');
  const row = ben.locator('#seek-list tr', { hasText: 'Annie' });
  await row.waitFor({ timeout: 10000 });
  await Promise.all([ben.waitForURL(/\/g\//), row.locator('button').click()]);
  await ann.waitForURL(/\/g\//, { timeout: 15000 });
  for (const page of [ann, ben]) await page.waitForSelector('body[data-ready=yes]');
  const state = await gameState(ann);
  const seatOf = { Annie: state.players[1] === 'Annie' ? 1 : 2 };
  const benSeat = 3 - seatOf.Annie;
  // Each sees both online (their own page says so at once, the other's within a sign).
  for (const page of [ann, ben]) {
    await page.waitForSelector('#players li[data-seat="1"][data-online="yes"]', { timeout: 15000 });
    await page.waitForSelector('#players li[data-seat="2"][data-online="yes"]', { timeout: 15000 });
    assert.match(await page.textContent('#players'), /online.*online/s);
  }
  // What happens is told from the events that come with each state: Ben offers a draw,
  // and Ann's screen reader hears it.
  await ben.click('#draw');
  await ann.waitForFunction(() => document.querySelector('#announce').textContent.includes('offers a draw'));
  assert.match(await ann.textContent('#announce'), /^(White|Black) \(Player [12]\) offers a draw\.$/);
  await ann.screenshot({ path: join(SHOTS, 'presence-desktop.png'), fullPage: true });
  await ben.screenshot({ path: join(SHOTS, 'presence-phone.png'), fullPage: true });
  // Ben leaves the game's page: his page says so as it goes, and Ann sees him away at
  // her next look (within the 10 s between looks).
  await ben.goto(env.server.url + '/');
  await ann.waitForSelector(`#players li[data-seat="${benSeat}"][data-online="no"]`, { timeout: 15000 });
  assert.match(await ann.textContent(`#players li[data-seat="${benSeat}"]`), /away/);
  assert.deepEqual(await policyViolations(ann), []);
  await ann.context().close();
  await ben.context().close();
});
