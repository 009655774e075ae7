/* The practice table's keyboard (no inline script: the CSP forbids it).
 *
 * Every control is a plain link, which htmx turns into a swap of #play-stage that pushes the
 * URL. Keys: 1 to 5 play the card in that place of your hand (a click on its link, so a
 * dimmed card explains itself); the arrow keys move the focus between your cards and Enter
 * follows the focused link. After a swap the focus goes back to the control that had it (the
 * same id), else to your first card, else to the next action, so it is never lost. */
(function () {
  "use strict";
  // The keyboard tips say what this script does: shown only when it runs.
  Array.prototype.forEach.call(document.querySelectorAll(".demo-keys"), function (tip) { tip.hidden = false; });
  var lastFocus = null;

  function cards() {
    return Array.prototype.slice.call(document.querySelectorAll("#play-stage .play-card"));
  }

  function typing(el) {
    var tag = el && el.tagName ? el.tagName.toLowerCase() : "";
    return tag === "input" || tag === "textarea" || tag === "select" || (el && el.isContentEditable);
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    if (!document.getElementById("play-stage") || typing(event.target)) return;
    var list = cards();
    if (!list.length) return;
    if (/^[1-9]$/.test(event.key)) {
      var card = document.querySelector('#play-stage .play-card[data-play-key="' + event.key + '"]');
      if (card) { event.preventDefault(); card.focus(); card.click(); }
      return;
    }
    var step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
    if (!step) return;
    var index = list.indexOf(document.activeElement);
    if (index < 0) {
      var active = document.activeElement;
      if (active && active !== document.body && active.id !== "main") return;
      index = step > 0 ? -1 : list.length;
    }
    var next = list[(index + step + list.length) % list.length];
    event.preventDefault();
    next.focus();
  });

  document.addEventListener("focusin", function (event) {
    var el = event.target;
    if (el && el.id && el.closest && el.closest("#play-stage")) lastFocus = el.id;
  });

  function restoreFocus() {
    // "Are you sure?": the focus goes to the safe answer, so Enter does not play the mistake.
    var no = document.getElementById("play-confirm-no");
    if (no) { no.focus(); return; }
    var active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    var target = (lastFocus && document.getElementById(lastFocus)) || cards()[0] ||
      document.getElementById("play-next") || document.getElementById("play-again") ||
      document.getElementById("main");
    if (target) target.focus();
  }

  document.addEventListener("htmx:after:settle", restoreFocus);
})();
