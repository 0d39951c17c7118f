// A finished daily's sharing (issue 35): the text (the share sheet, else the clipboard, else a text box to copy: the
// iPhone's way when neither works: static/js/share.js's shareOut), the picture (a PNG drawn by the server: shared as
// a file where the browser can, else opened to save), and the link that opens the day's puzzle. Never a spoiler:
// the server's text and picture hold squares and a score only.
import { h, t } from "../games/kit.js";
import { shareOut } from "../share.js";

async function sharePicture(shared, say) {
  try {
    const response = await fetch(shared.picture, { credentials: "same-origin" });
    const blob = await response.blob();
    const file = new File([blob], "dream-games-daily.png", { type: "image/png" });
    if (navigator.canShare && navigator.canShare({ files: [file] })) {
      await navigator.share({ files: [file], title: shared.title });
      say(t("Shared."));
      return "share";
    }
  } catch (error) {
    if (error && error.name === "AbortError") return "cancelled";
  }
  window.open(shared.picture, "_blank", "noopener");
  say(t("The picture opened in a new tab: save it or share it from there."));
  return "opened";
}

/** The share box of a finished daily, from the state JSON's `share`. */
export function dailyShareBox(shared) {
  const status = h("p", { class: "share-status", role: "status", "data-testid": "share-status" });
  const field = h("textarea", { class: "share-text", readonly: true, rows: 8, hidden: true,
    "aria-label": t("Your result, to copy"), "data-testid": "share-text" });
  const say = (text) => { status.textContent = text; };
  const text = h("button", { type: "button", class: "button", "data-testid": "share", text: t("Share the result") });
  const picture = h("button", { type: "button", class: "button secondary", "data-testid": "share-picture",
    text: t("Share as a picture") });
  const link = h("a", { href: shared.url, class: "daily-share-link", "data-testid": "share-link",
    text: t("Link to this puzzle") });
  const box = h("div", { class: "share-box daily-share", "data-testid": "share-box" },
    [h("div", { class: "daily-share-buttons" }, [text, picture]), link, status, field]);
  text.addEventListener("click", async () => { box.dataset.sharedBy = await shareOut(shared, { say, field }); });
  picture.addEventListener("click", async () => { box.dataset.sharedBy = await sharePicture(shared, say); });
  return box;
}
