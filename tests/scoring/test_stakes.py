"""Stakes of a cut-throat game to the target (docs/rules.md, "Three-handed
Pinochle: stakes", the Thai three-player FAQ): a game stake from each
opponent to the winner, a set stake per set (one thrown in, two played and
lost), paid directly or through a pot."""
import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.errors import HandError, RulesError
from scoring.pinochle import Payment, PinochleHand, PinochleRules, game_stakes, set_count
from scoring.pinochle.stakes import POT

H = PinochleHand
STAKES = PinochleRules(players=3, target=500, game_stake=2, set_stake=2)
POT_RULES = PinochleRules(players=3, target=500, game_stake=2, set_stake=2, stakes_method="pot")

THROWN_IN = H(0, 300, (100, 60, 40), None, thrown_in=True)     # player 1 −300, others 60, 40
PLAYED_LOST = H(0, 300, (50, 300, 300), (100, 100, 50))         # 150 < 300: −300; 400, 350
BOTH_CROSS = H(0, 250, (0, 100, 150), (100, 80, 70))            # −250; 180 → 640, 220 → 610
GAME = [THROWN_IN, PLAYED_LOST, BOTH_CROSS]


def test_a_hand_thrown_in_is_one_set_and_a_hand_played_and_lost_two():
    assert [set_count(STAKES, h) for h in GAME] == [1, 2, 2]
    assert set_count(STAKES, H(0, 250, (200, 0, 0), (100, 100, 50))) == 0


def test_a_stake_when_two_opponents_cross_the_target_on_one_hand():
    # the set bidder is left out; player 2 has the higher total (640 to 610) and wins
    ledger = game_stakes(STAKES, GAME)
    assert (ledger.winner, ledger.sets) == (1, (5, 0, 0))
    assert ledger.payments == (Payment(0, 1, 12), Payment(2, 1, 2))  # 2 + 5 sets × 2; the game stake 2
    assert ledger.balances == (-12, 14, -2)


def test_the_pot_method_reaches_the_same_balances():
    ledger = game_stakes(POT_RULES, GAME)
    assert (ledger.pot_in, ledger.pot) == ((12, 2, 2), 16)
    assert ledger.payments == (Payment(0, POT, 12), Payment(1, POT, 2), Payment(2, POT, 2), Payment(POT, 1, 16))
    assert ledger.balances == (-12, 14, -2)


def test_nothing_is_paid_before_the_game_has_a_winner():
    ledger = game_stakes(STAKES, GAME[:2])
    assert (ledger.winner, ledger.sets, ledger.payments, ledger.balances) == (None, (3, 0, 0), (), (0, 0, 0))


@pytest.mark.parametrize("method", ["direct", "pot"])
def test_the_winners_own_sets_cost_it_nothing(method):
    rules = PinochleRules(players=3, target=500, game_stake=5, set_stake=1, stakes_method=method)
    hands = [H(0, 250, (100, 0, 0), None, thrown_in=True),  # player 1 set once: −250
             H(0, 300, (500, 0, 0), (250, 0, 0))]           # then 750: 500, player 1 wins
    ledger = game_stakes(rules, hands)
    assert (ledger.winner, ledger.sets, ledger.balances) == (0, (1, 0, 0), (10, -5, -5))


def test_stakes_are_refused_for_auction_settlement():
    with pytest.raises(RulesError) as caught:
        PinochleRules(players=3, settlement="auction", game_stake=2)
    assert caught.value.field == "game_stake"


def test_stakes_belong_to_three_handed_play():
    with pytest.raises(RulesError) as caught:
        PinochleRules(set_stake=2)
    assert caught.value.field == "set_stake"


def test_a_partnership_profile_is_stored_without_the_stake_options():
    assert "game_stake" not in PinochleRules().as_dict()
    data = STAKES.as_dict()
    assert (data["game_stake"], data["set_stake"], data["stakes_method"]) == (2, 2, "direct")


@given(game=st.integers(0, 10), per_set=st.integers(0, 10), method=st.sampled_from(("direct", "pot")))
def test_balances_sum_to_zero_and_do_not_depend_on_the_method(game, per_set, method):
    rules = PinochleRules(players=3, target=500, game_stake=game, set_stake=per_set, stakes_method=method)
    ledger = game_stakes(rules, GAME)
    assert sum(ledger.balances) == 0
    assert ledger.balances == (-(game + 5 * per_set), 2 * game + 5 * per_set, -game)


def test_a_hand_after_the_game_was_won_is_refused_not_ignored():
    # the game is won on hand 3 (BOTH_CROSS); a fourth hand cannot follow it, as run_game says
    with pytest.raises(HandError) as caught:
        game_stakes(STAKES, GAME + [THROWN_IN])
    assert (caught.value.field, caught.value.hand_index) == ("number", 3)
    assert str(caught.value) == "the game ended at hand 3; hand 4 cannot follow it"


def test_the_refusal_matches_the_ledger_of_the_same_hands():
    from scoring.ledger import run_game

    with pytest.raises(HandError) as ledger_error:
        run_game(STAKES, GAME + [THROWN_IN])
    with pytest.raises(HandError) as stakes_error:
        game_stakes(STAKES, GAME + [THROWN_IN])
    assert (str(stakes_error.value), stakes_error.value.hand_index) == (
        str(ledger_error.value), ledger_error.value.hand_index)
