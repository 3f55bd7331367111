"""And That's How I Died in a notebook: the standard game (you against 1-4 bots, or hot-seat) and
the storytelling variant as a guided mode.

Both widgets are thin views. Every rule lives in :class:`~toolkit.how_i_died.rules.HowIDiedState`
and :class:`~toolkit.how_i_died.story.StoryState`; the numbers beside the choices are the shared
pane's, :func:`toolkit.how_i_died.odds.decision_odds` (the exact walk of the rest of the turn, what
``death-toolkit analyse`` prints). A widget asks the state what is legal, shows one button per legal
choice, applies what is clicked, lets the bots move, and redraws. :meth:`HowIDiedWidget.click` does
what a button does, so a test can drive the same game in Python beside the browser.
"""

from __future__ import annotations

from html import escape

import ipywidgets as widgets

from toolkit.bots import check_bot_names
from toolkit.how_i_died.achievements import ACHIEVEMENTS
from toolkit.how_i_died.bots import BOTS
from toolkit.how_i_died.budgets import LIMIT
from toolkit.how_i_died.cards import (
    CARDS,
    TYPE_WORDS,
    TYPES,
    adventure_damage,
    adventure_glory,
    is_legendary,
)
from toolkit.how_i_died.display import story_card_html, symbol_key_html, table_html
from toolkit.how_i_died.rules import HowIDiedState, phase
from toolkit.how_i_died.story import CLOSE, StoryState
from toolkit.how_i_died.turn_odds import AIM
from toolkit.widgets import GameWidget


