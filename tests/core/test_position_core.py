"""The core of a described position (toolkit.position): the file is read as card data is, and an
error names the field, nested parts by their place."""

import pytest

from toolkit import cli
from toolkit.position import Pick, PositionError, at, inside, parse, part, picked, whole, within


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("a: &x [1]\nb: *x\n", "anchors and aliases"),
        ("game: tpk\ngame: tpk\n", "given twice"),
        ("[" * 100, "nested more than"),
        ("players: [1\n", "not valid YAML"),
        (b"\xff\xfe", "not UTF-8"),
        ("- 1\n", "no mapping of fields"),
        ("x: 1\n" * 300_000, "larger than a position can be"),
    ],
)
def test_a_file_that_is_no_description_is_refused_in_one_line(text, problem):
    with pytest.raises(PositionError) as error:
        parse(text)
    assert error.value.field == "(file)" and problem in error.value.problem
    assert "\n" not in str(error.value)


def test_an_error_inside_a_part_names_its_place():
    entry = {"holds": 9, "colour": "red"}
    with pytest.raises(PositionError) as error:
        within("party[1]", whole, entry, "holds", 0, 5)
    assert error.value.field == "party[1].holds"
    with pytest.raises(PositionError) as error, inside("party[1]"):
        part(entry, ("holds",))
    assert error.value.field == "party[1].colour"
    with pytest.raises(PositionError) as error, inside("party[2]"):
        part([1], ("holds",))
    assert error.value.field == "party[2]"


def test_the_command_line_names_the_file_and_exits_2(tmp_path, capsys):
    bad = tmp_path / "table.yaml"
    bad.write_text("game: tpk\nplayers: 9\nseat: 0\n")
    assert cli.main(["analyse", "tpk", "--position", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and str(bad) in err and "players" in err


def test_a_pick_writes_its_value_into_a_copy_of_the_description():
    description = {"quest": "q-goat", "parties": [{"fate_cards": 5}, {"fate_cards": 4}]}
    pick = Pick(("parties", 1, "fate_cards"), "their fate cards", (("four", 4), ("five", 5)))
    changed = pick.apply(description, 5)
    assert at(changed, pick.path) == 5 and at(description, pick.path) == 4
    assert pick.words(5) == "five" and at(description, ("parties", 7, "x"), "none") == "none"
    with pytest.raises(PositionError) as error:
        picked(description, ("hand", 0), "card")
    assert error.value.field == "hand[0]"
    with pytest.raises(PositionError) as error:  # the box's description may be shorter now
        picked(description, ("parties", 2, "fate_cards"), 3)
    assert error.value.field == "parties[2].fate_cards"


def test_a_pick_that_changes_more_than_its_place_writes_the_description_itself():
    def swap(description, card):
        description["options"] = [
            card if o == description["hand"][0] else o for o in description["options"]
        ]
        description["hand"][0] = card
        return description

    pick = Pick(("hand", 0), "your first card", (("a", "a"), ("b", "b")), write=swap)
    description = {"hand": ["a"], "options": ["a", "x"]}
    assert pick.apply(description, "b") == {"hand": ["b"], "options": ["b", "x"]}
    assert description == {"hand": ["a"], "options": ["a", "x"]}


def test_a_field_of_the_wrong_kind_is_refused_in_the_descriptions_own_words():
    with pytest.raises(PositionError) as error:
        whole({"turn": {"first": [1, True, None]}}, "turn", 0, 9)
    assert error.value.problem == "expected a whole number, got {first: [1, true, nothing]}"


def test_a_position_without_its_game_says_so_in_words_not_a_python_none(tmp_path, capsys):
    path = tmp_path / "no-game.yaml"
    path.write_text("players: 2\n")
    assert cli.main(["analyse", "epic-death", "--position", str(path)]) == 2
    error = capsys.readouterr().err
    assert error.count("\n") == 1 and "game" in error and "epic-death" in error
    assert "None" not in error and "nothing" in error
