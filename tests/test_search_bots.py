"""The core search bot (:mod:`toolkit.search`), registered as ``search`` in every game: it plays
seeded games to the end through the protocol, replays from its seed, is handed only its seat's
view, and plays the same whatever lies face down where its seat cannot see."""

from __future__ import annotations

import random

import pytest

from toolkit.bots import handed
from toolkit.games import available, get_game
from toolkit.search import SearchBot
from toolkit.simulate import decision_points, play_seeded
from toolkit.state import from_json

# A short game of each (To the Death!'s whole solo game is hundreds of searched turns).
SHORT = {"to-the-death": {"encounter": "goblins"}}
CASES = [(slug, get_game(slug).min_players) for slug in available()] + [("to-the-death", 2)]
IDS = [f"{slug}-{players}" for slug, players in CASES]


def opponents(slug: str, players: int) -> list[str]:
    return ["search"] + ["random"] * (players - 1)


@pytest.mark.parametrize("slug", available())
def test_every_game_registers_the_core_search_bot(slug):
    assert isinstance(get_game(slug).bots["search"](0, 0), SearchBot)


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_search_plays_to_the_end_and_replays_from_its_seed(slug, players):
    options = SHORT.get(slug, {}) if players == 1 else {}
    names = opponents(slug, players)
    game = play_seeded(slug, players, names, 3, **options)
    assert game.is_terminal()
    again = play_seeded(slug, players, names, 3, **options)
    assert again.history == game.history
    assert from_json(game.to_json()).result_summary() == game.result_summary()


@pytest.mark.parametrize(("slug", "players"), CASES, ids=IDS)
def test_search_is_handed_only_the_view_and_ignores_what_lies_face_down(slug, players):
    """At decisions of a seeded game, the bot is handed the seat's ``players_view`` (a spy
    records what ``handed`` gives it), and a game whose hidden cards were dealt otherwise (a
    determinisation of that view: the seat sees the same) gets the same move from it."""
    spec = get_game(slug)
    checked = 0
    for state in decision_points(slug, players, [1]):
        seat = state.current_player()
        if len(state.legal_actions()) < 2 or len(state.history) % 5:
            continue
        bot = spec.bots["search"](seat, 9)
        given = handed(bot, state, seat)
        assert type(given).__name__.endswith(("State", "View")) and given is not state
        assert given.observation(seat) == state.observation(seat)
        move = bot.choose(given, state.legal_actions())
        other = state.players_view(seat).determinise(random.Random(checked))
        if slug != "how-i-died":  # its view follows the game's history, which a deal has not
            assert other.observation(seat) == state.observation(seat)
            twin = spec.bots["search"](seat, 9)
            assert twin.choose(handed(twin, other, seat), other.legal_actions()) == move
        checked += 1
        if checked == 3:
            break
    assert checked
