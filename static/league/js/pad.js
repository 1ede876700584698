/* Hand entry helpers: bid steps, trick remainder, fields by kind of hand, the
   focus moving on (after a tap, a Next, or a number that cannot grow), Next on
   the last field adding the entry.
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
  document.addEventListener("pointerdown", function (e) { autoArrived = null; if (form(e.target)) tappedAt = Date.now(); }, true);
  /* the fields that take part, in the page's order: bidder, bid, trump, then
     each side's meld and tricks (one side's column after the other), add */
  var ORDER = ["bidder_seat", "bid", "trump", "meld_0", "meld_1", "meld_2", "tricks_0", "tricks_1", "tricks_2"];
  function sequence(f) {
    var seen = {}, names = [];
    Array.prototype.forEach.call(f.elements, function (el) {
      if (ORDER.indexOf(el.name) < 0 || seen[el.name]) return;
      seen[el.name] = true;
      names.push(el.name);
    });
    return names;
  }
  /* the next field still to fill after ``name`` takes the focus; none left:
     the Add button does, unless ``stay`` (a number that moved on by itself) */
  function focusAfter(f, name, stay) {
    var names = sequence(f);
    for (var i = names.indexOf(name) + 1; i < names.length; i++) {
      var el = f.querySelector("[name=" + names[i] + "]");
      if (!el || el.offsetParent === null) continue;
      if (el.type === "radio") {
        if (f.querySelector("input[name=" + names[i] + "]:checked")) continue;
      } else if (el.value !== "" && names[i] !== "bid") continue;
      el.focus();
      if (el.select && el.type !== "radio") el.select();
      return el;
    }
    var add = f.querySelector("button[type=submit]");
    if (add && !stay) add.focus();
    return null;
  }
  /* A typed number is complete when no longer number could follow it within
     the field's range (its min, max and step: the rules' bounds, e.g. trick
     points up to 250 by 10, so "150" cannot grow but "15" can), or when it
     starts with 0. A complete number moves on by itself; any other waits for
     Next. The range is never narrower than the rules, so no value is cut short. */
  function complete(input) {
    var s = input.value;
    if (input.type !== "number" || !/^[0-9]+$/.test(s)) return false;
    var v = +s, min = input.min === "" ? 0 : +input.min, max = input.max === "" ? Infinity : +input.max;
    var step = +input.step > 0 ? +input.step : 1;
    function onGrid(w) { return w >= min && w <= max && (w - min) % step === 0; }
    if (!onGrid(v)) return false;
    if (s.charAt(0) === "0") return true;
    if (max === Infinity) return false;
    for (var lo = v * 10, width = 10; lo <= max; lo *= 10, width *= 10) {
      var from = Math.max(lo, min), first = min + Math.ceil((from - min) / step) * step;
      if (first <= Math.min(lo + width - 1, max)) return false;
    }
    return true;
  }
  /* the next shown number box of a deal or round form after ``t`` */
  function nextBox(f, t) {
    var all = Array.prototype.filter.call(f.querySelectorAll("input[type=number]"), function (x) {
      return x.checkVisibility ? x.checkVisibility() : x.offsetParent !== null;
    });
    return all[all.indexOf(t) + 1] || null;
  }
  /* a box reached by itself and still empty: a Next from habit right after
     is taken as the one the player meant for the box before, not as "skip it" */
  var autoArrived = null;
  function arrive(el) { autoArrived = el && el.type !== "radio" ? el : null; }
  function habitNext(t) {
    var was = autoArrived === t && t.value === "";
    autoArrived = null;
    return was;
  }
  document.addEventListener("input", function (e) {
    var t = e.target;
    if (!t.closest || !complete(t)) return;
    var f = form(t);
    if (f) {
      if (ORDER.indexOf(t.name) >= 0) arrive(focusAfter(f, t.name, true));
      return;
    }
    f = t.closest("#deal-form, #round-form");
    var next = f && nextBox(f, t);
    if (next) { next.focus(); next.select(); arrive(next); }
  });
  /* a cribbage deal or a rummy round: Next (Enter) on the keypad goes to the
     next shown number box (a rummy round's N–S's then E–W's; those of a closed
     "Special melds" or "Runs" are skipped); the last one adds the entry */
  document.addEventListener("keydown", function (e) {
    var t = e.target, f = t.closest && t.closest("#deal-form, #round-form");
    if (!f || e.key !== "Enter" || t.tagName !== "INPUT" || t.type !== "number") return;
    e.preventDefault();
    if (habitNext(t)) return;
    var next = nextBox(f, t);
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
    if (habitNext(t)) return;
    /* Next on the last field still to fill adds the hand */
    if (!focusAfter(f, t.name)) f.requestSubmit();
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
