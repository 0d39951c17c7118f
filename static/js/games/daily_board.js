// A game's own room board (static/js/games/<game>.js `mount`) played on a daily's page: the daily shows the position
// the way the game does, with the game's own taps, traces, rack and keyboard, instead of a copy of them.
//
// The room board speaks in frames (docs/protocol.md): it sends `{type: "act", action, ref}` and takes `match`,
// `room` and `error` frames. Here its acts become the daily's POSTs (play.js `send`), each daily payload becomes a
// `match` frame of the game's view shape (`toMatch`, the game's adapter), and a refusal becomes an `error` frame
// answering the act's ref, so the board shakes and says why as in a game. What only a game room has (clocks,
// players, resign, draw offers, the result card) is left out by daily.css; the daily's own parts (the reveal, the
// give-up) are drawn by the game's daily module around it.
import { h } from "./kit.js";

/** The match a payload is: one puzzle (game, day, word language); another (the word language chosen anew) makes the
 * board start afresh, as a new match does. */
export const puzzleKey = (payload) => `daily:${payload.game}:${payload.day}:${payload.variant}`;

/** Mounts `mount` in `element`; `toMatch(view)` is the game's view for the board; `room` the room frame that names
 * the seats. Returns {board, host, show(payload, view)}: `show` feeds the board the payload's view (or `view`, one
 * the page derives from it) as a match frame. */
export function dailyRoomBoard({ element, send }, { mount, toMatch, room }) {
  const host = h("div", { class: "daily-room-board" });
  element.replaceChildren(host);
  let version = 0;
  const board = mount(host, {
    send: async (frame) => {
      if (!frame || frame.type !== "act") return;
      const { refused } = await send(frame.action);
      if (refused) board.onError({ type: "error", code: refused.error, message: refused.message, ref: frame.ref });
    },
  });
  board.onRoom({ room });
  return {
    board,
    host,
    show(payload, view = payload.view) {
      version += 1;
      board.onMatch({ type: "match", match_id: puzzleKey(payload), v: version, view: toMatch(view) });
    },
  };
}

/** A give-up button that asks first ("Give up? It scores 0."), for the one-move dailies. */
export function giveUpButton({ label, question, yes, no, onGiveUp }) {
  const wrap = h("div", { class: "daily-give-up", "data-testid": "daily-give-up-box" });
  const ask = () => {
    const sure = h("button", { type: "button", class: "button small danger", "data-testid": "daily-give-up-yes", text: yes });
    const keep = h("button", { type: "button", class: "button small secondary", "data-testid": "daily-give-up-no", text: no });
    sure.addEventListener("click", () => { sure.disabled = true; onGiveUp(); });
    keep.addEventListener("click", () => idle());
    wrap.replaceChildren(h("p", { class: "daily-give-up-question", role: "alert", text: question }), sure, keep);
  };
  const idle = () => {
    const button = h("button", { type: "button", class: "button small secondary", "data-testid": "daily-give-up", text: label });
    button.addEventListener("click", ask);
    wrap.replaceChildren(button);
  };
  idle();
  return { element: wrap, reset: idle };
}

/**
 * The one-move dailies' reveal (Wordgrid's, Letras Cruzadas's), once the player has moved: the verdict, the
 * player's own move and the best ones, each a button that shows that move on the room board (`room.show`).
 * `upper` writes a word as the game's tiles show it; `yours` labels the player's move; `bestTitle(points)` heads
 * the best ones. Call `draw(payload)` after every state.
 */
export function moveReveal({ room, upper, verdict, yours, bestTitle }) {
  const element = h("section", { class: "daily-reveal", "data-testid": "daily-reveal", hidden: true });
  let payload = null;
  let shown = null; // the move the finished board shows: "played" or the index of a best one

  function drawBoard() {
    const view = payload.view;
    const done = view.reveal;
    let move = null;
    if (done && shown === "played") move = done.played;
    else if (done && done.best_moves.length) move = done.best_moves[shown ?? 0];
    room.show(payload, { ...view, shownMove: move });
  }

  function choice(label, key, testid, word) {
    const pressed = shown === key || (shown === null && key === 0);
    const button = h("button", { type: "button", class: `button small secondary daily-move${pressed ? " on" : ""}`,
      "aria-pressed": pressed ? "true" : "false", "data-testid": testid, "data-word": word || null, text: label });
    button.addEventListener("click", () => { shown = key; drawBoard(); drawChoices(); });
    return button;
  }

  function drawChoices() {
    const done = payload.view.reveal;
    element.hidden = !done;
    if (!done) { element.replaceChildren(); return; }
    const best = done.best_moves.map((move, index) => choice(`${upper(move.word)} · ${move.points}`, index,
      "daily-best", move.word));
    element.replaceChildren(...[
      h("p", { class: "daily-verdict", "data-testid": "daily-verdict", text: verdict(done) }),
      done.played ? choice(yours, "played", "daily-yours", done.played.word) : null,
      h("p", { class: "daily-best-title", text: bestTitle(done.best_points) }),
      h("div", { class: "daily-best-list" }, best),
    ].filter(Boolean));
  }

  return {
    element,
    draw(next) {
      if (!payload || payload.view.finished !== next.view.finished) shown = null;
      payload = next;
      drawBoard();
      drawChoices();
    },
  };
}
