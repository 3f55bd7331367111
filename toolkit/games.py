"""The registry of games: what the CLI, the notebooks and the simulations look a game up by.

Each game package exposes ``GAME``, a :class:`GameSpec`. A package is imported only when its game
is asked for, so a command about one game does not load the other four.
"""

from __future__ import annotations

import argparse
import copy
import importlib
import importlib.util
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: the core's modules import the registry, not the reverse
    from toolkit.analysis import DecisionOdds
    from toolkit.bots import Bot
    from toolkit.state import GameState

PACKAGES = {
    "epic-death": "toolkit.epic_death",
    "to-the-death": "toolkit.to_the_death",
    "tpk": "toolkit.tpk",
    "how-i-died": "toolkit.how_i_died",
    "death-may-die": "toolkit.death_may_die",
}


UTILITIES = {
    "zero_sum": "the returns of every finished game add up to 0 (with one player: +1 win, -1 loss)",
    "constant_sum": "the returns of every finished game add up to 1: the winners share the win",
    "cooperative": "every seat gets the same return: the table wins or loses together",
}
INFORMATION = {
    "perfect": "every seat observes the whole state",
    "imperfect": "some of the state is hidden from some seat (hands, the order of a deck)",
}


@dataclass(frozen=True)
class GameSpec:
    """What the shared tools need to know of a game.

    `bots` maps a bot name to a factory ``(seat, seed) -> Bot``. `cli` is the game's ``cli``
    module: its ``add_odds_arguments`` and ``odds`` give the game its ``death-toolkit odds``
    command (`odds` takes the parsed arguments and returns a JSON-able dict, exact probabilities as
    "p/q" strings), and its ``summarize`` turns a simulation table into the game's
    ``simulate --json`` numbers; its ``odds_lines`` and ``summary_lines`` say those in words for
    the plain output (a game without them gets one key a line).

    The fixed facts after them are OpenSpiel's GameType, in our words: how the returns relate
    (`utility`, a key of :data:`UTILITIES`), what a seat observes (`information`, of
    :data:`INFORMATION`), and `max_moves`, a bound on the length of a game that the engine keeps
    whatever its players do. Chance is explicit in every game: dice and draws are chance nodes
    with exact outcome probabilities, and only shuffles come from the state's seeded RNG. The
    contract tests hold each game to its facts.

    `variants` maps a variant's name to the class that plays it, where that is not the game's
    own class (How I Died's storytelling): a save names its variant in its config, and loads
    with that class.
    """

    slug: str
    title: str
    state_class: type[GameState]
    min_players: int
    max_players: int
    bots: Mapping[str, Callable[[int, int], Bot]]
    utility: str
    information: str
    max_moves: int
    cli: ModuleType
    options: Mapping[str, object] = field(default_factory=dict)
    variants: Mapping[str, type[GameState]] = field(default_factory=dict)
    decisions: str = "odds"  # the package's module that defines decision_odds

    @property
    def add_odds_arguments(self) -> Callable[[argparse.ArgumentParser], None]:
        return self.cli.add_odds_arguments

    @property
    def odds(self) -> Callable[[argparse.Namespace], dict]:
        return self.cli.odds

    @property
    def summarize(self) -> Callable[..., dict]:
        return self.cli.summarize

    @property
    def decision_odds(self) -> Callable[[GameState], DecisionOdds]:
        """The game's ``decision_odds`` (in its ``odds`` module unless `decisions` names another):
        the exact numbers beside each choice of the seat to act, which its widget shows and
        ``death-toolkit analyse`` prints."""
        return importlib.import_module(f"{PACKAGES[self.slug]}.{self.decisions}").decision_odds

    def describe(self, state: GameState, seat: int | None = None) -> dict:
        """What `seat` (by default the seat to act) knows of `state`, as a description of the
        position (plain data; see :mod:`toolkit.position`), from the game's ``position``
        module."""
        seat = state.current_player() if seat is None else seat
        return self._positions().describe(state, seat)

    def position(self, description: Mapping) -> GameState:
        """A state to analyse built from a description of what one seat knows: the cards it
        cannot see dealt to their places, to be dealt again as chance by that seat's view. A
        description that cannot happen raises :class:`~toolkit.position.PositionError` naming
        its field. The state remembers the description, and saves it."""
        state = self._positions().position(description)
        state.description = copy.deepcopy(dict(description))
        return state

    def picks(self, description: Mapping) -> list:
        """What a player can pick on screen to change the described position (a list of
        :class:`~toolkit.position.Pick`), from the game's ``position`` module's ``picks``; none
        where the game names no picks."""
        return list(getattr(self._positions(), "picks", lambda _: [])(description))

    @property
    def describes_positions(self) -> bool:
        """Whether the game has a ``position`` module, so that its positions can be described
        and set up (:meth:`describe`, :meth:`position`)."""
        return importlib.util.find_spec(f"{PACKAGES[self.slug]}.position") is not None

    def _positions(self) -> ModuleType:
        return importlib.import_module(f"{PACKAGES[self.slug]}.position")

    def __post_init__(self):
        if self.utility not in UTILITIES:
            raise ValueError(
                f"{self.slug}: utility {self.utility!r} is not one of {list(UTILITIES)}"
            )
        if self.information not in INFORMATION:
            raise ValueError(f"{self.slug}: information {self.information!r} is not known")

    def state_class_for(self, config: Mapping) -> type[GameState]:
        """The class that plays a saved game of this config: a variant's own (named by the
        config's ``variant``, as its class saves it) or the game's."""
        variant = config.get("variant")
        if isinstance(variant, str) and variant in self.variants:
            return self.variants[variant]
        return self.state_class

    def new_state(self, players: int, seed: int = 0, **options) -> GameState:
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} takes {self.min_players} to {self.max_players} players, not {players}"
            )
        return self.state_class(seed=seed, players=players, **{**self.options, **options})


def available() -> list[str]:
    """Slugs of the five games, in the book's order."""
    return list(PACKAGES)


@cache  # a simulation looks its game up at every game it plays
def get_game(slug: str) -> GameSpec:
    if slug not in PACKAGES:
        raise KeyError(f"unknown game {slug!r}; known games: {', '.join(PACKAGES)}")
    return importlib.import_module(PACKAGES[slug]).GAME
