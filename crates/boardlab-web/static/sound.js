// Short sounds for moves and captures, made by the browser (no sound files), and the
// player's choice to mute them, kept in this browser.

const KEY = 'boardlab.sound';
/** @type {AudioContext | null} */
let context = null;

/**
 * Whether sounds are on (the default).
 * @returns {boolean}
 */
export function soundOn() {
  return localStorage.getItem(KEY) !== 'off';
}

/**
 * Turns sounds on or off for this browser.
 * @param {boolean} on
 */
export function setSound(on) {
  localStorage.setItem(KEY, on ? 'on' : 'off');
}

/**
 * Plays the sound of a move (`move`) or a capture (`capture`), unless muted.
 * @param {'move' | 'capture'} kind
 */
export function playSound(kind) {
  document.body.dataset.lastSound = kind;
  if (!soundOn()) return;
  try {
    context = context || new AudioContext();
    const tones = kind === 'capture' ? [[330, 0], [220, 0.07]] : [[660, 0]];
    for (const [freq, delay] of tones) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = 'triangle';
      osc.frequency.value = freq;
      const start = context.currentTime + delay;
      gain.gain.setValueAtTime(0.18, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.09);
      osc.connect(gain).connect(context.destination);
      osc.start(start);
      osc.stop(start + 0.1);
    }
  } catch (e) {
    // No audio here (a browser without Web Audio): silence is fine.
  }
}
