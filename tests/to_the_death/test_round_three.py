"""Two questions at one moment, a question after the game is lost, the Basilisk, and a draw step
that lists a large hand without listing every set of its cards.

The starter party is the sellsword (champion, near, armor 8), the bard (fighter, far), the shadow
mage (magician, far) and the war priest (mender, near, armor 4).
"""

import time

from ttd_helpers import end_hero_turn, feed, solo_with, uid_of, until_main

from toolkit.steps import PASS
from toolkit.to_the_death.cards import catalog
from toolkit.to_the_death.steps import enemy_check_lands

BASILISK_DECK = ["basilisk", "goblins", "ratman", "sphinx"]


# -- Resurrect and Dispel at one activation --------------------------------------------------------
def numenax_with_two_heroes():
    """Unmaker Numenax's table with the sellsword and the bard in play (a first feat, paid with
    5s, brought the bard back) and three 0s in hand for a second feat, one stone spent."""
    hand = ["fighter:5", "mender:5", "magician:5", "champion:0", "fighter:0"]
    game = solo_with("unmaker-numenax", hand=hand, encounter="unmaker-numenax")
    feed(game, ("hero", "a-sellsword"), "fighter:2", "fighter:3", "fighter:4")  # the stones
    until_main(game, ["champion:2", "champion:3"])  # 4 + 2 and 4 + 3 miss the sellsword's 8
    feed(game, ("feat", "a-sellsword", "rest", "fighter:5", "magician:5", "mender:5"))
    feed(game, ("hero", "a-bard"))
    end_hero_turn(game, ["magician:0", "champion:6", "champion:7"])
    until_main(game, ["champion:4", "champion:5"])  # 4 + 4 hits the sellsword, 4 + 5 too
    return game


def test_a_feat_paid_with_zeros_asks_resurrect_then_dispel():
    game = numenax_with_two_heroes()
    assert [h["uid"] for h in game.heroes(0)] == ["a-sellsword", "a-bard"]
    assert len(game.tokens) == 2
    feed(game, ("feat", "a-sellsword", "rest", "champion:0", "fighter:0", "magician:0"))
    # Resurrect first (the card prints it first), with its reason; Dispel is still to come
    assert game.prompt.question == "resurrect"
    assert game.prompt.why.startswith("Resurrect:")
    assert list(game.legal_actions()) == [("hero", "a-shadow-mage"), ("hero", "a-war-priest")]
    feed(game, ("hero", "a-war-priest"))
    assert not game.units["a-war-priest"]["defeated"] and len(game.tokens) == 1
    # then Dispel, which may hit the hero that has just come back
    assert game.prompt.question == "choose hero"
    assert game.prompt.why.startswith("Dispel:")
    assert {a[1] for a in game.legal_actions()} == {"a-sellsword", "a-bard", "a-war-priest"}
    assert game.units["a-sellsword"]["health"] == 4
    feed(game, ("hero", "a-sellsword"), PASS)  # Dispel's 1 lands it on its burst at 3
    assert game.units["a-sellsword"]["health"] == 5  # then the feat: rest twice
    assert game.tokens == [] and game.prompt.question == "main"


# -- nothing is asked once the game is lost ---------------------------------------------------------
def test_trophy_asks_nothing_once_the_last_hero_has_fallen():
    game = solo_with("gladiator")
    for uid in ("a-sellsword", "a-bard", "a-shadow-mage"):
        game.defeat(uid)
    game.units["a-war-priest"]["health"] = 1
    game.touch()
    feed(game, "mender:5")  # 3 + 5 against the war priest's 4: a hit, its last health
    assert game.units["a-war-priest"]["defeated"]
    assert game.returns() == [-1.0] and game.ended_by == "every hero fell"
    assert game.prompt is None and game.is_terminal()
    assert game.units[uid_of(game, "Gladiator")]["attached"] == []


def test_trophy_still_asks_when_a_hero_is_left():
    game = solo_with("gladiator")
    game.units["a-war-priest"]["health"] = 1
    game.touch()
    feed(game, "mender:5")
    assert game.units["a-war-priest"]["defeated"] and game.outcome is None
    assert game.prompt.question == "trophy"


