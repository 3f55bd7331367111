"""Play one TPK character in a notebook, with silent bots in the other seats.

A thin view over :class:`toolkit.tpk.rules.TPKState`: it shows only your seat's observation (the
row, your hand, every player's hand size, treasures and passes, the level's plays) and offers your
legal actions as buttons. Bots move as soon as it is their turn. When a level ends, the widget says
whether that deal could have been cleared by a perfectly coordinated party.
"""

from __future__ import annotations

import ipywidgets as w

from toolkit.games import get_game
from toolkit.tpk.cards import catalog as catalogue
from toolkit.tpk.coordination import clearable
from toolkit.tpk.display import item_name, reputation, table_html
from toolkit.tpk.rules import PASS, TPKState


class TPKWidget(w.VBox):
    """``TPKWidget(seat=0, players=3, seed=0, bots="convention")``; ``.state`` is the live game."""

    def __init__(
        self,
        seat: int = 0,
        players: int = 3,
        seed: int = 0,
        bots: str = "convention",
        characters: list[str] | None = None,
        **options,
    ):
        self.seat, self.players, self.bot_name = seat, players, bots
        self.characters, self.options = characters, options
        self.view = w.HTML()
        self.status = w.HTML()
        self.choices = w.VBox()
        self.verdicts = w.HTML()
        self.new_game = w.Button(description="New game", button_style="info")
        self.new_game.on_click(lambda _: self.start(self.seed + 1))
        super().__init__([self.status, self.view, self.choices, self.verdicts, self.new_game])
        self.start(seed)

    def start(self, seed: int) -> None:
        self.seed = seed
        self.state = TPKState(
            seed=seed, players=self.players, characters=self.characters, **self.options
        )
        makers = get_game("tpk").bots
        self.bots = [makers[self.bot_name](s, seed * 101 + s) for s in range(self.players)]
        self.notes: list[str] = []
        self._note_deal()
        self._run_bots()

    def __repr__(self) -> str:
        state = self.state
        where = state.result or f"level {state.level}, {state.phase}"
        return f"TPKWidget(seed={self.seed}, {self.players} players, you are seat {self.seat}, {where})"

    # -- moving ----------------------------------------------------------------------------------
    def act(self, action) -> None:
        """Apply your action (buttons call this), then let the bots play up to your next turn."""
        self.state.apply(action)
        self._after_move()
        self._run_bots()

    def _run_bots(self) -> None:
        state = self.state
        while not state.is_terminal() and state.current_player() != self.seat:
            seat = state.current_player()
            state.apply(self.bots[seat].choose(state.observation(seat), state.legal_actions()))
            self._after_move()
        self.render()

    def _after_move(self) -> None:
        if self.state.level != self._level or self.state.is_terminal():
            cleared = self.state.levels_cleared() >= self._level
            self.notes.append(
                f"Level {self._level}: {'cleared' if cleared else 'the party died'}; "
                f"a perfectly coordinated party {'could' if self._possible else 'could not'} "
                "have cleared that deal."
            )
            if not self.state.is_terminal():
                self._note_deal()

    def _note_deal(self) -> None:
        self._level = self.state.level
        self._possible = clearable(self.state) is not None

    # -- drawing ---------------------------------------------------------------------------------
    def render(self) -> None:
        state, obs = self.state, self.state.observation(self.seat)
        self.view.value = table_html(obs)
        self.verdicts.value = "<br>".join(self.notes)
        me = catalogue().characters[state.characters[self.seat]].name
        if state.is_terminal():
            held = state.treasures_held()
            self.status.value = (
                f"<h3>The party escaped with {held} treasure(s): {reputation(held)}.</h3>"
                if state.result == "won"
                else f"<h3>Total party kill on level {state.level}.</h3>"
            )
            self.choices.children = []
            return
        self.status.value = f"<h3>You are {me}. Your turn.</h3>"
        if obs["phase"] == "keep":
            self.choices.children = self._keep_controls(obs)
        else:
            self.choices.children = self._play_controls()

    def _keep_controls(self, obs: dict):
        size = len(self.state.legal_actions()[0][1])
        toggles = [
            w.ToggleButton(description=item_name(c), layout=w.Layout(width="auto"))
            for c in obs["drawn"]
        ]
        keep = w.Button(description="Keep selected", button_style="success", disabled=True)
        hint = w.HTML(f"Choose {size} of the {len(obs['drawn'])} cards you drew to keep:")

        def changed(_):
            keep.disabled = sum(t.value for t in toggles) != size

        for toggle in toggles:
            toggle.observe(changed, "value")
        keep.on_click(
            lambda _: self.act(
                (
                    "keep",
                    tuple(sorted(c for c, t in zip(obs["drawn"], toggles, strict=True) if t.value)),
                )
            )
        )
        return [hint, w.HBox(toggles, layout=w.Layout(flex_flow="row wrap")), keep]

    def label(self, action) -> str:
        """A use as its button reads: "Use Greatsword on 1. Large monster"."""
        cat = catalogue()
        cards = " and ".join(cat.name(c) for c in action[1])
        threats = " and ".join(f"{p}. {cat.name(self.state.row[p])}" for p in action[2])
        return f"Use {cards} on {threats}"

    def _play_controls(self):
        buttons = []
        for action in self.state.legal_actions():
            label = "Pass" if action == PASS else self.label(action)
            button = w.Button(
                description=label,
                layout=w.Layout(width="auto"),
                button_style="warning" if action == PASS else "",
            )
            button.on_click(lambda _, a=action: self.act(a))
            buttons.append(button)
        return [w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))]
