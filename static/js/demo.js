/* The narrated table: arrow keys, swipes, play/pause (no inline script: the CSP forbids it).
 *
 * The controls are plain links, which htmx turns into fragment swaps that push the URL.
 * Left/right arrow keys and left/right swipes on the table follow the previous/next link (a
 * click, so htmx handles it, or a plain navigation without htmx).
 *
 * Play/pause advances one step at a time. Each step waits as long as its narration takes to
 * read (a base delay plus a time per character shown, at most LONGEST), times the speed
 * setting (kept in localStorage); a progress bar shows the wait going by. Any key, or any click that is not the play button, pauses; so does a
 * question ("What would you play?"), which waits for the learner; there the number keys answer
 * and Next (or the right arrow) asks whether to skip it. The words of the button
 * come from its data-label-* attributes (translated by the server): this script holds no
 * text. */
(function () {
  "use strict";
  // The keyboard tips say what this script does: shown only when it runs.
  Array.prototype.forEach.call(document.querySelectorAll(".demo-keys"), function (tip) { tip.hidden = false; });
  var BASE = 1800;          // ms before any step moves on
  var PER_CHARACTER = 38;   // ms of reading per character of narration shown (folds shut aside)
  var LONGEST = 12000;      // ms at normal speed at most: every step moves on, at every speed
  var TICK = 100;           // ms between two updates of the progress bar
  var SPEED_KEY = "chouine-demo-speed";
  var SWIPE = 50;           // px of horizontal travel that makes a swipe
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

  function speed() {
    var select = byId("demo-speed");
    var value = select ? parseFloat(select.value) : 1;
    return value > 0 ? value : 1;
  }

  // The narration as a reader sees it: the text of closed folds is not read while playing.
  function shownLength(node) {
    if (!node) return 0;
    var length = 0;
    Array.prototype.forEach.call(node.childNodes, function (child) {
      if (child.nodeType === 3) { length += child.nodeValue.replace(/\s+/g, " ").length; return; }
      if (child.nodeType !== 1) return;
      var tag = child.tagName.toLowerCase();
      if (tag === "details" && !child.open) {
        length += shownLength(child.querySelector("summary"));
        return;
      }
      length += shownLength(child);
    });
    return length;
  }

  function delay() {
    return Math.min(LONGEST, BASE + PER_CHARACTER * shownLength(byId("demo-narration"))) * speed();
  }

  // The progress bar: how much of the wait before the next step has passed.
  var progressTimer = null;
  function progress(started, total) {
    var bar = byId("demo-progress");
    if (progressTimer) { clearInterval(progressTimer); progressTimer = null; }
    if (!bar) return;
    if (!total) { bar.hidden = true; bar.value = 0; return; }
    bar.hidden = false;
    bar.max = total;
    bar.value = 0;
    progressTimer = setInterval(function () {
      bar.value = Math.min(total, Date.now() - started);
    }, TICK);
  }

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
    progress(0, 0);
    sync();
  }

  function schedule() {
    if (timer) clearTimeout(timer);
    timer = null;
    if (!playing) return;
    var next = byId("demo-next");
    if (byId("demo-ask") || !next || !next.getAttribute("href")) { stop(); return; }
    var wait = delay();
    progress(Date.now(), wait);
    timer = setTimeout(function () {
      timer = null;
      if (playing && !follow("demo-next")) stop();
    }, wait);
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    var button = target && target.closest ? target.closest("#demo-play") : null;
    if (!button) {
      // Any other click pauses (a click that the autoplay itself makes is not trusted).
      if (playing && event.isTrusted) stop();
      return;
    }
    playing = !playing;
    sync();
    if (playing) schedule(); else stop();
  });

  document.addEventListener("keydown", function (event) {
    if (!byId("demo-stage")) return;
    var onPlay = event.target && event.target.closest && event.target.closest("#demo-play");
    if (playing && !onPlay) stop();  // any key pauses (the play button's own keys toggle it)
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    var el = event.target;
    var tag = el && el.tagName ? el.tagName.toLowerCase() : "";
    if (tag === "input" || tag === "textarea" || tag === "select" || (el && el.isContentEditable)) return;
    // On a question the number keys answer (the number printed on each choice and card).
    if (/^[1-9]$/.test(event.key) && byId("demo-ask")) {
      var choice = document.querySelector('#demo-ask [data-ask-key="' + event.key + '"]');
      if (choice) { event.preventDefault(); choice.click(); }
      return;
    }
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    var moved = follow(event.key === "ArrowLeft" ? "demo-previous" : "demo-next");
    if (moved) event.preventDefault();
  });

  // Swipes on the page: left for the next step, right for the previous one.
  var startX = null;
  var startY = null;
  document.addEventListener("touchstart", function (event) {
    var page = document.querySelector(".demo--narrated");
    var tag = event.target && event.target.tagName ? event.target.tagName.toLowerCase() : "";
    if (!page || !page.contains(event.target) || event.touches.length !== 1 ||
        tag === "input" || tag === "textarea" || tag === "select") { startX = null; return; }
    startX = event.touches[0].clientX;
    startY = event.touches[0].clientY;
  }, { passive: true });
  document.addEventListener("touchend", function (event) {
    if (startX === null || !event.changedTouches.length) return;
    var dx = event.changedTouches[0].clientX - startX;
    var dy = event.changedTouches[0].clientY - startY;
    startX = null;
    if (Math.abs(dx) < SWIPE || Math.abs(dy) > Math.abs(dx) / 2) return;
    if (playing) stop();
    follow(dx < 0 ? "demo-next" : "demo-previous");
  }, { passive: true });

  function initSpeed() {
    var setting = byId("demo-speed-setting");
    var select = byId("demo-speed");
    if (!setting || !select) return;
    setting.hidden = false;
    try {
      var saved = window.localStorage.getItem(SPEED_KEY);
      if (saved) select.value = saved;
    } catch (e) { /* storage refused: the default speed */ }
    select.addEventListener("change", function () {
      try { window.localStorage.setItem(SPEED_KEY, select.value); } catch (e) { /* ignore */ }
    });
  }

  // After each swap the stage's controls are fresh from the server: restore the button's
  // state and keep playing.
  document.addEventListener("htmx:after:settle", function () { sync(); schedule(); });
  window.addEventListener("popstate", stop);

  function start() { sync(); initSpeed(); }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
