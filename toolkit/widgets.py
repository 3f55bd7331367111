"""What every game's play widget does the same way, kept once: a seed box and a New game button,
which seats people play and which bots, the loop that lets bots (and dice nobody waits for) move
until a person must choose, buttons bound to the position they were drawn for, a log, the winners
at the end, and a button that lets bots play the rest of the game.

A game's widget (``toolkit/<game>/widget.py``) subclasses :class:`GameWidget`: it makes the state,
draws the board and offers each choice with :meth:`GameWidget.button`; the rules stay in the
engine. The exact numbers beside the choices are the game's ``odds.decision_odds`` (shown under
them, the same numbers ``death-toolkit analyse`` prints); other exact numbers are shown with
:func:`toolkit.html.chance` and :func:`toolkit.html.exact`.

**A click acts only on the position its button was drawn for.** A button remembers the game and
the move it was drawn at; a click that arrives after the game moved on (the second half of a double
click, a button left on screen by a slow redraw, a click after the game ended) is ignored with a
note on screen, never applied to whoever is asked next.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from html import escape

import ipywidgets as widgets

from toolkit.analysis import DecisionOdds, WalkTooLarge
from toolkit.bots import check_bot_names, handed
from toolkit.games import get_game
from toolkit.html import listed
from toolkit.simulate import bot_seed, chance_rng, sample_outcome
from toolkit.state import Action, GameState, SaveError, from_json

# Buttons carry no icon: an icon's glyph would become part of the button's accessible name, which
# is how people using a screen reader, and the browser tests, find a button.
NEW_GAME = "New game"
ROLL = "Roll"
PLAY_OUT = "Let the bots play to the end"
BOT_DECIDES = "Let the bot decide"
UNDO = "Undo my last choice"
SAVE = "Save"
LOAD = "Load"


class GameWidget(widgets.VBox):
    """One game to play in a notebook: a subclass makes the state and draws it.

    A subclass sets :attr:`css` (the prefix of its CSS classes) and :attr:`stand_in` (the bot that
    plays a person's seat for :data:`PLAY_OUT` and makes one decision for them at
    :data:`BOT_DECIDES`), and writes:

    - :meth:`_new_state` (a fresh game for a seed) and, if it needs them, :meth:`_started` (set up
      for a new game, after the state and before the bots move) and :meth:`_apply` (narrate);
    - :meth:`_layout` (the widget's children, given the shared controls and panes);
    - :meth:`_draw` (fill the panes) and :meth:`_choices` (the buttons of the person to act, made
      with :meth:`button`, or nothing while the game is over);
    - :meth:`_waits_for_roll`, when some dice wait for a person's :data:`ROLL` button.

    ``humans`` are the seats people play; ``bots`` maps each other seat to a bot name of the
    game's :class:`~toolkit.games.GameSpec`.
    """

    css = "game"
    stand_in = "random"

    def __init__(self, seed: int, humans: Iterable[int], bots: dict[int, str]):
        self.humans = tuple(humans)
        self.bot_names = dict(bots)
        self.seed_input = widgets.IntText(value=seed, description="Seed", layout={"width": "12em"})
        self.new_game_button = widgets.Button(description=NEW_GAME).add_class(
            f"{self.css}-new-game"
        )
        self.new_game_button.on_click(lambda _: self.new_game_from_controls())
        self.controls = widgets.HBox([self.seed_input, self.new_game_button]).add_class(
            f"{self.css}-controls"
        )
        self.note_html = widgets.HTML().add_class(f"{self.css}-note")
        self.result_html = widgets.HTML().add_class(f"{self.css}-result")
        self.actions = widgets.Box(
            layout={"display": "flex", "flex_flow": "row wrap", "align_items": "flex-start"}
        ).add_class(f"{self.css}-actions")
        self.odds_html = widgets.HTML().add_class(f"{self.css}-odds")
        self.odds: DecisionOdds | None = None  # the numbers of the choices on show
        self.log_html = widgets.HTML().add_class(f"{self.css}-log")
        self.saves = self._save_controls()
        self._drawn: list[widgets.Button] = []
        self._games = 0  # games started or loaded, and undos: a button of another never acts
        super().__init__([*self._layout(), self.saves])
        self.add_class(f"{self.css}-game")
        self.new_game(seed)

    # -- what a game provides ---------------------------------------------------------------------
    def _new_state(self, seed: int) -> GameState:
        raise NotImplementedError

    def _started(self) -> None:
        """Set up what a game keeps beside the state (narration counters, caches)."""

    def _layout(self) -> list[widgets.Widget]:
        return self.stacked()

    def stacked(self, above=(), below=()) -> list[widgets.Widget]:
        """The usual order: the controls, the game's panes `above` the choices, the result, the
        note on an ignored click, the choices and the exact numbers beside them, the panes
        `below` them, the log."""
        return [
            self.controls,
            *above,
            self.result_html,
            self.note_html,
            self.actions,
            self.odds_html,
            *below,
            self.log_html,
        ]

    def _draw(self) -> None:
        """Fill the game's own panes from the state."""

    def _choices(self) -> list[widgets.Widget]:
        """The person to act's choices (buttons from :meth:`button`, perhaps grouped)."""
        state = self.state
        return [self.button(state.action_to_string(a), a) for a in state.legal_actions()]

    def _waits_for_roll(self) -> bool:
        """Whether the dice of this chance node wait for a person's :data:`ROLL` button."""
        return False

    def _odds_meanwhile(self) -> str:
        """What the pane of numbers shows while no person here decides (dice wait for the
        :data:`ROLL` button, say): nothing, unless a game has true numbers for that moment."""
        return ""

    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    # -- a game ---------------------------------------------------------------------------------
    def new_game(self, seed: int | None = None) -> None:
        """Start again; without a seed, the one in the Seed box."""
        seed = self.seed_input.value if seed is None else seed
        self.seed_input.value = seed
        self.narration: list[str] = []
        self._begin(self._new_state(seed))

    def _begin(self, state: GameState) -> None:
        """Play on from a state just made or loaded: its seed seeds the bots and the dice, as in
        a simulation, and the bots move until a person must act."""
        self._games += 1
        self.state, self.seed = state, state.seed
        spec = get_game(state.game)
        check_bot_names(spec.bots, [*self.bot_names.values(), self.stand_in])
        self.chance_rng = chance_rng(state.seed)  # the bots and dice of a simulation's game
        self.bots = {
            seat: spec.bots[name](seat, bot_seed(state.seed, seat))
            for seat, name in self.bot_names.items()
        }
        self.viewer = self.humans[0] if self.humans else 0
        self.note_html.value = ""
        self._before_choice: GameState | None = None  # where Undo goes back to
        self._started()
        self._advance()
        self.refresh()

    def new_game_from_controls(self) -> None:
        """The New game button: a game as the controls describe it (a game with more controls
        than the seed reads them here)."""
        self.new_game()

    def position(self) -> tuple:
        """What a button is bound to: this game, and the move it was drawn at."""
        return self._games, len(self.state.history)

    def _apply(self, action: Action) -> None:
        """Apply one action; a game overrides this to narrate it."""
        self.state.apply(action)

    def _roll(self) -> None:
        self._before_choice = None  # dice or a card are seen now: no taking a choice back
        self._apply(sample_outcome(self.state.chance_outcomes(), self.chance_rng))

    def _bot_move(self, bot) -> None:
        state = self.state
        seat = state.current_player()
        self._apply(bot.choose(handed(bot, state, seat), state.legal_actions()))

    def _advance(self) -> None:
        """Bots move, and dice nobody waits for are rolled, until a person must act or the game
        ends; the person asked becomes the viewer (whose hand is shown)."""
        state = self.state
        while not state.is_terminal():
            if state.is_chance_node():
                if self._waits_for_roll():
                    return
                self._roll()
                continue
            seat = state.current_player()
            if seat in self.humans:
                self.viewer = seat
                return
            self._bot_move(self.bots[seat])

    def stand_in_bot(self, seat: int):
        """The bot that stands in for the person at `seat`, seeded as a simulation's bots are."""
        return get_game(self.state.game).bots[self.stand_in](seat, bot_seed(self.seed, seat))

    def play_out(self) -> None:
        """Bots play every seat to the end of the game (people's seats with the stand-in bot)."""
        state = self.state
        stand_ins = {seat: self.stand_in_bot(seat) for seat in self.humans}
        while not state.is_terminal():
            if state.is_chance_node():
                self._roll()
            else:
                seat = state.current_player()
                self._bot_move(self.bots.get(seat) or stand_ins[seat])

    def bot_decides(self) -> None:
        """The stand-in bot makes the decision in front of the person (it is handed what they
        see, nothing more); undoable like the person's own choice."""
        self._bot_move(self.stand_in_bot(self.state.current_player()))

    # -- buttons --------------------------------------------------------------------------------
    def button(self, label: str, action: Action, tooltip: str = "", style: str = ""):
        """A button that plays `action` (a person's choice now); its tooltip carries the
        choice's exact numbers too, the same as the table under the choices."""
        numbers = self.odds and self.odds.numbers_text(action)
        tooltip = "\n".join(filter(None, [tooltip, numbers]))
        return self.bound_button(label, lambda: self._apply(action), tooltip, style)

    def bound_button(
        self, label: str, act: Callable[[], None], tooltip: str = "", style: str = ""
    ) -> widgets.Button:
        """A choice's button, bound to the position on screen now: a click does `act`, lets the
        bots move and redraws, unless the game has moved on since, when it is ignored with a note."""
        button = self.control(label, lambda: self._choose(act), tooltip, style)
        button.add_class(f"{self.css}-action")
        self._drawn.append(button)
        return button

    def control(self, label: str, act: Callable[[], None], tooltip: str = "", style: str = ""):
        """A button bound to the position on screen now that is not one of the choices (it asks
        a bot, say): made again at every redraw, like the choices."""
        button = widgets.Button(
            description=label, tooltip=tooltip, button_style=style, layout={"width": "auto"}
        )
        drawn_at = self.position()
        # a disabled button (Keep, before the right number of cards is picked) never acts,
        # though ipywidgets still calls its handlers when told to click
        button.on_click(lambda b: None if b.disabled else self._press(drawn_at, label, act))
        return button

    def _press(self, drawn_at: tuple, label: str, act: Callable[[], None]) -> None:
        if drawn_at != self.position():
            if drawn_at[0] != self._games:
                when = "an earlier game"
            elif self.state.is_terminal():
                when = "the game that has ended"
            else:
                when = "an earlier move"
            self.note_html.value = (
                f"<i>The click on “{escape(label)}” was ignored: it was made on {when}. "
                "Nothing was played; the buttons now are for the position shown.</i>"
            )
            return
        self.note_html.value = ""
        act()
        self._advance()
        self.refresh()

    def _choose(self, act: Callable[[], None]) -> None:
        """A person's choice: kept undoable until a die or a card is revealed."""
        before = self.state.clone() if self.state.current_player() in self.humans else None
        act()
        if before is not None:
            self._before_choice = before

    # -- undo, save and load --------------------------------------------------------------------
    def can_undo(self) -> bool:
        """Whether the last choice a person made can be taken back: only while nothing hidden
        (no die, no card) has been revealed since, so Undo never lets anyone peek."""
        return self._before_choice is not None and not self.state.is_terminal()

    def undo(self) -> None:
        """Go back to just before the last choice a person made; with nothing to take back (no
        choice yet, or a die or a card seen since), say so and leave the game as it is."""
        if not self.can_undo():
            self.note_html.value = (
                "<i>Nothing to take back: no choice of yours since the last die or card was "
                "revealed.</i>"
            )
            return
        self.state, self._before_choice = self._before_choice, None
        self._games += 1
        self.narration.append(f"{self.seat_name(self.state.current_player())} took a choice back.")
        self.viewer = self.state.current_player()

    def _save_controls(self) -> widgets.Widget:
        self.save_text = widgets.Textarea(
            placeholder="A saved game: Save writes it here; paste one here and press Load.",
            layout={"width": "40em", "height": "3em"},
        ).add_class(f"{self.css}-save-text")
        save, load = widgets.Button(description=SAVE), widgets.Button(description=LOAD)
        save.on_click(lambda _: self.save())
        load.on_click(lambda _: self.load(self.save_text.value))
        return widgets.HBox([save, load, self.save_text]).add_class(f"{self.css}-saves")

    def save(self) -> str:
        """The game as JSON (its seed, options and every move), shown in the save box too."""
        self.save_text.value = text = self.state.to_json()
        return text

    def load(self, text: str) -> None:
        """Play on from a saved game of this game; a bad save is a note, and the game stays. A
        save of another number of players is refused too: the widget has a person or a bot for
        each of its own seats only."""
        try:
            state = from_json(text, type(self.state))
        except SaveError as error:
            self.note_html.value = f"<i>Nothing was loaded: {escape(str(error))}</i>"
            return
        saved, seats = state.num_players, self.state.num_players
        if saved != seats:
            self.note_html.value = (
                f"<i>Nothing was loaded: the save is of a game of {saved} player(s) and this "
                f"widget seats {seats}; make one for {saved} to load it.</i>"
            )
            return
        self.narration = [
            f"Loaded a saved game (seed {state.seed}) after {len(state.history)} moves."
        ]
        self._begin(state)

    def buttons(self) -> dict[str, widgets.Button]:
        """The choices on show now, by their description (not :data:`PLAY_OUT`)."""
        return {button.description: button for button in self._drawn}

    def click(self, description: str) -> None:
        """Press the button with this description, as a person would."""
        buttons = self.buttons()
        if description not in buttons:
            raise ValueError(f"no button {description!r}; there are: {', '.join(buttons)}")
        buttons[description].click()

    # -- what is shown --------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw everything from the state."""
        self._drawn = []
        over = self.state.is_terminal()
        self.play_out_button = self.control(PLAY_OUT, self.play_out).add_class(
            f"{self.css}-play-out"
        )
        # The choices go first: a page shows them in the order they are sent, so once the rest
        # of the redraw is on screen, no button of the last position is left to click.
        undo = (
            [self.control(UNDO, self.undo).add_class(f"{self.css}-undo")] if self.can_undo() else []
        )
        self.odds = self.decision_odds()  # before the buttons, whose tooltips carry them
        helpers = [self.play_out_button, *undo]
        self.bot_decides_button = None
        if not over and not self.state.is_chance_node():
            decide = self.control(BOT_DECIDES, lambda: self._choose(self.bot_decides))
            self.bot_decides_button = decide.add_class(f"{self.css}-bot-decides")
            helpers.insert(0, decide)
        self.actions.children = [] if over else [*self._choices(), *helpers]
        if self.odds is not None:
            self.odds_html.value = self.odds._repr_html_()
        else:
            self.odds_html.value = "" if over else self._odds_meanwhile()
        self._draw()
        self.result_html.value = self._result() if over else ""
        lines = "".join(
            f'<div class="{self.css}-log-line">{escape(line)}</div>' for line in self.narration
        )
        self.log_html.value = (
            "<b>Log</b> (newest last)<div style='max-height:16em;overflow-y:auto;"
            "display:flex;flex-direction:column-reverse;font-size:12px'>"
            f"<div>{lines}</div></div>"
        )

    def decision_odds(self) -> DecisionOdds | None:
        """The exact numbers beside each choice of the person to act, from the game's
        ``odds.decision_odds`` (the numbers ``death-toolkit analyse`` prints); None while nobody
        here decides (the game over, dice to roll, a bot's turn)."""
        state = self.state
        if (
            state.is_terminal()
            or state.is_chance_node()
            or state.current_player() not in self.humans
        ):
            return None
        try:
            return get_game(state.game).decision_odds(state)
        except WalkTooLarge as error:
            return DecisionOdds(
                state.game,
                state.current_player(),
                "No exact numbers here",
                (),
                (),
                f"{error}, so none are shown rather than slow or guessed ones.",
            )

    def winners_text(self) -> str:
        """Who won and why the game ended, in the state's own terms (``winners``, ``ended_by``)."""
        state = self.state
        names = [self.seat_name(seat) for seat in state.winners or ()]
        if not names:
            who = "Nobody won"
        else:
            who = ("Winners: " if len(names) > 1 else "Winner: ") + listed(names)
        return f"{who} ({state.ended_by})." if state.ended_by else f"{who}."

    def _result(self) -> str:
        return f"<b>Game over. {escape(self.winners_text())}</b> Press {NEW_GAME} to play again."
