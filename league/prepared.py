"""A query of fixed shape, compiled to SQL once per database connection.

Compiling an ORM query costs far more than running it when it joins many
tables: the game page's board (a game's sides with the game, its club,
rule profile, table, round, night, season, league and the league's club
and rule profile) spent about 1 ms compiling and 0.1 ms in SQLite.
:class:`Prepared` compiles the query once per connection with a marker for
its one varying value (wherever the query uses it), then runs that SQL with
each value and builds the model instances (with their ``select_related``
objects and annotations) as Django's ``ModelIterable`` does, from the same
compiler's columns and converters. ``tests/league/test_prepared.py``
compares every field of every object with the ORM's own answer.
"""
from django.db import connections
from django.db.models.query import get_related_populators

MARK = "\x00prepared-value\x00"  # for a text value; an integer one needs an integer mark


class Prepared:
    """``Prepared(lambda value: Model.objects....filter(field=value))``; calling it
    with a value returns the list of objects the queryset would. ``mark``: a
    value of the same type that no other parameter of the query equals."""

    def __init__(self, build, using: str = "default", mark=MARK):
        self.build, self.using, self.mark = build, using, mark

    def _compile(self, connection):
        compiler = self.build(self.mark).query.get_compiler(connection=connection)
        sql, params = compiler.as_sql()
        at = [i for i, p in enumerate(params) if p == self.mark and type(p) is type(self.mark)]
        if not at:
            raise ValueError("the prepared query does not use its value")
        klass_info, select = compiler.klass_info, compiler.select
        fields = klass_info["select_fields"]
        start, end = fields[0], fields[-1] + 1
        init_list = [f[0].target.attname for f in select[start:end]]
        populators = get_related_populators(klass_info, select, self.using)
        return (sql, list(params), at, compiler, klass_info["model"], init_list, start, end, populators,
                compiler.annotation_col_map)

    def __call__(self, value) -> list:
        connection = connections[self.using]  # each thread's own; what is compiled for it lives and dies with it
        kept = connection.__dict__.setdefault("_prepared_queries", {})
        compiled = kept.get(self)
        if compiled is None:
            compiled = kept[self] = self._compile(connection)
        sql, params, at, compiler, model, init_list, start, end, populators, annotations = compiled
        params = params.copy()
        for i in at:
            params[i] = value
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        out = []
        for row in compiler.results_iter([rows]):
            obj = model.from_db(self.using, init_list, row[start:end])
            for populator in populators:
                populator.populate(row, obj)
            for name, col in (annotations or {}).items():
                setattr(obj, name, row[col])
            out.append(obj)
        return out
