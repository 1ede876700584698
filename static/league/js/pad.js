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
        if (!isNaN(a) && !isNaN(b) && a >= 0 && b >= 0 && a + b <= total) third.value = total - a - b;
        return;
      }
      var other = f.querySelector("input[name=tricks_" + (1 - m[1]) + "]");
      var v = parseInt(t.value, 10);
      if (!isNaN(v) && v >= 0 && v <= total) other.value = total - v;
    }
  });
  document.addEventListener("change", function (e) {
    var t = e.target, f = form(t);
    if (!f) return;
    if (t.name === "kind") f.dataset.kind = t.value;
    if (t.name === "bidder_seat" && f.querySelector("input[name=bid]").value === "") {
      f.querySelector("input[name=bid]").value = f.dataset.minBid;
    }
  });
})();
