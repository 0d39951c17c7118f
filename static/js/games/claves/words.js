// How a word fits its card: Spanish syllables for soft hyphens ("helicóp-tero" wraps instead of
// overflowing), and each card's font shrinking until its word fits.

// Spanish syllables.
const VOWELS = new Set("aeiouáéíóúü");
const DIGRAPHS = new Set(["ch", "ll", "rr"]);
const ONSETS = new Set(["bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "kl", "kr", "pl", "pr", "tr", "tl"]);
const MIN_PART = 2; // letters on each side of a break: no "a-" or "-o" on a line of its own
export const SHY = "\u00ad";

/** Where a Spanish word may break, as indices before which a hyphen may go. */
export function syllableBreaks(word) {
  const w = word.toLowerCase();
  const breaks = [];
  let i = 0;
  while (i < w.length && !VOWELS.has(w[i])) i += 1; // leading consonants stay with the first vowel
  while (i < w.length) {
    while (i < w.length && VOWELS.has(w[i])) i += 1; // vowels together (diphthongs) never split
    const start = i;
    while (i < w.length && !VOWELS.has(w[i])) i += 1;
    if (i >= w.length) break; // final consonants stay with the last vowel
    // Group the consonants between two vowels into units (ch, ll, rr are one sound).
    const units = [];
    for (let j = start; j < i;) {
      if (j + 1 < i && DIGRAPHS.has(w.slice(j, j + 2))) { units.push(w.slice(j, j + 2)); j += 2; }
      else { units.push(w[j]); j += 1; }
    }
    let keep = 1; // consonant units that start the next syllable
    if (units.length >= 2 && ONSETS.has(units.slice(-2).join(""))) keep = 2;
    if (units.length === 0) continue;
    const tail = units.slice(units.length - keep).join("").length;
    breaks.push(i - tail);
  }
  return breaks.filter((at) => at >= MIN_PART && w.length - at >= MIN_PART);
}

/** The word with soft hyphens at its syllables (a long word only). */
export function hyphenate(word) {
  if (word.length < 7) return word;
  let out = "";
  let last = 0;
  for (const at of syllableBreaks(word)) {
    out += word.slice(last, at) + SHY;
    last = at;
  }
  return out + word.slice(last);
}

const MIN_FONT_PX = 9;
const ONE_LINE_MIN_PX = 11.5;

// Each card's font shrinks until its word fits (width and height): first on one line, down to
// ONE_LINE_MIN_PX; a word still too wide then may wrap at its syllables (soft hyphens) and shrink on.
function shrink(wordEl, floor) {
  wordEl.style.fontSize = "";
  let size = parseFloat(getComputedStyle(wordEl).fontSize);
  const overflows = () => wordEl.scrollWidth > wordEl.clientWidth + 0.5
    || wordEl.scrollHeight > wordEl.clientHeight + 0.5;
  while (size > floor && overflows()) {
    size -= 0.5;
    wordEl.style.fontSize = `${size}px`;
  }
  return !overflows();
}

/** Fits every card's word (`cards`: the card elements, each with a .cl-word and data-word). */
export function fitCardWords(cards) {
  for (const el of cards) {
    const wordEl = el.querySelector(".cl-word");
    const word = el.dataset.word || "";
    wordEl.textContent = word;
    wordEl.classList.add("one-line");
    if (shrink(wordEl, ONE_LINE_MIN_PX)) continue;
    wordEl.classList.remove("one-line");
    wordEl.textContent = hyphenate(word);
    shrink(wordEl, MIN_FONT_PX);
  }
}
