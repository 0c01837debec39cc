// Moves shown in motion: after a move, the cards and tokens it moved glide from where they were
// to where they went, so a player can follow the bots' turns (and the other players').
// Python (app/table.py) calls before() ahead of a redraw and after(seat, tokens) once it is
// done; it only reads the page, clones what is already on screen (so nothing hidden can show)
// and changes nothing of the game. With reduced motion asked for, nothing moves.
(() => {
  "use strict";
  const reduced = matchMedia("(prefers-reduced-motion: reduce)");
  // What a move can carry, keyed so that the same thing is found again after the redraw.
  const KEYED = [
    ["data-card", "#t-market, #t-players"],
    ["data-noble", "#t-nobles, #t-players"],
    ["data-royal", "#t-nobles, #t-players"],
  ];
  let shot = null;

  function box(el) {
    const r = el.getBoundingClientRect();
    return r.width && r.height ? r : null;
  }

  // The parts of the table that move as a whole when the page around them changes (the end
  // screen showing above the table, a line of text appearing): a thing glides only as far as
  // it moved within its part, not with the part.
  const PARTS = "#t-market, #t-nobles, #t-bank, #t-players section[data-seat]";

  function partKey(part) {
    return part && (part.id || `seat=${part.dataset.seat}`);
  }

  function corner(part) {
    // the edge the part's content starts from: a part that changes width keeps its content there
    const r = part.getBoundingClientRect();
    return { x: getComputedStyle(part).direction === "rtl" ? r.right : r.left, y: r.top };
  }

  function snapshot() {
    const parts = new Map();
    for (const part of document.querySelectorAll(PARTS)) parts.set(partKey(part), corner(part));
    const things = new Map();
    for (const [attribute, regions] of KEYED) {
      for (const el of document.querySelectorAll(`:is(${regions}) [${attribute}]`)) {
        const rect = box(el);
        if (!rect) continue;
        // el stays readable after the redraw detaches it: a vanished one is copied only then
        const part = partKey(el.closest(PARTS));
        things.set(`${attribute}=${el.getAttribute(attribute)}`, { el, rect, part });
      }
    }
    // Duel's board cells, with the gem each holds: an emptied cell is where a token came from.
    const cells = [];
    for (const el of document.querySelectorAll("#t-bank .cell[data-gem]")) {
      const rect = box(el);
      if (!rect) continue;
      const index = [...el.parentNode.children].indexOf(el);
      cells.push({ index, gem: el.dataset.gem, rect, part: "t-bank" });
    }
    // Blind reserves shown as backs, by seat: a new one came from its deck.
    const backs = new Map();
    for (const panel of document.querySelectorAll("#t-players section[data-seat]")) {
      backs.set(panel.dataset.seat, panel.querySelectorAll(".card-back").length);
    }
    return { parts, things, cells, backs };
  }

  function carried(was, now, thing) {
    // Where the thing would be now had it stayed put in its part: its old box moved with the part.
    const from = was.parts.get(thing.part);
    const to = now.parts.get(thing.part);
    if (!from || !to) return thing.rect;
    const { left, top, width, height } = thing.rect;
    return { left: left + to.x - from.x, top: top + to.y - from.y, width, height };
  }

  function what(el) {
    if (el.classList.contains("card-back")) return `back=${el.dataset.level}`;
    for (const name of ["data-card", "data-noble", "data-royal", "data-gem"]) {
      if (el.hasAttribute(name)) return `${name.slice(5)}=${el.getAttribute(name)}`;
    }
    return el.className;
  }

  function ghost(from, el, to, duration, delay, fade = true) {
    // A copy of what moved, flying over the page from one box to another (fading out there).
    const copy = el.cloneNode(true);
    for (const part of [copy, ...copy.querySelectorAll("*")]) {
      for (const name of ["id", "data-action", "data-pick", "data-select", "data-command", "data-picked"]) {
        part.removeAttribute(name);
      }
    }
    for (const count of copy.querySelectorAll(".token-count")) count.remove();
    copy.classList.add("motion-ghost");
    copy.classList.remove("is-selected", "is-selectable", "is-last");
    copy.setAttribute("aria-hidden", "true");
    copy.inert = true;
    copy.style.setProperty("--card-w", `${from.width}px`);
    copy.style.setProperty("--noble", `${from.width}px`);
    Object.assign(copy.style, {
      position: "fixed", left: `${from.left}px`, top: `${from.top}px`, margin: "0",
      width: `${from.width}px`, height: `${from.height}px`, zIndex: "50", pointerEvents: "none",
    });
    // inside #game, so the game's own styles still apply to the copy
    (document.getElementById("game") || document.body).append(copy);
    const dx = to.left + to.width / 2 - (from.left + from.width / 2);
    const dy = to.top + to.height / 2 - (from.top + from.height / 2);
    const scale = Math.max(0.2, Math.min(1, to.width / from.width));
    const flight = copy.animate(
      [
        { transform: "none", opacity: 1 },
        { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: fade ? 0.25 : 1 },
      ],
      { duration, delay, easing: "ease-in-out", fill: "backwards" },
    );
    flight.finished.then(() => copy.remove(), () => copy.remove());
    motion.flown.push(`ghost ${what(el)}`);
  }

  function arrive(from, el, to, duration) {
    // A thing new in its place arrives from elsewhere: a copy flies there, the thing shows on landing.
    ghost(from, el, to, duration, 0, false);
    el.animate([{ opacity: 0 }, { opacity: 0 }], { duration });
  }

  function glide(el, from, to, duration) {
    // The element already in its new place starts at its old box and glides home (FLIP).
    const dx = from.left + from.width / 2 - (to.left + to.width / 2);
    const dy = from.top + from.height / 2 - (to.top + to.height / 2);
    if (Math.abs(dx) < 2 && Math.abs(dy) < 2) return;
    const scale = from.width / to.width;
    el.animate(
      [{ transform: `translate(${dx}px, ${dy}px) scale(${scale})`, zIndex: 5 }, { transform: "none", zIndex: 5 }],
      { duration, easing: "ease-in-out" },
    );
    motion.flown.push(`glide ${what(el)}`);
  }

  function panelOf(seat) {
    return document.querySelector(`#t-players [data-seat="${seat}"]`);
  }

  function playerBox(seat, selector) {
    const panel = panelOf(seat);
    if (!panel) return null;
    const part = selector ? panel.querySelector(selector) : null;
    return (part && box(part)) || box(panel);
  }

  const motion = {
    flown: [], // what the last move set in motion
    log: [], // {seat, flown} for the last moves (read by the tests)

    before() {
      shot = reduced.matches || document.hidden ? null : snapshot();
    },

    after(seat, tokens, duration) { // tokens: JSON of {gem: change} for the seat that moved
      const was = shot;
      shot = null;
      motion.flown = [];
      motion.log = [...motion.log.slice(-19), { seat, flown: motion.flown }];
      if (!was || !duration || reduced.matches) return;
      const now = snapshot();
      for (const [key, thing] of was.things) {
        const here = now.things.get(key);
        if (here && here.part === thing.part) {
          glide(here.el, carried(was, now, thing), here.rect, duration);
        } else if (here) {
          // to another part (a reserve, a noble, a Duel purchase): a copy flies over the page,
          // since the players' column, which scrolls on its own, would clip the thing gliding in
          arrive(carried(was, now, thing), here.el, here.rect, duration);
        } else {
          // bought: the card goes to its colour in the player's holdings (a noble: the name)
          const colour = thing.el.dataset.colour;
          const to = playerBox(seat, colour ? `.holding[data-gem="${colour}"]` : ".player-head");
          if (to) ghost(carried(was, now, thing), thing.el, to, duration, 0);
        }
      }
      // New cards come from their deck: into the market, or reserved blind (face up for the
      // one who reserved it, a back for the others).
      const deck = (level) => {
        const el = document.querySelector(`#t-market .deck[data-level="${level}"]`);
        return el && box(el);
      };
      for (const [key, thing] of now.things) {
        const from = !was.things.has(key) && thing.el.dataset.level && deck(thing.el.dataset.level);
        if (!from) continue;
        if (thing.el.closest("#t-market")) {
          glide(thing.el, from, thing.rect, duration);
        } else {
          arrive(from, thing.el, thing.rect, duration);
        }
      }
      const panel = panelOf(seat);
      const backs = panel ? [...panel.querySelectorAll(".card-back")] : [];
      for (const back of backs.slice(was.backs.get(String(seat)) ?? backs.length)) {
        const from = deck(back.dataset.level);
        const to = box(back);
        if (from && to) arrive(from, back, to, duration);
      }
      // Tokens: gained ones fly from the bank (or the Duel cell they left) to the player's
      // holding, spent ones from the holding back to the bank.
      const emptied = was.cells.filter((c) => !now.cells.some((n) => n.index === c.index));
      let delay = 0;
      for (const [gem, change] of Object.entries(JSON.parse(tokens))) {
        const holding = playerBox(seat, `.holding[data-gem="${gem}"] .token`);
        // classic: the bank's pile; Duel: the bag takes tokens back, a steal comes from the rival
        const pile = document.querySelector(`#t-bank .token[data-gem="${gem}"]:not(.cell .token)`);
        const bag = document.querySelector("#t-bank .bag");
        const rival = document.querySelector(
          `#t-players [data-seat]:not([data-seat="${seat}"]) .holding[data-gem="${gem}"] .token`,
        );
        const token = pile || document.querySelector(`#t-players .token[data-gem="${gem}"]`);
        if (!holding || !token) continue;
        for (let i = 0; i < Math.abs(change); i += 1) {
          let from = holding;
          let to = (pile && box(pile)) || (bag && box(bag));
          if (change > 0) {
            const cell = emptied.findIndex((c) => c.gem === gem);
            const left = cell >= 0 ? emptied.splice(cell, 1)[0] : null;
            from = left ? carried(was, now, left) : (pile && box(pile)) || (rival && box(rival));
            to = holding;
          }
          if (from && to) ghost(from, token, to, duration, delay);
          delay += 60;
        }
      }
    },
  };
  window.SplendorMotion = motion;
})();
