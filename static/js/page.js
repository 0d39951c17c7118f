// What the templates once did with inline handlers and attributes, which the Content-Security-Policy
// forbids (script-src and style-src 'self', no 'unsafe-inline': config/settings.py, issue 17). Bound by
// delegation on the document, so the parts a live page swaps in (live.js) behave the same without a
// listener of their own. Loaded by templates/base.html on every page.

// <select data-submit-on-change>: choosing is sending (the language switcher; a <noscript> button stays).
document.addEventListener("change", (event) => {
  const field = event.target;
  if (field instanceof HTMLSelectElement && field.matches("[data-submit-on-change]") && field.form) field.form.submit();
});

// <form data-confirm="question">: sent only once the person agrees (staking credits).
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
    event.preventDefault();
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
// style="" attribute is blocked): the Duelo results' distribution.
function showShares(root) {
  for (const bar of root.querySelectorAll("[data-share]")) bar.style.setProperty("--share", `${Number(bar.dataset.share) || 0}%`);
}
showShares(document);
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) if (node instanceof Element) showShares(node);
}).observe(document.body, { childList: true, subtree: true });
