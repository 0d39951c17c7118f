// A daily puzzle's page (templates/daily/game.html): loads the player's state for their date, draws the game's board
// (static/js/daily/<game>.js), sends each action and draws the answer; once finished, the end panel: the result, the
// statistics and streak, the sharing, and the day's commitment. The page knows nothing of the answer before the
// server's state says the player has finished.
import { h, nt, t } from "../games/kit.js";
import { localToday } from "./days.js";
import { dailyShareBox } from "./share.js";
import { dueloBoard } from "./duelo.js";

const BOARDS = { duelo: dueloBoard };

const root = document.querySelector("[data-testid=daily-game]");
const game = root.dataset.game;
const today = localToday();
const day = root.dataset.day || today;
let variant = root.dataset.variant;
const message = root.querySelector("[data-message]");
const end = root.querySelector("[data-end]");
const commitment = root.querySelector("[data-commitment]");

function csrf() {
  const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
  return match ? decodeURIComponent(match[1]) : "";
}

function url(kind) {
  return `${root.dataset.base}${day}/${variant ? `${variant}/` : ""}${kind}.json?today=${today}`;
}

function say(text) { message.textContent = text || ""; }

function statsPanel(stats, fiveStreak) {
  const figures = [
    [stats.played, t("played")],
    [`${stats.won_percent}%`, t("of them won")],
    [stats.streak, t("streak")],
    [stats.best_streak, t("best streak")],
  ];
  const rows = Object.entries(stats.distribution || {}).sort(([a], [b]) => (a === "x") - (b === "x") || a - b);
  const most = Math.max(1, ...rows.map(([, n]) => n));
  return h("div", { class: "daily-stats", "data-testid": "daily-stats" }, [
    h("ul", { class: "daily-figures" }, figures.map(([value, label]) =>
      h("li", {}, [h("strong", { text: String(value) }), h("span", { text: label })]))),
    h("p", { class: "daily-five-line", "data-testid": "daily-five-streak",
      text: nt("Daily Five: %(n)s day in a row with every puzzle done.", "Daily Five: %(n)s days in a row with every puzzle done.",
        fiveStreak || 0, { n: fiveStreak || 0 }) }),
    h("ol", { class: "daily-distribution", "aria-label": t("Results so far") }, rows.map(([steps, n]) =>
      h("li", {}, [h("span", { text: steps === "x" ? "X" : steps }),
        h("span", { class: "bar", style: null, "data-share": String(Math.round((100 * n) / most)), text: String(n) })]))),
  ]);
}

function drawEnd(payload) {
  if (!payload.finished) { end.hidden = true; return; }
  const parts = [];
  if (payload.archive) parts.push(h("p", { class: "daily-archive-note", "data-testid": "daily-archive-note",
    text: t("A puzzle from the archive: it counts for your statistics, not for your streak.") }));
  if (payload.stats) parts.push(statsPanel(payload.stats, payload.five_streak));
  if (payload.share) parts.push(dailyShareBox(payload.share));
  end.replaceChildren(...parts);
  for (const bar of end.querySelectorAll(".bar[data-share]")) bar.style.setProperty("--share", `${bar.dataset.share}%`);
  end.hidden = false;
}

function drawCommitment(payload) {
  if (!payload.commitment) { commitment.hidden = true; return; }
  commitment.replaceChildren(t("This day's answers were committed in advance: SHA-256 "),
    h("code", { text: payload.commitment }), " ", h("a", { href: "/daily/fair/", text: t("check") }));
  commitment.hidden = false;
}

const board = BOARDS[game]({
  element: root.querySelector("[data-board]"),
  send: async (action, options) => {
    const response = await fetch(url("act"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), Accept: "application/json" },
      body: JSON.stringify({ action, options }),
    });
    const payload = await response.json().catch(() => ({ error: "unavailable", message: t("Try again.") }));
    if (payload.error) return { refused: payload };
    show(payload);
    return { payload };
  },
  say,
});

function show(payload) {
  board.render(payload);
  drawEnd(payload);
  drawCommitment(payload);
  const date = root.querySelector("[data-testid=daily-date]");
  date.textContent = payload.archive ? t("%(day)s, from the archive", { day: payload.day }) : payload.day;
}

async function load() {
  const response = await fetch(url("state"), { credentials: "same-origin", headers: { Accept: "application/json" } });
  const payload = await response.json().catch(() => null);
  if (!response.ok || !payload || payload.error) {
    say((payload && payload.message) || t("This puzzle is not out yet."));
    return;
  }
  show(payload);
}

const choice = root.querySelector("[data-variant-choice]");
if (choice) {
  choice.addEventListener("change", () => {
    variant = choice.value;
    const next = new URL(window.location.href);
    next.searchParams.set("v", variant);
    window.history.replaceState(null, "", next);
    say("");
    load();
  });
}
load();
