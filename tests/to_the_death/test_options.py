"""The expected outcome of every option, against brute force over the engine and the odds module."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ttd_helpers import solo_with

from toolkit.to_the_death.odds import expected_attack_damage, monster_turn, seen_by
from toolkit.to_the_death.options import MEASURES, option_outcomes
from toolkit.to_the_death.rules import ToTheDeathState


def to_main(game):
    """Take the first choice (and the first card) until the main step."""
    while not (game.prompt and game.prompt["kind"] == "main"):
        game.apply(game.legal_actions()[0])
    return game


def health(unit) -> int:
    return 0 if unit["defeated"] else unit["health"]


def brute_outcome(root, action):
    """The option's measures by enumerating every card, one by one, in every order the engine can
    draw them (the engine's own chance outcomes on plain copies: no merging, no player's view),
    with each decision on the way taken to do the most (damage, defeat, healing, cards)."""
    seat, turn = root.prompt["seat"], root.turn
    foes = [u["uid"] for u in root.units.values() if u["side"] != seat and not u["defeated"]]
    mine = [u["uid"] for u in root.units.values() if u["kind"] == "hero" and u["side"] == seat]

    def measures(state):
        dealt = sum(health(root.units[u]) - health(state.units[u]) for u in foes)
        defeated = int(any(state.units[u]["defeated"] for u in foes))
        healed = sum(health(state.units[u]) - health(root.units[u]) for u in mine)
        cards = len(state.hands[seat]) - len(root.hands[seat])
        return tuple(Fraction(x) for x in (dealt, defeated, healed, cards))

    def go(state):
        if state.result is not None or state.turn != turn:
            return measures(state)
        if state.chance is not None:
            chance = state.chance
            if (
                root.side != seat
                or chance["kind"] == "monster"
                or chance["resume"] == "enemy_check"
            ):
                return measures(state)
            total = [Fraction(0)] * 4
            for card, p in state.chance_outcomes():
                after = state.clone()
                after.apply(card)
                total = [t + p * x for t, x in zip(total, go(after), strict=True)]
            return tuple(total)
        kind = state.prompt["kind"]
        if state.prompt["seat"] == seat and kind in ("main", "draw step", "block"):
            return measures(state)
        options = [a for a in state.legal_actions() if kind != "target" or a[0] == "target"]
        results = []
        for option in options:
            after = state.clone()
            after.apply(option)
            results.append(go(after))
        return max(results)

    start = root.clone()
    start.apply(action)
    return go(start)


def example_main_step():
    """The rulebook's example: the gladiator's first enemy turn, then the hero turn's main step."""
    return to_main(solo_with("gladiator"))


def one_per_kind(state, heads):
    """The first legal action of each (kind, hero, ability) among `heads`."""
    chosen = {}
    for action in state.legal_actions():
        if action[0] in heads:
            key = action[:3] if action[0] in ("ability", "attack") else action[:2]
            chosen.setdefault(key, action)
    return list(chosen.values())


def test_every_legal_action_has_an_outcome():
    state = example_main_step()
    table = option_outcomes(state, threat=False)
    assert [o.action for o in table] == state.legal_actions()
    for outcome in table:
        for name in MEASURES[:4]:
            assert isinstance(getattr(outcome, name), Fraction)
        assert 0 <= outcome.p_defeat <= 1
    assert "<table" in table._repr_html_()
    assert len(table.to_frame()) == len(table)


@pytest.mark.parametrize(
    "heads",
    [
        ("attack",),  # checks without replacement, the sellsword's box bonus
        ("ability",),  # Umbral Aim, Shadow Bolt's skill check, Dark Insight's draws, Great Heal
        ("rest", "move", "charge", "focus", "reset", "search", "end"),
    ],
)
def test_outcomes_match_brute_force_over_every_order_of_cards(heads):
    state = example_main_step()
    table = option_outcomes(state, threat=False).by_action()
    actions = one_per_kind(state, heads)
    assert actions
    for action in actions:
        outcome = table[action]
        assert (outcome.dealt, outcome.p_defeat, outcome.healed, outcome.cards) == brute_outcome(
            state, action
        ), action


def test_great_heal_is_worth_an_attack_when_it_lifts_the_exhausted_mage_to_its_burst():
    """The rulebook's example turn: healing the exhausted shadow mage 2 puts it on its burst box,
    which lets it attack; the walk takes that hero because it does the most damage."""
    state = example_main_step()
    heal = next(
        a for a in state.legal_actions() if a[:3] == ("ability", "a-war-priest", "great-heal")
    )
    outcome = option_outcomes(state, threat=False).by_action()[heal]
    assert outcome.healed == 2
    assert outcome.dealt > 0 and not outcome.deterministic


