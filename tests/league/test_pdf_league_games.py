"""The league PDFs for every game a league plays: table sheets and the night
recap of a double-deck league, an individual three-handed league, a
progressive partnership league that seats its odd players at a table of
three, and a rummy league. Each sheet names the players by seat and side,
deals in the table's order, prints that game's rules and the blank sheet's
grid; the recap prints three-handed and rummy results with their totals and
winners, and highlights only from Pinochle hands."""
import datetime

import pytest
from django.urls import reverse

from league import services
from league.models import Game, LeagueFormat, RuleProfile
from league.pdf import NightRecap
from league.selectors.pdf import night_recap_for_print
from league.games.pinochle.hand_inputs import PinochleHandInput
from league.games.rummy.inputs import RummyRoundInput
from league.services.workflow import entry_record

from .conftest import played
from .test_pdf_fonts import dark_share, page_count, page_image, page_size, pdf_text, ruled_lines
from .test_pdf_league import NAMES, assert_inside_cells, grid_rows, night_args, queries, seat_names, sheets
from .test_rummy_league import TO_1540
from .test_rummy_services import TO_1620
from .test_three_handed_league import GAME as CUT_THROAT_GAME

D = datetime.date
MORE = NAMES + ["Ivo Petrov", "Jana Novak", "Kofi Mensah", "Lena Fischer", "Mo Salah", "Nia Jones", "Omar Haddad"]
PINOCHLE_HEADER = ["Meld", "Tricks", "Score", "Total"]
RUMMY_HEADER = ["Melds", "Bonuses", "Cards left", "Penalties", "Round total", "Running total"]


def league_night(club, name, *, game_type, fmt=LeagueFormat.PROGRESSIVE, players=8, rounds=1, options=None,
                 **league_kw):
    """A league of ``game_type`` with a season and a night of ``rounds`` rounds, ``players`` checked in."""
    profile = RuleProfile.objects.create(club=club, name=f"{name} rules", game_type=game_type,
                                         options=options or {})
    league = services.league_create(club=club, name=name, rule_profile=profile, format=fmt,
                                    is_public=True, **league_kw)
    season = services.season_create(league=league, name="Autumn 2026", starts_on=D(2026, 9, 1),
                                    ends_on=D(2026, 12, 31))
    night = services.night_create(season=season, date=D(2026, 10, 1), rounds=rounds)
    services.night_check_in(night=night, players=[services.player_get_or_create(club=club, name=n)
                                                  for n in MORE[:players]])
    return night


def tables(night, number=1) -> list[Game]:
    return list(Game.objects.filter(table__round__night=night, table__round__number=number)
                .order_by("table__number").prefetch_related("seats__player"))


def text_of(document) -> str:
    return pdf_text(document.render())


def page_text(data: bytes, page: int) -> str:
    """The text of ``page`` alone (the footer's "Page N of M" ends each page)."""
    text = pdf_text(data)
    pages = page_count(data)
    start = text.index(f"Page {page - 1} of {pages}") + len(f"Page {page - 1} of {pages}") if page > 1 else 0
    return text[start:text.index(f"Page {page} of {pages}")]


def pairs(game) -> str:
    """``N–S N · Ann S · Cy E–W E · Bo W · Di`` as the players block prints it."""
    n = seat_names(game)
    return f"N–S N · {n[0]} S · {n[2]} E–W E · {n[1]} W · {n[3]}"


def dealing(letters, names, first: int) -> str:
    seats = [(first + i) % len(letters) for i in range(len(letters))]
    return "Dealing order (the deal passes to the left): " + " → ".join(f"{letters[s]} {names[s]}" for s in seats)


def recap_text(night) -> str:
    return text_of(NightRecap(night_recap_for_print(night)))


@pytest.fixture
def double_deck(club, organizer):
    """Eight players, two double-deck tables to 500; table 1 plays two hands:
    N–S bid 55 and make 58 (E–W 24), then E–W bid 50 and make 60 (N–S 30)."""
    night = league_night(club, "Double Deck", game_type="double_deck")
    services.round_seat(night=night, by=organizer)
    first = tables(night)[0]
    services.entry_record(game=first, by=organizer, inputs=PinochleHandInput(**played(0, 55, (20, 12), (38, 12))))
    services.entry_record(game=first, by=organizer, inputs=PinochleHandInput(**played(1, 50, (10, 30), (20, 30))))
    return night


