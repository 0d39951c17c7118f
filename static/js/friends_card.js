// A result card's "Add friend" (issue 36): under the way on (static/js/after_game.js), one line for each other
// person who played the match with the viewer (never a bot, nor the viewer), with what they are to the viewer:
// "Add friend", "Request sent", "Friends ✓" or "Accept". The people come from /friends/table/<code>/ (only for
// someone seated in that match); a tap posts to /friends/request/ or /friends/accept/ with the CSRF token.
import { h, t } from "./games/kit.js";

/** `code`: the room's code. Returns {node, load()}: the list's element, and what to call once a match is over. */
export function friendsCard(code) {
  const node = h("ul", { class: "card-friends", "data-testid": "card-friends", hidden: true });
  let loadedFor = null; // the match whose people are shown

  function token() {
    const input = document.querySelector("[name=csrfmiddlewaretoken]");
    return input ? input.value : "";
  }

  async function post(action, person, line) {
    for (const button of line.querySelectorAll("button")) button.disabled = true;
    const body = new URLSearchParams({ player: String(person.id) });
    let answer = null;
    try {
      const response = await fetch(`/friends/${action}/`, {
        method: "POST", body, credentials: "same-origin",
        headers: { Accept: "application/json", "X-CSRFToken": token() },
      });
      answer = await response.json();
    } catch {
      answer = { error: { message: t("Not sent: check your connection and try again.") } };
    }
    if (answer.ok) person.state = answer.state;
    line.replaceWith(personLine(person, answer.error ? answer.error.message : ""));
  }

  function personLine(person, error = "") {
    const line = h("li", { "data-testid": "card-friend", "data-player": String(person.id) });
    const name = h("span", { class: "card-friend-name" }, [person.name, " ", h("span", { class: "tag", text: `#${person.tag}` })]);
    let what;
    if (person.state === "friends") what = h("span", { class: "friend-state friends", "data-testid": "card-friend-state", text: t("Friends ✓") });
    else if (person.state === "sent") what = h("span", { class: "friend-state muted", "data-testid": "card-friend-state", text: t("Request sent") });
    else {
      const action = person.state === "received" ? "accept" : "request";
      what = h("button", { type: "button", class: "button small secondary", "data-testid": `card-friend-${action}`,
        text: action === "accept" ? t("Accept friend request") : t("Add friend") });
      what.addEventListener("click", () => post(action, person, line));
    }
    line.append(name, what);
    if (error) line.append(h("span", { class: "error", role: "alert", text: error }));
    return line;
  }

  async function load(matchId) {
    if (loadedFor === matchId) return;
    loadedFor = matchId;
    let table = null;
    try {
      const response = await fetch(`/friends/table/${encodeURIComponent(code)}/`, { headers: { Accept: "application/json" }, credentials: "same-origin" });
      table = response.ok ? await response.json() : null;
    } catch {
      table = null;
    }
    const people = table && table.match_id === matchId ? table.people : [];
    node.replaceChildren(...people.map((person) => personLine(person)));
    node.hidden = people.length === 0;
  }

  return { node, load };
}
