"""Exact odds against brute force, and the CLI contract."""

import json
import subprocess
import sys
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ttd_helpers import solo_with, uid_of

from toolkit.to_the_death.cards import SUITS, suit_of, value_of
from toolkit.to_the_death.odds import ARSENAL, monster_turn, p_block, p_hit, p_skill, seen_by


def brute_p_hit(weapon, armor, bonus, seen):
    rest = [c for c in ARSENAL if c not in seen]
    return Fraction(sum(weapon + value_of(c) + bonus >= armor for c in rest), len(rest))


@settings(max_examples=60, deadline=None)
@given(
    weapon=st.integers(0, 6),
    armor=st.integers(0, 14),
    bonus=st.integers(-3, 4),
    seen=st.sets(st.sampled_from(ARSENAL), max_size=20),
)
def test_p_hit_matches_counting_the_unseen_cards(weapon, armor, bonus, seen):
    assert p_hit(weapon, armor, bonus, sorted(seen)) == brute_p_hit(weapon, armor, bonus, seen)


def test_p_hit_reads_equal_to_armor_as_a_hit():
    # the rulebook's example: weapon 2, Furious Fife +2, armor 6: any check of 2 or more hits
    assert p_hit(2, 6, 2) == Fraction(28, 32)
    assert p_hit(2, 6, 2, focus=2) == 1


def test_p_skill_and_p_block():
    assert p_skill(3, 10) == Fraction(sum(3 + value_of(c) >= 10 for c in ARSENAL), 32)
    hand = ["fighter:5", "mender:5", "champion:0"]
    # values 5 and 0 can block; the unseen cards are the 29 others
    assert p_block(hand) == Fraction(2 + 3, 29)


def brute_monster_turn(weapons, heroes, pool, hand):
    """Every order of explicit cards; blocks chosen to minimise expected total damage."""

    def target(kind, suit, hp):
        start = SUITS.index(suit)
        for step in range(4):
            cls = SUITS[(start + step) % 4]
            for k, hero in enumerate(heroes):
                if hero["cls"] == cls and hp[k] > 0 and (kind == "range" or hero["area"] == "near"):
                    return k
        return None

    def go(i, pool, hand, hp):
        if i == len(weapons):
            return {tuple(h["health"] - x for h, x in zip(heroes, hp, strict=True)): Fraction(1)}
        kind, total, damage = weapons[i]
        out = {}
        for card in pool:
            rest = [c for c in pool if c != card]
            k = target(kind, suit_of(card), hp)
            if k is None or total + value_of(card) < heroes[k]["armor"]:
                branch = go(i + 1, rest, hand, hp)
            else:
                hurt = list(hp)
                hurt[k] = max(0, hurt[k] - damage)
                branch = go(i + 1, rest, hand, tuple(hurt))
                blockers = [c for c in hand if value_of(c) == value_of(card)]
                if blockers:
                    kept = go(i + 1, rest, [c for c in hand if c != blockers[0]], hp)
                    mean = lambda d: sum(sum(o) * p for o, p in d.items())  # noqa: E731
                    if mean(kept) < mean(branch):
                        branch = kept
            for outcome, p in branch.items():
                out[outcome] = out.get(outcome, 0) + p / len(pool)
        return out

    return go(0, pool, hand, tuple(h["health"] for h in heroes))


@pytest.mark.parametrize("monster", ["gladiator", "gryphon", "zombie"])
def test_monster_turn_matches_brute_force(monster):
    game = solo_with(monster, monsters=["gladiator", "gryphon", "zombie", "ratman"])
    heroes = sorted(game.heroes(0), key=lambda h: SUITS.index(h["cls"]))
    info = [
        {"cls": h["cls"], "area": h["area"], "armor": game.armor(h), "health": h["health"]}
        for h in heroes
    ]
    body = game.units[
        uid_of(
            game,
            game.monster_cards[0]
            and {"gladiator": "Gladiator", "gryphon": "Gryphon", "zombie": "Zombie"}[monster],
        )
    ]
    weapons = [
        (kind, value + game.weapon_bonus(body, kind, None), 1) for kind, value in game.weapons(body)
    ]
    pool = [c for c in ARSENAL if c not in seen_by(game)]
    expected = brute_monster_turn(weapons, info, pool, list(game.hands[0]))
    result = monster_turn(game)
    assert result["joint"].pmf() == expected


def test_monster_turn_without_blocks_matches_every_ordered_pair():
    game = solo_with("gladiator")
    result = monster_turn(game, block=False)
    pool = [c for c in ARSENAL if c not in seen_by(game)]
    # both weapons 3 + check: the war priest (armor 4, near) takes the fighter, magician and
    # mender suits, the sellsword (armor 8) the champion suit
    hits = Fraction(0)
    for a, b in permutations(pool, 2):
        hits += sum(1 for c in (a, b) if 3 + value_of(c) >= (8 if suit_of(c) == "champion" else 4))
    assert result["expected"] == hits / (len(pool) * (len(pool) - 1))


def run_cli(*args):
    return subprocess.run(
        [sys.executable, "-m", "toolkit", "odds", "to-the-death", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_cli_prints_p_hit_as_a_fraction():
    done = run_cli(
        "--weapon",
        "2",
        "--armor",
        "6",
        "--bonus",
        "2",
        "--seen",
        "fighter:5,champion:7,magician:0",
        "--json",
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    seen = ["fighter:5", "champion:7", "magician:0"]
    assert data["p_hit"] == "{0.numerator}/{0.denominator}".format(brute_p_hit(2, 6, 2, seen))


@pytest.mark.parametrize(
    "seen, words",
    [
        ("fighter:5,fighter:5", "more than once"),
        ("fighter:1", "not in the arsenal"),
        ("wizard:3", "suit"),
    ],
)
def test_cli_rejects_impossible_seen_cards(seen, words):
    done = run_cli("--weapon", "2", "--armor", "6", "--seen", seen, "--json")
    assert done.returncode == 2
    assert words in done.stderr and "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1
