// A quick match's waiting room (templates/games/room.html, [data-quick-wait]): the seconds until the bots take the
// free seats, counted down from what the server said when it drew the page (not from the device's clock, which
// may be off). At zero the line says the match is starting; room.js shows the board when its frame arrives.
const panel = document.querySelector("[data-quick-wait]");
const count = panel?.querySelector("[data-quick-countdown]");
if (panel && count) {
  const ends = performance.now() + Number(panel.dataset.quickWait) * 1000;
  const tick = () => {
    const left = Math.max(0, Math.ceil((ends - performance.now()) / 1000));
    if (left > 0) {
      count.textContent = String(left);
      setTimeout(tick, 250);
    } else {
      panel.querySelector(".quick-wait-when").textContent = panel.dataset.starting;
    }
  };
  tick();
}
