// Small pieces every game board uses: building elements, reading the server's times, and texts.

/** An element with attributes (`class`, `text`, booleans, others as attributes) and children. */
export function h(tag, attrs = {}, children = []) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") el.className = value;
    else if (name === "text") el.textContent = value;
    else el.setAttribute(name, value === true ? "" : value);
  }
  for (const child of [].concat(children)) if (child) el.append(child);
  return el;
}

/** A timestamp from a view or frame (ISO 8601, up to 6 decimals, Z or +00:00) in ms, or null. */
export function parseTime(iso) {
  if (!iso) return null;
  const ms = Date.parse(iso.replace(/(\.\d{3})\d+/, "$1"));
  return Number.isNaN(ms) ? null : ms;
}

/** t(key, params): the page's translated text (Django's gettext), else the English fallback, with
 * %(name)s placeholders filled in. */
export function translator(texts, fallback = {}) {
  return (key, params = {}) =>
    String(texts[key] ?? fallback[key] ?? key).replace(/%\((\w+)\)[sd]/g, (_m, name) => String(params[name] ?? ""));
}

/** A countdown as m:ss (never below 0:00), rounding the milliseconds left up to whole seconds. */
export function clockText(ms) {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}
