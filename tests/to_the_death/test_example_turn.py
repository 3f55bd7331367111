"""The rulebook's example turn against the gladiator, replayed on a stacked deck.

The rulebook names every check; one of them cannot be literal: the bard's check is printed as the
2 of the Mender suit, which is the very card attached to the gladiator as a trophy a moment earlier
(the arsenal holds one card of each suit and value). We check a different 2 (the Fighter's): suits
of hero weapon checks do not matter here. See book/rules-notes/to_the_death.md.
"""

from ttd_helpers import solo_with, uid_of

from toolkit.to_the_death.odds import attack_odds


def play_enemy_turn():
    game = solo_with("gladiator")
    gladiator = uid_of(game, "Gladiator")
    assert game.units[gladiator]["weapons"] == [("melee", 3), ("melee", 3)]
    game.apply("fighter:5")  # first melee weapon: 3 + 5 = 8, fighter suit
    # the bard (fighter) is far, the shadow mage (magician) too: the mender, the war priest, is hit;
    # no 5 in hand, so no block is offered: the hit lands at once and Trophy asks for a card
    assert game.units["a-war-priest"]["health"] == 5
    assert game.prompt.question == "trophy"
    game.apply(("trophy", "mender:2"))
    assert game.units[gladiator]["attached"] == ["mender:2"]
    game.apply("champion:7")  # second melee weapon: 3 + 7 + 1 trophy = 11 at the sellsword
    assert game.prompt.question == "block"
    assert ("block", "magician:7") in game.legal_actions()
    game.apply(("block", "magician:7"))
    assert game.units["a-sellsword"]["health"] == 6
    game.apply("magician:0")  # Dominate at the end of the first enemy turn
    assert game.units["a-shadow-mage"]["health"] == 1
    return game, gladiator


def test_enemy_turn_matches_the_rulebook():
    game, _ = play_enemy_turn()
    assert sorted(game.hands[0]) == ["champion:3", "champion:8", "fighter:6"]
    assert game.prompt.question == "main" and game.side == 0
    assert any("war priest" in line.lower() and "hit" in line for line in game.log)


def test_hero_turn_matches_the_rulebook():
    game, gladiator = play_enemy_turn()
    game.apply(("ability", "a-bard", "furious-fife", "champion:3"))
    game.apply(("target", gladiator))
    game.apply("fighter:2")  # 2 + 2 + 2 = 6 against armor 6: matching the armor is a hit
    assert game.units[gladiator]["health"] == 7
    game.apply(("ability", "a-war-priest", "great-heal", "champion:8"))
    game.apply(("hero", "a-shadow-mage"))
    # healed 1 -> 3: the box at 3 bursts (an attack); Furious Fife still gives range +2
    assert game.units["a-shadow-mage"]["health"] == 3
    assert game.prompt.question == "attack kind"
    game.apply(("attack kind", "range"))
    game.apply(("target", gladiator))
    game.apply("fighter:3")  # 0 + 3 + 2 = 5: a miss
    assert game.units[gladiator]["health"] == 7
    game.apply(("target", gladiator))
    game.apply("magician:4")  # 0 + 4 + 2 = 6: a hit
    assert game.units[gladiator]["health"] == 6
    # the burst attack was not an activation: the sellsword and the shadow mage can still act
    assert game.hands[0] == ["fighter:6"]
    assert not game.units["a-shadow-mage"]["activated"]
    assert not game.units["a-sellsword"]["activated"]
    assert game.units["a-bard"]["activated"] and game.units["a-war-priest"]["activated"]
    legal = game.legal_actions()
    assert ("attack", "a-shadow-mage", "range", "fighter:6") in legal
    assert ("rest", "a-shadow-mage", "fighter:6") in legal
    assert ("move", "a-war-priest", "fighter:6") in legal
    # the odds of the mage's attack from what the player can see: each weapon needs a 4 or more
    rows = attack_odds(game, "a-shadow-mage", "range")
    assert [row["needs"] for row in rows] == [4, 4]
    assert all(row["p_hit"] == rows[0]["p_hit"] for row in rows)
    # the magician's box at health 4 is a skill bonus: resting there triggers nothing
    assert game.skill(game.units["a-shadow-mage"]) == 4


def test_the_numbers_name_the_decision_in_the_tables_words():
    """The headline over the numbers (the widget's and ``analyse``'s) names the decision as the
    table does, not by the engine's name for the step: at the example's block, which card to
    block the hit with; and every decision of seeded solo games and duels has such words."""
    from toolkit.simulate import decision_points
    from toolkit.to_the_death.odds import decision_odds
    from toolkit.to_the_death.words import DECISIONS

    game = solo_with("gladiator")
    game.apply("fighter:5")
    game.apply(("trophy", "mender:2"))
    game.apply("champion:7")
    assert game.prompt.question == "block"
    prompt = decision_odds(game).prompt
    assert prompt.startswith("Which card to block the hit with, or take it: ")
    assert "(block)" not in prompt
    asked = {
        state.prompt.question
        for players in (1, 2)
        for state in decision_points("to-the-death", players, range(6))
    }
    assert {"main", "block", "target", "draw step"} <= asked
    assert asked <= set(DECISIONS), asked - set(DECISIONS)
