/* Hand entry helpers: bid steps, trick remainder, fields by kind of hand.
   Event delegation on document, so it keeps working after htmx swaps. */
(function () {
  function form(el) { return el.closest && el.closest("#hand-form"); }
  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("button.step");
    if (!btn || !form(btn)) return;
    var f = form(btn), input = f.querySelector("input[name=bid]");
    var min = +f.dataset.minBid, step = +f.dataset.step, dir = +btn.dataset.stepDir;
    var v = input.value === "" ? min - (dir > 0 ? step : 0) : +input.value;
    /* double deck: by 1 from 50, by 5 from 60 (the rules' second bid step) */
    var highFrom = +f.dataset.highFrom, highStep = +f.dataset.highStep;
    if (highFrom && (dir > 0 ? v >= highFrom : v > highFrom)) step = highStep;
    v = Math.max(min, v + dir * step);
    input.value = v;
    input.dispatchEvent(new Event("change", { bubbles: true }));
  });
  document.addEventListener("click", function (e) {
    /* carry what is typed so far to the meld counter and back */
    var a = e.target.closest && e.target.closest("a.count-link");
    if (!a || !form(a)) return;
    var url = new URL(a.href, location.href), data = new FormData(form(a));
    ["kind", "dealer", "bidder_seat", "bid", "trump", "meld_0", "meld_1", "meld_2", "tricks_0", "tricks_1", "tricks_2"].forEach(function (k) {
      var v = data.get(k);
      if (v !== null && v !== "") url.searchParams.set("keep_" + k, v);
    });
    if (data.get("trump")) url.searchParams.set("trump", data.get("trump"));  /* the counter counts in this trump */
    a.href = url.toString();
  });
  document.addEventListener("input", function (e) {
    var t = e.target, f = form(t);
    if (!f) return;
    var m = /^tricks_([01])$/.exec(t.name);
    if (m) {
      var total = +f.dataset.trickTotal, third = f.querySelector("input[name=tricks_2]");
      if (third) {
        /* three players: once the first two are typed, the last gets the rest of the total */
        var a = parseInt(f.querySelector("input[name=tricks_0]").value, 10);
        var b = parseInt(f.querySelector("input[name=tricks_1]").value, 10);
        if (!isNaN(a) && !isNaN(b) && a >= 0 && b >= 0 && a + b <= total) {
          third.value = total - a - b;
          third.dataset.auto = "1";
        }
        return;
      }
      /* the remainder goes only into a field not typed in, never
         over a typed number: a sum that does not match is the server's error */
      delete t.dataset.auto;
      t.dataset.typed = "1";
      var other = f.querySelector("input[name=tricks_" + (1 - m[1]) + "]");
      var v = parseInt(t.value, 10);
      /* fillable: empty, filled in here, or the stored value an edit page showed, untouched */
      var fillable = other.value === "" || other.dataset.auto || (!other.dataset.typed && other.value === other.defaultValue);
      if (!isNaN(v) && v >= 0 && v <= total && fillable) {
        other.value = total - v;
        other.dataset.auto = "1";
      }
    }
  });
  /* a number filled in for the player (the trick remainder) is replaced by what
     is typed into it, not appended to: focusing it selects it */
  document.addEventListener("focusin", function (e) {
    var t = e.target;
    if (!form(t) || t.tagName !== "INPUT" || !t.dataset.auto || !t.select) return;
    t.select();
  });
  document.addEventListener("input", function (e) {
    if (form(e.target) && e.target.name === "tricks_2") delete e.target.dataset.auto;
  });
  /* a form answered with errors: the first field in error takes the focus
     (each field says its own error under it) */
  function focusFirstError(root) {
    var bad = (root || document).querySelector("form [aria-invalid=true]");
    if (!bad || bad.offsetParent === null) return;
    bad.focus();
    if (bad.select && bad.type !== "radio" && bad.type !== "checkbox") bad.select();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", function () { focusFirstError(); });
  else focusFirstError();
  /* whatever put the answer in the page (htmx, the outbox): a form with errors arrived */
  var pendingFocus = false;
  new MutationObserver(function (records) {
    if (pendingFocus) return;
    var arrived = records.some(function (r) {
      return Array.prototype.some.call(r.addedNodes, function (n) {
        return n.nodeType === 1 && (n.matches("[aria-invalid=true]") || n.querySelector("[aria-invalid=true]"));
      });
    });
    if (!arrived) return;
    pendingFocus = true;
    setTimeout(function () { pendingFocus = false; focusFirstError(); }, 0);
  }).observe(document.documentElement, { childList: true, subtree: true });
  var tappedAt = 0;
  document.addEventListener("pointerdown", function (e) { if (form(e.target)) tappedAt = Date.now(); }, true);
  /* fields in the sheet's order: bidder, bid, trump, meld, meld, tricks, add */
  var ORDER = ["bidder_seat", "bid", "trump", "meld_0", "meld_1", "meld_2", "tricks_0", "tricks_1", "tricks_2"];
  function focusAfter(f, name) {
    for (var i = ORDER.indexOf(name) + 1; i < ORDER.length; i++) {
      var el = f.querySelector("[name=" + ORDER[i] + "]");
      if (!el || el.offsetParent === null) continue;
      if (el.type === "radio") {
        if (f.querySelector("input[name=" + ORDER[i] + "]:checked")) continue;
      } else if (el.value !== "" && ORDER[i] !== "bid") continue;
      el.focus();
      if (el.select && el.type !== "radio") el.select();
      return true;
    }
    var add = f.querySelector("button[type=submit]");
    if (add) add.focus();
    return false;
  }
  /* a cribbage deal: Enter on the keypad goes to the next points field, the last one adds the deal */
  document.addEventListener("keydown", function (e) {
    var t = e.target, f = t.closest && t.closest("#deal-form");
    if (!f || e.key !== "Enter" || t.tagName !== "INPUT" || t.type !== "number") return;
    e.preventDefault();
    var all = Array.prototype.filter.call(f.querySelectorAll("input[type=number]"), function (x) { return x.offsetParent !== null; });
    var next = all[all.indexOf(t) + 1];
    if (next) { next.focus(); next.select(); } else f.requestSubmit();
  });
  /* a rummy round: Next (Enter) on the keypad goes to the next number box, N–S's
     then E–W's; the last one adds the round */
  document.addEventListener("keydown", function (e) {
    var t = e.target, f = t.closest && t.closest("#round-form");
    if (!f || e.key !== "Enter" || t.tagName !== "INPUT" || t.type !== "number") return;
    e.preventDefault();
    /* shown boxes only: those of a closed "Special melds" or "Runs" are skipped */
    var all = Array.prototype.filter.call(f.querySelectorAll("input[type=number]"), function (x) {
      return x.checkVisibility ? x.checkVisibility() : x.offsetParent !== null;
    });
    var next = all[all.indexOf(t) + 1];
    if (next) { next.focus(); next.select(); } else f.requestSubmit();
  });
  /* after a save the next entry's form comes back: its first controls and its
     submit button in view at once on a phone (no scroll per hand) */
  var formIds = ["hand-form", "round-form", "deal-form"];
  new MutationObserver(function (records) {
    var arrived = null;
    records.forEach(function (r) {
      Array.prototype.forEach.call(r.addedNodes, function (n) {
        if (arrived || n.nodeType !== 1) return;
        formIds.forEach(function (id) {
          if (!arrived) arrived = n.id === id ? n : n.querySelector && n.querySelector("#" + id);
        });
      });
    });
    if (!arrived || arrived.querySelector("[aria-invalid=true]")) return;
    var submit = arrived.querySelector("button[type=submit]");
    if (!submit) return;
    var box = submit.getBoundingClientRect();
    if (box.bottom <= innerHeight && arrived.getBoundingClientRect().top >= 0) return;
    /* the least scroll that shows the button and the form's top (the button first, if both do not fit) */
    var lo = box.bottom + scrollY - innerHeight + 8, hi = arrived.getBoundingClientRect().top + scrollY;
    var target = lo <= hi ? Math.min(Math.max(scrollY, lo), hi) : lo;
    window.scrollTo({ top: Math.max(0, target), behavior: "instant" });
  }).observe(document.documentElement, { childList: true, subtree: true });
  /* a correction is one tap on the hand's row, not on its small number */
  document.addEventListener("click", function (e) {
    var row = e.target.closest && e.target.closest("tr[data-edit]");
    if (!row || e.target.closest("a, button, input, select, label, form")) return;
    location.href = row.dataset.edit;
  });
  document.addEventListener("keydown", function (e) {
    var t = e.target, f = form(t);
    if (!f || e.key !== "Enter" || t.tagName !== "INPUT" || t.type === "radio") return;
    if (ORDER.indexOf(t.name) < 0) return;
    e.preventDefault();
    if (!focusAfter(f, t.name) && /^tricks_/.test(t.name)) f.requestSubmit();
  });
  document.addEventListener("change", function (e) {
    var t = e.target, f = form(t);
    if (!f) return;
    if (t.name === "kind") f.dataset.kind = t.value;
    if (t.name === "bidder_seat" && f.querySelector("input[name=bid]").value === "") {
      f.querySelector("input[name=bid]").value = f.dataset.minBid;
    }
    /* a tap moves on to the next field; arrow keys stay in the chips */
    if ((t.name === "bidder_seat" || t.name === "trump") && Date.now() - tappedAt < 1000) focusAfter(f, t.name);
  });
  /* what the meld counter carried back is in the form now, not the address:
     a reload must not fill the next hand with this one */
  if (location.search && document.querySelector("#hand-form") && /[?&](bid|meld_\d|kind|trump)=/.test(location.search)) {
    history.replaceState(null, "", location.pathname + location.hash);
  }
  /* the table this phone last entered at: the home page, where an installed app
     opens, offers it first, and the installed app goes straight back to it
     (once a session, so Home still shows the home page) */
  var TABLE_KEY = "clubtally-table", TABLE_PATH = /^\/t\/[^/]+\/$/, TABLE_HOURS = 12;
  try {
    if (TABLE_PATH.test(location.pathname) && document.querySelector("#hand-form, #round-form, #deal-form")) {
      localStorage.setItem(TABLE_KEY, JSON.stringify({ path: location.pathname, at: Date.now() }));
    }
    var resume = document.getElementById("resume-table");
    var last = resume && JSON.parse(localStorage.getItem(TABLE_KEY) || "null");
    if (last && TABLE_PATH.test(last.path) && Date.now() - last.at < TABLE_HOURS * 3600 * 1000) {
      resume.querySelector("a").setAttribute("href", last.path);
      resume.hidden = false;
      if (matchMedia("(display-mode: standalone)").matches && !sessionStorage.getItem(TABLE_KEY)) {
        sessionStorage.setItem(TABLE_KEY, "1");
        location.replace(last.path);
      }
    }
  } catch (e) { /* storage refused (private mode): the home page as it is */ }
})();
