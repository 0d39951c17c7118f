// What the tiles placed before "Play" would score: the live preview's count, pure (no DOM, no state).
//
// A line-for-line mirror of games/cruzadas/rules.py `placement_line`, `words_formed` and `score_move`, fed
// with what the engine's view already gives every player (board, premiums, ruleset.values, rack_size,
// bingo, star_bonus, star). It never checks the dictionary: the server decides on "Play", and its score is
// the one that counts. tests/e2e/test_cruzadas_preview_score.py holds this module equal to score_move on
// real placements (premiums, blanks, the ★25 square, the seven-tile bonus); change both together.

const SIZE = 15;
const CENTRE = 7 * SIZE + 7;
const LETTER_FACTOR = { "2L": 2, "3L": 3 };
const WORD_FACTOR = { "2W": 2, "3W": 3 };

function neighbour(index, across, sign) {
  let row = Math.floor(index / SIZE);
  let col = index % SIZE;
  if (across) col += sign;
  else row += sign;
  return row >= 0 && row < SIZE && col >= 0 && col < SIZE ? row * SIZE + col : null;
}

/** The maximal line of filled squares through `index` (rules._run), in reading order. */
function run(filled, index, across) {
  let start = index;
  for (let prev = neighbour(start, across, -1); prev !== null && filled(prev); prev = neighbour(start, across, -1)) {
    start = prev;
  }
  const cells = [start];
  for (let next = neighbour(start, across, 1); next !== null && filled(next); next = neighbour(next, across, 1)) {
    cells.push(next);
  }
  return cells;
}

/**
 * The score of `placed` ([{cell, letter, blank}], the new tiles) on the board of `view` (the engine's view):
 * {total, breakdown} with breakdown lines as score_move's ({kind: "word", word, cells, points, letters,
 * multiplier}, then {kind: "star"} and {kind: "bingo"}), or {error: code} with placement_line's code
 * ("empty", "covers_tile", "not_in_line", "gap", "first_not_on_centre", "first_too_short", "not_connected").
 */
export function scorePlacement(view, placed) {
  if (!placed.length) return { error: "empty" };
  const tileAt = (index) => view.board[Math.floor(index / SIZE)][index % SIZE];
  const premiumAt = (index) => view.premiums[Math.floor(index / SIZE)][index % SIZE];
  const ruleset = view.ruleset;
  const value = (letter, blank) => (blank ? 0 : ruleset.values[letter] ?? 0);
  const fresh = new Map(placed.map((p) => [p.cell, p]));
  if (placed.some((p) => tileAt(p.cell))) return { error: "covers_tile" };
  const filled = (index) => fresh.has(index) || Boolean(tileAt(index));

  // placement_line: the direction and the main word.
  const rows = new Set(placed.map((p) => Math.floor(p.cell / SIZE)));
  const cols = new Set(placed.map((p) => p.cell % SIZE));
  let across;
  if (fresh.size === 1) {
    const only = placed[0].cell;
    const has = (index) => index !== null && Boolean(tileAt(index));
    across = has(neighbour(only, true, -1)) || has(neighbour(only, true, 1));
  } else if (rows.size === 1) across = true;
  else if (cols.size === 1) across = false;
  else return { error: "not_in_line" };
  const cellsInOrder = [...fresh.keys()].sort((a, b) => a - b);
  const first = cellsInOrder[0];
  const last = cellsInOrder[cellsInOrder.length - 1];
  const step = across ? 1 : SIZE;
  for (let i = first; i <= last; i += step) if (!filled(i)) return { error: "gap" };
  const main = run(filled, first, across);
  const boardEmpty = view.board.every((row) => row.every((tile) => !tile));
  if (boardEmpty) {
    if (!fresh.has(CENTRE)) return { error: "first_not_on_centre" };
    if (main.length < 2) return { error: "first_too_short" };
  } else {
    const touches = main.length > fresh.size || cellsInOrder.some((i) =>
      [-1, 1].some((sign) => { const n = neighbour(i, !across, sign); return n !== null && Boolean(tileAt(n)); }));
    if (!touches) return { error: "not_connected" };
  }

  // words_formed: the main word, then each crossword of 2+ letters.
  const words = main.length >= 2 ? [main] : [];
  for (const index of cellsInOrder) {
    const cross = run(filled, index, !across);
    if (cross.length >= 2) words.push(cross);
  }

  // score_move: 2L/3L and 2W/3W count under NEW tiles only; a blank is worth 0 but triggers 2W/3W.
  const breakdown = [];
  let total = 0;
  for (const cells of words) {
    let points = 0;
    let multiplier = 1;
    const letters = cells.map((index) => {
      const isNew = fresh.has(index);
      const tile = isNew ? fresh.get(index) : tileAt(index);
      const blank = Boolean(tile.blank);
      const worth = value(tile.letter, blank);
      const premium = isNew ? premiumAt(index) || null : null;
      points += worth * (LETTER_FACTOR[premium] || 1);
      multiplier *= WORD_FACTOR[premium] || 1;
      return { letter: tile.letter, value: worth, blank, premium, new: isNew };
    });
    points *= multiplier;
    total += points;
    breakdown.push({ kind: "word", word: letters.map((l) => l.letter).join(""), cells, points, letters, multiplier });
  }
  const star = view.star;
  if (star && !star.spent && star.index !== null && star.index !== undefined && fresh.has(star.index)) {
    total += ruleset.star_bonus;
    breakdown.push({ kind: "star", points: ruleset.star_bonus });
  }
  if (placed.length === ruleset.rack_size) {
    total += ruleset.bingo;
    breakdown.push({ kind: "bingo", points: ruleset.bingo });
  }
  return { total, breakdown };
}
