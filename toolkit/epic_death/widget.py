"""Epic Death! in a notebook: a game to play (you against bots, or hot-seat) and an odds explorer.

Both widgets are views. Every rule lives in :class:`~toolkit.epic_death.rules.EpicDeathState`.
The numbers beside the game's choices are :func:`toolkit.epic_death.decisions.decision_odds` (what
``death-toolkit analyse`` prints, each checked against the exact walk), shown by the shared
:class:`~toolkit.widgets.GameWidget` under the choices; the quest line shows the same numbers for
choosing each quest, and the chart the Victories of the pool before the roll. The widgets only ask
the state what is legal, apply what a person clicks, and redraw. Dice are rolled with a
seeded :class:`random.Random` owned by the game widget, so the same seed and the same clicks give
the same game (the browser test relies on it).

Charts are :class:`altair.JupyterChart` widgets in offline mode: they render in JupyterLab and
Voila with no network.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

import altair as alt
import ipywidgets as widgets

from toolkit.analysis import Measure
from toolkit.charts import dist_chart, enable_offline
from toolkit.dist import P, binomial_tail_symbolic
from toolkit.epic_death.cards import BASE_POOL, BOX, catalog
from toolkit.epic_death.decisions import IF_NO_MORE, plain_pool, quest_ends
from toolkit.epic_death.display import (
    adventurer_html,
    dice_seed,
    difficulty_badge,
    quest_html,
    rerolling_of,
    roll_svg,
)
from toolkit.epic_death.odds import (
    DIFFICULTIES,
    FACES_WINNING,
    PoolModifiers,
    QuestOdds,
    quest_odds,
    victory_chance,
)
from toolkit.epic_death.rules import EpicDeathState
from toolkit.html import chance, listed
from toolkit.state import Action
from toolkit.svg import card
from toolkit.widgets import ROLL, Choice, GameWidget, number_html

FATE_COLOUR = "#6a4c93"
PHASE_WORDS = {
    "choose_quest": "choose a quest",
    "targets": "Deadly, Resurrect and Ancient Pact cards",
    "before_roll": "Fate cards before the roll",
    "d6": "roll the D6 of a Fate card",
    "roll": "roll the dice pool",
    "after_roll": "Fate cards after the roll",
    "reroll": "re-roll dice",
    "place_loot": "place the loot",
    "place_fail": "place the FAIL",
    "choose_death": "choose who dies",
    "over": "the game is over",
}
QUEST_LINE_COLUMNS = ("quest", "needs", "reward", "seal", "P(success)", "P(EPIC DEATH)", "P(fails)")
A_CHANCE = Measure("chance", "chance")  # how the quest line writes its chances
WIDE = {"description_width": "9em"}  # room for the explorer's labels
OUTCOME_WORDS = {"success": "succeeded", "fail": "failed", "epic_death": "EPIC DEATH!"}


def odds_lines(odds: QuestOdds, exact_note: str = "") -> list[str]:
    """The lines the odds explorer shows for one quest's odds (plain text, no HTML)."""
    exact = f"P(exactly {odds.needed} Victories) = {chance(odds.exact)}"
    lines = [
        f"P(success: at least {odds.needed} Victories) = {chance(odds.success)}",
        exact + exact_note,
    ]
    if odds.no_roll:
        lines.append(f"P(pool below {odds.needed}: fails without a roll) = {chance(odds.no_roll)}")
    return lines


def polynomial_text(expr) -> str:
    """A sympy polynomial as people write it: p^2·(1 - p) rather than p**2*(1 - p)."""
    return str(expr).replace("**", "^").replace("*", "·")


def victories_chart(odds: QuestOdds, title: str):
    return dist_chart(
        odds.victories, title=title, outcome_name="Victories", highlight_at_least=odds.needed
    )


def _chart_widget(css_class: str) -> alt.JupyterChart:
    enable_offline()  # Vega from the installed bundle inside the widget, never from a CDN
    chart = alt.JupyterChart(alt.Chart(alt.Data(values=[])).mark_bar())
    return chart.add_class(css_class)


