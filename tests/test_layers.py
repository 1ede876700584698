"""The layers as a contract, read from the import graph (grimp parses every
import, those inside functions too; nothing is imported to read it).

- ``scoring`` is pure: it imports nothing of ``league``, ``api`` or ``config``.
- No import cycle among league's modules.
- ``LAYERS``, from the top down: a module of a layer imports only its own
  layer and the layers below (``EXCEPTIONS`` names every arrow still up).
- A game's folder (``league/games/<kind>/``) is imported only inside
  ``league/games/``: other code asks the registry (``league.games``) or the
  kind it is handed; the kinds are loaded from ``settings.CLUBTALLY_GAME_KINDS``.
- No function-local import in ``league/games/``: a kind imports the generic
  layers at module level.
"""
import ast
from pathlib import Path

import grimp
import pytest

import league

ROOT = Path(__file__).resolve().parents[1]
KINDS = ("league.games.pinochle", "league.games.cribbage", "league.games.rummy")
LAYERS = (
    "league.views",
    "league.pdf",
    "league.forms",
    "league.selectors",
    "league.services",
    "league.models",
)
"""From the top down: views render what the pdf, forms, selectors and services
give them; pdf draws what selectors read; forms offer what selectors list;
selectors read the models (and the services' pure helpers: figures, ratings);
services write the models."""
EXCEPTIONS = {
    # An event's services read its stages' state through the event selectors
    # (league/services/tournaments.py): the events' own modules, worked on apart.
    ("league.services.tournaments", "league.selectors.tournaments"),
}
"""Arrows that still run up a layer, each named with why; none other is allowed."""


@pytest.fixture(scope="module")
def graph():
    assert Path(league.__file__).resolve().parent == ROOT / "league"  # this checkout's code is read
    return grimp.build_graph("league", "scoring", "api", "config")


def _league_modules(graph):
    return sorted(m for m in graph.modules if m == "league" or m.startswith("league."))


def _cycles(graph, modules) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan, iteratively)."""
    inside = set(modules)
    edges = {m: sorted(n for n in graph.find_modules_directly_imported_by(m) if n in inside) for m in modules}
    index, low, on_stack, stack, found, counter = {}, {}, set(), [], [], 0
    for root in modules:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(edges[child])))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def _layer_of(module: str) -> int | None:
    for i, layer in enumerate(LAYERS):
        if module == layer or module.startswith(layer + "."):
            return i
    return None


def _arrows_up(graph) -> set[tuple[str, str]]:
    up = set()
    for importer in _league_modules(graph):
        here = _layer_of(importer)
        if here is None:
            continue
        for imported in graph.find_modules_directly_imported_by(importer):
            there = _layer_of(imported)
            if there is not None and there < here:  # a layer nearer the top
                up.add((importer, imported))
    return up


def test_scoring_imports_nothing_of_the_site(graph):
    found = [(m, n) for m in graph.modules if m == "scoring" or m.startswith("scoring.")
             for n in graph.find_modules_directly_imported_by(m) if n.split(".")[0] in ("league", "api", "config")]
    assert found == []


def test_no_import_cycle_among_league_modules(graph):
    assert _cycles(graph, _league_modules(graph)) == []


def test_each_layer_imports_only_the_layers_below(graph):
    assert sorted(_arrows_up(graph) - EXCEPTIONS) == []


def test_every_named_exception_is_still_an_arrow_up(graph):
    """An exception fixed is struck from the list: the list never hides a new arrow."""
    assert sorted(EXCEPTIONS - _arrows_up(graph)) == []


def test_a_game_folder_is_imported_only_inside_league_games(graph):
    found = sorted((importer, imported) for imported in graph.modules if imported.startswith(KINDS)
                   for importer in graph.find_modules_that_directly_import(imported)
                   if importer.startswith("league") and not importer.startswith("league.games."))
    assert found == []


def test_no_function_local_import_in_league_games():
    found = []
    for path in sorted((ROOT / "league" / "games").rglob("*.py")):
        tree = ast.parse(path.read_text())
        top = set(map(id, tree.body))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)) and id(node) not in top:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_the_checks_catch_what_they_forbid():
    """The helpers find a cycle, an arrow up and a kind folder imported from outside."""

    class Graph:
        modules = {"league.a", "league.b", "league.views.x", "league.models.y", "league.games.cribbage.kind"}
        arrows = {"league.a": {"league.b"}, "league.b": {"league.a"}, "league.models.y": {"league.views.x"},
                  "league.views.x": {"league.games.cribbage.kind"}}

        def find_modules_directly_imported_by(self, m):
            return self.arrows.get(m, set())

        def find_modules_that_directly_import(self, m):
            return {a for a, bs in self.arrows.items() if m in bs}

    g = Graph()
    assert _cycles(g, sorted(g.modules)) == [["league.a", "league.b"]]
    assert _arrows_up(g) == {("league.models.y", "league.views.x")}
    with pytest.raises(AssertionError):
        test_a_game_folder_is_imported_only_inside_league_games(g)
