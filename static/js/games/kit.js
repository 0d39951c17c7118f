// Small pieces every game board uses: building elements, reading the server's times, texts, and the
// life of a board: the frames it takes, its clock ticks, its messages and the action on its way.

/** An element with attributes (`class`, `text`, booleans, others as attributes) and children. */
export function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") el.className = value;
    else if (name === "text") el.textContent = value;
    // Through CSSOM: a style="" attribute is blocked by the Content-Security-Policy (style-src 'self').
    else if (name === "style") el.style.cssText = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  for (const child of [].concat(children)) if (child) el.append(child);
  return el;
}

/** A timestamp from a view or frame (ISO 8601, up to 6 decimals, Z or +00:00) in ms, or null. */
export function parseTime(iso) {
  if (!iso) return null;
  const ms = Date.parse(iso.replace(/(\.\d{3})\d+/, "$1"));
  return Number.isNaN(ms) ? null : ms;
}

// Texts: the English source is the message id of Django's JavaScript catalogue (/jsi18n/, loaded by
// templates/base.html before any module, which defines `django.gettext`/`ngettext`). A page without it (the
// board harness pages) shows the English itself. Call t() and nt() with string literals only:
// `make messages` extracts them (djangojs domain) and tests/test_js_translations.py checks each has its
// Spanish.
const FIELD = /%\((\w+)\)[sd]/g;

/** The text with its %(name)s placeholders filled in from `params`. */
export function fill(text, params = {}) {
  return String(text).replace(FIELD, (_m, name) => String(params[name] ?? ""));
}

/** t(msgid, params): the page's translation of an English text, placeholders filled in. */
export function t(msgid, params = {}) {
  const catalogue = globalThis.django;
  return fill(catalogue && catalogue.gettext ? catalogue.gettext(msgid) : msgid, params);
}

/** nt(singular, plural, n, params): the translation for a count n (in the language's plural forms); the
 * count also fills %(count)s unless params say otherwise. */
export function nt(singular, plural, n, params = {}) {
  const catalogue = globalThis.django;
  const text = catalogue && catalogue.ngettext ? catalogue.ngettext(singular, plural, n) : n === 1 ? singular : plural;
  return fill(text, { count: n, ...params });
}

/** What an error frame says: the server's message (translated there), else the board's own text for its
 * code (`errors`: code -> (params) => text), else the code. */
export function refusal(errors, frame) {
  if (frame.message) return frame.message;
  const text = errors[frame.code];
  return text ? text(frame.params || {}) : String(frame.code);
}

/**
 * The room a board sits in, from the `room` frames room.js hands to the board's onRoom: `take(frame)` keeps
 * the latest; `info(seat)` is that seat's entry (nickname, kind, tag…) or null; `name(seat)` its nickname,
 * else "Seat n"; `isBot(seat)`; `isHost()`: the viewer hosts the room; `get()`: the room (null before the
 * first frame); `replay()`: the room is a finished match's replay (games/replay_views.py).
 *
 * Who is at the table (issue 33: a rival or partner who closed their page is seen on every board, as Torneo's
 * list of players shows it): `away(seat)` says the seat's person has no page open on the match being played;
 * `presence(seat)` is the mark a board puts beside the seat's name (a dot, and the word "away" while they are
 * gone), or null where there is nothing to say (no match being played, a replay).
 */
export function roomSeats() {
  let room = null;
  const info = (seat) => (room && room.seats ? room.seats.find((s) => s.index === seat) || null : null);
  const playing = () => Boolean(room && room.status === "playing" && !room.replay);
  const away = (seat) => {
    const found = info(seat);
    return Boolean(playing() && found && found.kind === "player" && !found.online);
  };
  return {
    take(frame) {
      room = frame.room || frame;
    },
    get: () => room,
    info,
    name(seat) {
      const found = info(seat);
      return found && found.nickname ? found.nickname : t("Seat %(n)s", { n: seat + 1 });
    },
    isBot: (seat) => Boolean(info(seat) && info(seat).kind === "bot"),
    isHost: () => Boolean(room && room.you && room.you.is_host),
    replay: () => Boolean(room && room.replay),
    away,
    presence: (seat) => (playing() && info(seat) ? presenceMark(away(seat)) : null),
  };
}

/** A seat's connection beside its name: a dot (green: at the table) and, while its person is away, the word
 * "away" (a screen reader hears it too; the dot alone is for the eye). */
export function presenceMark(isAway) {
  return h("span", { class: `seat-presence${isAway ? " is-away" : ""}`, "data-testid": "seat-presence",
    "data-presence": isAway ? "offline" : "online" }, [
    h("span", { class: "presence", "data-presence": isAway ? "offline" : "online", "aria-hidden": "true",
      title: isAway ? t("Away") : t("Connected") }),
    isAway ? h("span", { class: "away-badge", text: t("away") }) : null,
  ]);
}

