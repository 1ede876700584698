"""Plain-language summaries of rule choices, for profile lists, game pages and sheets."""
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from league.games.registry import kind_for_rules
from scoring.cribbage import CribbageRules
from scoring.pinochle import DoubleDeckRules, PinochleRules
from scoring.rummy import RummyRules


def rules_summary(rules) -> str:
    """The summary of any game's rules, as the kind of their rules class words it
    (``GameKind.rules_summary``: one of the functions below)."""
    return kind_for_rules(rules).rules_summary(rules)


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


def cribbage_rules_summary(rules: CribbageRules) -> str:
    """E.g. ``"121 · win 2 · skunk 3 · spread by margin"`` (docs/rules.md, "Cribbage")."""
    points = {
        "acc": _("skunk 3"), "double_skunk": _("skunk 3, double skunk 4"), "no_skunks": _("skunks ignored"),
    }[rules.game_points]
    spread = _("spread by margin") if rules.spread == "margin" else _("a loss records %(target)d − score") % {
        "target": rules.target}
    parts = [str(rules.target), _("win 2"), points, spread]
    if rules.past_hole:
        parts.append(_("count past the hole"))
    return " · ".join(parts)


def rummy_rules_summary(rules: RummyRules) -> str:
    """E.g. ``"rummy · 1500 · barbele at 750: 70 to open, −50 · going out 20"``,
    or ``"rummy · highest after 8 rounds (or 1500) · …"`` (docs/rules.md, "Rummy-style Pinochle")."""
    if rules.rounds_limit is None:
        length = str(rules.target)
    else:
        length = ngettext("highest after %(rounds)d round (or %(target)d)",
                          "highest after %(rounds)d rounds (or %(target)d)", rules.rounds_limit) % {
            "rounds": rules.rounds_limit, "target": rules.target}
    parts = [
        _("rummy"),
        length,
        _("barbele at %(at)d: %(minimum)d to open, −%(penalty)d") % {
            "at": rules.barbele_at, "minimum": rules.barbele_minimum, "penalty": rules.barbele_penalty},
        _("going out %(bonus)d") % {"bonus": rules.going_out_bonus},
    ]
    runs = (rules.clean_run_bonus, rules.semi_clean_run_bonus, rules.dirty_run_bonus)
    if any(runs):
        parts.append(_("runs: clean %(clean)d, semi-clean %(semi)d, dirty %(dirty)d") % dict(
            zip(("clean", "semi", "dirty"), runs)))
    if rules.jack_value != 10:
        parts.append(_("jacks %(value)d") % {"value": rules.jack_value})
    default = RummyRules()
    if (rules.face_up_bonus, rules.pinochle_set_value, rules.full_straight_value) != (
            default.face_up_bonus, default.pinochle_set_value, default.full_straight_value):
        parts.append(_("face-up %(face_up)d, Pinochle set %(pinochle)d, full straight %(straight)d") % {
            "face_up": rules.face_up_bonus, "pinochle": rules.pinochle_set_value,
            "straight": rules.full_straight_value})
    if not rules.barbele_penalty_each:
        parts.append(_("one barbele penalty a round"))
    return " · ".join(parts)
