"""The bots see only the observation. The greedy bot buys Focus only with cards its turn does not
need, and answers a "choose hero" prompt by what the choice does. The search bot plays games dealt
from the player's view (``players_view(0).determinise``): each must look to the player exactly as
the real one does, face-down cards included, also after a face-down card has been turned up (a
defeated goblin's card goes to the discard pile face up)."""

import random

import pytest
from ttd_helpers import end_hero_turn, feed, solo_with, until_main

from toolkit.bots import GreedyBot
from toolkit.simulate import sample_outcome
from toolkit.to_the_death.bots import greedy_score
from toolkit.to_the_death.rules import ToTheDeathState
from toolkit.to_the_death.study import encounter_row


def decisions(encounter: str, seed: int):
    """The player's decisions of a seeded random-bot encounter, as (state, observation)."""
    game = ToTheDeathState(seed=seed, encounter=encounter)
    rng = random.Random(seed)
    while not game.is_terminal():
        if game.is_chance_node():
            game.apply(sample_outcome(game.chance_outcomes(), rng))
            continue
        yield game, game.observation(0)
        game.apply(rng.choice(game.legal_actions()))


@pytest.mark.parametrize("encounter", ["goblins", "sekzar"])
@pytest.mark.parametrize("seed", [2, 7])  # face-down cards are turned up in these games
def test_a_dealt_game_looks_the_same_to_the_player(encounter, seed):
    most_hidden, turned_up = 0, False
    for index, (game, seen) in enumerate(decisions(encounter, seed)):
        hidden = seen["public_history"].count("?")
        most_hidden = max(most_hidden, hidden)
        turned_up |= hidden < most_hidden
        if index % 5 == 0:
            dealt = game.players_view(0).determinise(random.Random(index))
            assert dealt.observation(0) == seen
            assert dealt.legal_actions() == game.legal_actions()
    assert turned_up


def test_a_face_down_card_is_named_in_the_public_history_once_turned_up():
    for game, seen in decisions("sekzar", 0):
        hidden = [a for a in seen["public_history"] if a == "?"]
        face_down = [u for u in game.units.values() if u.get("facedown")]
        assert len(hidden) == len(face_down) + len(game.tokens)
        for card, at in game.face_down_at.items():
            assert game.history[at] == card


def test_the_search_bot_plays_an_encounter_with_face_down_cards_to_the_end():
    assert encounter_row("goblins", "search", 0)["won"]


def greedy_choice(game):
    return GreedyBot(greedy_score).choose(game.observation(0), game.legal_actions())


def sellsword_aims_at_the_gladiator(activated=()):
    """Hero turn 2 against the gladiator: the heroes `activated` have acted, and the sellsword
    attacks (paying the mender:2), its melee 3 needing a 3 against the gladiator's armor 6."""
    game = until_main(solo_with("gladiator"), ["fighter:0", "fighter:2"])
    for uid in activated:
        game.units[uid]["activated"] = True
    game.touch()
    feed(game, ("attack", "a-sellsword", "melee", "mender:2"))
    assert game.prompt.question == "target" and len(game.hands[0]) == 3
    return game


def test_the_greedy_bot_keeps_for_its_heroes_to_come_the_cards_focus_would_take():
    game = sellsword_aims_at_the_gladiator()  # three cards, three heroes still to act
    assert greedy_choice(game) == ("target", "m1-gladiator")


def test_the_greedy_bot_buys_focus_with_a_card_no_hero_needs_this_turn():
    game = sellsword_aims_at_the_gladiator(activated=["a-bard", "a-shadow-mage", "a-war-priest"])
    assert greedy_choice(game) == ("focus", "fighter:6")  # the lowest card: the draw step refills


def test_the_greedy_bot_keeps_the_most_valuable_hero_through_unmake():
    game = solo_with("unmaker-numenax", encounter="unmaker-numenax")
    game.units["a-war-priest"]["health"] = 2  # the most hurt, which the heal-minded score kept
    game.touch()
    assert game.prompt.question == "choose hero"
    # the shadow mage, far from the king's melee weapons, hits it from afar the most often
    assert greedy_choice(game) == ("hero", "a-shadow-mage")


def test_the_greedy_bot_deals_dispel_damage_to_the_healthiest_hero():
    game = solo_with(
        "unmaker-numenax",
        hand=["fighter:5", "mender:5", "magician:5", "champion:8", "fighter:6"],
        encounter="unmaker-numenax",
    )
    feed(game, ("hero", "a-sellsword"), "fighter:2", "fighter:3", "fighter:4")  # Unmake
    until_main(game, ["champion:0", "champion:2"])
    feed(game, ("feat", "a-sellsword", "rest", "fighter:5", "magician:5", "mender:5"))
    feed(game, ("hero", "a-bard"))  # resurrected with 1 health
    end_hero_turn(game, ["mender:0", "mender:2", "mender:3"])
    until_main(game, ["champion:3", "champion:4"])
    feed(game, ("attack", "a-sellsword", "melee", "mender:0"))  # Dispel: 1 damage to a hero
    assert game.prompt.question == "choose hero"
    assert greedy_choice(game) == ("hero", "a-sellsword")  # 5 health, not the bard's 1


def test_the_greedy_bot_sends_its_most_skilled_hero_to_answer_the_riddle():
    game = solo_with("sphinx")
    assert game.prompt.question == "choose hero"
    assert greedy_choice(game) == ("hero", "a-shadow-mage")  # skill 4, the best of the party
