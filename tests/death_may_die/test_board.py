"""Maps: loading, the validation errors, movement, pursuit and distances."""

import copy

import pytest

from toolkit.data import load_yaml
from toolkit.death_may_die.board import Board, MapError, load_board, map_path
from toolkit.death_may_die.display import board_svg


@pytest.fixture(scope="module")
def document():
    return load_yaml(map_path("drowned_chapel"))


def _space(document, space_id):
    return next(s for t in document["tiles"] for s in t["spaces"] if s["id"] == space_id)


def test_sample_map_loads_as_a_graph():
    board = load_board("drowned_chapel")
    assert len(board.spaces) == 16
    assert board.gates == {"red": "altar", "yellow": "tomb", "blue": "shore"}
    assert board.start == "dock"
    assert board.link_kind("altar", "crypt") == "staircase"
    assert board.link_kind("well", "cellar") == "tunnel"
    assert board.link_kind("dock", "pier") == "passage"
    assert board.source == "constructed"


def test_a_one_sided_arrow_joins_nothing(document):
    """Moving needs arrows on both sides pointing at each other, so a tile may print an arrow with
    none facing it: the loader used to refuse such a map; now the arrow makes no passage."""
    assert "vestry" in _space(document, "boathouse")["arrows"]  # the sample map prints one
    assert "boathouse" not in _space(document, "vestry")["arrows"]
    board = Board(document, "sample.yaml")
    assert "vestry" not in board.neighbours("boathouse")
    assert "boathouse" not in board.neighbours("vestry")
    assert board.distance["boathouse"]["vestry"] == 3  # round by the warehouse and the nave


def test_arrow_to_nowhere_is_a_dangling_passage(document):
    broken = copy.deepcopy(document)
    _space(broken, "dock")["arrows"].append("lighthouse_top")
    with pytest.raises(
        MapError, match=r"broken.yaml: space 'dock'.*unknown space 'lighthouse_top'"
    ):
        Board(broken, "broken.yaml")


def test_missing_gate(document):
    broken = copy.deepcopy(document)
    del broken["gates"]["yellow"]
    with pytest.raises(MapError, match=r"field 'gates': missing gate: no yellow gate"):
        Board(broken, "broken.yaml")


def test_unreachable_space(document):
    broken = copy.deepcopy(document)
    broken["tiles"][0]["spaces"].append({"id": "island", "name": "Island", "x": 4, "y": 0})
    with pytest.raises(MapError, match=r"space 'island': unreachable space"):
        Board(broken, "broken.yaml")


def test_connector_must_join_known_spaces(document):
    broken = copy.deepcopy(document)
    broken["connectors"].append({"kind": "tunnel", "spaces": ["dock", "moon"]})
    with pytest.raises(MapError, match="tunnel #3 must join two known spaces"):
        Board(broken, "broken.yaml")


def test_distances_and_runs():
    board = load_board("drowned_chapel")
    distances = board.distance_map("dock")
    assert distances["dock"] == 0 and distances["nave"] == 2 and distances["shore"] == 5
    assert distances["crypt"] == 3  # down the pier, not over the staircase (4)
    assert board.steps_toward("cellar", "well") == ["well"]  # the tunnel


def test_shortest_path_ties_are_offered():
    board = load_board("drowned_chapel")
    assert board.steps_toward("ossuary", "tomb") == ["crypt", "well"]
    assert board.shortest_paths("ossuary", "tomb") == [
        ["ossuary", "crypt", "tomb"],
        ["ossuary", "well", "tomb"],
    ]


def test_map_drawing_is_svg_with_every_space():
    board = load_board("drowned_chapel")
    svg = board_svg(board, figures={"dock": [("Rosa", "#f00")]})
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    for space in board.spaces.values():
        assert f'data-space="{space.id}"' in svg
    assert "red gate" in svg and "staircase" in svg and "tunnel" in svg and "fire 1" in svg
