// The table's sounds and vibrations (issue 33): a rival's move, your turn, your time running low. Short tones made
// in the browser (the Web Audio API: nothing fetched, nothing the Content-Security-Policy has to allow), and a
// short vibration on phones that have one (navigator.vibrate). On unless the player switched them off
// (prefs.js; the switch is in the footer's settings and beside the room's title).
//
// Nothing here knows a game: room.js calls cue() from what every match frame says (a version made by another
// seat's move, `by`; a new turn owed, `turn`), and a board tells of its own clock with kit.js cueLowTime().
import { soundOn } from "./prefs.js";

// Each cue: notes as [frequency Hz, start s, length s], and a vibration pattern (ms).
const CUES = {
  move: { notes: [[660, 0, 0.07]], volume: 0.12, vibrate: null },
  your_turn: { notes: [[523, 0, 0.09], [784, 0.1, 0.14]], volume: 0.16, vibrate: [60] },
  low_time: { notes: [[880, 0, 0.07], [880, 0.14, 0.07], [880, 0.28, 0.07]], volume: 0.16, vibrate: [80, 60, 80] },
};

let context = null;

function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) {
    try {
      context = new Context();
    } catch {
      return null;
    }
  }
  // A browser lets a page sound only after the person touched it: the first tap or key wakes the context.
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

for (const type of ["pointerdown", "keydown"]) {
  window.addEventListener(type, () => { if (soundOn()) audio(); }, { capture: true, passive: true });
}

function tone(ctx, [frequency, start, length], volume) {
  const at = ctx.currentTime + start;
  const oscillator = ctx.createOscillator();
  const gain = ctx.createGain();
  oscillator.type = "sine";
  oscillator.frequency.value = frequency;
  // A soft attack and release: no click at either end.
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(ctx.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

/** Plays the cue `name` ("move", "your_turn", "low_time") unless the sounds are off. */
export function cue(name) {
  const spec = CUES[name];
  if (!spec || !soundOn()) return false;
  const ctx = audio();
  if (ctx) for (const note of spec.notes) tone(ctx, note, spec.volume);
  if (spec.vibrate && typeof navigator.vibrate === "function") {
    try {
      navigator.vibrate(spec.vibrate);
    } catch {
      // a browser that refuses (no user gesture yet): the sound is enough
    }
  }
  return true;
}
