// The page's look (issue 33), set before anything is drawn: a classic script in the <head> of every page
// (templates/base.html), not a module, so that a dark page never flashes light. The choice ("system", "light",
// "dark") is this device's (localStorage "dg-theme", written by static/js/settings.js); "system" follows the
// device's setting (prefers-color-scheme), also when it changes while the page is open.
// <html data-theme="light|dark"> is what the stylesheets read (static/css/dark.css); data-theme-choice the choice.
(() => {
  const root = document.documentElement;
  const media = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;
  const choice = () => {
    try {
      return window.localStorage.getItem("dg-theme") || "system";
    } catch {
      return "system";
    }
  };
  const apply = () => {
    const chosen = choice();
    const dark = chosen === "dark" || (chosen !== "light" && Boolean(media && media.matches));
    root.dataset.theme = dark ? "dark" : "light";
    root.dataset.themeChoice = chosen;
  };
  apply();
  if (media && media.addEventListener) media.addEventListener("change", apply);
  window.addEventListener("storage", apply); // another tab changed it
  window.addEventListener("prefs:change", apply);
})();
