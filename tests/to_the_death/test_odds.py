"""Exact odds against brute force, and the CLI contract."""

import json
import re
import subprocess
import sys
from fractions import Fraction
from itertools import permutations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from ttd_helpers import solo_with

from toolkit.to_the_death.cards import SUITS, catalog, suit_of, value_of
from toolkit.to_the_death.odds import monster_turn, p_block, p_hit, p_skill, seen_by

ARSENAL = tuple(catalog().arsenal)


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
    """Every order of explicit cards; blocks chosen to minimise expected total damage.

    A weapon is (kind, total, damage) or (kind, total, damage, trophy): when a trophy weapon
    damages a hero, a hand card (the one leaving the lowest expected damage) becomes a trophy and
    every later trophy weapon gets +1. A hero's armor is ``armor_at[health]`` when given."""

    def target(kind, suit, hp):
        start = SUITS.index(suit)
        for step in range(4):
            cls = SUITS[(start + step) % 4]
            for k, hero in enumerate(heroes):
                if hero["cls"] == cls and hp[k] > 0 and (kind == "range" or hero["area"] == "near"):
                    return k
        return None

    def armor(k, health):
        return heroes[k].get("armor_at", {}).get(health, heroes[k]["armor"])

    def mean(d):
        return sum(sum(o) * p for o, p in d.items())

    def go(i, pool, hand, hp, trophies):
        if i == len(weapons):
            return {tuple(h["health"] - x for h, x in zip(heroes, hp, strict=True)): Fraction(1)}
        kind, total, damage, *rest = weapons[i]
        trophy = bool(rest and rest[0])
        total += trophies if trophy else 0
        out = {}
        for card in pool:
            left = [c for c in pool if c != card]
            k = target(kind, suit_of(card), hp)
            if k is None or total + value_of(card) < armor(k, hp[k]):
                branch = go(i + 1, left, hand, hp, trophies)
            else:
                hurt = list(hp)
                hurt[k] = max(0, hurt[k] - damage)
                if trophy and kind == "melee" and hand:
                    options = [
                        go(i + 1, left, [c for c in hand if c != t], tuple(hurt), trophies + 1)
                        for t in hand
                    ]
                    branch = min(options, key=mean)
                else:
                    branch = go(i + 1, left, hand, tuple(hurt), trophies)
                blockers = [c for c in hand if value_of(c) == value_of(card)]
                if blockers:
                    kept = go(i + 1, left, [c for c in hand if c != blockers[0]], hp, trophies)
                    if mean(kept) < mean(branch):
                        branch = kept
            for outcome, p in branch.items():
                out[outcome] = out.get(outcome, 0) + p / len(pool)
        return out

    return go(0, pool, hand, tuple(h["health"] for h in heroes), 0)


def armor_by_health(game, hero):
    """The hero's armor at each health, read from the engine by setting its health."""
    probe = game.clone()
    unit = probe.units[hero["uid"]]
    found = {}
    for health in range(1, hero["health"] + 1):
        unit["health"] = health
        probe.touch()
        found[health] = probe.armor(unit)
    return found


def brute_force_for(game, order=None) -> dict:
    """The monster turn of `game` by :func:`brute_monster_turn`: heroes by class with their armor
    at every health, the monsters' weapons in order (the monsters in `order`, their uids, or the
    order they came; Trophy where the unit has it), the unseen cards and the hand (the benchmark
    uses it too)."""
    heroes = sorted(game.heroes(0), key=lambda h: SUITS.index(h["cls"]))
    info = [
        {
            "cls": h["cls"],
            "area": h["area"],
            "armor": game.armor(h),
            "armor_at": armor_by_health(game, h),
            "health": h["health"],
        }
        for h in heroes
    ]
    weapons = [
        (
            kind,
            value + game.weapon_bonus(unit, kind, None),
            1,
            "gladiator/trophy" in unit["abilities"],
        )
        for unit in (
            [game.units[uid] for uid in order]
            if order
            else sorted(game.monster_units(), key=lambda u: u["pos"])
        )
        for kind, value in game.weapons(unit)
    ]
    pool = [c for c in ARSENAL if c not in seen_by(game)]
    return brute_monster_turn(weapons, info, pool, list(game.hands[0]))