# -- the Basilisk ------------------------------------------------------------------------------------
def test_the_basilisk_is_a_constructed_card_named_by_the_rulebook():
    basilisk = catalog().monsters["basilisk"]
    assert basilisk.name == "Basilisk" and basilisk.source == "constructed"
    assert not basilisk.king and basilisk.area == "near"


def test_the_basilisks_weapons_hit_menders_and_magicians_on_any_check():
    """The rulebook: their armor is too low for its attacks to miss them."""
    game = solo_with("basilisk", monsters=BASILISK_DECK)
    basilisk = uid_of(game, "Basilisk")
    game.units["a-shadow-mage"]["area"] = "near"
    game.touch()
    for card in catalog().arsenal:
        target, total, armor, damage, _ = enemy_check_lands(game, card, basilisk, "melee", 4)
        if target["cls"] in ("magician", "mender"):
            assert total >= armor and damage == 1, card


def test_the_basilisks_armor_takes_a_high_check_or_a_focus():
    """The rulebook: focus on the weapon checks to overcome its armor. Armor 8, 9 with Stone Skin:
    the bard's range weapon of 2 hits on a 7 or more, on a 6 with one focus."""
    game = solo_with("basilisk", monsters=BASILISK_DECK)
    basilisk = uid_of(game, "Basilisk")
    assert game.armor(game.units[basilisk]) == 9
    until_main(game, ["champion:0", "champion:2"])  # two misses against the sellsword's 8
    feed(game, ("attack", "a-bard", "range", "fighter:6"))
    feed(game, ("target", basilisk), "mender:6")
    assert game.units[basilisk]["health"] == 7  # 2 + 6 = 8 against 9: a miss
    game.units["a-bard"]["activated"] = False
    feed(game, ("focus", "champion:8"), ("attack", "a-bard", "range", "mender:2"))
    feed(game, ("target", basilisk), "magician:6")
    assert game.units[basilisk]["health"] == 6  # 2 + 6 + 1 = 9: a hit


def test_petrifying_gaze_a_hero_the_basilisk_damages_skips_its_next_activation():
    game = solo_with("basilisk", monsters=BASILISK_DECK)
    feed(game, "mender:0")  # 4 + 0 against the war priest's 4: a hit
    assert game.units["a-war-priest"]["health"] == 5
    feed(game, "champion:2")  # 4 + 2 against the sellsword's 8: a miss
    assert game.prompt.question == "main"
    assert game.units["a-war-priest"]["activated"] and not game.units["a-sellsword"]["activated"]


# -- the draw step ---------------------------------------------------------------------------------
def at_draw_step(hand_size: int):
    """The draw step of the first hero turn with a hand of `hand_size` cards (the hand's cards
    kept first, the others from the deck or put on the discard pile)."""
    game = solo_with("gladiator")
    until_main(game, ["champion:2", "champion:4"])  # 3 + 2 and 3 + 4 miss the sellsword's 8
    cards = sorted(game.hands[0]) + list(game.deck)
    game.hands[0] = cards[:hand_size]
    game.deck = tuple(cards[hand_size:])
    feed(game, PASS)
    assert game.prompt.question == "draw step"
    return game


def test_a_28_card_hand_lists_its_draw_step_quickly_and_one_option_a_card():
    game = at_draw_step(28)
    assert len(game.hands[0]) == 28
    start = time.perf_counter()
    options = game.legal_actions()
    assert time.perf_counter() - start < 0.5
    assert len(options) == 29 and options[0] == ("discard",)
    assert sorted(options[1:]) == [("discard", c) for c in sorted(game.hands[0])]


