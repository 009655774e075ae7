/* htmx after the first paint (issue 27; no inline script: the CSP forbids it).
 *
 * This file closes the page's first script (site.js and the page's own, joined by the build).
 * That script names, in its data-late attribute, the one it brings in once the page is painted:
 * htmx, whose parsing and running would otherwise hold the first paint on a phone. It is asked
 * for when the browser reports the page's largest paint (or at the load event where the browser
 * reports none, or while the tab is hidden; three seconds after the load event at the latest),
 * and at once if the reader acts before then.
 *
 * Until htmx runs, the links and forms it takes over are plain ones. A click on one of them
 * (or a submit), whether the reader's or one the page's script makes for a key, is held and
 * done again once htmx has taken the page in hand, so that it swaps the table as it would
 * have; a click with a modifier key (a new tab) goes through as it is. */
(function () {
  "use strict";
  var script = document.currentScript;
  var late = script && script.getAttribute("data-late");
  if (!late) return;
  var SWAPPED = "[data-hx-get], [data-hx-post]";
  var asked = false;
  var ready = false;
  var held = [];

  function replay() {
    var actions = held;
    held = [];
    actions.forEach(function (action) { action(); });
  }

  function bring() {
    if (asked) return;
    asked = true;
    var tag = document.createElement("script");
    tag.src = late;
    tag.onload = function () {
      // htmx starts itself on the next tick when it comes after the parsing; starting it here
      // does not wait for a timer (it may be called again: what it has taken stays taken).
      if (window.htmx && window.htmx.initialize) window.htmx.initialize();
      ready = true;
      replay();
    };
    tag.onerror = function () {
      // No htmx (offline): the held actions go on as plain links and forms.
      ready = true;
      held = [];
    };
    document.head.appendChild(tag);
  }

  document.addEventListener("click", function (event) {
    if (ready || event.defaultPrevented || event.button !== 0) return;
    if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var target = event.target;
    var control = target && target.closest ? target.closest(SWAPPED) : null;
    if (!control || control.tagName === "FORM") return;
    event.preventDefault();
    held.push(function () { if (control.isConnected) control.click(); });
    bring();
  }, true);

  document.addEventListener("submit", function (event) {
    if (ready || event.defaultPrevented) return;
    var form = event.target;
    if (!form || !form.matches || !form.matches(SWAPPED)) return;
    var submitter = event.submitter || null;
    event.preventDefault();
    held.push(function () {
      if (!form.isConnected) return;
      if (form.requestSubmit) form.requestSubmit(submitter && submitter.isConnected ? submitter : undefined);
      else form.submit();
    });
    bring();
  }, true);

  var types = window.PerformanceObserver && window.PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf("largest-contentful-paint") >= 0 && document.visibilityState === "visible") {
    var observer = new window.PerformanceObserver(function () {
      observer.disconnect();
      bring();
    });
    observer.observe({ type: "largest-contentful-paint", buffered: true });
    // A paint the browser never reports (the tab hidden meanwhile, a scroll before the paint):
    // hidden, at once; else three seconds after the load event.
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") bring();
    });
    window.addEventListener("load", function () { setTimeout(bring, 3000); });
  } else if (document.readyState === "complete") {
    bring();
  } else {
    window.addEventListener("load", bring);
  }
})();
