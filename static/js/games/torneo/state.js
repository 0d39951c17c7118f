// What the Torneo board knows: the latest snapshot (`view`, the engine's view for this viewer), the rating
// changes that came with it, and the little it keeps itself (whether the player, knocked out, chose to
// watch on; which rows were already shown, so only new ones flip), with what follows from the snapshot.
import { t } from "../kit.js";

export const ROWS = 12; // 6 turns each
export const LIVES = 3;

export const signed = (n) => (n > 0 ? `+${n}` : String(n));
export const cls = (...names) => names.filter(Boolean).join(" ");
// replaceChildren would write a left-out (null) child as the text "null".
export const fill = (el, children) => el.replaceChildren(...children.filter(Boolean));

/** Where the player finished, alone or shared with others who fell in the same round. */
export function placeLine(place, shared) {
  return shared
    ? t("You finished in place %(place)s, shared with others who fell in the same round.", { place })
    : t("You finished in place %(place)s.", { place });
}

/** The board's state: fields the panels read and set, and what follows from them. */
export function torneoState() {
  const s = {
    view: null,
    ratings: null,
    keepWatching: false, // the player, knocked out, chose to watch on
    shownRows: new Map(), // duel key -> rows already shown (new ones flip)
    scrolledFor: null, // the duel and row the board last scrolled to (duel.js keepInView)
  };
  s.you = () => (s.view ? s.view.you : null);
  s.myDuel = () => (s.view && s.view.you !== null ? s.view.duels.find((d) => d.yours) || null : null);
  s.amOut = () => s.you() !== null && (s.view.lives[s.you()] === 0 || s.view.places[s.you()] !== null);
  s.canType = () => {
    const duel = s.myDuel();
    return Boolean(s.view && s.view.phase === "playing" && duel && !duel.over && duel.to_play === s.you() && !s.amOut());
  };
  // While the rival plays, the player may type the next guess (it waits in their next row, and goes only with
  // Enter on their turn): they have a turn left in this duel.
  s.canPrepare = () => {
    const duel = s.myDuel();
    return Boolean(s.view && s.view.phase === "playing" && duel && !duel.over && duel.to_play !== s.you()
      && !s.amOut() && duel.turns_left[String(s.you())] > 0);
  };
  /** The row the player's next guess goes in: the current one on their turn, the one after it on the rival's. */
  s.myNextRow = (duel) => (duel.to_play === s.you() ? duel.rows.length : duel.rows.length + 1);
  /** How many rows the player has played in a duel (a new one means the typed word is spent). */
  s.myRows = (duel) => duel.rows.filter((_row, index) => duel.seats[index % 2] === s.you()).length;
  s.rivalOf = (duel, seat) => duel.seats.find((other) => other !== seat);
  s.duelKey = (duel) => `${s.view.round}:${duel.seats.join("-")}`;
  s.isShared = (seat) => {
    const place = s.view.places[seat];
    return place !== null && s.view.places.filter((p) => p === place).length > 1;
  };
  return s;
}
