// On-screen keyboards of the word languages (Duelo's six, Torneo's thirteen), and what a key press types.
//
// Letters are the engine's normalised tiles (lower case; Korean: the 24 basic jamo; Uzbek: oʻ gʻ sh ch
// are one tile each), so that a key, a tile and a keyboard hint (view.grid.keyboard) share one name.
// ENTER, BACK and SHIFT are action keys.
// `rows` is the familiar layout; `narrowRows`, where given, keeps every row to 10 keys so that keys stay
// at least 32 px wide on a 360 px phone (the page shows it below 520 px).

export const ENTER = "{enter}";
export const BACK = "{back}";
export const SHIFT = "{shift}";

const chars = (text) => Array.from(text);

export const LAYOUTS = {
  // Turkish Q without Q, W, X. I/ı and İ/i are different letters and different keys.
  tr: {
    rows: [chars("ertyuıopğü"), chars("asdfghjklşi"), [ENTER, ...chars("zcvbnmöç"), BACK]],
    narrowRows: [chars("ertyuıopğü"), chars("asdfghjklş"), chars("zcvbnmöçi"), [ENTER, BACK]],
  },
  en: { rows: [chars("qwertyuiop"), chars("asdfghjkl"), [ENTER, ...chars("zxcvbnm"), BACK]] },
  fr: { rows: [chars("azertyuiop"), chars("qsdfghjklm"), [ENTER, ...chars("wxcvbn"), BACK]] },
  es: { rows: [chars("qwertyuiop"), chars("asdfghjklñ"), [ENTER, ...chars("zxcvbnm"), BACK]] },
  // ЙЦУКЕН; Ё is played as Е, so it has no key. Narrow: Х Ъ Э move to the bottom row.
  ru: {
    rows: [chars("йцукенгшщзхъ"), chars("фывапролджэ"), [ENTER, ...chars("ячсмитьбю"), BACK]],
    narrowRows: [chars("йцукенгшщз"), chars("фывапролдж"), chars("ячсмитьбю"), [ENTER, ...chars("хъэ"), BACK]],
  },
  // QWERTZ with Ü Ö Ä where a German keyboard has them.
  de: {
    rows: [chars("qwertzuiopü"), chars("asdfghjklöä"), [ENTER, ...chars("yxcvbnm"), BACK]],
    narrowRows: [chars("qwertzuiop"), chars("asdfghjklö"), chars("yxcvbnmäü"), [ENTER, BACK]],
  },
  // Polish has no Q; its nine letters with diacritics get a row of their own, in the order of the keys
  // they are typed with (AltGr + e o a s l z x c n), as Polish Wordle clones show them.
  pl: { rows: [chars("ęóąśłżźćń"), chars("wertyuiop"), chars("asdfghjkl"), [ENTER, ...chars("zxcvbnm"), BACK]] },
  // Uzbek Latin: no C or W; oʻ gʻ sh ch are keys of their own (and typed s+h, c+h, o+ʻ merge, see addLetters).
  uz: {
    rows: [[...chars("qertyuiop"), "oʻ"], [...chars("asdfghjkl"), "gʻ"], [ENTER, ...chars("zxvbnm"), "sh", "ch", BACK]],
  },
  // ЙЦУКЕН with Ukrainian І Ї Є Ґ. Narrow: Х Ї Є Ґ move to the bottom row.
  uk: {
    rows: [chars("йцукенгшщзхї"), chars("фівапролджє"), [ENTER, ...chars("ґячсмитьбю"), BACK]],
    narrowRows: [chars("йцукенгшщз"), chars("фівапролдж"), chars("ячсмитьбю"), [ENTER, ...chars("хїєґ"), BACK]],
  },
  // Kazakh: the Russian rows (with Ё) and the nine Kazakh letters on a row above, as on a Kazakh keyboard.
  kk: {
    rows: [chars("әіңғүұқөһё"), chars("йцукенгшщзхъ"), chars("фывапролджэ"), [ENTER, ...chars("ячсмитьбю"), BACK]],
    narrowRows: [chars("әіңғүұқөһё"), chars("йцукенгшщз"), chars("фывапролдж"), chars("ячсмитьбю"),
      [ENTER, ...chars("хъэ"), BACK]],
  },
  // 2-set (dubeolsik) Hangul; SHIFT turns the top row into its tense consonants and ㅒ ㅖ.
  ko: {
    rows: [chars("ㅂㅈㄷㄱㅅㅛㅕㅑㅐㅔ"), [...chars("ㅁㄴㅇㄹㅎㅗㅓㅏㅣ"), ENTER], [SHIFT, ...chars("ㅋㅌㅊㅍㅠㅜㅡ"), BACK]],
    shifted: { "ㅂ": "ㅃ", "ㅈ": "ㅉ", "ㄷ": "ㄸ", "ㄱ": "ㄲ", "ㅅ": "ㅆ", "ㅐ": "ㅒ", "ㅔ": "ㅖ" },
  },
};
// Indonesian, Italian, Dutch and Portuguese are typed on QWERTY with the 26 letters of English.
for (const language of ["id", "it", "nl", "pt"]) LAYOUTS[language] = LAYOUTS.en;

