// "Your turn" notices: the browser's notifications (the Notification API), asked for once
// with a button, and shown when it becomes the player's turn in a game they are not looking
// at.

/** Whether this browser shows notifications and the player allowed them. */
export const notificationsOn = () => 'Notification' in window && Notification.permission === 'granted';

/**
 * Asks the player to allow notifications (only from a click: browsers refuse otherwise).
 * @returns {Promise<boolean>} whether they are allowed now
 */
export async function askForNotifications() {
  if (!('Notification' in window)) return false;
  if (Notification.permission === 'default') await Notification.requestPermission();
  return notificationsOn();
}

/**
 * Tells the player it is their turn, where notifications are allowed.
 * @param {string} text what happened (`Your turn: Obsidian against Bob`)
 * @param {string} link the game's address, opened by a click on the notice
 */
export function notifyTurn(text, link) {
  if (!notificationsOn()) return;
  const notice = new Notification(text, { tag: link });
  notice.onclick = () => {
    window.focus();
    location.href = link;
  };
}