@pytest.fixture
def threes(club, organizer):
    """Six players, two cut-throat tables of three to 500; table 1 plays the
    whole game: 530, 500, 30 and player 2 wins (the bidder reaching 500)."""
    night = league_night(club, "Monday Threes", game_type="three_handed", fmt=LeagueFormat.INDIVIDUAL, players=6,
                         options={"target": 500})
    services.round_seat(night=night, by=organizer)
    first = tables(night)[0]
    for h in CUT_THROAT_GAME:
        services.entry_record(game=first, by=organizer, inputs=PinochleHandInput(**h))
    return night


@pytest.fixture
def odd_three(club, organizer):
    """Seven players in a progressive partnership league, two rounds of a
    table of four and the odd three's cut-throat table. In round 1 the four
    play one hand (N–S bid 300: +320, E–W +140) and the three play the whole
    cut-throat game (to 1500: 530, 500, 30 after two hands, nobody out yet)."""
    night = league_night(club, "Thursday League", game_type="partnership", players=7, rounds=2,
                         odd_players="three_handed")
    services.round_seat(night=night, by=organizer)
    four, three = tables(night)
    services.entry_record(game=four, by=organizer, inputs=PinochleHandInput(**played(0, 300, (150, 60), (170, 80))))
    for h in CUT_THROAT_GAME:
        services.entry_record(game=three, by=organizer, inputs=PinochleHandInput(**h))
    services.round_seat(night=night, by=organizer)
    return night


@pytest.fixture
def rummy(club, organizer):
    """Eight players, two rummy tables: table 1 plays TO_1620 (N–S win 1620 : 1010),
    table 2 TO_1540 (E–W win 1540 : 40)."""
    night = league_night(club, "Rummy Fridays", game_type="rummy")
    services.round_seat(night=night, by=organizer)
    for game, rounds in zip(tables(night), (TO_1620, TO_1540)):
        for teams in rounds:
            entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=teams))
    return night




# -- (a) double-deck ------------------------------------------------------------------
def test_double_deck_sheet_names_the_pairs_and_deals_round_four_seats(double_deck):
    data = sheets(double_deck).render()
    assert page_count(data) == 2
    for page, game in enumerate(tables(double_deck), 1):
        text = page_text(data, page)
        names = seat_names(game)
        assert f"Round 1 · Table {page} Test Club · Double Deck · Autumn 2026 Club night Oct. 1, 2026" in text
        assert pairs(game) in text
        assert f"First dealer: N · {names[0]} " + dealing("NESW", names, 0) in text


def test_double_deck_rules_give_its_target_bid_steps_and_50_trick_points(double_deck):
    text = text_of(sheets(double_deck, 1))
    assert ("Target first side to 500 "
            "Bidding minimum 50, raise by 1, by 5 from 60 "
            "Tricks 50 trick points a hand (two decks) "
            "Defenders keep their meld only by taking a counter; with no counter it is lost "
            "Ties both sides reach the target on one hand: the bidders win "
            "All rules double-deck · 500 · min 50 by 1, by 5 from 60 · defenders need a counter · bidders win ties"
            ) in text


def test_double_deck_grid_is_the_partnership_grid_for_a_target_over_25_a_hand_and_four_more(double_deck):
    document = sheets(double_deck)
    data = document.render()
    game = tables(double_deck)[0]
    names = seat_names(game)
    rows = grid_rows(data, document, 1)
    assert rows[0] == ["#", "Dealer", "Bidder", "Bid", "Trump", f"N–S · {names[0]} & {names[2]}",
                       f"E–W · {names[1]} & {names[3]}", "Checked"]
    assert rows[1] == PINOCHLE_HEADER * 2
    body = rows[2:]
    assert len(body) == 500 // 25 + 4 == 24
    assert body[:5] == [[str(n), f"{'NESWN'[n - 1]} {names[(n - 1) % 4]}"] for n in range(1, 6)]


def test_double_deck_hands_make_the_nights_highlights(double_deck):
    names = seat_names(tables(double_deck)[0])
    text = recap_text(double_deck)
    assert f"Highest hand +60 by {names[1]} & {names[3]} (round 1, table 1, hand 2)" in text
    assert f"Biggest meld 30 by {names[1]} & {names[3]} (round 1, table 1, hand 2)" in text
    assert f"Most bids made 1 bid by {' & '.join(sorted([names[0], names[1]]))}" in text
    assert f"1 N–S {names[0]} & {names[2]} 88 E–W {names[1]} & {names[3]} 84 playing: 2 hands" in text
    assert "1 round · 0 of 2 games finished · 2 hands" in text


