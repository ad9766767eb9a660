// The playground's service worker (docs/playground.md): once the page has been loaded,
// it loads again without the network. Installing caches the site (the page, its scripts,
// the interpreter's loader and module, the grammar, and every file of the Open menu);
// then every request of the site is answered from that cache first, and a request it
// lacks goes to the network and is cached as it comes back.
//
// The version below is a digest of the site's files, written by the build
// (web/site_version.cmake): a rebuilt site is a changed service worker, which the browser
// installs beside the old one; the old cache is dropped when the new one takes over, so
// a loader is never served with another build's module.
"use strict";

const version = "@RECKON_SITE_VERSION@";
const cacheName = "reckon-playground-" + version;
const core = ["index.html", "style.css", "highlight.js", "playground.js", "worker.js",
              "reckon.js", "reckon.wasm", "reckon.tmLanguage.json", "files.json"];

// Revalidated with the server, not taken from the HTTP cache as they are: a heuristic
// freshness could otherwise pair this build's loader with a module cached before it.
const fresh = (url) => new Request(url, { cache: "no-cache" });

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    await cache.addAll(core.map(fresh));
    const groups = await (await cache.match("files.json")).json();
    await cache.addAll(groups.flatMap((g) => g.files.map((f) => fresh(g.folder + "/" + f))));
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith("reckon-playground-") && name !== cacheName) await caches.delete(name);
    await self.clients.claim();
  })());
});

// The site's folder, where this worker is: requests outside it (another site, another
// folder of the same server) are the browser's own.
const scope = new URL("./", self.location).href;

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(scope)) return;
  event.respondWith((async () => {
    const cache = await caches.open(cacheName);
    // The page is index.html however it is addressed (the folder itself, ?query).
    const path = new URL(request.url).pathname;
    const key = request.mode === "navigate" && path.endsWith("/") ? "index.html" : request;
    const cached = await cache.match(key, { ignoreSearch: true });
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok && response.type === "basic") await cache.put(request, response.clone());
    return response;
  })());
});
