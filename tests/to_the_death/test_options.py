"""The expected outcome of every option (options.py, the walk behind decision_odds), against
brute force over the engine's own chance outcomes on plain copies of the game."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ttd_helpers import solo_with

from toolkit.steps import PASS
from toolkit.to_the_death.odds import decision_odds
from toolkit.to_the_death.options import option_outcomes


def to_main(game):
    """Take the first choice (and the first card) until the main step."""
    while not (game.prompt and game.prompt.question == "main"):
        game.apply(game.legal_actions()[0])
    return game


def health(unit) -> int:
    return 0 if unit["defeated"] else unit["health"]


def brute_outcome(root, action):
    """The option's measures by enumerating every card, one by one, in every order the engine can
    draw them (the engine's own chance outcomes on plain copies: no merging, no player's view),
    with each decision on the way taken as the walk takes it: no focus bought, the most cards kept,
    then the most damage, the likeliest defeat, the most healing."""
    seat, turn = root.prompt.seat, root.turn
    foes = [u["uid"] for u in root.units.values() if u["side"] != seat and not u["defeated"]]
    mine = [u["uid"] for u in root.units.values() if u["kind"] == "hero" and u["side"] == seat]

    def measures(state):
        dealt = sum(health(root.units[u]) - health(state.units[u]) for u in foes)
        defeated = int(any(state.units[u]["defeated"] for u in foes))
        healed = sum(health(state.units[u]) - health(root.units[u]) for u in mine)
        cards = len(state.hands[seat]) - len(root.hands[seat])
        return tuple(Fraction(x) for x in (dealt, defeated, healed, cards))

    def go(state):
        if state.outcome is not None or state.turn != turn:
            return measures(state)
        if state.chance is not None:
            chance = state.chance
            if root.side != seat or chance.kind == "monster" or chance.resume == "enemy_check":
                return measures(state)
            total = [Fraction(0)] * 4
            for card, p in state.chance_outcomes():
                after = state.clone()
                after.apply(card)
                total = [t + p * x for t, x in zip(total, go(after), strict=True)]
            return tuple(total)
        kind = state.prompt.question
        if state.prompt.seat == seat and kind in ("main", "draw step", "block"):
            return measures(state)
        options = [a for a in state.legal_actions() if kind != "target" or a[0] == "target"]
        results = []
        for option in options:
            after = state.clone()
            after.apply(option)
            results.append(go(after))
        return max(results, key=lambda r: (r[3], r[0], r[1], r[2]))

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


def table(state):
    """{action: (dealt, p_defeat, healed, cards)} of every option, with no budget."""
    values, notes = option_outcomes(state, budget=float("inf"))
    assert not notes
    return {a: (v["dealt"], v["p_defeat"], v["healed"], v["cards"]) for a, v in values.items()}


def test_every_legal_action_has_an_outcome():
    state = example_main_step()
    odds = decision_odds(state)
    assert [o.action for o in odds.actions] == list(state.legal_actions())
    for shown in odds.actions:
        assert shown.note or set(shown.odds) == {"dealt", "p_defeat", "healed", "cards", "ready"}
        assert all(isinstance(v, Fraction) for v in shown.odds.values())
    assert "<table" in odds._repr_html_()


@pytest.mark.parametrize(
    "heads",
    [
        ("attack",),  # checks without replacement, the sellsword's box bonus
        ("ability",),  # Umbral Aim, Shadow Bolt's skill check, Dark Insight's draws, Great Heal
        ("rest", "move", "charge", "focus", "reset", "search", "pass"),
    ],
)
def test_outcomes_match_brute_force_over_every_order_of_cards(heads):
    state = example_main_step()
    found = table(state)
    actions = one_per_kind(state, heads)
    assert actions
    for action in actions:
        assert found[action] == brute_outcome(state, action), action


def test_great_heal_is_worth_an_attack_when_it_lifts_the_exhausted_mage_to_its_burst():
    """The rulebook's example turn: healing the exhausted shadow mage 2 puts it on its burst box,
    which lets it attack; the walk takes that hero because it does the most damage."""
    state = example_main_step()
    heal = next(
        a for a in state.legal_actions() if a[:3] == ("ability", "a-war-priest", "great-heal")
    )
    dealt, _, healed, _ = table(state)[heal]
    assert healed == 2 and dealt > 0


def test_a_focus_bought_at_a_target_choice_adds_to_the_check():
    state = example_main_step()
    attack = next(a for a in state.legal_actions() if a[:3] == ("attack", "a-shadow-mage", "range"))
    state.apply(attack)
    assert state.prompt.question == "target"
    found = table(state)
    focus = next(a for a in found if a[0] == "focus")
    target = next(a for a in found if a[0] == "target")
    assert found[focus][0] > found[target][0]
    assert found[focus][3] == found[target][3] - 1
    for action in (focus, target):
        assert found[action] == brute_outcome(state, action)


def test_block_and_draw_step_options_are_certain():
    game = solo_with("gladiator")  # the rulebook's example enemy turn, up to its block
    for action in ("fighter:5", ("trophy", "mender:2"), "champion:7"):
        game.apply(action)
    assert game.prompt.question == "block"
    found = table(game)
    damage = game.prompt.args["damage"]
    assert found[("take",)][2] == -damage
    block = next(a for a in found if a[0] == "block")
    assert found[block][2] == 0 and found[block][3] == -1
    for action, outcome in found.items():
        assert outcome == brute_outcome(game, action)
    while not (game.prompt and game.prompt.question == "draw step"):
        game.apply(PASS if PASS in game.legal_actions() else game.legal_actions()[0])
    hand = len(game.hands[0])
    for action, outcome in table(game).items():
        kept = hand - (len(action) - 1)
        assert outcome[3] == max(kept, game.hand_limit(0)) - hand