# -- (b) an individual three-handed league ------------------------------------------------
def test_three_handed_sheet_names_players_1_2_3_and_deals_round_three_seats(threes):
    data = sheets(threes).render()
    assert page_count(data) == 2
    for page, game in enumerate(tables(threes), 1):
        text = page_text(data, page)
        names = seat_names(game)
        assert f"Round 1 · Table {page} Test Club · Monday Threes · Autumn 2026" in text
        assert f"Players 1 · {names[0]} 2 · {names[1]} 3 · {names[2]}" in text
        assert f"First dealer: 1 · {names[0]} " + dealing("123", names, 0) in text
        assert "N–S" not in text and "E–W" not in text


def test_three_handed_rules_say_cut_throat_the_bidder_alone_the_target_and_ties(threes):
    text = text_of(sheets(threes, 1))
    assert ("Play cut-throat: every player scores alone; the bidder plays alone against the other two "
            "Target first player to 500 "
            "Bidding minimum 250, raise by 10 "
            "Defenders keep their meld only by taking a counter; with no counter it is lost "
            "Ties several players reach the target on one hand: the bidder wins if they made the bid, else the "
            "highest total "
            "All rules three-handed cut-throat · 500 · min 250 by 10 · defenders need a counter · bidders win ties"
            ) in text


def test_three_handed_grid_has_a_column_group_per_player_and_rows_for_a_third_of_the_tricks(threes):
    document = sheets(threes)
    data = document.render()
    for page, game in enumerate(tables(threes), 1):
        names = seat_names(game)
        rows = grid_rows(data, document, page)
        assert rows[0] == ["#", "Dealer", "Bidder", "Bid", "Trump", *(f"{i + 1} · {names[i]}" for i in range(3))]
        assert rows[1] == PINOCHLE_HEADER * 3
        body = rows[2:]
        assert len(body) == 500 * 3 // 250 + 4 == 10
        assert body[:4] == [["1", "1"], ["2", "2"], ["3", "3"], ["4", "1"]]  # the dealer's number


def test_three_handed_rows_and_target_follow_the_rounds_hand_limit(club, organizer):
    night = league_night(club, "Monday Threes", game_type="three_handed", fmt=LeagueFormat.INDIVIDUAL, players=3,
                         rounds=2, options={"target": 500})
    services.round_seat(night=night, by=organizer)
    services.round_seat(night=night, by=organizer, hand_limit=9)
    document = sheets(night, 2)
    data = document.render()
    assert len(grid_rows(data, document, 1)) - 2 == 9
    text = pdf_text(data)
    assert "Target 500, or after 9 hands the highest total wins (equal highest totals draw)" in text
    names = seat_names(tables(night, 2)[0])
    assert f"First dealer: 2 · {names[1]} " + dealing("123", names, 1) in text


# -- (c) a progressive partnership league seating its odd players at a table of three -----------
def test_odd_players_table_of_three_gets_the_three_handed_sheet_beside_the_partnership_one(odd_three):
    document = sheets(odd_three, 1)
    data = document.render()
    assert page_count(data) == 2
    four, three = tables(odd_three)
    assert (four.game_type, three.game_type) == ("partnership", "three_handed")
    first, second = page_text(data, 1), page_text(data, 2)
    assert pairs(four) in first and "Target first side to 1500" in first
    names = seat_names(three)
    assert f"Players 1 · {names[0]} 2 · {names[1]} 3 · {names[2]}" in second
    assert "Target first player to 1500" in second and "the bidder plays alone against the other two" in second
    rows = [grid_rows(data, document, page) for page in (1, 2)]
    assert rows[0][0][-1] == "Checked" and len(rows[0]) - 2 == 16
    assert rows[1][0][5:] == [f"{i + 1} · {names[i]}" for i in range(3)] and len(rows[1]) - 2 == 1500 * 3 // 250 + 4


def test_odd_players_table_of_three_passes_the_first_deal_round_by_round(odd_three):
    text = text_of(sheets(odd_three, 2))
    four, three = tables(odd_three, 2)
    fours, threes = seat_names(four), seat_names(three)
    assert f"First dealer: E · {fours[1]} " + dealing("NESW", fours, 1) in text
    assert f"First dealer: 2 · {threes[1]} " + dealing("123", threes, 1) in text


