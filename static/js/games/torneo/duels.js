// The Torneo board's duels as anyone sees them: the compact cards of the other duels (what the shared
// boards show), and the pieces every panel uses (the hearts, the hidden word, how a duel ended).
import { displayLetter } from "../../keyboards.js";
import { h, t } from "../kit.js";
import { displayWord } from "../wordle.js";
import { LIVES, ROWS, cls } from "./state.js";

/** `ctx`: {s (state.js), els, seatName}. */
export function duelsView(ctx) {
  const { s, seatName } = ctx;
  const { you } = s;
  const { duelsEl } = ctx.els;

  function hearts(lives) {
    const shown = [];
    for (let i = 0; i < LIVES; i += 1) {
      shown.push(h("span", { class: `heart${i < lives ? "" : " lost"}`, "aria-hidden": "true", text: "♥" }));
    }
    return h("span", { class: "hearts", role: "img", "data-lives": lives,
      "aria-label": t("Lives: %(count)s", { count: lives }) }, shown);
  }

  function wordEl(duel, testid) {
    return h("span", { class: "duel-word", "data-testid": testid, lang: s.view.language,
      text: displayWord(s.view.language, duel.hidden.shown) });
  }

  // How a duel ended, for anyone's list: who won, a draw, who left.
  function endText(duel) {
    if (duel.end === "solved") return t("%(name)s won", { name: seatName(duel.winner) });
    if (duel.end === "draw") return t("Draw");
    if (duel.end === "forfeit") {
      const leavers = duel.seats.filter((seat) => seat !== duel.winner);
      return t("%(name)s left", { name: leavers.map(seatName).join(", ") });
    }
    return t("Stopped");
  }

  // -- the other duels (compact, what the shared boards show) -------------------------------------------
  function duelCard(duel) {
    const [a, b] = duel.seats;
    const name = (seat) => h("span", {
      class: cls("dc-name", duel.to_play === seat && s.view.phase === "playing" && "to-play", seat === you() && "me"),
      "data-seat": seat,
    }, [h("span", { class: "dc-nick", text: seatName(seat) }), hearts(s.view.lives[seat])]);
    const rows = duel.rows.map((row) => h("div", {
      class: `mini-row ${row.seat === a ? "who-a" : "who-b"}${row.skipped ? " skipped" : ""}`,
      lang: row.skipped ? null : s.view.language,
    }, row.skipped ? [h("span", { class: "mini-skip", text: t("Turn skipped") })]
      : row.letters.map((letter, i) => h("span", { class: `mini-cell ${row.marks[i]}`,
        text: displayLetter(s.view.language, letter) }))));
    let foot;
    if (duel.over) {
      foot = [h("span", { class: "dc-result", text: endText(duel) }), duel.hidden ? wordEl(duel, null) : null];
    } else {
      foot = [
        h("span", { class: "dc-turn", text: t("%(name)s's turn", { name: seatName(duel.to_play) }) }),
        h("span", { class: "dc-clock", "data-ends": duel.turn_ends_at }),
        h("span", { class: "dc-rows", text: t("Row %(row)s of %(rows)s", { row: duel.rows.length + 1, rows: ROWS }) }),
      ];
    }
    return h("article", { class: `duel-card${duel.over ? " over" : ""}`, "data-seats": duel.seats.join("-"),
      "data-end": duel.end || null }, [
      h("header", { class: "dc-head" }, [name(a), h("span", { class: "vs", text: t("vs") }), name(b)]),
      rows.length ? h("div", { class: "mini-board", style: `--letters: ${duel.length}` }, rows) : null,
      h("footer", { class: "dc-foot" }, foot),
    ]);
  }

  function renderDuels(duels, title) {
    duelsEl.hidden = duels.length === 0;
    duelsEl.replaceChildren(h("h3", { class: "side-h", text: title }),
      h("div", { class: "duel-cards" }, duels.map(duelCard)));
  }

  return { hearts, wordEl, endText, renderDuels };
}
