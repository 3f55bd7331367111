"""One step machine that every game's turn runs on.

A turn is a stack of named steps. A step is a plain function ``step(game, **args)`` registered in
its game's table (:class:`Steps`), and it does one of three things:

- it changes the table and schedules the steps that follow (:meth:`StepMachine.then`);
- it asks one seat a question (:meth:`StepMachine.ask`): the game stops, and the seat's answer,
  an action, resumes a named step, ``resume(game, answer, **args)``;
- it draws chance (:meth:`StepMachine.draw`): the game stops at a chance node, and the outcome
  resumes a named step the same way.

The game runs its steps until one stops it or the game ends (:attr:`StepMachine.outcome`). The
stack holds (step, arguments) pairs rather than Python call frames, so a game stopped in the middle
of a card's effect can be copied, saved as its actions and resumed.

A game's module then reads as its state's fields, its steps in rulebook order, and the effects of
its cards. The machine is the protocol of :class:`toolkit.state.GameState`: whose turn it is, the
legal actions, and how an action is applied come from here, the same in every game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from toolkit.state import CHANCE, TERMINAL, GameState, Outcome, copying

Step = Callable[..., None]
NO_ARGS: Mapping = MappingProxyType({})  # a step resumed with no arguments

#: The action that declines to do more at a question: end the turn, stop moving, be done
#: trading, skip an effect, let an attack go. Every game spells it this one way, a one-item tuple
#: as most actions are tuples (a verb first, then what it acts on), so a list of legal actions
#: stays one kind of value where a game's other actions are tuples, and a save writes it as
#: ``["pass"]``. What it means at a question is said in words by the game's
#: ``action_to_string``, which reads the question: "end the turn", "stop moving", "done trading".
PASS = ("pass",)


class Steps(dict):
    """One game's steps by name. Use an instance as a decorator to add a step under its
    function's name: ``steps = Steps()`` then ``@steps`` above ``def new_round(game): ...``.

    The machine reads its steps from :attr:`table`, a plain dict of the same steps: ``[]`` on a
    subclass of dict goes through a Python-level method lookup, and a step is read at every
    move."""

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.table: dict[str, Step] = dict(self)

    def __call__(self, function: Step) -> Step:
        name = function.__name__
        if name in self:
            raise ValueError(f"step {name!r} registered twice")
        self[name] = self.table[name] = function
        return function


@dataclass(slots=True)
class Ask:
    """A question to one seat. `options` are the actions it may answer with, or a function
    ``options(game, **args)`` that lists them from the table; `resume` names the step the
    answer goes to, with `args`; `why` says what the choice will do, where the question
    alone does not. A value: made anew, never changed (a copy of the game shares it), and
    equal to another of the same fields. Not a frozen class, whose fields are slower to set:
    a game makes one at most of its questions, and the machine reads one at every move."""

    seat: int
    question: str
    options: Sequence | Callable
    resume: str
    args: Mapping = field(default_factory=lambda: NO_ARGS)  # a field's default must hash
    why: str | None = None

    def __deepcopy__(self, memo) -> Ask:
        return self  # a value, shared by every copy of the game


@dataclass(slots=True)
class Draw:
    """A chance node: what is drawn (`kind`, which the game reads to list the outcomes), the step
    its outcome resumes, with `args`, and whether every seat sees the outcome (`public`). A value,
    like :class:`Ask`."""

    kind: str
    resume: str
    args: Mapping = field(default_factory=lambda: NO_ARGS)  # a field's default must hash
    public: bool = True

    def __deepcopy__(self, memo) -> Draw:
        return self  # a value, shared by every copy of the game


class StepMachine(GameState):
    """A game state whose turn runs on steps. A subclass sets :attr:`STEPS`, calls
    :meth:`start_steps` at the end of its set-up, and gives the outcomes of a draw
    (:meth:`draw_outcomes`); it may look at the table between steps (:meth:`check_end`).

    Fields: :attr:`stack` (the steps to come, last on top), :attr:`prompt` (the question waiting
    for an answer), :attr:`chance` (the draw waiting for an outcome), :attr:`outcome` (the end).
    """

    STEPS: ClassVar[Steps]
    _steps: ClassVar[dict[str, Step]]  # STEPS.table
    #: Whether a question with one option is still asked. By default it is taken at once, as a
    #: decision with one option is none; a game whose rulebook has the player say it may ask.
    ASKS_SINGLE_OPTIONS: ClassVar[bool] = False

    stack: list[tuple[Step, dict]]
    prompt: Ask | None
    chance: Draw | None
    outcome: Outcome | None
    # a step's arguments are never changed in place (a step passes new ones on), and a question,
    # a draw and an outcome are values: a copy of the stack copies the list alone
    COPY = copying(
        shared=("prompt", "chance", "outcome", "_end_check_due"),
        copied=("stack", "_batch"),
    )

    def __init__(self, seed: int = 0, **config: Any):
        super().__init__(seed, **config)
        self.stack = []
        self.prompt = self.chance = self.outcome = None
        self._end_check_due = True  # a change may have ended the game (see touch)
        self._batch: list | None = []  # what the running step schedules (see then)

    def start_steps(self, first: str | None = None, /, **args: Any) -> None:
        """Begin play, at the end of set-up: with the step `first` (after any the set-up
        scheduled), running until the first stop."""
        if first is not None:
            self.then(first, **args)
        self._run(self._batch)
        self._batch = None

    # -- what a subclass may give ---------------------------------------------------------------
    def draw_outcomes(self, draw: Draw) -> Sequence:
        """The outcomes of the chance node `draw`, with their probabilities (a
        :class:`toolkit.state.ChanceOutcomes` or :class:`toolkit.state.UniformOutcomes`)."""
        raise NotImplementedError(f"{type(self).__name__} draws nothing")

    def draw_actions(self, draw: Draw) -> Sequence:
        """The outcomes of `draw` alone (the legal actions at a chance node)."""
        return [outcome for outcome, _ in self.draw_outcomes(draw)]

    def drawn(self, draw: Draw, outcome: Any) -> None:
        """Bookkeeping of an outcome before its step resumes (a card leaves the deck)."""

    def answered(self, ask: Ask, answer: Any) -> None:
        """Bookkeeping of an answer before its step resumes (a public record of moves)."""

    def check_end(self) -> bool:
        """Looked at before the next step after :meth:`touch`: end the game (set
        :attr:`outcome`) or change what comes next, and say whether it did."""
        return False

    # -- the protocol ---------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        if self.chance is not None:
            return CHANCE
        return self.prompt.seat

    def _compute_legal(self) -> Sequence:
        if self.outcome is not None:
            return []
        if self.chance is not None:
            return self.draw_actions(self.chance)
        options = self.prompt.options
        return options(self, **self.prompt.args) if callable(options) else options

    def chance_outcomes(self) -> Sequence:
        if self.chance is None:
            raise ValueError("not a chance node")
        return self.draw_outcomes(self.chance)

    def __init_subclass__(cls, **kwargs: Any):
        super().__init_subclass__(**kwargs)
        # the bookkeeping hooks are called only by a game that has them (a call at every move)
        cls._books_draws = cls.drawn is not StepMachine.drawn
        cls._books_answers = cls.answered is not StepMachine.answered
        if "STEPS" in vars(cls):
            cls._steps = cls.STEPS.table

    def _apply(self, action: Any) -> None:
        self._batch = batch = []
        waiting = self.chance
        if waiting is None:  # an answer, the commoner
            waiting = self.prompt
            self.prompt = None
            if self._books_answers:
                self.answered(waiting, action)
        else:
            self.chance = None
            if self._books_draws:
                self.drawn(waiting, action)
        resume = self._steps[waiting.resume]
        if waiting.args:
            resume(self, action, **waiting.args)
        else:  # no arguments to unpack: a plain call, the commoner and quicker
            resume(self, action)
        if batch or (self.prompt is None and self.chance is None):  # else it stopped at once
            self._run(batch)
        self._batch = None  # between actions nothing may be scheduled

    # -- what steps call ------------------------------------------------------------------------
    def then(self, step: str, /, **args: Any) -> None:
        """Schedule a step after the current one (steps run in the order scheduled)."""
        self._batch.append((self._steps[step], args))

    def then_now(self, step: str, /, **args: Any) -> None:
        """Schedule a step, or run it at once where it would run next anyway: nothing else is
        scheduled yet, no end check is due and nothing stopped the game. The caller schedules
        only after this call: what the step schedules then comes first, as from the stack."""
        if (
            not self._batch
            and not self._end_check_due
            and self.prompt is None
            and self.chance is None
            and self.outcome is None
        ):
            if args:
                self._steps[step](self, **args)
            else:  # no arguments to unpack: a plain call, the commoner and quicker
                self._steps[step](self)
        else:
            self._batch.append((self._steps[step], args))

    def ask(
        self,
        seat: int,
        question: str,
        options: Sequence | Callable,
        resume: str,
        /,
        why: str | None = None,
        **args: Any,
    ) -> None:
        """Stop for `seat` to answer `question` with one of `options`; the answer resumes the
        step `resume` with `args`. A single option is taken without asking (unless the game
        :attr:`ASKS_SINGLE_OPTIONS`).

        A question asked after a change that may have ended the game (:meth:`touch`) waits
        until :meth:`check_end` has looked, first of what the step scheduled: a game that is
        over asks nothing more. A second question of the same step waits for the first to be
        answered, with the options it had when asked."""
        if not callable(options):
            if not options:
                raise RuntimeError(f"a {question} decision with no options")
            if len(options) == 1 and not self.ASKS_SINGLE_OPTIONS:
                self._batch.append((_answer, {"step": resume, "choice": options[0], "args": args}))
                return
        self.pose(Ask(seat, question, options, resume, args, why))

    def pose(self, asked: Ask, legal: tuple | None = None) -> None:
        """Stop at the question `asked`, made beforehand: :meth:`ask` for a game that puts the same
        few questions at most of its moves and keeps them made, as a question is a value. It
        waits as a question of :meth:`ask` does; one option is asked all the same.

        `legal`, from a step of an action being applied, is the question's options as the game
        has just listed them (a tuple): the legal actions once the action is applied, not worked
        out again (see :meth:`toolkit.state.GameState.legal_actions`)."""
        if self._end_check_due or self.prompt is not None:
            batch = self._batch
            at = 0
            while at < len(batch) and batch[at][0] is _ask_later:
                at += 1
            batch.insert(at, (_ask_later, {"asked": asked, "legal": legal}))
            return
        self.prompt = asked
        if legal is not None:  # as _offer, written out: a pose and its offer are most moves
            self._legal = legal
            self._legal_at = len(self.history) + 1

    def answer_now(self, step: str, choice: Any, /, **args: Any) -> None:
        """Resume `step` with `choice` as if a seat had answered it (a question with one answer,
        a card asked for when there is none)."""
        self._batch.append((_answer, {"step": step, "choice": choice, "args": args}))

    def draw(self, kind: str, resume: str, /, public: bool = True, **args: Any) -> None:
        """Stop at a chance node: a `kind` of draw (:meth:`draw_outcomes`), whose outcome resumes
        the step `resume` with `args`; `public` says whether every seat sees the outcome."""
        self.chance = Draw(kind, resume, args, public)

    def end(self, kind: str, winners: Sequence[int] = ()) -> None:
        """The game is over: why, and who won."""
        self.outcome = Outcome(kind, tuple(winners))

    def touch(self) -> None:
        """Note a change that may end the game: :meth:`check_end` looks before the next step."""
        self._end_check_due = True

    def _run(self, batch: list) -> None:
        """Run steps until one stops for a decision, a draw or the end. `batch` is the list that
        :meth:`then` fills: what the last step scheduled, which goes on the stack, first on top."""
        stack = self.stack
        while True:
            if batch:
                stack.extend(reversed(batch))
                batch.clear()
            if self.prompt is not None or self.chance is not None or self.outcome is not None:
                return
            if self._end_check_due:
                if self.check_end():
                    continue
                self._end_check_due = False
            if not stack:
                raise RuntimeError("the engine ran out of steps")  # turns always schedule the next
            step, args = stack.pop()
            if args:
                step(self, **args)
            else:
                step(self)


def _answer(game: StepMachine, step: str, choice: Any, args: dict) -> None:
    """A question with a single option, or a draw with none, resumed without stopping."""
    game._steps[step](game, choice, **args)


def _ask_later(game: StepMachine, asked: Ask, legal: tuple | None) -> None:
    """A question put off by :meth:`StepMachine.pose`, put now as it was made."""
    game.pose(asked, legal)
