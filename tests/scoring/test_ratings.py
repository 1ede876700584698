"""scoring.ratings: openskill's Plackett–Luce over games in the order played."""
from scoring.ratings import RatedGame, Rating, rate, ranks_from


def test_the_winner_ranks_first_even_with_fewer_points():
    assert ranks_from([False, True, False], [530, 500, 30]) == (1, 0, 2)


def test_equal_points_without_a_winner_share_a_place():
    assert ranks_from([False, False], [700, 700]) == (0, 0)


def test_partners_move_together_from_the_sides_result():
    final, steps = rate([RatedGame("g", ((1, 2), (3, 4)), (0, 1))])
    assert final[1] == final[2] == Rating(26.964294621803063, 8.177962604389991)
    assert final[3] == final[4] == Rating(23.035705378196937, 8.177962604389991)
    assert [s.before for s in steps] == [Rating()] * 4


def test_a_later_game_starts_from_the_earlier_games_rating():
    final, steps = rate([RatedGame(1, ((1, 2), (3, 4)), (0, 1)), RatedGame(2, ((1,), (3,), (5,)), (1, 0, 2))])
    assert final[1] == Rating(27.35887011846187, 7.908855672155656)
    assert final[3] == Rating(25.99400903835079, 8.063931032650391)
    assert final[5] == Rating(21.51852322283981, 8.050649492514633)
    assert steps[4].before == Rating(26.964294621803063, 8.177962604389991)


def test_rating_twice_gives_identical_numbers():
    games = [RatedGame(i, ((1, 2), (3, 4)), (i % 2, 1 - i % 2)) for i in range(20)]
    assert rate(games) == rate(games)


def test_the_ordinal_is_mu_minus_three_sigma():
    assert Rating(30.0, 2.0).ordinal == 24.0
