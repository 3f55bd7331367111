"""Play one TPK character in a notebook, with silent bots in the other seats.

A thin view over :class:`toolkit.tpk.rules.TPKState` on the shared widget base
(:class:`toolkit.widgets.GameWidget`): it shows only your seat's observation (the row, your hand,
every player's hand size, treasures and passes, the level's plays) and offers your legal actions as
buttons. Bots move as soon as it is their turn, so they often finish a level after your last move:
the table keeps showing how the level before ended, and the log says whether that deal could have
been cleared by a perfectly coordinated party.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from toolkit.tpk.budgets import WIDGET_WALK_LIMIT
from toolkit.tpk.cards import catalog
from toolkit.tpk.coordination import clearable
from toolkit.tpk.display import reputation, table_html, threat_label
from toolkit.tpk.rules import KEEP, PASS, TPKState
from toolkit.widgets import Choice, GameWidget


class TPKWidget(GameWidget):
    """``TPKWidget(seat=0, players=3, seed=0, bots="convention")``; ``.state`` is the live game."""

    css = "tpk"
    walk_limit = WIDGET_WALK_LIMIT

    def __init__(
        self,
        seat: int = 0,
        players: int = 3,
        seed: int = 0,
        bots: str = "convention",
        characters: list[str] | None = None,
        **options,
    ):
        self.seat, self.players, self.stand_in = seat, players, bots
        self.characters, self.options = characters, options
        self.view = w.HTML()
        self.status = w.HTML()
        others = {other: bots for other in range(players) if other != seat}
        super().__init__(seed, (seat,), others)
        self.actions.layout.flex_flow = "column"

    def _layout(self) -> list[w.Widget]:
        return self.stacked([self.status, self.view])

    def _new_state(self, seed: int) -> TPKState:
        return TPKState(seed=seed, players=self.players, characters=self.characters, **self.options)

    def _started(self) -> None:
        self._note_deal()

    def __repr__(self) -> str:
        state = self.state
        where = state.ended_by or f"level {state.level}, {state.prompt.question}"
        return f"TPKWidget(seed={self.seed}, {self.players} players, you are seat {self.seat}, {where})"

    def character(self, seat: int) -> str:
        return catalog().characters[self.state.characters[seat]].name

    def seat_name(self, seat: int) -> str:
        return f"{self.character(seat)} (you)" if seat == self.seat else self.character(seat)

    # -- moving ----------------------------------------------------------------------------------
    def _apply(self, action) -> None:
        """Apply an action; at the end of a level, tell whether a perfect party could clear it."""
        state = self.state
        state.apply(action)
        if state.level != self._level or state.is_terminal():
            cleared = state.levels_cleared() >= self._level
            told = f"Level {self._level}: {'cleared' if cleared else 'the party died'}"
            if self._possible is not None:
                told += (
                    f"; a perfectly coordinated party {'could' if self._possible else 'could not'}"
                    " have cleared that deal"
                )
            self.narration.append(told + ".")
            if not state.is_terminal():
                self._note_deal()

    def _note_deal(self) -> None:
        """Whether a perfect party could clear the level just dealt; unknown (None) for a game
        loaded after its keep phase, when the deal is no longer all on the table."""
        self._level = self.state.level
        dealt = self.state.outcome is None and self.state.prompt.question == KEEP
        self._possible = clearable(self.state) is not None if dealt else None

    # -- drawing ---------------------------------------------------------------------------------
    def _draw(self) -> None:
        state, obs = self.state, self.state.observation(self.seat)
        self.view.value = table_html(obs)
        if not state.is_terminal():
            self.status.value = f"<h3>You are {escape(self.character(self.seat))}. Your turn.</h3>"
        elif state.won:
            held = state.treasures_held()
            self.status.value = (
                f"<h3>The party escaped with {held} treasure(s): {reputation(held)}.</h3>"
            )
        else:
            self.status.value = f"<h3>Total party kill on level {state.level}.</h3>"

    def _choices(self) -> list[w.Widget]:
        """One table for the decision: a row a way to keep the cards drawn (each a button with
        its numbers), or a row a use of cards on the threats, and Pass."""
        state = self.state
        if state.prompt.question == KEEP:
            return [self.choice_table([Choice(state.action_to_string(a), a, style="success")
                                       for a in state.legal_actions()])]  # fmt: skip
        return self._play_controls()

    def label(self, action) -> str:
        """A use as its button reads: "Use Greatsword on 1. Large monster"."""
        cards = " and ".join(catalog().name(c) for c in action[1])
        threats = " and ".join(threat_label(p, self.state.row[p]) for p in action[2])
        return f"Use {cards} on {threats}"

    def _play_controls(self) -> list[w.Widget]:
        return [self.choice_table([
            Choice("Pass" if action == PASS else self.label(action), action,
                   style="warning" if action == PASS else "")
            for action in self.state.legal_actions()
        ])]  # fmt: skip
