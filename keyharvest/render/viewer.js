// The keyharvest replay viewer: swaps the SVG parts of the slots that change between
// frames. Data: {"parts": [svg, ...], "frames": [[slot, part, ...], ...], "slots": n}.
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("kh-data").textContent);
  const parts = data.parts;
  const count = data.frames.length;
  const viewer = document.getElementById("viewer");
  const slider = document.getElementById("slider");
  const stepno = document.getElementById("stepno");
  const notation = document.getElementById("notation");
  const list = document.getElementById("steps");
  const items = list.querySelectorAll("li[data-step]");
  const buttons = {
    first: document.getElementById("first"), prev: document.getElementById("prev"),
    next: document.getElementById("next"), last: document.getElementById("last"),
  };
  const slots = [];
  for (let i = 0; i < data.slots; i++) slots.push(document.getElementById("kh-s" + i));
  const boards = Array.from(document.querySelectorAll("#stage g.board"));

  // Every frame as the full list of its slots' parts, built once from the changes.
  const table = [];
  let row = new Int32Array(data.slots);
  for (const diff of data.frames) {
    row = row.slice();
    for (let k = 0; k < diff.length; k += 2) row[diff[k]] = diff[k + 1];
    table.push(row);
  }
  const drawn = new Int32Array(data.slots).fill(-1);
  let current = -1;

  // data-tiles / data-workers of a board, read from what is drawn on it.
  function summarize(board) {
    const tiles = [];
    for (const t of board.querySelectorAll("g.tile")) {
      tiles.push(t.dataset.ref + (t.dataset.harvested === "1" ? "h" : ""));
    }
    const workers = [];
    for (const w of board.querySelectorAll("g.worker")) {
      workers.push(w.dataset.worker + "@" + w.dataset.ref);
    }
    workers.sort();
    board.setAttribute("data-tiles", tiles.join(" "));
    board.setAttribute("data-workers", workers.join(" "));
  }

  function show(n) {
    n = Math.max(0, Math.min(count - 1, Number(n) | 0));
    const want = table[n];
    for (let s = 0; s < want.length; s++) {
      if (drawn[s] !== want[s]) {
        slots[s].innerHTML = parts[want[s]];
        drawn[s] = want[s];
      }
    }
    boards.forEach(summarize);
    if (current >= 0 && items[current]) {
      items[current].classList.remove("current");
      items[current].removeAttribute("aria-current");
    }
    const item = items[n];
    item.classList.add("current");
    item.setAttribute("aria-current", "step");
    item.scrollIntoView({block: "nearest"});
    current = n;
    slider.value = String(n);
    stepno.textContent = String(n);
    notation.textContent = item.textContent;
    buttons.first.disabled = buttons.prev.disabled = n === 0;
    buttons.next.disabled = buttons.last.disabled = n === count - 1;
    viewer.dataset.step = String(n);
    try {
      history.replaceState(null, "", "#" + n);
    } catch (e) {
      // some browsers refuse history changes on file:// pages; the address is a nicety
    }
  }

  buttons.first.addEventListener("click", () => show(0));
  buttons.prev.addEventListener("click", () => show(current - 1));
  buttons.next.addEventListener("click", () => show(current + 1));
  buttons.last.addEventListener("click", () => show(count - 1));
  slider.addEventListener("input", () => show(slider.value));
  list.addEventListener("click", (ev) => {
    const li = ev.target.closest("li[data-step]");
    if (li) show(li.dataset.step);
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target === slider) return; // the slider moves itself and reports "input"
    const to = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1}[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    show(to);
  });
  const start = /^#(\d+)$/.exec(location.hash);
  show(start ? Number(start[1]) : 0);
  viewer.dataset.ready = "1";
})();
