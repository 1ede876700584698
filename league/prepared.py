"""A query of fixed shape, compiled to SQL once per database connection.

Compiling an ORM query costs far more than running it when it joins many
tables: the game page's board (a game's sides with the game, its club,
rule profile, table, round, night, season, league and the league's club
and rule profile) spent about 1 ms compiling and 0.1 ms in SQLite, and the
night page's six small queries about 4 ms between them.
:class:`Prepared` compiles the query once per connection (twice, with two
sets of markers for its varying values, to find where the query uses each),
then runs that SQL with each call's values and builds what the queryset's
own iterable would: model instances (with their ``select_related`` objects and annotations) as
Django's ``ModelIterable`` does, or the rows of ``values_list`` (tuples,
``flat=True`` values or ``named=True`` namedtuples) and ``values`` (dicts),
all through the same compiler's columns and converters (booleans, aware
datetimes, JSON). A list value (``field__in=value``) is compiled once per
length; an empty one returns ``[]`` without a query, as the ORM does.
Unlike the ORM, an integer outside its field's range (which the ORM
answers with no rows without asking) goes to the database as it is.
``tests/league/test_prepared.py`` compares the answers with the ORM's own.
"""
from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models.query import (
    FlatValuesListIterable, ModelIterable, NamedValuesListIterable, ValuesIterable, ValuesListIterable,
    get_related_populators,
)
from django.db.models.utils import create_namedtuple_class

LISTS = (list, tuple, set, frozenset)  # a value of many items (``__in``): one mark an item
EMPTY = object()  # compiled to nothing: the ORM runs no query (an empty ``__in``)
TOP = 32767  # integer marks count down from here: within every integer field's range (a
# lookup on a small integer field answers "nothing" for a value out of its range without SQL)


def _mark(value, n: int, second: bool):
    """A value of ``value``'s type (text or integer) for the ``n``-th mark of the first or second compile."""
    if isinstance(value, str):
        return f"\x00prepared-value-{n}{'b' if second else 'a'}\x00"
    if isinstance(value, int) and not isinstance(value, bool):
        return TOP - 2 * n - second
    raise TypeError(f"Prepared: a varying value is text, an integer or a list of them, not {type(value).__name__}")