def _html(css_class: str) -> widgets.HTML:
    return widgets.HTML().add_class(css_class)


class EpicDeathWidget(GameWidget):
    """A game of Epic Death! to play in a notebook.

    One person plays seat `human` against bots (``"random"`` or ``"greedy"``, one name for all or a
    list, one per bot seat), or everyone plays at one screen with ``hot_seat=True``. Each legal
    action of the person to move is a button labelled by the engine's ``action_to_string``; dice
    wait for the ``Roll`` button on a person's quest, bots and their dice act at once.
    """

    css = "ed"
    stand_in = "greedy"

    def __init__(
        self,
        seed: int = 0,
        players: int = 2,
        human: int = 0,
        bots: str | Sequence[str] = "greedy",
        hot_seat: bool = False,
        quests_per_player: int | None = None,
    ):
        if not 2 <= players <= 5:
            raise ValueError(f"Epic Death! takes 2 to 5 players (1 to 4 bots), not {players}")
        if not 0 <= human < players:
            raise ValueError(f"the human seat must be 0 to {players - 1}, not {human}")
        bot_seats = [] if hot_seat else [seat for seat in range(players) if seat != human]
        names = [bots] * len(bot_seats) if isinstance(bots, str) else list(bots)
        if len(names) != len(bot_seats):
            raise ValueError(f"{len(names)} bots named for {len(bot_seats)} bot seats")
        self.players = players
        self.human = human
        self.hot_seat = hot_seat
        self.quests_per_player = quests_per_player

        self.status_html = _html("ed-status")
        self.quest_line_html = _html("ed-quest-line")
        self.quest_html = _html("ed-quest")
        self.chart = _chart_widget("ed-chart")
        self.roll_html = _html("ed-roll")
        self.prompt_html = _html("ed-prompt")
        self.hand_html = _html("ed-hand")
        self.parties_html = _html("ed-parties")
        humans = range(players) if hot_seat else (human,)
        super().__init__(seed, humans, dict(zip(bot_seats, names, strict=True)))

    def _layout(self) -> list[widgets.Widget]:
        table = widgets.VBox([self.quest_html, self.chart, self.roll_html])
        hand = widgets.VBox([self.hand_html], layout={"width": "50%"})
        # the choices span the page under the quest and the hand: their table needs the width
        moves = widgets.VBox(
            [self.prompt_html, self.note_html, self.actions, self.odds_html],
            layout={"width": "100%"},
        )
        return [
            self.controls,
            self.status_html,
            self.result_html,
            self.quest_line_html,
            widgets.HBox([table.add_class("ed-table"), hand]),
            moves,
            self.parties_html,
            self.log_html,
        ]

    # -- driving the game -------------------------------------------------------------------------
    def _new_state(self, seed: int) -> EpicDeathState:
        return EpicDeathState(
            seed=seed, players=self.players, quests_per_player=self.quests_per_player
        )

    def _started(self) -> None:
        if not self.narration:  # a new game; a position set up or loaded says so itself
            self.narration.append(f"New game, seed {self.seed}: {self._players_text()}.")
        self.last_roll: str | None = None
        self._told = 0  # quest results the log has told
        self._told_end = False
        self._shown_chart = None

    def _waits_for_roll(self) -> bool:
        """Dice on a person's quest wait for the Roll button."""
        return self.state.is_chance_node() and self.state.active in self.humans

    def _apply(self, action: Action) -> None:
        """Apply one action and narrate it (the words are taken before the state moves on)."""
        state = self.state
        seat, turn = state.current_player(), state.turn
        words = state.action_to_string(action)
        if state.is_chance_node():
            kind = state.chance.kind
            if kind == "roll":
                what = f"{state.pool()} dice rolled"
            elif kind == "reroll":
                what = f"{state.chance.args['dice']} dice re-rolled"
            else:
                what = "a D6 rolled"
            line = f"{self._quest_of(state.active, state.quest_card)}: {what}: {words}"
            if kind in ("roll", "reroll"):
                self.last_roll = line
        else:
            line = f"{self.seat_name(seat)}: {words}"
        state.apply(action)
        self.narration.append(f"Turn {turn}. {line}")
        self._tell_outcomes()

    def _tell_outcomes(self) -> None:
        """Narrate each quest's outcome as the engine records it, and the end of the game."""
        state = self.state
        for seat, quest_id, outcome in state.results[self._told :]:
            quest = state.cards.quest(quest_id)
            self.narration.append(f"{self._quest_of(seat, quest)}: {OUTCOME_WORDS[outcome]}")
        self._told = len(state.results)
        if state.is_terminal() and not self._told_end:
            self._told_end = True
            self.narration.append(f"Game over. {self._scores_text()}")

    # -- words ----------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        if seat in self.bot_names:
            return f"Bot {seat} ({self.bot_names[seat]})"
        return f"Player {seat}" if self.hot_seat else "You"

    def _whose(self, seat: int) -> str:
        name = self.seat_name(seat)
        return "your" if name == "You" else f"{name}'s"

    def _quest_of(self, seat: int, quest) -> str:
        """'The Haunted Privy (your quest)': quest names often begin with 'The'."""
        return f"{quest.name} ({self._whose(seat)} quest)"

    def _players_text(self) -> str:
        return ", ".join(f"{self.seat_name(seat)} in seat {seat}" for seat in range(self.players))

    def _scores_text(self) -> str:
        scores = self.state.scores()
        text = ", ".join(f"{self.seat_name(seat)} {score}" for seat, score in enumerate(scores))
        winners = listed([self.seat_name(seat) for seat in self.state.winners or []])
        return f"Final EPIC: {text}. Winner: {winners}."

    # -- what is shown --------------------------------------------------------------------------
    def pool_odds(self) -> QuestOdds | None:
        """The Victories of the quest in play if no more Fate cards are played, with every dice
        card played so far (a D6 card whose die is not rolled yet counts as its mixture); None
        between quests and once the dice are rolled, when they are on the table."""
        state = self.state
        if state.quest is None or state.is_terminal() or state.rolled or state.quest_outcome:
            return None
        chance = state.chance
        d6 = chance.args["sign"] if chance is not None and chance.kind == "d6" else 0
        modifiers = PoolModifiers(
            dice=state.dice_change,
            plus_d6=int(d6 > 0),
            minus_d6=int(d6 < 0),
            frenzy=state.frenzy,
        )
        quest = state.quest_card
        return quest_odds(quest.victories, quest.difficulty, modifiers)

    def _draw(self) -> None:
        self.status_html.value = self._status()
        self.quest_line_html.value = self._quest_line()
        self.quest_html.value = self._quest_in_play()
        self._render_chart()
        self.roll_html.value = self._roll_text()
        self.prompt_html.value = self._prompt()
        self.hand_html.value = self._hand()
        self.parties_html.value = self._parties()

    def _status(self) -> str:
        state = self.state
        if state.is_terminal():
            return f"<b>Game over.</b> {escape(self._scores_text())}"
        seat = state.active if state.is_chance_node() else state.current_player()
        return (
            f"<b>Turn {state.turn}</b>: {escape(self._whose(state.active))} quest; now: "
            f"{escape(PHASE_WORDS[state.stage()])} ({escape(self.seat_name(seat))}). "
            f"{len(state.quest_deck)} quests left in the deck."
        )

    def _quest_line(self) -> str:
        """Every quest in the line with the numbers of choosing it: how it ends with a plain pool
        if no Fate card is played (the numbers beside the choice, when it is open)."""
        state = self.state
        if not state.quest_line:
            return "<b>Quest line</b>: empty"
        epic = any(state.cards.quest(q).epic_quest for q in state.quest_line)
        rows = []
        for quest_id in state.quest_line:
            quest = state.cards.quest(quest_id)
            ends = quest_ends(quest, plain_pool(quest))
            name = ("EPIC QUEST: " if quest.epic_quest else "") + quest.name
            seal = f"EPIC {quest.epic}" if quest.epic_quest else f"FAIL {quest.fail}"
            cells = [
                f"<b>{escape(name)}</b>",
                difficulty_badge(quest),
                f"{quest.rewards.loot} loot, {quest.rewards.fate} Fate",
                seal,
                number_html(A_CHANCE, ends["success"]),
            ]
            if epic:  # the column says nothing where no Epic Quest is in the line
                cells.append(number_html(A_CHANCE, ends["epic_death"]) if quest.epic_quest else "")
            cells.append(number_html(A_CHANCE, ends["fail"]))
            rows.append("<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>")
        columns = [c for c in QUEST_LINE_COLUMNS if epic or c != "P(EPIC DEATH)"]
        head = "".join(f"<th>{h}</th>" for h in columns)
        return (
            f"<b>Quest line</b> ({len(state.quest_deck)} more in the deck; odds for a pool of "
            f"{BASE_POOL} dice and no Fate card played)"
            "<style>.ed-quest-line .numbers-exact { font-size: 10px; color: #666; }"
            ".ed-quest-line .numbers-main { font-weight: 600; }</style>"
            f"<table class='death-toolkit' style='font-size:12px'><tr>{head}</tr>"
            f"{''.join(rows)}</table>"
        )

    def _quest_in_play(self) -> str:
        state = self.state
        if state.quest is None or state.is_terminal():
            return ""
        whose = self._whose(state.active)
        parts = [f"<b>{escape(whose[:1].upper() + whose[1:])} quest</b><br>"]
        parts.append(quest_html(state.cards, state.quest))
        change = f"{state.dice_change:+d}" if state.dice_change else "no change"
        parts.append(
            f"<div>Pool: <b>{state.pool()} dice</b> ({BASE_POOL} base, {change}"
            f"{', Frenzy' if state.frenzy else ''}; the box holds {BOX})</div>"
        )
        if state.plays:
            played = []
            for seat, card_id, target in state.plays:
                text = f"{self.seat_name(seat)}: {state.cards.fate[card_id].name}"
                if target in state.cards.adventurers:
                    text += f" on {state.cards.adventurers[target].name}"
                played.append(escape(text))
            parts.append("<div>Fate cards played: " + "; ".join(played) + "</div>")
        else:
            parts.append("<div>No Fate cards played yet.</div>")
        if state.loot_to_place:
            loot = state.cards.loot[state.loot_to_place[0]]
            extra = f", set {loot.set}" if loot.set else ""
            parts.append(
                f"<div>Loot to place: <b>{escape(loot.name)}</b> "
                f"({loot.loot_class}, EPIC {loot.epic}{escape(extra)})</div>"
            )
        return "".join(parts)

    def _render_chart(self) -> None:
        """The Victories of the pool until the roll; after it the dice are on the table, and no
        number from before the roll stays on screen."""
        odds, state = self.pool_odds(), self.state
        if odds is None:
            self.chart.layout.display = "none"
            return
        quest = state.quest_card
        self.chart.layout.display = None
        key = (quest.id, odds)
        if key != self._shown_chart:  # rebuilding the spec costs more than the arithmetic
            self._shown_chart = key
            self.chart.chart = victories_chart(odds, f"Victories on {quest.name} {IF_NO_MORE}")

    def _roll_text(self) -> str:
        state = self.state
        if state.rolled and not state.is_terminal():
            dice = roll_svg(
                state.plain, state.sixes, state.failed_dice, state.frenzy,
                state.quest_card.difficulty, rerolling_of(state), dice_seed(state),
            )  # fmt: skip
            return (
                f"<b>Roll</b>: {dice} <b>{state.victories()} Victories</b>, "
                f"{state.quest_card.victories} needed"
            )
        if self.last_roll:
            return f"<b>Last roll</b>: {escape(self.last_roll)}"
        return ""

    def _prompt(self) -> str:
        state = self.state
        if state.is_terminal():
            return ""
        if self._waits_for_roll():
            what = {"d6": "the D6", "roll": f"{state.pool()} dice", "reroll": "the re-roll"}
            return f"<b>{escape(self.seat_name(state.active))}</b>: roll {what[state.chance.kind]}."
        seat = state.current_player()
        return f"<b>{escape(self.seat_name(seat))}</b>: {escape(PHASE_WORDS[state.stage()])}."

    def _choices(self) -> list[widgets.Button]:
        if self._waits_for_roll():
            roll = self.bound_button(ROLL, self._roll, style="warning")
            return [roll.add_class("ed-roll-button")]
        state = self.state
        return [self.choice_table([
            Choice(state.action_to_string(action), action, self._tooltip(action))
            for action in state.legal_actions()
        ])]  # fmt: skip

    def objective(self, odds):
        """Placing loot or the FAIL: the most EPIC; a Fate card or a quest on your own quest:
        the likeliest success; on another's quest, the likeliest failure."""
        names = {m.name for m in odds.measures}
        if "epic" in names:
            return "the most EPIC after it", (("epic", 1),)
        if "success" not in names:
            return None
        if self.state.active == odds.seat or self.state.stage() == "choose_quest":
            return "the highest chance that the quest succeeds", (("success", 1),)
        return "the highest chance that another player's quest fails", (("success", -1),)

    def in_short_note(self, odds) -> str:
        """At a quest's fate the numbers assume that nobody plays another Fate card on the quest
        (the module :mod:`toolkit.epic_death.decisions` says why), so a hand changed in the Set
        up panel changes no number: said beside them, where a person changing it looks."""
        if "success" not in {m.name for m in odds.measures}:
            return ""
        return (
            "The cards in hand change no number here: each assumes no more Fate cards are "
            "played on this quest (a card you can play now is a row of its own)."
        )

    def _tooltip(self, action: Action) -> str:
        if isinstance(action, tuple) and action[0] == "fate":
            return self.state.cards.fate[action[1]].text
        return ""

    def _hand(self) -> str:
        state = self.state
        seat = state.active if state.is_chance_node() else state.current_player()
        if not self.hot_seat:
            seat = self.human
        elif state.is_terminal():
            return ""
        hand = state.hands[seat]
        cards = [
            card(
                state.cards.fate[c].name,
                [state.cards.fate[c].timing.replace("_", " "), state.cards.fate[c].text],
                FATE_COLOUR,
            )
            for c in hand
        ]
        title = "Your hand" if not self.hot_seat else f"Player {seat}'s hand"
        return f"<b>{title}</b> ({len(hand)} Fate cards)<br>" + "".join(cards)

    def _parties(self) -> str:
        state = self.state
        scores = state.scores()
        parts = []
        for seat, party in enumerate(state.parties):
            active = " (active)" if seat == state.active and not state.is_terminal() else ""
            parts.append(
                f"<div><b>{escape(self.seat_name(seat))}</b>{active}: EPIC {scores[seat]} "
                f"(only the dead count), {len(state.hands[seat])} Fate cards<br>"
                + "".join(adventurer_html(state, adventurer) for adventurer in party)
                + "</div>"
            )
        return "".join(parts)

    def __repr__(self) -> str:
        mode = "hot-seat" if self.hot_seat else f"human seat {self.human}"
        return (
            f"EpicDeathWidget(seed={self.seed}, players={self.players}, {mode}, "
            f"turn {self.state.turn}, {self.state.stage()})"
        )


