"""The Epic Death! widgets in Python: clicks are ``button.click()``. The numbers beside the choices
are the game's ``decision_odds`` (checked against the exact walk in ``test_decision_odds.py``);
the quest line's and the chart's are checked here against an independent calculation (plain
binomial tails, or a D6 mixture built by hand from them)."""

from __future__ import annotations

from fractions import Fraction

import pytest
import sympy
from widget_clicks import (
    assert_double_click_acts_once,
    assert_each_choice_has_its_numbers_beside_it,
    assert_stale_clicks_are_ignored,
    click_to_epic_rerolls,
    play_by_clicks,
)

from toolkit.analysis import DecisionOdds
from toolkit.dist import P, as_fraction_string
from toolkit.epic_death.decisions import EPIC, WAITING, decision_odds
from toolkit.epic_death.odds import (
    PoolModifiers,
    plain_odds,
    quest_odds,
    victory_chance,
)
from toolkit.epic_death.rules import EpicDeathState
from toolkit.epic_death.widget import EpicDeathWidget, OddsExplorer
from toolkit.widgets import NEW_GAME, ROLL

# Seed 3, two players: the human opens and holds Blessing of the War-Saint (+2 dice), Unexpected
# Reinforcements (+D6) and Cave-In (-D6), so one turn shows every kind of pool change.
SEED = 3
PLUS_TWO, PLUS_D6 = "play Blessing of the War-Saint", "play Unexpected Reinforcements"
DONE = "done with Fate cards"


def shown(game: EpicDeathWidget) -> str:
    return game.numbers_on_show()


def row(game: EpicDeathWidget, label: str) -> dict:
    """The numbers the widget shows beside the choice labelled `label`."""
    return next(odds.odds for odds in game.odds.actions if odds.label == label)


def chart_rows(chart) -> list[dict]:
    return chart.spec["data"]["values"]


def test_bad_set_up_is_refused_clearly():
    with pytest.raises(ValueError, match="2 to 5 players"):
        EpicDeathWidget(players=6)
    with pytest.raises(ValueError, match="human seat must be 0 to 1"):
        EpicDeathWidget(players=2, human=2)
    with pytest.raises(ValueError, match="unknown bot 'clever'"):
        EpicDeathWidget(bots="clever")
    with pytest.raises(ValueError, match="2 bots named for 3 bot seats"):
        EpicDeathWidget(players=4, bots=["random", "greedy"])


def test_opening_offers_the_open_quests_with_their_exact_odds():
    game = EpicDeathWidget(seed=SEED)
    state = game.state
    assert state.current_player() == 0 and state.stage() == "choose_quest"
    assert list(game.buttons()) == [state.action_to_string(a) for a in state.legal_actions()]
    for action in state.legal_actions():
        quest = state.cards.quest(action[1])
        success, exact = plain_odds(10, quest.difficulty, quest.victories)
        if quest.epic_quest:
            success -= exact
        assert as_fraction_string(success) in game.quest_line_html.value
        assert row(game, state.action_to_string(action))["success"] == success
    assert game.odds == decision_odds(state)
    assert_each_choice_has_its_numbers_beside_it(game)
    assert game.pool_odds() is None and game.chart.layout.display == "none"
    assert game.narration == ["New game, seed 3: You in seat 0, Bot 1 (greedy) in seat 1."]


