"""The widgets driven in Python: every button leads somewhere legal, games end, controls work."""

from __future__ import annotations

import random

from widget_clicks import (
    assert_double_click_acts_once,
    assert_each_choice_has_its_numbers_beside_it,
    assert_stale_clicks_are_ignored,
)

from toolkit.how_i_died.cards import CARDS
from toolkit.how_i_died.odds import decision_odds
from toolkit.how_i_died.turn_odds import turn_walk
from toolkit.how_i_died.view import walk_view
from toolkit.how_i_died.widget import HowIDiedWidget, StoryWidget


def test_a_hot_seat_game_clicked_to_the_end():
    game = HowIDiedWidget(seed=4, players=3, humans=(0, 1, 2))
    rng = random.Random(0)
    clicks = 0
    while game.buttons():
        game.click(rng.choice(sorted(game.buttons())))
        clicks += 1
    decisions = [a for a in game.state.history if not (isinstance(a, tuple) and a[0] == "winner")]
    assert game.state.is_terminal() and clicks == len(decisions)
    assert game.narration[-1].startswith("Game over.")
    assert "The game is over." in game.prompt_text()


def test_the_log_says_the_rulebooks_words_for_each_adventure_and_each_death():
    game = HowIDiedWidget(seed=4, players=3, humans=(0, 1, 2))
    rng = random.Random(0)
    while game.buttons():
        game.click(rng.choice(sorted(game.buttons())))
    adventures = sum(len(seat) for seat in game.state.adventures)
    assert sum(". Once, I… " in line for line in game.narration) == adventures
    assert sum("…and that's how I died!" in line for line in game.narration) == 3


def test_a_mulligan_is_told_in_the_log_with_the_hand_shown():
    game = HowIDiedWidget(seed=5, players=3, humans=(0, 1, 2))
    rng = random.Random(0)
    while not game.state.log:
        game.click(rng.choice(sorted(game.buttons())))
    assert game.narration[-1] == game.state.log[0]
    assert game.narration[-1].startswith("Player 2 cannot make an adventure: shows their hand (")


def test_the_numbers_beside_the_choices_are_decision_odds_and_no_other_pane():
    """The widget shows the shared exact numbers (the walk of the rest of the turn) and no
    P(Legendary) pane of its own beside them."""
    game = HowIDiedWidget(seed=11, players=4, humans=(0,), bots="lookahead")
    rng = random.Random(1)
    for _ in range(4):
        assert game.odds == decision_odds(game.state)
        assert_each_choice_has_its_numbers_beside_it(game)
        page = game.table.value + game.prompt.value + game.numbers_on_show()
        assert "can be built now" not in page and "expected adventures until death" not in page
        game.click(rng.choice(sorted(game.buttons())))
    assert not hasattr(game, "odds_panel")


def test_the_controls_start_the_game_they_describe():
    game = HowIDiedWidget(seed=2)
    game.players_input.value = 3
    game.hot_seat_input.value = True
    game.seed_input.value = 9
    game.new_game_button.click()
    assert (game.state.players, game.humans, game.state.seed) == (3, (0, 1, 2), 9)
    game.hot_seat_input.value = False
    game.bots_input.value = "survivor"
    game.new_game_button.click()
    assert game.humans == (0,) and set(game.bots) == {1, 2}


def test_the_story_is_told_by_clicks_and_ends_with_the_vote():
    story = StoryWidget(seed=3, players=3)
    rng = random.Random(1)
    story.words.value = "Long ago, I went looking for trouble."
    story.click(sorted(story.buttons())[0])
    while story.buttons():
        story.click(rng.choice(sorted(story.buttons())))
    assert story.state.phase == "over"
    assert story.narration[0].endswith("“Long ago, I went looking for trouble.”")
    assert story.prompt_text().startswith("Votes:")


