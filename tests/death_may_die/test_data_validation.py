"""Bad map and card data is refused when it loads, in one line naming the file, the space or card,
and the field, never later in play (a KeyError at set-up, a run that moves in place)."""

import copy
import shutil

import pytest

from toolkit.data import DATA_VARIABLE, DataError, data_root, load_yaml
from toolkit.death_may_die.board import Board, MapError, load_board, map_path
from toolkit.death_may_die.cards import catalog
from toolkit.death_may_die.rules import DeathMayDieState


@pytest.fixture(scope="module")
def document():
    return load_yaml(map_path("drowned_chapel"))


def _space(document, space_id):
    return next(s for t in document["tiles"] for s in t["spaces"] if s["id"] == space_id)


def refused(document, match):
    with pytest.raises(MapError, match=match) as caught:
        Board(document, "broken.yaml")
    assert "\n" not in str(caught.value) and str(caught.value).startswith("broken.yaml")


def test_an_arrow_to_its_own_space_is_refused(document):
    broken = copy.deepcopy(document)
    _space(broken, "dock")["arrows"].append("dock")
    refused(broken, r"space 'dock', field 'arrows': an arrow to itself joins nothing")


def test_a_connector_joining_a_space_to_itself_is_refused(document):
    broken = copy.deepcopy(document)
    broken["connectors"].append({"kind": "staircase", "spaces": ["nave", "nave"]})
    refused(broken, r"space 'nave', field 'connectors\[2\].spaces': staircase #3 joins")


def test_a_space_without_an_id_is_refused(document):
    broken = copy.deepcopy(document)
    del broken["tiles"][1]["spaces"][2]["id"]
    refused(broken, r"field 'tiles\[1\].spaces\[2\].id': a space on tile 'chapel' needs an id")


@pytest.mark.parametrize("tokens", [-1, 1.5, "two", True])
def test_a_fire_count_that_is_not_a_whole_number_0_or_more_is_refused(document, tokens):
    broken = copy.deepcopy(document)
    broken["fire"] = {"warehouse": tokens}
    refused(broken, r"space 'warehouse', field 'fire': fire must be a whole number 0 or more")


def test_spaces_that_are_not_a_list_are_refused(document):
    broken = copy.deepcopy(document)
    broken["tiles"][0]["spaces"] = 3
    refused(broken, r"field 'tiles\[0\].spaces': expected a list, got 3")


def data_copy(tmp_path, monkeypatch, change):
    """A copy of the data folder with one file changed by `change(folder)`, the caches
    cleared so it is read afresh (and again after the test)."""
    folder = tmp_path / "data"
    shutil.copytree(data_root(), folder)
    change(folder / "death_may_die")
    monkeypatch.setenv(DATA_VARIABLE, str(folder))
    catalog.cache_clear()
    load_board.cache_clear()
    return folder / "death_may_die"


@pytest.fixture
def fresh_caches():
    yield
    catalog.cache_clear()
    load_board.cache_clear()


def _rewrite(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_an_unknown_enemy_on_the_map_is_refused_at_load(tmp_path, monkeypatch, fresh_caches):
    def change(folder):
        _rewrite(folder / "maps" / "drowned_chapel.yaml", "{enemy: cultist, space: ossuary}",
                 "{enemy: shoggoth, space: ossuary}")  # fmt: skip

    folder = data_copy(tmp_path, monkeypatch, change)
    with pytest.raises(DataError) as caught:
        catalog()
    assert str(caught.value) == (
        f"{folder / 'maps' / 'drowned_chapel.yaml'}: space 'ossuary', field 'enemies[1].enemy': "
        "unknown enemy 'shoggoth'"
    )


@pytest.mark.parametrize("file", ["discovery.yaml", "insanity.yaml"])
def test_an_empty_deck_is_refused_at_load(tmp_path, monkeypatch, fresh_caches, file):
    def change(folder):
        (folder / file).write_text("cards: []\n")

    folder = data_copy(tmp_path, monkeypatch, change)
    with pytest.raises(DataError, match=r"field 'cards': the (Discovery|Insanity) deck needs") as e:
        catalog()
    assert str(e.value).startswith(str(folder / file))


def test_too_few_insanity_cards_for_a_full_table_are_refused(tmp_path, monkeypatch, fresh_caches):
    def change(folder):
        path = folder / "insanity.yaml"
        lines = path.read_text().splitlines()
        path.write_text("\n".join(line for line in lines if "pyromania" not in line) + "\n")

    data_copy(tmp_path, monkeypatch, change)
    with pytest.raises(DataError, match="needs a card for each of 4 investigators, has 3"):
        catalog()


def test_an_empty_team_is_refused_not_replaced_by_the_default():
    with pytest.raises(ValueError, match=r"one investigator each \(got 2, \[\]\)"):
        DeathMayDieState(players=2, investigators=[])


@pytest.mark.parametrize(("teams", "problem"), [
    ("[[sailor, nobody]]", "field 'teams[0]': unknown investigator 'nobody'"),
    ("[[sailor, sailor]]", "field 'teams[0]': an investigator can be in a team once"),
    ("[[sailor, priest], [boxer, scholar]]",
     "field 'teams[1]': a second team of 2: one team a table size"),
    ("[[]]", "field 'teams[0]': a team is 1 to 4 investigators, not 0"),
])  # fmt: skip
def test_an_episode_team_that_cannot_be_dealt_is_refused_at_load(
    tmp_path, monkeypatch, fresh_caches, teams, problem
):
    def change(folder):
        _rewrite(folder / "episodes.yaml", "teams: [[sailor, priest]]", f"teams: {teams}")

    folder = data_copy(tmp_path, monkeypatch, change)
    with pytest.raises(DataError) as caught:
        catalog()
    assert str(caught.value) == f"{folder / 'episodes.yaml'}: card 'high_tide', {problem}"


def test_an_effect_for_a_table_size_the_game_has_not_is_refused_at_load(
    tmp_path, monkeypatch, fresh_caches
):
    def change(folder):
        _rewrite(folder / "episodes.yaml", "players: [1, 2, 3]", "players: [1, 5]")

    folder = data_copy(tmp_path, monkeypatch, change)
    with pytest.raises(DataError) as caught:
        catalog()
    message = str(caught.value)
    assert message.startswith(f"{folder / 'episodes.yaml'}: card 'high_tide', field ")
    assert "advance[0].players[1]': expected one of 1, 2, 3, 4, got 5" in message