class OddsExplorer(widgets.VBox):
    """Sliders for a quest (dice, Victories needed, difficulty, D6 cards, Frenzy) and its exact odds,
    with the binomial tail as a polynomial in p for a plain pool, and a chart of the Victories."""

    def __init__(self, dice: int = BASE_POOL, needed: int = 4, difficulty: str = "mighty"):
        self.dice = widgets.IntSlider(
            value=dice, min=0, max=BOX, description="Dice in pool", style=WIDE
        )
        self.needed = widgets.IntSlider(
            value=needed, min=1, max=BOX, description="Victories needed", style=WIDE
        )
        self.difficulty = widgets.Dropdown(
            options=[(f"{d} ({7 - FACES_WINNING[d]}+ is a Victory)", d) for d in DIFFICULTIES],
            value=difficulty,
            description="Difficulty",
            style=WIDE,
        )
        in_deck = catalog().copies_of  # no more cards than the Fate deck holds
        self.plus_d6 = widgets.IntSlider(
            value=0, min=0, max=in_deck("add_d6"), description="+D6 cards", style=WIDE
        )
        self.minus_d6 = widgets.IntSlider(
            value=0, min=0, max=in_deck("remove_d6"), description="-D6 cards", style=WIDE
        )
        self.frenzy = widgets.Checkbox(value=False, description="Frenzy")
        self.odds_html = _html("ed-explorer-odds")
        self.symbolic_html = _html("ed-explorer-symbolic")
        self.chart = _chart_widget("ed-explorer-chart")
        controls = [
            self.dice,
            self.needed,
            self.difficulty,
            self.plus_d6,
            self.minus_d6,
            self.frenzy,
        ]
        for control in controls:
            control.observe(lambda _: self.update(), names="value")
        super().__init__([widgets.VBox(controls), self.odds_html, self.symbolic_html, self.chart])
        self.add_class("ed-explorer")
        self.update()

    @property
    def modifiers(self) -> PoolModifiers:
        return PoolModifiers(
            plus_d6=self.plus_d6.value, minus_d6=self.minus_d6.value, frenzy=self.frenzy.value
        )

    @property
    def odds(self) -> QuestOdds:
        return quest_odds(
            self.needed.value, self.difficulty.value, self.modifiers, base=self.dice.value
        )

    @property
    def plain(self) -> bool:
        """A fixed pool with no Frenzy: Victories are binomial."""
        return self.modifiers == PoolModifiers()

    def symbolic(self):
        """P(success) as a polynomial in p, the chance of one die, for a plain pool."""
        return binomial_tail_symbolic(self.dice.value, self.needed.value)

    def update(self) -> None:
        odds, difficulty = self.odds, self.difficulty.value
        pool = f"{self.dice.value} dice"
        if self.plus_d6.value or self.minus_d6.value:
            pool += f" {self.plus_d6.value:+d}D6 {-self.minus_d6.value:+d}D6"
        lines = [f"{pool}, {difficulty}, {odds.needed} Victories needed"]
        lines += odds_lines(odds, " (an EPIC DEATH on an Epic Quest)")
        self.odds_html.value = "<br>".join(escape(line) for line in lines)
        if self.plain:
            p = victory_chance(difficulty)
            self.symbolic_html.value = (
                "<b>Binomial tail</b>, with p the chance that one die is a Victory:<br>"
                f"<code>P(success) = {escape(polynomial_text(self.symbolic()))}</code><br>"
                f"and with p = {p} ({difficulty}) that is {chance(self.symbolic().subs(P, p))}."
            )
        else:
            self.symbolic_html.value = (
                "<i>The binomial tail is shown for a fixed pool (no D6 cards, no Frenzy); "
                "here the pool is a mixture.</i>"
            )
        self.chart.chart = victories_chart(odds, f"Victories: {pool}, {difficulty}")

    def __repr__(self) -> str:
        return (
            f"OddsExplorer(dice={self.dice.value}, needed={self.needed.value}, "
            f"difficulty={self.difficulty.value!r}, modifiers={self.modifiers})"
        )
