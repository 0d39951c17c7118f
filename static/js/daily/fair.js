// The commitments page (templates/daily/fair.html): for each published document, this browser computes its SHA-256
// and says whether it is the digest shown before the day (the Web Crypto API, in a secure context; elsewhere the
// page says to check with sha256sum).
import { t } from "../games/kit.js";

async function sha256(text) {
  const bytes = new TextEncoder().encode(text);
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest)).map((b) => b.toString(16).padStart(2, "0")).join("");
}

for (const item of document.querySelectorAll(".commitments li")) {
  const documentText = item.querySelector("[data-document]");
  const check = item.querySelector("[data-check]");
  if (!documentText || !check) continue;
  if (!globalThis.crypto || !crypto.subtle) {
    check.textContent = t("Check it with sha256sum: this browser cannot here.");
    continue;
  }
  sha256(documentText.textContent).then((found) => {
    const same = found === item.querySelector("[data-digest]").textContent.trim();
    check.textContent = same ? t("Checked in this browser: the document has the digest shown before.")
      : t("This document does not have the digest shown before.");
    check.dataset.verified = same ? "yes" : "no";
  });
}
