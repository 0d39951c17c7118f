// Pages whose parts the server re-renders when something changes: the lobby page and a group page.
//
// Markup:
//   <div data-live-root data-live-url="/lobby/live/" data-live-frames="lobby_changed hello"
//        [data-live-watch="lobby"] [data-live-poll="5"]>
//     <div data-live="name">…</div>              replaced by parts[name] of the JSON at data-live-url
//     <select name="language" data-live-param>    sent along (?language=es); changing it refreshes
//   </div>
// The lobby socket itself is presence.js's: it re-dispatches every frame as a "lobby-frame" event on
// document and, when [data-live-watch] is on the page, asks the server for that topic's frames.
// The JSON may carry "poll": seconds until the page should ask again without being told (or null).

// Several roots may share a page (the lobby's parts, and its "Live now" list that asks on its own clock).
document.querySelectorAll("[data-live-root]").forEach(keepLive);

function keepLive(element) {
  const url = element.dataset.liveUrl;
  const frames = new Set((element.dataset.liveFrames || "").split(/\s+/).filter(Boolean));
  const shown = new Map();
  let timer = null;
  let pollTimer = null;
  let busy = false;
  let again = false;

  function schedule(delay) {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      refresh();
    }, delay);
  }

  function setPoll(seconds) {
    clearTimeout(pollTimer);
    pollTimer = seconds ? setTimeout(() => schedule(0), Number(seconds) * 1000) : null;
  }

  async function refresh() {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      const params = new URLSearchParams();
      element.querySelectorAll("[data-live-param]").forEach((field) => params.set(field.name, field.value));
      const query = params.toString();
      const response = await fetch(query ? `${url}?${query}` : url, { headers: { Accept: "application/json" } });
      if (response.ok) {
        const data = await response.json();
        for (const [name, html] of Object.entries(data.parts || {})) replacePart(name, html);
        setPoll(data.poll);
      }
    } catch {
      // Offline for a moment: the socket's next hello (on reconnect) asks again.
    } finally {
      busy = false;
      if (again) {
        again = false;
        schedule(0);
      }
    }
  }

  function replacePart(name, html) {
    const part = element.querySelector(`[data-live="${name}"]`);
    if (!part || shown.get(name) === html) return;
    const active = document.activeElement;
    if (active && part.contains(active) && active.matches("select, input, textarea")) {
      // Never pull a list from under someone who is choosing in it: refresh once they are done.
      active.addEventListener("blur", () => schedule(0), { once: true });
      return;
    }
    const kept = new Map();
    part.querySelectorAll("select[id]").forEach((field) => kept.set(field.id, field.value));
    part.innerHTML = html;
    shown.set(name, html);
    kept.forEach((value, id) => {
      const field = part.querySelector(`#${CSS.escape(id)}`);
      if (field && [...field.options].some((option) => option.value === value)) field.value = value;
    });
  }

  document.addEventListener("lobby-frame", (event) => {
    // A little random delay: every open lobby page hears the same frame, and they should not all ask
    // the server in the same millisecond.
    if (frames.has(event.detail?.type)) schedule(150 + Math.random() * 350);
  });
  element.addEventListener("change", (event) => {
    if (event.target.matches("[data-live-param]")) schedule(0);
  });
  setPoll(element.dataset.livePoll);
}