/** The turn line of a board for two taking turns (Wordgrid, Letras Cruzadas) from its view (`phase`,
 * `you`, `turn`): game over, watching (and whose turn), yours or theirs, as text and as `data-state`. In a replay
 * (`replay`: a finished match's page) it says so instead of "watching". */
export function renderTurnLine(el, view, seatName, { replay = false } = {}) {
  let state = "theirs";
  if (view.phase !== "playing") state = "over";
  else if (view.you === null) state = "watching";
  else if (view.turn === view.you) state = "mine";
  el.dataset.state = state;
  if (state === "over") el.textContent = t("Game over");
  else if (state === "mine") el.textContent = t("Your turn");
  else {
    const theirs = t("%(name)s's turn", { name: seatName(view.turn) });
    const watching = replay ? t("Replay of a finished match.") : t("You are watching this match.");
    el.textContent = state === "watching" ? `${watching} ${theirs}` : theirs;
  }
}

/** A countdown as m:ss (never below 0:00), rounding the milliseconds left up to whole seconds. */
export function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

// How often a board redraws its clocks and countdowns.
export const TICK_MS = 200;
// How long a board waits for the answer to an action before it lets the player act again.
export const PENDING_MS = 5000;

/** Calls `tick` every TICK_MS while `board` is in the page; once it has left (the board was unmounted)
 * the timer stops and `gone` runs (to remove the board's listeners on the document). */
export function tickWhileShown(board, tick, gone = () => {}) {
  const ticker = setInterval(() => {
    if (!board.isConnected) {
      clearInterval(ticker);
      gone();
      return;
    }
    tick();
  }, TICK_MS);
}

/** say(text, {sticky}): shows a message in `el` that goes away after `ms` (unless sticky); a newer
 * message replaces it, timer and all. */
export function transientMessage(el, ms) {
  let timer = null;
  return (text, { sticky = false } = {}) => {
    clearTimeout(timer);
    el.textContent = text;
    if (!sticky) timer = setTimeout(() => { el.textContent = ""; }, ms);
  };
}

/** Plays the element's shake animation again from the start (a refused move). */
export function shake(el) {
  el.classList.remove("shake");
  void el.offsetWidth; // restart the animation
  el.classList.add("shake");
}

/**
 * The match frames a board takes: `take(frame)` is null for a frame without a view or one older than
 * the last taken (it arrived late), else `{fresh, changed}` (fresh: the first frame of another match, so
 * the board starts afresh; changed: not the last taken version again, as a resent snapshot is). Each
 * taken frame sets the server clock, `now()`.
 *
 * A frame marked `still: true` (a replay's) stops the clock at its `server_time`.
 *
 * A frame marked `resync: true` (room.js marks the first match frame after a reconnect or a `sync`) is
 * the server's word on the match now: it is taken whatever its version, and counts as changed.
 */
export function matchFrames() {
  let matchId = null;
  let version = -1;
  let offsetMs = 0; // server clock minus browser clock
  // A replay's frame (static/js/replay.js) is marked `still`: its clocks stand at its `server_time`, the
  // moment it shows, instead of running on from it.
  let stillAt = null;
  return {
    take(frame) {
      if (!frame || !frame.view) return null;
      const fresh = frame.match_id !== matchId;
      if (fresh) {
        matchId = frame.match_id;
        version = -1;
      }
      const resync = frame.resync === true;
      if (!resync && typeof frame.v === "number" && frame.v < version) return null;
      const changed = resync || typeof frame.v !== "number" || frame.v !== version;
      if (typeof frame.v === "number") version = frame.v;
      const serverTime = parseTime(frame.server_time);
      if (serverTime !== null) offsetMs = serverTime - Date.now();
      stillAt = frame.still === true && serverTime !== null ? serverTime : null;
      return { fresh, changed };
    },
    matchId: () => matchId,
    now: () => (stillAt !== null ? stillAt : Date.now() + offsetMs),
  };
}

/**
 * The board's one action on its way to the server. `act(matchId, action, kind)` sends it with a ref
 * (`<kind>-<n>`) that the server's answer echoes; `busy(kind?)` says whether one (of that kind) is on its
 * way; `answer(errorFrame)` forgets and returns the action an error answers (an error without a ref
 * answers whatever is on its way), or null. After `ms` without an answer the action is forgotten anyway
 * and `onTimeout` runs: a lost answer never locks the board. The `send` that room.js gives a board adds
 * the `turn` of the latest match frame to every act frame (docs/protocol.md): boards need not know it.
 */
