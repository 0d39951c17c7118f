// The day's puzzles (templates/daily/home.html): each card says, for this browser's date, whether the player has
// played it and how it went, and the Daily Five's streak.
import { nt, t } from "../games/kit.js";
import { localToday } from "./days.js";

const root = document.querySelector("[data-testid=daily-home]");

async function fill() {
  const response = await fetch(`${root.dataset.todayUrl}?today=${localToday()}`,
    { credentials: "same-origin", headers: { Accept: "application/json" } });
  if (!response.ok) return;
  const today = await response.json();
  for (const entry of today.games) {
    const card = root.querySelector(`[data-game="${entry.game}"]`);
    if (!card) continue;
    const status = card.querySelector("[data-status]");
    card.dataset.state = entry.status;
    if (entry.status === "finished") status.textContent = t("Done: %(score)s", { score: entry.score });
    else if (entry.status === "playing") status.textContent = t("Under way: finish it");
    if (entry.streak) {
      status.textContent += ` · ${nt("%(n)s day in a row", "%(n)s days in a row", entry.streak, { n: entry.streak })}`;
    }
  }
  const five = root.querySelector("[data-testid=five-streak]");
  five.textContent = nt("Daily Five: %(n)s day in a row with every puzzle done.",
    "Daily Five: %(n)s days in a row with every puzzle done.", today.five_streak, { n: today.five_streak });
  five.hidden = false;
}
fill();
