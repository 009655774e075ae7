/* The demo table: arrow keys and play/pause (no inline script: the CSP forbids it).
 *
 * The controls are plain links, which htmx turns into fragment swaps that push the URL.
 * Left/right arrow keys follow the previous/next link (a click, so htmx handles it, or a
 * plain navigation without htmx). Play/pause advances one step at a time until the last
 * step. The words of the button come from its data-label-* attributes (translated by the
 * server), so this script holds no text. */
(function () {
  "use strict";
  var DELAY = 3500;
  var playing = false;
  var timer = null;

  function byId(id) { return document.getElementById(id); }

  function follow(id) {
    var link = byId(id);
    if (!link || !link.getAttribute("href")) return false;
    link.click();
    return true;
  }

  function playButton() { return byId("demo-play"); }

  function sync() {
    var button = playButton();
    if (!button) return;
    button.hidden = false;
    button.setAttribute("aria-pressed", playing ? "true" : "false");
    var text = button.querySelector(".demo-play__text");
    var label = button.getAttribute(playing ? "data-label-pause" : "data-label-play");
    if (text && label) text.textContent = label;
  }

  function stop() {
    playing = false;
    if (timer) { clearTimeout(timer); timer = null; }
    sync();
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!playing) return;
    var next = byId("demo-next");
    if (!next || !next.getAttribute("href")) { stop(); return; }
    timer = setTimeout(function () {
      timer = null;
      if (playing && !follow("demo-next")) stop();
    }, DELAY);
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var button = target && target.closest ? target.closest("#demo-play") : null;
    if (!button) return;
    playing = !playing;
    sync();
    if (playing) schedule(); else stop();
  });

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    if (!byId("demo-stage")) return;
    var el = event.target;
    var tag = el && el.tagName ? el.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" || (el && el.isContentEditable)) return;
    var moved = follow(event.key === "ArrowLeft" ? "demo-previous" : "demo-next");
    if (moved) event.preventDefault();
  });

  // After each swap the stage's controls are fresh from the server: restore the button's
  // state and keep playing.
  document.addEventListener("htmx:after:settle", function () { sync(); schedule(); });
  window.addEventListener("popstate", stop);

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", sync);
  } else {
    sync();
  }
})();
