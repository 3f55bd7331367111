"""The To the Death! widget in Python: clicks are ``button.click()``; the odds it shows are checked
against the odds module and against counting the unseen cards by hand."""

from __future__ import annotations

import random
from html import unescape

import pytest
from widget_clicks import (
    assert_each_choice_has_its_numbers_beside_it,
    assert_stale_clicks_are_ignored,
    play_by_clicks,
)

from toolkit.html import exact
from toolkit.state import from_json
from toolkit.to_the_death.cards import catalog, value_of
from toolkit.to_the_death.widget import ToTheDeathWidget
from toolkit.widgets import BOT_DECIDES, NEW_GAME

SEED = 3  # solo: the gladiator opens; the first decision is a block, the main step comes soon
ARSENAL = sorted(catalog().arsenal)


def until(game: ToTheDeathWidget, kind: str, limit: int = 200) -> None:
    """Let the bot decide until the engine asks a `kind` question."""
    for _ in range(limit):
        if game.state.prompt is not None and game.state.prompt["kind"] == kind:
            return
        game.bot_decides_button.click()
    raise AssertionError(f"no {kind!r} decision within {limit} decisions")


def test_bad_set_up_is_refused_clearly():
    with pytest.raises(ValueError, match="1 or 2 players"):
        ToTheDeathWidget(players=3)
    with pytest.raises(ValueError, match="players=2"):
        ToTheDeathWidget(players=1, opponent="greedy")
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        ToTheDeathWidget(players=2, opponent="clever")
    with pytest.raises(ValueError, match="unknown monster 'dragon'"):
        ToTheDeathWidget(encounter="dragon")


def open_move(game: ToTheDeathWidget, move: tuple) -> list[str]:
    """Press the row of a main-step move paid with a card: the labels of the card rows it
    opens, each one legal action (a move paid with another card)."""
    state = game.state
    opener = next(c for c, *_ in game._rows if c.act is not None and
                  {game.move_of(a) for a in c.shows} == {move})  # fmt: skip
    before = set(game.buttons())
    game.click(opener.label)
    assert game.state.history == state.history  # opening plays nothing
    plays = {c.label for c, *_ in game._rows if c.act is None}
    return [label for label in game.buttons() if label not in before and label in plays]


def test_the_buttons_are_the_legal_actions_in_the_engines_words():
    game = ToTheDeathWidget(seed=SEED)
    state = game.state
    assert state.prompt["kind"] == "block"
    assert list(game.buttons()) == ["block with the 6 of Fighters", "take the hit"]
    until(game, "main")
    state = game.state
    legal = state.legal_actions()
    moves = {game.move_of(a) for a in legal}
    assert len(game.buttons()) == len(moves) < len(legal)  # a row a move, not a row a card
    offered = set()
    for move in sorted(moves, key=repr):
        cards = [a for a in legal if game.move_of(a) == move]
        if len(cards) == 1:
            offered.add(game.label(cards[0]))
            continue
        opened = open_move(game, move)
        assert len(opened) == len(cards)
        offered.update(opened)
        assert_each_choice_has_its_numbers_beside_it(game)
    assert offered == {state.action_to_string(a) for a in legal}  # every label is unique


def test_each_move_offers_the_cards_that_can_pay_for_it():
    game = ToTheDeathWidget(seed=SEED)
    until(game, "main")
    state = game.state
    by_move = {}
    for action in state.legal_actions():
        by_move.setdefault(game.move_of(action), []).append(action)
    for move, actions in by_move.items():
        if len(actions) == 1:
            continue
        opened = open_move(game, move)
        assert set(opened) == {state.action_to_string(a) for a in actions}
        # a hero ability is offered only when the card's value is in the ability's range
        for action in actions:
            if action[0] == "ability":
                hero = catalog().heroes[state.units[action[1]]["card"]]
                assert hero.ability(action[2]).accepts(value_of(action[-1]))
    # the row of a move shows the numbers of its best card
    for choice, *_ in game._rows:
        if choice.act is not None:
            best = game.shown_odds(choice)
            rank = game._ranker(game.odds)
            ranked = [rank(game.odds.for_action(a)) for a in choice.shows]
            if best is not None and all(r is not None for r in ranked):
                assert rank(best) == max(ranked)


def test_the_widget_shows_the_shared_decision_odds_and_no_pane_of_its_own():
    """Issue #14: the numbers under the choices are decision_odds (what ``analyse`` prints) at
    every human decision; the widget's own P(hit) and outcome tables are gone."""
    from toolkit.to_the_death.odds import decision_odds

    game = ToTheDeathWidget(seed=SEED)
    for _ in range(4):
        until(game, "main")
        assert game.odds == decision_odds(game.state)
        assert_each_choice_has_its_numbers_beside_it(game)
        assert not hasattr(game, "outcomes_html") and not hasattr(game, "weapon_odds")
        game.bot_decides_button.click()


def test_a_target_choice_shows_the_walks_numbers_and_the_log_repeats_them():
    from toolkit.to_the_death.odds import decision_odds

    game = ToTheDeathWidget(seed=SEED)
    until(game, "main")
    open_move(game, ("attack", "a-sellsword", "melee"))
    game.click("Sellsword: melee attack (discard 2 of Fighters)")
    state = game.state
    assert state.prompt["kind"] == "target"
    assert game.odds == decision_odds(state)
    target = next(o for o in game.odds.actions if o.label == "target: Gladiator")
    before = target.odds["dealt"]
    game.click("focus (discard 4 of Fighters)")  # +1 to this check: the expected damage rises
    after = next(o for o in game.odds.actions if o.label == "target: Gladiator").odds["dealt"]
    assert after > before and game.odds == decision_odds(game.state)
    told = len(game.narration)
    game.click("target: Gladiator")
    assert game.narration[told] == f"You: target: Gladiator (expected damage {exact(after)})"
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
    game.bot_decides_button.click()
    game.seed_input.value = 8
    game.new_game_button.click()
    assert game.seed == 8 and game.narration[0].startswith("New game, seed 8")
    assert game.state.history == ToTheDeathWidget(seed=8).state.history
    assert (game.new_game_button.description, game.bot_decides_button.description) == (
        NEW_GAME,
        BOT_DECIDES,
    )


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
    button = game.bot_decides_button
    button.click()
    decided = list(game.state.history)
    button.click()
    assert game.state.history == decided and "ignored" in game.note_html.value
    game.bot_decides_button.click()  # the button drawn for the new position acts
    assert len(game.state.history) > len(decided) and game.note_html.value == ""


def test_choosing_a_hero_says_what_the_choice_does():
    game = ToTheDeathWidget(seed=0, encounter="sphinx")
    until(game, "choose hero")
    assert "choose a hero (Riddle: it makes a skill check against 8" in unescape(game._prompt())