// -- Korean ------------------------------------------------------------------------------------------

const KO_LEADS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ";
const KO_MEDIALS = "ㅏㅐㅑㅒㅓㅔㅕㅖㅗㅘㅙㅚㅛㅜㅝㅞㅟㅠㅡㅢㅣ";
const KO_TAILS = ["", ...chars("ㄱㄲㄳㄴㄵㄶㄷㄹㄺㄻㄼㄽㄾㄿㅀㅁㅂㅄㅅㅆㅇㅈㅊㅋㅌㅍㅎ")];
const KO_BASIC = "ㄱㄴㄷㄹㅁㅂㅅㅇㅈㅊㅋㅌㅍㅎㅏㅑㅓㅕㅗㅛㅜㅠㅡㅣ";

// Every compatibility jamo as its basic letters (wordlists/alphabets.py _KO_SPLIT: ㅐ -> ㅏㅣ, ㄲ -> ㄱㄱ).
export const KO_SPLIT = {
  "ㄲ": "ㄱㄱ", "ㄸ": "ㄷㄷ", "ㅃ": "ㅂㅂ", "ㅆ": "ㅅㅅ", "ㅉ": "ㅈㅈ",
  "ㅐ": "ㅏㅣ", "ㅒ": "ㅑㅣ", "ㅔ": "ㅓㅣ", "ㅖ": "ㅕㅣ",
  "ㅘ": "ㅗㅏ", "ㅙ": "ㅗㅏㅣ", "ㅚ": "ㅗㅣ", "ㅝ": "ㅜㅓ", "ㅞ": "ㅜㅓㅣ", "ㅟ": "ㅜㅣ", "ㅢ": "ㅡㅣ",
  "ㄳ": "ㄱㅅ", "ㄵ": "ㄴㅈ", "ㄶ": "ㄴㅎ", "ㄺ": "ㄹㄱ", "ㄻ": "ㄹㅁ", "ㄼ": "ㄹㅂ", "ㄽ": "ㄹㅅ",
  "ㄾ": "ㄹㅌ", "ㄿ": "ㄹㅍ", "ㅀ": "ㄹㅎ", "ㅄ": "ㅂㅅ",
};
for (const basic of KO_BASIC) KO_SPLIT[basic] = basic;

// The physical key positions of dubeolsik (event.code), so a Korean layout works whether or not the
// player's system has a Korean input method switched on.
const KO_BY_CODE = {
  KeyQ: "ㅂ", KeyW: "ㅈ", KeyE: "ㄷ", KeyR: "ㄱ", KeyT: "ㅅ", KeyY: "ㅛ", KeyU: "ㅕ", KeyI: "ㅑ", KeyO: "ㅐ",
  KeyP: "ㅔ", KeyA: "ㅁ", KeyS: "ㄴ", KeyD: "ㅇ", KeyF: "ㄹ", KeyG: "ㅎ", KeyH: "ㅗ", KeyJ: "ㅓ", KeyK: "ㅏ",
  KeyL: "ㅣ", KeyZ: "ㅋ", KeyX: "ㅌ", KeyC: "ㅊ", KeyV: "ㅍ", KeyB: "ㅠ", KeyN: "ㅜ", KeyM: "ㅡ",
};

/** A Korean text (syllables or jamo) as basic jamo, or null if it holds something else. */
export function splitKorean(text) {
  const out = [];
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0);
    let parts;
    if (code >= 0xac00 && code <= 0xd7a3) {
      const i = code - 0xac00;
      parts = [KO_LEADS[Math.floor(i / 588)], KO_MEDIALS[Math.floor((i % 588) / 28)], KO_TAILS[i % 28]];
    } else {
      parts = [ch];
    }
    for (const part of parts) {
      if (!part) continue;
      const basic = KO_SPLIT[part];
      if (basic === undefined) return null;
      out.push(...chars(basic));
    }
  }
  return out;
}

const leadOf = {};
const medialOf = {};
const tailOf = {};
chars(KO_LEADS).forEach((c, i) => { leadOf[KO_SPLIT[c]] = i; });
chars(KO_MEDIALS).forEach((c, i) => { medialOf[KO_SPLIT[c]] = i; });
KO_TAILS.forEach((c, i) => { if (c) tailOf[KO_SPLIT[c]] = i; });
// Ambiguous groupings (ㅎㅏㄱㄱㅛ = 학교 or 하꾜): a doubled ㄱ or ㅂ reads better as final + initial,
// a doubled ㄷ ㅅ ㅈ as a tense initial (the same preferences as wordlists/alphabets.py).
const UNLIKELY_LEADS = new Set([KO_LEADS.indexOf("ㄲ"), KO_LEADS.indexOf("ㅃ")]);
const UNLIKELY_TAILS = new Set([KO_TAILS.indexOf("ㄷ"), KO_TAILS.indexOf("ㅅ"), KO_TAILS.indexOf("ㅈ")]);