def test_every_set_of_discards_is_reached_once_and_the_hand_fills_to_5():
    game = at_draw_step(3)
    hand = sorted(game.hands[0])
    reached = []

    def walk(state, discarded):
        for option in state.legal_actions():
            after = state.clone()
            after.apply(option)
            if option == ("discard",):
                reached.append(discarded)
                assert after.chance.resume == "card_drawn"  # the draws come now
            else:
                walk(after, discarded + option[1:])

    walk(game, ())
    assert sorted(reached) == sorted(
        tuple(c for i, c in enumerate(hand) if mask >> i & 1) for mask in range(8)
    )
    feed(game, ("discard", hand[1]), ("discard",))
    while game.is_chance_node():
        game.apply(game.legal_actions()[0])
    assert len(game.hands[0]) == 5 and hand[1] in game.discard


# -- rules decided again ---------------------------------------------------------------------------
def test_search_discards_the_card_paid_and_draws_the_top_card():
    """Search's effect draws a card, and a draw is the deck's top card (see the rules notes)."""
    game = solo_with("gladiator")
    until_main(game, ["champion:2", "champion:4"])
    hand = sorted(game.hands[0])
    feed(game, ("search", "champion:3"))
    assert game.chance.kind == "card" and game.chance.resume == "card_drawn"
    assert game.prompt is None  # no card of the deck to choose
    feed(game, "magician:8")
    assert sorted(game.hands[0]) == sorted([c for c in hand if c != "champion:3"] + ["magician:8"])
    assert "champion:3" in game.discard and game.prompt.question == "main"


def numenax_alone(hand):
    game = solo_with("unmaker-numenax", hand=hand, encounter="unmaker-numenax")
    feed(game, ("hero", "a-sellsword"), "fighter:2", "fighter:3", "fighter:4")  # the stones
    return game


def test_dispel_counts_a_focus_paid_with_a_zero():
    """Player abilities are activated too (block and focus may be activated in the enemy turn)."""
    game = numenax_alone(["mender:0", "magician:7", "champion:8", "fighter:6", "champion:3"])
    until_main(game, ["champion:0", "champion:2"])
    feed(game, ("focus", "mender:0"))
    assert game.units["a-sellsword"]["health"] == 5 and len(game.tokens) == 2
    assert any("(Dispel)" in line for line in game.log)


def test_dispel_counts_a_block_paid_with_a_zero():
    game = numenax_alone(["mender:0", "magician:7", "champion:8", "fighter:6", "mender:4"])
    feed(game, "magician:4", ("block", "mender:4"))  # 4 + 4 hits the sellsword: blocked, a 4
    assert game.units["a-sellsword"]["health"] == 6 and len(game.tokens) == 3
    game = numenax_alone(["mender:0", "magician:7", "champion:8", "fighter:6", "mender:4"])
    game.units["a-sellsword"]["armor"] = 4
    feed(game, "magician:0", ("block", "mender:0"))  # 4 + 0 hits armor 4: blocked with a 0
    assert game.units["a-sellsword"]["health"] == 5 and len(game.tokens) == 2


def test_stunning_blow_gives_the_fisherman_a_second_activation_and_no_third():
    """Its closing words activate the hero: one more activation this turn, paid as usual."""
    game = solo_with("gladiator", party=["sellsword", "fisherman", "shadow-mage", "herbalist"])
    until_main(game, ["champion:2", "champion:4"])
    feed(game, ("ability", "a-fisherman", "stunning-blow", "fighter:6"))
    fisherman = game.units["a-fisherman"]
    assert not fisherman["activated"]
    feed(game, ("rest", "a-fisherman", "champion:3"))
    assert fisherman["activated"]
    assert not [
        a
        for a in game.legal_actions()
        if a[0] in ("attack", "rest", "ability", "feat") and a[1] == "a-fisherman"
    ]


def test_a_moved_hero_goes_where_the_player_puts_it_when_rows_matter():
    """The rulebook lets the player put a moved hero anywhere in its new row. Only an ability that
    reads who stands beside whom (the zombie's) makes that a question; elsewhere it goes last."""
    game = solo_with("gladiator")
    until_main(game, ["champion:2", "champion:4"])
    feed(game, ("move", "a-bard", "champion:3"))
    assert game.prompt.question == "main"
    assert [h["uid"] for h in game.row_of(game.units["a-bard"])] == [
        "a-sellsword",
        "a-war-priest",
        "a-bard",
    ]
    game = solo_with("zombie", monsters=["zombie", "mummy", "dream-slayer", "gryphon"])
    until_main(game, ["champion:0", "champion:2"])  # 3 + 0 and 3 + 2 miss the sellsword's 8
    feed(game, ("move", "a-bard", "champion:3"))
    assert game.prompt.question == "place in row"
    assert list(game.legal_actions()) == [("place", 0), ("place", 1), ("place", 2)]
    feed(game, ("place", 1))
    assert [h["uid"] for h in game.row_of(game.units["a-bard"])] == [
        "a-sellsword",
        "a-bard",
        "a-war-priest",
    ]


