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
        for tile in document["tiles"]:
            for raw in tile.get("spaces", []):
                space_id = raw.get("id")
                if space_id in self.spaces:
                    raise MapError(path, "duplicate space id", space=space_id, field="id")
                self.spaces[space_id] = Space(
                    space_id,
                    raw.get("name", space_id),
                    tile["id"],
                    raw.get("x", 0),
                    raw.get("y", 0),
                )
                arrows[space_id] = list(raw.get("arrows", []))
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
        for index, connector in enumerate(document.get("connectors", [])):
            kind, ends = connector.get("kind"), connector.get("spaces", [])
            if kind not in CONNECTOR_KINDS:
                raise MapError(path, f"connector #{index + 1} kind must be staircase or tunnel")
            if len(ends) != 2 or any(end not in self.spaces for end in ends):
                raise MapError(path, f"{kind} #{index + 1} must join two known spaces, got {ends}")
            graph.add_edge(ends[0], ends[1], kind=kind)
        self.graph = graph
        self.gates: dict[str, str] = {}
        for colour in GATE_COLOURS:
            space = document["gates"].get(colour)
            if space is None:
                raise MapError(path, f"missing gate: no {colour} gate", field="gates")
            self._known(space, f"gates.{colour}")
            self.gates[colour] = space
        self.start = self._known(document["start"], "start")
        unreachable = sorted(set(self.spaces) - nx.node_connected_component(graph, self.start))
        if unreachable:
            raise MapError(path, "unreachable space: no path from the start", space=unreachable[0])
        self.fire = {self._known(s, "fire"): int(n) for s, n in document.get("fire", {}).items()}
        self.spawns = [
            (spawn["enemy"], self._known(spawn["space"], "enemies"))
            for spawn in document.get("enemies", [])
        ]
        self.tokens = {
            kind: [self._known(s, f"tokens.{kind}") for s in spaces]
            for kind, spaces in document.get("tokens", {}).items()
        }
        self.distance = dict(nx.all_pairs_shortest_path_length(graph))

    def _known(self, space: str, field: str) -> str:
        if space not in self.spaces:
            raise MapError(self.path, f"unknown space {space!r}", field=field)
        return space

    def __repr__(self) -> str:
        return (
            f"Board({self.id!r}, {len(self.spaces)} spaces, {self.graph.number_of_edges()} links)"
        )

    def _repr_html_(self) -> str:
        from toolkit.death_may_die.display import board_svg

        return board_svg(self)

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


def map_path(map_id: str) -> Path:
    return data_root() / "death_may_die" / "maps" / f"{map_id}.yaml"


@cache
def load_board(map_id: str) -> Board:
    path = map_path(map_id)
    return Board(load_yaml(path), path)
