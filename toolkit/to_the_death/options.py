"""The expected outcome of every option open now, exactly, from the cards the acting player cannot
see.

An option is a legal action of the player asked to decide (the main step's attacks, rests, feats,
printed abilities, charge, focus, move, reset, search and end; a weapon's target; a block; a
draw-step discard; a hero or enemy to choose...). Its outcome is read off the engine itself: a
copy of the game takes the option and then plays on, every check and every draw branching over the
cards the player cannot see, each equally likely, until the option has resolved (the player is back
at the main step or the draw step, a new hit asks for a block, the next enemy check comes, the turn
or the game ends; an option taken in the other side's turn, such as a block, ends at the next card
that turn draws). Decisions met on the way (a weapon's target, which hero to heal, melee or range)
are taken to do the most: the most expected damage to enemies, then the likeliest defeat, then the
most healing, then the most cards; no further focus is bought on the way (focus is its own option).

The measures, each an exact Fraction:

- ``dealt``: the expected health the enemies lose while the option resolves;
- ``p_defeat``: the probability that it defeats at least one enemy;
- ``healed``: the expected change of your heroes' health (healing counts up, damage down);
- ``cards``: the expected change of your hand size (cards drawn or kept, less the cards paid);
- ``threat`` (solo, main step): the expected damage the next enemy turn's weapons deal to your
  heroes, before any block, if the main step ended right after this option
  (:func:`toolkit.to_the_death.odds.monster_turn` on the table the option leaves). The cards drawn
  in the draw step in between are as random as the enemy's checks, so they do not change it. It is
  given for options that reveal no card; after a check or a draw it would depend on which cards
  were revealed, and the table leaves it blank rather than give an approximate number.

A face-down card (a created enemy, a resurrection stone) and, in the duel, the other player's hand
are cards the player cannot see: the walk treats them as unseen, so a check may turn up any of them,
and when a face-down card is revealed (its enemy defeated) it is any card not yet seen.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from html import escape

from toolkit.dist import as_fraction_string
from toolkit.to_the_death.cards import value_of
from toolkit.to_the_death.odds import monster_turn

HIDDEN = "hidden:-1"  # stands in, in the walk's copy of the game, for a card the player cannot see
STOP_PROMPTS = ("main", "draw step", "block")
MEASURES = ("dealt", "p_defeat", "healed", "cards", "threat")
HEADINGS = {
    "dealt": "expected damage dealt",
    "p_defeat": "P(an enemy defeated)",
    "healed": "expected health change of your heroes",
    "cards": "expected hand-size change",
    "threat": "next enemy turn: expected damage to you (before blocks)",
}


@dataclass(frozen=True)
class Outcome:
    """One option and what it is expected to do (see the module's docstring for each measure)."""

    action: object
    label: str
    dealt: Fraction | None  # None: not computed (``note`` says why)
    p_defeat: Fraction | None
    healed: Fraction | None
    cards: Fraction | None
    threat: Fraction | None
    deterministic: bool
    note: str = ""

    def measures(self) -> dict:
        return {name: getattr(self, name) for name in MEASURES}


class OptionTable(list):
    """The outcomes of the options open now, one :class:`Outcome` per legal action, in the engine's
    order; shows itself in a notebook as a table."""

    def __init__(self, outcomes, prompt: str, note: str = ""):
        super().__init__(outcomes)
        self.prompt = prompt
        self.note = note

    def by_action(self) -> dict:
        return {o.action: o for o in self}

    def to_frame(self):
        import pandas as pd

        return pd.DataFrame(
            [
                {
                    "option": o.label,
                    **{k: (None if v is None else float(v)) for k, v in o.measures().items()},
                    "deterministic": o.deterministic,
                }
                for o in self
            ]
        )

    def _repr_html_(self) -> str:
        return outcomes_html(self)


def fraction_cell(value) -> str:
    if value is None:
        return "–"
    if value == 0:
        return "0"
    return f"{as_fraction_string(value)} ({float(value):.3g})"


def outcomes_html(table: OptionTable, names=None) -> str:
    """The table as HTML: an option per row, its exact measures, deterministic ones marked."""
    head = "".join(f"<th>{escape(HEADINGS[m])}</th>" for m in MEASURES)
    rows = []
    for o in table:
        cells = "".join(f"<td>{escape(fraction_cell(getattr(o, m)))}</td>" for m in MEASURES)
        kind = "certain" if o.deterministic else "chance"
        rows.append(f"<tr><td>{escape(o.label)}</td><td>{kind}</td>{cells}</tr>")
    note = f"<div class='ttd-outcomes-note'>{escape(table.note)}</div>" if table.note else ""
    return (
        f"<b>Expected outcome of each option ({escape(table.prompt)})</b>"
        "<table class='death-toolkit ttd-outcomes' style='font-size:12px'>"
        f"<tr><th>option</th><th>effect</th>{head}</tr>{''.join(rows)}</table>{note}"
    )


# -- the player's view of the game -------------------------------------------------------------
def players_view(state, seat: int):
    """A copy of the game in which every card `seat` cannot see is in the deck.

    Face-down cards become :data:`HIDDEN` stand-ins and their cards join the deck, and so does (in
    the duel) the other player's hand, left empty: it only matters to that player's blocks, which
    the outcomes do not count. A check is then any unseen card, each equally likely, as it is for
    the player. Returns the copy and how many hidden cards it has."""
    view = state.clone()
    unseen: list[str] = []
    for unit in view.units.values():
        if unit.get("facedown"):
            unseen.append(unit["facedown"])
            unit["facedown"] = HIDDEN
    for token in view.tokens:
        unseen.append(token["card"])
        token["card"] = HIDDEN
    for other, hand in enumerate(view.hands):
        if other != seat:  # its cards are unseen; the walk never lets that player block
            unseen += hand
            view.hands[other] = []
    view.add_to_deck(unseen)
    hidden = len(unseen)
    return view, hidden


# -- the walk ------------------------------------------------------------------------------------
@dataclass
class _Result:
    """Conditional expectations from a point of the walk (probability 1 at that point)."""

    dealt: Fraction
    p_defeat: Fraction
    healed: Fraction
    cards: Fraction
    path: list | None  # the actions of the only way it can go, or None if it branches

    def key(self):
        return (self.dealt, self.p_defeat, self.healed, self.cards)


class _Walk:
    def __init__(self, root, seat: int, hidden: int):
        self.root = root
        self.seat = seat
        self.turn = root.turn
        self.their_turn = root.side != seat  # a block or a trophy in the other side's turn
        self.hidden = hidden
        self.health = {
            uid: (u["health"] if not u["defeated"] else 0) for uid, u in root.units.items()
        }
        self.foes = [
            uid for uid, u in root.units.items() if u["side"] != seat and not u["defeated"]
        ]
        self.mine = [
            uid for uid, u in root.units.items() if u["kind"] == "hero" and u["side"] == seat
        ]
        self.hand = len(root.hands[seat])

    def option(self, action, real_left: int) -> _Result:
        state = self.root.clone()
        state.apply(action)
        result = self.explore(state, real_left)
        if result.path is not None:
            result.path = [action, *result.path]
        return result

    def stops(self, state) -> bool:
        if state.result is not None or state.turn != self.turn:
            return True
        if state.chance is not None:
            return (
                self.their_turn
                or state.chance["kind"] == "monster"
                or state.chance["resume"] == "enemy_check"
            )
        prompt = state.prompt
        return prompt["seat"] == self.seat and prompt["kind"] in STOP_PROMPTS

    def leaf(self, state) -> _Result:
        units = state.units
        dealt = sum(self.health[uid] - _health(units[uid]) for uid in self.foes)
        defeated = any(units[uid]["defeated"] for uid in self.foes)
        healed = sum(_health(units[uid]) - self.health[uid] for uid in self.mine)
        cards = len(state.hands[self.seat]) - self.hand
        return _Result(
            Fraction(dealt), Fraction(int(defeated)), Fraction(healed), Fraction(cards), []
        )

    def explore(self, state, real_left: int) -> _Result:
        if HIDDEN in state.discard:
            return self.reveal(state, real_left)
        if self.stops(state):
            return self.leaf(state)
        if state.chance is not None:
            return self.draw(state, real_left)
        prompt = state.prompt
        options = state.legal_actions()
        if prompt["seat"] != self.seat:  # the other player of a duel: no block is counted
            choice = ("take",) if ("take",) in options else options[0]
            return self.follow(state, choice, real_left)
        if prompt["kind"] == "target":
            options = [a for a in options if a[0] == "target"]
        best = None
        for n, action in enumerate(options, 1):
            branch = state if n == len(options) else state.clone()  # the last one needs no copy
            result = self.follow(branch, action, real_left)
            if best is None or result.key() > best.key():
                best = result
        return best

    def follow(self, state, action, real_left: int) -> _Result:
        state.apply(action)
        result = self.explore(state, real_left)
        if result.path is not None:
            result.path = [action, *result.path]
        return result

    def draw(self, state, real_left: int) -> _Result:
        """A check or a draw: branch over the unseen cards, merged by value (no rule of a hero
        turn reads a card's suit, so cards of one value lead to the same numbers)."""
        if self.hidden and real_left <= 0:
            raise ValueError(
                "this option's checks would run through the deck while face-down or hidden "
                "cards are out; its outcome is not computed"
            )
        groups: dict[int, list] = {}
        for card, p in state.chance_outcomes():
            groups.setdefault(value_of(card), []).append((card, p))
        if len(groups) == 1:
            card = next(iter(groups.values()))[0][0]
            return self.follow(state, card, real_left - 1)
        parts = []
        for n, cards in enumerate(groups.values(), 1):
            branch = state if n == len(groups) else state.clone()
            weight = sum(p for _, p in cards)
            parts.append((weight, self.follow(branch, cards[0][0], real_left - 1)))
        return _mix(parts)

    def reveal(self, state, real_left: int) -> _Result:
        """A face-down card is revealed: it is any card the player has not seen yet."""
        pool = list(state.deck)
        groups: dict[int, list[str]] = {}
        for card in pool:
            groups.setdefault(value_of(card), []).append(card)
        parts = []
        for n, cards in enumerate(groups.values(), 1):
            branch = state if n == len(groups) else state.clone()
            branch.take_from_deck(cards[0])
            branch.discard[branch.discard.index(HIDDEN)] = cards[0]
            result = self.explore(branch, real_left)
            parts.append((Fraction(len(cards), len(pool)), result))
        return _mix(parts)


def _mix(parts) -> _Result:
    total = _Result(Fraction(0), Fraction(0), Fraction(0), Fraction(0), None)
    for weight, r in parts:
        total.dealt += weight * r.dealt
        total.p_defeat += weight * r.p_defeat
        total.healed += weight * r.healed
        total.cards += weight * r.cards
    return total


def _health(unit) -> int:
    return 0 if unit["defeated"] else unit["health"]


# -- the table -----------------------------------------------------------------------------------
_THREATS: dict = {}  # the threat of a table, by everything monster_turn reads (bounded below)


def option_outcomes(state, threat: bool = True) -> OptionTable:
    """The expected outcome of each legal action of the player asked to decide now.

    ``threat=False`` leaves out the next enemy turn (the slowest measure against many enemies).
    A chance node or the end of the game has no options: the table is empty."""
    if state.result is not None or state.prompt is None:
        return OptionTable([], "no decision now")
    seat, kind = state.prompt["seat"], state.prompt["kind"]
    actions = state.legal_actions()
    if kind == "draw step":
        return OptionTable([_draw_step(state, seat, a) for a in actions], kind)
    view, hidden = players_view(state, seat)
    walk = _Walk(view, seat, hidden)
    real_left = len(state.deck) + len(state.deck_top)
    outcomes, notes = [], set()
    wants_threat = threat and kind == "main" and state.players == 1
    for action in actions:
        try:
            result = walk.option(action, real_left)
        except ValueError as error:  # a walk the module refuses: say why instead of a number
            outcomes.append(_unknown(state, action, str(error)))
            notes.add(f"Some options are not computed: {error}.")
            continue
        level = None
        if wants_threat and result.path is not None and action[0] != "search":
            level, why = _threat_after(state, result.path)
            if why:
                notes.add(why)
        outcomes.append(
            Outcome(
                action=action,
                label=state.action_to_string(action),
                dealt=result.dealt,
                p_defeat=result.p_defeat,
                healed=result.healed,
                cards=result.cards,
                threat=level,
                deterministic=result.path is not None,
            )
        )
    note = " ".join(sorted(n for n in notes if n.startswith("Some")))
    notes = {n for n in notes if not n.startswith("Some")}
    if wants_threat:
        note += (
            " The next enemy turn is given for options that reveal no card; after a check or a "
            "draw it depends on the cards revealed, after a search on the card you "
            "take, and is left blank."
        )
        if notes:
            note += " " + " ".join(sorted(notes))
    return OptionTable(outcomes, kind, note.strip())


def _unknown(state, action, why: str) -> Outcome:
    return Outcome(action, state.action_to_string(action), None, None, None, None, None, False, why)


def _threat_after(state, path) -> tuple[Fraction | None, str]:
    """monster_turn (no blocks) on the table a certain option leaves, replayed on a real copy."""
    after = state.clone()
    for action in path:
        after.apply(action)
    _as_after_the_draw_step(after)
    key = _table_key(after)
    if key not in _THREATS:
        if len(_THREATS) > 4096:
            _THREATS.clear()
        try:
            _THREATS[key] = (monster_turn(after, block=False)["expected"], "")
        except ValueError as error:
            _THREATS[key] = (None, f"Next enemy turn not computed: {error}.")
    return _THREATS[key]


def _as_after_the_draw_step(state) -> None:
    """Give the hand back the size the draw step will give it. Without blocks only whether a card
    is there matters (Trophy takes one, Pilfer discards one), so seen cards from the discard pile
    stand in for the cards to be drawn: the unseen cards, and so the checks, stay the same."""
    missing = state.hand_limit(0) - len(state.hands[0])
    if missing > 0 and (state.deck or state.deck_top):
        for _ in range(min(missing, len(state.discard))):
            state.hands[0].append(state.discard.pop())


def _table_key(state) -> tuple:
    """Everything the next enemy turn can depend on: units, effects, piles, hand, deck."""
    units = tuple(
        (u["uid"], u["health"], u["area"], u["defeated"], tuple(u["attached"]), u.get("zombie"))
        for u in state.units.values()
    )
    effects = tuple(sorted((e["id"], str(e["owner"]), e["start"], e["end"]) for e in state.effects))
    cards = (
        tuple(card["defeated"] for card in state.monster_cards),
        tuple(state.pile),
        tuple(sorted(state.hands[0])),
        tuple(sorted(state.discard)),
    )
    return (
        state.turn,
        state.side,
        units,
        effects,
        cards,
        tuple(state.deck_top),
        tuple(sorted(state.deck)),
        tuple(t["card"] for t in state.tokens),
        tuple(state.focus),
    )


def _draw_step(state, seat: int, action) -> Outcome:
    """A draw-step choice is certain: discard these cards, then draw back up to the hand size
    (counted before drawing, and only as many as the deck and discard pile hold)."""
    thrown = len(action) - 1
    kept = len(state.hands[seat]) - thrown
    available = len(state.deck) + len(state.deck_top) + len(state.discard) + thrown
    drawn = min(max(0, state.hand_limit(seat) - kept), available)
    label = "discard nothing" if not thrown else "discard " + ", ".join(action[1:])
    return Outcome(
        action=action,
        label=f"{label}, draw {drawn}",
        dealt=Fraction(0),
        p_defeat=Fraction(0),
        healed=Fraction(0),
        cards=Fraction(drawn - thrown),
        threat=None,
        deterministic=True,
    )


__all__ = ["HIDDEN", "MEASURES", "Outcome", "OptionTable", "option_outcomes", "players_view"]