@pytest.mark.parametrize(
    "monster, options, facedown",
    [
        ("gladiator", {"monsters": ["gladiator", "gryphon", "zombie", "ratman"]}, []),
        ("gryphon", {"monsters": ["gladiator", "gryphon", "zombie", "ratman"]}, []),
        ("sekzar", {"encounter": "sekzar"}, ["fighter:2"]),  # the grave beetle's face-down card
    ],
)
def test_monster_turn_matches_brute_force(monster, options, facedown):
    """Blocks, the gladiator's Trophy (which hand card to give up), the champion's armor box at
    health 5, and Sekzar with its grave beetle (whose face-down card the player cannot see, so it
    is one of the unseen cards), against an enumeration of every order of explicit cards."""
    game = solo_with(monster, **options)
    for card in facedown:
        game.apply(card)
    expected = brute_force_for(game)
    result = monster_turn(game)
    assert result["joint"].pmf() == expected


def engine_monster_turn(game, order=None):
    """The engine itself over every order of the monster turn's checks, never blocking:
    {damage tuple (heroes by class): probability}, the damage read from the engine's log. The
    monsters attack in `order` (their uids) where the player is asked, else in the first
    option's."""
    heroes = sorted(game.heroes(0), key=lambda h: SUITS.index(h["cls"]))
    names = [h["name"] for h in heroes]
    start = len(game.log)
    found = {}

    def go(state, p):
        if state.chance is not None and state.chance.resume == "enemy_check":
            for card, q in state.chance_outcomes():
                after = state.clone()
                after.apply(card)
                go(after, p * q)
            return
        if state.prompt is not None and state.prompt.question != "main":
            after = state.clone()
            options = after.legal_actions()
            if after.prompt.question == "attack order" and order:
                left = after.prompt.args["left"]
                options = [("next attacker", next(uid for uid in order if uid in left))]
            after.apply(("take",) if ("take",) in options else options[0])
            go(after, p)
            return
        damage = [0] * len(names)
        for line in state.log[start:]:
            hit = re.match(r"(.+) takes (\d+) damage", line)
            if hit:
                damage[names.index(hit.group(1))] += int(hit.group(2))
        found[tuple(damage)] = found.get(tuple(damage), 0) + p
        return

    go(game, Fraction(1))
    return found


def test_monster_turn_plays_out_trophy_like_the_engine():
    """The gladiator's second weapon gets +1 after a trophy: every order of the checks, played
    by the engine, gives the same distribution (no blocks)."""
    game = solo_with("gladiator")
    result = monster_turn(game, block=False)
    assert result["joint"].pmf() == engine_monster_turn(game)
    # with the rulebook's example hand, 2 damage in all: 167/234 (0.714); weapons frozen at the
    # start of the turn would say 70/117 (0.598)
    assert result["total"].exactly(2) == Fraction(167, 234)


def test_monster_turn_plays_out_pilfer_like_the_engine():
    """The ratman's Pilfer takes a hand card mid-turn: the engine over every order of checks."""
    game = solo_with("ratman", monsters=["ratman", "gladiator", "gryphon", "zombie"])
    assert monster_turn(game, block=False)["joint"].pmf() == engine_monster_turn(game)


def test_monster_turn_refuses_to_foresee_the_start_of_an_enemy_turn():
    """In the hero turn against Sekzar, the next enemy turn starts with a new grave beetle: the
    odds are asked again once that turn has begun. The gladiator has nothing at a turn's start."""
    for monster, options in [
        ("sekzar", {"encounter": "sekzar"}),
        ("gladiator", {"encounter": "gladiator"}),
    ]:
        game = solo_with(monster, **options)
        while not (game.prompt and game.prompt.question == "main"):
            game.apply(game.legal_actions()[0])
        if monster == "sekzar":
            with pytest.raises(ValueError, match="sekzar/swarm"):
                monster_turn(game)
        else:
            assert monster_turn(game)["expected"] > 0


def test_monster_turn_refuses_a_mid_turn_ability_it_cannot_play_out():
    game = solo_with("zombie", monsters=["gladiator", "gryphon", "zombie", "ratman"])
    with pytest.raises(ValueError, match="zombie/brains"):
        monster_turn(game)


def test_monster_turn_without_blocks_matches_every_ordered_pair():
    game = solo_with("gladiator")
    result = monster_turn(game, block=False)
    pool = [c for c in ARSENAL if c not in seen_by(game)]
    # both weapons 3 + check: the war priest (armor 4, near) takes the fighter, magician and
    # mender suits, the sellsword (armor 8, 9 once hit: its box at health 5) the champion suit;
    # a hit makes a trophy, +1 to the second weapon
    hits = Fraction(0)
    for a, b in permutations(pool, 2):
        first = 3 + value_of(a) >= (8 if suit_of(a) == "champion" else 4)
        sellsword = 9 if first and suit_of(a) == "champion" else 8
        second = 3 + first + value_of(b) >= (sellsword if suit_of(b) == "champion" else 4)
        hits += first + second
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
