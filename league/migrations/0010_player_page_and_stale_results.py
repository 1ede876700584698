from django.db import migrations, models

import league.models.season

SQLITE = [
    f"""CREATE TRIGGER league_result_{op.lower()}_stale AFTER {op} ON league_result FOR EACH ROW BEGIN
    UPDATE league_season SET results_version = 'stale' || lower(hex(randomblob(12)))
    WHERE id IN ({", ".join(rows)}); END"""
    for op, rows in (("INSERT", ["NEW.season_id"]), ("UPDATE", ["OLD.season_id", "NEW.season_id"]),
                     ("DELETE", ["OLD.season_id"]))
]
SQLITE_DROP = [f"DROP TRIGGER IF EXISTS league_result_{op}_stale" for op in ("insert", "update", "delete")]

POSTGRESQL = [
    """CREATE FUNCTION league_result_stale() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE league_season SET results_version = 'stale' || substr(md5(random()::text), 1, 24)
        WHERE id IN (SELECT season_id FROM changed_rows);
        RETURN NULL;
    END $$""",
    *[f"""CREATE TRIGGER league_result_{op.lower()}_stale AFTER {op} ON league_result
    REFERENCING {table} TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION league_result_stale()"""
      for op, table in (("INSERT", "NEW"), ("DELETE", "OLD"))],
    """CREATE TRIGGER league_result_update_stale AFTER UPDATE ON league_result
    REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION league_result_stale()""",
    """CREATE TRIGGER league_result_update_new_stale AFTER UPDATE ON league_result
    REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION league_result_stale()""",
]
POSTGRESQL_DROP = [*[f"DROP TRIGGER IF EXISTS league_result_{op}_stale ON league_result"
                     for op in ("insert", "delete", "update", "update_new")],
                   "DROP FUNCTION IF EXISTS league_result_stale()"]


def _run(statements):
    def run(apps, schema_editor):
        for sql in statements.get(schema_editor.connection.vendor, ()):  # the two the project runs on
            schema_editor.execute(sql)
    return run


class Migration(migrations.Migration):
    """The player page reads its season's latest games by night, and its
    ratings' counts per family, from indexes (not every game of the season).

    Any write of Result rows (insert, update, delete: a cascade, a bulk write,
    raw SQL) marks its season's ``results_version`` stale in the same
    statement (``league.models.season.STALE``); the services that keep the
    figures give it a fresh token after, and a read that finds it stale
    derives the figures again first. The standings' cache key then needs no
    count of the season's rows, which grew with the season."""

    dependencies = [("league", "0009_growth_awards")]

    operations = [
        migrations.AddIndex(model_name="result",
                            index=models.Index(fields=["player", "night"], name="result_player_night")),
        migrations.AddIndex(model_name="result",
                            index=models.Index(fields=["team", "night"], name="result_team_night")),
        migrations.AddIndex(model_name="ratingevent",
                            index=models.Index(fields=["player", "family", "league"], name="rating_event_family")),
        migrations.AlterField(
            model_name="season", name="results_version",
            field=models.CharField(
                default=league.models.season.new_results_version, editable=False, max_length=32,
                help_text="A fresh random token whenever the season's Result rows change (results_sync, byes_sync, "
                          "figures_rebuild, in the same transaction), 'stale…' after a write that kept no figures "
                          "(set by a trigger); cached standings are keyed on it."),
        ),
        migrations.RunPython(_run({"sqlite": SQLITE, "postgresql": POSTGRESQL}),
                             _run({"sqlite": SQLITE_DROP, "postgresql": POSTGRESQL_DROP})),
    ]
