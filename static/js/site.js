/* Site-wide behaviour (no inline scripts: the Content-Security-Policy forbids them).
 *
 * Language links: the server renders each link to the same page in the other language. When
 * the page has moved on since (an anchor followed, or htmx pushed a new URL), the link is
 * brought up to date just before it is used, so the reader lands on the same page, step and
 * anchor in the other language. */
(function () {
  "use strict";
  /* The site's languages are those of the switcher the server renders (one link per language,
   * the current one included): the list is written once, in tutorial/catalogs.py. */
  function languages() {
    return Array.prototype.map.call(document.querySelectorAll("a[data-lang-switch]"), function (link) {
      return link.getAttribute("data-lang-switch");
    });
  }

  function sameUrlIn(lang) {
    var parts = location.pathname.split("/");
    if (parts.length < 2 || languages().indexOf(parts[1]) < 0) return null;
    parts[1] = lang;
    return parts.join("/") + location.search + location.hash;
  }

  function refresh(link) {
    var lang = link.getAttribute("data-lang-switch");
    var url = lang && sameUrlIn(lang);
    if (url) link.setAttribute("href", url);
  }

  function onUse(event) {
    var target = event.target;
    var link = target && target.closest ? target.closest("a[data-lang-switch]") : null;
    if (link) refresh(link);
  }

  ["click", "focusin", "pointerover", "auxclick", "contextmenu"].forEach(function (type) {
    document.addEventListener(type, onUse, true);
  });

  function refreshAll() {
    document.querySelectorAll("a[data-lang-switch]").forEach(refresh);
  }
  window.addEventListener("hashchange", refreshAll);
  window.addEventListener("popstate", refreshAll);
  document.addEventListener("htmx:after:history:push", refreshAll);
  document.addEventListener("htmx:after:history:replace", refreshAll);
  if (location.hash) {
    if (document.readyState === "loading") {
      document.addEventListener("DOMContentLoaded", refreshAll);
    } else {
      refreshAll();
    }
  }

  /* The page drew its cards from symbols inlined in it; the steps and moves that htmx brings
   * use the card sprite file: fetch it into the cache once the page has loaded and settled,
   * on pages that swap their table. */
  window.addEventListener("load", function () {
    var sprite = document.body.getAttribute("data-card-sprite");
    if (!sprite || !document.querySelector("[data-hx-get]") || !window.fetch) return;
    setTimeout(function () { window.fetch(sprite).catch(function () { /* offline: no matter */ }); }, 1500);
  });
})();
