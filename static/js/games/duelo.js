// The Duelo de Palabras board: the player's grid and keyboard, rivals' colours, cards and the result.
//
// Every `match` frame is a full snapshot (the engine's view for this viewer, docs/engine-interface.md),
// so the board renders from it alone, idempotently. The only local state is the word being typed, which
// is cleared when the player's row count grows (the guess was accepted) or a new round starts.
//
//   const board = mountDuelo(root, {send});
//   board.onMatch(frame); board.onRoom(frame); board.onError(frame);

import {
  h, nt, t, parseTime, clockText, cueLowTime, matchFrames, roomSeats, roundAnalysisNotes, tickWhileShown,
} from "./kit.js";
import { shareBox } from "../share.js"; // share (issue 33)
import { composeKorean, displayLetter } from "../keyboards.js";
import { MARK_NAMES, displayWord, guessInput, tile, tileLabel, wordleKeyboard } from "./wordle.js";

// Guesses the server refuses without spending anything: the row shakes.
const REJECTED = new Set(["not_letters", "wrong_length", "not_in_list", "already_played"]);
// Duelo's own refusal of a guess (wordle.js has the shared ones).
const ERRORS = { already_played: () => t("You already played that word this round.") };
// What a screen reader says of each letter of a guess once it is checked (issue 33: the colours alone said nothing).
const MARK_SAID = {
  green: () => t("right place"),
  amber: () => t("elsewhere"),
  grey: () => t("not in the word"),
};


