"""Properties of the ranking (docs/rules.md §7), checked on generated standings."""
from hypothesis import given, settings, strategies as st

from scoring.standings import GameRecord, StandingRow, aggregate, parse_precedence, rank

KEYS = ["points", "wins", "win_pct", "points_against", "differential", "game_points",
        "spread", "skunks_given", "skunks_taken", "bids_made_pct", "nights", "best_n:1", "best_n:2", "head_to_head"]
PLAIN_KEYS = [k for k in KEYS if k != "head_to_head"]


@st.composite
def standings(draw, keys=KEYS):
    """Rows with small values (so ties are common) and a precedence."""
    n = draw(st.integers(1, 8))
    entrants = list(range(n))
    small = st.integers(0, 3)
    rows = []
    for e in entrants:
        games = draw(small)
        taken = draw(small)
        opponents = draw(st.lists(st.sampled_from(entrants), unique=True, max_size=3))
        rows.append(StandingRow(
            entrant=e,
            games=games,
            wins=draw(st.integers(0, games)),
            points_for=draw(small) * 10,
            points_against=draw(small) * 10,
            bids_taken=taken,
            bids_made=draw(st.integers(0, taken)),
            game_points=draw(small),
            spread=draw(st.integers(-2, 2)),
            skunks_given=draw(st.integers(0, 1)),
            skunks_taken=draw(st.integers(0, 1)),
            night_points=tuple(enumerate(draw(st.lists(small, max_size=3)))),
            head_to_head=tuple((o, draw(st.integers(0, 2))) for o in opponents if o != e),
            name=draw(st.sampled_from(["", "ann", "Bob"])),
        ))
    precedence = draw(st.lists(st.sampled_from(keys), unique=True, min_size=1, max_size=5))
    return rows, precedence


def oriented(ranked_row, criteria):
    """The row's values with lower-is-better metrics negated (None for unused h2h)."""
    return tuple(
        v if (v is None or c.metric.higher_is_better) else -v
        for v, c in zip(ranked_row.values, criteria)
    )


@settings(max_examples=100, deadline=None)
@given(standings(), st.randoms(use_true_random=False))
def test_ranking_does_not_depend_on_input_order(data, rnd):
    rows, precedence = data
    shuffled = list(rows)
    rnd.shuffle(shuffled)
    assert rank(shuffled, precedence) == rank(rows, precedence)


@settings(max_examples=100, deadline=None)
@given(standings())
def test_ranks_are_competition_ranks(data):
    rows, precedence = data
    ranked = rank(rows, precedence)
    assert len(ranked) == len(rows)
    assert {r.entrant for r in ranked} == {r.entrant for r in rows}
    for i, r in enumerate(ranked):
        shared = [o for o in ranked if o.rank == r.rank]
        assert r.tied == (len(shared) > 1)
        assert r.rank_label == (f"={r.rank}" if r.tied else str(r.rank))
        if i == 0:
            assert r.rank == 1
        elif ranked[i - 1].rank == r.rank:
            assert r.split_by is None
        else:
            assert ranked[i - 1].rank < r.rank == i + 1


@settings(max_examples=100, deadline=None)
@given(standings())
def test_tied_rows_have_equal_metric_values(data):
    rows, precedence = data
    ranked = rank(rows, precedence)
    for a, b in zip(ranked, ranked[1:]):
        if a.rank == b.rank:
            assert a.values == b.values
            assert a.row.sort_key < b.row.sort_key


@settings(max_examples=100, deadline=None)
@given(standings(keys=PLAIN_KEYS))
def test_order_follows_precedence_and_split_by_names_first_difference(data):
    rows, precedence = data
    criteria = parse_precedence(precedence)
    ranked = rank(rows, precedence)
    for above, below in zip(ranked, ranked[1:]):
        va, vb = oriented(above, criteria), oriented(below, criteria)
        assert va >= vb
        assert (va == vb) == (above.rank == below.rank)
        if va[0] != vb[0] or va == vb:
            assert below.split_by is None
        else:
            first = next(i for i, (x, y) in enumerate(zip(va, vb)) if x != y)
            assert below.split_by == criteria[first].key


@settings(max_examples=100, deadline=None)
@given(standings())
def test_head_to_head_only_splits_rows_level_before_it(data):
    rows, precedence = data
    precedence = [k for k in precedence if k != "head_to_head"] + ["head_to_head"]
    with_h2h = rank(rows, precedence)
    if precedence[:-1]:
        before = {r.entrant: r.rank for r in rank(rows, precedence[:-1])}
    else:
        before = {r.entrant: 1 for r in rows}  # everyone level before head-to-head
    after = {r.entrant: r.rank for r in with_h2h}
    for a in rows:
        for b in rows:
            if before[a.entrant] < before[b.entrant]:
                assert after[a.entrant] < after[b.entrant]


records = st.lists(
    st.builds(
        GameRecord,
        entrant=st.sampled_from("ABCD"),
        game_id=st.integers(0, 5),
        night_id=st.integers(0, 2),
        points_for=st.integers(-300, 600),
        points_against=st.integers(-300, 600),
        won=st.booleans(),
        bid_taken=st.just(1),
        bid_made=st.integers(0, 1),
        game_points=st.integers(0, 3),
        margin=st.integers(-50, 50),
        opponents=st.lists(st.sampled_from("ABCD"), unique=True, max_size=2).map(tuple),
        skunks_given=st.integers(0, 1),
        skunks_taken=st.integers(0, 1),
    ),
    max_size=20,
    unique_by=lambda r: (r.entrant, r.game_id),
)


@settings(max_examples=100, deadline=None)
@given(records, st.randoms(use_true_random=False))
def test_aggregate_sums_every_record_once(recs, rnd):
    rows = aggregate(recs)
    shuffled = list(recs)
    rnd.shuffle(shuffled)
    assert aggregate(shuffled) == rows
    assert sum(r.games for r in rows) == len(recs)
    assert sum(r.wins for r in rows) == sum(r.won for r in recs)
    assert sum(r.points_for for r in rows) == sum(r.points_for for r in recs)
    assert sum(r.spread for r in rows) == sum(r.margin for r in recs)
    assert sum(r.skunks_given for r in rows) == sum(r.skunks_given for r in recs)
    assert sum(r.skunks_taken for r in rows) == sum(r.skunks_taken for r in recs)
    assert sum(sum(p for _, p in r.night_points) for r in rows) == sum(
        r.points_for for r in recs)
    for r in rows:
        assert r.wins + r.losses == r.games
        assert r.best_nights(99) == r.points_for
