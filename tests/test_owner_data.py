"""The card owner's path, tried for real: a copy of the data folder, named by DEATH_TOOLKIT_DATA,
with a mistake typed in, refused by the command line in one line naming the file, the card and the
field (exit 2, no traceback); and a copy with legal new numbers, which the games then follow."""

from __future__ import annotations

import copy
import json
import os
import shutil
import subprocess
import sys

import pytest
import yaml
from _paths import DATA, ROOT

from toolkit.data import DATA_VARIABLE, DataError, data_root

ODDS = {  # a quick `odds` command of each game, which loads the game's cards
    "epic_death": "odds epic-death --difficulty trivial --victories 4",
    "tpk": "odds tpk --samples 5",
    "how_i_died": "odds how-i-died --hand spied-on",
    "death_may_die": "odds death-may-die",
    "to_the_death": "simulate to-the-death --games 1 --json",  # loads every card file
}


@pytest.fixture
def owner_data(tmp_path):
    """A copy of the data folder, as an owner would make before typing in their cards."""
    folder = tmp_path / "my-cards"
    shutil.copytree(DATA, folder, ignore=shutil.ignore_patterns("studies"))
    return folder


def edit(folder, game: str, file: str, change) -> None:
    """Load one YAML file of the copy, let `change` edit it in place, write it back."""
    path = folder / game / file
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    change(document)
    path.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")


