// A Torneo round as everyone sees it beside the boards: the intro with this round's pairings (and how the
// last one ended), and everyone's lives and standing.
import { h, roundAnalysisNotes, t } from "../kit.js";
import { fill } from "./state.js";

/** `ctx`: {s (state.js), els, seatName, seatInfo}; `pieces`: duels.js's hearts, wordEl and endText. */
export function roundView(ctx, { hearts, wordEl, endText }) {
  const { s, seatName, seatInfo } = ctx;
  const { you, myDuel, rivalOf } = s;
  const { intro, playersEl } = ctx.els;

  // -- the intro: this round's pairings (and how the last one ended) -----------------------------------
  function pairingItem(duel) {
    const [a, b] = duel.seats;
    const mine = duel.seats.includes(you());
    return h("li", { class: `pairing${mine ? " mine" : ""}`, "data-seats": duel.seats.join("-") }, [
      h("span", { class: `pname${a === you() ? " me" : ""}`, text: seatName(a) }),
      h("span", { class: "vs", text: t("vs") }),
      h("span", { class: `pname${b === you() ? " me" : ""}`, text: seatName(b) }),
      h("span", { class: "plen", text: t("%(count)s letters", { count: duel.length }) }),
    ]);
  }

  function previousItem(duel) {
    const [a, b] = duel.seats;
    const text = endText(duel);
    return h("li", { class: `previous${duel.yours ? " mine" : ""}`, "data-end": duel.end }, [
      h("span", { class: "pnames", text: `${seatName(a)} ${t("vs")} ${seatName(b)}` }),
      h("span", { class: "presult", text }),
      duel.hidden ? wordEl(duel, duel.yours ? "previous-word" : null) : null,
    ]);
  }

  function renderIntro() {
    const mine = myDuel();
    let lead;
    if (mine) {
      const rival = rivalOf(mine, you());
      lead = [
        h("p", { class: "intro-you", "data-testid": "you-play", text: t("You play %(name)s", { name: seatName(rival) }) }),
        h("p", { class: "intro-note",
          text: mine.to_play === you() ? t("You play first.") : t("%(name)s plays first.", { name: seatName(rival) }) }),
      ];
    } else if (s.view.bye !== null && s.view.bye === you()) {
      lead = [h("p", { class: "intro-you", "data-testid": "you-play", text: t("You have a bye this round") })];
    } else {
      lead = [h("p", { class: "intro-note", text: t("Get ready…") })];
    }
    const previous = s.view.previous_duels || [];
    fill(intro, [
      h("p", { class: "intro-kicker", text: t("Round %(round)s", { round: s.view.round }) }),
      h("p", { class: "intro-count", "data-count": "opens" }),
      ...lead,
      h("h3", { class: "intro-h", text: t("Pairings") }),
      h("ul", { class: "pairings", "data-testid": "pairings" }, [
        ...s.view.duels.map(pairingItem),
        s.view.bye !== null ? h("li", { class: `pairing bye${s.view.bye === you() ? " mine" : ""}`, "data-testid": "bye",
          text: t("%(name)s has a bye", { name: seatName(s.view.bye) }) }) : null,
      ]),
      previous.length ? h("h3", { class: "intro-h", text: t("How round %(round)s ended", { round: s.view.round - 1 }) }) : null,
      previous.length
        ? h("ul", { class: "previous-list", "data-testid": "previous" }, previous.map(previousItem)) : null,
      previous.length ? analysisOf(s.view.round - 1) : null,
    ]);
  }

  // How the player's guesses of the last round narrowed their word, beside the hard bot (kit.js
  // roundAnalysisNotes: the worker made it when that round ended). Drawn again when it arrives.
  function analysisOf(round) {
    if (you() === null || !ctx.matchId()) return null;
    const notes = roundAnalysisNotes(ctx.matchId(), round, you(), () => {
      if (s.view && s.view.phase === "intro" && s.view.round === round + 1) renderIntro();
    });
    return notes && notes.length
      ? h("ul", { class: "intro-analysis", "data-testid": "round-analysis" }, notes.slice(0, 3).map((text) => h("li", { text })))
      : null;
  }

  // -- everyone's lives -----------------------------------------------------------------------------------
  function playerStatus(seat) {
    if (s.view.left[seat]) return [t("Left the tournament"), "left"];
    if (s.view.places[seat] !== null) return [t("Place %(place)s", { place: s.view.places[seat] }), "out"];
    if (s.view.lives[seat] === 0) return [t("Knocked out"), "out"];
    if (s.view.bye === seat && s.view.phase !== "finished") return [t("Bye"), "bye"];
    return [null, "in"];
  }

  function renderPlayers() {
    const items = s.view.lives.map((lives, seat) => {
      const info = seatInfo(seat);
      const [status, state] = playerStatus(seat);
      const online = !info || info.kind === "bot" || info.online;
      return h("li", { class: `player is-${state}${seat === you() ? " is-you" : ""}`, "data-seat": seat }, [
        h("span", { class: "presence", "data-presence": online ? "online" : "offline" }),
        h("span", { class: "pl-name", text: seatName(seat) }),
        seat === you() ? h("span", { class: "pl-badge", text: t("you") }) : null,
        info && info.kind === "bot" ? h("span", { class: "pl-badge bot", text: t("bot") }) : null,
        status ? h("span", { class: "pl-status", text: status }) : null,
        hearts(lives),
      ]);
    });
    playersEl.replaceChildren(h("h3", { class: "side-h", text: t("Players") }),
      h("ul", { class: "player-list" }, items));
  }

  return { renderIntro, renderPlayers };
}
