// This device's Web Push (the notification settings page, issue 36). Permission is asked only when the person
// presses "Turn on notifications on this device", never on load. Subscribing goes through the browser's push
// service (pushManager.subscribe with the site's VAPID public key); the subscription it gives is sent to the
// server (saveSubscription), which encrypts each notification for it. Turning off forgets it on both sides.
const panel = document.querySelector("[data-push]");
const csrf = () => document.querySelector("[name=csrfmiddlewaretoken]")?.value || "";

function post(url, body) {
  return fetch(url, {
    method: "POST", credentials: "same-origin",
    headers: { "Content-Type": "application/json", "X-CSRFToken": csrf() },
    body: JSON.stringify(body),
  });
}

// The subscription as PushSubscription.toJSON() gives it: {endpoint, keys: {p256dh, auth}}.
export async function saveSubscription(subscription) {
  const response = await post(panel.dataset.subscribe, subscription);
  if (!response.ok) throw new Error((await response.json().catch(() => ({}))).message || String(response.status));
  return response.json();
}

function keyBytes(base64url) {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (base64url.length % 4)) % 4);
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

const supported = () => Boolean(panel && panel.dataset.vapidKey && "serviceWorker" in navigator && "PushManager" in window
  && "Notification" in window && window.isSecureContext);

if (panel) {
  const status = panel.querySelector("[data-push-status]");
  const on = panel.querySelector("[data-push-on]");
  const off = panel.querySelector("[data-push-off]");
  const show = (state) => {
    status.textContent = status.dataset[`text${state[0].toUpperCase()}${state.slice(1)}`];
    status.dataset.state = state;
    on.hidden = !["off", "failed"].includes(state);
    off.hidden = state !== "on";
  };
  const current = async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.pushManager.getSubscription();
  };

  if (!supported()) show("unsupported");
  else if (Notification.permission === "denied") show("denied");
  else current().then((subscription) => show(subscription && Notification.permission === "granted" ? "on" : "off"), () => show("off"));

  on.addEventListener("click", async () => {
    on.disabled = true;
    try {
      const permission = await Notification.requestPermission();
      if (permission !== "granted") {
        show(permission === "denied" ? "denied" : "off");
        return;
      }
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true, applicationServerKey: keyBytes(panel.dataset.vapidKey),
      });
      await saveSubscription(subscription.toJSON());
      show("on");
    } catch (error) {
      console.warn("push subscription failed", error);
      show("failed");
    } finally {
      on.disabled = false;
    }
  });

  off.addEventListener("click", async () => {
    const subscription = await current().catch(() => null);
    if (subscription) {
      await post(panel.dataset.unsubscribe, { endpoint: subscription.endpoint }).catch(() => {});
      await subscription.unsubscribe().catch(() => {});
    }
    show("off");
  });
}
