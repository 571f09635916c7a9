// The account in every page's header: sign in, make an account, sign out, and the link to
// one's profile. Other parts of a page follow the account with `onAccount`.

import * as api from './api.js';
import { errorText } from './dom.js';

/**
 * Who is signed in here, and who wants to know when that changes.
 * @type {{ name: string | null, listeners: ((name: string | null) => void)[] }}
 */
const account = { name: null, listeners: [] };

/**
 * Calls `listener` with the account's name (null: nobody) now and at each change.
 * @param {(name: string | null) => void} listener
 */
export function onAccount(listener) {
  account.listeners.push(listener);
  listener(account.name);
}

/** The signed-in account's name, or null. */
export const accountName = () => account.name;

/** @param {string | null} name */
function changed(name) {
  account.name = name;
  for (const listener of account.listeners) listener(name);
}

/**
 * A new element with a class and text.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [className]
 * @param {string} [text]
 * @returns {HTMLElementTagNameMap[K]}
 */
function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

/**
 * The dialog that signs in or makes an account.
 * @returns {HTMLDialogElement}
 */
function signInDialog() {
  const dialog = element('dialog', 'account-dialog');
  dialog.id = 'account-dialog';
  const form = element('form');
  form.method = 'dialog';
  const title = element('h2', '', 'Sign in');
  const nameLabel = element('label', '', 'Name');
  const name = element('input');
  name.id = 'account-name';
  name.autocomplete = 'username';
  name.required = true;
  name.minLength = 3;
  name.maxLength = 20;
  nameLabel.htmlFor = name.id;
  const passwordLabel = element('label', '', 'Password');
  const password = element('input');
  password.id = 'account-password';
  password.type = 'password';
  password.autocomplete = 'current-password';
  password.required = true;
  password.minLength = 8;
  password.maxLength = 128;
  passwordLabel.htmlFor = password.id;
  const hint = element('p', 'muted', 'A name has 3 to 20 letters, digits, - or _; a password 8 to 128 characters.');
  const error = element('p', 'message error');
  error.id = 'account-error';
  error.setAttribute('role', 'alert');
  const row = element('div', 'row');
  const signIn = element('button', 'primary', 'Sign in');
  signIn.id = 'account-sign-in';
  signIn.value = 'in';
  const signUp = element('button', '', 'Create account');
  signUp.id = 'account-sign-up';
  signUp.value = 'up';
  const cancel = element('button', '', 'Cancel');
  cancel.type = 'button';
  cancel.addEventListener('click', () => dialog.close());
  row.append(signIn, signUp, cancel);
  form.append(title, nameLabel, name, passwordLabel, password, hint, error, row);
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const submitter = /** @type {SubmitEvent} */ (event).submitter;
    const making = submitter instanceof HTMLButtonElement && submitter.value === 'up';
    error.textContent = '';
    try {
      const answer = making
        ? await api.signUp(name.value.trim(), password.value)
        : await api.signIn(name.value.trim(), password.value);
      password.value = '';
      dialog.close();
      changed(answer.name);
    } catch (e) {
      error.textContent = errorText(e);
    }
  });
  dialog.append(form);
  return dialog;
}

/**
 * Draws the header's account corner.
 * @param {HTMLElement} box
 * @param {HTMLDialogElement} dialog
 */
function renderCorner(box, dialog) {
  box.replaceChildren();
  if (account.name) {
    const profile = element('a', 'account-name', account.name);
    profile.href = `/players/${encodeURIComponent(account.name)}`;
    profile.title = 'Your profile: ratings and games';
    const out = element('button', 'link-button', 'Sign out');
    out.id = 'sign-out';
    out.addEventListener('click', async () => {
      await api.signOut().catch(() => null);
      changed(null);
    });
    box.append(profile, out);
  } else {
    const open = element('button', 'link-button', 'Sign in');
    open.id = 'sign-in';
    open.addEventListener('click', () => dialog.showModal());
    box.append(open);
  }
}

/** Fills the header's `#account` corner and learns who is signed in. */
export async function setupAccount() {
  const box = document.querySelector('#account');
  if (!(box instanceof HTMLElement)) return;
  const dialog = signInDialog();
  document.body.append(dialog);
  account.listeners.unshift(() => renderCorner(box, dialog));
  renderCorner(box, dialog);
  try {
    changed((await api.session()).name);
  } catch {
    changed(null);
  }
}