def test_a_mixed_round_prints_the_table_of_three_with_a_total_for_each_player(odd_three):
    four, three = tables(odd_three)
    n, t = seat_names(four), seat_names(three)
    round_one = recap_text(odd_three).split("Round 1")[1].split("Round 2")[0]
    assert f"1 N–S {n[0]} & {n[2]} 320 E–W {n[1]} & {n[3]} 140 playing: 1 hand" in round_one
    assert f"2 {t[0]} 530 {t[1]} 500 {t[2]} 30 playing: 2 hands" in round_one


def test_mixed_night_highlights_name_the_partners_or_the_one_player(odd_three):
    four, three = tables(odd_three)
    n, t = seat_names(four), seat_names(three)
    text = recap_text(odd_three)
    assert f"Highest hand +370 by {t[1]} (round 1, table 2, hand 2)" in text
    assert f"Biggest meld 200 by {t[0]} (round 1, table 2, hand 1)" in text
    assert f"Most bids made 1 bid by {', '.join(sorted([n[0], t[0], t[1]]))}" in text
    assert "2 rounds · 0 of 4 games finished · 3 hands" in text


# -- (d) a rummy league -----------------------------------------------------------------------
def test_rummy_sheet_names_the_teams_pairs_and_deals_round_four_seats(rummy):
    data = sheets(rummy).render()
    assert page_count(data) == 2
    for page, game in enumerate(tables(rummy), 1):
        text = page_text(data, page)
        names = seat_names(game)
        assert f"Round 1 · Table {page} Test Club · Rummy Fridays · Autumn 2026" in text
        assert pairs(game) in text
        assert f"First dealer: N · {names[0]} " + dealing("NESW", names, 0) in text


def test_rummy_rules_give_the_target_barbele_its_opening_and_penalty(rummy):
    text = text_of(sheets(rummy, 1))
    assert ("Target first team to 1500 "
            "Barbele a team at 750 or more needs a first meld of 70 or more every round; a failed opening costs −50 "
            "All rules rummy · 1500 · barbele at 750: 70 to open, −50 · going out 20") in text
    assert "Bidding" not in text and "Trump" not in text


def test_rummy_grid_is_the_blank_rummy_grid_with_12_rounds(rummy):
    document = sheets(rummy)
    data = document.render()
    names = seat_names(tables(rummy)[0])
    rows = grid_rows(data, document, 1)
    assert rows[0] == ["#", f"N–S · {names[0]} & {names[2]}", f"E–W · {names[1]} & {names[3]}"]
    assert rows[1] == RUMMY_HEADER * 2
    assert rows[2:] == [[str(n)] for n in range(1, 13)]


def test_rummy_rows_and_target_follow_the_rounds_limit(club, organizer):
    night = league_night(club, "Rummy Eights", game_type="rummy", players=4, options={"rounds_limit": 8})
    services.round_seat(night=night, by=organizer)
    document = sheets(night)
    data = document.render()
    assert [r[0] for r in grid_rows(data, document, 1)[2:]] == [str(n) for n in range(1, 9)]
    assert "Target 1500, or after 8 rounds the higher total wins (equal totals draw)" in pdf_text(data)


def test_recap_prints_each_rummy_tables_teams_totals_and_winner(rummy):
    one, two = (seat_names(g) for g in tables(rummy))
    text = recap_text(rummy)
    assert f"1 N–S {one[0]} & {one[2]} 1620 E–W {one[1]} & {one[3]} 1010 N–S won" in text
    assert f"2 N–S {two[0]} & {two[2]} 40 E–W {two[1]} & {two[3]} 1540 E–W won" in text
    assert "1 round · 2 of 2 games finished · 6 rummy rounds" in text


def test_rummy_rounds_are_left_out_of_the_highlights(rummy):
    text = recap_text(rummy)
    assert "Highest hand none yet Biggest meld none yet Most bids made none yet" in text
    assert "Rummy rounds are not Pinochle hands: the highlights leave them out." in text


# -- three-handed results ----------------------------------------------------------------------
def test_recap_prints_a_three_handed_tables_three_players_totals_and_winner(threes):
    one, two = (seat_names(g) for g in tables(threes))
    text = recap_text(threes)
    assert (f"Table Players Total Players Total Players Total Result "
            f"1 {one[0]} 530 {one[1]} 500 {one[2]} 30 {one[1]} won "
            f"2 {two[0]} 0 {two[1]} 0 {two[2]} 0 not started") in text
    assert "1 round · 1 of 2 games finished · 2 hands" in text


