/* htmx polls that cost nothing when nothing changed (docs/performance.md).
   Each GET an element sends asks with the ETag of that element's last answer
   (If-None-Match, which also keeps the browser's cache out of the way); the
   server answers 304 with an empty body when nothing changed, and htmx then
   leaves the element alone (htmx 2 would otherwise swap the empty body in). */
(function () {
  "use strict";
  var tags = new WeakMap();
  document.addEventListener("htmx:configRequest", function (ev) {
    if (ev.detail.verb !== "get") return;
    var tag = tags.get(ev.detail.elt);
    if (tag) ev.detail.headers["If-None-Match"] = tag;
  });
  document.addEventListener("htmx:beforeSwap", function (ev) {
    var xhr = ev.detail.xhr;
    if (xhr.status === 304) {
      ev.detail.shouldSwap = false;
      ev.detail.isError = false;
      return;
    }
    var tag = xhr.getResponseHeader("ETag");
    if (tag && ev.detail.requestConfig && ev.detail.requestConfig.verb === "get") tags.set(ev.detail.elt, tag);
    else tags.delete(ev.detail.elt);
  });
})();