export function mountDuelo(root, { send, afterGame = null } = {}) {
  let view = null;
  const seating = roomSeats();
  let lastRowCount = 0;
  const frames = matchFrames();

  // -- skeleton (built once) ------------------------------------------------------------------------
  const roundEl = h("span", { class: "duelo-round" });
  const clockEl = h("span", { class: "duelo-clock", role: "timer", "aria-label": t("Time left") });
  const lowTime = cueLowTime(clockEl); // sounds (issue 33): the round's clock runs low while you still guess
  const mineEl = h("span", { class: "duelo-mine" });
  const banner = h("p", { class: "duelo-banner", hidden: true, role: "status" });
  const grid = h("div", { class: "wordle-grid", role: "group", "aria-label": t("Your guesses") });
  const card = h("div", { class: "duelo-card", hidden: true });
  const stage = h("div", { class: "duelo-stage" }, [grid, card]);
  const message = h("p", { class: "duelo-message", role: "status", "aria-live": "polite" });
  // The player's checked guess in words, for a screen reader (the grid shows it in colours).
  const said = h("p", { class: "visually-hidden", role: "status", "aria-live": "polite", "data-testid": "guess-said" });
  const guess = guessInput({
    send, message, matchId: frames.matchId, canType: () => canType(), language: () => language(),
    length: () => wordLength(), row: () => grid.querySelector(".row.current"), rejected: REJECTED,
    changed: () => renderGrid(), errors: ERRORS,
  });
  const keys = wordleKeyboard({ onLetters: guess.type, onEnter: guess.submit, onBack: guess.back });
  const keyboard = keys.element;
  const rivals = h("section", { class: "duelo-rivals", "aria-label": t("Rivals") });
  const result = h("section", { class: "duelo-result", hidden: true });
  const main = h("div", { class: "duelo-main" }, [stage, message, said, keyboard]);
  const board = h("div", { class: "duelo wordle-board", "data-phase": "waiting" }, [
    h("div", { class: "duelo-status" }, [roundEl, mineEl, clockEl]),
    banner,
    h("div", { class: "duelo-body" }, [main, rivals]),
    result,
  ]);
  root.replaceChildren(board);

  const language = () => (view ? view.language : null);
  const wordLength = () => (view ? view.word_length : 5);
  const myGrid = () => (view ? view.grid : null);
  const canType = () => Boolean(view && view.phase === "playing" && myGrid() && myGrid().can_guess);

  const seatName = seating.name;

  // -- the player's grid -----------------------------------------------------------------------------
  function renderGrid() {
    const mine = myGrid();
    const rows = mine ? mine.rows : [];
    const length = wordLength();
    const korean = language() === "ko";
    grid.classList.toggle("korean", korean);
    const out = [];
    for (let r = 0; r < view.max_guesses; r += 1) {
      const tiles = [];
      let syllables = "";
      let kind = "empty";
      if (r < rows.length) {
        kind = "done";
        rows[r].letters.forEach((letter, i) => {
          const mark = rows[r].marks[i];
          const el = tile(language(), letter, mark);
          if (r >= lastRowCount) {
            el.classList.add("reveal");
            el.style.animationDelay = `${i * 90}ms`;
          }
          tiles.push(el);
        });
        syllables = rows[r].shown;
      } else if (r === rows.length && canType()) {
        kind = "current";
        const typed = guess.letters();
        for (let i = 0; i < length; i += 1) tiles.push(tile(language(), typed[i], null));
        syllables = composeKorean(typed);
      } else {
        for (let i = 0; i < length; i += 1) tiles.push(tile(language(), null, null));
      }
      const row = h("div", { class: `row ${kind}`, role: "group", "aria-label": t("Guess %(row)s", { row: r + 1 }),
        "data-row": r }, tiles);
      if (korean) row.append(h("span", { class: "syllables", "data-testid": kind === "current" ? "composed" : null,
        lang: "ko", text: syllables }));
      out.push(row);
    }
    grid.replaceChildren(...out);
    lastRowCount = rows.length;
  }

  // A guess of the player's that the server just checked, said in words: "CASA: C right place, A elsewhere…".
  function sayGuess(previous) {
    const rows = myGrid() ? myGrid().rows : [];
    const before = previous && previous.grid && previous.round === view.round ? previous.grid.rows.length : null;
    if (before === null || rows.length <= before) return;
    const row = rows[rows.length - 1];
    const letters = row.letters.map((letter, i) => `${displayLetter(language(), letter)} ${MARK_SAID[row.marks[i]]()}`);
    const solved = row.marks.every((mark) => mark === "green");
    const after = solved ? t("Solved!")
      : nt("%(count)s guess left.", "%(count)s guesses left.", myGrid().guesses_left);
    said.textContent = `${displayWord(language(), row.shown)}: ${letters.join(", ")}. ${after}`;
  }

  // -- keyboard ---------------------------------------------------------------------------------------
  function renderKeyboard() {
    keys.render({ language: language(), alphabet: view.alphabet, hints: myGrid() ? myGrid().keyboard : {},
      locked: !canType() });
  }

  // -- rivals -------------------------------------------------------------------------------------------
  function renderRivals() {
    const others = view.seats.filter((s) => s.seat !== view.you);
    // A replay's last frame keeps the grids under the result: the words of the last round stay to be read.
    rivals.hidden = others.length === 0 || (view.phase === "finished" && !seating.replay());
    rivals.classList.toggle("spectating", view.you === null);
    rivals.replaceChildren(...others.map((seat) => {
      const rows = [];
      for (let r = 0; r < view.max_guesses; r += 1) {
        const marks = seat.rows[r] ? seat.rows[r].marks : null;
        // A finished match's replay shows the letters too (the end reveals every guess: engine.replay_view).
        const letters = seat.rows[r] && seat.rows[r].letters ? seat.rows[r].letters : null;
        const cells = [];
        for (let i = 0; i < view.word_length; i += 1) {
          cells.push(h("span", { class: `cell${marks ? ` ${marks[i]}` : ""}`, lang: letters ? view.language : null,
            text: letters ? displayLetter(view.language, letters[i]) : null }));
        }
        const said = letters ? letters.map((letter, i) => tileLabel(view.language, letter, marks[i]))
          : (marks || []).map((m) => MARK_NAMES[m]());
        rows.push(h("div", { class: "minirow", role: marks ? "img" : null,
          "aria-label": marks ? `${t("Guess %(row)s", { row: r + 1 })}: ${said.join(", ")}` : null,
          "aria-hidden": marks ? null : "true" }, cells));
      }
      let badge = null;
      if (seat.solved) badge = h("span", { class: "badge solved", text: `✓ ${t("Solved")}` });
      else if (seat.done) badge = h("span", { class: "badge done", text: t("Out") });
      return h("article", { class: `rival${seat.solved ? " is-solved" : ""}${seat.done ? " is-done" : ""}${seating.away(seat.seat) ? " is-away" : ""}`,
        "data-seat": seat.seat }, [
        h("header", { class: "rival-name" }, [
          h("span", { class: "rival-who" }, [h("span", { class: "name", text: seatName(seat.seat) }), seating.presence(seat.seat)]),
          seating.isBot(seat.seat) ? h("span", { class: "tagline", text: t("bot") }) : null,
        ]),
        h("div", { class: "minigrid" }, rows),
        h("footer", { class: "rival-foot" }, [
          badge,
          h("span", { class: "points", "aria-label": t("%(round)s points this round, %(total)s in total", { round: seat.round_points, total: seat.total }),
            text: t("+%(round)s · %(total)s", { round: seat.round_points, total: seat.total }) }),
        ]),
      ]);
    }));
  }

  // -- cards and the result -------------------------------------------------------------------------------
  function renderStartCard() {
    card.replaceChildren(
      h("p", { class: "card-kicker", text: t("Round %(round)s of %(rounds)s", { round: view.round, rounds: view.rounds }) }),
      h("p", { class: "card-title", text: t("Round %(round)s", { round: view.round }) }),
      h("p", { class: "card-count", "data-count": "opens" }),
      h("p", { class: "card-note", text: t("Get ready…") }),
    );
  }

  function renderEndCard() {
    const hidden = view.hidden || {};
    const entry = view.history.find((item) => item.round === view.round);
    const results = entry ? entry.results : view.seats.map((s) => ({ seat: s.seat, solved: s.solved,
      guesses: s.guesses, solve_order: s.solve_order, points: s.round_points }));
    const word = h("p", { class: "card-word", "data-testid": "end-word", lang: view.language }, [
      displayWord(view.language, hidden.shown || ""),
    ]);
    if (view.language === "ko" && hidden.letters) {
      word.append(h("span", { class: "card-jamo", text: hidden.letters.join("") }));
    }
    const sorted = [...results].sort((a, b) => b.points - a.points || a.seat - b.seat);
    card.replaceChildren(
      h("p", { class: "card-kicker", text: t("The word was") }),
      word,
      h("ul", { class: "card-results" }, sorted.map((r) => h("li", { class: r.seat === view.you ? "me" : null,
        "data-seat": r.seat }, [
        h("span", { class: "name", text: seatName(r.seat) + (r.seat === view.you ? ` (${t("you")})` : "") }),
        h("span", { class: "need", text: r.solved ? t("Solved in %(guesses)s", { guesses: r.guesses }) : t("Not solved") }),
        h("span", { class: "earn", text: `+${r.points}` }),
      ]))),
      h("p", { class: "card-note", "data-count": view.round < view.rounds ? "next" : "results" }),
    );
    showRoundAnalysis();
  }

  // The round's analysis on its end card, for a player: how their guesses narrowed the word, beside the hard bot
  // (kit.js roundAnalysisNotes; the worker has it ready by then).
  function showRoundAnalysis() {
    if (view.you === null || !frames.matchId()) return;
    const round = view.round;
    const notes = roundAnalysisNotes(frames.matchId(), round, view.you, () => {
      if (view.phase === "ending" && view.round === round) renderEndCard();
    });
    if (notes && notes.length) {
      card.querySelector(".card-note").before(h("ul", { class: "card-analysis", "data-testid": "round-analysis" },
        notes.slice(0, 3).map((text) => h("li", { text }))));
    }
  }

  function renderResult() {
    const outcome = view.outcome;
    if (!outcome) return;
    let title;
    if (outcome.draw) title = t("A draw: everyone scored %(points)s.", { points: outcome.totals[0] });
    else if (outcome.winners.length > 1) {
      title = t("Shared victory: %(names)s", { names: outcome.winners.map(seatName).join(", ") });
    } else if (outcome.winners[0] === view.you) title = t("You win!");
    else title = t("%(name)s wins!", { name: seatName(outcome.winners[0]) });
    const seats = [...outcome.seats].sort((a, b) => a.place - b.place || a.seat - b.seat);
    const rounds = seats.length ? seats[0].rounds.map((r) => r.round) : [];
    const head = h("tr", {}, [
      h("th", { scope: "col", text: t("Place") }),
      h("th", { scope: "col", text: t("Player") }),
      ...rounds.map((n) => h("th", { scope: "col", class: "num", text: t("R%(round)s", { round: n }) })),
      h("th", { scope: "col", class: "num", text: t("Total") }),
    ]);
    const body = seats.map((s) => h("tr", {
      class: `${outcome.winners.includes(s.seat) ? "winner" : ""}${s.seat === view.you ? " me" : ""}`.trim() || null,
      "data-seat": s.seat,
    }, [
      h("td", { class: "place", text: String(s.place) }),
      h("th", { scope: "row", text: seatName(s.seat) + (s.seat === view.you ? ` (${t("you")})` : "") }),
      ...s.rounds.map((r) => h("td", { class: "num", text: String(r.points) })),
      h("td", { class: "num total", text: String(s.total) }),
    ]));
    result.replaceChildren(...[
      h("h2", { class: "result-title", "data-testid": "result-title", text: title }),
      outcome.stopped ? h("p", { class: "result-note", text: t("The match was ended early.") }) : null,
      afterGame, // the way on: Rematch, New game (static/js/after_game.js)
      h("div", { class: "result-table-wrap" }, [
        h("table", { class: "result-table" }, [h("thead", {}, [head]), h("tbody", {}, body)]),
      ]),
      shareBox(frames.matchId(), view.you), // share (issue 33): static/js/share.js
    ].filter(Boolean));
  }

  // -- the clock ----------------------------------------------------------------------------------------
  function tick() {
    if (!view) return;
    const now = frames.now();
    const phase = view.phase;
    if (phase === "playing") {
      const ends = parseTime(view.ends_at) ?? parseTime(view.clock_ends_at);
      clockEl.textContent = clockText(ends - now);
      clockEl.classList.toggle("urgent", ends - now <= 10000);
      lowTime(ends - now <= 10000 && ends > now && Boolean(view.grid && view.grid.can_guess));
      const closing = parseTime(view.closing_ends_at);
      banner.hidden = closing === null;
      if (closing !== null) {
        banner.textContent = t("The word has been found! The round ends in %(seconds)s s.", { seconds: Math.max(0, Math.ceil((ends - now) / 1000)) });
      }
    } else {
      banner.hidden = true;
      clockEl.classList.remove("urgent");
      lowTime(false);
      clockEl.textContent = phase === "starting" ? clockText(view.round_seconds * 1000)
        : phase === "finished" ? "" : "0:00";
    }
    const count = card.querySelector("[data-count]");
    if (count) {
      const deadline = parseTime(view.deadline);
      const seconds = deadline === null ? 0 : Math.max(0, Math.ceil((deadline - now) / 1000));
      if (count.dataset.count === "opens") count.textContent = String(Math.max(1, seconds));
      else if (count.dataset.count === "next") count.textContent = t("Next round in %(seconds)s s", { seconds });
      else count.textContent = t("Results in %(seconds)s s", { seconds });
    }
  }
  tickWhileShown(board, tick);

  // -- a whole snapshot -------------------------------------------------------------------------------------
  function render() {
    if (!view) return;
    board.dataset.phase = view.phase;
    board.dataset.language = view.language;
    board.classList.toggle("spectator", view.you === null);
    board.classList.toggle("replaying", seating.replay());
    roundEl.textContent = view.phase === "finished" ? t("Match over")
      : t("Round %(round)s of %(rounds)s", { round: view.round, rounds: view.rounds });
    const me = view.you === null ? null : view.seats.find((s) => s.seat === view.you);
    mineEl.textContent = me ? t("You: +%(round)s this round · %(total)s in total", { round: me.round_points, total: me.total })
      : seating.replay() ? t("Replay of a finished match.") : t("You are watching this match.");
    mineEl.hidden = view.phase === "finished";

    main.hidden = view.you === null || view.phase === "finished";
    if (view.you !== null) {
      renderGrid();
      renderKeyboard();
    }
    renderRivals();

    if (view.phase === "starting") { card.hidden = false; card.dataset.kind = "start"; renderStartCard(); }
    else if (view.phase === "ending") { card.hidden = false; card.dataset.kind = "end"; renderEndCard(); }
    else { card.hidden = true; card.dataset.kind = ""; card.replaceChildren(); }

    result.hidden = view.phase !== "finished";
    if (view.phase === "finished") renderResult();
    tick();
  }

  return {
    onMatch(frame) {
      const taken = frames.take(frame);
      if (!taken) return;
      if (taken.fresh) {
        guess.restart();
        lastRowCount = Infinity; // no reveal animation for rows that were there before we looked
      }
      const previous = view;
      view = frame.view;
      // The guess went in (the row count grew) or a new round began: the typed word is spent.
      guess.follow(`${view.round}:${view.grid ? view.grid.rows.length : 0}`);
      if (previous && previous.round !== view.round) lastRowCount = 0;
      render();
      if (!taken.fresh && view.you !== null) sayGuess(previous);
    },
    onError(frame) {
      guess.refused(frame);
    },
    onRoom(frame) {
      seating.take(frame);
      if (view) render();
    },
    // For tests and the page: what is typed now.
    typed: () => guess.word(),
  };
}

export const mount = mountDuelo;

/** The keys of this board, for the room's shortcuts help (static/js/shortcuts.js): [keys, what they do]. */
export const shortcuts = () => [
  [[t("A–Z")], t("Type a letter of your guess")],
  [["Enter"], t("Send the guess")],
  [["Backspace"], t("Delete the last letter")],
];
