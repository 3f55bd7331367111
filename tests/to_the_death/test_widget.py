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
        if game.state.prompt is not None and game.state.prompt.question == kind:
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


def group_rows(game: ToTheDeathWidget) -> list:
    """The rows on show that open rows (a hero, a move), as (label, depth, actions under it)."""
    return [(c.label, c.depth, set(c.shows)) for c, *_ in game._rows if c.act is not None]


def open_move(game: ToTheDeathWidget, move: tuple) -> list[str]:
    """Open the rows of a main-step move paid with a card, its hero's row first: the labels of
    the rows it opens, each a legal action or the cards of equal effect that share a row."""
    state = game.state
    exactly = lambda shows: {game.move_of(a) for a in shows} == {move}  # noqa: E731
    while not any(exactly(shows) for _, _, shows in group_rows(game)):
        game.click(next(label for label, _, shows in group_rows(game) if label.endswith("▸")
                        and move in {game.move_of(a) for a in shows}))  # fmt: skip
    opener = next(label for label, _, shows in group_rows(game) if exactly(shows))
    before = set(game.buttons())
    game.click(opener)
    assert game.state.history == state.history  # opening plays nothing
    plays = {c.label for c, *_ in game._rows if c.act is None}
    return [label for label in game.buttons() if label not in before and label in plays]


def every_row(game: ToTheDeathWidget, seen: list, path: tuple = ()) -> None:
    """Open every group of the main step in turn, the groups in it too, and note each table
    shown: (the rows' labels, each play row's choice and the actions it stands for)."""
    shown = [(c.label, c.act is None, c.action, c.actions()) for c, *_ in game._rows]
    seen.append(shown)
    for label, depth, _ in group_rows(game):
        if depth != len(path) or label in path:
            continue
        game.click(label)
        opened = next(c.label for c, *_ in game._rows if c.act is not None and c.depth == depth
                      and c.label.endswith("▾"))  # fmt: skip
        every_row(game, seen, (*path, opened))
        game.click(opened)  # closed again


def main_tables(game: ToTheDeathWidget) -> list:
    seen: list = []
    every_row(game, seen)
    return seen


def test_the_buttons_are_the_legal_actions_in_the_engines_words():
    game = ToTheDeathWidget(seed=SEED)
    state = game.state
    assert state.prompt.question == "block"
    assert list(game.buttons()) == ["block with the 6 of Fighters", "take the hit"]
    until(game, "main")
    state = game.state
    legal = state.legal_actions()
    heroes = [u["name"] for u in state.heroes(0)]
    tops = [label for label, *_ in group_rows(game)]
    assert [label.split(":")[0] for label in tops] == [f"{h}'s moves" for h in heroes] + [
        "player abilities"
    ]
    assert tops[-1] == "player abilities: focus, reset, search ▸"
    assert len(game.buttons()) == len(heroes) + 2  # a hero a row, the player abilities, end
    offered: dict = {}
    for table in main_tables(game):
        for label, plays, action, actions in table:
            if plays:
                offered.setdefault(label, (action, actions))
    assert sorted(a for _, actions in offered.values() for a in actions) == sorted(legal)
    for label, (action, actions) in offered.items():
        if len(actions) == 1:
            assert label == state.action_to_string(action)
        else:
            assert action == actions[0] and "discard any one of: " in label


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
        open_move(game, move)
        under = [c for c, *_ in game._rows if c.act is None and game.move_of(c.action) == move]
        assert sorted(a for c in under for a in c.actions()) == sorted(actions)
        # a hero ability is offered only when the card's value is in the ability's range
        for action in actions:
            if action[0] == "ability":
                hero = catalog().heroes[state.units[action[1]]["card"]]
                assert hero.ability(action[2]).accepts(value_of(action[-1]))
        # the row of a group shows the best numbers of what it holds
        rank = game._ranker(game.odds)
        for choice, *_ in game._rows:
            if choice.act is not None:
                ranked = [rank(game.odds.for_action(a)) for a in choice.shows]
                if all(r is not None for r in ranked):
                    assert rank(game.shown_odds(choice)) == max(ranked)
        game.click(next(c.label for c, *_ in game._rows if c.depth == 0 and
                        c.label.endswith("▾")))  # fmt: skip


def test_the_main_step_never_shows_more_than_fifteen_rows():
    """However its rows are opened, the main step's table shows at most 15 rows at once, and
    its play rows together are every legal action, each once."""
    from toolkit.to_the_death.widget import ROW_LIMIT

    assert ROW_LIMIT == 15
    mains = 0
    for seed, options in [(SEED, {}), (7, {}), (4, {"players": 2, "opponent": "greedy"})]:
        game = ToTheDeathWidget(seed=seed, **options)
        for _ in range(20):
            until(game, "main")
            if len(game.state.legal_actions()) >= 10:  # a hand to pay with
                mains += 1
                tables = main_tables(game)
                assert max(len(table) for table in tables) <= ROW_LIMIT
                assert len(tables) > 1  # groups opened
                plays = [actions for table in tables for _, plays, _, actions in table if plays]
                assert {a for actions in plays for a in actions} == set(game.state.legal_actions())
            game.bot_decides_button.click()
            if mains % 2 == 0 and mains:
                break
    assert mains == 6


