// How the Torneo ends for the player: knocked out (the place, the rating change, leave or keep watching),
// leaving on purpose, and the final standings.
import { h, t } from "../kit.js";
import { cls, fill, placeLine, signed } from "./state.js";
import { shareBox } from "../../share.js"; // share (issue 33)

/** `ctx`: {s (state.js), els, seatName, seating (kit.js roomSeats), root, render}; `pieces`: duels.js's
 * hearts. */
export function endView(ctx, { hearts }) {
  const { s, seatName, seating, root, render } = ctx;
  const { you, isShared } = s;
  const { outPanel, leaveButton, result } = ctx.els;

  // -- knocked out ----------------------------------------------------------------------------------------
  function backLink() {
    const room = seating.get();
    const group = room && room.settings ? room.settings.group : null;
    return group ? { href: `/g/${encodeURIComponent(group)}/`, text: t("Back to the group") }
      : { href: "/lobby/", text: t("Back to the lobby") };
  }

  function ratingLine(seat) {
    const change = s.ratings ? s.ratings[String(seat)] : null;
    if (!change) return null;
    return h("p", { class: "rating-line", "data-testid": "rating-change",
      text: t("Rating: %(before)s → %(after)s (%(change)s)", { before: change.before, after: change.after, change: signed(change.change) }) });
  }

  function renderOut() {
    const seat = you();
    const place = s.view.places[seat];
    let placeText = t("Your place is fixed when this round ends.");
    if (place !== null) placeText = placeLine(place, isShared(seat));
    const back = backLink();
    const watch = h("button", { type: "button", class: "button secondary", "data-testid": "keep-watching",
      text: t("Keep watching") });
    watch.addEventListener("click", () => { s.keepWatching = true; render(); });
    fill(outPanel, [
      h("h2", { class: "out-title", text: t("You are out") }),
      h("p", { class: "out-place", "data-testid": "out-place", text: placeText }),
      ratingLine(seat),
      h("div", { class: "actions" }, [
        h("a", { class: "button", href: back.href, "data-testid": "leave-now", text: t("Leave") }), watch,
      ]),
    ]);
  }

  // Leaving is asked in the page's own dialog (static/js/page.js, form[data-confirm]), as accepting a stake is:
  // what it costs, "Leave" and "Keep playing" (focused, so a stray Enter leaves nothing), not the browser's confirm().
  function leaveTournament() {
    const code = seating.get()?.code || root.closest("[data-room]")?.dataset.roomCode;
    const token = document.querySelector("[name=csrfmiddlewaretoken]");
    const form = h("form", { method: "post", action: `/r/${code}/leave/`, hidden: true, "data-confirm": "" }, [
      h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: token ? token.value : "" }),
      h("div", { class: "leave-terms", "data-confirm-body": "", hidden: true }, [
        h("p", { class: "stake-terms-title", text: t("Leave the tournament?") }),
        h("p", { text: t("It counts as a loss: you lose your duel and you are out.") }),
        h("p", { hidden: true, "data-confirm-yes": "", text: t("Leave the tournament") }),
        h("p", { hidden: true, "data-confirm-no": "", text: t("Keep playing") }),
      ]),
    ]);
    document.body.append(form);
    form.requestSubmit();
  }
  leaveButton.addEventListener("click", leaveTournament);

  // -- the final standings --------------------------------------------------------------------------------
  function renderResult() {
    const outcome = s.view.outcome;
    const winners = outcome.winners;
    let title;
    if (winners.length > 1) title = t("Shared victory: %(names)s", { names: winners.map(seatName).join(", ") });
    else if (winners[0] === you()) title = t("You win the tournament!");
    else title = t("%(name)s wins the tournament!", { name: seatName(winners[0]) });
    const places = outcome.places;
    const order = places.map((place, seat) => ({ place, seat })).sort((x, y) => x.place - y.place || x.seat - y.seat);
    const sharedPlace = (place) => places.filter((p) => p === place).length > 1;
    const rated = Boolean(s.ratings);
    const head = h("tr", {}, [
      h("th", { scope: "col", text: t("Place") }),
      h("th", { scope: "col", text: t("Player") }),
      h("th", { scope: "col", class: "num", text: t("Lives") }),
      rated ? h("th", { scope: "col", class: "num", text: t("Rating") }) : null,
    ]);
    const body = order.map(({ place, seat }) => {
      const change = rated ? s.ratings[String(seat)] : null;
      return h("tr", { class: `${winners.includes(seat) ? "winner" : ""}${seat === you() ? " me" : ""}`.trim() || null,
        "data-seat": seat }, [
        h("td", { class: "place", "data-place": place }, [String(place),
          sharedPlace(place) ? h("span", { class: "shared", text: t("shared") }) : null]),
        h("th", { scope: "row" }, [seatName(seat),
          seat === you() ? h("span", { class: "pl-badge", text: t("you") }) : null,
          seating.isBot(seat) ? h("span", { class: "pl-badge bot", "data-testid": "bot-badge", text: t("bot") }) : null,
          outcome.left[seat] ? h("span", { class: "pl-status", text: t("Left the tournament") }) : null]),
        h("td", { class: "num" }, [hearts(outcome.lives[seat])]),
        rated ? h("td", {
          class: cls("num change", change && change.change < 0 && "down", change && change.change === 0 && "even"),
          title: change ? `${change.before} → ${change.after}` : null, text: change ? signed(change.change) : "–",
        }) : null,
      ]);
    });
    const back = backLink();
    const seat = you();
    fill(result, [
      h("p", { class: "result-kicker", text: t("Tournament over") }),
      h("h2", { class: "result-title", "data-testid": "result-title", text: title }),
      seat !== null ? h("p", { class: "result-mine", "data-testid": "result-mine",
        text: placeLine(places[seat], sharedPlace(places[seat])) }) : null,
      seat !== null ? ratingLine(seat) : null,
      outcome.stopped ? h("p", { class: "result-note", text: t("The tournament was ended early.") }) : null,
      // The way on, above the standings so that a phone shows it at once: back to the tournament's way in (the
      // lobby's tournament or the group), where the next one starts. A tournament has no rematch.
      h("p", { class: "result-back" }, [
        h("a", { class: "button", href: back.href, "data-testid": "back", text: back.text })]),
      h("div", { class: "result-table-wrap" }, [
        h("table", { class: "result-table torneo-standings", "data-testid": "standings" },
          [h("thead", {}, [head]), h("tbody", {}, body)]),
      ]),
      shareBox(ctx.matchId(), seat), // share (issue 33): static/js/share.js
    ]);
  }

  return { renderOut, renderResult };
}
