"""Issue #15: with two or more monsters in play, the player chooses the order they attack in.

The engine asks before each attack which monster attacks next (one option per group of monsters
exactly alike), the bots answer, the numbers beside the options are the exact walk's through the
chosen monster's attack, and ``monster_turn`` takes any order.
"""

import pytest
from test_odds import brute_force_for, engine_monster_turn
from ttd_helpers import end_hero_turn, feed, solo_with, uid_of, units_named, until_main

from toolkit.bots import GreedyBot
from toolkit.to_the_death.bots import greedy_score, search_bot
from toolkit.to_the_death.odds import decision_odds, monster_turn
from toolkit.to_the_death.steps import attack_groups


def sekzar_and_beetle():
    """Sekzar's first enemy turn: Swarm has put a grave beetle into play (its face-down card the
    2 of Fighters), and the main step asks which of the two attacks first."""
    return feed(solo_with("sekzar", encounter="sekzar"), "fighter:2")


def four_goblins():
    """The goblins' first enemy turn: Horde has put four goblins into play."""
    game = solo_with("goblins", monsters=["goblins", "gladiator", "ratman", "sphinx"])
    return feed(game, "fighter:2", "mender:3", "champion:4", "magician:5")


def test_the_player_chooses_which_monster_attacks_first():
    game = sekzar_and_beetle()
    sekzar, beetle = uid_of(game, "Sekzar, the Grave Swarm"), uid_of(game, "Grave Beetle")
    assert game.prompt.question == "attack order" and game.current_player() == 0
    assert list(game.legal_actions()) == [("next attacker", sekzar), ("next attacker", beetle)]
    labels = [game.action_to_string(a) for a in game.legal_actions()]
    assert labels == ["Sekzar, the Grave Swarm attacks next", "Grave Beetle attacks next"]
    start = len(game.log)
    feed(game, ("next attacker", beetle))
    assert game.chance.resume == "enemy_check" and game.chance.args["uid"] == beetle
    feed(game, "champion:0")  # 2 + 0 against the sellsword's armor: a miss
    assert game.log[start].startswith("Grave Beetle's melee weapon checks the 0 of Champions")
    # one monster left: it attacks without a question
    assert game.chance.resume == "enemy_check" and game.chance.args["uid"] == sekzar


def test_alike_monsters_are_one_choice_and_a_hurt_one_is_another():
    """Four goblins exactly alike: one option, so no question (the first goblin attacks). Once
    one is hurt it is a choice of its own, and the option for the others names them all."""
    game = four_goblins()
    goblins = [u["uid"] for u in units_named(game, "Goblin")]
    assert game.prompt is None and game.chance.args["uid"] == goblins[0]
    assert attack_groups(game, goblins) == [goblins]
    until_main(game)
    game.units[goblins[1]]["health"] -= 1
    game.touch()
    end_hero_turn(game)
    assert game.prompt.question == "attack order"
    assert attack_groups(game, goblins) == [[goblins[0], *goblins[2:]], [goblins[1]]]
    assert [game.action_to_string(a) for a in game.legal_actions()] == [
        "Goblin 1 attacks next (alike to Goblin 3, Goblin 4: the same choice)",
        "Goblin 2 attacks next",
    ]
    feed(game, ("next attacker", goblins[1]))
    assert game.chance.args["uid"] == goblins[1]


def test_the_attack_order_numbers_are_each_monsters_attack_before_blocks():
    """Each option is walked through its monster's attack: minus the damage it is expected to
    deal the party (a change of health), as monster_turn counts that monster's attack alone."""
    from test_decision_odds import WalkReference

    game = sekzar_and_beetle()
    odds = {a.action: a.odds for a in decision_odds(game).actions}
    assert any(odds.values()), "at least the first option fits the widget's budget"
    walk = WalkReference(game)
    for action in game.legal_actions():
        if odds[action]:
            assert odds[action] == walk[action]
        alone = game.clone()
        for unit in alone.monster_units():
            unit["defeated"] = unit["uid"] != action[1]
        alone.touch()
        assert -walk[action]["healed"] == monster_turn(alone, block=False)["expected"] > 0


@pytest.mark.parametrize("first", ["Grave Beetle", "Sekzar, the Grave Swarm"])
def test_monster_turn_takes_any_order(first):
    """monster_turn in an explicit order: the engine with that choice made, over every order of
    the checks from the player's view (no blocks; the beetle's face-down card is one of the
    unseen cards), and the brute force (blocks)."""
    game = sekzar_and_beetle()
    uids = [uid_of(game, first)] + [u["uid"] for u in game.monster_units() if u["name"] != first]
    assert monster_turn(game, block=False, order=uids)["joint"].pmf() == engine_monster_turn(
        game.players_view(0), order=uids
    )
    assert monster_turn(game, order=uids)["joint"].pmf() == brute_force_for(game, order=uids)


def test_monster_turn_refuses_an_order_that_is_not_the_monsters_still_to_attack():
    game = sekzar_and_beetle()
    with pytest.raises(ValueError, match="each monster still to attack once"):
        monster_turn(game, order=[uid_of(game, "Grave Beetle")])


def test_the_bots_answer_the_attack_order():
    """Greedy lets the monster expected to land the most hits attack first (the hand is never
    fuller than now to block with); the search bot leaves this prompt to its greedy score."""
    game = sekzar_and_beetle()
    sekzar = ("next attacker", uid_of(game, "Sekzar, the Grave Swarm"))
    observation = game.observation(0)
    assert observation["prompt"]["kind"] == "attack order"
    assert GreedyBot(greedy_score).choose(observation, game.legal_actions()) == sekzar
    assert search_bot(0, 0).choose(game.players_view(0), game.legal_actions()) == sekzar
