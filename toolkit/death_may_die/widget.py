"""Notebook widgets: play the sample episode, and explore the dice.

:class:`DeathMayDieWidget` shows the map with every figure, the investigators and the tracks, the
dice of the roll in progress (or the last one) as pictures, and a button per legal action; the
exact numbers beside the choices (each action's, each reroll's) are the shared pane's,
:func:`toolkit.death_may_die.odds.decision_odds`, the engine walked from the seat's view, with the
walk's best choice named; while dice are thrown the pane shows the exact distribution of the whole
throw. The log is the engine's own. :class:`DiceExplorer` answers any mix of dice, successes
needed and stress, with Altair charts. Both are thin views over the engine and the solvers.
"""

from __future__ import annotations

import re
from html import escape

import ipywidgets as widgets

from toolkit.death_may_die import rerolls
from toolkit.death_may_die.budgets import WALK_LIMIT
from toolkit.death_may_die.dice import roll_distribution
from toolkit.death_may_die.display import rest_of_throw_html, roll_html, state_html
from toolkit.death_may_die.rules import DeathMayDieState
from toolkit.html import chance
from toolkit.widgets import ROLL, GameWidget


class DeathMayDieWidget(GameWidget):
    """Play an episode by clicking (the learning one unless `episode` names another, such as
    ``high_tide``); every investigator is a person at the screen. Dice wait for the Roll (one
    die) or Roll all button and come from the widget's seeded generator."""

    css = "dmd"
    stand_in = "greedy"
    walk_limit = WALK_LIMIT

    def objective(self, odds):
        """The walk's own best choice, where the step's choices all serve one aim (a roll, a
        fight): the one the prompt names; the actions of a turn aim at different things, and
        none is marked."""
        found = re.search(r"the walk's best choice is (['\"])(.*)\1$", odds.prompt)
        if found is None:
            return None
        best = found.group(2)
        return "the walk's own aim at this step", lambda row: (int(row.label == best),)

    def __init__(self, seed: int = 0, players: int = 2, episode: str = "drowned_chapel"):
        self.players = players
        self.episode = episode
        self.board = widgets.HTML()
        self.prompt = widgets.HTML()
        self.dice = widgets.HTML().add_class("dmd-dice-pane")
        super().__init__(seed, range(players), {})

    def _layout(self) -> list[widgets.Widget]:
        return self.stacked([self.prompt, self.dice], [self.board])

    def seat_name(self, seat: int) -> str:
        return self.state.investigators[seat]["name"]

    def __repr__(self) -> str:
        state = self.state
        return (
            f"DeathMayDieWidget(seed={self.seed}, {self.players} players: {state.describe_step()})"
        )

    def _new_state(self, seed: int) -> DeathMayDieState:
        return DeathMayDieState(seed=seed, players=self.players, episode=self.episode)

    def _started(self) -> None:
        self._told = 0  # engine log lines already in the narration
        # The roll last on screen and the die the last Roll click threw: the engine drops a roll
        # (its ``roll``) as it resolves, and its dice stay on screen until the next roll.
        self._last_roll: dict | None = None
        self._just_rolled: int | None = None
        self._tell()

    def _waits_for_roll(self) -> bool:
        return True

    def _apply(self, action) -> None:
        self.state.apply(action)
        self._tell()

    def _tell(self) -> None:
        """The log is the engine's own: the lines it wrote since the last move."""
        log = self.state.log
        self.narration += log[self._told :]
        self._told = len(log)

    def _roll(self) -> None:
        step = self._roll_in_progress()
        if step is not None:
            self._last_roll = step
            self._just_rolled = len(step["faces"]) if step["reroll"] is None else step["reroll"]
        super()._roll()

    def _roll_all(self) -> None:
        while self.state.is_chance_node():
            self._roll()

    def _roll_in_progress(self) -> dict | None:
        state = self.state
        return None if state.is_terminal() else state.roll

    def _draw(self) -> None:
        state = self.state
        self.board.value = state_html(state)
        self.prompt.value = f"<h4 class='dmd-prompt'>{escape(state.describe_step())}</h4>"
        step = self._roll_in_progress()
        if step is not None and step is not self._last_roll:
            self._last_roll, self._just_rolled = step, None
        shown = self._last_roll
        done = step is None
        self.dice.value = "" if shown is None else roll_html(state, shown, self._just_rolled, done)

    def _odds_meanwhile(self) -> str:
        """While dice are thrown: the exact distribution of the whole throw (before rerolls)."""
        step = self._roll_in_progress()
        return "" if step is None else rest_of_throw_html(self.state, step)

    def _choices(self) -> list[widgets.Button]:
        state = self.state
        if state.is_chance_node():
            return [
                self.bound_button(ROLL, self._roll, style="warning"),
                self.bound_button("Roll all", self._roll_all),
            ]
        return super()._choices()


