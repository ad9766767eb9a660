# Writes the site's service worker (web/sw.js) with the site's version: a digest of every
# file the worker caches, so a rebuilt module, loader, page or bundled file is a changed
# service worker, which browsers install afresh (docs/playground.md, "Offline").
#   cmake -DSITE=build-web/site -DTEMPLATE=web/sw.js -P web/site_version.cmake
file(GLOB_RECURSE files LIST_DIRECTORIES false RELATIVE ${SITE} ${SITE}/*)
list(REMOVE_ITEM files sw.js)
list(SORT files)
set(digests "")
foreach(file ${files})
  file(SHA256 ${SITE}/${file} digest)
  string(APPEND digests "${file} ${digest}\n")
endforeach()
string(SHA256 RECKON_SITE_VERSION "${digests}")
string(SUBSTRING ${RECKON_SITE_VERSION} 0 16 RECKON_SITE_VERSION)
configure_file(${TEMPLATE} ${SITE}/sw.js @ONLY)
