// The room page: one socket (/ws/rooms/<CODE>/, docs/protocol.md), the live seat list, and the game board.
//
// Markup it expects (the room template):
//   <section data-room data-room-code="K7Q2ZD" data-game="duelo">
//     <ul data-seat-list></ul>                 live seats (rendered here from every `room` frame)
//     <div data-game-root hidden></div>        the board; shown once a match exists
//     optional: [data-connection] (text: online/offline), [data-spectators] (count),
//               [data-host-only] (hidden unless you are the host), [data-can-start] (a button, disabled
//               until every seat is filled), [data-room-status] (gets data-status="waiting|playing")
//   </section>
//   Django's JavaScript catalogue (/jsi18n/, templates/base.html) before it: the texts (kit.js t()).
//   <script type="module" src="{% static 'js/room.js' %}"></script>
//
// What every board gets from here, so that no board does it itself:
// - the connection's face: a banner while the socket is not open (or closed for good, with the reason),
//   and the board frozen (inert, keys swallowed) from the loss until the first match frame after the
//   return, which is marked `resync` so the board takes it whatever its version (kit.js matchFrames);
// - the turn: every act frame carries the `turn` of the latest match frame (docs/protocol.md); a
//   `stale_turn` error is shown by the board like any error, and a fresh snapshot is asked for;
// - the arrival gate: a match frame without a view that says `arriving` (or `aborted`) is shown here,
//   as a panel over the board, and not handed to the board.
import { afterGame } from "./after_game.js";
import { mountReactions } from "./reactions.js";
import { openSocket } from "./socket.js";
import { clockText, h, parseTime, t } from "./games/kit.js";
import { cue } from "./sound.js";

// A game's board is its module static/js/games/<slug>.js, which exports `mount` (docs/engine-interface.md,
// "The files a new game adds"): a new game adds its module and nothing here.
const loadMount = (slug) =>
  /^[a-z]+$/.test(slug || "") ? import(`./games/${slug}.js`).then((module) => module.mount) : null;

// A bot's badge and its choice in the seat chooser, by level.
const BOT_LEVELS = {
  easy: () => t("easy bot"),
  medium: () => t("medium bot"),
  hard: () => t("hard bot"),
};
// Why the server closed the socket for good, by close code.
const CLOSED = {
  4401: () => t("You are no longer signed in as a player here. Reload the page to play."),
  4404: () => t("This room does not exist or has closed."),
  4408: () => t("This game is open in too many tabs or windows. Close the others and reload this page."),
  4429: () => t("The connection was closed: too many messages too fast. Reload the page to play on."),
};
const botLevel = (level) => (BOT_LEVELS[level] ? BOT_LEVELS[level]() : level);
const connectionText = (status) => (status === "online" ? t("Connected") : t("Reconnecting…"));

// Back online, the server sends fresh snapshots by itself; if the match one has not come by then, ask.
const SYNC_FALLBACK_MS = 3000;
const GATE_TICK_MS = 250;
const ABSENCE_TICK_MS = 1000;
// A rival's absence is said only once it lasts (a reload or a phone changing networks is back within seconds),
// in a short bar: until then the board stays where it was.
const ABSENCE_GRACE_S = 15;

/**
 * Connect a room element to its socket and its game. `connect` is `openSocket` (tests pass a fake).
 * Returns {send(frame), close(), onFrame(frame), ready (a promise of the mounted board)}.
 */
