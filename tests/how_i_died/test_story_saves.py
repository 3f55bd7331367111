"""The storytelling variant's saves and what its vote shows; the odds command's card ids.

A save of the storytelling variant names the game ``how-i-died`` and the variant in its config,
and loads as the variant (``from_json`` and ``death-toolkit analyse``). The storytelling rules set
banners, glory, damage and effects aside: only a card's name (and its place in a story: I, II or
III) is shown while a story is told and at the vote.
"""

from __future__ import annotations

import json
import random
import re

from how_i_died.test_cli_and_bots import run_cli

from toolkit.how_i_died.cards import CARDS
from toolkit.how_i_died.display import BANNER_COLOUR
from toolkit.how_i_died.story import StoryState
from toolkit.how_i_died.widget import HowIDiedWidget, StoryWidget
from toolkit.state import from_json


def told(widget: StoryWidget, seed: int, until: str) -> StoryWidget:
    rng = random.Random(seed)
    while widget.state.phase != until:
        widget.click(rng.choice(sorted(widget.buttons())))
    return widget


def test_a_story_save_loads_through_from_json_and_the_analyse_command(tmp_path):
    widget = told(StoryWidget(seed=3, players=4), 0, "vote")
    widget.click(sorted(widget.buttons())[0])  # one vote cast, three to come
    text = widget.save()
    assert json.loads(text)["game"] == "how-i-died"
    for loaded in (from_json(text), from_json(text, game="how-i-died")):
        assert isinstance(loaded, StoryState)
        assert loaded.history == widget.state.history
        assert loaded.observation(1) == widget.state.observation(1)
    path = tmp_path / "story.json"
    path.write_text(text)
    shown = run_cli("analyse", "how-i-died", "--state", str(path), "--json")
    assert shown.returncode == 0, shown.stderr
    result = json.loads(shown.stdout)
    assert result["seat"] == 1 and result["measures"] == {}
    assert sorted(a["label"] for a in result["actions"]) == [
        "vote for player 1",
        "vote for player 3",
        "vote for player 4",
    ]
    readable = run_cli("analyse", "how-i-died", "--state", str(path))
    assert readable.returncode == 0 and "won by the table's votes" in readable.stdout


def test_every_save_the_how_i_died_widgets_write_loads_in_the_cli(tmp_path):
    """A story told halfway and a standard game a few moves in: each save, analysed in a
    process of its own, shows the choices of the game it was saved from."""
    story = StoryWidget(seed=8, players=3)
    story.click(sorted(story.buttons())[0])
    story.click(sorted(story.buttons())[0])  # a card and where it goes: one move
    game = HowIDiedWidget(seed=8, players=3, humans=(0, 1, 2))
    for _ in range(3):
        game.click(sorted(game.buttons())[0])
    for widget in (story, game):
        path = tmp_path / "saved.json"
        path.write_text(widget.save())
        shown = run_cli("analyse", "how-i-died", "--state", str(path), "--json")
        assert shown.returncode == 0, shown.stderr
        labels = [a["label"] for a in json.loads(shown.stdout)["actions"]]
        state = widget.state
        assert labels == [state.action_to_string(a) for a in state.legal_actions()]


def test_a_story_save_is_refused_by_the_other_games_and_the_standard_widget(tmp_path):
    text = StoryWidget(seed=3, players=3).save()
    path = tmp_path / "story.json"
    path.write_text(text)
    shown = run_cli("analyse", "tpk", "--state", str(path))
    assert shown.returncode == 2
    assert shown.stderr.strip().splitlines() == [
        "death-toolkit analyse tpk: error: bad save file: game: this save is of 'how-i-died', "
        "not 'tpk'"
    ]
    standard = HowIDiedWidget(seed=1, players=3, humans=(0, 1, 2))
    before = standard.state.history
    standard.load(text)
    assert "Nothing was loaded" in standard.note_html.value
    assert standard.state.history == before


def test_two_pool_plays_that_leave_different_cards_are_told_apart():
    state = StoryState(seed=3, players=3)
    labels = [state.action_to_string(a) for a in state.legal_actions()]
    assert len(labels) == len(set(labels))


# -- the vote shows names only -----------------------------------------------------------------------
def test_the_story_and_the_vote_show_each_card_by_name_and_type_only():
    """No glory (★), damage (☠), effect (✦ or its words) or banner colour anywhere on the
    storytelling board: not while the story is told, not at the vote, not at the end."""
    widget = StoryWidget(seed=5, players=3)
    boards = []
    while not widget.state.is_terminal():
        if widget.state.phase in ("story", "vote"):
            boards.append((widget.state.phase, widget.board.value))
        widget.click(sorted(widget.buttons())[0])
    boards.append(("over", widget.board.value))
    assert {phase for phase, _ in boards} == {"story", "vote", "over"}
    for _, board in boards:
        assert not re.search("[★☠✦]", board)
        assert not any(colour in board for colour in BANNER_COLOUR.values())
        assert "title=" not in board  # an effect's words, shown on hovering
    vote = next(board for phase, board in boards if phase == "vote")
    for story in widget.state.stories:
        for scene in story:
            card = CARDS[scene[-1]]
            assert f"<b>{card.name}</b> {card.type}" in vote
