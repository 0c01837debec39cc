// Boot status: shows PyScript's loading stages while Python starts, and says in words when
// it fails or stalls instead of spinning forever. Python signals success itself
// (static/app/shell.py sets <html data-ready="true"> and dispatches "splendor:ready").
// Also, before anything paints: embed mode (?embed=1 sets <html class="embed">, see
// docs/embedding.md), the page's language (the texts come from static/build/page-text.js,
// written from the catalog by tools/build.py) and a quick probe of the browser storage
// PyScript needs to start.
(() => {
  "use strict";

  const root = document.documentElement;
  const params = new URLSearchParams(location.search);
  const embedded = params.get("embed") === "1";
  if (embedded) root.classList.add("embed");
  // A game link (its #fragment): the visitor came for that game, not for the setup form,
  // which stays hidden (CSS) while the boot panel says what is opening; Python removes
  // data-opening once it has opened the game, or refused the link on the setup screen.
  const openingLink = location.hash.length > 1;
  if (openingLink) root.dataset.opening = "link";

  // The language Python will choose (static/app/shell.py): the URL's lang, else the one
  // remembered, else the browser's first supported preference.
  const TEXT = window.SPLENDOR_TEXT || {};
  const lang = [params.get("lang"), savedLanguage(), ...(navigator.languages || [])]
    .map((code) => String(code || "").split(/[-_]/)[0].toLowerCase())
    .find((code) => code in TEXT) || "en";
  const words = (TEXT[lang] || { keys: {} }).keys;
  const english = (TEXT.en || { keys: {} }).keys;

  // The catalog's text for key, with {name} placeholders filled in.
  function T(key, values = {}) {
    const text = words[key] || english[key] || key;
    return text.replace(/\{(\w+)\}/g, (all, name) => (name in values ? values[name] : all));
  }

  function savedLanguage() {
    try {
      return localStorage.getItem("splendor.lang");
    } catch (error) {
      return null; // storage refused: the probe below says so
    }
  }

  // Sets the page's fixed texts in lang; the page stays hidden (CSS) until then, so that
  // a Persian or Georgian visitor never sees the English markup flash by.
  function translatePage() {
    const entry = TEXT[lang];
    try {
      for (const [attribute, target] of [
        ["data-i18n", ""], ["data-i18n-label", "aria-label"], ["data-i18n-title", "title"],
      ]) {
        for (const element of document.querySelectorAll(`[${attribute}]`)) {
          const text = entry.keys[element.getAttribute(attribute)];
          if (text === undefined) continue;
          if (target) element.setAttribute(target, text);
          else element.textContent = text;
        }
      }
      for (const [selector, attribute, text] of entry.form) {
        const element = document.querySelector(selector);
        if (!element) continue;
        if (attribute) element.setAttribute(attribute, text);
        else element.textContent = text;
      }
      for (const id of ["lang", "game-lang"]) byId(id).value = lang;
    } finally {
      root.classList.remove("translating");
    }
  }

  // The top of the setup screen as Python last showed it (app/saves_ui.py, remember): the
  // Continue button and the games set aside, shown at once but with their buttons disabled
  // until Python is ready. Without them the form would jump down just as it becomes usable.
  function shown(key, store) {
    try {
      const kept = JSON.parse(localStorage.getItem(key));
      const fresh = kept && kept.lang === lang && localStorage.getItem(store) !== null;
      return fresh && typeof kept.text === "string" ? kept.text : null;
    } catch (error) {
      return null; // storage refused or the value damaged: Python shows them once ready
    }
  }
  function showKeptGames() {
    const label = shown("splendor.continue", "splendor.save");
    if (label !== null) {
      const button = document.getElementById("continue");
      button.textContent = label;
      button.disabled = true;
      document.getElementById("saved-game").hidden = false;
    }
    const paused = shown("splendor.paused-view", "splendor.paused");
    if (paused !== null) {
      const list = document.getElementById("paused-list");
      list.innerHTML = paused; // as Python wrote it (names as text); the CSP runs no inline code
      for (const button of list.querySelectorAll("button")) button.disabled = true;
      document.getElementById("paused").hidden = false;
    }
  }
  document.addEventListener("readystatechange", showKeptGames, { once: true });

  if (lang !== "en" && TEXT[lang]) {
    root.lang = lang;
    root.dir = TEXT[lang].dir;
    root.classList.add("translating");
    // "interactive": the whole page is parsed and nothing has been painted from it yet.
    document.addEventListener("readystatechange", translatePage, { once: true });
  }

  // PyScript's "py:progress" stages, in the order they come, with the text and progress shown.
  const STAGES = {
    "Loading Pyodide": ["boot.runtime", 5],
    "Loading Storage": ["boot.storage", 8],
    "Loaded Storage": ["boot.storage_open", 10],
    "Loading interpreter": ["boot.download", 12],
    "Loaded interpreter": ["boot.python", 80],
    "Loading files": ["boot.files", 85],
    "Loaded files": ["boot.files_done", 90],
    "Loaded Pyodide": ["boot.game", 95],
  };
  // The runtime files downloaded during "Loading interpreter", with the progress each marks.
  const DOWNLOADS = {
    "pyodide.asm.mjs": 25,
    "pyodide.asm.wasm": 55,
    "python_stdlib.zip": 65,
  };
  // A stage that lasts this long is called a stall (pages may lower it, e.g. tests). An
  // embedded game gives up sooner: its visitor did not come for it and may not wait.
  const STALL_MS = window.SPLENDOR_STALL_MS || (embedded ? 20000 : 60000);
  // Opening IndexedDB takes milliseconds; PyScript waits forever when the browser refuses it.
  const STORAGE_PROBE_MS = window.SPLENDOR_STORAGE_PROBE_MS || 4000;

  let finished = false;
  let storageBlocked = false;
  let stageName = T("boot.starting");
  let stallTimer = 0;

  const byId = (id) => document.getElementById(id);

  function watchForStall() {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(stalled, STALL_MS);
  }

  function showProblem(message, detail, offerNewTab) {
    byId("boot-message").textContent = message;
    byId("boot-detail").textContent = detail;
    byId("boot-newtab").hidden = !offerNewTab;
    byId("boot-problem").hidden = false;
  }

  function stalled() {
    if (finished || storageBlocked) return;
    root.dataset.boot = "stalled";
    showProblem(T("boot.stalled"), T("boot.stalled_detail", { stage: stageName }), true);
  }

  // The same page in its own tab: without the embed parameters (storage works there).
  function ownTabUrl() {
    const url = new URL(location.href);
    for (const name of ["embed", "parent_origin"]) url.searchParams.delete(name);
    return url.href;
  }

  function storageRefused(why) {
    if (finished || storageBlocked) return;
    storageBlocked = true;
    clearTimeout(stallTimer);
    root.dataset.boot = "stalled";
    root.dataset.bootReason = "storage";
    const message = T(embedded ? "boot.storage_embedded" : "boot.storage_blocked");
    const detail = embedded
      ? T("boot.storage_embedded_detail")
      : T("boot.storage_detail", { why });
    cannotStart(message, detail, embedded);
  }

  // A start that cannot go on: the problem in place of the loading panel, once both exist.
  function cannotStart(message, detail, offerNewTab) {
    whenParsed(() => {
      document.querySelector(".boot-loading").hidden = true;
      showProblem(message, detail, offerNewTab);
    });
  }

  // The probe can fail before the body is parsed: touch the boot panel only once it exists.
  function whenParsed(callback) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", callback);
    } else {
      callback();
    }
  }

  // Opens (and creates) a tiny database the way PyScript does; calls back on refusal or hang.
  function probeStorage() {
    const timer = setTimeout(() => storageRefused("Opening browser storage never finished"),
      STORAGE_PROBE_MS);
    const refuse = (why) => {
      clearTimeout(timer);
      storageRefused(why);
    };
    try {
      const request = indexedDB.open("splendor-probe", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("probe");
      request.onsuccess = () => {
        clearTimeout(timer);
        request.result.close();
      };
      request.onerror = () => refuse(`Opening browser storage failed (${request.error})`);
      request.onblocked = () => refuse("Opening browser storage was blocked");
    } catch (error) {
      refuse(`Browser storage is refused (${error && error.name ? error.name : error})`);
    }
  }

  // Python runs on WebAssembly: where the browser has it turned off (Lockdown Mode on Apple's
  // systems, some browsers' strictest security) no game can start, whatever the site holds.
  function webAssemblyMissing() {
    if (typeof WebAssembly === "object") return false;
    finished = true;
    root.dataset.boot = "failed";
    root.dataset.bootReason = "webassembly";
    cannotStart(T("boot.no_webassembly"), T("boot.no_webassembly_detail"), false);
    return true;
  }

  function failed(reason) {
    if (finished || storageBlocked) return;
    if (retriedByReload(reason)) return;
    finished = true;
    errorBoxes.disconnect();
    clearTimeout(stallTimer);
    root.dataset.boot = "failed";
    delete byId("start").dataset.stage;
    document.querySelector(".boot-loading").hidden = true;
    // a player who lost the network mid-download needs no advice about uploading files
    const detail = navigator.onLine
      ? T("boot.failed_detail", { reason: reason || "Unknown error" })
      : T("boot.offline_detail");
    showProblem(T("boot.failed"), detail, false);
  }

  // A download that failed while online (the browser aborted a request: a service worker
  // stopped in the middle of it, seen under load) is given one more start, by reloading,
  // unless this start is itself a reload (ours, or the player's): never a loop.
  const TRANSIENT = /fetch|load failed|importing a module/i; // Chromium, Firefox; Safari
  const navigation = (performance.getEntriesByType?.("navigation") || [])[0];
  const mayReload = navigation !== undefined && navigation.type !== "reload";
  let reloading = false;

  function retriedByReload(reason) {
    if (reloading) return true;
    if (!mayReload || !navigator.onLine || !TRANSIENT.test(String(reason))) return false;
    reloading = true;
    clearTimeout(stallTimer);
    root.dataset.boot = "retrying";
    location.reload();
    return true;
  }

  function ready() {
    finished = true;
    errorBoxes.disconnect();
    clearTimeout(stallTimer);
    root.dataset.boot = "ready";
    delete root.dataset.bootReason;
    delete byId("start").dataset.stage;
    byId("boot").hidden = true;
  }

  addEventListener("py:progress", (event) => {
    if (finished || storageBlocked) return;
    const [key, value] = STAGES[event.detail] || [String(event.detail), null];
    const text = T(key);
    stageName = text;
    byId("boot-stage").textContent = text;
    byId("start").dataset.stage = text;
    // (never backwards: the preloaded downloads may have moved the bar past a stage's mark)
    if (value !== null && value > byId("boot-progress").value) byId("boot-progress").value = value;
    if (root.dataset.boot === "stalled") {
      root.dataset.boot = "loading";
      byId("boot-problem").hidden = true;
    }
    watchForStall();
  });
  // Finer progress during the long download: note each big runtime file as it arrives.
  if ("PerformanceObserver" in window) {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const value = DOWNLOADS[entry.name.split("/").pop()];
        const bar = byId("boot-progress");
        if (!finished && value && bar && value > bar.value) bar.value = value;
      }
    }).observe({ type: "resource", buffered: true });
  }
  addEventListener("splendor:ready", ready);
  // PyScript ran every script but the app never said it was ready: a Python error.
  addEventListener("py:all-done", () => {
    if (root.dataset.ready !== "true") {
      failed("the game's Python code stopped with an error (details in the browser console)");
    }
  });
  addEventListener("splendor:failed", (event) => failed(event.detail));

  // Before Python is ready, a script or stylesheet that cannot load or an uncaught error
  // means no game (or an unstyled one). Each file is first fetched once more: a dropped
  // connection, or a service worker stopped in the middle of a request (net::ERR_ABORTED,
  // seen under load), should not cost the start.
  const retried = new Set();
  addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target instanceof HTMLLinkElement && target.rel === "stylesheet") {
        if (!retried.has(target.href) && !finished) {
          retried.add(target.href);
          target.after(target.cloneNode()); // in its place: the cascade's order is kept
          target.remove();
        } else {
          failed(`${target.getAttribute("href")} did not load`);
        }
      } else if (target instanceof HTMLScriptElement) {
        if (target.src && !retried.has(target.src) && !finished) {
          retried.add(target.src);
          const again = document.createElement("script");
          if (target.type) again.type = target.type;
          again.src = target.src;
          again.async = false; // retried scripts run in the order they failed
          document.head.append(again);
        } else {
          failed(`${target.src || "a script"} did not load`);
        }
      } else if (event instanceof ErrorEvent) {
        failed(event.message);
      }
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => {
    const reason = event.reason;
    failed(reason && reason.message ? reason.message : String(reason));
    if (reloading) event.preventDefault(); // the page starts again: not an error to report
  });
  // PyScript shows some start-up errors (a config it could not read or fetch) only as a
  // .py-error box, then waits forever: before Python is ready, such a box is a failed start
  // (a Python traceback is not: "py:all-done" above reports it).
  const errorBoxes = new MutationObserver((changes) => {
    for (const change of changes) {
      for (const node of change.addedNodes) {
        if (finished || !(node instanceof HTMLElement)) continue;
        if (node.classList.contains("py-error") && !node.textContent.startsWith("Traceback")) {
          node.remove(); // said in words on the boot panel instead
          failed(node.textContent.trim());
        }
      }
    }
  });
  errorBoxes.observe(document, { childList: true, subtree: true });

  document.addEventListener("DOMContentLoaded", () => {
    if (openingLink) {
      const heading = document.querySelector(".boot-heading");
      heading.dataset.i18n = "boot.opening_link";
      heading.textContent = T("boot.opening_link");
    }
    byId("boot-reload").addEventListener("click", () => location.reload());
    byId("boot-newtab").href = ownTabUrl();
  });
  if (!webAssemblyMissing()) {
    watchForStall();
    probeStorage();
  }
})();
