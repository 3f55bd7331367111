"""The core of a described position (toolkit.position): the file is read as card data is, and an
error names the field, nested parts by their place."""

import pytest

from toolkit import cli
from toolkit.position import PositionError, inside, parse, part, whole, within


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