# -- the dice odds explorer ------------------------------------------------------------------------


def joint_chart(black: int, green: int):
    """Heat map of P(successes, tentacles) for a roll without rerolls."""
    import altair as alt

    joint = roll_distribution(black, green).map(lambda r: (r[0], r[1]))
    rows = [
        {"successes": s, "tentacles": t, "probability": w / joint.total,
         "exact": f"{w}/{joint.total}"}
        for (s, t), w in joint.weights.items()
    ]  # fmt: skip
    return (
        alt.Chart(alt.Data(values=rows), title=f"{black} black + {green} green: joint odds")
        .mark_rect()
        .encode(
            x=alt.X("successes:O"),
            y=alt.Y("tentacles:O", sort="descending"),
            color=alt.Color("probability:Q", scale=alt.Scale(scheme="greens")),
            tooltip=[
                "successes:O",
                "tentacles:O",
                "exact:N",
                alt.Tooltip("probability:Q", format=".2%"),
            ],
        )  # fmt: skip
        .properties(width=260, height=160)
    )


def stress_rows(black: int, green: int, max_stress: int = 4) -> list[dict]:
    """P(at least k) for each k and each stress budget, for the line chart."""
    return [
        {"stress": stress, "need": f"at least {need}",
         "probability": float(rerolls.p_at_least(black, green, need, stress))}
        for need in range(1, black + green + 1)
        for stress in range(max_stress + 1)
    ]  # fmt: skip


def stress_chart(black: int, green: int, max_stress: int = 4):
    from toolkit.charts import line_chart

    return line_chart(
        stress_rows(black, green, max_stress), x="stress", y="probability", series="need",
        title="How stress rerolls raise the odds",
    )  # fmt: skip


def explorer_summary(black: int, green: int, need: int, stress: int) -> str:
    if black + green == 0:
        return "<p>Roll at least one die.</p>"
    p = rerolls.p_at_least(black, green, need, stress)
    plain = rerolls.p_at_least(black, green, need, 0)
    rules = rerolls.policy_rules(black, green, stress, rerolls.Objective("at_least", need))
    return (
        f"<p class='dmd-explorer'><b>P(at least {need} successes)</b> with {black} black + "
        f"{green} green dice: <b>{chance(p)}</b> with up to {stress} stress of rerolls; "
        f"{chance(plain)} without.</p><ul>"
        + "".join(f"<li>{escape(rule)}</li>" for rule in rules[:-1])
        + "</ul>"
    )


class DiceExplorer(widgets.VBox):
    """Sliders for black and green dice, successes needed and stress; exact odds and Altair
    charts drawn to SVG."""

    def __init__(self, black: int = 3, green: int = 1, need: int = 2, stress: int = 2,
                 charts: bool = True):  # fmt: skip
        self.black = widgets.IntSlider(value=black, min=0, max=6, description="black dice")
        self.green = widgets.IntSlider(value=green, min=0, max=5, description="green dice")
        self.need = widgets.IntSlider(value=need, min=1, max=11, description="successes")
        self.stress = widgets.IntSlider(value=stress, min=0, max=4, description="stress")
        self.summary = widgets.HTML()
        self.charts = widgets.HTML() if charts else None
        for slider in (self.black, self.green, self.need, self.stress):
            slider.observe(lambda _: self.refresh(), names="value")
        children = [widgets.HBox([self.black, self.green]),
                    widgets.HBox([self.need, self.stress]), self.summary]  # fmt: skip
        super().__init__(children + ([self.charts] if charts else []))
        self.refresh()

    def refresh(self) -> None:
        b, g, k, s = self.black.value, self.green.value, self.need.value, self.stress.value
        self.summary.value = explorer_summary(b, g, k, s)
        if self.charts is not None:
            self.charts.value = charts_svg(b, g) if b + g else ""


def charts_svg(black: int, green: int) -> str:
    """Both explorer charts as static SVG (no Output widget, no chart renderer needed)."""
    from toolkit.charts import to_svg

    return to_svg(joint_chart(black, green) | stress_chart(black, green))