export function pendingAct({ send, ms = PENDING_MS, onTimeout = () => {} }) {
  let pending = null; // {ref, kind, timer}
  let count = 0;

  function clear() {
    if (pending) clearTimeout(pending.timer);
    pending = null;
  }

  return {
    act(matchId, action, kind) {
      count += 1;
      const ref = `${kind}-${count}`;
      clear();
      pending = { ref, kind, timer: setTimeout(() => { pending = null; onTimeout(); }, ms) };
      send({ type: "act", match_id: matchId, action, ref });
    },
    busy: (kind) => Boolean(pending && (kind === undefined || pending.kind === kind)),
    answer(frame) {
      const answered = pending && (!frame.ref || frame.ref === pending.ref) ? pending : null;
      if (answered) clear();
      return answered;
    },
    clear,
  };
}

// -- a round's analysis (Duelo's end card, the Torneo's intro: games.runtime.archive.round_analysis) ----------
const roundAnalyses = new Map(); // "match:round" -> [{seat, notes}] once answered (null while asked)

// A round's analysis is made by the batch lane when the round ends; asked before it is ready, the server
// answers 202 ("pending") and the card asks again, a few times, a little later.
const ANALYSIS_TRIES = 6;
const ANALYSIS_RETRY_MS = 1500;

function askRoundAnalysis(key, url, onReady, tries) {
  fetch(url, { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? response.json() : { seats: [] })) // 202 is ok too
    .then((data) => {
      if (data.pending && tries > 1) {
        setTimeout(() => askRoundAnalysis(key, url, onReady, tries - 1), ANALYSIS_RETRY_MS);
        return;
      }
      roundAnalyses.set(key, data.seats || []);
      onReady();
    })
    .catch(() => roundAnalyses.set(key, []));
}

/**
 * The notes of `seat` on round `round` of match `matchId` (how their guesses narrowed the word, beside the
 * hard bot), in the page's language: an array once known (empty if none), null while it is being asked for;
 * `onReady` runs when the answer comes, so the board draws them then. Asked once per round and page (again
 * while the server says it is still being made).
 */
export function roundAnalysisNotes(matchId, round, seat, onReady) {
  const key = `${matchId}:${round}`;
  if (!roundAnalyses.has(key)) {
    roundAnalyses.set(key, null);
    askRoundAnalysis(key, `/m/${matchId}/rounds/${round}/analysis.json`, onReady, ANALYSIS_TRIES);
    return null;
  }
  const seats = roundAnalyses.get(key);
  if (!seats) return null;
  const mine = seats.find((entry) => entry.seat === seat);
  return mine ? mine.notes : [];
}

// -- sounds (issue 33) --------------------------------------------------------------------------------------------
/**
 * What only a board knows, told to the page: `cueLowTime(el)` returns `(low) => {}`, called at every clock tick
 * with whether the viewer's own clock is running low now; each time it becomes low, a `game:cue` event
 * ({cue: "low_time"}) goes up from `el`, and room.js plays the cue (static/js/sound.js). A rival's low clock is
 * not the viewer's: a board passes false for it.
 */
export function cueLowTime(el) {
  let was = false;
  return (low) => {
    if (low && !was) el.dispatchEvent(new CustomEvent("game:cue", { bubbles: true, detail: { cue: "low_time" } }));
    was = Boolean(low);
  };
}

// A rated game's result table (games.runtime.rated; issue 33: "1662 (+162)" alone said neither): the rating after it
// and its change, each in a column under a heading. `ratings`: the frame's {seat: {after, change}}; `prefix`: the
// board's class prefix (its stylesheet sizes the cells).
export function ratingCells(ratings, seat, prefix) {
  const change = ratings && ratings[String(seat)];
  if (!change) return [];
  const sign = change.change > 0 ? "+" : change.change < 0 ? "−" : "±";
  return [
    h("td", { class: `num ${prefix}-result-rating`, "data-testid": "result-rating", text: String(change.after) }),
    h("td", { class: `num ${prefix}-result-change`, "data-testid": "result-change",
      text: `${sign}${Math.abs(change.change)}` }),
  ];
}

/** The result table's headings, when the game was rated (a table of names and points needs none). */
export function ratedResultHead(ratings) {
  if (!ratings || !Object.keys(ratings).length) return null;
  return h("thead", {}, [h("tr", {}, [
    h("th", { scope: "col", text: t("Player") }),
    h("th", { scope: "col", class: "col-num", text: t("Points") }),
    h("th", { scope: "col", class: "col-num", text: t("Rating") }),
    h("th", { scope: "col", class: "col-num", text: t("Rating change") }),
  ])]);
}