def test_three_handed_highlights_name_the_one_player(threes):
    names = seat_names(tables(threes)[0])
    text = recap_text(threes)
    assert f"Highest hand +370 by {names[1]} (round 1, table 1, hand 2)" in text
    assert f"Biggest meld 200 by {names[0]} (round 1, table 1, hand 1)" in text
    assert f"Most bids made 1 bid by {' & '.join(sorted([names[0], names[1]]))}" in text


# -- every game: layout, pages, paper, query counts -------------------------------------------------
GAMES = ["double_deck", "threes", "odd_three", "rummy"]


@pytest.mark.parametrize("fixture", GAMES)
def test_every_text_stays_inside_its_cell(request, fixture):
    night = request.getfixturevalue(fixture)
    for paper in ("a4", "letter"):
        document = sheets(night, paper=paper)
        data = document.render()
        held = assert_inside_cells(data, document)
        assert {c.page for c in document.cell_boxes if c.tag == "grid"} == set(range(1, page_count(data) + 1))
        assert len([f for f in held if f.page == 1]) > 30
        recap = NightRecap(night_recap_for_print(night), paper=paper)
        data = recap.render()
        assert page_count(data) == 1
        assert len(assert_inside_cells(data, recap)) > 20


@pytest.mark.parametrize("fixture, rows", [("double_deck", 24), ("threes", 10), ("odd_three", 16), ("rummy", 12)])
@pytest.mark.parametrize("paper, size, pixels", [
    pytest.param("a4", (595.28, 841.89), (414, 585), id="A4"),
    pytest.param("letter", (612, 792), (425, 550), id="Letter"),
])
def test_page_one_is_drawn_on_the_chosen_paper(request, tmp_path, fixture, rows, paper, size, pixels):
    data = sheets(request.getfixturevalue(fixture), 1, paper=paper).render()
    assert page_size(data) == pytest.approx(size, abs=0.01)
    image = page_image(data, tmp_path)
    assert image.size == pixels
    assert 0.01 < dark_share(image) < 0.3
    assert ruled_lines(image) >= rows + 2


def mixed_night(club, organizer, name, players):
    """A progressive partnership night, one round: tables of four and the odd
    three's table, each with hands (a finished cut-throat game)."""
    night = league_night(club, name, game_type="partnership", players=players, odd_players="three_handed")
    services.round_seat(night=night, by=organizer)
    for game in tables(night):
        hands = CUT_THROAT_GAME if game.game_type == "three_handed" else [played(0, 300, (150, 60), (170, 80))]
        for h in hands:
            services.entry_record(game=game, by=organizer, inputs=PinochleHandInput(**h))
    return night


def rummy_night(club, organizer, name, players):
    night = league_night(club, name, game_type="rummy", players=players)
    services.round_seat(night=night, by=organizer)
    for game in tables(night):
        for teams in TO_1540:
            entry_record(game=game, by=organizer, inputs=RummyRoundInput(teams=teams))
    return night


@pytest.mark.parametrize("build, sizes", [
    pytest.param(mixed_night, (7, 15), id="tables of four and three"),
    pytest.param(rummy_night, (4, 12), id="rummy"),
])
def test_query_counts_do_not_grow_with_a_mixed_or_rummy_night(client, club, organizer, build, sizes):
    client.force_login(organizer)
    counts = []
    for i, players in enumerate(sizes):
        night = build(club, organizer, f"League {i}", players)
        assert len(tables(night)) == (players + 1) // 4
        sheets_url = reverse("league:night_sheets_pdf", args=night_args(night))
        counts.append({
            "sheets": queries(client, sheets_url),
            "sheets round": queries(client, sheets_url + "?round=1"),
            "recap": queries(client, reverse("league:night_recap_pdf", args=night_args(night))),
        })
    assert counts[0] == counts[1]
    assert max(counts[1].values()) <= 15, counts


def test_a_rummy_tables_qr_code_opens_its_rounds_and_says_so(client, organizer, rummy):
    """The view prints each rummy table's link (/t/<token>/, the one game tree),
    and the caption says rounds."""
    client.force_login(organizer)
    response = client.get(reverse("league:night_sheets_pdf", args=night_args(rummy)))
    assert response.status_code == 200
    text = "".join(pdf_text(response.content).split())
    for game in tables(rummy):
        assert "http://testserver" + reverse("league:table", args=[game.access_token]) in text
    assert pdf_text(response.content).count("Scan to enter this table's rounds") == 2
