// The keyharvest replay viewer: swaps the SVG parts of the slots that change between
// frames. Data: {"parts": [svg, ...], "frames": [[slot, part, ...], ...], "slots": n,
// "mark": the points of the outline's hexagon}.
// Two skeletons hold the same slots: the boards two by two, and stacked (in the template
// #kh-stacked) for a narrow screen; the one that fits the window is in the page.
// The board spaces the step just applied changed are outlined.
// A swipe over the boards steps (to the left: the next step).
"use strict";
(function () {
  const data = JSON.parse(document.getElementById("kh-data").textContent);
  const parts = data.parts;
  const count = data.frames.length;
  const viewer = document.getElementById("viewer");
  const stage = document.getElementById("stage");
  const spare = document.getElementById("kh-stacked").content;
  const slider = document.getElementById("slider");
  const stepno = document.getElementById("stepno");
  const notation = document.getElementById("notation");
  const nav = document.getElementById("steps");
  const list = document.getElementById("step-list");
  const toggle = document.getElementById("steps-toggle");
  const items = list.querySelectorAll("li[data-step]");
  const buttons = {
    first: document.getElementById("first"), prev: document.getElementById("prev"),
    next: document.getElementById("next"), last: document.getElementById("last"),
  };
  const narrow = window.matchMedia("(max-width: 700px)");

  // Every frame as the full list of its slots' parts, built once from the changes.
  const table = [];
  let row = new Int32Array(data.slots);
  for (const diff of data.frames) {
    row = row.slice();
    for (let k = 0; k < diff.length; k += 2) row[diff[k]] = diff[k + 1];
    table.push(row);
  }
  let slots = [];
  let boards = [];
  let cells = []; // the slots of board spaces (cell:PLAYER:REF)
  let marks = []; // [slot, outline] of the spaces marked now
  const drawn = new Int32Array(data.slots);
  let current = -1;

  // The skeleton in the page: the stacked one on a narrow screen. Its slots start empty.
  function arrange() {
    let svg = stage.querySelector("svg");
    if ((svg.dataset.stacked === "1") !== narrow.matches) {
      const other = spare.querySelector("svg");
      spare.appendChild(svg);
      svg = stage.appendChild(document.adoptNode(other));
    }
    slots = [];
    for (let i = 0; i < data.slots; i++) slots.push(document.getElementById("kh-s" + i));
    boards = Array.from(svg.querySelectorAll("g.board"));
    cells = [];
    slots.forEach((slot, i) => { if (slot.dataset.slot.startsWith("cell:")) cells.push(i); });
    drawn.fill(-1);
  }

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

  // Outline the spaces whose content step n changed (frame n - 1 to n); none at the start.
  // The outline is drawn over the board's spaces and lets the pointer through to the tile.
  function mark(n) {
    for (const [slot, ring] of marks) {
      slot.removeAttribute("data-changed");
      ring.remove();
    }
    marks = [];
    if (n === 0) return;
    const now = table[n];
    const before = table[n - 1];
    for (const s of cells) {
      if (now[s] === before[s]) continue;
      const slot = slots[s];
      const ring = document.createElementNS(slot.namespaceURI, "g");
      ring.setAttribute("class", "kh-mark");
      ring.setAttribute("transform", slot.getAttribute("transform"));
      ring.innerHTML = `<polygon class="halo" points="${data.mark}"/><polygon points="${data.mark}"/>`;
      slot.parentNode.appendChild(ring);
      slot.setAttribute("data-changed", "1");
      marks.push([slot, ring]);
    }
  }

  // Scroll the list (never the page) so that the item is in sight.
  function reveal(item) {
    const top = item.offsetTop;
    const bottom = top + item.offsetHeight;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }

  // The address says which frame is shown. A jump ("push") is a new entry of the
  // history, so that back and forward return to it; a step ("replace") is not.
  function address(n, how) {
    if (how === "none") return;
    try {
      if (how === "push" && location.hash !== "#" + n) history.pushState(null, "", "#" + n);
      else history.replaceState(null, "", "#" + n);
    } catch (e) {
      // some browsers refuse history changes on file:// pages; the address is a nicety
    }
  }

  function show(n, how) {
    n = Math.max(0, Math.min(count - 1, Number(n) | 0));
    const want = table[n];
    for (let s = 0; s < want.length; s++) {
      if (drawn[s] !== want[s]) {
        slots[s].innerHTML = parts[want[s]];
        drawn[s] = want[s];
      }
    }
    boards.forEach(summarize);
    mark(n);
    if (current >= 0 && items[current]) {
      items[current].classList.remove("current");
      items[current].removeAttribute("aria-current");
    }
    const item = items[n];
    item.classList.add("current");
    item.setAttribute("aria-current", "step");
    reveal(item);
    current = n;
    slider.value = String(n);
    stepno.textContent = String(n);
    notation.textContent = item.textContent;
    buttons.first.disabled = buttons.prev.disabled = n === 0;
    buttons.next.disabled = buttons.last.disabled = n === count - 1;
    viewer.dataset.step = String(n);
    address(n, how || "replace");
  }

  // The frame the address names (#step=N, a link to a step; or #N), or null.
  function fromAddress() {
    const m = /^#(?:step=)?(\d+)$/.exec(location.hash);
    return m ? Number(m[1]) : null;
  }

  function follow() {
    const n = fromAddress();
    if (n !== null && n !== current) show(n, n < count ? "none" : "replace");
  }

  function fold(folded) {
    nav.classList.toggle("folded", folded);
    toggle.setAttribute("aria-expanded", folded ? "false" : "true");
    if (!folded && items[current]) reveal(items[current]);
  }

  buttons.first.addEventListener("click", () => show(0, "push"));
  buttons.prev.addEventListener("click", () => show(current - 1));
  buttons.next.addEventListener("click", () => show(current + 1));
  buttons.last.addEventListener("click", () => show(count - 1, "push"));
  slider.addEventListener("input", () => show(slider.value));
  list.addEventListener("click", (ev) => {
    const li = ev.target.closest("li[data-step]");
    if (li) show(li.dataset.step, "push");
  });
  toggle.addEventListener("click", () => fold(!nav.classList.contains("folded")));
  document.addEventListener("keydown", (ev) => {
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    if (ev.target === slider) return; // the slider moves itself and reports "input"
    const to = {ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: count - 1}[ev.key];
    if (to === undefined) return;
    ev.preventDefault();
    show(to, ev.key === "Home" || ev.key === "End" ? "push" : "replace");
  });
  // A swipe: one finger, mostly sideways, at least 40 px. Left is forward, as a page turns.
  // On a page zoomed in (pinch) the same gesture pans it, so it does not step.
  let touch = null;
  stage.addEventListener("touchstart", (ev) => {
    const t = ev.touches[0];
    touch = ev.touches.length === 1 ? {x: t.clientX, y: t.clientY} : null;
  }, {passive: true});
  stage.addEventListener("touchmove", (ev) => {
    if (ev.touches.length > 1) touch = null;
  }, {passive: true});
  stage.addEventListener("touchcancel", () => { touch = null; });
  stage.addEventListener("touchend", (ev) => {
    const t = ev.changedTouches[0];
    const from = touch;
    touch = null;
    if (!from || !t || ev.touches.length > 0) return;
    const dx = t.clientX - from.x;
    const dy = t.clientY - from.y;
    if (Math.abs(dx) < 40 || Math.abs(dx) < 2 * Math.abs(dy)) return;
    if (window.visualViewport && window.visualViewport.scale > 1.05) return;
    show(dx < 0 ? current + 1 : current - 1);
  }, {passive: true});
  window.addEventListener("hashchange", follow); // an address typed in
  window.addEventListener("popstate", follow); // back and forward
  narrow.addEventListener("change", () => {
    arrange();
    fold(narrow.matches);
    show(current, "none");
  });
  arrange();
  fold(narrow.matches);
  // Opened without a step named, the viewer shows the game as it ends (or stands).
  const start = fromAddress();
  show(start === null ? count - 1 : start);
  viewer.dataset.ready = "1";
})();
