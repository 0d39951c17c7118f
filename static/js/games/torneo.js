// The Torneo board: the 8-player knockout. Each round opens with an intro of the pairings; then every
// duel is played at once on a shared board, in turns. Shown here: the player's own duel (one board of up
// to 12 rows, each row marked with who played it, the keyboard on their turn), everyone's lives, the
// other duels of the round, a bye, the player's elimination with their place and rating change, a
// spectator's view of every duel, and the final standings.
//
// Every `match` frame is a full snapshot (the engine's view for this viewer, games/torneo/engine.py
// view(), plus `ratings` from the runtime), so the board renders from it alone, idempotently. Local state:
// the word being typed (cleared when the duel's row count changes: a guess went in or a turn ran out),
// whether the player chose to keep watching after being knocked out, and which rows were already shown
// (so only new rows flip).
//
//   const board = mountTorneo(root, {send});
//   board.onMatch(frame); board.onRoom(frame); board.onError(frame);

import { clockText, h, matchFrames, parseTime, roomSeats, t, tickWhileShown } from "./kit.js";
import { displayLetter } from "../keyboards.js";
import { displayWord, guessInput, tile, wordleKeyboard } from "./wordle.js";

// Guesses the server refuses without spending the turn: the row shakes and the turn keeps running.
const REJECTED = new Set(["not_letters", "wrong_length", "not_in_list", "not_your_turn"]);
// Torneo's own refusal of a guess (wordle.js has the shared ones).
const ERRORS = { not_your_turn: () => t("It is your rival's turn.") };
const ROWS = 12; // 6 turns each
const LIVES = 3;
const TURN_MS = 30000;
const URGENT_MS = 10000;

const signed = (n) => (n > 0 ? `+${n}` : String(n));
const cls = (...names) => names.filter(Boolean).join(" ");

/** Where the player finished, alone or shared with others who fell in the same round. */
function placeLine(place, shared) {
  return shared
    ? t("You finished in place %(place)s, shared with others who fell in the same round.", { place })
    : t("You finished in place %(place)s.", { place });
}

// replaceChildren would write a left-out (null) child as the text "null".
const fill = (el, children) => el.replaceChildren(...children.filter(Boolean));