def toolkit(folder, command: str) -> subprocess.CompletedProcess:
    """``death-toolkit COMMAND`` in a child process reading its cards from `folder`."""
    return subprocess.run(
        [sys.executable, "-m", "toolkit", *command.split()],
        env={**os.environ, DATA_VARIABLE: str(folder)},
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def test_the_data_folder_is_the_one_the_environment_names(monkeypatch, tmp_path):
    monkeypatch.setenv(DATA_VARIABLE, str(tmp_path))
    assert data_root() == tmp_path
    monkeypatch.setenv(DATA_VARIABLE, str(tmp_path / "nowhere"))
    with pytest.raises(DataError, match="nowhere.*no such folder"):
        data_root()
    monkeypatch.delenv(DATA_VARIABLE)
    assert data_root() == DATA.resolve()


def set_field(field, value, key="cards"):
    def change(document):
        document[key][0][field] = value

    return change


def drop_field(field, key="cards"):
    def change(document):
        del document[key][0][field]

    return change


def duplicate_first(document):
    document["cards"].append(copy.deepcopy(document["cards"][0]))


MYTHOS = yaml.safe_load((DATA / "death_may_die" / "mythos.yaml").read_text(encoding="utf-8"))
FIRST_MYTHOS = MYTHOS["cards"][0]["id"]
MISTAKES = {  # (game, file, change, the card and field the message must name)
    "tpk missing field": ("tpk", "equipment.yaml", drop_field("uses"), "taric-sword", "uses"),
    "tpk wrong type": ("tpk", "levels.yaml", set_field("draw", "3"), "level-1", "draw"),
    "tpk unknown field": ("tpk", "threats.yaml", set_field("colour", 1), "small-monster", "colour"),
    "tpk duplicate id": ("tpk", "threats.yaml", duplicate_first, "small-monster", "id"),
    "tpk unknown card": (
        "tpk", "amulets.yaml", set_field("replaces", "nothing"), "amulet-galen", "replaces"
    ),
    "how I died missing field": (
        "how_i_died", "adventures.yaml", drop_field("glory"), "spied-on", "glory"
    ),
    "how I died negative copies": (
        "how_i_died", "adventures.yaml", set_field("copies", -1), "spied-on", "copies"
    ),
    "how I died unknown effect": (
        "how_i_died", "adventures.yaml", set_field("effect", "nope"), "spied-on", "effect"
    ),
    "how I died unknown requirement": (
        "how_i_died", "achievements.yaml", set_field("requirement", "x"), "the-reckless",
        "requirement",
    ),
    "epic death wrong type": (
        "epic_death", "quests.yaml", set_field("victories", "four"), "q-polite-rats", "victories"
    ),
    "death may die duplicate id": (
        "death_may_die", "enemies.yaml", duplicate_first, "cultist", "id"
    ),
    "to the death unknown monster": (
        "to_the_death", "challenges.yaml", set_field("king", "nobody"), "against-the-summoner",
        "king",
    ),
    "death may die rules missing": (
        "death_may_die", "rules.yaml", lambda d: d.pop("max_stress"), "rules", "max_stress"
    ),
    "death may die rules wrong type": (
        "death_may_die", "rules.yaml", lambda d: d["summoning"].update(spaces="8"), "rules",
        "summoning.spaces",
    ),
    "death may die rules unknown field": (
        "death_may_die", "rules.yaml", lambda d: d["sanity"].update(lenght=3), "rules",
        "sanity.lenght",
    ),
    "death may die rules red track": (
        "death_may_die", "rules.yaml", lambda d: d["sanity"].update(red=[5, 9]), "rules", "sanity"
    ),
    "death may die nested effect": (
        "death_may_die", "mythos.yaml", lambda d: d["cards"][0]["effects"][0].update(amount="2"),
        FIRST_MYTHOS, "effects[0].amount",
    ),
    "epic death negative FAIL seal": (
        "epic_death", "quests.yaml", set_field("fail", -150), "q-polite-rats", "fail"
    ),
    "to the death negative armor": (
        "to_the_death", "heroes.yaml", set_field("armor", -4), "fisherman", "armor"
    ),
    "tpk negative draw": ("tpk", "levels.yaml", set_field("draw", -1), "level-1", "draw"),
    "how I died negative glory": (
        "how_i_died", "adventures.yaml", set_field("glory", -5), "spied-on", "glory"
    ),
    "death may die negative health": (
        "death_may_die", "enemies.yaml", set_field("health", -2), "cultist", "health"
    ),
}  # fmt: skip


@pytest.mark.timeout(300)
@pytest.mark.parametrize("mistake", list(MISTAKES), ids=list(MISTAKES))
def test_a_mistake_in_an_owners_cards_is_one_line_naming_file_card_and_field(owner_data, mistake):
    game, file, change, card, field = MISTAKES[mistake]
    edit(owner_data, game, file, change)
    run = toolkit(owner_data, ODDS[game])
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr
    assert str(owner_data / game / file) in run.stderr
    assert f"card {card!r}" in run.stderr and f"field {field!r}" in run.stderr, run.stderr


def odds_json(folder, command: str) -> dict:
    run = toolkit(folder, command + " --json")
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


@pytest.mark.timeout(300)
def test_the_odds_follow_an_owners_legal_numbers(owner_data):
    """A Death May Die die face and a TPK level's draw changed in the copy change the answers."""
    command = "odds death-may-die --black 1"
    assert odds_json(owner_data, command)["p_at_least"] == "1/2"
    edit(
        owner_data,
        "death_may_die",
        "dice.yaml",
        lambda d: d["dice"][0].update(
            faces=["success", "success", "success", "tentacle", "elder", "success+tentacle"]
        ),
    )
    assert odds_json(owner_data, command)["p_at_least"] == "2/3"

    command = "odds tpk --exact --characters brin,taric"
    before = odds_json(owner_data, command)["clearable"]
    edit(owner_data, "tpk", "levels.yaml", set_field("draw", 5))
    assert odds_json(owner_data, command)["clearable"] != before


def champion_one(document):
    """The 0 of Champions replaced by a 1, as an owner's real cards might hold."""
    card = document["cards"][0]
    assert card["id"] == "champion:0"
    card.update(id="champion:1", name="1 of Champions", value=1)


@pytest.mark.timeout(300)
def test_an_arsenal_of_another_composition_loads_and_plays(owner_data):
    edit(owner_data, "to_the_death", "arsenal.yaml", champion_one)
    command = "odds to-the-death --weapon 0 --armor 1 --seen champion:1"
    assert odds_json(owner_data, command)["p_hit"] == "28/31"  # misses on the three 0s left
    run = toolkit(owner_data, "odds to-the-death --weapon 0 --armor 1 --seen champion:0")
    assert run.returncode == 2 and "champion values are 1-8" in run.stderr, run.stderr
    assert "values 0-8" in toolkit(owner_data, "odds to-the-death --help").stdout
    assert odds_json(owner_data, "simulate to-the-death --games 2 --seed 3")["games"] == 2


def add_champion_one(document):
    document["cards"].append(
        {
            "id": "champion:1",
            "name": "1 of Champions",
            "suit": "champion",
            "value": 1,
            "source": "constructed",
        }
    )


@pytest.mark.timeout(300)
def test_an_arsenal_of_another_size_is_refused_naming_the_count(owner_data):
    """Which values the arsenal's cards carry is the owner's; that it holds 32 is the rulebook's."""
    edit(owner_data, "to_the_death", "arsenal.yaml", add_champion_one)
    run = toolkit(owner_data, "odds to-the-death --weapon 0 --armor 1")
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert "arsenal.yaml: holds 33 cards, the game has 32" in run.stderr


NEW_CARDS = {  # a copy of a card under a new id, in a file whose size the rules leave open
    "to_the_death": "heroes.yaml",
    "tpk": "threats.yaml",
    "how_i_died": "achievements.yaml",
    "death_may_die": "enemies.yaml",
}


def add_a_copy(document):
    """The first card again under a new id and name, as a designer adds a card."""
    card = copy.deepcopy(document["cards"][0])
    card.update(id=card["id"] + "-2", name=card["name"] + " II", source="constructed")
    document["cards"].append(card)


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", list(NEW_CARDS))
def test_a_new_card_loads_and_plays(owner_data, game):
    edit(owner_data, game, NEW_CARDS[game], add_a_copy)
    slug = game.replace("_", "-")
    summary = odds_json(owner_data, f"simulate {slug} --games 2")
    assert summary["games"] == 2


@pytest.mark.timeout(300)
def test_a_new_card_in_a_deck_of_fixed_size_is_refused_naming_the_count(owner_data):
    """Epic Death!'s decks hold the rulebook's counts: a 21st quest is a mistake, said in one line."""
    edit(owner_data, "epic_death", "quests.yaml", add_a_copy)
    run = toolkit(owner_data, ODDS["epic_death"])
    assert run.returncode == 2 and run.stderr.count("\n") == 1, run.stderr
    assert "quests.yaml: holds 21 cards, the game has 20" in run.stderr


BROKEN_FILES = {
    "a syntax error": "cards: [ {id: x\n",
    "a Python tag": "cards: !!python/object/apply:os.system ['echo PWNED']\n",
    "an empty file": "",
    "a list, not a mapping": "- {id: x}\n",
}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("text", list(BROKEN_FILES.values()), ids=list(BROKEN_FILES))
def test_a_broken_file_is_one_line_naming_it(owner_data, text):
    path = owner_data / "tpk" / "levels.yaml"
    path.write_text(text, encoding="utf-8")
    run = toolkit(owner_data, ODDS["tpk"])
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr
    assert f"{path}: " in run.stderr and "PWNED" not in run.stdout


@pytest.mark.timeout(300)
@pytest.mark.parametrize("game", ["tpk", "how_i_died"])
def test_one_games_broken_cards_leave_the_other_games_and_the_help_working(owner_data, game):
    """TPK and How I Died check their cards as their packages are imported; the command line
    builds every game's subcommands for --help, lab and games, so a broken file must stop only
    its own game's commands."""
    file, change = {
        "tpk": ("levels.yaml", set_field("keep", "three")),
        "how_i_died": ("adventures.yaml", set_field("glory", "lots")),
    }[game]
    edit(owner_data, game, file, change)
    assert toolkit(owner_data, "--help").returncode == 0
    assert toolkit(owner_data, ODDS["epic_death"]).returncode == 0
    listing = toolkit(owner_data, "games")
    assert "epic-death" in listing.stdout and "death-may-die" in listing.stdout
    assert listing.returncode == 2 and str(owner_data / game / file) in listing.stderr
    broken = toolkit(owner_data, ODDS[game])
    assert broken.returncode == 2 and broken.stderr.count("\n") == 1, broken.stderr
    assert str(owner_data / game / file) in broken.stderr


def empty_cards(document):
    document["cards"] = []


INCOMPLETE = {  # (game, file, change, what the one line must say)
    "to the death no damage cards": (
        "to_the_death",
        "damage.yaml",
        empty_cards,
        "no damage card for the",
    ),
    "to the death no heroes": ("to_the_death", "heroes.yaml", empty_cards, "default party"),
    "to the death no monsters": ("to_the_death", "monsters.yaml", empty_cards, "no monster"),
}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("case", list(INCOMPLETE), ids=list(INCOMPLETE))
def test_data_that_parses_but_cannot_play_is_refused_when_loaded(owner_data, case):
    """Refused at load, naming the file, not part-way through a game with a KeyError."""
    game, file, change, said = INCOMPLETE[case]
    edit(owner_data, game, file, change)
    run = toolkit(owner_data, ODDS[game])
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr
    assert str(owner_data / game / file) in run.stderr and said in run.stderr, run.stderr
