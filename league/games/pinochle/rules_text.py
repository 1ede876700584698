"""The plain-language summary of a Pinochle family profile's rules (``GameKind.rules_summary``)."""
from django.utils.translation import gettext as _

from scoring.pinochle import DoubleDeckRules, PinochleRules


def pinochle_rules_summary(rules: PinochleRules) -> str:
    """E.g. ``"1500 · min 250 by 10 · defenders need a counter · bidders win ties"``."""
    if rules.players == 3 and rules.settlement == "auction":
        parts = [
            _("three-handed auction: each hand paid in units"),
            _("min %(min)d by %(step)d") % {"min": rules.min_bid, "step": rules.bid_increment},
        ]
        if rules.spades_double:
            parts.append(_("spades pay double"))
        return " · ".join(parts)
    parts = [
        str(rules.target),
        _("min %(min)d by %(step)d") % {"min": rules.min_bid, "step": rules.bid_increment},
        _("defenders need a counter") if rules.meld_saved_by == "points" else _("defenders need a trick"),
        _("bidders win ties") if rules.tie == "bidder" else _("higher total wins ties"),
    ]
    if rules.trick_scheme != "A":
        parts.append(_("counters: scheme %(s)s") % {"s": rules.trick_scheme})
    if rules.bidder_needs_trick:
        parts.append(_("bidders need a trick too"))
    if rules.must_bid_out:
        parts.append(_("must bid out"))
    if rules.all_pass == "dealer_stuck":
        parts.append(_("dealer stuck"))
    if rules.passing:
        parts.append(_("pass %(n)d") % {"n": rules.passing})
    if rules.players == 3:
        parts.insert(0, _("three-handed cut-throat"))
        if rules.game_stake or rules.set_stake:
            parts.append(_("stakes %(game)d a game, %(set)d a set%(pot)s") % {
                "game": rules.game_stake, "set": rules.set_stake,
                "pot": _(", into a pot") if rules.stakes_method == "pot" else ""})
    return " · ".join(parts)


def double_deck_summary(rules: DoubleDeckRules) -> str:
    """E.g. ``"double-deck · 500 · min 50 by 1, by 5 from 60 · bidders win ties"`` (docs/rules.md, "Double-deck Pinochle")."""
    parts = [
        _("double-deck"),
        str(rules.target),
        _("min %(min)d by %(step)d, by %(high)d from %(from)d") % {
            "min": rules.min_bid, "step": rules.bid_increment, "high": rules.high_bid_increment,
            "from": rules.high_bids_from},
        _("defenders need a counter") if rules.meld_saved_by == "points" else _("defenders need a trick"),
        _("bidders win ties") if rules.tie == "bidder" else _("higher total wins ties"),
    ]
    if rules.must_bid_out:
        parts.append(_("must bid out"))
    if rules.display_x10:
        parts.append(_("scores shown ×10"))
    return " · ".join(parts)
