// What the Letras Cruzadas board knows: the latest snapshot (`view`, the engine's view for this viewer) and
// the little it keeps itself, the rack's order (Shuffle is client-only) and the tentative move, with the
// board's geometry and what follows from the snapshot (whose move it is, a tile's value, a square's tile).

export const SIZE = 15;
export const BLANK = "?";
// The letters a blank may stand for (the Turkish ruleset's, in alphabetical order).
export const TURKISH_LETTERS = "a b c ç d e f g ğ h ı i j k l m n o ö p r s ş t u ü v y z".split(" ");

// The Turkish letters a Spanish or English keyboard has no key for, by the plain letter typed instead (issue 33): a
// typed s puts the rack's Ş when the rack has no S. Upper-case I is ı (Turkish case), so ı falls back to i.
export const TURKISH_VARIANTS = { s: "ş", g: "ğ", c: "ç", o: "ö", u: "ü", i: "ı", ı: "i" };

/** A typed character as a letter of the game, lowercased the Turkish way (I -> ı, İ -> i, never
 * toLowerCase on those two), or null when it is no Turkish letter. */
export function letterOfKey(key) {
  if (typeof key !== "string" || Array.from(key).length !== 1) return null;
  let letter;
  if (key === "I") letter = "ı";
  else if (key === "İ") letter = "i";
  else letter = key.toLowerCase();
  return TURKISH_LETTERS.includes(letter) ? letter : null;
}

/** Turkish capitals: i -> İ and ı -> I (never toUpperCase on those two); the rest as usual. */
export function upperTr(text) {
  return Array.from(String(text ?? ""), (ch) => {
    if (ch === "i") return "İ";
    if (ch === "ı") return "I";
    return ch.toUpperCase();
  }).join("");
}

export const rowOf = (index) => Math.floor(index / SIZE);
export const colOf = (index) => index % SIZE;
const sortedKey = (tiles) => [...tiles].sort().join("\u0000");

/** The board's state: fields the view and the input read and set, and what follows from them. */
export function cruzadasState() {
  const s = {
    view: null,
    confirming: null, // "pass" | "exchange" | "resign" while the player is asked to confirm
    menuOpen: false,
    breakdownOpen: false,
    zoomed: false,
    // The rack in the player's order: [{id, tile}] (tile: a letter or BLANK); ids stay while the rack's
    // tiles do, so a shuffle and the tentative move survive resent snapshots.
    slots: [],
    slotCounter: 0,
    placed: [], // the tentative move, in the order placed: [{id (slot), cell, letter, blank}]
    selected: null, // a slot id
    blankAsk: null, // {id, cell} while the blank's letter is being chosen
    turnsSeen: null, // history length when the tentative move was started
    wasMyTurn: false,
    drag: null, // {pointerId, id, x, y, ghost, source} while a rack tile is pressed or dragged
    pinch: null, // two fingers on the board: {pointers: Map, distance}
    // The keyboard's cursor (woogles' arrow): the square a typed letter goes to and the board's one Tab stop,
    // the way typed words run ("across" | "down"), and whether its arrow shows (once the board was reached
    // by keyboard or a square tapped; a pointer player who never types sees no arrow).
    cursor: 112,
    direction: "across",
    cursorShown: false,
  };
  const values = () => (s.view && s.view.ruleset && s.view.ruleset.values) || {};
  s.canMove = () => Boolean(s.view && s.view.phase === "playing" && s.view.can_move && s.view.rack);
  s.valueOf = (letter, blank) => (blank || letter === BLANK ? 0 : values()[letter] ?? 0);
  s.boardTile = (index) => (s.view ? s.view.board[rowOf(index)][colOf(index)] : null);
  s.placedAt = (index) => s.placed.find((p) => p.cell === index) || null;
  s.isPlaced = (id) => s.placed.some((p) => p.id === id);
  s.slotById = (id) => s.slots.find((slot) => slot.id === id) || null;

  /** The rack of the snapshot, kept in the player's order while it holds the same tiles; another rack
   * starts afresh (and drops the tentative move). */
  s.syncRack = () => {
    const rack = (s.view && s.view.rack) || [];
    if (sortedKey(rack) === sortedKey(s.slots.map((slot) => slot.tile))) return;
    s.slots = rack.map((tile) => {
      s.slotCounter += 1;
      return { id: s.slotCounter, tile };
    });
    s.clearMove();
  };

  /** The tentative tiles go back to the rack. */
  s.clearMove = () => {
    s.placed = [];
    s.selected = null;
    s.blankAsk = null;
  };

  /** A rack tile placed on a square (a blank as `letter`); false when it cannot be. */
  s.putTile = (id, cell, letter) => {
    const slot = s.slotById(id);
    if (!slot || s.isPlaced(id)) return false;
    const blank = slot.tile === BLANK;
    s.placed.push({ id, cell, letter: blank ? letter : slot.tile, blank });
    if (s.selected === id) s.selected = null;
    if (s.turnsSeen === null) s.turnsSeen = s.view.history.length;
    return true;
  };

  /** The square one step from `index` in `direction` (backwards when `delta` < 0), null off the board. */
  s.stepFrom = (index, direction, delta = 1) => {
    const r = rowOf(index) + (direction === "down" ? delta : 0);
    const c = colOf(index) + (direction === "across" ? delta : 0);
    return r < 0 || r >= SIZE || c < 0 || c >= SIZE ? null : r * SIZE + c;
  };

  /** The first square after `index` in the typing direction with no tile on it (the board's or a
   * tentative one), null when the line ends first: typing skips the tiles already there, as woogles does. */
  s.nextFree = (index) => {
    for (let at = s.stepFrom(index, s.direction); at !== null; at = s.stepFrom(at, s.direction)) {
      if (!s.boardTile(at) && !s.placedAt(at)) return at;
    }
    return null;
  };

  /** The rack tile a typed `letter` takes, and the letter it puts: a free tile of that letter, else a free tile of
   * its Turkish variant (ş for s: a Latin keyboard has no key for it), else a free blank standing for the letter,
   * else null. */
  s.tileForLetter = (letter) => {
    const free = s.slots.filter((slot) => !s.isPlaced(slot.id));
    const exact = free.find((slot) => slot.tile === letter);
    if (exact) return { slot: exact, letter };
    const variant = TURKISH_VARIANTS[letter];
    const other = variant ? free.find((slot) => slot.tile === variant) : null;
    if (other) return { slot: other, letter: variant };
    const blank = free.find((slot) => slot.tile === BLANK);
    return blank ? { slot: blank, letter } : null;
  };

  /** The rack in another order, visibly different when its tiles are not all alike. */
  s.shuffleRack = () => {
    const order = () => s.slots.map((slot) => slot.tile).join("");
    const before = order();
    const distinct = new Set(s.slots.map((slot) => slot.tile)).size > 1;
    for (let tries = 0; tries < 20; tries += 1) {
      for (let i = s.slots.length - 1; i > 0; i -= 1) {
        const j = Math.floor(Math.random() * (i + 1));
        [s.slots[i], s.slots[j]] = [s.slots[j], s.slots[i]];
      }
      if (!distinct || order() !== before) break;
    }
  };

  /** Another match: nothing of the last one is kept. */
  s.startAfresh = () => {
    s.slots = [];
    s.clearMove();
    s.turnsSeen = null;
    s.confirming = null;
    s.menuOpen = false;
    s.breakdownOpen = false;
    s.wasMyTurn = false;
    s.cursor = 112;
    s.direction = "across";
  };
  return s;
}
