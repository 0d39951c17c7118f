// After a game, the way on (issue 33): one bar that every board puts in its result card (room.js hands it to the
// board as `afterGame`), with "Rematch" (games/runtime/rematch.py: the same table again once every person said
// yes) and "New game" back into the way the game came from. It draws itself from the room frame's `rematch` and
// `new_game` (docs/protocol.md); the board only places it.
//
// While it shows, the room's waiting panel (the quick match's "Looking for players…", the seats and Start) is
// hidden ([data-room][data-after="over"], static/css/room.css): "New game" in a room the host starts shows it
// again, scrolled into view.
import { friendsCard } from "./friends_card.js";
import { h, t } from "./games/kit.js";

/**
 * `element`: the page's [data-room]; `send`: the socket's send (a `rematch` frame). Returns {node, room(room),
 * match(frame), error(frame), over()}: the bar's element, what to call on each room frame, match frame and a
 * refusal of a `rematch` frame (its ref starts with "rematch-"), and whether the room's last match is over.
 */
export function afterGame(element, { send }) {
  const node = h("div", { class: "after-game", "data-testid": "after-game", hidden: true });
  let room = null;
  let over = false; // the latest match frame shows a finished game (not an aborted one)
  let setup = false; // the player chose "New game" in a room the host starts: the room's panel shows again
  let ref = 0;
  let error = "";
  let drawn = ""; // what the bar shows now, so that a room frame that changes nothing of it leaves it (and its focus) be
  const friends = friendsCard(element.dataset.roomCode || ""); // "Add friend" for the others at the table (issue 36)

  function state() {
    const showing = over && room && room.status === "waiting";
    if (showing && !setup) element.dataset.after = "over";
    else delete element.dataset.after;
    node.hidden = !showing || !room.rematch || room.rematch.you === null || room.rematch.you === undefined;
  }

  function answer(kind) {
    ref += 1;
    error = "";
    send({ type: "rematch", match_id: room.rematch.match_id, answer: kind, ref: `rematch-${ref}` });
    for (const button of node.querySelectorAll("[data-answer]")) button.disabled = true;
  }

  function button(text, testid, onClick, { secondary = false, disabled = false } = {}) {
    const el = h("button", { type: "button", class: `button${secondary ? " secondary" : ""}`, "data-testid": testid,
      "data-answer": "", disabled, text });
    el.addEventListener("click", onClick);
    return el;
  }

  // What the rematch part says and offers, from the room frame's `rematch`.
  function rematchPart(r) {
    const stake = r.stake || 0;
    // A duel is offered a rematch; a group's table (three people or more) plays again, the same table.
    const again = () => (stake ? t("Rematch for %(credits)s credits", { credits: stake })
      : r.people > 2 ? t("Play again, same table") : t("Rematch"));
    if (!r.open) {
      const refused = r.refused || {};
      if (refused.code === "rematch_player_left") {
        return { note: t("%(names)s left the table: there is no rematch.", { names: refused.names }) };
      }
      if (refused.code === "rematch_table_changed") return { note: t("The table changed: start a new game from the room.") };
      if (refused.code === "rematch_daily") return { note: t("The day's board is played once: come back tomorrow for a new one.") };
      return {};
    }
    if (r.declined !== null && r.declined !== undefined) {
      return { note: r.declined === r.you ? t("You declined the rematch.") : t("%(name)s declined the rematch.", { name: r.decliner }) };
    }
    if (r.accepted.includes(r.you)) {
      return {
        buttons: [button(again(), "rematch", () => {}, { disabled: true })],
        note: t("Waiting for %(names)s…", { names: r.waiting.join(", ") }),
      };
    }
    if (r.asked_by !== null && r.asked_by !== undefined) {
      return {
        question: true, // said before its buttons
        note: t("%(name)s asks for a rematch.", { name: r.asker }),
        buttons: [
          button(stake ? t("Accept and stake %(credits)s credits", { credits: stake }) : t("Accept"), "rematch-accept", () => answer("accept")),
          button(t("Decline"), "rematch-decline", () => answer("decline"), { secondary: true }),
        ],
      };
    }
    return { buttons: [button(again(), "rematch", () => answer("ask"))] };
  }

  function newGame(way) {
    if (!way) return null;
    // A daily's room plays its board once: the way on is the daily's page (the result, the day's other pairs).
    const label = way.daily ? t("The day's pairs") : t("New game");
    if (way.way === "quick") {
      const token = document.querySelector("[name=csrfmiddlewaretoken]");
      return h("form", { method: "post", action: way.url, class: "after-new" }, [
        h("input", { type: "hidden", name: "csrfmiddlewaretoken", value: token ? token.value : "" }),
        h("input", { type: "hidden", name: "language", value: way.language || "" }),
        h("input", { type: "hidden", name: "mode", value: way.mode || "anyone" }),
        h("button", { type: "submit", class: "button secondary", "data-testid": "new-game", text: label }),
      ]);
    }
    if (way.way === "link") return h("a", { class: "button secondary", href: way.url, "data-testid": "new-game", text: label });
    const el = h("button", { type: "button", class: "button secondary", "data-testid": "new-game", text: label });
    el.addEventListener("click", () => {
      setup = true;
      state();
      const panel = element.querySelector("[data-show-when=waiting]");
      if (panel) panel.scrollIntoView({ block: "start", behavior: "smooth" });
      const start = element.querySelector("[data-can-start]:not([disabled])");
      if (start && !start.closest("[hidden]")) start.focus({ preventScroll: true });
    });
    return el;
  }

  function render() {
    state();
    if (node.hidden) {
      drawn = "";
      return;
    }
    const r = room.rematch;
    const key = JSON.stringify([r, room.new_game, error]);
    if (key === drawn) return;
    drawn = key;
    const part = rematchPart(r);
    const notes = [];
    if (r.open && r.stake && (r.declined === null || r.declined === undefined)) {
      notes.push(t("A rematch stakes %(credits)s credits each again, held until it ends, as this game did.", { credits: r.stake }));
    }
    if (r.open && r.swaps && (r.declined === null || r.declined === undefined)) {
      notes.push(t("In a rematch the seats swap: the other player begins."));
    }
    const status = part.note ? h("p", { class: "after-status", role: "status", "data-testid": "rematch-status", text: part.note }) : null;
    node.replaceChildren(...[
      part.question ? status : null,
      h("div", { class: "after-buttons" }, [...(part.buttons || []), newGame(room.new_game)]),
      part.question ? null : status,
      ...notes.map((text) => h("p", { class: "after-note muted", text })),
      h("p", { class: "after-error", role: "alert", "data-testid": "rematch-error", text: error }),
      friends.node,
    ].filter(Boolean));
  }

  return {
    node,
    room(next) {
      room = next;
      if (room.status !== "waiting") setup = false;
      render();
    },
    match(frame) {
      const outcome = frame.view && frame.view.outcome;
      const wasOver = over;
      over = Boolean(outcome && !outcome.aborted);
      if (over && frame.match_id) friends.load(frame.match_id);
      if (over !== wasOver) {
        error = "";
        if (!over) setup = false;
        render();
      }
    },
    error(frame) {
      error = frame.message || String(frame.code);
      render();
    },
    over: () => over,
  };
}