export function startRoom(element, { connect = openSocket } = {}) {
  const code = element.dataset.roomCode;
  const seatList = element.querySelector("[data-seat-list]");
  const gameRoot = element.querySelector("[data-game-root]");
  const connection = element.querySelector("[data-connection]");

  let board = null;
  let boardReady = null;
  let lastRoom = null;
  let roomVersion = -1;
  const queued = []; // [kind, frame] that came before the game module loaded
  let socket = null;

  // The connection: `lost` from the moment it drops until the fresh snapshot after its return.
  let lost = false;
  let resyncNext = false; // the next match frame is the server's answer to a reconnect or a sync
  let syncFallback = null;
  // The newest match frame taken, and the turn it says the viewer owes (echoed in every act frame).
  let latest = { matchId: null, v: -1 };
  let turn = null;

  const banner = h("div", { class: "connection-banner", role: "status", "aria-live": "polite",
    "data-connection-banner": true, "data-testid": "connection-banner", hidden: true });
  element.prepend(banner);
  const gate = h("section", { class: "panel arrival", "data-testid": "arrival", hidden: true });
  if (gameRoot) gameRoot.before(gate);
  else element.append(gate);

  // Who left the table during a match, for how long, and (a game without a clock) the way to end it.
  const absence = h("section", { class: "panel absence", role: "status", "data-testid": "absence", hidden: true });
  gate.after(absence);

  const sendRaw = (frame) => socket && socket.send(frame);
  // The way on after a game (Rematch, New game): the board places it in its result card (static/js/after_game.js).
  const after = afterGame(element, { send: sendRaw });
  // Boards send through here (kit.js pendingAct): an act names the turn it was made for.
  const send = (frame) => sendRaw(frame && frame.type === "act" ? { ...frame, turn } : frame);

  function loadBoard() {
    if (boardReady) return boardReady;
    const loading = gameRoot ? loadMount(element.dataset.game) : null;
    if (!loading) return Promise.resolve(null);
    boardReady = loading.then((mount) => {
      board = mount(gameRoot, { send, afterGame: after.node });
      for (const [kind, frame] of queued.splice(0)) deliver(kind, frame);
      return board;
    });
    return boardReady;
  }

  function deliver(kind, frame) {
    if (!board) {
      queued.push([kind, frame]);
      if (kind === "match") loadBoard();
      return;
    }
    if (kind === "room") board.onRoom(frame);
    else if (kind === "match") board.onMatch(frame);
    else board.onError(frame);
  }

  // -- the connection's face --------------------------------------------------------------------------
  function freeze(on) {
    element.toggleAttribute("data-frozen", on);
    if (gameRoot) gameRoot.inert = on;
  }

  function showBanner(text, { note = "", closed = false, action = null } = {}) {
    banner.classList.toggle("is-closed", closed);
    banner.replaceChildren(...[
      closed ? null : h("span", { class: "connection-spinner", "aria-hidden": "true" }),
      h("span", { class: "connection-text" }, [h("strong", { text }), note ? h("span", { text: ` ${note}` }) : null]),
      action,
    ].filter(Boolean));
    banner.hidden = false;
  }

  function closedFor(code) {
    const action = code === 4404
      ? h("a", { class: "button small secondary", href: "/lobby/", text: t("Go to the lobby") })
      : h("button", { type: "button", class: "button small secondary", text: t("Reload the page") });
    if (action.tagName === "BUTTON") action.addEventListener("click", () => window.location.reload());
    showBanner(CLOSED[code] ? CLOSED[code]() : t("The connection was closed."), { closed: true, action });
  }

  function onStatus(status, detail = {}) {
    element.dataset.connection = status;
    if (connection) connection.textContent = connectionText(status);
    if (status === "reconnecting") {
      lost = true;
      clearTimeout(syncFallback);
      freeze(true);
      showBanner(t("Reconnecting…"), { note: t("Your moves wait until the connection is back.") });
    } else if (status === "online" && lost) {
      // The board stays frozen (no input lands on a table it has not seen) until the fresh snapshot. A
      // new socket gets one by itself; a socket that resumed after a stall asks for it.
      resyncNext = true;
      if (detail.resumed) sendRaw({ type: "sync" });
      else syncFallback = setTimeout(() => sendRaw({ type: "sync" }), SYNC_FALLBACK_MS);
    } else if (status === "closed") {
      lost = true;
      clearTimeout(syncFallback);
      freeze(true);
      closedFor(detail.code);
    }
  }

  function resynced() {
    if (!lost || element.dataset.connection !== "online") return;
    lost = false;
    clearTimeout(syncFallback);
    freeze(false);
    banner.hidden = true;
  }

  // Keys: the Wordle boards listen on document; none of them may type on a frozen board.
  window.addEventListener("keydown", (event) => {
    if (!element.hasAttribute("data-frozen")) return;
    const target = event.target;
    if (target === document || target === document.body || target === document.documentElement
        || (gameRoot && gameRoot.contains(target))) {
      event.stopImmediatePropagation();
      event.preventDefault();
    }
  }, true);

  // -- the arrival gate ----------------------------------------------------------------------------------
  let gateTimer = null;

  function names(seats) {
    const seatsInfo = lastRoom && lastRoom.room ? lastRoom.room.seats || [] : [];
    const list = (seats || []).map((index) => {
      const info = seatsInfo.find((seat) => seat.index === index);
      return info && info.nickname ? info.nickname : t("Seat %(n)s", { n: index + 1 });
    });
    try {
      return new Intl.ListFormat(document.documentElement.lang || undefined, { type: "conjunction" }).format(list);
    } catch {
      return list.join(", ");
    }
  }

  let gateFrame = null;
  let gateOffset = 0; // server clock minus browser clock, from the gate's frame

  function showGate(frame) {
    gateFrame = frame;
    const serverTime = parseTime(frame.server_time);
    if (serverTime !== null) gateOffset = serverTime - Date.now();
    renderGate();
    gate.hidden = false;
    if (gameRoot) gameRoot.hidden = true;
    clearInterval(gateTimer);
    gateTimer = frame.arriving ? setInterval(tickGate, GATE_TICK_MS) : null;
  }

  function hideGate() {
    gateFrame = null;
    gate.hidden = true;
    clearInterval(gateTimer);
  }

  function renderGate() {
    const frame = gateFrame;
    if (!frame) return;
    if (frame.arriving) {
      gate.dataset.kind = "arriving";
      gate.replaceChildren(
        h("p", { class: "arrival-text", "aria-live": "polite", "data-testid": "arrival-text",
          text: t("Waiting for %(names)s to arrive…", { names: names(frame.arriving.awaiting) }) }),
        h("p", { class: "arrival-clock", role: "timer", "data-testid": "arrival-clock" }),
        h("p", { class: "arrival-note muted", text: t("No clock runs until everyone is at the table.") }),
      );
      tickGate();
    } else {
      const aborted = frame.aborted;
      gate.dataset.kind = "aborted";
      gate.replaceChildren(
        h("p", { class: "arrival-text", role: "alert", "data-testid": "arrival-text",
          text: t("The match was aborted: %(names)s did not arrive.", { names: names(aborted.absent) }) }),
        h("p", { class: "arrival-note", "data-testid": "arrival-note",
          text: aborted.refunded ? t("Nothing was lost; your stake of %(credits)s credits was refunded.", { credits: aborted.refunded }) : t("Nothing was lost.") }),
      );
    }
  }

  function tickGate() {
    const clock = gate.querySelector(".arrival-clock");
    if (!clock || !gateFrame || !gateFrame.arriving) return;
    const joinBy = parseTime(gateFrame.arriving.join_by);
    clock.textContent = joinBy === null ? "" : clockText(joinBy - (Date.now() + gateOffset));
  }

  // -- someone left the table --------------------------------------------------------------------------------
  // The room frame says how long each absent person has been away (`away_for`, seconds) and, in a game
  // without a clock, after how long the one left behind may end it (`claim`): the bar counts on from there
  // by itself, and the claim button appears once every other person has been away that long. The server
  // decides again when the claim comes (games/runtime/abandon.py): a clock that runs ahead changes nothing.
  let absenceTimer = null;
  let absenceSince = 0;
  let claimRef = 0;

  function awaySeats(room) {
    if (!room || room.status !== "playing" || !room.match_id) return [];
    return room.seats.filter((seat) => seat.kind === "player" && !seat.is_you && seat.away_for != null);
  }

  function renderAbsence() {
    const room = lastRoom && lastRoom.room;
    const away = awaySeats(room);
    clearInterval(absenceTimer);
    absenceTimer = null;
    if (!away.length) {
      absence.hidden = true;
      absence.replaceChildren();
      return;
    }
    absenceSince = Date.now();
    absence.replaceChildren(
      h("p", { class: "absence-who", "data-testid": "absence-who" }),
      h("p", { class: "absence-claim muted", "data-testid": "absence-note" }),
      h("p", { class: "absence-error", role: "alert", "data-testid": "absence-error" }),
    );
    tickAbsence();
    absenceTimer = setInterval(tickAbsence, ABSENCE_TICK_MS);
  }

  function tickAbsence() {
    const room = lastRoom && lastRoom.room;
    const away = awaySeats(room);
    if (!away.length) return;
    const elapsed = (Date.now() - absenceSince) / 1000;
    const seconds = (seat) => seat.away_for + elapsed;
    const claim = room.claim;
    absence.hidden = Math.max(...away.map(seconds)) < ABSENCE_GRACE_S;
    if (absence.hidden) return;
    absence.querySelector(".absence-who").textContent = away.map((seat) =>
      t("%(name)s left the table %(time)s ago.", { name: seat.nickname, time: clockText(seconds(seat) * 1000) }),
    ).join(" ");
    const note = absence.querySelector(".absence-claim");
    const seated = room.seats.filter((seat) => seat.kind === "player" && !seat.is_you);
    if (!claim || away.length < seated.length) {
      note.textContent = "";
      return;
    }
    const left = claim.after - Math.min(...away.map(seconds));
    const wins = claim.ends === "win";
    if (left > 0) {
      note.textContent = wins
        ? t("If nobody comes back, you can claim the win in %(time)s.", { time: clockText(left * 1000) })
        : t("If your partner does not come back, you can end the game in %(time)s.", { time: clockText(left * 1000) });
      return;
    }
    if (note.querySelector("button")) return;
    const button = h("button", { type: "button", class: "button", "data-testid": "claim",
      text: wins ? t("Claim the win") : t("End the game") });
    button.addEventListener("click", () => {
      button.disabled = true;
      claimRef += 1;
      sendRaw({ type: "claim", match_id: room.match_id, ref: `claim-${claimRef}` });
    });
    note.replaceChildren(
      h("span", { text: wins ? t("They left: the win is yours if you want it.") : t("Your partner left: you may end the game; nobody loses.") }),
      " ",
      button,
    );
  }

  function claimRefused(frame) {
    const error = absence.querySelector(".absence-error");
    if (error) error.textContent = frame.message || "";
    const button = absence.querySelector("[data-testid=claim]");
    if (button) button.disabled = false;
  }

  // -- frames ---------------------------------------------------------------------------------------------
  function onMatchFrame(received) {
    const frame = resyncNext ? { ...received, resync: true } : received;
    resyncNext = false;
    const sameMatch = frame.match_id === latest.matchId;
    if (!frame.resync && sameMatch && typeof frame.v === "number" && frame.v < latest.v) return; // late
    latest = { matchId: frame.match_id, v: typeof frame.v === "number" ? frame.v : (sameMatch ? latest.v : -1) };
    turn = frame.turn ?? null;
    resynced();
    after.match(frame);
    if (!frame.view && (frame.arriving || frame.aborted)) {
      showGate(frame);
      return;
    }
    hideGate();
    if (gameRoot) gameRoot.hidden = false;
    deliver("match", frame);
    showReplayLink(frame);
    sounds(frame);
  }

  // -- sounds (issue 33) ------------------------------------------------------------------------------------
  // From what every match frame says, for every game alike: a new turn owed (`turn` becomes one it was not: the
  // rival has moved, the clock passed the turn, a round began) plays "your turn"; a version made by another
  // seat's move (`by`) plays "move" (a board may say which seats it hears: the Torneo only the viewer's duel).
  // Not for the frame a page opens with, nor one after a reconnect; low time is a board's (kit.js cueLowTime).
  let heard = null; // {matchId, v, turn} of the last frame taken
  const silent = "replay" in element.dataset; // a replay plays back what was, to nobody's turn
  function sounds(frame) {
    if (silent) return;
    const before = heard;
    heard = { matchId: frame.match_id, v: frame.v, turn: frame.turn ?? null };
    if (!before || frame.resync || !frame.view || frame.view.outcome) return;
    const sameMatch = before.matchId === frame.match_id;
    if (sameMatch && !(frame.v > before.v)) return;
    const seat = lastRoom && lastRoom.room && lastRoom.room.you ? lastRoom.room.you.seat : null;
    if (heard.turn && heard.turn !== (sameMatch ? before.turn : null)) {
      cue("your_turn");
      return;
    }
    const by = frame.by ?? null;
    if (by !== null && by !== seat && (!board || !board.hears || board.hears(by))) cue("move");
  }
  if (gameRoot && !silent) gameRoot.addEventListener("game:cue", (event) => cue(event.detail && event.detail.cue));

  // Once a match is over, a link to its replay and analysis (/m/<id>/, games/replay_views.py); not on the
  // replay's own page.
  const replayLink = h("p", { class: "replay-link", hidden: true }, [
    h("a", { class: "button secondary", "data-testid": "replay-link", text: t("Watch the replay and its analysis") }),
  ]);
  if (gameRoot && !("replay" in element.dataset)) gameRoot.after(replayLink);
  function showReplayLink(frame) {
    const over = Boolean(frame.view && frame.view.outcome && !frame.view.outcome.aborted);
    replayLink.hidden = !over;
    if (over) replayLink.firstChild.setAttribute("href", `/m/${frame.match_id}/`);
  }

  function renderSeats(room) {
    // Keep the seat list while the host has a chooser open, or the select would close under them.
    if (seatList && seatList.contains(document.activeElement) && document.activeElement.tagName === "SELECT") {
      return;
    }
    if (!seatList) return;
    seatList.replaceChildren(...room.seats.map((seat) => {
      const li = document.createElement("li");
      li.className = `seat seat-${seat.kind}${seat.is_you ? " is-you" : ""}`;
      li.dataset.seat = seat.index;
      if (seat.kind !== "player" && canArrange(room) && (room.bot_levels || []).length) {
        li.append(seatChooser(seat, room.bot_levels));
        return li;
      }
      if (seat.kind === "empty") {
        li.append(Object.assign(document.createElement("span"), { className: "seat-name", textContent: t("Free seat") }));
        return li;
      }
      const dot = document.createElement("span");
      dot.className = "presence";
      dot.dataset.presence = seat.kind === "bot" || seat.online ? "online" : "offline";
      dot.title = connectionText(dot.dataset.presence);
      const name = Object.assign(document.createElement("span"), { className: "seat-name", textContent: seat.nickname });
      li.append(dot, name);
      if (seat.tag && seat.kind === "player") {
        li.append(Object.assign(document.createElement("span"), { className: "seat-tag", textContent: `#${seat.tag}` }));
      }
      const badges = [];
      if (seat.kind === "bot") badges.push(botLevel(seat.bot_level));
      if (seat.is_host && !room.quick_wait) badges.push(t("host")); // a quick room has nobody to start it
      if (seat.is_you) badges.push(t("you"));
      for (const text of badges) {
        li.append(Object.assign(document.createElement("span"), { className: "seat-badge", textContent: text }));
      }
      return li;
    }));
  }

  // The host arranges free seats while the room waits: a free seat or a bot of some level. The choice
  // is posted to the room's seat URL; the server's answer comes back as a `room` frame to everyone.
  function canArrange(room) {
    return Boolean(room.you && room.you.is_host && room.status === "waiting" && !room.quick_wait);
  }

  function seatChooser(seat, levels) {
    const select = document.createElement("select");
    select.className = "seat-chooser";
    select.setAttribute("aria-label", t("Seat %(n)s", { n: seat.index + 1 }));
    select.dataset.testid = `seat-chooser-${seat.index}`;
    for (const [value, label] of [["", t("Free seat")], ...levels.map((level) => [level, botLevel(level)])]) {
      const option = new Option(label, value, false, (seat.bot_level || "") === value);
      select.append(option);
    }
    select.addEventListener("change", () => {
      const token = document.querySelector("[name=csrfmiddlewaretoken]");
      const body = new URLSearchParams({ bot_level: select.value });
      fetch(`/r/${code}/seats/${seat.index}/`, {
        method: "POST",
        body,
        headers: { "X-CSRFToken": token ? token.value : "" },
        credentials: "same-origin",
        redirect: "manual",
      });
    });
    return select;
  }

  // Games where the host picks who plays (Claves a Dúo): everyone in the room, with a button per seat.
  const peopleList = element.querySelector("[data-people-list]");

  function postSeat(index, playerId) {
    const token = document.querySelector("[name=csrfmiddlewaretoken]");
    fetch(`/r/${code}/sit/${index}/`, {
      method: "POST",
      body: new URLSearchParams({ player: playerId == null ? "" : String(playerId) }),
      headers: { "X-CSRFToken": token ? token.value : "" },
      credentials: "same-origin",
      redirect: "manual",
    });
  }

  function renderPeople(room) {
    if (!peopleList || !room.people) return;
    const arranging = canArrange(room);
    peopleList.replaceChildren(...room.people.map((person) => {
      const li = document.createElement("li");
      li.className = "person";
      li.dataset.testid = `person-${person.nickname}`;
      const dot = document.createElement("span");
      dot.className = "presence";
      dot.dataset.presence = person.online ? "online" : "offline";
      li.append(dot, Object.assign(document.createElement("span"), { className: "seat-name", textContent: person.nickname }),
        Object.assign(document.createElement("span"), { className: "seat-tag", textContent: `#${person.tag}` }));
      if (person.seat != null) {
        li.append(Object.assign(document.createElement("span"), { className: "seat-badge",
          textContent: t("Seat %(n)s", { n: person.seat + 1 }) }));
      }
      if (arranging) {
        for (const seat of room.seats) {
          if (seat.index === person.seat) continue;
          const button = Object.assign(document.createElement("button"), {
            type: "button", className: "button small secondary", textContent: t("To seat %(n)s", { n: seat.index + 1 }) });
          button.dataset.testid = `sit-${person.nickname}-${seat.index}`;
          button.addEventListener("click", () => postSeat(seat.index, person.id));
          li.append(button);
        }
      }
      return li;
    }));
  }

  function renderRoom(room) {
    renderSeats(room);
    renderPeople(room);
    const you = room.you || {};
    for (const el of element.querySelectorAll("[data-host-only]")) el.hidden = !you.is_host;
    for (const el of element.querySelectorAll("[data-can-start]")) el.disabled = !room.can_start;
    // a disabled start says why (issue 18): the free seats wait for someone or a bot
    const free = room.seats.some((seat) => seat.kind === "empty");
    for (const el of element.querySelectorAll("[data-start-why]")) el.hidden = !(you.is_host && free);
    for (const el of element.querySelectorAll("[data-spectators]")) {
      el.textContent = room.spectators ? t("%(count)s watching", { count: room.spectators }) : "";
    }
    for (const el of element.querySelectorAll("[data-room-status]")) el.dataset.status = room.status;
    element.dataset.status = room.status;
  }

  function dispatch(frame) {
    if (!frame || typeof frame !== "object") return;
    if (frame.type === "room" && frame.room) {
      if (typeof frame.v === "number" && frame.v < roomVersion && !lost) return; // a late, older snapshot
      if (typeof frame.v === "number") roomVersion = frame.v;
      lastRoom = frame;
      renderRoom(frame.room);
      reactions.room(frame.room);
      after.room(frame.room);
      renderAbsence();
      if (gateFrame) renderGate(); // the names of those awaited
      if (!frame.room.match_id) resynced(); // no match to wait for
      if (!frame.room.match_id && !heard) heard = { matchId: null, v: -1, turn: null }; // a match begun here sounds
      deliver("room", frame);
    } else if (frame.type === "match") {
      onMatchFrame(frame);
    } else if (frame.type === "reaction") {
      reactions.reaction(frame); // not the board's: a bubble over every game alike (static/js/reactions.js)
    } else if (frame.type === "error" && ["bad_emote", "not_seated", "reacting_fast"].includes(frame.code)) {
      reactions.refused(frame);
    } else if (frame.type === "error" && String(frame.ref || "").startsWith("claim-")) {
      claimRefused(frame);
    } else if (frame.type === "error" && String(frame.ref || "").startsWith("rematch-")) {
      after.error(frame);
    } else if (frame.type === "error") {
      deliver("error", frame);
      if (frame.code === "stale_turn") {
        // The move was made for a turn that is gone (the board shows why): take the server's snapshot.
        resyncNext = true;
        sendRaw({ type: "sync" });
      }
    }
    // `ok` needs nothing from the board: the match frame that follows an accepted move carries the change. The
    // page hears of it (the first-game guide ends once the player has played: static/js/guide.js).
    if (frame.type === "ok") element.dispatchEvent(new CustomEvent("room:acted"));
  }

  const reactions = mountReactions(element, (frame) => sendRaw(frame));
  socket = connect(`/ws/rooms/${code}/`, { onFrame: dispatch, onStatus });
  const ready = loadBoard();
  return { send, close: () => socket.close(), onFrame: dispatch, ready };
}

const element = document.querySelector("[data-room]");
if (element && element.dataset.roomCode && !("manual" in element.dataset)) startRoom(element);
