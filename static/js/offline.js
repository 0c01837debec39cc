// Registers the service worker (sw.js) once the game has started, so that the next visit
// loads from the cache, with or without a network. Waiting for readiness keeps the worker's
// precaching from competing with the first start; the files are then in the HTTP cache and
// precaching mostly costs revalidations (304s).
(() => {
  "use strict";
  if (!("serviceWorker" in navigator)) return; // e.g. file:// or plain http to a remote host

  addEventListener("splendor:ready", () => {
    // "none": update checks fetch sw.js and its precache list from the server, never the HTTP
    // cache, so a new release is seen on the next visit.
    navigator.serviceWorker
      .register("sw.js", { updateViaCache: "none" })
      .catch((error) => {
        // Storage refused (some embedded frames, private modes): the game still plays online.
        console.info(`Offline play unavailable: ${error && error.message ? error.message : error}`);
      });
  });
})();
