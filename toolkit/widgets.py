"""What every game's play widget does the same way, kept once: a seed box and a New game button,
which seats people play and which bots, the loop that lets bots (and dice nobody waits for) move
until a person must choose, buttons bound to the position they were drawn for, a log, the winners
at the end, and a button that lets bots play the rest of the game.

A game's widget (``toolkit/<game>/widget.py``) subclasses :class:`GameWidget`: it makes the state,
draws the board and offers each choice with :meth:`GameWidget.button`; the rules stay in the
engine. A decision is one table (:meth:`GameWidget.choice_table`): a row a choice, its button and
beside it its numbers, the game's ``decision_odds`` (the numbers ``death-toolkit analyse``
prints), a percentage over the exact fraction, the best by the widget's stated objective marked ★.
What the widget's budget cannot answer at once reads "counting..." while more patient walks of
the same kind (``analyse --patience``) run in a background thread on a copy of the game, each
answer filling its row as it comes; a move calls the walk of the old position off. Other exact
numbers are shown with :func:`toolkit.html.chance` and :func:`toolkit.html.exact`.

Under the game, a **Set up a position** panel writes the position on screen as the player to act
sees it (YAML, the fields of the game's rules notes) and sets up a position edited there: its
numbers fill the table at once and the game plays on from it; a description that cannot happen,
or that this widget cannot seat, gets one note naming its field and changes nothing. Under its
buttons, menus offer the things of the described position a player would pick (the game's
``picks``: a quest, a die, a hand, a figure's space): a pick rewrites the description in the box
and sets it up at once, and the table's numbers are repeated in short under the menus, so that a
person picking sees them change without scrolling up to the table.

**A click acts only on the position its button was drawn for.** A button remembers the game and
the move it was drawn at; a click that arrives after the game moved on (the second half of a double
click, a button left on screen by a slow redraw, a click after the game ended) is ignored with a
note on screen, never applied to whoever is asked next.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from html import escape

import ipywidgets as widgets

from toolkit import analysis
from toolkit.analysis import (
    WAIT_FOR_THEM,
    ActionOdds,
    DecisionOdds,
    Measure,
    MemoFull,
    WalkCancelled,
    WalkTooLarge,
    cancelled_when,
    hearing_answers,
    kept_within,
    patience,
)
from toolkit.bots import check_bot_names, handed
from toolkit.games import get_game
from toolkit.html import exact, listed
from toolkit.position import Pick, PositionError, at, description_yaml, field_name, parse
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
DESCRIBE = "Describe this position"
SET_UP = "Set up"

#: The Set up box's height in lines: at least the first, and at most the second (it scrolls).
SETUP_ROWS = (10, 40)

COUNTING = "counting..."
#: How to have the numbers a note refuses as too large, said under the widget's table: its own
#: Save box, and the command for its game.
WAIT_AT_THE_WIDGET = (
    "to wait for them instead, press Save, put the text in a file and run "
    "death-toolkit analyse {game} --state FILE --patience {patience}"
)
#: The most rows of the table of choices the Set up panel repeats in short (and any best row).
IN_SHORT = 12
#: A pick of several with at most this many names lists them all in its empty box.
TAGS_NAMED = 4
#: The patience of each more patient walk the widget runs in the background, in turn (the same
#: exact walks as ``death-toolkit analyse --patience N``).
PATIENCE_STEPS = (4, 16, 64, 256, 1024, 4096, 16384)
#: How long the background walks of one decision may take in all, in seconds (the environment
#: variable DEATH_TOOLKIT_COUNT_SECONDS shortens it, for a browser test that must end sooner).
COUNT_SECONDS = float(os.environ.get("DEATH_TOOLKIT_COUNT_SECONDS", 60))
#: The most positions (or steps) one background walk may visit, where the game does not bound
#: its memo itself (:attr:`GameWidget.memo_bounded`, then :data:`~toolkit.analysis.MOST_KEPT`):
#: a memo keeps about a kilobyte a position, so this keeps a walk within about a gigabyte.
MOST_POSITIONS = 1_000_000


def background_steps(walk_limit: int, memo_bounded: bool) -> tuple[tuple[int, ...], str]:
    """The patience of each background walk a widget runs in turn (see
    :data:`PATIENCE_STEPS`), and why it runs no more ("" if it may run them all). A walk
    bounded by the positions it visits stops at the patience that would pass
    :data:`MOST_POSITIONS`; one whose memo is bounded itself (:func:`kept_within`) runs them all,
    stopped by time or by its memo."""
    if memo_bounded:
        return PATIENCE_STEPS, ""
    most = max(1, MOST_POSITIONS // walk_limit)
    steps = tuple(times for times in PATIENCE_STEPS if times <= most)
    if len(steps) == len(PATIENCE_STEPS):
        return steps, ""
    return steps, (
        f"its exact walk needs more than {most * walk_limit:,} positions (about 1 GB of memory)"
    )


def patient_walks(spec, state: GameState, steps: Sequence[int], stop: Callable[[], bool],
                  heard: Callable[[object, dict], None]):  # fmt: skip
    """The game's ``decision_odds`` at `state` again with each patience of `steps` in turn, as a
    widget counts on in the background: for each walk, its numbers (None if it was refused
    whole). Each choice is told to `heard` as soon as it is answered
    (:func:`~toolkit.analysis.hearing_answers`); a walk is called off once `stop()` says so
    (:class:`~toolkit.analysis.WalkCancelled`) and stopped where its memo would pass
    :data:`~toolkit.analysis.MOST_KEPT` (:class:`~toolkit.analysis.MemoFull`), both raised."""
    for times in steps:
        try:
            with (
                patience(times),
                cancelled_when(stop),
                hearing_answers(heard),
                kept_within(analysis.MOST_KEPT),
            ):
                odds = spec.decision_odds(state.clone())
        except MemoFull:
            raise
        except WalkTooLarge:
            yield None
            continue
        yield odds


@dataclass(frozen=True)
class Choice:
    """One row of the table of choices: its button's `label`, and what the button does: play
    `action`, or `act` (open a group of rows, say). The row shows the numbers of `shows` (by
    default the action itself; of several, the best by the widget's objective)."""

    label: str
    action: object = None
    tooltip: str = ""
    style: str = ""
    act: Callable[[], None] | None = None
    shows: tuple = ()
    css: str = ""
    depth: int = 0  # how many rows it is under (a card under its move): indented that many steps

    def actions(self) -> tuple:
        return self.shows or ((self.action,) if self.act is None else ())


def percent_text(p) -> str:
    """A probability for the table: one decimal, "0%" and "100%" only when exact, and "<0.1%" or
    ">99.9%" for a chance that would round to them."""
    if p == 0:
        return "0%"
    if p == 1:
        return "100%"
    text = f"{float(p) * 100:.1f}%"
    if text == "0.0%":
        return "<0.1%"
    if text == "100.0%":
        return ">99.9%"
    return text


def decimal_text(value) -> str:
    """An expectation for the table: whole numbers whole, others with two decimals (three
    significant digits when two decimals would read 0)."""
    value = Fraction(value)
    if value.denominator == 1:
        return str(value.numerator)
    text = f"{float(value):.2f}"
    return f"{float(value):.2g}" if float(text) == 0 else text


def main_text(measure: Measure, value) -> str:
    """A number's main text, as the table and its short copy show it: a chance as a percentage,
    any other number as a decimal."""
    return percent_text(value) if measure.chance else decimal_text(value)


def number_html(measure: Measure, value) -> str:
    """A number as the table shows it: the percentage (or decimal) first, and the exact fraction
    under it, smaller; nothing under a number that is already exact (0%, 100%, a whole number)."""
    main = main_text(measure, value)
    fraction = Fraction(value)
    under = "" if fraction.denominator == 1 else exact(fraction)
    return f'<div class="numbers-main">{main}</div>' + (
        f'<div class="numbers-exact">{under}</div>' if under else ""
    )


def tags_placeholder(names: Sequence[str]) -> str:
    """What the empty box of a pick of several says: the names it takes, where they are few
    enough to read at a glance (a person facing an empty box cannot guess them); else only
    "type a name", as the box offers the names that match what is typed (the box's input is
    as wide as this text, so a long list would push it onto a line of its own)."""
    if len(names) <= TAGS_NAMED:
        return "type a name: " + ", ".join(names)
    return "type a name"


def _label_html(pick: Pick) -> str:
    return f'<div style="line-height:1.2">{escape(pick.label)}</div>'  # long names wrap


def _wide(pick: Pick) -> bool:
    """Whether a pick's row takes the Pick area's whole width: a hand of many kinds of card."""
    return pick.many and len(pick.options) > 6


def _in_a_kernel() -> bool:
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


TABLE_CSS = """<style>
.{css}-choice-table .widget-button, .{css}-choice-table .jupyter-button {{
  white-space: normal; height: auto; min-height: 28px; text-align: left; line-height: 1.25;
  padding: 3px 8px; width: 100%; }}
.{css}-choice-table .numbers-main {{ font-weight: 600; line-height: 1.2; }}
.{css}-choice-table .numbers-exact {{ font-size: 10px; color: #666; line-height: 1.1;
  overflow-wrap: anywhere; }}
.{css}-choice-table .choice-head {{ font-size: 11px; font-weight: 600; line-height: 1.15;
  color: #333; }}
.{css}-choice-table .choice-note {{ font-size: 11px; color: #555; line-height: 1.2; }}
.{css}-choice-table .choice-counting {{ font-size: 11px; color: #888; font-style: italic; }}
.{css}-choice-table .choice-best {{ color: #b8860b; font-size: 16px; }}
.{css}-choice-table .{css}-best-choice {{ outline: 2px solid #b8860b; }}
.{css}-choice-table .choice-sub {{ margin-left: 1.5em; width: calc(100% - 1.5em); }}
.{css}-choice-table .choice-depth-2 {{ margin-left: 3em; width: calc(100% - 3em); }}
.{css}-choice-table .choice-depth-3 {{ margin-left: 4.5em; width: calc(100% - 4.5em); }}
</style>"""


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
    #: The positions (or steps) the game's walk behind one decision's numbers may visit at
    #: patience 1: the background walks stop at the patience that would pass
    #: :data:`MOST_POSITIONS`.
    walk_limit = 100_000
    #: Whether the game's walks keep what they visit in the walk's memo, many positions visited
    #: for each kept: then the background walks are bounded by what the memo keeps
    #: (:func:`~toolkit.analysis.kept_within`) and by time, not by the positions they visit.
    memo_bounded = False
    #: The patience the note under the table suggests to ``analyse`` for numbers too large to
    #: wait for here (the play notebook's introduction says the same).
    wait_patience = 100
    #: Whether numbers refused at once are counted on in the background by more patient walks:
    #: None, in a Jupyter kernel only (a test sets it, then calls :meth:`wait_for_numbers`).
    keep_counting: bool | None = None

    def __init__(self, seed: int, humans: Iterable[int], bots: dict[int, str]):
        self._lock = threading.RLock()  # the numbers on show, shared with the background walk
        self._generation = 0  # the position being counted: a walk of an older one is dropped
        self._odds_key: tuple | None = None
        self._known: dict = {}  # each action's numbers so far (ActionOdds)
        self._counting = False
        self._count_reason = ""  # why the background walks stopped with rows unanswered
        self._note = ""
        self._thread: threading.Thread | None = None
        self._rows: list = []
        self._table_head: widgets.HTML | None = None
        self._table_foot: widgets.HTML | None = None
        self._grid: widgets.GridBox | None = None
        self._column_cells: list = []
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
        self.setup = self._setup_controls()
        self._drawn: list[widgets.Button] = []
        self._games = 0  # games started or loaded, and undos: a button of another never acts
        super().__init__([*self._layout(), self.saves, self.setup])
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
        """The person to act's choices: the table of :meth:`choice_table`, a row a choice."""
        state = self.state
        return [self.choice_table([Choice(state.action_to_string(a), a)
                                   for a in state.legal_actions()])]  # fmt: skip

    def objective(self, odds: DecisionOdds) -> tuple[str, tuple | Callable] | None:
        """What the best choice (marked ★) is best at: words naming it, and the measures compared
        in turn, each with +1 (the more the better) or -1 (the less), or a function ranking a
        row's :class:`~toolkit.analysis.ActionOdds` (None for a row it cannot rank). By default
        the first measure, the more the better; None marks no choice."""
        if not odds.measures:
            return None
        first = odds.measures[0]
        return f"the highest {first.heading}", ((first.name, 1),)

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

    def _setup_controls(self) -> widgets.Widget:
        """The Set up panel: a position described as one seat sees it (YAML, the fields of the
        game's rules notes, "Describing a position"), to edit and play on from."""
        self.setup_text = widgets.Textarea(
            placeholder="A position as the player to act sees it: press Describe this position, "
            "change what you like (cards, dice, whose turn), then press Set up.",
            rows=SETUP_ROWS[0],
            layout={"width": "100%"},
        ).add_class(f"{self.css}-setup-text")
        describe = widgets.Button(
            description=DESCRIBE,
            tooltip="Write the position on screen here, as the player to act sees it",
            layout={"width": "auto"},
        )
        set_up = widgets.Button(
            description=SET_UP,
            tooltip="Play on from the position written here, against the bots",
            button_style="primary",
            layout={"width": "auto"},
        )
        describe.on_click(lambda _: self.describe())
        set_up.on_click(lambda _: self.set_up(self.setup_text.value))
        self.setup_note = widgets.HTML().add_class(f"{self.css}-setup-note")
        self.setup_numbers = widgets.HTML().add_class(f"{self.css}-setup-numbers")
        how = widgets.HTML(
            '<div style="font-size:12px;color:#444;line-height:1.3;margin-bottom:4px">'
            "What one player knows at a decision, in YAML (the fields are in this game's rules "
            "notes, under “Describing a position”). Change a card, a die or whose turn it is "
            "and press Set up, or pick from the menus that Describe this position opens: the "
            "table of choices above shows the new position's numbers, and so does the short "
            "copy of it under the menus; the game plays on from it.</div>"
        )
        self.picks_area = widgets.VBox(layout={"width": "100%"}).add_class(f"{self.css}-picks")
        self.pick_controls: list[tuple[Pick, widgets.Widget]] = []
        self._menus: list[tuple] = []  # each pick's options as offered, and what it shows
        self._old_picks: list[widgets.Widget] = []
        self._pick_labels: list[widgets.HTML] = []
        self._quiet = False
        panel = widgets.VBox(
            [how, widgets.HBox([describe, set_up]), self.picks_area, self.setup_note,
             self.setup_numbers, self.setup_text],
            layout={"width": "100%"},
        )  # fmt: skip
        accordion = widgets.Accordion([panel], selected_index=None)
        accordion.set_title(0, "Set up a position")
        return accordion.add_class(f"{self.css}-setup")

    def _positions_known(self) -> bool:
        """Whether this game's positions can be described and set up (it has a position
        module); if not, the Set up panel says so."""
        found = get_game(self.state.game).describes_positions
        if not found:
            self._refused("Positions of this game cannot be described or set up yet.")
        return found

    def describe(self) -> str:
        """The position now, as the seat to act sees it, written into the Set up box as YAML
        in the rules notes' style (only at a decision: no position is described while dice
        wait or after the end)."""
        if not self._positions_known():
            return ""
        if self.state.is_terminal() or self.state.is_chance_node():
            self.setup_note.value = "<i>A position is described at a decision: " + (
                "this game is over.</i>" if self.state.is_terminal() else "roll first.</i>"
            )
            return ""
        description = get_game(self.state.game).describe(self.state)
        text = description_yaml(description)
        self._show_text(text)
        self.setup_note.value = ""
        self._show_picks(description)
        return text

    def _show_text(self, text: str) -> None:
        self.setup_text.value = text
        self.setup_text.rows = min(max(text.count("\n") + 1, SETUP_ROWS[0]), SETUP_ROWS[1])

    # -- the picks ------------------------------------------------------------------------------
    def _show_picks(self, description: dict) -> None:
        """The Pick area made from `description`: a row a pick of the game's ``picks``, its
        name at the table and a menu of its options in words (a list of tags where it holds
        several, a hand, say). Where the picks are those on show (the same places, each of one or
        of several values as before), the menus on the page stay and only their names, options
        and values change: a menu just used is not replaced under the pointer, and the Pick area
        does not vanish and come back while the page draws new ones."""
        try:
            picks = get_game(self.state.game).picks(description)
        except PositionError as error:
            picks = []
            self._refuse(error.field, error.problem)
        menus = [(pick, *self._menu(pick, description)) for pick in picks]
        kinds = [(pick.path, pick.many, _wide(pick)) for pick, _, _ in menus]
        if menus and kinds == [(p.path, p.many, _wide(p)) for p, _, _ in self._menus]:
            self._quiet = True  # the values the description holds, not a person's picks
            try:
                for (pick, options, shown), (_, control), label in zip(
                    menus, self.pick_controls, self._pick_labels, strict=True
                ):
                    if label.value != _label_html(pick):  # a partner named by its character
                        label.value = _label_html(pick)
                    with control.hold_sync():  # one message: the page never shows a mix
                        if pick.many:
                            control.allowed_tags = list(dict(options))
                        else:
                            offered = tuple((words, i) for i, (words, _) in enumerate(options))
                            if tuple(control.options) != offered:
                                control.options = offered
                        control.value = shown
            finally:
                self._quiet = False
            self._menus = menus
            self.pick_controls = [
                (pick, control)
                for (pick, _, _), (_, control) in zip(menus, self.pick_controls, strict=True)
            ]
            return
        for widget in self._old_picks:  # the menus before last (the last may be reporting now)
            widget.close()
        self._old_picks = [control for _, control in self.pick_controls]
        self._menus = menus
        self.pick_controls = [
            (pick, self._pick_control(index, pick, options, shown))
            for index, (pick, options, shown) in enumerate(menus)
        ]
        if not picks:
            self.picks_area.children, self._pick_labels = [], []
            return
        rows, self._pick_labels = [], []
        for pick, control in self.pick_controls:
            label = widgets.HTML(
                _label_html(pick), layout={"width": "14em", "min_width": "14em"}
            ).add_class("pick-label")
            self._pick_labels.append(label)
            row = widgets.HBox([label, control], layout={"align_items": "center"})
            if _wide(pick):
                row.add_class("pick-wide")  # a hand of many kinds of card: the whole width
            rows.append(row.add_class(f"{self.css}-pick"))
        head = widgets.HTML(
            f"<style>.{self.css}-picks .pick-wide {{ grid-column: 1 / -1; }}</style>"
            '<div style="font-size:12px;color:#444;margin:6px 0 2px">Pick: a change is written '
            "into the description below and set up at once.</div>"
        )
        grid = widgets.GridBox(
            rows,
            layout={
                "grid_template_columns": "repeat(auto-fill, minmax(36em, 1fr))",
                "grid_auto_flow": "row dense",  # a menu fills the gap a wide row leaves
                "grid_gap": "2px 16px",
                "width": "100%",
            },
        )
        self.picks_area.children = [head, grid]

    @staticmethod
    def _menu(pick: Pick, description: dict) -> tuple[list, int | list[str]]:
        """A pick's options as its menu offers them, and what it shows of `description`: the
        index of the option there (a value that is no option is offered too, first), or for a
        pick of several, the words of each value there."""
        options = list(pick.options)
        now = at(description, pick.path)
        if not pick.many:
            if all(value != now for _, value in options):
                options.insert(0, ("–" if now is None else pick.words(now), now))
            return options, next(i for i, (_, value) in enumerate(options) if value == now)
        now = now if isinstance(now, list) else []
        for value in now:
            if all(value != option for _, option in options):
                options.append((pick.words(value), value))
        return options, [pick.words(value) for value in now]

    def _pick_control(self, index: int, pick: Pick, options: list, shown) -> widgets.Widget:
        """The menu of pick `index`: a Dropdown of its options, or for a pick of several, tags
        limited to them; a change sets the pick up (:meth:`pick`)."""
        if pick.many:
            control = widgets.TagsInput(
                value=shown,
                allowed_tags=list(dict(options)),
                allow_duplicates=True,
                placeholder=tags_placeholder([words for words, _ in pick.options]),
                layout={"flex": "1 1 auto"},
            ).add_class("pick-tags")
        else:
            control = widgets.Dropdown(
                options=[(words, i) for i, (words, _) in enumerate(options)],
                value=shown,
                layout={"width": "auto", "flex": "1 1 auto", "max_width": "32em"},
            ).add_class("pick-menu")
        control.observe(lambda change: self._menu_changed(index, control, change.new), "value")
        return control

    def _menu_changed(self, index: int, control: widgets.Widget, new) -> None:
        if self._quiet or index >= len(self.pick_controls):
            return
        if self.pick_controls[index][1] is not control:  # a menu no longer on show
            return
        pick, options, _ = self._menus[index]
        if pick.many:
            values = dict(options)
            self.pick(pick, [values[words] for words in new if words in values])
        else:
            self.pick(pick, options[new][1])

    def pick_control(self, label: str) -> widgets.Widget:
        """The menu of the pick called `label` (its name at the table)."""
        for pick, control in self.pick_controls:
            if pick.label == label:
                return control
        raise ValueError(
            f"no pick {label!r}; there are: {[p.label for p, _ in self.pick_controls]}"
        )

    def pick(self, pick: Pick, value) -> None:
        """A pick changed: `value` written into the description in the Set up box (the box
        shows it as YAML) and that description set up at once. Refused, the box keeps the change
        (another pick may make it one that can happen) and the note says why in one line."""
        try:
            description = parse(self.setup_text.value, "the description")
        except PositionError as error:
            self._refused(
                "The picks change the description in the box, and the box holds none: "
                + escape(error.problem)
            )
            return
        try:
            changed = pick.apply(description, value)
        except PositionError as error:
            self._refuse(error.field, error.problem)
            return
        text = description_yaml(changed)
        self._show_text(text)
        self.set_up(text)

    def set_up(self, text: str) -> None:
        """Play on from the position `text` describes (YAML), its numbers at once in the table
        of choices. A description that cannot happen, one of another number of players, or one
        whose seat or decision is not a person's here is refused with a note naming its field,
        and the game stays as it was."""
        if not self._positions_known():
            return
        try:
            state = get_game(self.state.game).position(parse(text, "the description"))
        except PositionError as error:
            self._refuse(error.field, error.problem)
            return
        seats, described = self.state.num_players, state.description["seat"]
        people = ", ".join(str(seat) for seat in self.humans) or "none"
        deciding = not (state.is_terminal() or state.is_chance_node())
        if state.num_players != seats:
            self._refuse(
                "players",
                f"the position is of {state.num_players} players and this game seats {seats}",
            )
            return
        if described not in self.humans:
            self._refuse(
                "seat",
                f"seat {described} is {self.seat_name(described)}'s here; people play seat(s) "
                f"{people}, so describe what one of them sees",
            )
            return
        if deciding and state.current_player() not in self.humans:
            to_act = state.current_player()
            self._refuse(
                "decision",
                f"it is {self.seat_name(to_act)}'s turn (seat {to_act}), and the bots would play "
                "past it; set up a decision of seat(s) " + people,
            )
            return
        self.narration = [
            f"Set up a position described from seat {described}: {self.seat_name(described)}."
        ]
        self._begin(state)
        if self.viewer != described:
            self.viewer = described
            self.refresh()
        asked = f" at “{escape(self.odds.prompt)}”" if self.odds is not None else ""
        bots = " against the bots" if self.bot_names else ""
        self.setup_note.value = (
            f"<i>Set up{asked}: its numbers are below and in the table of choices above; play "
            f"on from there{bots}.</i>"
        )
        self._show_picks(state.description)

    def _refuse(self, field: str, problem: str) -> None:
        """The note of a description not set up: the field that is wrong, and why (a card the
        picks name in words, quoted by its id, is named in those words)."""
        problem = problem if problem.endswith((".", "?", "!")) else problem + "."
        for _, options, _ in self._menus:
            for words, value in options:
                if isinstance(value, str) and value != words:
                    problem = problem.replace(repr(value), words)
        where = "" if field == "(file)" else f"<b>{escape(field)}</b>: "  # the problem says
        label = self._pick_of(field)
        menu = f" It is the pick “{escape(label)}” above." if label else ""
        self._refused(f"Nothing was set up: {where}{escape(problem)}{menu}")

    def _refused(self, html: str) -> None:
        """The Set up panel's note, in red: what was refused and why (`html`, escaped)."""
        self.setup_note.value = f'<span class="setup-refused" style="color:#a40000">{html}</span>'

    def _pick_of(self, field: str) -> str | None:
        """The name at the table of the pick on show whose place is `field` (a field of the
        description, ``party[0].drawn``) or holds it (``hand[2]`` is in the hand), the one
        nearest it: a person who changed a menu finds it by that name, not by the field."""
        found, depth = None, -1
        for pick, _, _ in self._menus:
            place = field_name(pick.path)
            holds = field == place or field.startswith((place + ".", place + "["))
            if holds and len(pick.path) > depth:
                found, depth = pick.label, len(pick.path)
        return found

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
        start = self._new_numbers()  # before the buttons, whose tooltips carry them
        helpers = [self.play_out_button, *undo]
        self.bot_decides_button = None
        if not over and not self.state.is_chance_node():
            decide = self.control(BOT_DECIDES, lambda: self._choose(self.bot_decides))
            self.bot_decides_button = decide.add_class(f"{self.css}-bot-decides")
            helpers.insert(0, decide)
        with self._lock:
            self._rows, self._grid = [], None
            self.actions.children = [] if over else [*self._choices(), *helpers]
        if self.odds is None:
            self.odds_html.value = "" if over else self._odds_meanwhile()
        elif self._grid is None:  # a game's own controls, with no table: the numbers under them
            self.odds_html.value = self.odds._repr_html_()
        else:
            self.odds_html.value = ""
        if self._grid is None:
            self.setup_numbers.value = (
                "" if self.odds is None else
                '<div style="font-size:12px;margin:6px 0"><i>The numbers of this decision are '
                "under its controls above.</i></div>"
            )  # fmt: skip
        if start is not None:
            self._count_on(*start)
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

    # -- the table of choices and their numbers ------------------------------------------------
    def choice_table(self, choices: Sequence[Choice]) -> widgets.Widget:
        """One table for the decision: a row a choice, its button first and its numbers beside
        it (the game's ``decision_odds``, as they arrive), the best by :meth:`objective`
        marked ★, and the columns that say nothing here (all 0, or none by design) hidden."""
        css = self.css
        measures = self.odds.measures if self.odds is not None else ()
        heads = [widgets.HTML(""), widgets.HTML('<div class="choice-head">choice</div>')]
        heads += [widgets.HTML(f'<div class="choice-head">{escape(m.heading)}</div>')
                  for m in measures]  # fmt: skip
        heads.append(widgets.HTML('<div class="choice-head">note</div>'))
        columns = [[head] for head in heads]
        rows = []
        for choice in choices:
            if choice.act is None:
                button = self.button(choice.label, choice.action, choice.tooltip, choice.style)
            else:
                button = self.control(choice.label, choice.act, choice.tooltip, choice.style)
                button.add_class(f"{css}-action")
                self._drawn.append(button)
            if choice.css:
                button.add_class(choice.css)
            if choice.depth:
                button.add_class("choice-sub")
            if choice.depth > 1:
                button.add_class(f"choice-depth-{min(choice.depth, 3)}")
            mark = widgets.HTML("")
            cells = [widgets.HTML("") for _ in measures]
            note = widgets.HTML("")
            for column, widget in zip(columns, [mark, button, *cells, note], strict=True):
                column.append(widget)
            rows.append((choice, button, mark, cells, note))
        self._table_head = widgets.HTML().add_class(f"{css}-choice-head")
        self._table_foot = widgets.HTML().add_class(f"{css}-choice-foot")
        children = [widget for row in zip(*columns, strict=True) for widget in row]
        self._grid = widgets.GridBox(
            children,
            layout={"grid_gap": "3px 10px", "align_items": "center", "width": "100%"},
        ).add_class(f"{css}-choice-grid")
        self._rows, self._column_cells = rows, columns
        self._fill()
        return widgets.VBox(
            [self._table_head, self._grid, self._table_foot], layout={"width": "100%"}
        ).add_class(f"{css}-choice-table")

    def _new_numbers(self) -> tuple | None:
        """Ask the game for the numbers of a position not asked before (at once, within the
        widget's budget); returns what the background walk needs, if some are left to count."""
        key = (self._games, len(self.state.history))
        if key == self._odds_key:
            return None
        with self._lock:
            self._generation += 1  # a walk of the position before is dropped
            self._odds_key = key
            self.odds = odds = self.decision_odds()
            self._known = {} if odds is None else {a.action: a for a in odds.actions}
            self._note = "" if odds is None else odds.note
            self._count_reason = ""
            waiting = odds is not None and any(a.refused for a in odds.actions)
            self._counting = bool(waiting and self._keep_counting())
            if not self._counting:
                return None
            return self._generation, self.state.clone()

    def _keep_counting(self) -> bool:
        return _in_a_kernel() if self.keep_counting is None else self.keep_counting

    def _count_on(self, generation: int, state: GameState) -> None:
        thread = threading.Thread(
            target=self._count, args=(generation, state), name="numbers", daemon=True
        )
        self._thread = thread
        thread.start()

    def _count(self, generation: int, state: GameState) -> None:
        """The background walk: the game's ``decision_odds`` again with growing patience, on a
        copy of the position, each answer shown as it comes (a game that answers choice after
        choice fills each row as soon as it is known: :func:`~toolkit.analysis.hearing_answers`;
        the rest at the end of each walk); it stops when every row is answered, when
        :data:`COUNT_SECONDS` have passed (the walk under way called off, what it told kept), at
        its bound of memory (:func:`background_steps`, :data:`~toolkit.analysis.MOST_KEPT`), or
        when the game moves on."""
        spec = get_game(state.game)
        began = time.monotonic()
        steps, too_large = background_steps(self.walk_limit, self.memo_bounded)
        reason = ""
        old = lambda: self._generation != generation  # noqa: E731

        def heard(action, numbers: dict) -> None:
            with self._lock:
                known = self._known.get(action)
                if old() or known is None or not known.refused:
                    return
                self._known[action] = replace(known, odds=numbers, note="", refused=False)
                self._fill()

        late = lambda: time.monotonic() - began > COUNT_SECONDS  # noqa: E731
        try:
            for odds in patient_walks(spec, state, steps, lambda: old() or late(), heard):
                with self._lock:
                    if old():
                        return
                    if odds is not None:
                        self._merge(odds)
                    if not any(a.refused for a in self._known.values()):
                        break
                    self._fill()
                    self._send_table()
                if late():
                    reason = f"not answered within {COUNT_SECONDS:g} s"
                    break
            else:
                reason = too_large or (
                    f"its exact walk needs more than {steps[-1] * self.walk_limit:,} positions"
                )
        except WalkCancelled:
            if old():
                return
            reason = f"not answered within {COUNT_SECONDS:g} s"
        except MemoFull as error:
            reason = str(error)
        with self._lock:
            if old():
                return
            self._counting, self._count_reason = False, reason
            self._fill()
            self._send_table()

    def _send_table(self) -> None:
        """Send the whole table to the page again, as it is now. A change made from the
        background walk while the page was still asking for the widgets' states (Voila, as it
        loads) can be lost there, and a cell is sent again only when its value changes: each
        walk's end mends the page."""
        if self._grid is not None:
            for widget in (self._table_head, *self._grid.children, self._table_foot):
                widget.send_state()

    def _merge(self, odds: DecisionOdds) -> None:
        """Take the more patient walk's numbers: a row answered now shows them."""
        for found in odds.actions:
            if found.action in self._known:
                self._known[found.action] = found
        self._note = odds.note

    def wait_for_numbers(self, timeout: float = COUNT_SECONDS) -> bool:
        """Wait until the background walk of the position on show has finished (at most
        `timeout` seconds): whether it has."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
        return not self._counting

    def numbers_on_show(self) -> str:
        """The numbers pane as on screen: the table's heading, its cells row by row (each
        choice's button label first, then its numbers and note) and its note under it; or the
        pane under a game's own controls."""
        with self._lock:
            if self._grid is None:
                return self.odds_html.value
            cells = [
                widget.description if isinstance(widget, widgets.Button) else widget.value
                for widget in self._grid.children
                if widget.layout.display != "none"
            ]
            return "".join([self._table_head.value, *cells, self._table_foot.value])

    def table_rows(self) -> list[tuple[str, list[str], str, bool]]:
        """Each row of the table as on screen: its button's label, the HTML of its visible
        number cells (in the order of the measures shown), its note, and whether it is marked
        best."""
        with self._lock:
            shown = []
            for _, button, mark, cells, note in self._rows:
                visible = [c.value for c in cells if c.layout.display != "none"]
                shown.append((button.description, visible, note.value, bool(mark.value)))
            return shown

    def shown_odds(self, choice: Choice) -> ActionOdds | None:
        """The numbers a row shows: its action's, or the best of its actions' (known so far)."""
        found = [self._known[a] for a in choice.actions() if a in self._known]
        if len(found) < 2 or self.odds is None:
            return found[0] if found else None
        rank = self._ranker(self.odds)
        answered = [f for f in found if rank(f) is not None]
        return max(answered, key=rank) if answered else found[0]

    def _ranker(self, odds: DecisionOdds) -> Callable[[ActionOdds], tuple | None]:
        objective = self.objective(odds)
        if objective is None:
            return lambda found: None
        _, order = objective
        if callable(order):
            return order

        def rank(found: ActionOdds) -> tuple | None:
            if any(name not in found.odds for name, _ in order):
                return None
            return tuple(sign * found.odds[name] for name, sign in order)

        return rank

    def _fill(self) -> None:
        """Write the numbers known now into the table (from the background walk too)."""
        with self._lock:
            if self._grid is None:
                return
            odds, counting = self.odds, self._counting
            measures = odds.measures if odds is not None else ()
            shown = [self.shown_odds(row[0]) for row in self._rows]
            rank = self._ranker(odds) if odds is not None else (lambda found: None)
            ranks = [None if found is None else rank(found) for found in shown]
            known = [r for r in ranks if r is not None]
            best = max(known) if len(set(known)) > 1 else None  # all alike: none is best
            visible = [
                any(
                    found is not None
                    and (found.odds.get(measure.name, 0) != 0 or
                         (measure.name not in found.odds and found.refused))
                    for found in shown
                )
                for measure in measures
            ]  # fmt: skip
            if not any(visible):  # every number 0: the 0s themselves are the news
                visible = [
                    any(found is not None and m.name in found.odds for found in shown)
                    for m in measures
                ]
            for index, says in enumerate(visible):
                for cell in self._column_cells[2 + index]:
                    cell.layout.display = None if says else "none"
            notes, marked = [], []
            for (_, button, mark, cells, note), found, r in zip(
                self._rows, shown, ranks, strict=True
            ):
                is_best = best is not None and r == best
                marked.append(is_best)
                mark.value = '<span class="choice-best" title="best">★</span>' if is_best else ""
                if is_best:
                    button.add_class(f"{self.css}-best-choice")
                else:
                    button.remove_class(f"{self.css}-best-choice")
                for measure, cell in zip(measures, cells, strict=True):
                    if found is not None and measure.name in found.odds:
                        cell.value = number_html(measure, found.odds[measure.name])
                    elif found is not None and found.refused and counting:
                        cell.value = f'<span class="choice-counting">{COUNTING}</span>'
                    else:
                        cell.value = "–" if found is not None and found.refused else ""
                text = self._row_note(found, counting)
                note.value = f'<div class="choice-note">{escape(text)}</div>' if text else ""
                notes.append(text)
            note_column = any(notes)
            for cell in self._column_cells[-1]:
                cell.layout.display = None if note_column else "none"
            template = ["1.2em", "minmax(12em, 26em)"]
            template += ["minmax(5em, 9em)" for says in visible if says]
            template += ["minmax(8em, 1fr)"] if note_column else []
            self._grid.layout.grid_template_columns = " ".join(template)
            self._table_head.value = TABLE_CSS.format(css=self.css) + self._head_html(
                best is not None
            )
            wait = WAIT_AT_THE_WIDGET.format(game=self.state.game, patience=self.wait_patience)
            foot = "" if counting else self._note.replace(WAIT_FOR_THEM, wait)
            if foot and self._count_reason and any(f and f.refused and not f.odds for f in shown):
                foot += f" More patient walks went on in the background: {self._count_reason}."
            self._table_foot.value = f"<i>{escape(foot)}</i>" if foot else ""
            shown_measures = [m for m, says in zip(measures, visible, strict=True) if says]
            self.setup_numbers.value = self._numbers_in_short(shown_measures, shown, marked)

    def _numbers_in_short(
        self, measures: Sequence[Measure], shown: Sequence[ActionOdds | None], marked: list
    ) -> str:
        """The table's numbers in short, for the Set up panel, where a person picking sees them
        change without scrolling up to the table: its rows (the first :data:`IN_SHORT`, and any
        best row after them), each choice's words and, for each column the table shows, its
        main number (the exact fraction is in the table), the best marked ★; a number still
        being counted reads "counting..." here too. Written with the table, from the same
        numbers, so it changes as the table does."""
        css, counting = self.css, self._counting
        if self.odds is None:
            return ""
        rows = [
            (choice, found, best)
            for index, ((choice, *_), found, best) in enumerate(
                zip(self._rows, shown, marked, strict=True)
            )
            if index < IN_SHORT or best
        ]
        heads = "".join(f"<th>{escape(m.heading)}</th>" for m in measures)
        lines = []
        for choice, found, best in rows:
            cells = []
            for measure in measures:
                if found is not None and measure.name in found.odds:
                    text = main_text(measure, found.odds[measure.name])
                elif found is not None and found.refused:
                    text = COUNTING if counting else "–"
                else:
                    text = ""
                cells.append(f"<td>{escape(text)}</td>")
            star = '<span class="choice-best" title="best">★</span> ' if best else ""
            indent = f' style="padding-left:{1.2 * choice.depth:g}em"' if choice.depth else ""
            lines.append(
                f'<tr class="{"in-short-best" if best else ""}"><td{indent}>{star}'
                f"{escape(choice.label)}</td>{''.join(cells)}</tr>"
            )
        more = len(self._rows) - len(rows)
        tail = [line for line in [self.in_short_note(self.odds)] if line]
        tail += [f"{more} more choice(s) in the table above."] if more > 0 else []
        if counting:
            tail.append("Numbers still being counted fill in here as in the table.")
        elif any(found is not None and found.refused for _, found, _ in rows):
            whys = {
                self._row_note(found, counting)
                for _, found, _ in rows
                if found is not None and found.refused and not found.odds
            }
            why = whys.pop().rstrip(".") if len(whys) == 1 else ""  # one reason for all: said here
            tail.append(f"– : {why}." if why else "– : no numbers; the table above says why.")
        prompt = f": {escape(self.odds.prompt)}" if self.odds is not None else ""
        return (
            f"<style>.{css}-in-short table {{ border-collapse: collapse; margin: 2px 0; }}"
            f".{css}-in-short th {{ font-weight: 600; font-size: 11px; color: #333; "
            "text-align: left; vertical-align: bottom; max-width: 11em; padding: 1px 8px 1px 0; }"
            f".{css}-in-short td {{ padding: 1px 8px 1px 0; vertical-align: top; }}"
            f".{css}-in-short td:first-child {{ max-width: 30em; }}"
            f".{css}-in-short .in-short-best td {{ font-weight: 600; }}"
            f".{css}-in-short .choice-best {{ color: #b8860b; }}</style>"
            f'<div class="{css}-in-short" style="font-size:12px;line-height:1.3;margin:6px 0;'
            'padding:4px 8px;background:#f6f6f4;border-left:3px solid #b8860b">'
            f"<div><b>The numbers now</b> (the table of choices above, in short){prompt}</div>"
            f"<table><tr><th>choice</th>{heads}</tr>{''.join(lines)}</table>"
            + "".join(f"<div><i>{escape(line)}</i></div>" for line in tail)
            + "</div>"
        )

    def in_short_note(self, odds: DecisionOdds) -> str:
        """One plain line under the Set up panel's short copy of the numbers, for what a person
        changing the position there should know of them (what they assume); none by default."""
        return ""

    def _row_note(self, found: ActionOdds | None, counting: bool) -> str:
        if found is None:
            return ""
        if not found.refused or found.odds:
            return found.note
        if counting:
            return ""
        why = found.note or "its exact walk is too large"
        if self._count_reason:
            why += f"; the patient walks stopped: {self._count_reason}"
        return f"no numbers: {why}"

    def _head_html(self, marked: bool) -> str:
        odds = self.odds
        if odds is None:
            return ""
        lines = [f"<b>{escape(odds.prompt)}</b>"]
        objective = self.objective(odds)
        if objective is not None and marked:
            open_rows = any(a.refused and not a.odds for a in self._known.values())
            among = " of those answered so far" if open_rows and self._counting else (
                " of those answered" if open_rows else "")  # fmt: skip
            lines.append(f"★ marks the best choice{among} by {escape(objective[0])}.")
        if self._counting:
            lines.append(
                "<i>Some numbers are still being counted by more patient exact walks; "
                "they appear here as they are found.</i>"
            )
        return '<div style="margin:4px 0">' + "<br>".join(lines) + "</div>"

    def decision_odds(self) -> DecisionOdds | None:
        """The exact numbers beside each choice of the person to act, from the game's
        ``decision_odds`` (the numbers ``death-toolkit analyse`` prints); None while nobody
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
