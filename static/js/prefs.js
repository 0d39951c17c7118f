// The player's settings on this device (issue 33): the look (system, light or dark) and the sounds, kept in
// localStorage. static/js/theme.js applies the look before the page is drawn; static/js/settings.js draws the
// switches; static/js/sound.js reads whether to play.
export const THEME_KEY = "dg-theme"; // "system" | "light" | "dark"
export const SOUND_KEY = "dg-sound"; // "on" | "off"
export const PREFS_EVENT = "prefs:change";

/** A setting's value on this device, or `fallback` (none yet, or storage refused). */
export function readPref(key, fallback) {
  try {
    return window.localStorage.getItem(key) ?? fallback;
  } catch {
    return fallback;
  }
}

/** Keeps a setting and tells this page's listeners (other tabs hear the storage event). */
export function writePref(key, value) {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // private mode with no storage: the choice holds for this page only
  }
  window.dispatchEvent(new CustomEvent(PREFS_EVENT, { detail: { key, value } }));
}

export const soundOn = () => readPref(SOUND_KEY, "on") !== "off";