class HowIDiedWidget(GameWidget):
    """Play the standard game. `humans` are the seats people play (all of them for hot-seat);
    every other seat is a bot of kind `bots`."""

    css = "hid"
    walk_limit = LIMIT
    memo_bounded = True
    wait_patience = 1000

    def __init__(self, seed: int = 0, players: int = 4, humans=(0,), bots: str = "glory-greedy"):
        check_bot_names(BOTS, [bots])  # before the dropdown, which would refuse it less clearly
        self.players, self.bot_kind = players, bots
        self.stand_in = bots
        self.players_input = widgets.Dropdown(
            options=[2, 3, 4, 5], value=players, description="players", layout={"width": "160px"}
        )
        self.bots_input = widgets.Dropdown(
            options=list(BOTS), value=bots, description="bots", layout={"width": "220px"}
        )
        self.hot_seat_input = widgets.Checkbox(
            value=len(tuple(humans)) == players and players > 1, description="hot-seat (no bots)"
        )
        self.table = widgets.HTML().add_class("hid-table")
        self.prompt = widgets.HTML().add_class("hid-prompt")
        super().__init__(seed, humans, self._bot_seats(humans))

    def objective(self, odds):
        """The walk's own aim (:data:`~toolkit.how_i_died.turn_odds.AIM`): the most glory, its
        ties broken as the walk breaks them, so the row marked is the choice the walk plays."""
        return AIM if odds.measures else None

    def _bot_seats(self, humans) -> dict[int, str]:
        return {seat: self.bot_kind for seat in range(self.players) if seat not in humans}

    def _layout(self) -> list[widgets.Widget]:
        seed, new_game = self.controls.children
        settings = [self.players_input, self.bots_input, self.hot_seat_input]
        self.controls.children = (seed, *settings, new_game)
        return self.stacked([self.table, self.prompt])

    def __repr__(self) -> str:
        state = self.state
        return (
            f"HowIDiedWidget({state.players} players, humans {list(self.humans)}, "
            f"{self.bot_kind} bots, seed {state.seed}, turn {state.turn}, {phase(state)})"
        )

    # -- driving the game -----------------------------------------------------------------------
    def new_game_from_controls(self) -> None:
        self.players = self.players_input.value
        self.bot_kind = self.stand_in = self.bots_input.value
        self.humans = tuple(range(self.players)) if self.hot_seat_input.value else (0,)
        self.bot_names = self._bot_seats(self.humans)
        self.new_game()

    def _new_state(self, seed: int) -> HowIDiedState:
        return HowIDiedState(seed=seed, players=self.players)

    def _started(self) -> None:
        if not self.narration:  # a new game; a position set up or loaded says so itself
            self.narration.append(f"A new game: {self.players} players, seed {self.seed}.")
        self._told = 0  # engine log lines (mulligans, passes) already narrated
        self._tell_log()

    def _tell_log(self) -> None:
        log = self.state.log
        self.narration.extend(log[self._told :])
        self._told = len(log)

    def _apply(self, action) -> None:
        state = self.state
        seat, dead_before = state.seat, len(state.death_order)
        if state.is_chance_node():
            state.apply(action)
            self.narration.append(
                f"A tie, settled by rock-paper-scissors: {self.seat_name(action[1])} wins."
            )
            return
        said = state.action_to_string(action)  # the button's words: where the card was
        line = f"{self.seat_name(seat)}: {said}"
        if state.prompt.resume == "effect":
            line = f"{self.seat_name(seat)}, effect of {CARDS[state.resolving].name}: {said}"
        adventures = len(state.adventures[seat])
        state.apply(action)
        if len(state.adventures[seat]) > adventures:
            adventure = state.adventures[seat][-1]
            names = " → ".join(CARDS[c].name for c in adventure)
            legend = ", Legendary!" if is_legendary(adventure) else ""
            line += (
                f". Once, I… {names} ({adventure_glory(adventure)} glory, "
                f"{adventure_damage(adventure)} damage{legend})"
            )
        if len(state.death_order) > dead_before:
            line += f". …and that's how I died! ({state.damage(seat)} damage)"
            if state.claimed[seat]:
                line += f" Claims {ACHIEVEMENTS[state.claimed[seat]].name}."
        self.narration.append(line)
        self._tell_log()
        if state.is_terminal():
            scores = ", ".join(f"{self.seat_name(s)} {g}" for s, g in enumerate(state.scores()))
            tie = " (a tie broken by a die)" if state.tie_broken else ""
            winner = self.seat_name(state.winners[0])
            self.narration.append(f"Game over. {scores}. {winner} wins{tie}.")

    # -- words ----------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        who = "you" if self.humans == (seat,) else ("bot" if seat in self.bots else "")
        return f"Player {seat + 1}" + (f" ({who})" if who else "")

    def prompt_text(self) -> str:
        state = self.state
        if state.is_terminal():
            return "The game is over."
        seat = state.current_player()
        if seat not in self.humans:
            return "The bots are thinking."
        if state.prompt.resume == "build":
            kind = TYPE_WORDS[TYPES[len(state.building)]]
            kind = ("an " if kind.startswith("end") else "a ") + kind
            so_far = " → ".join(CARDS[c].name for c in state.building)
            return (
                f"{self.seat_name(seat)}: play {kind} from your hand or the Pool"
                + (f" (so far: {so_far})" if so_far else "")
                + "."
            )
        if state.prompt.resume == "effect":
            effect = state.effect()
            step = len(state.picks) + 1
            return (
                f"{self.seat_name(seat)}: effect of {CARDS[state.resolving].name}: "
                f"{effect.summary} (choice {step} of {effect.steps})"
            )
        return f"{self.seat_name(seat)}: you died. Claim one achievement you qualify for."

    # -- drawing --------------------------------------------------------------------------------
    def _draw(self) -> None:
        self.table.value = self.table_html()
        self.prompt.value = f"<b>{escape(self.prompt_text())}</b>"

    def table_html(self) -> str:
        return table_html(self.state, self.seat_name, self.viewer) + symbol_key_html()


