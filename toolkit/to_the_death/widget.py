"""To the Death! in a notebook: the solo game against the monster deck, or the duel (hot-seat, or
against a bot).

The widget is a view. Every rule lives in :class:`~toolkit.to_the_death.rules.ToTheDeathState` and
every number beside the choices is the shared pane of :class:`toolkit.widgets.GameWidget`: the
game's ``odds.decision_odds``, the expected outcome of each option played out by the engine from
the cards the player cannot see (:mod:`toolkit.to_the_death.options`); the widget asks the state
what is legal, shows each choice as a button labelled by the engine's ``action_to_string``,
applies what a person clicks and redraws. Checks and draws are the engine's chance nodes, sampled
exactly (:func:`toolkit.simulate.sample_outcome`) with a seeded generator the widget owns, as
:func:`toolkit.simulate.play` does: the same seed and the same clicks give the same game, and a
game the bots play alone here is the game ``play`` would give.

In the main step the choices open in steps, so that at most :data:`ROW_LIMIT` rows show at once:
a row a hero (its attacks, rest, abilities, feats, move and charge), a row of the player abilities
and end; a hero's row opens its moves, a move opens the cards that may pay for it, each row
showing the best numbers of what it holds. Cards of one value whose numbers are the same and
whose games after differ only in which of them was paid share a row. The log repeats the expected
damage shown beside a chosen target and then tells the check the engine made (card, total against
armor, hit or miss).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from html import escape

import ipywidgets as widgets

from toolkit.html import exact
from toolkit.state import Action
from toolkit.to_the_death.budgets import OPTION_LIMIT
from toolkit.to_the_death.cards import catalog, is_card, value_of
from toolkit.to_the_death.display import (
    card_name,
    display_names,
    effect_names,
    hand_html,
    monsters_line,
    piles_html,
    result_text,
    side_html,
)
from toolkit.to_the_death.rules import ToTheDeathState
from toolkit.to_the_death.words import decision_words
from toolkit.widgets import Choice, GameWidget

PAID_BY_ONE_CARD = ("attack", "rest", "ability", "move", "charge", "focus", "reset", "search")
HERO_MOVES = ("attack", "rest", "ability", "feat", "move", "charge")
PLAYER_ABILITIES = ("focus", "reset", "search")
#: The most rows the main step's table shows at once.
ROW_LIMIT = 15
QUESTIONS = {
    "main": "main step: activate each hero at most once and use player abilities, then end it",
    "draw step": "draw step: discard any cards, one at a time, then draw back up",
    "block": "a hit is coming",
    "skill check": "a skill check is coming: make it, or focus first",
    "choose hero": "choose a hero",
    "choose enemy": "choose an enemy",
    "attack kind": "choose the kind of attack",
    "move a hero": "you may move a hero",
    "card to the top": "put a card from your hand on top of the deck",
    "discard": "discard a card",
    "trophy": "a card from your hand becomes the gladiator's trophy",
    "grasping talons": "discard a card, or the hero skips its next activation",
    "resurrect": "choose a defeated hero to return",
    "choose area": "choose an area",
    "attack order": "choose which monster attacks next",
    "place in row": "choose where the moved hero stands in its new row",
}


@dataclass(frozen=True)
class _Group:
    """A row that opens rows: its key (a hero, a move), its words, every choice under it (whose
    best numbers it shows), and its rows, made when it is opened."""

    key: tuple
    label: str
    actions: tuple
    rows: Callable[[], list]
    tooltip: str = ""


def _paid(action: Action) -> tuple:
    """The cards a main-step choice pays with."""
    return tuple(part for part in action[1:] if is_card(part))


#: What the comparison of two games after a choice leaves out: the record of the moves and the
#: log (which name the card paid), and what is kept only to be quick.
_NOT_COMPARED = frozenset(
    ("history", "public_history", "log", "kept", "_legal", "_legal_at", "rng", "_batch")
)


def same_but_for(state: ToTheDeathState, one: Action, other: Action) -> bool:
    """Whether the game after `one` is the game after `other` once the cards the two pay with
    are swapped everywhere (hands compared as the sets they are): the two choices then differ
    only in which of those cards went and which stayed."""
    mine, theirs = _paid(one), _paid(other)
    swap = {}
    for a, b in zip(sorted(set(mine) - set(theirs)), sorted(set(theirs) - set(mine)), strict=True):
        swap[a], swap[b] = b, a
    after = []
    for action in (one, other):
        game = state.clone()
        game.apply(action)
        after.append(game)
    return _plain(after[0], {}) == _plain(after[1], swap)


def _plain(game: ToTheDeathState, swap: dict) -> dict:
    def renamed(value):
        if isinstance(value, str):
            return swap.get(value, value)
        if isinstance(value, Mapping):
            return {renamed(k): renamed(v) for k, v in value.items()}
        if isinstance(value, (list, tuple)):
            return [renamed(v) for v in value]
        if isinstance(value, (set, frozenset)):
            return frozenset(renamed(v) for v in value)
        if is_dataclass(value):  # a question or a draw waiting, which names cards
            return [type(value).__name__, *(renamed(getattr(value, f.name)) for f in fields(value))]
        return value

    plain = {k: renamed(v) for k, v in vars(game).items() if k not in _NOT_COMPARED}
    plain["hands"] = [sorted(hand) for hand in plain["hands"]]
    return plain


def _html(css_class: str) -> widgets.HTML:
    return widgets.HTML().add_class(css_class)


class ToTheDeathWidget(GameWidget):
    """A game of To the Death! to play in a notebook.

    ``players=1`` is the solo game: you lead the party, and the monsters need no decisions (their
    checks are chance). ``players=2`` is the duel, played hot-seat by two people at one screen, or
    with ``opponent="greedy"`` (or ``"random"``) against a bot as player 2. The expected outcome
    of each option open now is shown under the choices (``self.odds``). Other keyword options go
    to the engine
    (``party``, ``parties``, ``monsters``, ``king``, ``challenge``, ``encounter``, ``max_turns``).
    """

    css = "ttd"
    stand_in = "greedy"
    walk_limit = OPTION_LIMIT

    def __init__(
        self,
        seed: int = 0,
        players: int = 1,
        opponent: str | None = None,
        **options,
    ):
        if players not in (1, 2):
            raise ValueError(f"To the Death! is played by 1 or 2 players, not {players}")
        if opponent is not None:
            if players == 1:
                raise ValueError("opponent names a bot for player 2 of the duel (players=2)")
        self.players = players
        self.opponent = opponent
        self.options = options

        self.status_html = _html("ttd-status")
        self.board_html = _html("ttd-board-view")
        self.hand_html = _html("ttd-hand")
        self.prompt_html = _html("ttd-prompt")
        bots = {} if opponent is None else {1: opponent}
        self._open_path: tuple = (None, ())  # (position, the keys of the groups open there)
        super().__init__(seed, [seat for seat in range(players) if seat not in bots], bots)
        self.actions.layout.flex_flow = "column"  # a group of buttons a row

    def _layout(self) -> list[widgets.Widget]:
        # the choices span the page under the board and the hand: their table needs the width
        moves = widgets.VBox(
            [self.prompt_html, self.note_html, self.actions, self.odds_html],
            layout={"width": "100%"},
        ).add_class("ttd-moves")
        board = widgets.HBox(
            [
                self.board_html.add_class("ttd-board-column"),
                widgets.VBox([self.hand_html], layout={"width": "50%"}),
            ]
        )
        return [self.controls, self.status_html, self.result_html, board, moves, self.log_html]

    # -- driving the game -------------------------------------------------------------------------
    def _new_state(self, seed: int) -> ToTheDeathState:
        return ToTheDeathState(seed=seed, players=self.players, **self.options)

    def _started(self) -> None:
        if not self.narration:  # a new game; a position set up or loaded says so itself
            self.narration.append(f"New game, seed {self.seed}: {self._mode_text()}.")
        self._told = 0  # engine log lines already in the narration

    def _apply(self, action: Action) -> None:
        """Apply one action and narrate it: the decision (with the odds of a chosen target), a card
        drawn into a hand (named only where no one else plays), then what the engine tells."""
        state = self.state
        at_chance = state.is_chance_node()
        line = None
        if not at_chance:
            seat = state.current_player()
            line = f"{self.seat_name(seat)}: {self.label(action)}"
            shown = self._shown_odds(action)
            if state.prompt.question == "target" and shown is not None and "dealt" in shown.odds:
                line += f" (expected damage {exact(shown.odds['dealt'])})"
        hands_before = [list(hand) for hand in state.hands]
        state.apply(action)
        told = state.log[self._told :]
        self._told = len(state.log)
        if line is not None:  # said once, and always with whose decision it was
            if told and told[0] == f"{state.action_to_string(action)}.":
                told = told[1:]  # the engine's own words for it, without the player
            self.narration.append(line)
        if at_chance and isinstance(action, str) and not any(action in text for text in told):
            for seat, hand in enumerate(state.hands):  # a draw: told before what followed it
                if action in hand and action not in hands_before[seat]:
                    self.narration.append(
                        f"You draw the {card_name(action)}."
                        if self.players == 1
                        else f"{self.seat_name(seat)} draws a card."
                    )
        self.narration += told

    def decision_odds(self):
        """The shared numbers under the choices, remembered with the position they belong to."""
        self._odds_at = len(self.state.history)
        return super().decision_odds()

    def _shown_odds(self, action: Action):
        """The numbers shown beside `action`, if they belong to this position."""
        odds = getattr(self, "odds", None)
        if odds is None or getattr(self, "_odds_at", -1) != len(self.state.history):
            return None
        return odds.for_action(action)

    # -- words ----------------------------------------------------------------------------------
    def seat_name(self, seat: int) -> str:
        if self.players == 1:
            return "You"
        if seat in self.bots:
            return f"Player {seat + 1} (bot, {self.opponent})"
        return f"Player {seat + 1}"

    def _mode_text(self) -> str:
        if self.players == 1:
            if "encounter" in self.options:
                return f"solo, one encounter with the {self.options['encounter']}"
            return "solo, five rounds against the monster deck"
        if self.opponent is None:
            return "duel, hot-seat (two people, one screen)"
        return f"duel, you are player 1 against a {self.opponent} bot"

    def label(self, action: Action, names: dict[str, str] | None = None) -> str:
        """A button's text: the engine's words, with enemies that share a name told apart
        (Goblin 1, Goblin 2; `names` from :func:`display_names`) and the draw step's and a
        block's plain choices spelled out."""
        state = self.state
        kind = state.prompt.question if state.prompt else None
        if kind == "draw step":
            if len(action) == 1:
                return "discard no more" if state.prompt.args["after"] else "discard nothing"
            return f"discard the {card_name(action[1])}"
        if kind == "block" and action == ("take",):
            return "take the hit"
        text = state.action_to_string(action)
        if isinstance(action, tuple):
            names = names or display_names(state)
            for part in action:
                if isinstance(part, str) and part in state.units and names[part] not in text:
                    text = text.replace(state.units[part]["name"], names[part], 1)
        return text

    # -- what is shown --------------------------------------------------------------------------
    def _draw(self) -> None:
        state = self.state
        self.status_html.value = self._status()
        self.board_html.value = self._board()
        title = "Your hand" if self.players == 1 else f"Player {self.viewer + 1}'s hand"
        self.hand_html.value = hand_html(state, self.viewer, title)
        self.prompt_html.value = self._prompt()

    def _status(self) -> str:
        state = self.state
        if state.is_terminal():
            return f"<b>Game over.</b> {escape(result_text(state))}"
        where = (
            f"Round {state.round}, "
            if self.players == 1 and "encounter" not in self.options
            else ""
        )
        seat = state.current_player()
        asked = decision_words(state.prompt)  # the decision in the table's words
        return (
            f"<b>{where}turn {state.turn}</b> ({state.hero_turns} hero turns so far). "
            f"Now: {escape(self.seat_name(seat))}, {escape(asked[:1].lower() + asked[1:])}."
        )

    def _board(self) -> str:
        state = self.state
        names = display_names(state)
        seat = self.viewer
        other = 1 - seat if self.players == 2 else 1
        enemies = "Monsters" if self.players == 1 else f"Player {other + 1}'s heroes"
        mine = "Your heroes" if self.players == 1 else f"Player {seat + 1}'s heroes"
        effects = effect_names(state)
        hands = ""
        if self.players == 2:
            hands = (
                f"<div>Hand sizes: player 1 holds {len(state.hands[0])}, "
                f"player 2 holds {len(state.hands[1])}.</div>"
            )
        return (
            '<div class="ttd-board" style="line-height:1.4">'
            + monsters_line(state)
            + side_html(state, other, enemies, names, "ttd-enemies")
            + side_html(state, seat, mine, names, "ttd-heroes")
            + piles_html(state, seat)
            + hands
            + (
                '<div class="ttd-effects">Working now: ' + escape(", ".join(effects)) + "</div>"
                if effects
                else ""
            )
            + "</div>"
        )

    def _prompt(self) -> str:
        state = self.state
        if state.is_terminal():
            return ""
        prompt = state.prompt
        who = escape(self.seat_name(prompt.seat))
        args = prompt.args
        names = display_names(state)
        if prompt.question == "target":
            hero = names[args["uid"]]
            text = (
                f"{hero}'s {args['kind']} weapon {args['index'] + 1} (value {args['value']}): "
                "choose its target, or focus first (+1 to this check per card)"
            )
        elif prompt.question == "block":
            text = (
                f"{names[args['attacker']]}'s {args['kind']} weapon hits {names[args['target']]} "
                f"for {args['damage']}: block with a card of the checked value, or take it"
            )
        elif prompt.question == "draw step":
            text = (
                "draw step: discard any cards, one at a time, then draw up to "
                f"{state.hand_limit(prompt.seat)}"
            )
        else:
            text = QUESTIONS.get(prompt.question, prompt.question)
            if prompt.why:
                text += f" ({prompt.why})"
        return f"<b>{who}</b>: {escape(text)}."

    def _choices(self) -> tuple[widgets.Widget, ...]:
        """The choices as one table. The main step's are a tree (:meth:`main_tree`): a row a
        hero, then the player abilities, then end; a hero's row opens its moves, a move paid
        with a card opens the cards that may pay for it. Each row shows its numbers, a group's
        the best of what it holds. At most :data:`ROW_LIMIT` rows show at once: when the open
        groups would show more, only the open one of its level stays beside them."""
        state = self.state
        if state.is_terminal():
            return ()
        names = display_names(state)
        legal = state.legal_actions()
        if state.prompt.question != "main":
            return (self.choice_table([self._row(a, names) for a in legal]),)
        key = self.position()
        if self._open_path[0] != key:
            self._open_path = (key, ())
        tree = self.main_tree(legal, names)
        path = self._open_path[1]
        for mode in ("all", "open alone below the top", "open alone"):
            rows = self._flattened(tree, path, mode)
            if len(rows) <= ROW_LIMIT:
                break
        return (self.choice_table(rows),)

    def main_tree(self, legal, names) -> list:
        """The main step's choices as rows to open: a :class:`_Group` for each hero (its
        attacks, rest, abilities, feats, move and charge), one for the player abilities (focus,
        reset, search), and end; a group of one choice is that choice's row."""
        heroes: dict[str, list] = {}
        party, rest = [], []
        for action in legal:
            if action[0] in HERO_MOVES:
                heroes.setdefault(action[1], []).append(action)
            elif action[0] in PLAYER_ABILITIES:
                party.append(action)
            else:
                rest.append(action)
        nodes = [self._hero_node(uid, actions, names) for uid, actions in heroes.items()]
        if party:
            nodes.append(
                self._node(
                    ("player abilities",),
                    "player abilities: " + ", ".join(dict.fromkeys(a[0] for a in party)),
                    party,
                    names,
                    lambda: self._moves(party, names),
                )  # fmt: skip
            )
        return nodes + [self._row(a, names) for a in rest]

    def _hero_node(self, uid: str, actions: list, names):
        words = dict.fromkeys(self._move_word(a) for a in actions)
        label = f"{names[uid]}'s moves: {', '.join(words)}"
        return self._node(("hero", uid), label, actions, names,
                          lambda: self._moves(actions, names))  # fmt: skip

    def _move_word(self, action: Action) -> str:
        head = action[0]
        if head == "attack":
            return f"{action[2]} attack"
        if head == "ability":
            return catalog().heroes[self.state.units[action[1]]["card"]].ability(action[2]).name
        return "feats" if head == "feat" else head

    def _moves(self, actions: list, names) -> list:
        """A hero's (or the party's) moves, a row each, a feat's ways under one row of feats."""
        by_move: dict[tuple, list] = {}
        for action in actions:
            by_move.setdefault(self.move_of(action), []).append(action)
        nodes, feats = [], {}
        for move, paid in by_move.items():
            if move[0] == "feat":
                feats[move] = paid
                continue
            nodes.append(self._move_node(move, paid, names))
        if feats:
            every = [a for paid in feats.values() for a in paid]
            uid = every[0][1]
            nodes.append(self._node(("feats", uid), f"{names[uid]}: feats (three cards of one "
                                    "value: an ability twice)", every, names,
                                    lambda: [self._move_node(m, p, names)
                                             for m, p in feats.items()]))  # fmt: skip
        return nodes

    def _move_node(self, move: tuple, actions: list, names):
        label = self.move_label(actions[0], names, len(actions))
        rows = lambda: self._card_rows(actions, names)  # noqa: E731
        return self._node(move, label, actions, names, rows, self._tooltip(actions[0]))

    def _node(self, key, label: str, actions: list, names, rows: Callable, tooltip: str = ""):
        if len(actions) == 1:
            return self._row(actions[0], names)
        return _Group(key, label, tuple(actions), rows, tooltip)

    def _flattened(self, nodes: list, path: tuple, mode: str, depth: int = 0) -> list[Choice]:
        """The rows on show: every row of the top, and under each open group its rows; with
        `mode` "open alone below the top" an open group below the top shows without the rows
        beside it, with "open alone" an open group at the top too."""
        opened = None
        if depth < len(path):
            opened = next((n for n in nodes if isinstance(n, _Group) and n.key == path[depth]),
                          None)  # fmt: skip
        alone = opened is not None and (mode == "open alone" or
                                        (mode != "all" and depth > 0))  # fmt: skip
        rows = []
        for node in nodes:
            if alone and node is not opened:
                continue
            if not isinstance(node, _Group):
                rows.append(replace(node, depth=depth))
                continue
            is_open = node is opened
            rows.append(Choice(f"{node.label} {'▾' if is_open else '▸'}", act=lambda
                               depth=depth, key=node.key: self._open(depth, key),
                               shows=node.actions, tooltip=node.tooltip, css="ttd-move",
                               depth=depth))  # fmt: skip
            if is_open:
                rows += self._flattened(node.rows(), path, mode, depth + 1)
        return rows

    def _open(self, depth: int, key: tuple) -> None:
        """A group's row: opens it (closing what else was open at its level and below), or
        closes it when open."""
        position = self.position()
        path = self._open_path[1] if self._open_path[0] == position else ()
        if len(path) > depth and path[depth] == key:
            path = path[:depth]
        else:
            path = (*path[:depth], key)
        self._open_path = (position, path)

    def _card_rows(self, actions: list, names) -> list[Choice]:
        """The rows of the cards that may pay for one move, by value. Cards the engine shows to
        be alike here (:meth:`paid_alike`) share a row, whose button pays with the first."""
        alike: list[list] = []
        for action in sorted(actions, key=lambda a: (sorted(map(value_of, _paid(a))), a)):
            same = next((group for group in alike if self.paid_alike(group[0], action)), None)
            if same is None:
                alike.append([action])
            else:
                same.append(action)
        rows = []
        for group in alike:
            if len(group) == 1:
                rows.append(self._row(group[0], names, "ttd-card-row"))
                continue
            first = group[0]
            cards = list(dict.fromkeys(c for a in group for c in _paid(a)))
            text = self.label(first, names)
            text = text[: text.rindex(" (")] if " (" in text else text
            how = {1: "one", 3: "three"}.get(len(_paid(first)), str(len(_paid(first))))
            label = f"{text} (discard any {how} of: {', '.join(map(card_name, cards))})"
            tip = (
                "These cards are of one value, their numbers are the same, and the game after "
                "each differs only in which of them was paid: this button pays with "
                f"{', '.join(map(card_name, _paid(first)))}."
            )
            rows.append(Choice(label, first, tip, css="ttd-card-row", shows=tuple(group)))
        return rows

    def paid_alike(self, one: Action, other: Action) -> bool:
        """Whether two choices of one move differ only in a card of equal effect here: the cards
        paid are of the same values, both have numbers and they are the same, and the game after
        the one is the game after the other with the cards paid swapped (:func:`same_but_for`)."""
        mine, theirs = _paid(one), _paid(other)
        if sorted(map(value_of, mine)) != sorted(map(value_of, theirs)):
            return False
        found = [self._known.get(one), self._known.get(other)]
        if any(f is None or f.refused or not f.odds for f in found):
            return False
        if found[0].odds != found[1].odds or found[0].note != found[1].note:
            return False
        return same_but_for(self.state, one, other)

    @staticmethod
    def move_of(action: Action) -> tuple:
        """A main-step action without the cards that pay for it: the move (one row)."""
        if isinstance(action, tuple) and action[0] in PAID_BY_ONE_CARD:
            return action[:-1]
        if isinstance(action, tuple) and action[0] == "feat":
            return action[:3]
        return action if isinstance(action, tuple) else (action,)

    def move_label(self, action: Action, names, cards: int) -> str:
        """An opener's words: the move, and how many cards (or sets of three) may pay for it."""
        text = self.label(action, names)
        if " (" in text:
            text = text[: text.rindex(" (")]
        what = "sets of three cards" if action[0] == "feat" else "cards"
        return f"{text}: pay with one of {cards} {what}"

    def _row(self, action: Action, names, css: str = "") -> Choice:
        return Choice(self.label(action, names), action, self._tooltip(action), css=css)

    def objective(self, odds):
        """Damage first, then a defeat; at a block, where no attack of yours is in play, the
        heroes' health, then the hand kept."""
        prompt = self.state.prompt
        if prompt is not None and prompt.question == "block":
            return "the most of your heroes' health kept, then of your hand", (
                ("healed", 1),
                ("cards", 1),
            )
        return "the most expected damage dealt, then P(an enemy defeated)", (
            ("dealt", 1),
            ("p_defeat", 1),
        )

    def _tooltip(self, action: Action) -> str:
        if isinstance(action, tuple) and action[0] in ("ability", "feat") and len(action) > 2:
            hero = catalog().heroes[self.state.units[action[1]]["card"]]
            key = action[2]
            if key in {a.key for a in hero.abilities}:
                return hero.ability(key).text
        return ""

    def __repr__(self) -> str:
        state = self.state
        where = "over" if state.is_terminal() else f"waiting for: {state.prompt.question}"
        return (
            f"ToTheDeathWidget(seed={self.seed}, {self._mode_text()}, "
            f"hero turn {state.hero_turns}, {where})"
        )


__all__ = ["ToTheDeathWidget"]