def test_the_duels_starting_player_is_seat_0_who_draws_3_then_fills_to_5():
    """The rulebook names no way to pick the starting player; the players pick it, and the
    engine calls the starting player player 1 (seat 0)."""
    from toolkit.to_the_death.rules import ToTheDeathState

    game = ToTheDeathState(players=2, seed=1)
    while game.is_chance_node():
        game.apply(game.legal_actions()[0])
    assert len(game.hands[0]) == 3 and len(game.hands[1]) == 5
    assert game.prompt.question == "main" and game.prompt.seat == 0 and game.side == 0
    feed(game, PASS, ("discard",))
    draws = 0
    while game.is_chance_node():
        game.apply(game.legal_actions()[0])
        draws += 1
    assert draws == 2 and len(game.hands[0]) == 5
    assert game.prompt.seat == 1 and len(game.hands[1]) == 5


# -- the conformance table: suits, text in order, progressive abilities, charging --------------------
def test_a_monster_weapons_check_attacks_the_hero_of_its_suit_and_adds_its_value():
    """Arsenal cards: the suit picks the hero a monster weapon attacks, the value is added to the
    weapon. The ratman's range weapon of 2 reaches every hero, near or far."""
    game = solo_with("ratman")
    ratman = uid_of(game, "Ratman")
    armor = {"champion": 8, "fighter": 6, "magician": 4, "mender": 4}
    for card in catalog().arsenal:
        suit, value = card.split(":")
        target, total, armor_of, damage, _ = enemy_check_lands(game, card, ratman, "range", 2)
        assert target["cls"] == suit and total == 2 + int(value), card
        assert armor_of == armor[suit] and damage == (1 if total >= armor_of else 0), card


def test_a_monster_melee_check_of_a_far_heros_suit_attacks_the_next_near_class():
    """The bard and the shadow mage are far: a melee check of their suits passes on to the next
    near class alphabetically (fighter -> magician -> mender, the war priest)."""
    game = solo_with("gladiator")
    gladiator = uid_of(game, "Gladiator")
    found = {}
    for suit in ("champion", "fighter", "magician", "mender"):
        target, *_ = enemy_check_lands(game, f"{suit}:2", gladiator, "melee", 3)
        found[suit] = target["uid"]
    assert found == {
        "champion": "a-sellsword",
        "fighter": "a-war-priest",
        "magician": "a-war-priest",
        "mender": "a-war-priest",
    }


def test_an_abilitys_text_resolves_in_the_order_written():
    """Biggest Hook You Ever Saw: the hook comes first, then the melee attack, so the attack
    swings the hook too; the fisherman attacks with three weapons, the hook last."""
    game = solo_with("gladiator", party=["sellsword", "fisherman", "shadow-mage", "herbalist"])
    gladiator = uid_of(game, "Gladiator")
    until_main(game, ["champion:2", "champion:4"])
    hand = [c for c in game.hands[0] if c.endswith(":8")]
    assert hand, game.hands[0]
    feed(game, ("ability", "a-fisherman", "biggest-hook", hand[0]))
    checks = 0
    while game.prompt and game.prompt.question == "target":
        feed(game, ("target", gladiator), ["mender:4", "mender:3", "fighter:2"][checks])
        checks += 1
    # 1 + 4 and 1 + 3 miss armor 6, the hook's 5 + 2 = 7 hits
    assert checks == 3 and game.units[gladiator]["health"] == 7


