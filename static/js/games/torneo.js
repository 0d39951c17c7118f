// The Torneo board: the 8-player knockout. Each round opens with an intro of the pairings; then every
// duel is played at once on a shared board, in turns. Shown here: the player's own duel (one board of up
// to 12 rows, each row marked with who played it, the keyboard on their turn), everyone's lives, the
// other duels of the round, a bye, the player's elimination with their place and rating change, a
// spectator's view of every duel, and the final standings.
//
// Every `match` frame is a full snapshot (the engine's view for this viewer, games/torneo/engine.py
// view(), plus `ratings` from the runtime), so the board renders from it alone, idempotently. Local state:
// the word being typed (typed ahead while the rival plays, shown in the player's next row as not sent; cleared
// when the player's own row goes in: their guess, or their turn ran out),
// whether the player chose to keep watching after being knocked out, and which rows were already shown
// (so only new rows flip).
//
//   const board = mountTorneo(root, {send});
//   board.onMatch(frame); board.onRoom(frame); board.onError(frame);

//
// The parts (static/js/games/torneo/): state.js what the board knows, duel.js the player's own duel,
// duels.js the other duels and the pieces every panel uses, round.js the intro and everyone's lives,
// end.js knocked out and the final standings. Here: the skeleton, the clock, which panels a snapshot shows.

import { clockText, cueLowTime, h, matchFrames, parseTime, roomSeats, t, tickWhileShown } from "./kit.js";
import { guessInput, wordleKeyboard } from "./wordle.js";
import { myDuelView } from "./torneo/duel.js";
import { duelsView } from "./torneo/duels.js";
import { endView } from "./torneo/end.js";
import { roundView } from "./torneo/round.js";
import { torneoState } from "./torneo/state.js";

// Guesses the server refuses without spending the turn: the row shakes and the turn keeps running.
const REJECTED = new Set(["not_letters", "wrong_length", "not_in_list", "not_your_turn"]);
// Torneo's own refusal of a guess (wordle.js has the shared ones).
const ERRORS = { not_your_turn: () => t("It is your rival's turn.") };
const TURN_MS = 30000;
const URGENT_MS = 10000;

