/* Offline-first entry (league/outbox.py has the server side).
   A form with data-outbox (a hand, deal or round) is not posted directly:
   the entry goes to an outbox in IndexedDB with a key made here and the
   number the form showed, then is sent at once or when the network is back.
   There is one outbox for the site: every page sends every waiting entry,
   whatever table's pad queued it, and the header counts what still waits.
   Each pad lists its own entries not yet on the sheet, with their inputs and
   their state in words; totals always come from the server (the pad is
   re-read after a save).
   Also: the service worker (/sw.js) keeps the pad readable offline, and a
   polling live board says when it is stale. */
(function () {
  var T = {};
  function text(name, params) {
    var s = T[name] || name;
    Object.keys(params || {}).forEach(function (k) { s = s.split("%(" + k + ")s").join(params[k]); });
    return s;
  }
  var PAGES = "clubtally-pages";
  var SKIP = { csrfmiddlewaretoken: 1, expected_number: 1, version: 1 };
  var justSaved = [];
  var dbPromise = null;

  function db() {
    if (!dbPromise) dbPromise = new Promise(function (ok, fail) {
      var req = indexedDB.open("clubtally-outbox", 1);
      req.onupgradeneeded = function () { req.result.createObjectStore("entries", { keyPath: "key" }); };
      req.onsuccess = function () { ok(req.result); };
      req.onerror = function () { fail(req.error); };
    });
    return dbPromise;
  }
  function store(mode, fn) {
    return db().then(function (d) {
      return new Promise(function (ok, fail) {
        var tx = d.transaction("entries", mode), st = tx.objectStore("entries"), out = fn(st);
        tx.oncomplete = function () { ok(out && out.result !== undefined ? out.result : out); };
        tx.onerror = function () { fail(tx.error); };
      });
    });
  }
  /* Every entry on this phone, whatever page queued it, oldest first. */
  function everything() {
    return store("readonly", function (st) { return st.getAll(); }).then(function (all) {
      return all.sort(function (a, b) { return a.created - b.created; });
    });
  }
  function here(e) { return e.page === location.pathname; }
  /* The entries of this page's table (listed on its pad, counted in its next number). */
  function pending() {
    return everything().then(function (all) { return all.filter(here); });
  }
  function put(e) { return store("readwrite", function (st) { st.put(e); }); }
  function drop(e) { return store("readwrite", function (st) { st["delete"](e.key); }); }
  function newKey() {
    var a = new Uint8Array(16);
    crypto.getRandomValues(a);
    return Array.prototype.map.call(a, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  function form() { return document.querySelector("form[data-outbox]"); }

  /* The phone's own key (league/devices.py): signed by the server, kept here
     so that clearing the cookies does not make a new phone, and sent with
     every post of a table link (the "device" field). */
  var DEVICE = "clubtally-device";
  function keptDevice() {
    try { return localStorage.getItem(DEVICE) || ""; } catch (err) { return ""; }
  }
  function learnDevice(doc) {
    var el = (doc || document).getElementById("device-key");
    if (!el || !el.dataset.device || keptDevice()) return;
    try { localStorage.setItem(DEVICE, el.dataset.device); } catch (err) { /* private mode: the session only */ }
  }
  document.addEventListener("submit", function (ev) {
    var f = ev.target, d = keptDevice();
    if (!d || !f.matches || f.method.toLowerCase() !== "post") return;
    if (new URL(f.action, location.href).pathname.indexOf("/t/") !== 0) return;
    var input = f.querySelector("input[name=device]");
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = "device";
      f.append(input);
    }
    input.value = d;
  }, true);
  function region(f) { return (f && f.closest("#pad, #board")) || document.querySelector("#pad, #board"); }

  /* An input's words: the chip's label, the option's text, the field's label. */
  function clean(node) {
    var c = node.cloneNode(true);
    c.querySelectorAll("input, select, button, .error, a, small").forEach(function (x) { x.remove(); });
    return c.textContent.replace(/\s+/g, " ").trim();
  }
  function words(f, pairs) {
    var out = [];
    pairs.forEach(function (p) {
      var name = p[0], value = p[1];
      if (SKIP[name] || value === "" || value === null || value === false || value === undefined) return;
      var els = f ? f.querySelectorAll('[name="' + name + '"]') : [];
      var el = els[0], label = name, shown = String(value);
      if (el && el.type === "radio") {
        var fs = el.closest("fieldset"), legend = fs && fs.querySelector("legend");
        label = legend ? legend.textContent.trim() : name;
        Array.prototype.forEach.call(els, function (r) { if (r.value === String(value)) shown = clean(r.closest("label") || r); });
      } else if (el && el.tagName === "SELECT") {
        var opt = Array.prototype.find.call(el.options, function (o) { return o.value === String(value); });
        shown = opt ? opt.textContent.trim() : shown;
        label = el.labels && el.labels[0] ? clean(el.labels[0]) : name;
      } else if (el && el.type === "checkbox") {
        if (value === true || value === "on") shown = "✓"; else return;
        label = el.labels && el.labels[0] ? clean(el.labels[0]) : name;
      } else if (el) {
        label = el.labels && el.labels[0] ? clean(el.labels[0]) : name;
      }
      out.push(label + " " + shown);
    });
    return out.join(" · ");
  }

  function list() {
    var box = document.getElementById("outbox"), r = region(form());
    if (!box && r) {
      box = document.createElement("section");
      box.id = "outbox";
      box.className = "outbox";
      box.setAttribute("aria-live", "polite");
      box.setAttribute("aria-label", text("title"));
      r.parentNode.insertBefore(box, r);
    }
    return box;
  }
  function render() {
    return pending().then(function (entries) {
      var box = form() && list();
      if (!box) return;
      box.textContent = "";
      var rows = justSaved.concat(entries);
      box.hidden = rows.length === 0;
      var f = form();
      rows.forEach(function (e) {
        var li = document.createElement("div");
        li.className = "outbox-entry state-" + e.state;
        li.dataset.testid = "outbox-entry";
        li.dataset.state = e.state;
        var head = document.createElement("p"), what = document.createElement("strong");
        what.textContent = text(e.kind, { n: e.number });
        var state = document.createElement("span");
        state.className = "outbox-state";
        state.textContent = e.state === "refused" ? text("refused", { reason: e.reason })
          : e.state === "conflict" ? text("conflict-" + e.kind, { n: e.number }) : text(e.state);
        head.append(what, " · ", state);
        li.append(head);
        var mine = document.createElement("p");
        mine.className = "outbox-inputs small";
        mine.textContent = (e.state === "conflict" ? text("mine") + ": " : "") + e.summary;
        if (e.state === "conflict") {
          var theirs = document.createElement("p");
          theirs.className = "outbox-theirs small";
          theirs.textContent = text("theirs") + ": " + words(f, Object.entries(e.theirs || {}));
          li.append(theirs);
        }
        li.append(mine);
        if (e.state === "conflict" || e.state === "refused") {
          var actions = document.createElement("p");
          if (e.state === "conflict") actions.append(button(text("keep"), function () { keep(e); }), " ");
          actions.append(button(text("discard"), function () { drop(e).then(flush); }));
          li.append(actions);
        }
        box.append(li);
      });
    });
  }
  function button(label, fn) {
    var b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    b.addEventListener("click", fn);
    return b;
  }

  /* After an entry is queued or the pad re-read: the next number and dealer,
     computed from what the server prefilled (the sheet) plus the entries
     queued after it, so running it again changes nothing. */
  function prepareNext(entries) {
    var f = form();
    if (!f) return;
    var num = f.querySelector("input[name=expected_number]");
    if (!num) return;
    /* the server's number, kept before the first change (a hidden input's value is its attribute) */
    if (!f.dataset.base) f.dataset.base = num.value;
    var base = +f.dataset.base, last = entries.length ? entries[entries.length - 1].number : 0;
    var ahead = Math.max(0, last + 1 - base), key = base + ":" + ahead;
    if (f.dataset.prepared === key) return;  /* already set: a dealer the player changed since stays */
    f.dataset.prepared = key;
    num.value = base + ahead;
    var sel = f.querySelector("select[name=dealer]");
    if (sel && sel.options.length) {
      var first = Array.prototype.findIndex.call(sel.options, function (o) { return o.defaultSelected; });
      sel.selectedIndex = (Math.max(first, 0) + ahead) % sel.options.length;
    } else {
      var radios = f.querySelectorAll("input[type=radio][name=dealer]");
      var at = Array.prototype.findIndex.call(radios, function (r) { return r.defaultChecked; });
      if (radios.length && at >= 0) radios[(at + ahead) % radios.length].checked = true;
    }
  }

  function swap(html) {
    var r = region(form()), doc = new DOMParser().parseFromString(html, "text/html");
    learnDevice(doc);
    var fresh = r && doc.getElementById(r.id);
    if (!fresh) return false;
    r.innerHTML = fresh.innerHTML;
    if (window.htmx) window.htmx.process(r);
    return true;
  }
  function refresh() {
    return fetch(location.href, { credentials: "same-origin" }).then(function (resp) {
      if (!resp.ok) return;
      if (window.caches) caches.open(PAGES).then(function (c) { c.put(location.href, resp.clone()); });
      return resp.text().then(swap);
    }).catch(function () {});
  }
  function reasonOf(html, status) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var found = [];
    doc.querySelectorAll("form[data-outbox] .errors, form[data-outbox] .error, main .errors").forEach(function (n) {
      var t = n.textContent.replace(/\s+/g, " ").trim();
      if (t && found.indexOf(t) < 0) found.push(t);
    });
    if (found.length) return found.join(" ");
    return status === 403 ? text("not-allowed") : "HTTP " + status;
  }
  function body(e, extra) {
    var b = new URLSearchParams();
    e.fields.forEach(function (p) { if (!(extra && p[0] in extra)) b.append(p[0], p[1]); });
    Object.keys(extra || {}).forEach(function (k) { b.append(k, extra[k]); });
    return b;
  }

  /* Send one entry: "saved", "conflict", "refused" or "waiting" (no network). */
  function send(e, direct) {
    return fetch(e.action, {
      method: "POST", body: body(e), credentials: "same-origin",
      headers: { "X-Outbox-Key": e.key },
    }).then(function (resp) {
      if (resp.status === 200 && (resp.headers.get("Content-Type") || "").indexOf("json") >= 0) {
        return resp.json().then(function (j) {
          e.state = "saved"; e.number = j.number;
          if (here(e)) justSaved.push(e);
          if (direct && j.location && direct.plain) navigateTo = j.location;
          return drop(e).then(function () { return "saved"; });
        });
      }
      if (resp.status === 409) {
        return resp.json().then(function (j) {
          if (j.state === "not_next") {
            /* an earlier entry was not stored: this one is refused, never renumbered */
            e.state = "refused"; e.reason = j.detail;
            return put(e).then(function () { return "refused"; });
          }
          e.state = "conflict"; e.theirs = j.theirs; e.editUrl = j.edit_url; e.version = j.version;
          return put(e).then(function () { return "conflict"; });
        });
      }
      if (resp.status >= 500) throw new Error("server " + resp.status);
      return resp.text().then(function (html) {
        if (direct && resp.status === 400 && swap(html)) return drop(e).then(function () { return "shown"; });
        e.state = "refused"; e.reason = reasonOf(html, resp.status);
        return put(e).then(function () { return "refused"; });
      });
    }).catch(function () {
      if (e.state === "saved" || e.state === "conflict" || e.state === "refused") return e.state;
      e.state = "waiting";
      return put(e).then(function () { return "waiting"; });
    });
  }

  /* Send every waiting entry of the phone, in the order they were made: an
     entry queued on one table's pad is sent from any page the player opened
     since (another table, the night, the home page). A conflict holds back
     the later entries of its own page; no network holds back all of them. */
  var flushing = null, navigateTo = null, directPlain = false;
  function flush(directKey) {
    if (flushing) return flushing.then(function () { return flush(directKey); });
    var saved = false;
    flushing = everything().then(function (entries) {
      var i = 0, held = {};
      entries.forEach(function (x) { if (x.state === "conflict") held[x.page] = true; });
      function next() {
        while (i < entries.length && (entries[i].state !== "waiting" && entries[i].state !== "sending" || held[entries[i].page])) i++;
        if (i >= entries.length) return null;
        var e = entries[i++];
        return send(e, e.key === directKey ? { plain: directPlain } : null).then(function (state) {
          if (state === "saved" && here(e)) saved = true;
          if (state === "conflict") held[e.page] = true;
          if (state === "waiting") {
            /* no network: the rest wait their turn (in order) */
            return Promise.all(entries.slice(i).filter(function (x) { return x.state === "sending"; })
              .map(function (x) { x.state = "waiting"; return put(x); }));
          }
          return next();
        });
      }
      return next();
    }).then(function () {
      if (navigateTo) {
        /* a form that is not swapped in place (no htmx): load the page it names, as a plain post would */
        var to = navigateTo;
        navigateTo = null;
        history.replaceState(null, "", to);
        location.reload();
        return new Promise(function () {});
      }
      return saved && form() ? refresh() : null;
    }).then(function () {
      return pending().then(prepareNext);
    }).then(render).then(badge).finally(function () { flushing = null; });
    return flushing;
  }

  /* The header's count of what waits on this phone (every table's), a link
     to the first page that has some. */
  function badge() {
    return everything().then(function (all) {
      var header = document.querySelector("header.top nav");
      if (!header) return;
      var open = all.filter(function (e) { return e.state !== "saved"; });
      var live = document.getElementById("outbox-count"), b = document.getElementById("outbox-badge");
      if (!live) {
        live = document.createElement("span");
        live.id = "outbox-count";
        live.setAttribute("role", "status");
        header.prepend(live);
      }
      if (!open.length) { if (b) b.remove(); return; }
      if (!b) {
        b = document.createElement("a");
        b.id = "outbox-badge";
        b.className = "outbox-badge";
        b.dataset.testid = "outbox-badge";
        live.append(b);
      }
      b.href = open[0].page + "#outbox";
      b.textContent = open.length === 1 ? text("waiting-one") : text("waiting-many", { n: open.length });
    });
  }

  function keep(e) {
    fetch(e.editUrl, {
      method: "POST", credentials: "same-origin",
      body: body(e, { version: String(e.version), expected_number: "" }),
    }).then(function (resp) {
      return resp.text().then(function (html) {
        if (resp.ok && !resp.url.replace(/[?#].*$/, "").endsWith(e.editUrl)) {
          e.state = "saved"; justSaved.push(e);
          return drop(e).then(refresh);
        }
        e.state = "refused"; e.reason = reasonOf(html, resp.status);
        return put(e);
      });
    }).catch(function () {}).then(function () { return flush(); });
  }

  document.addEventListener("submit", function (ev) {
    var f = ev.target;
    if (!f.matches || !f.matches("form[data-outbox]")) return;
    ev.preventDefault();
    ev.stopPropagation();
    var fd = new FormData(f);
    if (ev.submitter && ev.submitter.name) fd.append(ev.submitter.name, ev.submitter.value);
    var fields = Array.from(fd.entries()).filter(function (p) { return typeof p[1] === "string"; });
    var e = {
      key: newKey(), page: location.pathname, action: f.action, kind: f.dataset.outbox,
      number: +fd.get("expected_number"), fields: fields, summary: words(f, fields),
      state: "sending", created: Date.now(),
    };
    justSaved = [];
    directPlain = !f.hasAttribute("data-hx-post");
    put(e).then(function () {
      f.reset();
      f.dataset.kind = "played";
      return pending().then(prepareNext);
    }).then(render).then(function () { return flush(e.key); });
  }, true);

  /* The live board: when it was last read, and a notice when a poll fails. */
  function boardStatus() {
    var board = document.querySelector("#board[data-hx-get]");
    if (!board) return;
    var p = document.createElement("p"), last = new Date();
    p.id = "board-status";
    p.className = "board-status small";
    p.setAttribute("role", "status");
    p.dataset.testid = "board-status";
    board.parentNode.insertBefore(p, board);
    function time(d) { return d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" }); }
    function show(ok) {
      p.classList.toggle("stale", !ok);
      p.textContent = ok ? text("updated", { time: time(last) }) : text("stale", { time: time(last) });
    }
    show(true);
    document.body.addEventListener("htmx:afterRequest", function (ev) {
      if (ev.target !== board) return;
      if (ev.detail.successful) last = new Date();
      show(ev.detail.successful);
    });
    document.body.addEventListener("htmx:sendError", function (ev) { if (ev.target === board) show(false); });
  }

  /* a phone must not sleep while its table's pad is open (Screen Wake Lock) */
  function keepAwake() {
    if (!navigator.wakeLock) return;
    function ask() {
      if (document.visibilityState === "visible") navigator.wakeLock.request("screen").catch(function () {});
    }
    ask();
    document.addEventListener("visibilitychange", ask);
  }

  function start() {
    var t = document.getElementById("outbox-text");
    if (t) Object.keys(t.dataset).forEach(function (k) {
      T[k.replace(/[A-Z]/g, function (c) { return "-" + c.toLowerCase(); })] = t.dataset[k];
    });
    boardStatus();
    if ("serviceWorker" in navigator && window.isSecureContext) {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () {});
      if (form() && window.caches && navigator.onLine) {
        /* the first visit is not yet under the worker: keep this pad for a reload offline */
        caches.open(PAGES).then(function (c) { return c.add(location.href); })
          .then(function () { document.documentElement.dataset.padCached = "1"; }).catch(function () {});
      }
    }
    learnDevice();
    if (!window.indexedDB) return;
    if (form()) keepAwake();
    /* every page sends what waits, whatever table it was queued on */
    pending().then(prepareNext).then(render).then(badge).then(function () { return flush(); });
    window.addEventListener("online", function () { flush(); });
    setInterval(function () { if (navigator.onLine) flush(); }, 15000);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