export function mountTorneo(root, { send } = {}) {
  let view = null;
  let ratings = null;
  const seating = roomSeats();
  let keepWatching = false; // the player, knocked out, chose to watch on
  let shownRows = new Map(); // duel key -> rows already shown (new ones flip)
  let turnShown = false; // the player's turn was already brought into view
  const frames = matchFrames();

  // -- skeleton (built once) ------------------------------------------------------------------------
  const roundEl = h("span", { class: "torneo-round" });
  const myLivesEl = h("span", { class: "torneo-mylives" });
  const clockEl = h("span", { class: "torneo-clock", role: "timer", "aria-label": t("Time left") });
  const statusEl = h("div", { class: "torneo-status" }, [
    h("span", { class: "torneo-where" }, [roundEl, myLivesEl]), clockEl]);
  const turnEl = h("p", { class: "torneo-turn", role: "status", "data-testid": "turn" });
  const intro = h("section", { class: "torneo-intro", "data-testid": "intro", hidden: true });
  const outPanel = h("section", { class: "torneo-out", "data-testid": "out", hidden: true });
  const duelHead = h("div", { class: "duel-head" });
  const turnBar = h("div", { class: "turn-bar", "aria-hidden": "true" }, [h("span")]);
  const grid = h("div", { class: "duelo-grid torneo-grid", role: "group", "aria-label": t("Shared board") });
  const duelEnd = h("div", { class: "duel-end", "data-testid": "duel-end", hidden: true });
  const message = h("p", { class: "torneo-message", role: "status", "aria-live": "polite" });
  const guess = guessInput({
    send, message, matchId: frames.matchId, canType: () => canType(), language: () => view.language,
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
  const board = h("div", { class: "torneo", "data-phase": "waiting" }, [
    statusEl,
    turnEl,
    h("div", { class: "torneo-body" }, [main, side]),
    result,
  ]);
  root.replaceChildren(board);

  const you = () => (view ? view.you : null);
  const myDuel = () => (view && view.you !== null ? view.duels.find((d) => d.yours) || null : null);
  const amOut = () => you() !== null && (view.lives[you()] === 0 || view.places[you()] !== null);
  const canType = () => {
    const duel = myDuel();
    return Boolean(view && view.phase === "playing" && duel && !duel.over && duel.to_play === you() && !amOut());
  };

  const seatInfo = seating.info;
  const seatName = seating.name;

  const rivalOf = (duel, seat) => duel.seats.find((s) => s !== seat);
  const duelKey = (duel) => `${view.round}:${duel.seats.join("-")}`;

  function hearts(lives) {
    const shown = [];
    for (let i = 0; i < LIVES; i += 1) {
      shown.push(h("span", { class: `heart${i < lives ? "" : " lost"}`, "aria-hidden": "true", text: "♥" }));
    }
    return h("span", { class: "hearts", role: "img", "data-lives": lives,
      "aria-label": t("Lives: %(count)s", { count: lives }) }, shown);
  }

  // -- the player's duel: one shared board ------------------------------------------------------------
  function renderDuelHead(duel) {
    const chip = (seat) => h("div", {
      class: cls("duelist", seat === you() && "mine", duel.to_play === seat && view.phase === "playing" && "to-play"),
      "data-seat": seat,
    }, [
      h("span", { class: "duelist-name", text: seat === you() ? t("You") : seatName(seat) }),
      hearts(view.lives[seat]),
      h("span", { class: "duelist-turns", text: t("Turns left: %(count)s", { count: duel.turns_left[String(seat)] }) }),
    ]);
    const rival = rivalOf(duel, you());
    duelHead.replaceChildren(chip(you()), h("span", { class: "vs", text: t("vs") }), chip(rival));
  }

  function renderGrid(duel) {
    const key = duelKey(duel);
    const seen = shownRows.has(key) ? shownRows.get(key) : duel.rows.length;
    const rows = [];
    const last = duel.over ? duel.rows.length : ROWS;
    for (let r = 0; r < last; r += 1) {
      const seat = duel.seats[r % 2]; // turns alternate strictly: a skipped turn is a row too
      const row = duel.rows[r];
      const name = seat === you() ? t("You") : seatName(seat);
      let kind = "empty";
      let cells = [];
      if (row && row.skipped) {
        kind = "skipped";
        cells = [h("div", { class: "skip-bar", style: `--letters: ${duel.length}`, text: t("Turn skipped") })];
      } else if (row) {
        kind = "done";
        cells = row.letters.map((letter, i) => {
          const el = tile(view.language, letter, row.marks[i]);
          if (r >= seen) {
            el.classList.add("reveal");
            el.style.animationDelay = `${i * 90}ms`;
          }
          return el;
        });
      } else {
        const current = r === duel.rows.length && view.phase === "playing";
        if (current) kind = "current";
        const letters = current && seat === you() ? guess.letters() : [];
        for (let i = 0; i < duel.length; i += 1) cells.push(tile(view.language, letters[i] || null, null));
      }
      rows.push(h("div", {
        class: `row ${kind} ${seat === you() ? "mine" : "theirs"}`, role: "group", "data-row": r, "data-seat": seat,
        "aria-label": t("Row %(row)s, %(name)s", { row: r + 1, name }),
      }, [h("span", { class: "row-who", text: name }), ...cells]));
    }
    grid.replaceChildren(...rows);
    shownRows.set(key, duel.rows.length);
  }

  function duelOutcomeText(duel) {
    const rival = rivalOf(duel, you());
    if (duel.end === "solved") {
      return duel.winner === you() ? t("You solved it: you win the duel!") : t("%(name)s solved it: you lose a life.", { name: seatName(rival) });
    }
    if (duel.end === "draw") return t("Nobody solved it: a draw, you both lose a life.");
    if (duel.end === "forfeit") return t("%(name)s left: you win the duel.", { name: seatName(rival) });
    return t("The duel was stopped.");
  }

  function wordEl(duel, testid) {
    return h("span", { class: "duel-word", "data-testid": testid,
      text: displayWord(view.language, duel.hidden.shown) });
  }

  function renderDuelEnd(duel) {
    duelEnd.hidden = !duel.over;
    if (!duel.over) { duelEnd.replaceChildren(); return; }
    duelEnd.dataset.end = duel.end;
    duelEnd.dataset.won = String(duel.winner === you());
    fill(duelEnd, [
      h("p", { class: "duel-end-title", text: duelOutcomeText(duel) }),
      duel.hidden ? h("p", { class: "duel-end-word" }, [
        h("span", { text: t("The word was") }), wordEl(duel, "my-word")]) : null,
    ]);
  }

  function renderMyDuel(duel) {
    renderDuelHead(duel);
    renderGrid(duel);
    renderDuelEnd(duel);
    const playing = view.phase === "playing" && !duel.over;
    turnBar.hidden = !playing;
    typing.hidden = !playing;
    keys.render({ language: view.language, alphabet: view.alphabet, hints: duel.keyboard, locked: !canType() });
    duelEl.classList.toggle("your-turn", canType());
    // When the turn comes to the player, the row to fill scrolls into view (above the keyboard, which
    // sticks to the bottom of a phone's screen: the rows' scroll-margin leaves room for it).
    const row = grid.querySelector(".row.current.mine");
    if (canType() && !turnShown && row && row.scrollIntoView) row.scrollIntoView({ block: "nearest" });
    turnShown = canType();
  }

  // -- the intro: this round's pairings (and how the last one ended) -----------------------------------
  function pairingItem(duel) {
    const [a, b] = duel.seats;
    const mine = duel.seats.includes(you());
    return h("li", { class: `pairing${mine ? " mine" : ""}`, "data-seats": duel.seats.join("-") }, [
      h("span", { class: `pname${a === you() ? " me" : ""}`, text: seatName(a) }),
      h("span", { class: "vs", text: t("vs") }),
      h("span", { class: `pname${b === you() ? " me" : ""}`, text: seatName(b) }),
      h("span", { class: "plen", text: t("%(count)s letters", { count: duel.length }) }),
    ]);
  }

  // How a duel ended, for anyone's list: who won, a draw, who left.
  function endText(duel) {
    if (duel.end === "solved") return t("%(name)s won", { name: seatName(duel.winner) });
    if (duel.end === "draw") return t("Draw");
    if (duel.end === "forfeit") {
      const leavers = duel.seats.filter((seat) => seat !== duel.winner);
      return t("%(name)s left", { name: leavers.map(seatName).join(", ") });
    }
    return t("Stopped");
  }

  function previousItem(duel) {
    const [a, b] = duel.seats;
    const text = endText(duel);
    return h("li", { class: `previous${duel.yours ? " mine" : ""}`, "data-end": duel.end }, [
      h("span", { class: "pnames", text: `${seatName(a)} ${t("vs")} ${seatName(b)}` }),
      h("span", { class: "presult", text }),
      duel.hidden ? wordEl(duel, duel.yours ? "previous-word" : null) : null,
    ]);
  }

  function renderIntro() {
    const mine = myDuel();
    let lead;
    if (mine) {
      const rival = rivalOf(mine, you());
      lead = [
        h("p", { class: "intro-you", "data-testid": "you-play", text: t("You play %(name)s", { name: seatName(rival) }) }),
        h("p", { class: "intro-note",
          text: mine.to_play === you() ? t("You play first.") : t("%(name)s plays first.", { name: seatName(rival) }) }),
      ];
    } else if (view.bye !== null && view.bye === you()) {
      lead = [h("p", { class: "intro-you", "data-testid": "you-play", text: t("You have a bye this round") })];
    } else {
      lead = [h("p", { class: "intro-note", text: t("Get ready…") })];
    }
    const previous = view.previous_duels || [];
    fill(intro, [
      h("p", { class: "intro-kicker", text: t("Round %(round)s", { round: view.round }) }),
      h("p", { class: "intro-count", "data-count": "opens" }),
      ...lead,
      h("h3", { class: "intro-h", text: t("Pairings") }),
      h("ul", { class: "pairings", "data-testid": "pairings" }, [
        ...view.duels.map(pairingItem),
        view.bye !== null ? h("li", { class: `pairing bye${view.bye === you() ? " mine" : ""}`, "data-testid": "bye",
          text: t("%(name)s has a bye", { name: seatName(view.bye) }) }) : null,
      ]),
      previous.length ? h("h3", { class: "intro-h", text: t("How round %(round)s ended", { round: view.round - 1 }) }) : null,
      previous.length
        ? h("ul", { class: "previous-list", "data-testid": "previous" }, previous.map(previousItem)) : null,
    ]);
  }

  // -- the other duels (compact, what the shared boards show) -------------------------------------------
  function duelCard(duel) {
    const [a, b] = duel.seats;
    const name = (seat) => h("span", {
      class: cls("dc-name", duel.to_play === seat && view.phase === "playing" && "to-play", seat === you() && "me"),
      "data-seat": seat,
    }, [h("span", { class: "dc-nick", text: seatName(seat) }), hearts(view.lives[seat])]);
    const rows = duel.rows.map((row) => h("div", {
      class: `mini-row ${row.seat === a ? "who-a" : "who-b"}${row.skipped ? " skipped" : ""}`,
    }, row.skipped ? [h("span", { class: "mini-skip", text: t("Turn skipped") })]
      : row.letters.map((letter, i) => h("span", { class: `mini-cell ${row.marks[i]}`,
        text: displayLetter(view.language, letter) }))));
    let foot;
    if (duel.over) {
      foot = [h("span", { class: "dc-result", text: endText(duel) }), duel.hidden ? wordEl(duel, null) : null];
    } else {
      foot = [
        h("span", { class: "dc-turn", text: t("%(name)s's turn", { name: seatName(duel.to_play) }) }),
        h("span", { class: "dc-clock", "data-ends": duel.turn_ends_at }),
        h("span", { class: "dc-rows", text: t("Row %(row)s of %(rows)s", { row: duel.rows.length + 1, rows: ROWS }) }),
      ];
    }
    return h("article", { class: `duel-card${duel.over ? " over" : ""}`, "data-seats": duel.seats.join("-"),
      "data-end": duel.end || null }, [
      h("header", { class: "dc-head" }, [name(a), h("span", { class: "vs", text: t("vs") }), name(b)]),
      rows.length ? h("div", { class: "mini-board", style: `--letters: ${duel.length}` }, rows) : null,
      h("footer", { class: "dc-foot" }, foot),
    ]);
  }

  function renderDuels(duels, title) {
    duelsEl.hidden = duels.length === 0;
    duelsEl.replaceChildren(h("h3", { class: "side-h", text: title }),
      h("div", { class: "duel-cards" }, duels.map(duelCard)));
  }

  // -- everyone's lives -----------------------------------------------------------------------------------
  function playerStatus(seat) {
    if (view.left[seat]) return [t("Left the tournament"), "left"];
    if (view.places[seat] !== null) return [t("Place %(place)s", { place: view.places[seat] }), "out"];
    if (view.lives[seat] === 0) return [t("Knocked out"), "out"];
    if (view.bye === seat && view.phase !== "finished") return [t("Bye"), "bye"];
    return [null, "in"];
  }

  function renderPlayers() {
    const items = view.lives.map((lives, seat) => {
      const info = seatInfo(seat);
      const [status, state] = playerStatus(seat);
      const online = !info || info.kind === "bot" || info.online;
      return h("li", { class: `player is-${state}${seat === you() ? " is-you" : ""}`, "data-seat": seat }, [
        h("span", { class: "presence", "data-presence": online ? "online" : "offline" }),
        h("span", { class: "pl-name", text: seatName(seat) }),
        seat === you() ? h("span", { class: "pl-badge", text: t("you") }) : null,
        info && info.kind === "bot" ? h("span", { class: "pl-badge bot", text: t("bot") }) : null,
        status ? h("span", { class: "pl-status", text: status }) : null,
        hearts(lives),
      ]);
    });
    playersEl.replaceChildren(h("h3", { class: "side-h", text: t("Players") }),
      h("ul", { class: "player-list" }, items));
  }

  // -- knocked out ----------------------------------------------------------------------------------------
  function backLink() {
    const room = seating.get();
    const group = room && room.settings ? room.settings.group : null;
    return group ? { href: `/g/${encodeURIComponent(group)}/`, text: t("Back to the group") }
      : { href: "/lobby/", text: t("Back to the lobby") };
  }

  function ratingLine(seat) {
    const change = ratings ? ratings[String(seat)] : null;
    if (!change) return null;
    return h("p", { class: "rating-line", "data-testid": "rating-change",
      text: t("Rating: %(before)s → %(after)s (%(change)s)", { before: change.before, after: change.after, change: signed(change.change) }) });
  }

  function isShared(seat) {
    const place = view.places[seat];
    return place !== null && view.places.filter((p) => p === place).length > 1;
  }

  function renderOut() {
    const seat = you();
    const place = view.places[seat];
    let placeText = t("Your place is fixed when this round ends.");
    if (place !== null) placeText = placeLine(place, isShared(seat));
    const back = backLink();
    const watch = h("button", { type: "button", class: "button secondary", "data-testid": "keep-watching",
      text: t("Keep watching") });
    watch.addEventListener("click", () => { keepWatching = true; render(); });
    fill(outPanel, [
      h("h2", { class: "out-title", text: t("You are out") }),
      h("p", { class: "out-place", "data-testid": "out-place", text: placeText }),
      ratingLine(seat),
      h("div", { class: "actions" }, [
        h("a", { class: "button", href: back.href, "data-testid": "leave-now", text: t("Leave") }), watch,
      ]),
    ]);
  }

  function leaveTournament() {
    if (!window.confirm(t("Leave the tournament? It counts as a loss: you lose your duel and you are out."))) return;
    const code = seating.get()?.code || root.closest("[data-room]")?.dataset.roomCode;
    const token = document.querySelector("[name=csrfmiddlewaretoken]");
    const form = h("form", { method: "post", action: `/r/${code}/leave/`, hidden: true }, [
      h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: token ? token.value : "" }),
    ]);
    document.body.append(form);
    form.submit();
  }
  leaveButton.addEventListener("click", leaveTournament);

  // -- the final standings --------------------------------------------------------------------------------
  function renderResult() {
    const outcome = view.outcome;
    const winners = outcome.winners;
    let title;
    if (winners.length > 1) title = t("Shared victory: %(names)s", { names: winners.map(seatName).join(", ") });
    else if (winners[0] === you()) title = t("You win the tournament!");
    else title = t("%(name)s wins the tournament!", { name: seatName(winners[0]) });
    const places = outcome.places;
    const order = places.map((place, seat) => ({ place, seat })).sort((x, y) => x.place - y.place || x.seat - y.seat);
    const sharedPlace = (place) => places.filter((p) => p === place).length > 1;
    const rated = Boolean(ratings);
    const head = h("tr", {}, [
      h("th", { scope: "col", text: t("Place") }),
      h("th", { scope: "col", text: t("Player") }),
      h("th", { scope: "col", class: "num", text: t("Lives") }),
      rated ? h("th", { scope: "col", class: "num", text: t("Rating") }) : null,
    ]);
    const body = order.map(({ place, seat }) => {
      const change = rated ? ratings[String(seat)] : null;
      return h("tr", { class: `${winners.includes(seat) ? "winner" : ""}${seat === you() ? " me" : ""}`.trim() || null,
        "data-seat": seat }, [
        h("td", { class: "place", "data-place": place }, [String(place),
          sharedPlace(place) ? h("span", { class: "shared", text: t("shared") }) : null]),
        h("th", { scope: "row" }, [seatName(seat),
          seat === you() ? h("span", { class: "pl-badge", text: t("you") }) : null,
          outcome.left[seat] ? h("span", { class: "pl-status", text: t("Left the tournament") }) : null]),
        h("td", { class: "num" }, [hearts(outcome.lives[seat])]),
        rated ? h("td", {
          class: cls("num change", change && change.change < 0 && "down", change && change.change === 0 && "even"),
          title: change ? `${change.before} → ${change.after}` : null, text: change ? signed(change.change) : "–",
        }) : null,
      ]);
    });
    const back = backLink();
    const seat = you();
    fill(result, [
      h("p", { class: "result-kicker", text: t("Tournament over") }),
      h("h2", { class: "result-title", "data-testid": "result-title", text: title }),
      seat !== null ? h("p", { class: "result-mine", "data-testid": "result-mine",
        text: placeLine(places[seat], sharedPlace(places[seat])) }) : null,
      seat !== null ? ratingLine(seat) : null,
      outcome.stopped ? h("p", { class: "result-note", text: t("The tournament was ended early.") }) : null,
      h("div", { class: "result-table-wrap" }, [
        h("table", { class: "result-table torneo-standings", "data-testid": "standings" },
          [h("thead", {}, [head]), h("tbody", {}, body)]),
      ]),
      h("p", { class: "result-back" }, [
        h("a", { class: "button", href: back.href, "data-testid": "back", text: back.text })]),
    ]);
  }

  // -- the clock ------------------------------------------------------------------------------------------
  function tick() {
    if (!view) return;
    const now = frames.now();
    const duel = myDuel();
    const running = view.phase === "playing" && duel && !duel.over;
    if (running) {
      const left = parseTime(duel.turn_ends_at) - now;
      clockEl.textContent = clockText(left);
      clockEl.classList.toggle("urgent", left <= URGENT_MS);
      turnBar.firstChild.style.width = `${Math.max(0, Math.min(1, left / TURN_MS)) * 100}%`;
      turnBar.classList.toggle("urgent", left <= URGENT_MS);
    } else {
      clockEl.textContent = "";
      clockEl.classList.remove("urgent");
    }
    const count = intro.querySelector("[data-count]");
    if (count) {
      const opens = parseTime(view.opens_at);
      count.textContent = String(Math.max(1, Math.ceil((opens - now) / 1000)));
    }
    for (const el of board.querySelectorAll("[data-ends]")) {
      el.textContent = clockText(parseTime(el.dataset.ends) - now);
    }
  }
  tickWhileShown(board, tick);

  // -- a whole snapshot -----------------------------------------------------------------------------------
  function turnText(duel) {
    if (view.phase === "finished") return "";
    if (you() === null) return t("You are watching this tournament.");
    if (amOut()) {
      if (!keepWatching) return ""; // the knocked-out panel says it all
      return view.places[you()] !== null ? t("You are out · place %(place)s", { place: view.places[you()] }) : t("You are out");
    }
    if (view.phase === "intro") return "";
    if (duel && !duel.over) {
      return duel.to_play === you() ? t("Your turn") : t("%(name)s's turn", { name: seatName(duel.to_play) });
    }
    if (duel) return t("Waiting for the other duels to end…");
    if (view.bye === you()) return `${t("You have a bye this round")}. ${t("No duel and no life lost: watch the other duels.")}`;
    return "";
  }

  function render() {
    if (!view) return;
    const finished = view.phase === "finished";
    const duel = myDuel();
    const out = amOut();
    const mode = finished ? "finished" : view.phase === "intro" ? "intro" : you() === null ? "watch"
      : out ? "out" : duel ? "duel" : "bye";
    board.dataset.phase = view.phase;
    board.dataset.mode = mode;
    board.dataset.language = view.language;
    roundEl.textContent = t("Round %(round)s", { round: view.round });
    statusEl.hidden = finished; // the standings say it is over
    myLivesEl.replaceChildren(you() !== null && !finished ? hearts(view.lives[you()]) : "");
    const turn = turnText(duel);
    turnEl.textContent = turn;
    turnEl.hidden = !turn;
    turnEl.classList.toggle("yours", Boolean(duel && canType()));

    intro.hidden = mode !== "intro";
    if (mode === "intro") renderIntro(); else intro.replaceChildren();
    outPanel.hidden = !(out && !finished && !keepWatching);
    if (!outPanel.hidden) renderOut();
    duelEl.hidden = mode !== "duel";
    if (mode === "duel") renderMyDuel(duel);

    // The duels to watch: beside the player's own, or the main thing for whoever has none.
    if (mode === "duel") {
      side.insertBefore(duelsEl, leaveButton);
      renderDuels(view.duels.filter((d) => !d.yours), t("Other duels"));
    } else if (mode === "bye" || mode === "out" || mode === "watch") {
      main.append(duelsEl);
      renderDuels(view.duels, t("Duels of round %(round)s", { round: view.round }));
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
    onMatch(frame) {
      const taken = frames.take(frame);
      if (!taken) return;
      if (taken.fresh) {
        guess.restart();
        keepWatching = false;
        shownRows = new Map(); // no flips for rows that were there before we looked
      }
      view = frame.view;
      ratings = frame.ratings || null;
      const duel = myDuel();
      guess.follow(duel ? `${view.round}:${duel.rows.length}` : `${view.round}:none`);
      render();
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

export const mount = mountTorneo;