def test_cards_of_equal_effect_share_a_row():
    """Two cards of one value that pay for a move alike are one row: their numbers are the
    same (the odds module's, asked again here), and the games after them hold the same hands,
    discard pile and choices once the two cards are swapped. The row's button pays with the
    first."""
    from toolkit.to_the_death.odds import decision_odds

    game = ToTheDeathWidget(seed=SEED)
    until(game, "main")
    state = game.state
    assert sorted(state.hands[0]) == ["fighter:2", "fighter:4", "mender:4"]
    opened = open_move(game, ("attack", "a-sellsword", "melee"))
    merged = "Sellsword: melee attack (discard any one of: 4 of Fighters, 4 of Menders)"
    assert opened == ["Sellsword: melee attack (discard 2 of Fighters)", merged]
    choice = next(c for c, *_ in game._rows if c.label == merged)
    one, other = choice.actions()
    assert choice.action == one == ("attack", "a-sellsword", "melee", "fighter:4")
    odds = decision_odds(state)
    assert odds.for_action(one).odds == odds.for_action(other).odds
    swap = {"fighter:4": "mender:4", "mender:4": "fighter:4"}
    after = []
    for action in (one, other):
        game_after = state.clone()
        game_after.apply(action)
        after.append(game_after)
    renamed = lambda cards: sorted(swap.get(c, c) for c in cards)  # noqa: E731
    assert sorted(after[0].hands[0]) == renamed(after[1].hands[0]) == ["fighter:2", "mender:4"]
    assert sorted(after[0].discard) == renamed(after[1].discard)
    assert after[0].prompt.question == after[1].prompt.question == "target"  # the same choices next
    swapped = [tuple(swap.get(part, part) for part in a) for a in after[1].legal_actions()]
    assert list(after[0].legal_actions()) == swapped
    # a card of another value is never merged: the 2 keeps its own row
    assert sum("2 of Fighters" in c.label for c, *_ in game._rows if c.act is None) == 1
    told = len(game.narration)
    game.click(merged)
    assert game.state.history[-1] == one and game.narration[told].endswith("4 of Fighters)")


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
    assert state.prompt.question == "target"
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
    assert game.state.current_player() == 0 and game.state.prompt.question == "main"
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
        if prompt is not None and prompt.question == "target" and not state.is_chance_node():
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


def test_an_open_group_shows_alone_when_its_level_would_pass_the_limit(monkeypatch):
    """With room for 9 rows: the Sellsword's open attack shows without the hero's other moves
    (13 rows otherwise); closed again, the hero's moves show without the other heroes."""
    import toolkit.to_the_death.widget as module

    monkeypatch.setattr(module, "ROW_LIMIT", 9)
    game = ToTheDeathWidget(seed=SEED)
    until(game, "main")
    open_move(game, ("attack", "a-sellsword", "melee"))
    labels = [c.label for c, *_ in game._rows]
    hero = "Sellsword's moves: melee attack, rest, Hack, move, charge"
    assert labels[:4] == [
        f"{hero} ▾",
        "Sellsword: melee attack: pay with one of 3 cards ▾",
        "Sellsword: melee attack (discard 2 of Fighters)",
        "Sellsword: melee attack (discard any one of: 4 of Fighters, 4 of Menders)",
    ]
    assert [label.split("'s moves")[0] for label in labels[4:7]] == [
        "Bard",
        "Shadow Mage",
        "War Priest",
    ]
    assert labels[7:] == ["player abilities: focus, reset, search ▸", "end"]
    game.click("Sellsword: melee attack: pay with one of 3 cards ▾")
    assert [c.label for c, *_ in game._rows] == [
        f"{hero} ▾",
        "Sellsword: melee attack: pay with one of 3 cards ▸",
        "Sellsword: rest: pay with one of 3 cards ▸",
        "Sellsword: Hack: pay with one of 3 cards ▸",
        "move Sellsword: pay with one of 3 cards ▸",
        "charge Sellsword: pay with one of 3 cards ▸",
    ]
    game.click(f"{hero} ▾")
    assert len(game._rows) == 6 and game._rows[0][0].label == f"{hero} ▸"


def test_the_status_line_names_the_decision_in_the_tables_words():
    """The status line says what is asked as the table's headline does, not by the engine's
    name for the step ("Now: You, main." was shown): at the opening block, then the main step."""
    game = ToTheDeathWidget(seed=SEED)
    until(game, "block")
    status = unescape(game.status_html.value)
    assert "Now: You, which card to block the hit with, or take it." in status, status
    until(game, "main")
    status = unescape(game.status_html.value)
    assert "Now: You, what to do in the main step." in status, status


def test_a_block_marks_the_choice_that_keeps_the_heroes_health():
    """At a block no attack of yours is in play: the best is marked by the heroes' health, and
    the objective above the table says so."""
    game = ToTheDeathWidget(seed=SEED)
    assert game.state.prompt.question == "block"
    rows = {label: marked for label, _, _, marked in game.table_rows()}
    assert rows == {"block with the 6 of Fighters": True, "take the hit": False}
    assert "your heroes' health" in game.objective(game.odds)[0]
