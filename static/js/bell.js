// The notification centre's bell (templates/notifications/bell.html, issue 36): its count stays true live, from
// the site socket's frames (presence.js passes them on as "lobby-frame" events): `notification` brings a new one
// and the unread count, `notifications_changed` (the server's channel layer is back from an outage) asks again,
// and so does every reconnect after the first connect (what was told meanwhile reached no page). Opening the bell
// lists the newest and marks them read.
const bell = document.querySelector("[data-bell]");
const panel = document.querySelector("[data-bell-panel]");

if (bell && panel && typeof panel.showPopover === "function") {
  const count = bell.querySelector("[data-bell-count]");
  const list = panel.querySelector("[data-bell-list]");
  const empty = panel.querySelector("[data-bell-empty]");
  const label = bell.dataset.label;
  const when = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "short", timeStyle: "short" });
  const csrf = () => document.querySelector("[name=csrfmiddlewaretoken]")?.value || "";

  const showCount = (unread) => {
    const n = Math.max(0, Number(unread) || 0);
    count.textContent = n > 99 ? "99+" : String(n);
    count.hidden = n === 0;
    bell.setAttribute("aria-label", n ? `${label}: ${n}` : label);
  };

  const entry = (item) => {
    const li = document.createElement("li");
    li.className = item.read ? "bell-item" : "bell-item unread";
    li.dataset.testid = "bell-item";
    const link = document.createElement("a");
    link.href = item.url; // the server's, site-relative only (notifications.texts.safe_url)
    link.textContent = item.text;
    const time = document.createElement("time");
    time.dateTime = item.created;
    time.textContent = when.format(new Date(item.created));
    li.append(link, time);
    return li;
  };

  const render = (items) => {
    list.replaceChildren(...items.map(entry));
    empty.hidden = items.length > 0;
  };

  const recent = async () => {
    const response = await fetch(bell.dataset.recent, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(String(response.status));
    return response.json();
  };

  const markRead = () => fetch(bell.dataset.read, {
    method: "POST", credentials: "same-origin", headers: { "X-CSRFToken": csrf() },
  }).catch(() => {});

  const open = async () => {
    panel.showPopover();
    try {
      const data = await recent();
      render(data.items);
      if (data.unread) {
        showCount(0);
        markRead();
      }
    } catch {
      // offline: the bell stays a link to the page of them all
    }
  };

  bell.addEventListener("click", (event) => {
    event.preventDefault();
    if (panel.matches(":popover-open")) panel.hidePopover();
    else open();
  });

  const refresh = () => recent().then((data) => showCount(data.unread)).catch(() => {});

  document.addEventListener("lobby-frame", (event) => {
    const frame = event.detail;
    if (frame.type === "notification") {
      showCount(frame.unread);
      if (panel.matches(":popover-open")) {
        list.prepend(entry(frame.item));
        empty.hidden = true;
        showCount(0);
        markRead();
      }
    } else if (frame.type === "notifications_changed") {
      refresh();
    }
  });

  let connectedBefore = false;
  document.addEventListener("lobby-status", (event) => {
    if (event.detail !== "online") return;
    if (connectedBefore) refresh();
    connectedBefore = true;
  });
}
