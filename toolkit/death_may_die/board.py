"""Episode maps as networkx graphs: loading, validation, movement, pursuit and distances.

A map file lists tiles and their spaces. Each space lists the neighbours its edge arrows point at; a
passage exists only where both spaces point at each other. A one-sided arrow is printed on real
tiles (the rulebook's "arrows on both sides" rule implies them) and simply joins nothing; an arrow
to a space that does not exist is an error (a dangling passage). Staircase and tunnel tokens join
two spaces directly. Every map has a red, a yellow and a blue gate and a start space, and every
space must be reachable from the start.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import networkx as nx

from toolkit.data import DataError, data_root, load_yaml
from toolkit.state import display_html

GATE_COLOURS = ("red", "yellow", "blue")
CONNECTOR_KINDS = ("staircase", "tunnel")


class MapError(DataError):
    """A map file that breaks a map rule; names the file, the space and the field."""

    def __init__(self, file, problem: str, space: str | None = None, field: str | None = None):
        ValueError.__init__(self)
        self.file, self.card, self.field, self.problem = str(file), space, field, problem
        where = str(file)
        if space is not None:
            where += f": space {space!r}"
        if field is not None:
            where += f", field {field!r}"
        self.args = (f"{where}: {problem}",)


@dataclass(frozen=True)
class Space:
    id: str
    name: str
    tile: str
    x: float
    y: float


class Board:
    """One validated map: the graph plus gates, start, starting fire, spawns and episode tokens."""

    def __init__(self, document: dict, path: str | Path = "<map>"):
        self.path = str(path)
        if not isinstance(document, dict):
            raise MapError(path, "expected a mapping")
        for key in ("id", "name", "source", "tiles", "gates", "start"):
            if key not in document:
                raise MapError(path, f"missing required field {key!r}")
        self.id, self.name, self.source = document["id"], document["name"], document["source"]
        if self.source not in ("rulebook", "constructed"):
            raise MapError(path, "source must be 'rulebook' or 'constructed'", field="source")
        self.spaces: dict[str, Space] = {}
        arrows: dict[str, list[str]] = {}
        tiles = _listed(path, document["tiles"], "tiles")
        for t, tile in enumerate(tiles):
            if not isinstance(tile, dict) or not isinstance(tile.get("id"), str):
                raise MapError(path, "a tile needs an id", field=f"tiles[{t}].id")
            raw_spaces = _listed(path, tile.get("spaces", []), f"tiles[{t}].spaces")
            for j, raw in enumerate(raw_spaces):
                where = f"tiles[{t}].spaces[{j}]"
                space_id = raw.get("id") if isinstance(raw, dict) else None
                if not isinstance(space_id, str) or not space_id:
                    raise MapError(
                        path, f"a space on tile {tile['id']!r} needs an id", field=f"{where}.id"
                    )
                if space_id in self.spaces:
                    raise MapError(path, "duplicate space id", space=space_id, field="id")
                self.spaces[space_id] = Space(
                    space_id,
                    raw.get("name", space_id),
                    tile["id"],
                    raw.get("x", 0),
                    raw.get("y", 0),
                )
                targets = _listed(path, raw.get("arrows", []), "arrows", space_id)
                if space_id in targets:
                    raise MapError(
                        path, "an arrow to itself joins nothing", space=space_id, field="arrows"
                    )
                arrows[space_id] = list(targets)
        graph = nx.Graph()
        for space in self.spaces.values():
            graph.add_node(space.id, name=space.name, tile=space.tile, x=space.x, y=space.y)
        for space_id, targets in arrows.items():
            for target in targets:
                if target not in self.spaces:
                    raise MapError(
                        path,
                        f"dangling passage: arrow to unknown space {target!r}",
                        space=space_id,
                        field="arrows",
                    )
                if space_id in arrows[target]:
                    graph.add_edge(space_id, target, kind="passage")
        for index, connector in enumerate(
            _listed(path, document.get("connectors", []), "connectors")
        ):
            if not isinstance(connector, dict):
                raise MapError(path, "expected a mapping", field=f"connectors[{index}]")
            kind, ends = connector.get("kind"), connector.get("spaces", [])
            if kind not in CONNECTOR_KINDS:
                raise MapError(path, f"connector #{index + 1} kind must be staircase or tunnel")
            if (
                not isinstance(ends, list)
                or len(ends) != 2
                or any(not isinstance(end, str) or end not in self.spaces for end in ends)
            ):
                raise MapError(path, f"{kind} #{index + 1} must join two known spaces, got {ends}")
            if ends[0] == ends[1]:
                raise MapError(
                    path,
                    f"{kind} #{index + 1} joins the space to itself",
                    space=ends[0],
                    field=f"connectors[{index}].spaces",
                )
            graph.add_edge(ends[0], ends[1], kind=kind)
        self.graph = graph
        self.gates: dict[str, str] = {}
        for colour in GATE_COLOURS:
            space = _mapping(path, document["gates"], "gates").get(colour)
            if space is None:
                raise MapError(path, f"missing gate: no {colour} gate", field="gates")
            self._known(space, f"gates.{colour}")
            self.gates[colour] = space
        self.start = self._known(document["start"], "start")
        unreachable = sorted(set(self.spaces) - nx.node_connected_component(graph, self.start))
        if unreachable:
            raise MapError(path, "unreachable space: no path from the start", space=unreachable[0])
        self.fire = {}
        for space, tokens in _mapping(path, document.get("fire", {}), "fire").items():
            if not isinstance(tokens, int) or isinstance(tokens, bool) or tokens < 0:
                raise MapError(
                    path, f"fire must be a whole number 0 or more, got {tokens!r}", space, "fire"
                )
            self.fire[self._known(space, "fire")] = tokens
        self.spawns = []
        for index, spawn in enumerate(_listed(path, document.get("enemies", []), "enemies")):
            if not isinstance(spawn, dict) or not isinstance(spawn.get("enemy"), str):
                raise MapError(path, "an enemy needs its kind", field=f"enemies[{index}].enemy")
            self.spawns.append((spawn["enemy"], self._known(spawn.get("space"), "enemies")))
        self.tokens = {
            kind: [
                self._known(s, f"tokens.{kind}") for s in _listed(path, spaces, f"tokens.{kind}")
            ]
            for kind, spaces in _mapping(path, document.get("tokens", {}), "tokens").items()
        }
        self.distance = dict(nx.all_pairs_shortest_path_length(graph))

    def _known(self, space: str, field: str) -> str:
        if not isinstance(space, str) or space not in self.spaces:
            raise MapError(self.path, f"unknown space {space!r}", field=field)
        return space

    def __repr__(self) -> str:
        return (
            f"Board({self.id!r}, {len(self.spaces)} spaces, {self.graph.number_of_edges()} links)"
        )

    def _repr_html_(self) -> str:
        return display_html(self, "board_svg")

    def tokens_by_space(self) -> dict[str, list[str]]:
        result: dict[str, list[str]] = {}
        for kind, spaces in self.tokens.items():
            for space in spaces:
                result.setdefault(space, []).append(kind)
        return result

    # -- movement -------------------------------------------------------------------------------
    def neighbours(self, space: str) -> list[str]:
        return sorted(self.graph.neighbors(space))

    def link_kind(self, a: str, b: str) -> str:
        return self.graph.edges[a, b]["kind"]

    def distance_map(self, source: str) -> dict[str, int]:
        """Steps from `source` to every space."""
        return dict(self.distance[source])

    def steps_toward(self, source: str, target: str) -> list[str]:
        """The neighbours of `source` that lie on a shortest path to `target` (ties: player picks)."""
        if source == target:
            return []
        goal = self.distance[target][source] - 1
        return [n for n in self.neighbours(source) if self.distance[target][n] == goal]

    def shortest_paths(self, source: str, target: str) -> list[list[str]]:
        return sorted(nx.all_shortest_paths(self.graph, source, target))


def _listed(path, value, field: str, space: str | None = None) -> list:
    """`value` if it is a list, else a MapError naming the field (``spaces: 3``)."""
    if not isinstance(value, list):
        raise MapError(path, f"expected a list, got {value!r}", space=space, field=field)
    return value


def _mapping(path, value, field: str) -> dict:
    if not isinstance(value, dict):
        raise MapError(path, f"expected a mapping, got {value!r}", field=field)
    return value


def map_path(map_id: str) -> Path:
    return data_root() / "death_may_die" / "maps" / f"{map_id}.yaml"


@cache
def load_board(map_id: str) -> Board:
    path = map_path(map_id)
    return Board(load_yaml(path), path)
