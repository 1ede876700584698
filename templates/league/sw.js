/* Clubtally's service worker (served at /sw.js for the whole site).
   Static files: from the cache first. Pages opened by navigation: from the
   network, kept for a reload without network. Writes (POST) and the live
   board's polls always go to the network: the pad's outbox handles writes. */
const VERSION = "{{ version }}";
const STATIC = "clubtally-static-" + VERSION;
const PAGES = "clubtally-pages";
const PRECACHE = {{ precache|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(STATIC).then((c) => c.addAll(PRECACHE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("clubtally-static-") && k !== STATIC).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/admin/") || url.pathname.startsWith("/accounts/")) return;
  if (url.pathname.startsWith("{{ static_prefix }}")) {
    event.respondWith(caches.match(req).then((hit) => hit || fetch(req).then((resp) => {
      if (resp.ok) { const copy = resp.clone(); caches.open(STATIC).then((c) => c.put(req, copy)); }
      return resp;
    })));
    return;
  }
  if (req.mode === "navigate") {
    event.respondWith(fetch(req).then((resp) => {
      if (resp.ok && !resp.redirected) { const copy = resp.clone(); caches.open(PAGES).then((c) => c.put(req.url, copy)); }
      return resp;
    }).catch(() => caches.match(req.url, { ignoreVary: true }).then((hit) => hit || Response.error())));
  }
});
