"""The To the Death! widget in Python: clicks are ``button.click()``; the odds it shows are checked
against the odds module and against counting the unseen cards by hand."""

from __future__ import annotations

import random
from fractions import Fraction
from html import unescape

import pytest
from widget_clicks import assert_stale_clicks_are_ignored, play_by_clicks

from toolkit.dist import as_fraction_string
from toolkit.html import chance
from toolkit.state import from_json
from toolkit.to_the_death.cards import catalog, value_of
from toolkit.to_the_death.odds import attack_odds, p_hit, seen_by
from toolkit.to_the_death.widget import BOT_MOVE, ToTheDeathWidget
from toolkit.widgets import NEW_GAME

SEED = 3  # solo: the gladiator opens; the first decision is a block, the main step comes soon
ARSENAL = sorted(catalog().arsenal)


def until(game: ToTheDeathWidget, kind: str, limit: int = 200) -> None:
    """Let the bot decide until the engine asks a `kind` question."""
    for _ in range(limit):
        if game.state.prompt is not None and game.state.prompt["kind"] == kind:
            return
        game.bot_button.click()
    raise AssertionError(f"no {kind!r} decision within {limit} decisions")


def counted_p_hit(state, seat: int, weapon: int, bonus: int, armor: int) -> Fraction:
    """P(hit) by counting: every arsenal card the seat cannot see is equally likely next."""
    seen = set(state.hands[seat]) | set(state.discard)
    for unit in state.units.values():
        seen |= set(unit["attached"])
    unseen = [card for card in ARSENAL if card not in seen]
    return Fraction(sum(weapon + value_of(c) + bonus >= armor for c in unseen), len(unseen))


def test_bad_set_up_is_refused_clearly():
    with pytest.raises(ValueError, match="1 or 2 players"):
        ToTheDeathWidget(players=3)
    with pytest.raises(ValueError, match="players=2"):
        ToTheDeathWidget(players=1, opponent="greedy")
    with pytest.raises(ValueError, match="unknown duel bot 'search'"):
        ToTheDeathWidget(players=2, opponent="search")
    with pytest.raises(ValueError, match="unknown monster 'dragon'"):
        ToTheDeathWidget(encounter="dragon")


def test_the_buttons_are_the_legal_actions_in_the_engines_words():
    game = ToTheDeathWidget(seed=SEED)
    state = game.state
    assert state.prompt["kind"] == "block"
    assert list(game.buttons()) == ["block with fighter:6", "take the hit"]
    until(game, "main")
    state = game.state
    legal = state.legal_actions()
    assert sorted(game.buttons()) == sorted(state.action_to_string(a) for a in legal)
    assert len(game.buttons()) == len(legal)  # every label is unique


def test_each_card_offers_what_it_can_pay_for():
    game = ToTheDeathWidget(seed=SEED)
    until(game, "main")
    state = game.state
    groups = [g for g in game.actions.children if "ttd-card-group" in g._dom_classes]
    assert len(groups) == len(state.hands[0])
    for group, card in zip(groups, sorted(state.hands[0], key=value_of), strict=True):
        assert card in group.children[0].value
        labels = {button.description for button in group.children[1].children}
        paid = {state.action_to_string(a) for a in state.legal_actions() if a[-1] == card}
        assert labels == paid
        # a hero ability is offered only when the card's value is in the ability's range
        for action in state.legal_actions():
            if action[0] == "ability" and action[-1] == card:
                hero = catalog().heroes[state.units[action[1]]["card"]]
                assert hero.ability(action[2]).accepts(value_of(card))


def test_main_step_odds_are_the_odds_module_and_the_count_of_unseen_cards():
    game = ToTheDeathWidget(seed=SEED)
    until(game, "main")
    state = game.state
    rows = game.attack_rows()
    assert {(r["uid"], r["kind"]) for r in rows} == {
        (a[1], a[2]) for a in state.legal_actions() if a[0] == "attack"
    }
    shown = game.odds_html.value
    for row in rows:
        assert row["p_hit"] == attack_odds(state, row["uid"], row["kind"])[row["weapon"]]["p_hit"]
        foe = state.units[row["target"]]
        assert row["p_hit"] == counted_p_hit(state, 0, row["value"], row["bonus"], state.armor(foe))
        assert as_fraction_string(row["p_hit"]) in shown
    unseen = 32 - len(seen_by(state, 0))
    assert f"one of the <b>{unseen}</b> cards you cannot see" in shown


