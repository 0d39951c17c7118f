// A daily puzzle's page (templates/daily/game.html): loads the player's state for their date, draws the game's board
// (the game's own daily module, static/js/games/<game>/daily.js: its `board` and its `ghost`), sends each action and draws the answer; once finished, the end panel: the result, the
// statistics and streak, the sharing, and the day's commitment. The page knows nothing of the answer before the
// server's state says the player has finished.
import { h, nt, t } from "../games/kit.js";
import { localToday } from "./days.js";
import { dailyShareBox } from "./share.js";

const GHOST_STEP_MS = 700;

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

function ghostPlayer(steps) {
  const stage = h("div", { class: "daily-ghost", "data-testid": "daily-ghost" });
  let timer = null;
  const play = () => {
    clearInterval(timer);
    let index = 0;
    stage.replaceChildren(daily.ghost(steps[0]));
    timer = setInterval(() => {
      index += 1;
      if (index >= steps.length) { clearInterval(timer); return; }
      stage.replaceChildren(daily.ghost(steps[index]));
      stage.dataset.step = String(index + 1);
    }, GHOST_STEP_MS);
    stage.dataset.step = "1";
  };
  return { stage, play };
}

async function drawFriends(into) {
  const response = await fetch(url("friends"), { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) return;
  const data = await response.json();
  if (!data.board || !data.finished) return;
  const list = h("ol", { class: "daily-friends", "data-testid": "daily-friends" });
  const ghost = ghostPlayer([]);
  for (const row of data.board) {
    const state = row.status === "finished" ? row.score : (row.status === "playing" ? t("under way") : t("not yet"));
    const item = h("li", { "data-testid": "daily-friend", class: row.you ? "you" : null }, [
      h("span", { class: "rank", text: row.rank ? `${row.rank}.` : "·" }),
      h("strong", { text: row.nickname }), " ", h("span", { text: state }),
    ]);
    if (row.ghost && row.ghost.length && !row.you) {
      const watch = h("button", { type: "button", class: "button small secondary", "data-testid": "daily-watch",
        text: t("Watch how they played") });
      watch.addEventListener("click", () => {
        const player = ghostPlayer(row.ghost);
        ghost.stage.replaceWith(player.stage);
        ghost.stage = player.stage;
        player.play();
      });
      item.append(" ", watch);
    }
    list.append(item);
  }
  into.replaceChildren(h("h2", { text: t("Your group today") }), list, ghost.stage);
}

function drawEnd(payload) {
  if (!payload.finished) { end.hidden = true; return; }
  const parts = [];
  if (payload.archive) parts.push(h("p", { class: "daily-archive-note", "data-testid": "daily-archive-note",
    text: t("A puzzle from the archive: it counts for your statistics, not for your streak.") }));
  if (payload.stats) parts.push(statsPanel(payload.stats, payload.five_streak));
  if (payload.share) parts.push(dailyShareBox(payload.share));
  const group = h("section", { class: "daily-group" });
  if (!payload.archive) parts.push(group);
  end.replaceChildren(...parts);
  if (!payload.archive) drawFriends(group);
  for (const bar of end.querySelectorAll(".bar[data-share]")) bar.style.setProperty("--share", `${bar.dataset.share}%`);
  end.hidden = false;
}

function drawCommitment(payload) {
  if (!payload.commitment) { commitment.hidden = true; return; }
  commitment.replaceChildren(t("This day's answers were committed in advance: SHA-256 "),
    h("code", { text: payload.commitment }), " ", h("a", { href: "/daily/fair/", text: t("check") }));
  commitment.hidden = false;
}

// The game's daily module (like the room page's board: static/js/room.js), named by the page's game slug.
const daily = /^[a-z]+$/.test(game || "") ? await import(`../games/${game}/daily.js`) : null;
const board = daily.board({
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
