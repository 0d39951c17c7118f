// The first-game guide (issue 18): the first time a player opens a game's board, a small card walks through
// three or four steps (templates/games/<slug>/guide.html), each pointing at a part of the board with a ring.
// It never stops play: the clocks are real, so the card lets taps through (only its two buttons take them),
// keeps the focus where it was, and never covers what it points at (place()). "Skip" or the
// last step's button, or the player's first accepted action, tells the server (POST /me/guides/), and the
// room page does not offer it again.

const WIDE = 900; // px: room beside the board for the card
const guide = document.querySelector("[data-guide]");
const root = document.querySelector("[data-game-root]");
if (guide && root) start(guide, root);

function start(card, board) {
  const steps = [...card.querySelectorAll(".guide-steps > li")];
  const count = card.querySelector("[data-guide-count]");
  const next = card.querySelector("[data-guide-next]");
  const nextLabel = next.textContent;
  let index = 0;
  let target = null;
  let open = false;
  let done = false;
  let shownStep = -1;

  const visible = (el) => el.getClientRects().length > 0 && !el.closest("[hidden]");
  const find = (selector) => [...board.querySelectorAll(selector)].find(visible) || null;

  function point(el) {
    if (target === el) return;
    if (target) target.classList.remove("guide-target");
    target = el;
    if (el) el.classList.add("guide-target");
  }

  // On a wide screen the card stands beside what it points at (right, left, below or above it, the first
  // place where it fits whole); on a phone, or where none fits, at the top or the bottom edge of the screen,
  // whichever is farther from it. Never over it.
  function place() {
    card.classList.remove("at-top", "beside");
    card.style.left = card.style.top = "";
    if (!target) return;
    const box = target.getBoundingClientRect();
    const [width, height, gap] = [window.innerWidth, window.innerHeight, 12];
    if (width >= WIDE) {
      card.classList.add("beside");
      const [w, h] = [card.offsetWidth, card.offsetHeight];
      const middleY = Math.min(Math.max(box.top + box.height / 2 - h / 2, gap), height - h - gap);
      const middleX = Math.min(Math.max(box.left + box.width / 2 - w / 2, gap), width - w - gap);
      const spots = [[box.right + gap, middleY], [box.left - gap - w, middleY], [middleX, box.bottom + gap],
        [middleX, box.top - gap - h]];
      const spot = spots.find(([x, y]) => x >= gap && y >= gap && x + w <= width - gap && y + h <= height - gap);
      if (spot) {
        card.style.left = `${spot[0]}px`;
        card.style.top = `${spot[1]}px`;
        return;
      }
      card.classList.remove("beside");
    }
    // A phone: the edge whose card does not meet what it points at; if both would (a tall element), the one that
    // covers less of it, the farther one on a tie.
    const h = card.offsetHeight;
    const overlap = (top) => Math.max(0, Math.min(top + h, box.bottom) - Math.max(top, box.top));
    const [atTop, atBottom] = [overlap(8), overlap(height - 8 - h)];
    const farther = box.top + box.height / 2 > height / 2;
    card.classList.toggle("at-top", atTop < atBottom || (atTop === atBottom && farther));
  }

  function show() {
    steps.forEach((step, i) => { step.hidden = i !== index; });
    count.textContent = `${index + 1}/${steps.length}`;
    next.textContent = index === steps.length - 1 ? next.dataset.last : nextLabel;
    const el = find(steps[index].dataset.target);
    // a new step whose element lies off the screen (the Torneo's players, below its board on a phone) brings it in
    if (el && shownStep !== index && el.scrollIntoView) {
      const box = el.getBoundingClientRect();
      if (box.bottom > window.innerHeight || box.top < 0) el.scrollIntoView({ block: "nearest" });
    }
    shownStep = index;
    point(el);
    place();
  }

  function finish() {
    if (done) return;
    done = true;
    point(null);
    card.hidden = true;
    open = false;
    watcher.disconnect();
    window.removeEventListener("resize", place);
    document.removeEventListener("keydown", onKey);
    const token = document.querySelector("[name=csrfmiddlewaretoken]");
    fetch(card.dataset.seenUrl, {
      method: "POST",
      credentials: "same-origin",
      keepalive: true, // sent even if the player leaves the page at once
      headers: { "X-CSRFToken": token ? token.value : "" },
      body: new URLSearchParams({ game: card.dataset.game }),
    }).catch(() => {}); // offline: the guide comes back on the next visit, which harms nobody
  }

  // The boards draw themselves again on every frame: the ring follows the element that now stands there.
  // The guide opens once the board is on the screen with its first step's element.
  function onBoardChange() {
    if (board.hidden) return;
    if (!open) {
      if (!find(steps[0].dataset.target)) return;
      open = true;
      card.hidden = false;
      window.addEventListener("resize", place);
    }
    show();
  }
  const watcher = new MutationObserver(onBoardChange);
  watcher.observe(board, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
  onBoardChange();

  next.addEventListener("click", () => {
    if (index === steps.length - 1) finish();
    else { index += 1; show(); }
  });
  card.querySelector("[data-guide-skip]").addEventListener("click", finish);
  // Escape closes it, as "Skip" does (issue 33), unless it is closing something opened over the page (the rules, the
  // shortcuts' help, the menu), which takes that Escape for itself.
  function onKey(event) {
    if (event.key !== "Escape" || !open || done) return;
    if (document.querySelector("dialog[open]") || document.querySelector(":popover-open")) return;
    finish();
  }
  document.addEventListener("keydown", onKey);
  // A player whose first action was accepted has found their way: the guide has done its job.
  const room = document.querySelector("[data-room]");
  if (room) room.addEventListener("room:acted", finish, { once: true });
}
