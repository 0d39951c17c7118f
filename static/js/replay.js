// A finished match's page (/m/<id>/, templates/games/replay.html): the game's own board, fed the archive's
// spectator frames one at a time as the room socket would feed them (room.js with a socket of our own that
// never connects). Each frame is marked `resync` (the board takes it whatever its version, backwards too)
// and `still` (its clocks stand at the moment it shows: kit.js matchFrames).
//
// Moving: the buttons, the slider (any move), the arrow keys, Home and End, and on a phone a swipe across
// the board. The analysis of the move shown (games/<slug>/analysis.py, made by the worker) is listed under it.
import { startRoom } from "./room.js";
import { h, t } from "./games/kit.js";

const SWIPE_PX = 40;

async function start(element) {
  const response = await fetch(element.dataset.replayUrl, { headers: { Accept: "application/json" } });
  if (!response.ok) return;
  const replay = await response.json();
  const frames = replay.frames;
  const slider = element.querySelector("[data-replay-slider]");
  const label = element.querySelector("[data-replay-label]");
  const position = element.querySelector("[data-replay-position]");
  const notes = element.querySelector("[data-replay-notes]");
  const noteList = element.querySelector("[data-replay-move-notes]");
  const gameRoot = element.querySelector("[data-game-root]");

  let handlers = null;
  const connect = (_url, callbacks) => {
    handlers = callbacks;
    return { send() {}, close() {} };
  };
  const room = startRoom(element, { connect });
  handlers.onStatus("online");
  room.onFrame(replay.room);

  let shown = -1;
  function show(index) {
    const at = Math.max(0, Math.min(frames.length - 1, index));
    if (at === shown) return;
    shown = at;
    const frame = frames[at];
    room.onFrame({
      type: "match", match_id: replay.match_id, v: frame.v, view: frame.view, server_time: frame.at,
      turn: null, ratings: null, stakes: replay.stakes, resync: true, still: true,
    });
    slider.value = String(at);
    slider.setAttribute("aria-valuetext", frame.label);
    position.textContent = t("%(n)s of %(total)s", { n: at + 1, total: frames.length });
    label.textContent = frame.label;
    element.dataset.replayIndex = String(at);
    noteList.replaceChildren(...frame.notes.map((text) => h("li", { text })));
    notes.hidden = frame.notes.length === 0;
  }

  slider.max = String(frames.length - 1);
  slider.addEventListener("input", () => show(Number(slider.value)));
  const steps = { first: () => 0, prev: () => shown - 1, next: () => shown + 1, last: () => frames.length - 1 };
  for (const button of element.querySelectorAll("[data-replay-step]")) {
    button.addEventListener("click", () => show(steps[button.dataset.replayStep]()));
  }
  const KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    const target = event.target;
    const typing = target instanceof HTMLElement && (target.matches("input, textarea, select") || target.isContentEditable);
    if (event.defaultPrevented || typing || event.altKey || event.ctrlKey || event.metaKey || !KEYS[event.key]) return;
    if (gameRoot.contains(target) && target !== gameRoot) return; // a board's own arrow keys (the Cruzadas cursor)
    event.preventDefault();
    show(steps[KEYS[event.key]]());
  });
  let touchX = null;
  gameRoot.addEventListener("touchstart", (event) => { touchX = event.touches[0].clientX; }, { passive: true });
  gameRoot.addEventListener("touchend", (event) => {
    if (touchX === null) return;
    const dx = event.changedTouches[0].clientX - touchX;
    touchX = null;
    if (Math.abs(dx) >= SWIPE_PX) show(shown + (dx < 0 ? 1 : -1));
  });

  const summary = element.querySelector("[data-replay-summary]");
  if (summary && replay.summary.length) {
    summary.querySelector("[data-replay-summary-list]").replaceChildren(...replay.summary.map((seat) =>
      h("div", { class: "replay-seat" }, [h("h3", { text: seat.nickname }), h("ul", {}, seat.notes.map((text) => h("li", { text })))])));
    summary.hidden = false;
  }
  const pending = element.querySelector("[data-replay-pending]");
  if (pending) pending.hidden = replay.analysed || !replay.analysable;

  await room.ready;
  show(frames.length - 1); // the end first, as a shared link is usually about how it ended
  element.dataset.replayReady = "true";
}

const element = document.querySelector("[data-replay]");
if (element) start(element);
