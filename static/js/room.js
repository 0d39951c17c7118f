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
//   {{ strings|json_script:"game-strings" }}    translated UI texts (see DEFAULT_STRINGS in the game)
//   <script type="module" src="{% static 'js/room.js' %}"></script>
import { openSocket } from "./socket.js";

const GAMES = {
  duelo: () => import("./games/duelo.js").then((module) => module.mountDuelo),
  wordgrid: () => import("./games/wordgrid.js").then((module) => module.mountWordgrid),
  cruzadas: () => import("./games/cruzadas.js").then((module) => module.mountCruzadas),
  claves: () => import("./games/claves.js").then((module) => module.mountClaves),
  torneo: () => import("./games/torneo.js").then((module) => module.mountTorneo),
};

export const ROOM_STRINGS = {
  seat_free: "Free seat",
  seat_host: "host",
  seat_you: "you",
  bot_easy: "easy bot",
  bot_medium: "medium bot",
  bot_hard: "hard bot",
  online: "Connected",
  offline: "Reconnecting…",
  spectators: "%(count)s watching",
  seat_n: "Seat %(n)s",
  sit_in: "Seat %(n)s",
};

function readStrings() {
  const node = document.getElementById("game-strings");
  if (!node) return {};
  try {
    return JSON.parse(node.textContent) || {};
  } catch {
    return {};
  }
}

/**
 * Connect a room element to its socket and its game. `connect` is `openSocket` (tests pass a fake).
 * Returns {send(frame), close(), onFrame(frame), ready (a promise of the mounted board)}.
 */
export function startRoom(element, { connect = openSocket, strings = readStrings() } = {}) {
  const texts = { ...ROOM_STRINGS, ...strings };
  const t = (key, params = {}) =>
    String(texts[key] ?? key).replace(/%\((\w+)\)[sd]/g, (_m, name) => String(params[name] ?? ""));
  const code = element.dataset.roomCode;
  const seatList = element.querySelector("[data-seat-list]");
  const gameRoot = element.querySelector("[data-game-root]");
  const connection = element.querySelector("[data-connection]");

  let board = null;
  let boardReady = null;
  let lastRoom = null;
  let roomVersion = -1;
  const queued = []; // frames that came before the game module loaded
  let socket = null;

  const send = (frame) => socket && socket.send(frame);

  function loadBoard() {
    if (boardReady) return boardReady;
    const load = GAMES[element.dataset.game];
    if (!load || !gameRoot) return Promise.resolve(null);
    boardReady = load().then((mount) => {
      board = mount(gameRoot, { send, strings });
      for (const frame of queued.splice(0)) dispatch(frame);
      return board;
    });
    return boardReady;
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
        li.append(Object.assign(document.createElement("span"), { className: "seat-name", textContent: t("seat_free") }));
        return li;
      }
      const dot = document.createElement("span");
      dot.className = "presence";
      dot.dataset.presence = seat.kind === "bot" || seat.online ? "online" : "offline";
      dot.title = t(dot.dataset.presence);
      const name = Object.assign(document.createElement("span"), { className: "seat-name", textContent: seat.nickname });
      li.append(dot, name);
      if (seat.tag && seat.kind === "player") {
        li.append(Object.assign(document.createElement("span"), { className: "seat-tag", textContent: `#${seat.tag}` }));
      }
      const badges = [];
      if (seat.kind === "bot") badges.push(t(`bot_${seat.bot_level}`));
      if (seat.is_host) badges.push(t("seat_host"));
      if (seat.is_you) badges.push(t("seat_you"));
      for (const text of badges) {
        li.append(Object.assign(document.createElement("span"), { className: "seat-badge", textContent: text }));
      }
      return li;
    }));
  }

  // The host arranges free seats while the room waits: a free seat or a bot of some level. The choice
  // is posted to the room's seat URL; the server's answer comes back as a `room` frame to everyone.
  function canArrange(room) {
    return Boolean(room.you && room.you.is_host && room.status === "waiting");
  }

  function seatChooser(seat, levels) {
    const select = document.createElement("select");
    select.className = "seat-chooser";
    select.setAttribute("aria-label", t("seat_n", { n: seat.index + 1 }));
    select.dataset.testid = `seat-chooser-${seat.index}`;
    for (const [value, label] of [["", t("seat_free")], ...levels.map((level) => [level, t(`bot_${level}`)])]) {
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
          textContent: t("seat_n", { n: person.seat + 1 }) }));
      }
      if (arranging) {
        for (const seat of room.seats) {
          if (seat.index === person.seat) continue;
          const button = Object.assign(document.createElement("button"), {
            type: "button", className: "button small secondary", textContent: t("sit_in", { n: seat.index + 1 }) });
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
    for (const el of element.querySelectorAll("[data-spectators]")) {
      el.textContent = room.spectators ? t("spectators", { count: room.spectators }) : "";
    }
    for (const el of element.querySelectorAll("[data-room-status]")) el.dataset.status = room.status;
    element.dataset.status = room.status;
  }

  function dispatch(frame) {
    if (!frame || typeof frame !== "object") return;
    if (frame.type === "room" && frame.room) {
      if (typeof frame.v === "number" && frame.v < roomVersion) return; // a late, older snapshot
      if (typeof frame.v === "number") roomVersion = frame.v;
      lastRoom = frame;
      renderRoom(frame.room);
      if (board) board.onRoom(frame);
      else queued.push(frame);
    } else if (frame.type === "match") {
      if (gameRoot) gameRoot.hidden = false;
      if (board) board.onMatch(frame);
      else {
        if (lastRoom && !queued.includes(lastRoom)) queued.push(lastRoom);
        queued.push(frame);
        loadBoard();
      }
    } else if (frame.type === "error") {
      if (board) board.onError(frame);
      else queued.push(frame);
    }
    // `ok` and `pong` need nothing: the match frame that follows an accepted move carries the change.
  }

  socket = connect(`/ws/rooms/${code}/`, {
    onFrame: dispatch,
    onStatus(status) {
      element.dataset.connection = status;
      if (connection) connection.textContent = t(status);
    },
  });
  const ready = loadBoard();
  return { send, close: () => socket.close(), onFrame: dispatch, ready };
}

const element = document.querySelector("[data-room]");
if (element && element.dataset.roomCode && !("manual" in element.dataset)) startRoom(element);