class Prepared:
    """``Prepared(lambda night, status: Model.objects....filter(night_id=night, status=status))``;
    calling it with the values returns the list the queryset would give
    (model instances, or ``values_list``/``values`` rows with the ORM's
    converters). Each value is text or an integer, or a list of them for
    ``__in`` (compiled once per length). The query is compiled twice with
    two sets of marks, each value's where the other has another; a
    parameter is a value's where both have that value's mark, and the rest
    must be the same (a query that changes a value, as ``__icontains`` does,
    is refused). ``mark``: for a query of one value, the
    first compile's mark in place of the one made from the value's type."""

    def __init__(self, build, using: str = "default", mark=None):
        self.build, self.using, self.mark = build, using, mark

    def _marks(self, values, second: bool) -> list:
        if self.mark is not None and not second:
            if len(values) != 1 or isinstance(values[0], LISTS):
                raise TypeError("Prepared: mark= is for a query of one value that is not a list")
            return [self.mark]
        marks, n = [], 0
        for value in values:
            if isinstance(value, LISTS):
                marks.append([_mark(item, n + i, second) for i, item in enumerate(value)])
                n += len(value)
            else:
                marks.append(_mark(value, n, second))
                n += 1
        return marks

    def _compile(self, connection, values):
        compiled = []
        for second in (False, True):
            marks = self._marks(values, second)
            queryset = self.build(*marks)
            compiler = queryset.query.get_compiler(connection=connection)
            try:
                compiled.append((marks, queryset, compiler, *compiler.as_sql()))
            except EmptyResultSet:
                compiled.append(None)
        if compiled[0] is None or compiled[1] is None:
            if compiled[0] is compiled[1]:
                return EMPTY
            raise ValueError("the prepared query is empty for some values only")
        (marks, _qs, _c, sql, params), (other_marks, queryset, compiler, other_sql, other_params) = compiled
        if sql != other_sql or len(params) != len(other_params):
            raise ValueError("the prepared query's SQL depends on its values")
        at, used = [], set()  # (parameter's position, value's index, item's index or None, wrapper)
        for i, (mark, other) in enumerate(zip(marks, other_marks)):
            items = zip(mark, other) if isinstance(mark, list) else [(mark, other)]
            for j, (a, b) in enumerate(items):
                found = [k for k, (p, q) in enumerate(zip(params, other_params))
                         if p == a and q == b and isinstance(p, type(a)) and isinstance(q, type(b))]
                if not found:
                    raise ValueError(f"the prepared query does not use its value {i}"
                                     + (f" item {j}" if isinstance(mark, list) else "") + " as given")
                # as the backend wraps it (psycopg's Int2 for a small integer field on PostgreSQL)
                at += [(k, i, j if isinstance(mark, list) else None,
                        None if type(other_params[k]) is type(b) else type(other_params[k])) for k in found]
                used.update(found)
        if any(p != q for k, (p, q) in enumerate(zip(params, other_params)) if k not in used):
            raise ValueError("the prepared query changes a value before it reaches the SQL")
        iterable = queryset._iterable_class
        fields = [s[0] for s in compiler.select[0:compiler.col_count]]
        converters = compiler.get_converters(fields)
        trim = compiler.col_count if compiler.has_extra_select else None
        if compiler.has_composite_fields(fields):
            raise TypeError("Prepared: a query selecting a composite primary key is not supported")
        if iterable is ModelIterable:
            klass_info, select = compiler.klass_info, compiler.select
            cols = klass_info["select_fields"]
            start, end = cols[0], cols[-1] + 1
            init_list = [f[0].target.attname for f in select[start:end]]
            populators = get_related_populators(klass_info, select, self.using)
            model, annotations = klass_info["model"], list((compiler.annotation_col_map or {}).items())

            def build(rows):
                out = []
                for row in rows:
                    obj = model.from_db(self.using, init_list, row[start:end])
                    for populator in populators:
                        populator.populate(row, obj)
                    for name, col in annotations:
                        setattr(obj, name, row[col])
                    out.append(obj)
                return out
        elif iterable is ValuesListIterable:
            build = lambda rows: list(map(tuple, rows))  # noqa: E731
        elif iterable is FlatValuesListIterable:
            build = lambda rows: [row[0] for row in rows]  # noqa: E731
        elif iterable is NamedValuesListIterable:
            query = queryset.query
            names = queryset._fields or [*query.extra_select, *query.values_select, *query.annotation_select]
            tuple_class = create_namedtuple_class(*names)
            build = lambda rows: [tuple.__new__(tuple_class, row) for row in rows]  # noqa: E731
        elif iterable is ValuesIterable:
            query = queryset.query
            names = list(query.selected) if query.selected else [
                *query.extra_select, *query.values_select, *query.annotation_select]
            build = lambda rows: [dict(zip(names, row)) for row in rows]  # noqa: E731
        else:
            raise TypeError(f"Prepared: {iterable.__name__} rows are not supported (model instances, "
                            "values() or values_list() only)")
        return sql, list(other_params), at, compiler, converters, trim, build

    def __call__(self, *values) -> list:
        connection = connections[self.using]  # each thread's own; what is compiled for it lives and dies with it
        try:
            kept = connection.__dict__["_prepared_queries"][self]
        except KeyError:
            kept = connection.__dict__.setdefault("_prepared_queries", {}).setdefault(self, {})
        shape = tuple([len(v) if isinstance(v, LISTS) else -1 for v in values])  # a list compiles once per length
        compiled = kept.get(shape)
        if compiled is None:
            compiled = kept[shape] = self._compile(connection, values)
        if compiled is EMPTY:
            return []
        sql, params, at, compiler, converters, trim, build = compiled
        if shape != (-1,):  # a set's items, in the order its marks were given
            values = [list(v) if isinstance(v, (set, frozenset)) else v for v in values]
        params = params.copy()
        for k, i, j, wrap in at:
            value = values[i] if j is None else values[i][j]
            params[k] = value if wrap is None else wrap(value)
        with connection.cursor() as cursor:
            cursor.execute(sql, params)
            rows = cursor.fetchall()
        if trim is not None:
            rows = [row[:trim] for row in rows]
        if converters:
            rows = compiler.apply_converters(rows, converters)
        return build(rows)
