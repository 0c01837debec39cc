// Service worker: precaches every file of the built site and serves it cache-first, so after
// one visit the game loads with the network off. tools/build.py writes the file list and the
// build id (a hash of every file's contents) into static/build/precache.js; a new release has
// a new id, hence a new cache, and the old one is deleted when the new worker activates.
/* global SPLENDOR_BUILD, SPLENDOR_PRECACHE */
"use strict";

importScripts("static/build/precache.js");

// One cache per deployment (scope) and build: other sites and sub-paths on this origin keep theirs.
const PREFIX = `splendor ${self.registration.scope} `;
const CACHE = PREFIX + SPLENDOR_BUILD;
const INDEX = new URL("index.html", self.registration.scope).href;

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // "no-cache" revalidates with the server: a file the page just loaded costs a 304, and
      // a stale HTTP-cache copy can never enter a new build's cache.
      await cache.addAll(SPLENDOR_PRECACHE.map((url) => new Request(url, { cache: "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(self.registration.scope)) return;
  event.respondWith(cacheFirst(request));
});

async function cacheFirst(request) {
  const cache = await caches.open(CACHE);
  // Every page of the app is index.html; its URL parameters (embed mode…) are read by scripts.
  const path = request.url.split(/[?#]/)[0];
  const isApp = request.mode === "navigate" && (path === self.registration.scope || path === INDEX);
  return (await cache.match(isApp ? INDEX : request)) || fetch(request);
}
