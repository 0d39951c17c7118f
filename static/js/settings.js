// The settings of this device (issue 33): the look and the sounds, in the footer's "Settings" of every page, and the
// room's sound switch beside its title. Loaded by templates/base.html on every page; theme.js applies the look.
//
//   <select data-pref-theme>                     system | light | dark
//   <input type="checkbox" data-pref-sound>      sounds and vibration on
//   <button data-sound-toggle aria-pressed>      the same switch, as one button (the room page)
import { PREFS_EVENT, SOUND_KEY, THEME_KEY, readPref, soundOn, writePref } from "./prefs.js";

function show() {
  const theme = readPref(THEME_KEY, "system");
  for (const select of document.querySelectorAll("[data-pref-theme]")) select.value = theme;
  const on = soundOn();
  for (const box of document.querySelectorAll("[data-pref-sound]")) box.checked = on;
  for (const button of document.querySelectorAll("[data-sound-toggle]")) {
    button.setAttribute("aria-pressed", on ? "true" : "false");
    button.dataset.on = on ? "true" : "false";
  }
}

document.addEventListener("change", (event) => {
  const field = event.target;
  if (field instanceof HTMLSelectElement && field.matches("[data-pref-theme]")) writePref(THEME_KEY, field.value);
  else if (field instanceof HTMLInputElement && field.matches("[data-pref-sound]")) writePref(SOUND_KEY, field.checked ? "on" : "off");
});

document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest("[data-sound-toggle]") : null;
  if (button) writePref(SOUND_KEY, soundOn() ? "off" : "on");
});

window.addEventListener(PREFS_EVENT, show);
window.addEventListener("storage", show);
show();

// The footer's Settings close as a menu does: Escape, or a tap elsewhere.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const open of document.querySelectorAll("details.site-settings[open]")) {
    open.open = false;
    open.querySelector("summary").focus();
  }
});
document.addEventListener("click", (event) => {
  for (const open of document.querySelectorAll("details.site-settings[open]")) {
    if (!open.contains(event.target)) open.open = false;
  }
});