def test_odds_follow_the_fate_cards_and_the_d6_mixture():
    game = EpicDeathWidget(seed=SEED)
    game.click(next(iter(game.buttons())))  # the first quest in the line
    state, quest = game.state, game.state.quest_card
    assert state.stage() == "before_roll" and state.current_player() == 0

    def plain() -> tuple[Fraction, Fraction]:
        return plain_odds(state.pool(), quest.difficulty, quest.victories)

    success, exact = plain()
    assert row(game, DONE)["success"] == success
    assert as_fraction_string(success) in shown(game)
    pool = game.pool_odds()
    assert pool.success == success and pool.exact == exact
    rows = chart_rows(game.chart)
    assert {r["Victories"]: r["exact"] for r in rows} == {
        k: f"{w}/{pool.victories.total}" for k, w in pool.victories.weights.items()
    }
    assert all(
        r["kind"] == ("success" if r["Victories"] >= quest.victories else "other") for r in rows
    )

    with_two = row(game, PLUS_TWO)["success"]
    pool = state.pool()
    game.click(PLUS_TWO)
    assert state.pool() == pool + 2
    success, exact = plain()
    assert with_two == success == row(game, DONE)["success"]
    assert as_fraction_string(success) in shown(game)
    assert game.pool_odds() == quest_odds(quest.victories, quest.difficulty, PoolModifiers(dice=2))
    with_d6 = row(game, PLUS_D6)["success"]

    game.click(PLUS_D6)  # its die waits for the Roll button: the odds are the mixture
    # (the box holds 16 dice, so the larger faces all give a pool of 16)
    assert list(game.buttons()) == [ROLL] and state.stage() == "d6"
    mixture = (
        sum(
            (
                plain_odds(min(state.pool() + face, 16), quest.difficulty, quest.victories)[0]
                for face in range(1, 7)
            ),
            Fraction(0),
        )
        / 6
    )
    assert game.pool_odds().success == mixture == with_d6
    assert game.odds is None and shown(game) == ""  # nobody decides while the die waits

    lines = len(game.narration)
    game.click(ROLL)
    assert state.stage() == "before_roll" and state.dice_change > 2
    assert "the D6 shows" in game.narration[lines]
    assert as_fraction_string(plain()[0]) in shown(game)


def test_roll_button_rolls_the_pool_and_the_log_tells_the_outcome():
    game = EpicDeathWidget(seed=SEED)
    game.click(next(iter(game.buttons())))
    game.click(DONE)
    assert list(game.buttons()) == [ROLL] and game.state.stage() == "roll"
    assert game.odds is None and game.pool_odds() is not None  # the chart, until the roll
    lines = len(game.narration)
    game.click(ROLL)
    assert len(game.narration) > lines
    assert "10 dice rolled: roll:" in game.narration[lines]
    assert "roll: 5 plain Victories" in game.narration[lines]
    # the rival bot, asked before us in the after-roll window, spoils the success with a re-roll
    # of two Victory dice; those dice, on our quest, wait for our Roll button too
    spoil = "Turn 1. Bot 1 (greedy): play Butterfingers: re-roll 2 plain Victories"
    assert game.narration[lines + 1] == spoil
    assert list(game.buttons()) == [ROLL]
    game.click(ROLL)
    assert "2 dice re-rolled" in game.narration[lines + 2]
    assert game.narration[lines + 3] == spoil  # and again
    assert game.state.victories() == 2
    assert "<b>2 Victories</b>, 4 needed" in game.roll_html.value
    assert game.pool_odds() is None and game.chart.layout.display == "none"


def test_after_the_roll_the_reroll_cards_have_odds_and_none_from_before_the_roll_stay():
    """Issue #14: after the roll there were no odds for the re-roll cards, and the odds from
    before the roll stayed on screen. Now each re-roll play has its numbers (the shared
    decision_odds), and the chart of the pool and every pre-roll number are gone."""
    game = EpicDeathWidget(seed=SEED, players=2, hot_seat=True)
    state = game.state
    click_to_epic_rerolls(game)
    assert game.odds == decision_odds(state)
    rerolls = [o for o in game.odds.actions if o.label.startswith("play ")]
    assert rerolls and all(o.odds for o in rerolls)
    for odds in rerolls:
        assert odds.label in shown(game)
    assert "before the roll" not in shown(game) + game.quest_html.value
    assert game.pool_odds() is None and game.chart.layout.display == "none"