def test_a_weapons_odds_are_shown_before_its_check_and_told_in_the_log():
    game = ToTheDeathWidget(seed=SEED)
    until(game, "main")
    game.click("Sellsword: melee attack (discard fighter:2)")
    state = game.state
    assert state.prompt["kind"] == "target"
    gladiator = next(u for u in state.units.values() if u["name"] == "Gladiator")
    sellsword = state.units["a-sellsword"]
    bonus = state.weapon_bonus(sellsword, "melee", gladiator)
    before = counted_p_hit(state, 0, 3, bonus, state.armor(gladiator))
    assert game.weapon_odds() == {gladiator["uid"]: before}
    assert before == p_hit(3, state.armor(gladiator), bonus, seen_by(state, 0))
    assert as_fraction_string(before) in game.odds_html.value
    game.click("focus (discard fighter:4)")  # +1 to this check: the odds rise at once
    after = counted_p_hit(state, 0, 3, bonus + 1, state.armor(gladiator))
    assert after > before and game.weapon_odds() == {gladiator["uid"]: after}
    assert "with focus +1" in game.odds_html.value
    assert as_fraction_string(after) in game.odds_html.value
    told = len(game.narration)
    game.click("target: Gladiator")
    assert game.narration[told] == f"You: target: Gladiator (P(hit) {chance(after)})"
    check = game.narration[told + 1]
    assert check.startswith("Sellsword's melee weapon checks ") and (
        "hit" in check or "miss" in check
    )


def test_the_same_seed_and_clicks_give_the_same_game():
    first, second = ToTheDeathWidget(seed=SEED), ToTheDeathWidget(seed=SEED)
    rng = random.Random(0)
    for _ in range(40):
        choice = rng.choice(sorted(first.buttons()))
        first.click(choice)
        second.click(choice)
    assert first.narration == second.narration
    assert first.state.history == second.state.history


def test_an_encounter_is_finished_by_clicking_and_replays():
    game = ToTheDeathWidget(seed=5, encounter="gladiator")
    clicks = play_by_clicks(game, seed=5)
    assert clicks > 10 and game.state.is_terminal()
    assert game.buttons() == {} and "Game over" in game.status_html.value
    assert game.narration[-1] in (
        "The monster king is defeated: you win!",
        "Every hero is defeated: the monsters win.",
    )
    assert from_json(game.state.to_json()).log == game.state.log


def test_a_hot_seat_duel_is_finished_by_clicking_without_telling_draws():
    game = ToTheDeathWidget(seed=2, players=2, max_turns=12)
    assert "Player 1's hand" in unescape(game.hand_html.value)
    play_by_clicks(game, seed=2)
    assert game.state.is_terminal()
    assert not any("draw the" in line for line in game.narration)
    assert any(line == "Player 2 draws a card." for line in game.narration)


def test_a_duel_bot_plays_player_two_at_once():
    game = ToTheDeathWidget(seed=4, players=2, opponent="greedy")
    assert game.state.current_player() == 0 and game.state.prompt["kind"] == "main"
    game.click("end")
    game.click("discard nothing")
    # the bot's whole turn has been played: player 1 is asked again (a block, a burst or a turn)
    assert game.state.current_player() == 0
    assert any(line.startswith("-- Hero turn 2 (player 2)") for line in game.narration)
    assert "Player 1's hand" in unescape(game.hand_html.value)


def test_enemies_sharing_a_name_are_told_apart():
    game = ToTheDeathWidget(seed=5, encounter="goblins")
    until(game, "target")
    labels = [b for b in game.buttons() if b.startswith("target: ")]
    assert len(labels) > 1 and len(set(labels)) == len(labels)
    assert all(label.startswith("target: Goblin ") for label in labels)
    assert "Goblin 1" in game.board_html.value


def test_new_game_takes_the_seed_box():
    game = ToTheDeathWidget(seed=SEED)
    game.bot_button.click()
    game.seed_input.value = 8
    game.new_game_button.click()
    assert game.seed == 8 and game.narration[0].startswith("New game, seed 8")
    assert game.state.history == ToTheDeathWidget(seed=8).state.history
    assert (game.new_game_button.description, game.bot_button.description) == (NEW_GAME, BOT_MOVE)


def test_the_observed_prompt_keeps_its_own_kind_at_a_target_choice():
    from toolkit.simulate import sample_outcome
    from toolkit.to_the_death.rules import ToTheDeathState

    state = ToTheDeathState(seed=3, players=1)
    rng = random.Random(3)
    for _ in range(400):
        if state.is_terminal():
            break
        prompt = state.prompt
        if prompt is not None and prompt["kind"] == "target" and not state.is_chance_node():
            observed = state.observation(state.current_player())["prompt"]
            assert observed["kind"] == "target"
            return
        if state.is_chance_node():
            state.apply(sample_outcome(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no target choice met in 400 moves")


def test_stale_clicks_are_ignored_with_a_note():
    assert_stale_clicks_are_ignored(ToTheDeathWidget(seed=5, encounter="gladiator"))


def test_a_double_click_on_let_the_bot_decide_makes_one_decision():
    game = ToTheDeathWidget(seed=SEED)
    button = game.bot_button
    button.click()
    decided = list(game.state.history)
    button.click()
    assert game.state.history == decided and "ignored" in game.note_html.value
    game.bot_button.click()  # the button drawn for the new position acts
    assert len(game.state.history) > len(decided) and game.note_html.value == ""


def test_choosing_a_hero_says_what_the_choice_does():
    game = ToTheDeathWidget(seed=0, encounter="sphinx")
    until(game, "choose hero")
    assert "choose a hero (Riddle: it makes a skill check against 8" in unescape(game._prompt())
