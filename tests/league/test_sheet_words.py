"""What the sheet says in words on the page as rendered: a set side's meld is
"180 lost" (not a struck 0 with the number in a tooltip), and the scoreboard
prints the players' full names."""
from django.urls import reverse

from league import services
from league.games.pinochle.hand_inputs import PinochleHandInput


def test_a_lost_meld_reads_180_lost_on_the_pad(client, game, organizer):
    # N–S bid 250 and take every counter: E–W took none, their meld of 180 is lost.
    services.entry_record(game=game, by=organizer,
                          inputs=PinochleHandInput(kind="played", bidder_seat=0, bid=250, trump="H", meld=(100, 180), tricks=(250, 0)))
    html = client.get(reverse("league:table", args=[game.access_token])).content.decode()
    assert '<td class="num side-1 lost">180 lost</td>' in html
    assert '<td class="num side-0">100</td>' in html


def test_the_scoreboard_prints_full_names(client, club, organizer):
    names = ["Ada Byrne-Castellano", "Charlotte Montgomery", "Bartholomew Okafor", "Dorothea Lindqvist"]
    players = [services.player_get_or_create(club=club, name=n) for n in names]
    game = services.game_create(club=club, players=players, by=organizer)
    html = client.get(reverse("league:table", args=[game.access_token])).content.decode()
    assert '<span class="who">Ada Byrne-Castellano &amp; Bartholomew Okafor</span>' in html
    assert '<span class="who">Charlotte Montgomery &amp; Dorothea Lindqvist</span>' in html