def test_the_storyteller_closes_each_story_and_the_vote_shows_them_all():
    story = StoryWidget(seed=3, players=3)
    rng = random.Random(2)
    while story.state.phase != "close":
        story.click(rng.choice(sorted(story.buttons())))
    assert "(Storyteller): every card is down" in story.prompt_text()
    assert list(story.buttons()) == ["…and that's how I died!"]
    story.words.value = "The dwarf was a gargoyle all along."
    story.click("…and that's how I died!")
    assert story.narration[-1] == (
        "Player 1: …and that's how I died! “The dwarf was a gargoyle all along.”"
    )
    while story.state.phase != "vote":
        story.click(rng.choice(sorted(story.buttons())))
    board = story.board.value
    assert all(f"Player {seat}'s story" in board for seat in (1, 2, 3))
    assert "The dwarf was a gargoyle all along." in board
    for scene in story.state.stories[2]:
        assert CARDS[scene[-1]].name in board


def test_stale_clicks_are_ignored_with_a_note():
    assert_stale_clicks_are_ignored(HowIDiedWidget(seed=11, players=4, humans=(0,)))


def test_a_double_click_on_skip_the_effect_skips_one_effect():
    game = HowIDiedWidget(seed=4, players=3, humans=(0, 1, 2))
    rng = random.Random(0)
    while "skip the effect" not in game.buttons():
        game.click(rng.choice(sorted(game.buttons())))
    assert_double_click_acts_once(game, "skip the effect")


def test_a_story_choice_half_made_is_a_position_of_its_own():
    story = StoryWidget(seed=3, players=3)
    pool_card = next(label for label in story.buttons() if label.endswith("(Pool)"))
    button = story.buttons()[pool_card]
    button.click()
    assert story.partial and story.narration == []
    button.click()  # a second click on the card: the half-made choice is not chosen again
    assert "ignored" in story.note_html.value and len(story.partial) == 2
    assert_stale_clicks_are_ignored(story)


def test_a_button_and_its_row_of_numbers_read_the_same_and_a_bots_move_is_not_yours():
    """Issue #17: a bot's move was logged as '(your hand)', and the buttons' words differed from
    the rows of the numbers under them. Both now come from the state's action_to_string."""
    game = HowIDiedWidget(seed=11, players=4, humans=(0,), bots="glory-greedy")
    rng = random.Random(1)
    for _ in range(12):
        assert list(game.buttons()) == [row[0] for row in game.odds.rows()]
        game.click(rng.choice(sorted(game.buttons())))
    bot_lines = [line for line in game.narration if "(bot)" in line]
    assert bot_lines and not any("your" in line for line in bot_lines)
    assert any(line.endswith("(hand)") for line in bot_lines)


def test_the_table_has_a_key_to_the_symbols():
    table = HowIDiedWidget(seed=11).table.value
    for mark in ("★ glory", "☠ damage", "✦ has an effect", "Legendary", "hid-trophy"):
        assert mark in table


def test_the_row_marked_best_is_the_choice_the_walk_plays():
    """The ★ follows the walk's own aim, glory first and its ties broken as the walk breaks them
    (least damage, then staying alive), not glory alone: where choices tie on glory, only those
    the walk would take are marked. Checked against the walk's values at each decision of a
    hot-seat game where every choice is answered (at the fifth, the most glory alone would mark
    a choice the walk does not take)."""
    game = HowIDiedWidget(seed=4, players=3, humans=(0, 1, 2))
    rng = random.Random(1)
    checked = 0
    while game.buttons() and checked < 8:
        seat = game.state.current_player()
        rows = game.table_rows()
        if game.odds.measures and all(cells and "–" not in cells for _, cells, _, _ in rows):
            view = walk_view(game.state.players_view(seat))
            values = turn_walk(view, seat, 10**9, [0]).options(view)
            top = max(values.values())
            best = {game.state.action_to_string(a) for a, v in values.items() if v == top}
            marked = {label for label, _, _, star in rows if star}
            assert marked == (best if len(set(values.values())) > 1 else set()), (best, marked)
            assert not marked or "ties: the least damage" in game.numbers_on_show()
            checked += len(marked) > 0
        game.click(rng.choice(sorted(game.buttons())))
    assert checked == 8