/** Basic jamo composed back into Hangul syllables (a port of wordlists.alphabets.compose_korean). */
export function composeKorean(jamo) {
  const seq = chars(Array.isArray(jamo) ? jamo.join("") : jamo);
  const n = seq.length;
  const slice = (a, b) => seq.slice(a, b).join("");
  // best[i] = [leftover letters, unlikely choices, pieces] for seq[i:], filled from the end.
  const best = new Array(n + 1);
  best[n] = [0, 0, []];
  for (let i = n - 1; i >= 0; i -= 1) {
    const rest = best[i + 1];
    const options = [[rest[0] + 1, rest[1], [seq[i], ...rest[2]]]];
    for (const leadLen of [1, 2]) {
      if (i + leadLen > n) continue;
      const lead = leadOf[slice(i, i + leadLen)];
      if (lead === undefined) continue;
      const vStart = i + leadLen;
      for (const vowelLen of [1, 2, 3]) {
        if (vStart + vowelLen > n) continue;
        const medial = medialOf[slice(vStart, vStart + vowelLen)];
        if (medial === undefined) continue;
        const tStart = vStart + vowelLen;
        for (const tailLen of [0, 1, 2]) {
          if (tStart + tailLen > n) continue;
          const tail = tailLen ? tailOf[slice(tStart, tStart + tailLen)] : 0;
          if (tail === undefined) continue;
          const after = best[tStart + tailLen];
          const penalty = (UNLIKELY_LEADS.has(lead) ? 1 : 0) + (UNLIKELY_TAILS.has(tail) ? 1 : 0);
          const syllable = String.fromCharCode(0xac00 + lead * 588 + medial * 28 + tail);
          options.push([after[0], after[1] + penalty, [syllable, ...after[2]]]);
        }
      }
    }
    options.sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2].length - b[2].length);
    best[i] = options[0];
  }
  return best[0][2].join("");
}

// -- what a key types ----------------------------------------------------------------------------------

/** The letters an on-screen key types (a composite Korean key types its basic letters). */
export function keyLetters(language, key) {
  if (language === "ko") return chars(KO_SPLIT[key] || key);
  return [key];
}

function lower(language, text) {
  // Turkish: I is ı and İ is i (the default lower case would turn I into i).
  if (language === "tr") return text.replace(/I/g, "ı").replace(/İ/g, "i").toLocaleLowerCase("tr");
  return text.toLowerCase();
}

/**
 * The letters a physical key press types in `language`, or null if it types none of `alphabet`.
 * Accents fold onto the base letter where the language folds them (É = E, Ё = Е), like the engine.
 */
export function physicalLetters(language, alphabet, event) {
  if (language === "ko") {
    const jamo = KO_BY_CODE[event.code];
    if (jamo) {
      const shifted = event.shiftKey ? LAYOUTS.ko.shifted[jamo] || jamo : jamo;
      return chars(KO_SPLIT[shifted]);
    }
    return event.key.length === 1 ? splitKorean(event.key) : null;
  }
  if ([...event.key].length !== 1) return null;
  if (language === "uz") {
    // The halves of Uzbek digraph tiles: a lone C waits for its H, an apostrophe-like mark turns the
    // O or G before it into oʻ gʻ (addLetters joins them, as the engine does).
    if (UZ_APOSTROPHES.includes(event.key)) return [UZ_MARK];
    if (event.key.toLowerCase() === "c") return ["c"];
  }
  const low = lower(language, event.key);
  if (alphabet.includes(low)) return [low];
  const folded = low.normalize("NFD").replace(/[\u0300-\u036f]/g, "");
  return alphabet.includes(folded) ? [folded] : null;
}

// -- Uzbek ----------------------------------------------------------------------------------------------

const UZ_MARK = "\u02bb"; // ʻ, the sign of oʻ and gʻ (wordlists/alphabets.py UZ_TURNED_COMMA)
const UZ_APOSTROPHES = "\u02bb'\u2018\u2019`\u02bc";
const UZ_JOINS = { "s+h": "sh", "c+h": "ch", [`o+${UZ_MARK}`]: `o${UZ_MARK}`, [`g+${UZ_MARK}`]: `g${UZ_MARK}` };

/**
 * The tiles typed so far with `letters` added, at most `length` tiles. In Uzbek a letter may join the
 * tile before it into one (s + h = sh, c + h = ch, o + ʻ = oʻ), exactly as the engine reads the word; a
 * lone ʻ joins nothing and is dropped.
 */
export function addLetters(language, typed, letters, length) {
  const out = [...typed];
  for (const letter of letters) {
    const joined = language === "uz" && out.length ? UZ_JOINS[`${out[out.length - 1]}+${letter}`] : undefined;
    if (joined) out[out.length - 1] = joined;
    else if (letter !== UZ_MARK && out.length < length) out.push(letter);
  }
  return out;
}

/** How a tile or key shows a letter: upper case (Turkish i -> İ, ı -> I; Uzbek Sh, Oʻ); jamo as they are. */
export function displayLetter(language, letter) {
  if (language === "uz" && letter.length === 2) return letter[0].toUpperCase() + letter[1];
  if (language === "tr") {
    if (letter === "i") return "İ";
    if (letter === "ı") return "I";
    return letter.toLocaleUpperCase("tr");
  }
  return letter.toUpperCase();
}
