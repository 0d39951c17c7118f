// The Torneo player's own duel: one shared board of up to 12 rows, each marked with who played it, the two
// duellists' lives and turns, how the duel ended, and the keyboard (on the rival's turn it types the player's next
// guess ahead, shown in their next row as not sent; it goes only with Enter on their turn).
import { h, t } from "../kit.js";
import { tile } from "../wordle.js";
import { ROWS, cls, fill } from "./state.js";

/** `ctx`: {s (state.js), els, seatName, keys (the wordle keyboard), guess (the word being typed)};
 * `pieces`: duels.js's hearts and wordEl. */
export function myDuelView(ctx, { hearts, wordEl }) {
  const { s, seatName, keys, guess } = ctx;
  const { you, canType, rivalOf, duelKey } = s;
  const { duelHead, grid, duelEnd, turnBar, typing, duelEl } = ctx.els;

  // -- the player's duel: one shared board ------------------------------------------------------------
  function renderDuelHead(duel) {
    const chip = (seat) => h("div", {
      class: cls("duelist", seat === you() && "mine", duel.to_play === seat && s.view.phase === "playing" && "to-play"),
      "data-seat": seat,
    }, [
      h("span", { class: "duelist-name", text: seat === you() ? t("You") : seatName(seat) }),
      hearts(s.view.lives[seat]),
      h("span", { class: "duelist-turns", text: t("Turns left: %(count)s", { count: duel.turns_left[String(seat)] }) }),
    ]);
    const rival = rivalOf(duel, you());
    duelHead.replaceChildren(chip(you()), h("span", { class: "vs", text: t("vs") }), chip(rival));
  }

  function renderGrid(duel) {
    const key = duelKey(duel);
    const seen = s.shownRows.has(key) ? s.shownRows.get(key) : duel.rows.length;
    const rows = [];
    const last = duel.over ? duel.rows.length : ROWS;
    for (let r = 0; r < last; r += 1) {
      const seat = duel.seats[r % 2]; // turns alternate strictly: a skipped turn is a row too
      const row = duel.rows[r];
      const name = seat === you() ? t("You") : seatName(seat);
      let kind = "empty";
      let cells = [];
      if (row && row.skipped) {
        kind = "skipped";
        cells = [h("div", { class: "skip-bar", style: `--letters: ${duel.length}`, text: t("Turn skipped") })];
      } else if (row) {
        kind = "done";
        cells = row.letters.map((letter, i) => {
          const el = tile(s.view.language, letter, row.marks[i]);
          if (r >= seen) {
            el.classList.add("reveal");
            el.style.animationDelay = `${i * 90}ms`;
          }
          return el;
        });
      } else {
        const current = r === duel.rows.length && s.view.phase === "playing";
        // the player's next row while the rival plays: what they type ahead waits there, not sent
        const pending = !current && seat === you() && r === s.myNextRow(duel) && s.canPrepare()
          && guess.letters().length > 0;
        if (current) kind = "current";
        if (pending) kind = "pending";
        const letters = (current || pending) && seat === you() ? guess.letters() : [];
        for (let i = 0; i < duel.length; i += 1) cells.push(tile(s.view.language, letters[i] || null, null));
      }
      const pending = kind === "pending";
      rows.push(h("div", {
        class: `row ${kind} ${seat === you() ? "mine" : "theirs"}`, role: "group", "data-row": r, "data-seat": seat,
        "aria-label": pending ? t("Row %(row)s, your next guess, not sent yet", { row: r + 1 })
          : t("Row %(row)s, %(name)s", { row: r + 1, name }),
      }, [h("span", { class: "row-who", text: pending ? t("Not sent") : name }), ...cells]));
    }
    grid.replaceChildren(...rows);
    s.shownRows.set(key, duel.rows.length);
  }

  function duelOutcomeText(duel) {
    const rival = rivalOf(duel, you());
    if (duel.end === "solved") {
      return duel.winner === you() ? t("You solved it: you win the duel!") : t("%(name)s solved it: you lose a life.", { name: seatName(rival) });
    }
    if (duel.end === "draw") return t("Nobody solved it: a draw, you both lose a life.");
    if (duel.end === "forfeit") return t("%(name)s left: you win the duel.", { name: seatName(rival) });
    return t("The duel was stopped.");
  }

  function renderDuelEnd(duel) {
    duelEnd.hidden = !duel.over;
    if (!duel.over) { duelEnd.replaceChildren(); return; }
    duelEnd.dataset.end = duel.end;
    duelEnd.dataset.won = String(duel.winner === you());
    fill(duelEnd, [
      h("p", { class: "duel-end-title", text: duelOutcomeText(duel) }),
      duel.hidden ? h("p", { class: "duel-end-word" }, [
        h("span", { text: t("The word was") }), wordEl(duel, "my-word")]) : null,
    ]);
  }

  function renderMyDuel(duel) {
    renderDuelHead(duel);
    renderGrid(duel);
    renderDuelEnd(duel);
    const playing = s.view.phase === "playing" && !duel.over;
    turnBar.hidden = !playing;
    typing.hidden = !playing;
    keys.render({ language: s.view.language, alphabet: s.view.alphabet, hints: duel.keyboard,
      locked: !canType() && !s.canPrepare() });
    duelEl.classList.toggle("your-turn", canType());
    keepInView(duel);
  }

  // The rows scroll inside the board (torneo.css: the board fits the screen): when a row goes in, the board
  // scrolls to the row to fill now (and the one after it, so that the rows still to come show), or to the last
  // played row once the duel is over. Between two rows the player may scroll back to read the earlier ones.
  function keepInView(duel) {
    const at = `${duelKey(duel)}:${duel.rows.length}:${duel.over}`;
    if (s.scrolledFor === at) return;
    s.scrolledFor = at;
    const rows = grid.querySelectorAll(".row");
    const last = duel.over ? rows[rows.length - 1] : rows[Math.min(duel.rows.length + 1, rows.length - 1)];
    if (!last) return;
    grid.scrollTop = Math.max(0, last.offsetTop + last.offsetHeight - grid.clientHeight);
  }

  return { renderGrid, renderMyDuel };
}
