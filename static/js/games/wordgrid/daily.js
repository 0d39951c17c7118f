// Wordgrid's daily board: the day's grid (games/wordgrid/daily.py's view), where the player writes one letter and
// traces one word through it, drawn and played by Wordgrid's own board (static/js/games/wordgrid.js through
// room_board.js: the same taps, traces, letter keys and refusals as in a game). A word scores its length, against
// the longest word the grid allows. Once played (or given up), the reveal: the move's points and share of the best,
// and the longest words, each shown on the grid on a tap.
import { h, t } from "../kit.js";
import { mountWordgrid } from "../wordgrid.js";
import { dailyRoomBoard, giveUpButton, moveReveal } from "../daily_board.js";

const SIZE = 5;

/** The daily's grid as a game's view for the player to move (games/wordgrid/engine.py view()); once finished, the
 * grid with `move` (the player's or a best one) written in and traced as the game shows its last move. */
function gameView(view, move) {
  const grid = view.grid.map((row) => [...row]);
  if (move) grid[move.cell[0]][move.cell[1]] = move.letter;
  return {
    phase: view.finished ? "over" : "playing",
    you: 0,
    turn: 0,
    can_move: !view.finished,
    grid,
    owners: grid.map((row) => row.map(() => undefined)), // the daily's grid says nobody's letters
    last_move: move ? { cell: move.cell, path: move.path, word: move.word } : null,
    seats: [],
    played: view.finished ? [{ seat: 0 }] : [],
    list: view.list,
    start_word: "",
    draw_offer: null,
    can_offer_draw: false,
    can_answer_draw: false,
    outcome: null,
  };
}

const upper = (word) => String(word || "").toUpperCase();

function verdict(reveal) {
  if (reveal.gave_up) return t("You gave up: 0 points.");
  return t("%(word)s: %(points)s points, %(percent)s of the best.",
    { word: upper(reveal.played.word), points: reveal.points, percent: `${reveal.percent} %` });
}

export function board({ element, send, say }) {
  const task = h("p", { class: "daily-task", "data-testid": "daily-task",
    text: t("Write one letter next to the grid's letters and trace a word through it: it scores one point per letter. Find the longest word this grid allows.") });
  const stage = h("div", { class: "daily-stage" });
  const spent = h("p", { class: "daily-spent", "data-testid": "daily-spent" });
  const giveUp = giveUpButton({
    label: t("Give up"), question: t("Give up and see the best words? It scores 0."), yes: t("Yes, give up"), no: t("Keep looking"),
    onGiveUp: async () => {
      const { refused } = await send({ type: "give_up" });
      if (refused) { say(refused.message); giveUp.reset(); }
    },
  });
  const room = dailyRoomBoard({ element: stage, send }, {
    mount: mountWordgrid, toMatch: (view) => gameView(view, view.shownMove), room: { status: "daily", seats: [] },
  });
  const reveal = moveReveal({
    room, upper, verdict, yours: t("Your word on the grid"),
    bestTitle: (points) => t("The longest words here (%(points)s letters), tap one to see it on the grid:", { points }),
  });
  element.replaceChildren(task, stage, giveUp.element, spent, reveal.element);

  return {
    render(payload) {
      const view = payload.view;
      element.dataset.finished = String(view.finished);
      if (view.finished) giveUp.reset();
      giveUp.element.hidden = view.finished;
      spent.textContent = view.spent.length
        ? t("Already played (not again): %(words)s", { words: view.spent.map(upper).join(", ") }) : "";
      reveal.draw(payload);
    },
  };
}

/** One step of a friend's play, for their ghost: the grid with their word traced, or that they gave up. */
export function ghost(view) {
  const done = view.reveal;
  const move = done && done.played;
  const path = new Set(move ? move.path.map(([r, c]) => `${r},${c}`) : []);
  const rows = [];
  for (let r = 0; r < SIZE; r += 1) {
    const cells = [];
    for (let c = 0; c < SIZE; c += 1) {
      const isNew = move && move.cell[0] === r && move.cell[1] === c;
      const letter = isNew ? move.letter : view.grid[r][c];
      cells.push(h("span", { class: `daily-mini-cell${letter ? " filled" : ""}${path.has(`${r},${c}`) ? " traced" : ""}${isNew ? " new" : ""}`,
        text: upper(letter) }));
    }
    rows.push(h("div", { class: "daily-mini-row" }, cells));
  }
  return h("div", { class: "daily-ghost-grid daily-mini-grid", "data-testid": "daily-ghost-grid" }, [
    h("div", { class: "daily-mini-board", style: `--cells: ${SIZE}` }, rows),
    h("p", { class: "daily-ghost-caption", text: done ? verdict(done) : "" }),
  ]);
}
