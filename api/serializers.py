"""The API's resources as JSON. Each serializer documents its fields for the
schema (drf-spectacular) and reads what the selectors of the pages return;
links are absolute URLs of the API (``url``) and of the site's page (``page``)."""
from django.urls import reverse
from rest_framework import serializers

from league.i18n import render

from .errors import valid_values


def absolute(request, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


class Linked(serializers.Serializer):
    """A resource with its API ``url`` and its page on the site (``page``)."""

    url = serializers.SerializerMethodField()
    page = serializers.SerializerMethodField()

    def api_path(self, obj) -> str:
        raise NotImplementedError

    def page_path(self, obj) -> str:
        raise NotImplementedError

    def get_url(self, obj) -> str:
        return absolute(self.context.get("request"), self.api_path(obj))

    def get_page(self, obj) -> str:
        return absolute(self.context.get("request"), self.page_path(obj))


class ClubSerializer(Linked):
    slug = serializers.SlugField()
    name = serializers.CharField()
    language = serializers.CharField(help_text="The club's language code, '' for the reader's own.")

    def api_path(self, club):
        return reverse("api:club", args=[club.slug])

    def page_path(self, club):
        return reverse("league:club_leagues", args=[club.slug])


class LeagueSerializer(Linked):
    slug = serializers.SlugField()
    name = serializers.CharField()
    format = serializers.CharField(help_text="progressive, fixed (partnerships) or individual.")
    game = serializers.SerializerMethodField(help_text="The game type of the league's rule profile.")
    is_public = serializers.BooleanField(help_text="False: members-only (only the club's members read it).")
    confirmation = serializers.BooleanField(help_text="Each entry waits for the other side's confirmation.")

    def get_game(self, league) -> str:
        return league.rule_profile.game_type

    def api_path(self, league):
        return reverse("api:league", args=[league.club.slug, league.slug])

    def page_path(self, league):
        return reverse("league:league", args=[league.club.slug, league.slug])


class CriterionSerializer(serializers.Serializer):
    key = serializers.CharField(help_text="The precedence entry as stored, e.g. 'points' or 'best_nights:6'.")
    label = serializers.CharField()


def criteria(parsed) -> list[dict]:
    out = []
    for c in parsed:
        out.append({"key": c.key if c.arg is None else f"{c.key}:{c.arg}", "label": render(c.label)})
    return out


class SeasonSerializer(Linked):
    id = serializers.IntegerField()
    name = serializers.CharField()
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    precedence = serializers.ListField(child=serializers.CharField(),
                                       help_text="The ranking precedence, first metric first.")
    seed_by_rating = serializers.BooleanField()
    handicap_per_point = serializers.IntegerField()
    handicap_cap = serializers.IntegerField()

    def route_args(self, season):
        league = season.league
        return [league.club.slug, league.slug, season.pk]

    def api_path(self, season):
        return reverse("api:season", args=self.route_args(season))

    def page_path(self, season):
        return reverse("league:season", args=self.route_args(season))


class StandingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    rank_label = serializers.CharField(help_text="'=3' for a shared rank.")
    tied = serializers.BooleanField()
    entrant = serializers.IntegerField(help_text="The player's id (the team's in a fixed-partnership league).")
    name = serializers.CharField()
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    differential = serializers.IntegerField()
    nights = serializers.IntegerField()
    values = serializers.ListField(child=serializers.JSONField(allow_null=True),
                                   help_text="The row's value for each precedence entry, in order.")
    split_by = serializers.CharField(allow_null=True, help_text="The metric that split this row from the row "
                                     "above when both were level on the first one (the tie-break used).")
    split_by_label = serializers.CharField(allow_null=True)


def standing_row(r) -> dict:
    row = r.row
    return {
        "rank": r.rank, "rank_label": r.rank_label, "tied": r.tied, "entrant": row.entrant, "name": row.name,
        "games": row.games, "wins": row.wins, "losses": row.losses, "points_for": row.points_for,
        "points_against": row.points_against, "differential": row.differential, "nights": row.nights,
        "values": list(r.values), "split_by": r.split_by,
        "split_by_label": render(r.split_by_label) if r.split_by_label is not None else None,
    }


class StandingsSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    night = serializers.IntegerField(allow_null=True, help_text="The night ranked alone (?night=), else null.")
    precedence = CriterionSerializer(many=True)
    rows = StandingRowSerializer(many=True)


class NightSerializer(Linked):
    id = serializers.IntegerField()
    date = serializers.DateField()
    rounds = serializers.IntegerField(help_text="Rounds planned.")
    status = serializers.CharField(help_text="open (check-in), playing or locked.")
    locked_at = serializers.DateTimeField(allow_null=True)

    def route_args(self, night):
        season = night.season
        return [season.league.club.slug, season.league.slug, season.pk, night.pk]

    def api_path(self, night):
        return reverse("api:night", args=self.route_args(night))

    def page_path(self, night):
        return reverse("league:night", args=self.route_args(night))


class TableSideSerializer(serializers.Serializer):
    label = serializers.CharField(help_text="N–S / E–W for partners, '' for a player on their own.")
    names = serializers.CharField()
    total = serializers.IntegerField()
    won = serializers.BooleanField()


class TableGameSerializer(serializers.Serializer):
    public_id = serializers.CharField()
    hand_count = serializers.IntegerField()
    finished = serializers.BooleanField()
    url = serializers.CharField()


class TableSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    game = TableGameSerializer(allow_null=True)
    sides = TableSideSerializer(many=True)


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    tables = TableSerializer(many=True)
    sitting_out = serializers.ListField(child=serializers.CharField())


class CheckInSerializer(serializers.Serializer):
    player = serializers.IntegerField(allow_null=True)
    team = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()


class NightDetailSerializer(NightSerializer):
    games = serializers.IntegerField()
    games_finished = serializers.IntegerField()
    hands_entered = serializers.IntegerField()
    waiting = serializers.IntegerField(help_text="Entries waiting for the other side's confirmation.")
    checkins = CheckInSerializer(many=True)
    seating = RoundSerializer(many=True, help_text="The rounds seated: their tables, games and seating.")


def night_detail(night, overview, request) -> dict:
    rounds = [{
        "number": rv.round.number, "sitting_out": list(rv.sitting_out),
        "tables": [{
            "number": tv.table.number,
            "game": None if tv.game is None else {
                "public_id": tv.game.public_id, "hand_count": tv.game.hand_count, "finished": tv.game.is_finished,
                "url": absolute(request, reverse("api:game", args=[tv.game.public_id])),
            },
            "sides": [{"label": str(label), "names": names, "total": total, "won": won}
                      for label, names, total, won in tv.sides],
        } for tv in rv.tables],
    } for rv in overview.rounds]
    return NightSerializer(night, context={"request": request}).data | {
        "games": overview.games, "games_finished": overview.games_finished, "hands_entered": overview.hands_entered,
        "waiting": overview.waiting,
        "checkins": [{"player": c.player_id, "team": c.team_id, "name": c.name} for c in overview.checkins],
        "seating": rounds,
    }


class SeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    player = serializers.IntegerField()
    name = serializers.CharField()


class SideSerializer(serializers.Serializer):
    side = serializers.IntegerField()
    total = serializers.IntegerField()
    won = serializers.BooleanField()


class EntrySideSerializer(serializers.Serializer):
    side = serializers.IntegerField()
    delta = serializers.IntegerField(help_text="What the entry scored for this side (or player).")
    total = serializers.IntegerField(help_text="The running total after this entry.")


class EntrySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField(help_text="confirmed, entered (waiting for the other side) or disputed.")
    version = serializers.IntegerField(help_text="Send it back to correct the entry (a stale one is refused).")
    fields = serializers.DictField(help_text="The entry in its kind's own fields: the pad's form fields.")
    sides = EntrySideSerializer(many=True)
    entered_at = serializers.DateTimeField()


def entry_data(kind, hand) -> dict:
    values = kind.entry_form_class().initial_for(hand)
    values.pop("version", None)
    return {
        "number": hand.number, "status": hand.status, "version": hand.version,
        "fields": {k: v if v is None or isinstance(v, (bool, int, str)) else str(v) for k, v in values.items()},
        "sides": [{"side": r.side, "delta": r.delta, "total": r.total}
                  for r in sorted(hand.side_rows.all(), key=lambda r: r.side)],
        "entered_at": hand.entered_at,
    }


class GameSerializer(serializers.Serializer):
    public_id = serializers.CharField()
    kind = serializers.CharField(help_text="The game type: partnership, three_handed, double_deck, cribbage, rummy.")
    status = serializers.CharField()
    hand_count = serializers.IntegerField(help_text="Entries stored: the next one is number hand_count + 1.")
    hand_limit = serializers.IntegerField(allow_null=True)
    winner_side = serializers.IntegerField(allow_null=True)
    end_reason = serializers.JSONField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    night = serializers.CharField(allow_null=True, help_text="The API URL of the league night it is played on.")
    locked = serializers.BooleanField(help_text="Its night is locked: only an organizer changes it now.")
    confirmation = serializers.BooleanField(help_text="Each entry waits for the other side's confirmation.")
    seats = SeatSerializer(many=True)
    sides = SideSerializer(many=True)
    entries = EntrySerializer(many=True)
    entry_fields = serializers.DictField(help_text="What each field of a new entry takes (its type, choices, "
                                         "range, whether it is required): the kind's entry form.")


def game_data(board, request) -> dict:
    game, kind = board.game, board.game.kind
    night = board.night
    hands = list(game.hands.order_by("number").prefetch_related("side_rows"))
    seats = game.seats.order_by("seat").values_list("seat", "player_id", "player__name")
    sides = game.sides.order_by("side").values_list("side", "total", "won")
    form = kind.entry_form(board)
    night_url = None
    if night is not None:
        season = night.season
        night_url = absolute(request, reverse("api:night", args=[
            season.league.club.slug, season.league.slug, season.pk, night.pk]))
    return {
        "public_id": game.public_id, "kind": game.game_type, "status": game.status, "hand_count": game.hand_count,
        "hand_limit": game.hand_limit, "winner_side": game.winner_side, "end_reason": game.end_reason,
        "finished_at": game.finished_at, "night": night_url, "locked": board.locked,
        "confirmation": board.confirmation,
        "seats": [{"seat": s, "player": p, "name": n} for s, p, n in seats],
        "sides": [{"side": s, "total": t, "won": w} for s, t, w in sides],
        "entries": [entry_data(kind, h) for h in hands],
        "entry_fields": valid_values(form, list(form.fields), required=("expected_number",)),
    }


class PlayerSerializer(Linked):
    id = serializers.IntegerField()
    name = serializers.CharField()
    active = serializers.BooleanField()

    def api_path(self, player):
        return reverse("api:player", args=[self.context["club"].slug, player.pk])

    def page_path(self, player):
        return reverse("league:player", args=[self.context["club"].slug, player.pk])


class FiguresSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    wins = serializers.IntegerField()
    points_for = serializers.IntegerField()
    points_against = serializers.IntegerField()
    bids_taken = serializers.IntegerField()
    bids_made = serializers.IntegerField()
    sets = serializers.IntegerField()
    average_meld = serializers.IntegerField()
    best_hand = serializers.IntegerField()


def figures(record) -> dict:
    return {k: getattr(record, k) for k in FiguresSerializer().fields}


class PlayerSeasonSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    league = serializers.CharField()


class RatingSerializer(serializers.Serializer):
    family = serializers.CharField()
    ordinal = serializers.FloatField(help_text="The rating now (openskill ordinal; docs/ratings.md).")
    games = serializers.IntegerField(help_text="Rated games.")


class PlayerDetailSerializer(PlayerSerializer):
    all_time = FiguresSerializer()
    season = PlayerSeasonSerializer(allow_null=True, help_text="The season shown (?season=, the latest by default).")
    season_figures = FiguresSerializer()
    seasons = PlayerSeasonSerializer(many=True)
    ratings = RatingSerializer(many=True)


class ChangeSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    night = serializers.DateField(source="night.date", allow_null=True, default=None,
                                  help_text="The date of the night changed; null for a change of the league's settings.")
    game = serializers.CharField(source="game.public_id", allow_null=True, default=None)
    by = serializers.CharField(source="by.username", allow_null=True, default=None)
    summary = serializers.CharField()
    reason = serializers.CharField()


class RatingRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Equal ratings share a rank.")
    player = serializers.IntegerField(source="player_id")
    name = serializers.CharField(source="player")
    rating = serializers.FloatField(help_text="The openskill ordinal (docs/ratings.md).")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games = serializers.IntegerField()
    last_change = serializers.FloatField()
    last_played = serializers.DateField(allow_null=True)


class RatingsSerializer(serializers.Serializer):
    family = serializers.CharField()
    families = serializers.ListField(child=serializers.CharField(), help_text="The families rated in the club.")
    rows = RatingRowSerializer(many=True)
