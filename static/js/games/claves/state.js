// What the Claves board knows: the latest snapshot (`view`, the engine's view for this viewer: only the
// viewer's own map while playing) and the little it keeps itself: the word the guesser touched but has not
// uncovered, dropped when a guess goes in or the word can no longer be touched.

/** The board's state: fields the view and the input read and set, and what follows from them. */
export function clavesState() {
  const s = {
    view: null,
    selected: null, // the cell the guesser touched, waiting for "Descubro"
    cursor: 0, // the card the keyboard is on: the grid's one Tab stop (roving tabindex), moved by the arrows
    guessesSeen: null, // guesses made so far in this match, to drop a selection once one goes in
    fittedWords: "", // the board (and size) the card fonts were fitted for
  };
  s.playing = () => Boolean(s.view && s.view.phase !== "finished");
  s.canClue = () => Boolean(s.view && s.view.can_clue);
  s.canGuess = () => Boolean(s.view && s.view.can_guess);
  s.touchable = (cell) => Boolean(s.canGuess() && s.view.board[cell] && s.view.board[cell].touchable);
  return s;
}
