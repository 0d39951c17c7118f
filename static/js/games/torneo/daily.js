// Torneo's daily board: the day's duel against the hard bot on one shared board (games/torneo/daily.py's view), drawn
// by the Torneo's own duel board (static/js/games/torneo.js through room_board.js): the rows marked with who played
// them, the word's 4 to 6 tiles, the word language's keyboard coloured by both sides' hints. The server answers a
// guess with the bot's reply in the same payload; the board shows the player's row first and the bot's a moment
// later, as a rival's row comes in a tournament. One life: the duel's end is the daily's.
import { h, t } from "../kit.js";
import { mountTorneo } from "../torneo.js";
import { tile } from "../wordle.js";
import { dailyRoomBoard, puzzleKey } from "../daily_board.js";

const BOT_REPLY_MS = 700; // the bot "thinks" this long on the page (its word is already in the payload)

/** The daily's duel as one duel of a tournament's round (the shape games/torneo/engine.py view() gives a seat). */
function roundView(view) {
  const over = view.finished;
  return {
    phase: "playing",
    round: 1,
    you: view.you,
    language: view.language,
    alphabet: view.alphabet,
    lives: [1, 1], // one life each: the duel decides the daily
    places: [null, null],
    left: [false, false],
    bye: null,
    previous_duels: [],
    duels: [{
      yours: true,
      seats: view.seats,
      length: view.length,
      rows: view.rows,
      keyboard: view.keyboard,
      to_play: over ? null : view.to_play,
      turns_left: view.turns_left,
      turn_ends_at: null, // a daily has no clock
      over,
      end: view.end,
      winner: view.winner,
      hidden: view.hidden,
    }],
  };
}

/** The view before the bot's last row went in: the player's guess alone, the bot to play. Built from the payload's
 * own rows (nothing the page did not already get), with no hidden word and the duel still on. */
function beforeReply(view) {
  const rows = view.rows.slice(0, -1);
  const left = { ...view.turns_left, [String(view.bot)]: view.turns_left[String(view.bot)] + 1 };
  return { ...view, rows, to_play: view.bot, turns_left: left, finished: false, end: null, winner: null, hidden: null };
}

export function board({ element, send }) {
  const task = h("p", { class: "daily-task", "data-testid": "daily-task" });
  const stage = h("div", { class: "daily-stage" });
  element.replaceChildren(task, stage);
  const room = dailyRoomBoard({ element: stage, send }, {
    mount: mountTorneo,
    toMatch: roundView,
    room: { status: "daily", seats: [{ index: 0, kind: "player", nickname: t("You") },
      { index: 1, kind: "bot", nickname: t("Hard bot") }] },
  });
  let seenRows = null;
  let seenPuzzle = null;
  let timer = null;

  return {
    render(payload) {
      const view = payload.view;
      stage.dataset.finished = String(view.finished);
      stage.dataset.length = String(view.length);
      element.dataset.finished = String(view.finished);
      task.textContent = t("A %(count)s-letter word. You guess first, then the hard bot, in turns on one board: whoever finds it first wins. Six guesses each.",
        { count: view.length });
      clearTimeout(timer);
      if (seenPuzzle !== puzzleKey(payload)) seenRows = null; // another word language: another duel
      seenPuzzle = puzzleKey(payload);
      const last = view.rows[view.rows.length - 1];
      const replied = seenRows !== null && view.rows.length === seenRows + 2 && last && last.seat === view.bot;
      seenRows = view.rows.length;
      if (!replied) { room.show(payload, view); return; }
      room.show(payload, beforeReply(view));
      timer = setTimeout(() => room.show(payload, view), BOT_REPLY_MS);
    },
  };
}

/** One step of a friend's duel, for their ghost: the board's rows so far, each marked with who played it. */
export function ghost(view) {
  const rows = view.rows.map((row) => h("div", { class: `row ${row.seat === view.you ? "mine" : "theirs"}` }, [
    h("span", { class: "row-who", text: row.seat === view.you ? t("You") : t("Hard bot") }),
    ...row.letters.map((letter, i) => tile(view.language, letter, row.marks[i])),
  ]));
  const grid = h("div", { class: "wordle-grid daily-grid daily-ghost-grid daily-duel-ghost", "data-testid": "daily-ghost-grid" }, rows);
  grid.style.setProperty("--letters", String(view.length));
  return grid;
}
