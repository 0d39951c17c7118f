// What the templates once did with inline handlers and attributes, which the Content-Security-Policy
// forbids (script-src and style-src 'self', no 'unsafe-inline': config/settings.py, issue 17). Bound by
// delegation on the document, so the parts a live page swaps in (live.js) behave the same without a
// listener of their own. Loaded by templates/base.html on every page.

// <select data-submit-on-change>: choosing is sending (the language switcher; a <noscript> button stays).
document.addEventListener("change", (event) => {
  const field = event.target;
  if (field instanceof HTMLSelectElement && field.matches("[data-submit-on-change]") && field.form) field.form.submit();
});
// This module runs after the page is parsed (modules are deferred): a choice made before it ran, on a slow
// phone, fired a change nobody heard. Such a choice shows as a selected option that is not the one the server
// sent (autocomplete="off" keeps the browser from restoring an old choice on Back), and is sent now.
for (const field of document.querySelectorAll("select[data-submit-on-change]")) {
  const chosen = field.selectedOptions[0];
  const sent = [...field.options].some((option) => option.defaultSelected); // else there is nothing to differ from
  if (sent && chosen && !chosen.defaultSelected && field.form) field.form.submit();
}

// <form data-confirm>: sent only once the person agrees (staking credits, leaving a tournament). What they agree to is the form's
// [data-confirm-body] (templates/lobby/parts/stake_terms.html: the stake, the pot, the payout, the site's
// share), shown in a modal <dialog> in the page, with its [data-confirm-yes] and [data-confirm-no] texts on
// the two buttons: not the browser's confirm(), which says none of it and looks like a warning.
let confirmDialog = null;

function askToConfirm(form) {
  const body = form.querySelector("[data-confirm-body]");
  if (!body || typeof HTMLDialogElement === "undefined") return form.submit();
  if (!confirmDialog) {
    confirmDialog = document.createElement("dialog");
    confirmDialog.className = "confirm-dialog";
    confirmDialog.dataset.testid = "confirm-dialog";
    // Keys pressed in the dialog stay in it: a board listening on the document (a Wordle keyboard's Enter) must not
    // play while the question is open.
    confirmDialog.addEventListener("keydown", (event) => event.stopPropagation());
    document.body.append(confirmDialog);
  }
  const content = body.cloneNode(true);
  content.hidden = false;
  const label = (selector) => (content.querySelector(selector)?.textContent || "").trim();
  const yes = Object.assign(document.createElement("button"), { type: "button", className: "button",
    textContent: label("[data-confirm-yes]") });
  yes.dataset.testid = "confirm-yes";
  const no = Object.assign(document.createElement("button"), { type: "button", className: "button secondary",
    textContent: label("[data-confirm-no]") });
  no.dataset.testid = "confirm-no";
  const buttons = document.createElement("div");
  buttons.className = "confirm-buttons";
  buttons.append(yes, no);
  confirmDialog.replaceChildren(content, buttons);
  yes.addEventListener("click", () => {
    yes.disabled = true; // one accept, however many taps
    // The lobby's live list may have been redrawn meanwhile (live.js), leaving this form out of the page, where
    // a browser sends nothing: put it back, hidden, so the server answers (the game, or why the offer is gone).
    if (!form.isConnected) {
      form.hidden = true;
      document.body.append(form);
    }
    form.submit(); // submit() fires no submit event: the question is not asked again
  });
  no.addEventListener("click", () => confirmDialog.close());
  confirmDialog.showModal();
  no.focus(); // a stray Enter does not stake
}

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form instanceof HTMLFormElement && form.hasAttribute("data-confirm")) {
    event.preventDefault();
    askToConfirm(form);
  }
});

// [data-copy-invite]: copy the invite link of [data-testid=invite-url] (templates/includes/copy_invite.html),
// or select it where the clipboard is not allowed, for the person to copy by hand.
document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element ? event.target.closest("[data-copy-invite]") : null;
  const field = document.querySelector("[data-testid=invite-url]");
  if (!button || !field) return;
  try {
    await navigator.clipboard.writeText(field.value);
    button.textContent = button.dataset.copied;
  } catch {
    field.select();
  }
});

// [data-share="42"]: a bar's length as the custom property --share (CSSOM, which the policy allows where a
// style="" attribute is blocked): a player's figures' distribution (templates/games/stats/).
function showShares(root) {
  for (const bar of root.querySelectorAll("[data-share]")) bar.style.setProperty("--share", `${Number(bar.dataset.share) || 0}%`);
}
showShares(document);
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) if (node instanceof Element) showShares(node);
}).observe(document.body, { childList: true, subtree: true });

// The colours' question (templates/base.html, issue 33) is asked once: shown on this page, it is not asked again
// (the server is told; the answer, if any, follows in the question's own form). Offline: it comes back next time.
const paletteOffer = document.querySelector("[data-palette-seen]");
if (paletteOffer) {
  const token = paletteOffer.querySelector("[name=csrfmiddlewaretoken]");
  fetch(paletteOffer.dataset.paletteSeen, {
    method: "POST",
    credentials: "same-origin",
    headers: { "X-CSRFToken": token ? token.value : "" },
    body: new URLSearchParams({ seen: "1" }),
  }).catch(() => {});
}

// A newcomer who has just chosen a nickname comes back to the page they wanted (accounts/views.py, the "welcome"
// message): its main action ([data-main-action], e.g. a game's "Find a match") is brought into view if it lies
// below the screen (issue 33), clear of the colours' note at the foot.
function bringMainActionIntoView() {
  const mainAction = document.querySelector("[data-main-action]");
  if (!mainAction || !document.querySelector(".message.welcome")) return;
  const box = mainAction.getBoundingClientRect();
  const foot = document.querySelector(".palette-offer");
  const bottom = window.innerHeight - (foot ? foot.getBoundingClientRect().height + 16 : 0);
  // the panel it belongs to, from its heading, when that fits; else the action itself, in the middle
  const panel = mainAction.closest(".panel");
  const whole = panel && panel.getBoundingClientRect().height <= bottom - 8;
  if (box.bottom > bottom) (whole ? panel : mainAction).scrollIntoView({ block: whole ? "start" : "center" });
}
// once the page is laid out whole (its stylesheets in), and after the browser's own scroll restoration
if (document.readyState === "complete") bringMainActionIntoView();
else window.addEventListener("load", () => requestAnimationFrame(bringMainActionIntoView), { once: true });

// The site's service worker (/sw.js, static/js/sw.js: issue 36): the site installs to a phone's home screen, and
// shows its offline page, and the rules read before, with the network gone. Where the browser has none (or
// refuses it: a private window), the site works as before.
if ("serviceWorker" in navigator && window.isSecureContext) {
  navigator.serviceWorker.register("/sw.js").catch(() => {});
}
