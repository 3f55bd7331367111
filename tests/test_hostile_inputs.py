"""Hostile input is refused at once, in one kind of error that says where the problem is.

Save files are mutated from real saves of every game (keys missing, null, of the wrong type, out of
range, nested thousands deep); card data files are written to hold the YAML that attacks a
loader (aliases that expand a billionfold or refer to themselves, very deep nesting, a key given
twice, bytes that are not UTF-8). Each case runs under a time bound, and the cases that once
exhausted memory or crashed the process run in a child process with a 1 GB address-space limit.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import yaml
from _paths import DATA

from toolkit.data import MAX_DEPTH, Card, DataError, load_cards, load_yaml
from toolkit.games import available, get_game
from toolkit.simulate import play_seeded
from toolkit.state import SaveError, from_json

ROOT = Path(__file__).resolve().parents[1]
WRONG_VALUES = [None, "text", -1, 10**12, 2.5, True, [], {}, [[[[]]]]]


def real_save(slug: str) -> dict:
    spec = get_game(slug)
    state = play_seeded(slug, spec.min_players, ["random"] * spec.min_players, 1)
    return json.loads(state.to_json())


def hostile_saves(save: dict):
    """(label, text) pairs, every one of which is not a save that can load."""
    for key in save:
        broken = dict(save)
        del broken[key]
        yield f"no {key}", json.dumps(broken)
        for value in WRONG_VALUES:
            if key == "seed" and isinstance(value, int) and not isinstance(value, bool):
                continue  # any whole number is a seed
            if (key, value) in (("actions", []), ("config", {})):
                continue  # a game saved before its first move; every option at its default
            yield f"{key}={value!r}", json.dumps({**save, key: value})
    for key, real in save["config"].items():
        if real is None:
            continue  # an option left at its default: its type is not known here
        for value in WRONG_VALUES:
            if value is None or (type(value) is type(real) and value not in (-1, 10**12)):
                continue  # the option's own type: a list of other names may well be valid
            config = {**save["config"], key: value}
            yield f"config.{key}={value!r}", json.dumps({**save, "config": config})
    yield "unknown config", json.dumps({**save, "config": {**save["config"], "colour": "red"}})
    yield "config null", json.dumps({**save, "config": None})
    deep = "[" * 50_000 + "]" * 50_000
    yield "actions nested deep", json.dumps({**save, "actions": []}).replace("[]", deep)
    for index in (0, len(save["actions"]) // 2, len(save["actions"]) - 1):
        for value in ("no such move", 10**9, -1, None, 2.5, [["x"]] * 3):
            actions = list(save["actions"])
            actions[index] = value
            yield f"actions[{index}]={value!r}", json.dumps({**save, "actions": actions})
    yield "truncated", json.dumps(save)[: len(json.dumps(save)) // 2]
    yield "not utf-8", b"\xff\xfe" + json.dumps(save).encode()
    yield "another game", json.dumps({**save, "game": "chess"})


@pytest.mark.timeout(120)
@pytest.mark.parametrize("slug", available())
def test_every_hostile_save_is_one_kind_of_error_naming_the_field(slug):
    save = real_save(slug)
    assert from_json(json.dumps(save)).history  # the real save loads
    refused, wrong = 0, []
    for label, text in hostile_saves(save):
        try:
            state = from_json(text)
        except SaveError as error:
            assert error.field and str(error).startswith("bad save file: "), label
            refused += 1
            continue
        except Exception as error:  # noqa: BLE001 - the point is that nothing else escapes
            wrong.append(f"{label}: {type(error).__name__}: {error}")
            continue
        wrong.append(f"{label}: loaded a state from it ({state.config})")
    assert not wrong, f"{slug}: " + "\n".join(wrong)
    assert refused > 60


def write(tmp_path: Path, text: str | bytes, name: str = "cards.yaml") -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text)
    return path


LAUGHS = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
    f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
    for i in range(9)
)


@pytest.mark.timeout(30)
@pytest.mark.parametrize(
    ("text", "said"),
    [
        (LAUGHS, "anchors and aliases"),
        ("cards: &loop [*loop]\n", "anchors and aliases"),
        ("cards:\n  - id: a\n    name: A\n    id: b\n", "given twice"),
        (b"cards:\n  - id: caf\xe9\n", "not UTF-8"),
        ("cards: " + "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "levels deep"),
        ("cards: [unclosed\n", "not valid YAML"),
    ],
    ids=["billion laughs", "self alias", "duplicate key", "latin-1", "deep", "broken"],
)
def test_hostile_yaml_is_refused_naming_the_file(tmp_path, text, said):
    path = write(tmp_path, text)
    with pytest.raises(DataError, match=said) as refused:
        load_yaml(path)
    assert refused.value.file == str(path)


def bounded(code: str) -> subprocess.CompletedProcess:
    """Run `code` in a child process limited to 1 GB of address space and 60 s of CPU."""
    prelude = textwrap.dedent(
        """
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
        resource.setrlimit(resource.RLIMIT_CPU, (60, 60))
        """
    )
    return subprocess.run(
        [sys.executable, "-c", prelude + textwrap.dedent(code)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.timeout(150)
def test_a_file_of_a_hundred_thousand_brackets_is_refused_not_a_crash(tmp_path):
    path = write(tmp_path, "cards: " + "[" * 100_000 + "]" * 100_000)
    run = bounded(
        f"""
        from toolkit.data import DataError, load_yaml
        try:
            load_yaml({str(path)!r})
        except DataError as error:
            print("refused:", error)
        """
    )
    # Our refusal, or PyYAML's own (6.0.4 stops at its nesting limit first), reaches the user as
    # one DataError line that names the file; which of the two words it is not ours to pin.
    assert run.returncode == 0, run.stderr
    lines = run.stdout.splitlines()
    assert len(lines) == 1 and lines[0].startswith("refused:"), run.stdout
    assert str(path) in lines[0]


@pytest.mark.timeout(150)
def test_twenty_thousand_cards_load_and_validate_within_bounds(tmp_path):
    cards = "".join(
        f"  - {{id: c{i}, name: Card {i}, source: constructed, copies: 2}}\n" for i in range(20_000)
    )
    path = write(tmp_path, "cards:\n" + cards)
    run = bounded(
        f"""
        import time
        from toolkit.data import Card, load_cards
        start = time.process_time()
        print(len(load_cards({str(path)!r}, Card)), time.process_time() - start)
        """
    )
    assert run.returncode == 0, run.stderr
    count, seconds = run.stdout.split()
    assert int(count) == 20_000
    assert float(seconds) < 10  # a loose bound: with libyaml it takes about a second


def cli(*args: str) -> subprocess.CompletedProcess:
    """``death-toolkit ARGS`` in a child process bounded as :func:`bounded` bounds it."""
    return bounded(
        f"""
        import sys
        from toolkit.cli import main
        sys.exit(main({list(args)!r}))
        """
    )


REFUSED = {  # each once ran for minutes, grew memory without bound or ended in a traceback
    "a billion games": "simulate tpk --games 1000000000",
    "nine players": "simulate epic-death --players 9",
    "unknown bot": "simulate epic-death --bots nobody",
    "2000 D6 cards": "odds epic-death --difficulty mighty --victories 3 --plus-d6 2000",
    "not a number": "odds epic-death --difficulty mighty --victories 3 --dice 10**9",
    "a billion dice": "odds epic-death --difficulty mighty --victories 3 --dice 1000000000 "
    "--plus-d6 1",
    "60 dice and 20 stress": "odds death-may-die --black 30 --green 30 --stress 20 "
    "--tie-break tentacles",
    "every level-7 deal of five": "odds tpk --exact --level 7 --players 5",
    "every level-2 deal of three": "odds tpk --exact --level 2 --players 3",
    "a billion deals": "odds tpk --samples 1000000000",
    "two characters for four players": "odds tpk --characters brin,taric --players 4",
}


@pytest.mark.timeout(300)
@pytest.mark.parametrize("command", list(REFUSED.values()), ids=list(REFUSED))
def test_a_refused_command_is_one_line_and_exit_2(command):
    args = command.split()
    run = cli(*args)
    assert run.returncode == 2, run.stderr
    assert run.stderr.count("\n") == 1 and "Traceback" not in run.stderr, run.stderr
    assert run.stderr.startswith(f"death-toolkit {args[0]} {args[1]}: error: ")


@pytest.mark.timeout(120)
def test_json_into_a_reader_that_stops_early_is_no_traceback():
    run = subprocess.run(
        f"{sys.executable} -m toolkit simulate how-i-died --games 30 --json | head -c 1",
        shell=True,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=120,
    )
    assert run.stdout == "{" and "Traceback" not in run.stderr and "Error" not in run.stderr


@pytest.mark.parametrize("key", ["[a, b]", "{a: 1}"], ids=["list", "mapping"])
def test_a_list_or_mapping_as_a_key_is_refused_naming_the_file(tmp_path, key):
    path = write(tmp_path, f"cards:\n  - ? {key}\n    : 1\n")
    with pytest.raises(DataError, match="cannot be a key") as refused:
        load_yaml(path)
    assert refused.value.file == str(path)


def test_a_data_file_over_five_megabytes_is_refused_before_it_is_parsed(tmp_path):
    path = write(tmp_path, "cards:\n" + "#" * 5_000_001 + "\n")
    with pytest.raises(DataError, match="larger than a data file can be"):
        load_yaml(path)


@pytest.mark.parametrize(
    ("fields", "field", "said"),
    [
        ("copies: 1000000000", "copies", "must be 1 to 1,000"),
        ("copies: " + "1" + "0" * 30, "copies", "must be 1 to 1,000"),
        ("copies: 0", "copies", "must be 1 to 1,000"),
        ('id: ""', "id", "cannot be empty"),
    ],
)
def test_card_counts_and_ids_are_bounded(tmp_path, fields, field, said):
    card = {"id": "c1", "name": "A card", "source": "constructed"}
    key, value = fields.split(": ", 1)
    card[key] = yaml.safe_load(value)
    path = write(tmp_path, yaml.safe_dump({"cards": [card]}))
    with pytest.raises(DataError, match=said) as refused:
        load_cards(path, Card)
    assert refused.value.field == field and len(str(refused.value)) < 300


def test_copies_on_a_card_the_game_never_deals_by_copies_is_refused(tmp_path):
    from toolkit.to_the_death.cards import Hero

    path = write(tmp_path, "cards: []\n")
    hero = yaml.safe_load((DATA / "to_the_death" / "heroes.yaml").read_text())["cards"][0]
    path.write_text(yaml.safe_dump({"cards": [{**hero, "copies": 3}]}))
    with pytest.raises(DataError, match="never dealt by copies") as refused:
        load_cards(path, Hero)
    assert refused.value.field == "copies"