export function mountTorneo(root, { send } = {}) {
  const s = torneoState();
  const seating = roomSeats();
  const frames = matchFrames();
  const { you, myDuel, amOut, canType } = s;
  const seatName = seating.name;

  // -- skeleton (built once) ------------------------------------------------------------------------
  const roundEl = h("span", { class: "torneo-round" });
  const myLivesEl = h("span", { class: "torneo-mylives" });
  const clockEl = h("span", { class: "torneo-clock", role: "timer", "aria-label": t("Time left") });
  const lowTime = cueLowTime(clockEl); // sounds (issue 33): your turn's clock runs low
  const statusEl = h("div", { class: "torneo-status" }, [
    h("span", { class: "torneo-where" }, [roundEl, myLivesEl]), clockEl]);
  const turnEl = h("p", { class: "torneo-turn", role: "status", "data-testid": "turn" });
  const intro = h("section", { class: "torneo-intro", "data-testid": "intro", hidden: true });
  const outPanel = h("section", { class: "torneo-out", "data-testid": "out", hidden: true });
  const duelHead = h("div", { class: "duel-head" });
  const turnBar = h("div", { class: "turn-bar", "aria-hidden": "true" }, [h("span")]);
  // tabindex: the rows scroll inside the board on a small screen, and a keyboard can scroll them too
  const grid = h("div", { class: "wordle-grid torneo-grid", role: "group", "aria-label": t("Shared board"),
    tabindex: "0" });
  const duelEnd = h("div", { class: "duel-end", "data-testid": "duel-end", hidden: true });
  const message = h("p", { class: "torneo-message", role: "status", "aria-live": "polite" });
  const guess = guessInput({
    send, message, matchId: frames.matchId, canType: () => canType(), canPrepare: () => s.canPrepare(),
    waiting: () => t("Not your turn yet: your guess waits. Press ⏎ when your turn comes."), language: () => s.view.language,
    length: () => myDuel()?.length ?? "", row: () => grid.querySelector(".row.current") || grid,
    rejected: REJECTED, changed: () => renderGrid(myDuel()), errors: ERRORS,
  });
  const keys = wordleKeyboard({ onLetters: guess.type, onEnter: guess.submit, onBack: guess.back });
  const keyboard = keys.element;
  // The keys and the message about a refused guess stay together at the bottom of a phone's screen.
  const typing = h("div", { class: "torneo-typing" }, [message, keyboard]);
  const duelEl = h("section", { class: "torneo-duel", "data-testid": "my-duel", hidden: true },
    [duelHead, turnBar, grid, duelEnd, typing]);
  const duelsEl = h("section", { class: "torneo-duels", "data-testid": "duels" });
  const playersEl = h("section", { class: "torneo-players", "data-testid": "players" });
  const leaveButton = h("button", { type: "button", class: "link torneo-leave", "data-testid": "leave",
    text: t("Leave the tournament") });
  const main = h("div", { class: "torneo-main" }, [intro, outPanel, duelEl]);
  const side = h("div", { class: "torneo-side" }, [playersEl, leaveButton]);
  const result = h("section", { class: "torneo-result", "data-testid": "result", hidden: true });
  const board = h("div", { class: "torneo wordle-board", "data-phase": "waiting" }, [
    statusEl,
    turnEl,
    h("div", { class: "torneo-body" }, [main, side]),
    result,
  ]);
  root.replaceChildren(board);

  const els = { duelHead, grid, duelEnd, turnBar, typing, duelEl, duelsEl, intro, playersEl, outPanel, leaveButton,
    result };
  const ctx = { s, els, seatName, seatInfo: seating.info, seating, root, keys, guess, render: () => render(),
    matchId: frames.matchId };
  const pieces = duelsView(ctx);
  const { hearts, renderDuels } = pieces;
  const { renderGrid, renderMyDuel } = myDuelView(ctx, pieces);
  const { renderIntro, renderPlayers } = roundView(ctx, pieces);
  const { renderOut, renderResult } = endView(ctx, pieces);

  // -- the clock ------------------------------------------------------------------------------------------
  function tick() {
    if (!s.view) return;
    const now = frames.now();
    const duel = myDuel();
    const running = s.view.phase === "playing" && duel && !duel.over;
    if (running) {
      const left = parseTime(duel.turn_ends_at) - now;
      clockEl.textContent = clockText(left);
      clockEl.classList.toggle("urgent", left <= URGENT_MS);
      turnBar.firstChild.style.width = `${Math.max(0, Math.min(1, left / TURN_MS)) * 100}%`;
      turnBar.classList.toggle("urgent", left <= URGENT_MS);
      lowTime(left <= URGENT_MS && left > 0 && duel.to_play === you());
    } else {
      clockEl.textContent = "";
      clockEl.classList.remove("urgent");
      lowTime(false);
    }
    const count = intro.querySelector("[data-count]");
    if (count) {
      const opens = parseTime(s.view.opens_at);
      count.textContent = String(Math.max(1, Math.ceil((opens - now) / 1000)));
    }
    for (const el of board.querySelectorAll("[data-ends]")) {
      el.textContent = clockText(parseTime(el.dataset.ends) - now);
    }
  }
  tickWhileShown(board, tick);

  // -- a whole snapshot -----------------------------------------------------------------------------------
  function turnText(duel) {
    if (s.view.phase === "finished") return "";
    if (you() === null) return seating.replay() ? t("Replay of a finished match.") : t("You are watching this tournament.");
    if (amOut()) {
      if (!s.keepWatching) return ""; // the knocked-out panel says it all
      return s.view.places[you()] !== null ? t("You are out · place %(place)s", { place: s.view.places[you()] }) : t("You are out");
    }
    if (s.view.phase === "intro") return "";
    if (duel && !duel.over) {
      return duel.to_play === you() ? t("Your turn") : t("%(name)s's turn", { name: seatName(duel.to_play) });
    }
    if (duel) return t("Waiting for the other duels to end…");
    if (s.view.bye === you()) return `${t("You have a bye this round")}. ${t("No duel and no life lost: watch the other duels.")}`;
    return "";
  }

  function render() {
    if (!s.view) return;
    const finished = s.view.phase === "finished";
    const duel = myDuel();
    const out = amOut();
    const mode = finished ? "finished" : s.view.phase === "intro" ? "intro" : you() === null ? "watch"
      : out ? "out" : duel ? "duel" : "bye";
    board.dataset.phase = s.view.phase;
    board.dataset.mode = mode;
    board.dataset.language = s.view.language;
    roundEl.textContent = t("Round %(round)s", { round: s.view.round });
    statusEl.hidden = finished; // the standings say it is over
    myLivesEl.replaceChildren(you() !== null && !finished ? hearts(s.view.lives[you()]) : "");
    const turn = turnText(duel);
    turnEl.textContent = turn;
    turnEl.hidden = !turn;
    turnEl.classList.toggle("yours", Boolean(duel && canType()));

    intro.hidden = mode !== "intro";
    if (mode === "intro") renderIntro(); else intro.replaceChildren();
    outPanel.hidden = !(out && !finished && !s.keepWatching);
    if (!outPanel.hidden) renderOut();
    duelEl.hidden = mode !== "duel";
    if (mode === "duel") renderMyDuel(duel);

    // The duels to watch: beside the player's own, or the main thing for whoever has none.
    if (mode === "duel") {
      side.insertBefore(duelsEl, leaveButton);
      renderDuels(s.view.duels.filter((d) => !d.yours), t("Other duels"));
    } else if (mode === "bye" || mode === "out" || mode === "watch") {
      main.append(duelsEl);
      renderDuels(s.view.duels, t("Duels of round %(round)s", { round: s.view.round }));
    } else {
      duelsEl.hidden = true;
    }
    renderPlayers();
    leaveButton.hidden = finished || you() === null || out;
    board.querySelector(".torneo-body").hidden = finished;
    result.hidden = !finished;
    if (finished) renderResult();
    tick();
  }

  return {
    // sounds (issue 33): a move the page sounds for is one in the viewer's own duel, not the other tables'
    hears(seat) {
      const duel = myDuel();
      return Boolean(duel && duel.seats.includes(seat));
    },
    onMatch(frame) {
      const taken = frames.take(frame);
      if (!taken) return;
      if (taken.fresh) {
        guess.restart();
        s.keepWatching = false;
        s.shownRows = new Map(); // no flips for rows that were there before we looked
      }
      s.view = frame.view;
      s.ratings = frame.ratings || null;
      const duel = myDuel();
      // The typed word is spent when the player's own row goes in (their guess, or their turn ran out), not when
      // the rival's does: what they typed meanwhile waits for their turn.
      guess.follow(duel ? `${s.view.round}:${s.myRows(duel)}` : `${s.view.round}:none`);
      render();
    },
    onError(frame) {
      guess.refused(frame);
    },
    onRoom(frame) {
      seating.take(frame);
      if (s.view) render();
    },
    // For tests and the page: what is typed now.
    typed: () => guess.word(),
  };
}

export const mount = mountTorneo;

/** The keys of this board, for the room's shortcuts help (static/js/shortcuts.js): [keys, what they do]. */
export const shortcuts = () => [
  [[t("A–Z")], t("Type a letter of your guess (while your rival plays, it waits for your turn)")],
  [["Enter"], t("Send the guess")],
  [["Backspace"], t("Delete the last letter")],
];