def test_the_widget_shows_the_shared_numbers_at_every_decision():
    """Wherever a person decides, the widget's numbers are decision_odds' (what
    ``death-toolkit analyse`` prints), and there is no second odds pane."""
    game = EpicDeathWidget(seed=5, players=3, hot_seat=True)
    seen = set()
    for _ in range(150):
        state = game.state
        if state.is_terminal():
            break
        if game._waits_for_roll():
            assert game.odds is None
            game.click(ROLL)
            continue
        assert game.odds == decision_odds(state)
        assert_each_choice_has_its_numbers_beside_it(game)
        seen.add(state.stage())
        game.click(list(game.buttons())[len(state.history) % len(game.buttons()) - 1])
    assert {"choose_quest", "before_roll", "after_roll"} <= seen
    assert len(game.children) and not any(
        "ed-odds" in child._dom_classes and child is not game.odds_html
        for child in _all_widgets(game)
    )


def _all_widgets(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all_widgets(child)


def test_a_whole_game_can_be_finished_by_clicking_and_replays():
    game = EpicDeathWidget(seed=5, players=3, bots=["greedy", "random"])
    clicks = play_by_clicks(game, seed=5)
    state = game.state
    assert clicks > 10 and state.is_terminal()
    assert game.buttons() == {}
    assert game.narration[-1].startswith("Game over. Final EPIC: You ")
    assert "Game over." in game.status_html.value
    again = EpicDeathState.replay(state.seed, state.config, state.history)
    assert again.scores() == state.scores() and again.winners == state.winners


def test_same_seed_same_clicks_same_game_and_new_game_restarts():
    first, second = EpicDeathWidget(seed=8), EpicDeathWidget(seed=8)
    play_by_clicks(first, seed=1)
    play_by_clicks(second, seed=1)
    assert first.narration == second.narration
    assert first.state.history == second.state.history

    opening = EpicDeathWidget(seed=9).narration
    first.seed_input.value = 9
    assert first.new_game_button.description == NEW_GAME
    first.new_game_button.click()
    assert first.state.seed == 9 and first.narration == opening
    assert not first.state.is_terminal()


def test_bots_play_until_the_human_must_act():
    game = EpicDeathWidget(seed=4, players=3, human=2)
    state = game.state
    assert state.current_player() == 2 or game._waits_for_roll()
    assert any(line.startswith("Turn 1. Bot 0 (greedy): attempt") for line in game.narration)


def test_hot_seat_asks_every_seat_and_never_moves_alone():
    game = EpicDeathWidget(seed=SEED, players=3, hot_seat=True)
    assert game.narration == [
        "New game, seed 3: Player 0 in seat 0, Player 1 in seat 1, Player 2 in seat 2."
    ]
    game.click(next(iter(game.buttons())))
    state = game.state
    assert len(game.narration) == 2  # only the quest choice: nobody else moved
    seat = state.current_player() if not state.is_chance_node() else state.active
    assert f"Player {seat}" in game.prompt_html.value
    assert f"Player {seat}'s hand" in game.hand_html.value


def test_odds_explorer_matches_quest_odds_and_the_binomial_tail():
    explorer = OddsExplorer()
    assert explorer.odds == quest_odds(4, "mighty", base=10)
    assert as_fraction_string(explorer.odds.success) in explorer.odds_html.value

    explorer.dice.value, explorer.needed.value, explorer.difficulty.value = 12, 5, "trivial"
    success, exact = plain_odds(12, "trivial", 5)
    assert as_fraction_string(success) in explorer.odds_html.value
    assert as_fraction_string(exact) in explorer.odds_html.value
    assert explorer.symbolic().subs(P, victory_chance("trivial")) == sympy.Rational(
        success.numerator, success.denominator
    )
    assert "p^12" in explorer.symbolic_html.value
    assert as_fraction_string(success) in explorer.symbolic_html.value
    assert sum(Fraction(r["exact"]) for r in chart_rows(explorer.chart)) == 1

    explorer.plus_d6.value = 1
    assert "mixture" in explorer.symbolic_html.value
    expected = quest_odds(5, "trivial", PoolModifiers(plus_d6=1), base=12)
    assert as_fraction_string(expected.success) in explorer.odds_html.value

    explorer.plus_d6.value, explorer.dice.value, explorer.needed.value = 0, 2, 4
    assert "= impossible" in explorer.odds_html.value  # too few dice
    explorer.frenzy.value = True  # two sixes count four
    frenzy = quest_odds(4, "trivial", PoolModifiers(frenzy=True), base=2)
    assert frenzy.success == Fraction(1, 36)
    assert as_fraction_string(frenzy.success) in explorer.odds_html.value


def test_stale_clicks_are_ignored_with_a_note():
    assert_stale_clicks_are_ignored(EpicDeathWidget(seed=SEED))


def test_a_double_click_on_done_in_hot_seat_passes_for_one_seat_only():
    game = EpicDeathWidget(seed=SEED, players=3, hot_seat=True)
    game.click(next(iter(game.buttons())))
    asked = game.state.current_player()
    assert_double_click_acts_once(game, DONE)  # the second click is not the next seat's
    assert game.state.current_player() != asked and DONE in game.buttons()
    assert f"Player {game.state.current_player()}" in game.prompt_html.value


def test_the_winners_are_shown_at_the_end():
    game = EpicDeathWidget(seed=SEED)
    game.play_out_button.click()
    state = game.state
    names = " and ".join(game.seat_name(seat) for seat in state.winners)
    assert names in game.result_html.value and state.ended_by in game.result_html.value
    assert game.actions.children == ()


def test_the_roll_is_dice_and_the_dead_score_boldly():
    """The roll shows as dice (sixes ringed), the difficulty reads on its colour, and a dead
    adventurer's card is drawn plainly with "scores", never struck through (#17)."""
    from toolkit.epic_death.display import DIFFICULTY_COLOUR, adventurer_html, roll_svg
    from toolkit.epic_death.rules import EpicDeathState
    from toolkit.svg import contrast, ink_on

    dice = roll_svg(plain=2, sixes=1, failed=3)
    assert dice.count("<svg") == 6 and dice.count("ed-die six") == 1
    assert all(contrast(ink_on(c), c) >= 4.5 for c in DIFFICULTY_COLOUR.values())
    state = EpicDeathState(seed=0, players=3)
    adventurer = state.parties[0][0]
    state.alive[adventurer] = False
    drawn = adventurer_html(state, adventurer)
    assert "DEAD: scores" in drawn and "line-through" not in drawn and 'opacity="0.55"' not in drawn


def test_odds_explorer_offers_no_more_d6_cards_than_the_deck_holds():
    """The sliders went to 4 while the Fate deck holds 2 of each (the command refuses a 3rd)."""
    explorer = OddsExplorer()
    assert explorer.plus_d6.max == 2 and explorer.minus_d6.max == 2


def test_a_quest_card_never_reads_certain_for_a_chance_below_one():
    """A Trivial quest of one Victory from twelve dice (4095/4096) read 'success 100.0%'."""
    from toolkit.epic_death.cards import catalog
    from toolkit.epic_death.display import quest_html

    cards = catalog()
    quest_id = next(iter(cards.quests))
    odds = quest_odds(1, "trivial", base=12)
    assert odds.success == Fraction(4095, 4096)
    assert "success more than 99.9%" in quest_html(cards, quest_id, odds)


def test_the_set_up_panel_says_a_changed_hand_changes_no_number():
    """Epic Death!'s numbers assume no more Fate cards are played on the quest, so a hand
    changed in the Set up panel leaves every number of the quest's choice as it was: the
    panel's short copy of the numbers says so in one line (and says nothing of it while loot is
    placed, whose numbers are not of the quest's fate)."""
    game = EpicDeathWidget(seed=11, players=2, bots="greedy")
    game.describe()
    before = {a.label: a.odds for a in game.odds.actions}
    hand = game.pick_control("your hand")
    hand.value = list(hand.value)[:1]
    assert "Set up at" in game.setup_note.value, game.setup_note.value
    assert {a.label: a.odds for a in game.odds.actions} == before
    line = "The cards in hand change no number here"
    assert game.setup_numbers.value.count(line) == 1
    assert "a card you can play now is a row of its own" in game.setup_numbers.value
    assert game.in_short_note(game.odds).startswith(line)
    placing = DecisionOdds("epic-death", 0, "Where the loot goes", (EPIC, WAITING), (), "")
    assert game.in_short_note(placing) == ""
