// The player's own date, as the daily puzzles count days (Wordle's way): the browser's local date, which the server
// believes within the dates that exist somewhere on Earth now (daily/days.py).

const pad = (n) => String(n).padStart(2, "0");

/** Today in this browser, YYYY-MM-DD. */
export function localToday() {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