def test_a_focus_bought_at_a_target_choice_adds_to_the_check():
    state = example_main_step()
    attack = next(a for a in state.legal_actions() if a[:3] == ("attack", "a-shadow-mage", "range"))
    state.apply(attack)
    assert state.prompt["kind"] == "target"
    table = option_outcomes(state).by_action()
    focus = next(a for a in table if a[0] == "focus")
    target = next(a for a in table if a[0] == "target")
    assert table[focus].dealt > table[target].dealt
    assert table[focus].cards == table[target].cards - 1
    for action in (focus, target):
        got = table[action]
        assert (got.dealt, got.p_defeat, got.healed, got.cards) == brute_outcome(state, action)


@pytest.mark.parametrize("monster", ["gladiator", "goblins", "ratman"])
def test_attacks_agree_with_the_odds_module(monster):
    """Face-down goblins are unseen cards: a check may turn up any of them, as odds.py counts."""
    state = to_main(solo_with(monster, monsters=["gladiator", "goblins", "ratman", "sphinx"]))
    table = option_outcomes(state, threat=False)
    attacks = [o for o in table if o.action[0] == "attack"]
    assert attacks
    for outcome in attacks:
        uid, kind = outcome.action[1:3]
        assert outcome.dealt == expected_attack_damage(state, uid, kind)


def test_the_duel_counts_the_other_hand_as_unseen():
    state = to_main(ToTheDeathState(seed=4, players=2))
    table = option_outcomes(state)
    attacks = [o for o in table if o.action[0] == "attack"]
    assert attacks and all(o.threat is None for o in table)
    for outcome in attacks:
        assert outcome.dealt == expected_attack_damage(state, *outcome.action[1:3])


def test_the_threat_is_the_monster_turn_on_the_table_a_certain_option_leaves():
    """The draw step comes before the enemy turn: ending now is the monster turn averaged over
    every pair of cards the draw step can bring (the hand of 3 is filled to 5)."""
    state = example_main_step()
    for _ in range(2):  # two focuses spend two cards
        state.apply(next(a for a in state.legal_actions() if a[0] == "focus"))
    assert len(state.hands[0]) == 3
    table = option_outcomes(state).by_action()
    end = state.clone()
    end.apply(("end",))
    end.apply(("discard",))
    pool = sorted(end.chance_outcomes())
    total, pairs = Fraction(0), 0
    for i, (first, _) in enumerate(pool):
        for second, _ in pool[i + 1 :]:
            drawn = end.clone()
            drawn.apply(first)
            drawn.apply(second)
            total += monster_turn(drawn, block=False)["expected"]
            pairs += 1
    assert table[("end",)].threat == total / pairs
    move = next(a for a in table if a[:2] == ("move", "a-war-priest"))
    assert table[move].deterministic
    assert table[move].threat < table[("end",)].threat  # only the sellsword is left near
    attack = next(a for a in table if a[0] == "attack")
    assert table[attack].threat is None and not table[attack].deterministic


def test_block_and_draw_step_options_are_certain():
    game = solo_with("gladiator")  # the rulebook's example enemy turn, up to its block
    for action in ("fighter:5", ("trophy", "mender:2"), "champion:7"):
        game.apply(action)
    assert game.prompt["kind"] == "block"
    table = option_outcomes(game).by_action()
    damage = game.prompt["args"]["damage"]
    assert table[("take",)].healed == -damage
    block = next(a for a in table if a[0] == "block")
    assert table[block].healed == 0 and table[block].cards == -1
    assert all(o.deterministic for o in table.values())
    for action, outcome in table.items():
        assert (outcome.dealt, outcome.p_defeat, outcome.healed, outcome.cards) == brute_outcome(
            game, action
        )
    while not (game.prompt and game.prompt["kind"] == "draw step"):
        game.apply(("end",) if ("end",) in game.legal_actions() else game.legal_actions()[0])
    draws = option_outcomes(game).by_action()
    hand = len(game.hands[0])
    for action, outcome in draws.items():
        kept = hand - (len(action) - 1)
        assert outcome.cards == max(kept, game.hand_limit(0)) - hand
    assert seen_by(game)  # the draw step's table changed nothing


def test_the_widget_shows_each_options_outcome_beside_the_buttons():
    """Ticking the box shows every main-step option's exact numbers (options paid by different
    cards that come out the same share a row); the table follows each decision."""
    from html import unescape

    from toolkit.dist import as_fraction_string
    from toolkit.to_the_death.widget import ToTheDeathWidget

    game = ToTheDeathWidget(seed=3)
    assert game.outcomes_html.value == ""  # off by default: the click tests stay fast
    game.outcomes_toggle.value = True
    while game.state.prompt["kind"] != "main":
        game.bot_button.click()
    shown = unescape(game.outcomes_html.value)
    table = game.outcomes()
    assert [o.action for o in table] == game.state.legal_actions()
    assert table == option_outcomes(game.state, threat=len(game.state.monster_units()) <= 2)
    for outcome in table:
        for value in (outcome.dealt, outcome.healed, outcome.threat):
            if value:
                assert as_fraction_string(value) in shown
    assert "next enemy turn" in shown and "discard any of" in shown
    game.bot_button.click()
    assert [o.action for o in game.outcomes()] == game.state.legal_actions()
    game.outcomes_toggle.value = False
    assert game.outcomes_html.value == ""
