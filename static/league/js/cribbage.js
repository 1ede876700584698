/* The cribbage deal form: names under "pone" and "dealer" follow the dealer
   chips; "who pegged out first?" appears when both players' pegging would
   reach the target; a counted hand from the card picker fills its box; the
   starter can be cleared.
   Event delegation on document, so it keeps working after htmx swaps. */
(function () {
  function form(el) { return el.closest && el.closest("#deal-form"); }

  function refresh(f) {
    var checked = f.querySelector("input[name=dealer]:checked");
    var dealer = checked ? +checked.value : 0;
    var names = [f.dataset.name0, f.dataset.name1];
    f.querySelectorAll("[data-role=dealer-name]").forEach(function (e) { e.textContent = names[dealer]; });
    f.querySelectorAll("[data-role=pone-name]").forEach(function (e) { e.textContent = names[1 - dealer]; });
    /* each pegging box's bound follows who deals: the pad moves on after a number that cannot grow */
    [0, 1].forEach(function (p) {
      var peg = f.querySelector("input[name=pegging_" + p + "]");
      if (peg && peg.dataset.maxPone) peg.max = p === dealer || !checked ? peg.dataset.maxDealer : peg.dataset.maxPone;
    });
    var box = f.querySelector(".when-both-peg-out");
    if (!box) return;
    var target = +f.dataset.target, scores = [+f.dataset.score0, +f.dataset.score1];
    var both = [0, 1].every(function (p) {
      var v = parseInt(f.querySelector("input[name=pegging_" + p + "]").value, 10) || 0;
      return scores[p] + v >= target;
    });
    var chosen = box.querySelector("input:checked");
    if (both || box.querySelector(".error")) { box.hidden = false; return; }
    box.hidden = true;
    if (chosen) chosen.checked = false;
  }

  function refreshAll() { document.querySelectorAll("#deal-form").forEach(refresh); }
  document.addEventListener("DOMContentLoaded", refreshAll);
  document.addEventListener("htmx:afterSettle", refreshAll);
  document.addEventListener("input", function (e) { var f = form(e.target); if (f) refresh(f); });
  document.addEventListener("change", function (e) { var f = form(e.target); if (f) refresh(f); });

  document.addEventListener("click", function (e) {
    var clear = e.target.closest && e.target.closest("button.clear-starter");
    if (!clear || !form(clear)) return;
    form(clear).querySelectorAll("input[name=starter_rank], input[name=starter_suit]").forEach(function (r) { r.checked = false; });
  });

  document.addEventListener("click", function (e) {
    var btn = e.target.closest && e.target.closest("button.use-pick");
    var f = btn && form(btn);
    if (!f) return;
    var input = f.querySelector("input[name=" + btn.dataset.fill + "]");
    input.value = btn.dataset.value;
    var spoken = f.querySelector("[data-spoken-for=" + btn.dataset.fill + "]");
    if (spoken) spoken.textContent = btn.dataset.spoken;
    f.querySelectorAll("input[name=pick_cards]:checked").forEach(function (c) { c.checked = false; });
    btn.closest("#pick-result").textContent = "";
  });
})();
