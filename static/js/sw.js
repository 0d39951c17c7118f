// The site's service worker (issue 36, "Installable"), served at /sw.js so that its scope is the whole site
// (config/webapp.py prepends the cache's name and the addresses below, which change with each deploy).
//
// - Installing: the offline page and the stylesheets it and the rules pages use are kept (OFFLINE, KEPT).
// - A page (a navigation): from the network, always (a game is live: nothing stale is shown); a rules page that
//   arrives is kept, so that the rules read once stay readable offline. With the network gone: the kept copy of
//   that page, else the offline page.
// - Everything else (the sockets, JSON, a move) goes to the network untouched: nothing of a game is ever served
//   from a cache.
/* global CACHE, OFFLINE, KEPT, RULES_SUFFIX, ICON */

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll([OFFLINE, ...KEPT])).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

const isRules = (url) => url.pathname.startsWith("/play/") && url.pathname.endsWith(RULES_SUFFIX);

async function page(request) {
  const url = new URL(request.url);
  try {
    const response = await fetch(request);
    if (response.ok && isRules(url)) {
      const cache = await caches.open(CACHE);
      await cache.put(request, response.clone());
    }
    return response;
  } catch (error) {
    const cache = await caches.open(CACHE);
    return (await cache.match(request, { ignoreSearch: true })) || (await cache.match(OFFLINE)) || Response.error();
  }
}

self.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  if (request.mode === "navigate" && new URL(request.url).origin === self.location.origin) {
    event.respondWith(page(request));
    return;
  }
  // A kept stylesheet, offline: the kept copy (online, the network's, as for anything else).
  if (KEPT.some((path) => request.url.endsWith(path))) {
    event.respondWith(fetch(request).catch(() => caches.match(request)));
  }
});

// Web Push (issue 36): the server's notification (notifications/push.py: {title, body, url, tag}), shown even when
// no page of the site is open; a tap opens its page (or brings an open tab of the site to it).
self.addEventListener("push", (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : "" };
  }
  const url = typeof message.url === "string" && message.url.startsWith("/") && !message.url.startsWith("//") ? message.url : "/";
  event.waitUntil(self.registration.showNotification(message.title || "Dream Games", {
    body: message.body || "",
    tag: message.tag || undefined,
    data: { url },
    icon: ICON,
  }));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url || "/", self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
    const open = windows.find((client) => new URL(client.url).origin === self.location.origin && "navigate" in client);
    if (open) return open.navigate(target).then((client) => (client || open).focus());
    return self.clients.openWindow(target);
  }));
});