def test_shiv_from_the_defeated_pile_arms_a_later_monster_after_its_printed_weapons():
    game = solo_with("goblins", monsters=["goblins", "mummy", "ratman", "sphinx"])
    feed(game, "fighter:2", "mender:3", "champion:4", "magician:5")
    until_main(game)
    for goblin in [u for u in game.units.values() if u["name"] == "Goblin"]:
        game.defeat(goblin["uid"])
    feed(game, PASS, ("discard",))
    while game.chance.kind == "card":
        game.apply(game.legal_actions()[0])
    game.apply("mummy")
    mummy = game.units[uid_of(game, "Mummy")]
    assert "goblins" in game.pile and game.weapons(mummy) == [("melee", 2), ("melee", 1)]


def test_updraft_from_the_defeated_pile_gives_a_later_monsters_range_weapons_2():
    game = solo_with("gryphon", monsters=["gryphon", "ratman", "mummy", "sphinx"])
    until_main(game, ["champion:0", "champion:2"])  # 2 + 0 + 2 and 2 + 2 + 2 miss armor 8
    game.defeat(uid_of(game, "Gryphon"))
    feed(game, PASS)
    assert game.prompt.question == "draw step"
    feed(game, ("discard",))
    while game.chance.kind == "card":
        game.apply(game.legal_actions()[0])
    game.apply("ratman")
    ratman = game.units[uid_of(game, "Ratman")]
    assert game.weapon_bonus(ratman, "range", None) == 2
    mummy_like = {"uid": "x", "side": 1, "kind": "enemy"}
    assert game.weapon_bonus(mummy_like, "melee", None) == 0  # range weapons only


def test_a_charging_enemy_melees_a_far_hero_in_the_duel():
    """Charging enemies may melee attack far heroes: in the duel the other player's heroes are
    enemies, and one that charges reaches the far heroes with its melee weapons."""
    from toolkit.to_the_death.rules import ToTheDeathState

    game = ToTheDeathState(players=2, seed=1)
    while game.is_chance_node():
        game.apply(game.legal_actions()[0])
    feed(game, PASS, ("discard",))
    while game.is_chance_node():
        game.apply(game.legal_actions()[0])
    assert game.prompt.seat == 1
    charger = next(h for h in game.heroes(1) if h["area"] == "near" and game.weapons(h, "melee"))
    far = {h["uid"] for h in game.heroes(0) if h["area"] == "far"}
    assert not far & {u["uid"] for u in game.reachable(charger, "melee")}
    feed(game, ("charge", charger["uid"], sorted(game.hands[1])[0]))
    assert far <= {u["uid"] for u in game.reachable(charger, "melee")}


# -- options a mode does not use ---------------------------------------------------------------------
def test_an_option_the_mode_does_not_use_is_refused():
    import pytest

    from toolkit.to_the_death.rules import ToTheDeathState

    party = ["sellsword", "bard", "shadow-mage", "war-priest"]
    with pytest.raises(ValueError, match="^parties: the solo game does not use this option$"):
        ToTheDeathState(parties=[party, party])
    with pytest.raises(ValueError, match="^party: the duel does not use this option$"):
        ToTheDeathState(players=2, party=party)
    with pytest.raises(ValueError, match="^monsters: an encounter does not use this option$"):
        ToTheDeathState(encounter="goblins", monsters=["goblins", "mummy", "ratman", "sphinx"])
    assert "parties" not in ToTheDeathState(party=party).to_dict()["config"]


def test_the_numbers_beside_a_draw_step_discard_count_the_cards_drawn_after_it():
    """A discard option is measured as that card and no other, the hand then filled: from 3 cards
    every option ends at 5 (+2); from 7 cards none draws, and each discard is a card fewer."""
    from toolkit.to_the_death.options import option_outcomes

    values, notes = option_outcomes(at_draw_step(3))
    assert not notes and len(values) == 4
    assert {action: v["cards"] for action, v in values.items()} == dict.fromkeys(values, 2)
    game = at_draw_step(7)
    values, notes = option_outcomes(game)
    assert not notes and values[("discard",)]["cards"] == 0
    assert all(v["cards"] == -1 for action, v in values.items() if len(action) == 2)