class StoryWidget(GameWidget):
    """The storytelling variant, guided step by step for people at one screen (hot-seat).

    A turn is chosen in up to three clicks: the card (from hand or Pool), the hand card that
    replaces a Pool card, and where it goes (a new scene or covering one). A text box takes the
    words each player adds to the story, the Storyteller's closing line included; they are kept
    with the story's cards and shown again, every story, at the vote.
    """

    css = "hid-story"

    def __init__(self, seed: int = 0, players: int = 3):
        self.players = players
        self.prompt = widgets.HTML().add_class("hid-prompt")
        self.board = widgets.HTML().add_class("hid-story")
        self.words = widgets.Textarea(
            placeholder="Tell your part of the story…", layout={"width": "100%"}
        )
        super().__init__(seed, range(players), {})

    def _layout(self) -> list[widgets.Widget]:
        return self.stacked([self.prompt, self.board, self.words])

    def __repr__(self) -> str:
        state = self.state
        return (
            f"StoryWidget({state.players} players, seed {state.seed}, round {state.round + 1}, "
            f"{state.phase})"
        )

    def _new_state(self, seed: int) -> StoryState:
        return StoryState(seed=seed, players=self.players)

    def _started(self) -> None:
        self.partial: tuple = ()
        self.tales: list[list[str]] = [[] for _ in range(self.players)]  # lines told, by story

    def position(self) -> tuple:
        """A choice half made is a position of its own: its buttons are not the turn's first."""
        return (*super().position(), self.partial)

    def options(self) -> dict[str, tuple]:
        """Description -> the partial choice it makes (the full action once complete)."""
        state = self.state
        if state.phase == "vote":
            return {
                f"vote for player {seat + 1}": ("vote", seat)
                for seat in range(state.players)
                if seat != state.voter
            }
        if state.phase == "close":
            return {state.action_to_string(CLOSE): CLOSE}
        if state.phase != "story":
            return {}
        hand = state.hands[state.current_player()]
        if not self.partial:
            options = {f"{CARDS[c].name} (hand)": ("hand", c) for c in hand}
            options.update({f"{CARDS[c].name} (Pool)": ("pool", c) for c in state.pool})
            return options
        if self.partial[0] == "pool" and len(self.partial) == 2:
            return {f"leave {CARDS[c].name} in the Pool": (*self.partial, c) for c in hand}
        options = {"start the story" if not state.story else "add a new scene": (*self.partial, -1)}
        for index, scene in enumerate(state.story):
            options[f"cover {CARDS[scene[-1]].name}"] = (*self.partial, index)
        return options

    def _choices(self) -> list[widgets.Button]:
        return [
            self.bound_button(label, lambda choice=choice: self._pick(choice))
            for label, choice in self.options().items()
        ]

    def _pick(self, choice: tuple) -> None:
        """Play a complete choice (with the words typed for it), or keep a partial one."""
        state = self.state
        if choice not in state.legal_actions():
            self.partial = choice
            return
        line = f"Player {state.current_player() + 1}: {state.action_to_string(choice)}"
        words = self.words.value.strip()
        if words:
            line += f"{'' if line.endswith('!') else '.'} “{words}”"
            self.words.value = ""
        if state.phase != "vote":
            self.tales[state.storyteller].append(line)
        state.apply(choice)
        self.narration.append(line)
        self.partial = ()

    def prompt_text(self) -> str:
        state = self.state
        if state.phase == "over":
            counts = state.vote_counts()
            winners = [f"player {s + 1}" for s, r in enumerate(state.returns()) if r]
            return f"Votes: {counts}. Most entertaining: {', '.join(winners)}!"
        if state.phase == "vote":
            return (
                f"Player {state.voter + 1}: vote (in secret) for the most entertaining other "
                "player."
            )
        seat = state.current_player()
        if state.phase == "close":
            return (
                f"Round {state.round + 1}, player {seat + 1} (Storyteller): every card is down. "
                "Type your closing line, how it ended for you, and say it."
            )
        role = "Storyteller" if seat == state.storyteller else "Heckler"
        if not state.story:
            step = "lay the first card and start the story: how did it begin?"
        else:
            step = "add a twist: a new scene, or cover a card that is already there."
        if self.partial and self.partial[0] == "pool" and len(self.partial) == 2:
            step = "choose the card from your hand that takes the Pool card's place."
        elif self.partial:
            step = "where does it go?"
        return f"Round {state.round + 1}, player {seat + 1} ({role}): {step}"

    def _draw(self) -> None:
        state = self.state
        self.prompt.value = f"<b>{escape(self.prompt_text())}</b>"
        if state.phase in ("vote", "over"):
            self.board.value = self.stories_html()
            return
        viewer = state.current_player() if state.phase == "story" else None
        hand = "".join(map(story_card_html, state.hands[viewer])) if viewer is not None else ""
        pool = "".join(map(story_card_html, state.pool))
        self.board.value = (
            f"<div><b>The story so far</b>{scenes_html(state.story) or ' (none yet)'}</div>"
            f"<div><b>Pool:</b> {pool}</div>"
            + (f"<div><b>Your hand:</b> {hand}</div>" if hand else "")
        )

    def stories_html(self) -> str:
        """Every story told, its cards and its words, to look at again before the vote."""
        return "".join(
            f"<div class='hid-told-story'><b>Player {seat + 1}'s story</b>"
            + scenes_html(story)
            + "".join(f"<div><i>{escape(line)}</i></div>" for line in self.tales[seat])
            + "</div>"
            for seat, story in enumerate(self.state.stories)
        )


def scenes_html(story: list[list[str]]) -> str:
    """A story's scenes, each its visible card and the cards it covers, by name and type only
    (:func:`~toolkit.how_i_died.display.story_card_html`)."""
    return "".join(
        "<div>"
        + story_card_html(scene[-1])
        + (
            f" <i>covering {escape(', '.join(CARDS[c].name for c in scene[:-1]))}</i>"
            if len(scene) > 1
            else ""
        )
        + "</div>"
        for scene in story
    )
