// The friend tables (templates/friend/table.html). htmx 4 may process the page before its
// server-sent events extension (vendor/hx-sse.min.js, a deferred script after htmx's) has
// registered: process the stream's element once both are loaded, so that it connects.
(function () {
  "use strict";
  var live = document.getElementById("friend-live");
  if (live && window.htmx) {
    window.htmx.process(live);
  }
})();
