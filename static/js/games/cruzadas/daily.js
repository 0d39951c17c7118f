// Letras Cruzadas's daily board: the day's rack on the day's board (games/cruzadas/daily.py's view), one placement,
// drawn and played by the game's own board (static/js/games/cruzadas.js through room_board.js: tap a rack tile then
// a square, drag, type, the blank's picker, the live score preview, the same refusals). Scored as a share of the best
// placement's points; a give-up scores 0. Once played, the reveal: the points, the share of the best, and the best
// placement(s) laid on the board on a tap.
import { h, t } from "../kit.js";
import { mountCruzadas, upperTr } from "../cruzadas.js";
import { dailyRoomBoard, giveUpButton, moveReveal } from "../daily_board.js";

const SIZE = 15;

/** The daily's position as a game's view for the player to move (games/cruzadas/engine.py view()); once finished,
 * the board with `move` (the player's or a best one) laid on it and marked as the game marks its last move. */
function gameView(view, move) {
  const board = view.board.map((row) => [...row]);
  for (const tile of move ? move.tiles : []) {
    board[Math.floor(tile.cell / SIZE)][tile.cell % SIZE] = { letter: tile.letter, blank: tile.blank };
  }
  return {
    phase: view.finished ? "over" : "playing",
    you: 0,
    turn: 0,
    can_move: !view.finished,
    language: view.language,
    ruleset: view.ruleset,
    board,
    premiums: view.premiums,
    centre: view.centre,
    star: view.star,
    scores: view.scores,
    rack: view.rack,
    rack_counts: [view.rack.length, view.ruleset.rack_size],
    bag_count: view.bag_count,
    unseen: {},
    history: view.finished ? [{ seat: 0 }] : [],
    last_move: move ? { kind: "place", seat: 0, tiles: move.tiles, words: move.words, points: move.points } : null,
    can_exchange: false,
    can_resign: false,
    outcome: null,
  };
}

function verdict(reveal) {
  if (reveal.gave_up) return t("You gave up: 0 points.");
  return t("%(word)s: %(points)s points, %(percent)s of the best.",
    { word: upperTr(reveal.played.word), points: reveal.points, percent: `${reveal.percent} %` });
}

// The position's scores name the player as the page's top bar does (the daily knows no seats).
const nickname = () => document.querySelector(".chip-name")?.textContent || t("You");

export function board({ element, send, say }) {
  const task = h("p", { class: "daily-task", "data-testid": "daily-task",
    text: t("Your rack on today's board: make the one placement that scores the most. Tap a tile, then a square.") });
  const stage = h("div", { class: "daily-stage" });
  const giveUp = giveUpButton({
    label: t("Give up"), question: t("Give up and see the best placement? It scores 0."), yes: t("Yes, give up"),
    no: t("Keep looking"),
    onGiveUp: async () => {
      const { refused } = await send({ type: "give_up" });
      if (refused) { say(refused.message); giveUp.reset(); }
    },
  });
  const room = dailyRoomBoard({ element: stage, send }, {
    mount: mountCruzadas, toMatch: (view) => gameView(view, view.shownMove),
    room: { status: "daily", seats: [{ index: 0, kind: "player", nickname: nickname() },
      { index: 1, kind: "player", nickname: t("Rival") }] },
  });
  const reveal = moveReveal({
    room, upper: upperTr, verdict, yours: t("Your placement on the board"),
    bestTitle: (points) => t("The best placement here scores %(points)s; tap one to see it on the board:", { points }),
  });
  element.replaceChildren(task, stage, giveUp.element, reveal.element);

  return {
    render(payload) {
      element.dataset.finished = String(payload.view.finished);
      if (payload.view.finished) giveUp.reset();
      giveUp.element.hidden = payload.view.finished;
      reveal.draw(payload);
    },
  };
}

/** One step of a friend's play, for their ghost: the board with their placement marked, or that they gave up. */
export function ghost(view) {
  const done = view.reveal;
  const placed = new Map((done && done.played ? done.played.tiles : []).map((tile) => [tile.cell, tile]));
  const cells = [];
  for (let index = 0; index < SIZE * SIZE; index += 1) {
    const fixed = view.board[Math.floor(index / SIZE)][index % SIZE];
    const tile = placed.get(index) || fixed;
    cells.push(h("span", { class: `daily-mini-cell${tile ? " filled" : ""}${placed.has(index) ? " new" : ""}`,
      lang: view.language, text: tile ? upperTr(tile.letter) : "" }));
  }
  return h("div", { class: "daily-ghost-grid daily-mini-grid", "data-testid": "daily-ghost-grid" }, [
    h("div", { class: "daily-mini-board cruzadas-mini", style: `--cells: ${SIZE}` }, cells),
    h("p", { class: "daily-ghost-caption", text: done ? verdict(done) : "" }),
  ]);
}
