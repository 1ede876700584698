"""Plain-language summaries of rule choices, for profile lists, game pages and sheets.

Each game words its own rules in its folder (``league/games/<kind>/rules_text.py``),
as its kind's ``rules_summary``; this module only finds the kind of the rules."""
from league.games.registry import kind_for_rules


def rules_summary(rules) -> str:
    """The summary of any game's rules, as the kind of their rules class words it
    (``GameKind.rules_summary``)."""
    return kind_for_rules(rules).rules_summary(rules)
