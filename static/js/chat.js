// The chat drawer of a private room or a group (issue 36; templates/chat/panel.html). Its history comes over
// HTTP each time its socket (/ws/chat/<kind>/<CODE>/) opens, new messages over the socket. What this viewer
// must not see (a blocked or muted player's lines, a hidden message) the server never sends: nothing is
// filtered here. Writing, muting and reporting are socket frames; a refusal is shown as the server words it.

import { openSocket } from "./socket.js";
import { h, t } from "./games/kit.js";

function startChat(panel) {
  const toggle = document.querySelector("[data-chat-toggle]");
  const list = panel.querySelector("[data-chat-messages]");
  const form = panel.querySelector("[data-chat-form]");
  const input = form.querySelector("input[name=text]");
  const why = panel.querySelector("[data-chat-why]");
  const mutedLine = panel.querySelector("[data-chat-muted]");
  const error = panel.querySelector("[data-chat-error]");
  const unread = document.querySelector("[data-chat-unread]");
  const dialog = panel.querySelector("[data-chat-report]");
  let me = null;
  let unseen = 0;
  let reporting = null;
  let serial = 0;
  // In the page's own header where it has a place for it (the room's): a floating button would lie over a
  // phone's on-screen keyboard or the board.
  const slot = document.querySelector("[data-chat-slot]");
  if (slot) {
    slot.append(toggle);
    toggle.classList.add("in-slot");
  }

  // On a wide screen the drawer is a column under the site's bar, whose height changes with the page (a room in
  // play draws it slimmer): it starts where the bar ends, whatever that is now.
  const bar = document.querySelector(".topbar");
  function placeUnderBar() {
    if (bar) panel.style.setProperty("--chat-top", `${Math.max(0, bar.getBoundingClientRect().bottom)}px`);
  }
  window.addEventListener("resize", placeUnderBar);
  if (bar && "ResizeObserver" in window) new ResizeObserver(placeUnderBar).observe(bar);

  function setOpen(open) {
    placeUnderBar();
    panel.hidden = !open;
    toggle.setAttribute("aria-expanded", String(open));
    document.body.classList.toggle("chat-open", open);
    if (open) {
      unseen = 0;
      unread.hidden = true;
      list.scrollTop = list.scrollHeight;
    }
  }
  toggle.addEventListener("click", () => setOpen(panel.hidden));
  panel.querySelector("[data-chat-close]").addEventListener("click", () => setOpen(false));

  function showError(message) {
    error.textContent = message || "";
    error.hidden = !message;
  }

  function line(message) {
    const mine = me && message.author_id === me.id;
    const item = h("li", { class: mine ? "chat-line mine" : "chat-line", "data-message-id": message.id,
      "data-testid": "chat-line" }, [
      h("span", { class: "chat-who", text: message.nickname }),
      h("span", { class: "chat-text", "data-testid": "chat-text", text: message.text }),
    ]);
    if (!mine) {
      const mute = h("button", { type: "button", class: "link chat-action", "data-testid": "chat-mute",
        text: t("Mute") });
      mute.addEventListener("click", () => send({ type: "mute", player_id: message.author_id, on: true }, () => {
        // the server sends none of their lines from now on; the history read again leaves out those shown
        load();
      }));
      const report = h("button", { type: "button", class: "link chat-action", "data-testid": "chat-report-open",
        text: t("Report") });
      report.addEventListener("click", () => {
        reporting = message;
        dialog.querySelector("[data-chat-report-text]").textContent = `${message.nickname}: ${message.text}`;
        dialog.showModal();
      });
      item.append(h("span", { class: "chat-actions" }, [mute, report]));
    }
    return item;
  }

  function append(message) {
    if (list.querySelector(`[data-message-id="${message.id}"]`)) return;
    list.append(line(message));
    list.scrollTop = list.scrollHeight;
    if (panel.hidden && !(me && message.author_id === me.id)) {
      unseen += 1;
      unread.textContent = String(unseen);
      unread.hidden = false;
    }
  }

  async function load() {
    const response = await fetch(panel.dataset.chatUrl, { headers: { Accept: "application/json" } });
    if (!response.ok) {
      toggle.hidden = true; // not in this chat: the server sends nothing of it
      return;
    }
    const data = await response.json();
    me = data.you;
    list.replaceChildren(...data.messages.map(line));
    list.scrollTop = list.scrollHeight;
    showMuted(me.muted || []);
    form.hidden = !me.can_write;
    why.textContent = me.why_not;
    why.hidden = me.can_write;
  }

  // Whom this reader muted, each with "Hear again" (the server sends their lines again from then on).
  function showMuted(people) {
    mutedLine.hidden = people.length === 0;
    mutedLine.replaceChildren(...(people.length ? [t("Muted:")] : []), ...people.map((person) => {
      const again = h("button", { type: "button", class: "link chat-action", "data-testid": "chat-unmute",
        text: t("Hear %(name)s again", { name: person.nickname }) });
      again.addEventListener("click", () => send({ type: "mute", player_id: person.id, on: false }, load));
      return again;
    }));
  }

  const waiting = new Map();
  function send(frame, done) {
    serial += 1;
    const ref = `chat-${serial}`;
    if (done) waiting.set(ref, done);
    socket.send({ ...frame, ref });
  }

  function onFrame(frame) {
    if (frame.type === "message") append(frame.message);
    else if (frame.type === "hidden") list.querySelector(`[data-message-id="${frame.id}"]`)?.remove();
    else if (frame.type === "ok") {
      showError("");
      const done = waiting.get(frame.ref);
      waiting.delete(frame.ref);
      if (done) done();
    } else if (frame.type === "error") {
      waiting.delete(frame.ref);
      showError(frame.message);
    }
  }

  const language = encodeURIComponent(document.documentElement.lang || "");
  const socket = openSocket(`/ws/chat/${panel.dataset.chatKind}/${panel.dataset.chatCode}/?lang=${language}`, {
    onFrame,
    onStatus(status) {
      if (status === "online") load();
      if (status === "closed") toggle.hidden = true;
    },
  });

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (!text) return;
    send({ type: "say", text }, () => { input.value = ""; });
  });

  dialog.querySelector("[data-chat-report-cancel]").addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    if (dialog.returnValue !== "send" || !reporting) return;
    const fields = new FormData(dialog.querySelector("[data-chat-report-form]"));
    const message = reporting;
    reporting = null;
    send({ type: "report", message_id: message.id, reason: fields.get("reason"), note: fields.get("note") || "" },
      () => { showError(""); error.hidden = false; error.textContent = t("Thank you: a moderator will look at it."); });
  });
}

const panel = document.querySelector("[data-chat]");
if (panel) startChat(panel);
