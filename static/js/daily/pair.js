// A pair's daily page (templates/daily/claves.html): the player's own date (the page reloads with it once, as the
// solo dailies read it), and "Play with someone": the page asks the queue every few seconds (daily/pairs.py keeps a
// place only while it is asked for) until a partner comes, then goes to the room. The page never holds the board.
import { t } from "../games/kit.js";
import { localToday } from "./days.js";
import { dailyShareBox } from "./share.js";

const POLL_MS = 3000;
const root = document.querySelector("[data-testid=daily-pair]");
const params = new URLSearchParams(location.search);
const today = localToday();

if (!params.has("today") && today !== root.dataset.today) {
  params.set("today", today);
  location.replace(`${location.pathname}?${params}`);
}

const message = root.querySelector("[data-message]");
const join = root.querySelector("[data-queue]");
const leave = root.querySelector("[data-queue-leave]");
let timer = null;
let stopped = false; // "Stop waiting" while a question was on its way: its answer is not followed

function csrf() {
  const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

function post(kind) {
  return fetch(`${root.dataset.base}${kind}.json?today=${params.get("today") || root.dataset.today}`, {
    method: "POST", credentials: "same-origin", headers: { "X-CSRFToken": csrf(), Accept: "application/json" },
  });
}

function waiting(on) {
  if (join) join.hidden = on;
  if (leave) leave.hidden = !on;
  message.textContent = on ? t("Waiting for a partner…") : "";
}

async function ask() {
  timer = null;
  let answer;
  try {
    const response = await post("queue");
    answer = await response.json();
  } catch {
    if (!stopped) timer = setTimeout(ask, POLL_MS); // offline a moment: ask again
    return;
  }
  if (stopped && !answer.room) return;
  if (answer.room) {
    location.assign(answer.room);
    return;
  }
  if (answer.error) {
    waiting(false);
    message.textContent = answer.message;
    return;
  }
  waiting(true);
  timer = setTimeout(ask, POLL_MS);
}

if (join) join.addEventListener("click", () => { stopped = false; join.disabled = true; ask().finally(() => { join.disabled = false; }); });
if (leave) {
  leave.addEventListener("click", async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    timer = null;
    await post("leave");
    waiting(false);
  });
}
if (root.dataset.waiting) ask();

// The pair's result, shared as every daily's (static/js/daily/share.js): the server's text, picture and link.
const sharedData = document.getElementById("daily-share");
const shareSlot = document.querySelector("[data-share-box]");
if (sharedData && shareSlot) shareSlot.replaceWith(dailyShareBox(JSON.parse(sharedData.textContent)));
