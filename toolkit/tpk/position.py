"""TPK positions: what one seat knows at a keep or a play, and a game built from it.

A description (see :mod:`toolkit.position` for the fields every game has) holds the table as a
player sees it: the party's character sheets (with the amulets of a two-player game), the level
and who started it, the row of threats with what has been done to each, every move of this level
(keeps, uses, passes, treasures taken) in order, the seat's own cards, and of each partner only
how many cards they hold and which treasures they carry (treasures are picked up and spent in
view of everyone); of the levels before, how many were cleared and how the last one ended. Which cards a partner holds, sets aside or has left in their deck is not
described: the seat cannot see it. Neither is the order of any deck.

What follows from the moves is not described twice: the cards face up on each equipment deck
(the items a seat used this level and the treasures it took), the treasures spent as wild cards
(face up on the threat deck, or out of the game in the Infernal Dungeon), and the threat each
seat last passed on. A built game deals what the seat cannot see in sorted order: each partner's
cards (those it holds first, then those it set aside, then its deck), the seat's own deck and
the threat deck. The seat's view (:meth:`~toolkit.tpk.rules.TPKState.players_view`) puts a
partner's cards behind that partner's stand-in, so the numbers beside the seat's choices are those
of the game described.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping

from toolkit.deck import Deck
from toolkit.plain import count
from toolkit.position import (
    Pick,
    PositionError,
    card_list,
    common,
    count_copies,
    field,
    one_of,
    part,
    picked,
    unknown_fields,
    whole,
    within,
    written,
)
from toolkit.steps import Ask
from toolkit.tpk.cards import CHARACTER_IDS, catalog
from toolkit.tpk.rules import (
    KEEP,
    KEEP_WHY,
    LAST_LEVEL,
    MAX_PLAYERS,
    MIN_PLAYERS,
    OPEN,
    OVERCOME,
    PLAY,
    PLAY_WHY,
    STATUS_NAMES,
    TAKEN,
    TPKState,
    keep_options,
    play_options,
    sheet,
    threat_cards,
    threat_table,
    treasure_due,
)

FIELDS = (
    "amulets",
    "infernal",
    "level",
    "levels_cleared",
    "starter",
    "decision",
    "to_act",
    "row",
    "moves",
    "party",
    "out_of_game",
    "level_before",
)
DECISIONS = (KEEP, PLAY)  # what to keep of the cards drawn; what to use, or pass
PASSES = ("pass", "pass (no cards)")
EVENTS = ("keep", "use", *PASSES, "treasure")
MOVE_FIELDS = {
    "keep": ("count",),
    "use": ("cards", "threats"),
    "pass": ("threat",),
    "pass (no cards)": ("threat",),
    "treasure": ("threat",),
}
CELL_FIELDS = ("card", "state", "by")
OWN_FIELDS = ("character", "drawn", "hand", "set_aside", "treasures")
PARTNER_FIELDS = ("character", "holds", "treasures")


# -- describe --------------------------------------------------------------------------------------
def describe(state: TPKState, seat: int) -> dict:
    """What `seat` knows of `state` at its keep or play: see the module's description."""
    if state.outcome is not None or state.prompt is None:
        raise ValueError("the game is over: there is no decision to describe")
    if state.viewer is not None:
        raise ValueError("a seat's view is not a game: describe the game itself")
    cat = catalog()
    players = state.num_players
    description: dict = {"game": "tpk", "players": players, "seat": seat}
    if state.seed:
        description["seed"] = state.seed
    if players == 2:
        description["amulets"] = {
            character: state.amulet_sides.get(character, "none")
            for character in state.characters
            if cat.amulet(character) is not None
        }
    description["infernal"] = state.infernal
    description["level"] = state.level
    description["levels_cleared"] = state.levels_cleared()
    description["starter"] = state.starter
    description["decision"] = state.prompt.question
    description["to_act"] = state.prompt.seat
    description["row"] = [_cell(state, position) for position in range(len(state.row))]
    description["moves"] = _described_moves(state.log)
    description["party"] = [_member(state, other, seat) for other in range(players)]
    if state.removed:
        description["out_of_game"] = sorted(state.removed)
    if state.last_level is not None:
        before = state.last_level
        description["level_before"] = {
            "level": before["level"],
            "row": [_described_cell(cell) for cell in before["row"]],
            "moves": _described_moves(before["log"]),
        }
    return description


def _cell(state: TPKState, position: int) -> dict:
    cell = {"card": state.row[position]}
    if state.status[position] != OPEN:
        cell["state"] = STATUS_NAMES[state.status[position]]
        cell["by"] = state.by[position]
    return cell


def _described_cell(cell: Mapping) -> dict:
    """A cell of the engine's record of a level (``id``, ``state``, ``by``) as a row's cell."""
    if cell["state"] == STATUS_NAMES[OPEN]:
        return {"card": cell["id"]}
    return {"card": cell["id"], "state": cell["state"], "by": cell["by"]}


def _described_moves(log: list[dict]) -> list[dict]:
    return [
        {
            key: list(value) if isinstance(value, list | tuple) else value
            for key, value in entry.items()
        }
        for entry in log
    ]


def _member(state: TPKState, other: int, seat: int) -> dict:
    member: dict = {"character": state.characters[other]}
    if other == seat:
        if state.drawn_cards[other]:
            member["drawn"] = sorted(state.drawn_cards[other])
        else:
            member["hand"] = sorted(state.hands[other])
            member["set_aside"] = sorted(state.aside[other])
    else:
        member["holds"] = len(state.drawn_cards[other] or state.hands[other])
    member["treasures"] = sorted(
        card for card in state._equipment_of(other) if card in state.threats
    )
    return member


# -- position --------------------------------------------------------------------------------------
def position(description: Mapping) -> TPKState:
    """A game at the described keep or play, built without playing: every field checked first
    (:class:`~toolkit.position.PositionError` names the one that cannot be), then the table laid
    out as described and the cards the seat cannot see dealt in sorted order."""
    table = _Table(description)
    return table.build()


class _Table:
    """A description read and checked, field by field, in the order the fields depend on."""

    def __init__(self, description: Mapping):
        self.players, self.seat = common(description, "tpk", MIN_PLAYERS, MAX_PLAYERS)
        unknown_fields(description, FIELDS)
        self.description = description
        self.seed = description.get("seed", 0)
        self._party_characters()
        self._amulets()
        self.infernal = field(description, "infernal", bool, False)
        self.level = whole(description, "level", 1, LAST_LEVEL)
        self.card_level = catalog().level(self.level)
        self.levels_cleared = whole(
            description, "levels_cleared", 0, self.level - 1, self.level - 1
        )
        self.starter = whole(description, "starter", 0, self.players - 1)
        self.decision = one_of(description, "decision", DECISIONS)
        self.to_act = whole(description, "to_act", 0, self.players - 1, self.seat)
        self._row()
        self._level_before()
        self._moves()
        self._cards()
        self._threats()
        self._decision()

    # -- the party ------------------------------------------------------------------------------
    def _party_characters(self) -> None:
        party = field(self.description, "party", list)
        if len(party) != self.players:
            raise PositionError(
                "party", f"{self.players} players need {self.players} entries, got {len(party)}"
            )
        self.party, self.characters = [], []
        for index, member in enumerate(party):
            name = f"party[{index}]"
            known = OWN_FIELDS if index == self.seat else PARTNER_FIELDS
            whose = "the seat's own" if index == self.seat else "a partner's"
            within(name, part, member, known, f"in {whose} entry")
            character = within(name, one_of, member, "character", CHARACTER_IDS)
            if character in self.characters:
                raise PositionError(f"{name}.character", f"{character!r} is already at the table")
            self.party.append(member)
            self.characters.append(character)

    def _amulets(self) -> None:
        cat = catalog()
        chosen = field(self.description, "amulets", dict, {})
        if self.players != 2 and chosen:
            raise PositionError("amulets", "amulets are only used in two-player games")
        self.amulets = {}
        for character, side in chosen.items():
            where = f"amulets.{character}"
            if character not in self.characters or cat.amulet(character) is None:
                raise PositionError(where, "not a character of the party with an amulet")
            if side not in ("a", "b", "none"):
                raise PositionError(where, f"{side!r} is not 'a', 'b' or 'none'")
            self.amulets[character] = side
        self.sides = {
            character: self.amulets.get(character, "a")
            for character in self.characters
            if self.players == 2 and cat.amulet(character) is not None
        }
        self.sheets = [
            sheet(character, self.players, self.sides.get(character, "none"))
            for character in self.characters
        ]

    # -- the row and the moves ------------------------------------------------------------------
    def _row(self) -> None:
        row = field(self.description, "row", list)
        length = self.card_level.threats_per_character * self.players
        if len(row) != length:
            raise PositionError(
                "row", f"level {self.level} with {self.players} players lays {length} threats"
            )
        self.row, self.status, self.by = [], [], []
        for position, cell in enumerate(row):
            card, status, by = _read_cell(f"row[{position}]", cell, self.players)
            self.row.append(card)
            self.status.append(status)
            self.by.append(by)
        self.leftmost = next((p for p, s in enumerate(self.status) if s == OPEN), len(self.row))

    def _level_before(self) -> None:
        """How the level before ended, as the seat saw it: its final row and its moves, read
        for what each names (the engine recorded them; they no longer change anything)."""
        self.before = None
        before = field(self.description, "level_before", dict, None)
        if before is None:
            return
        if not self.levels_cleared:
            raise PositionError("level_before", "no level was cleared before this one")
        within("level_before", part, before, ("level", "row", "moves"), "in the level before")
        within("level_before", whole, before, "level", self.level - 1, self.level - 1)
        row = within("level_before", field, before, "row", list)
        length = catalog().level(self.level - 1).threats_per_character * self.players
        if len(row) != length:
            raise PositionError("level_before.row", f"level {self.level - 1} laid {length} threats")
        cells = []
        for position, cell in enumerate(row):
            name = f"level_before.row[{position}]"
            card, status, by = _read_cell(name, cell, self.players)
            if status == OPEN:
                raise PositionError(name, "the level before was cleared: nothing is left open")
            cells.append({"id": card, "state": STATUS_NAMES[status], "by": by})
        moves = within("level_before", field, before, "moves", list)
        log = [
            _read_move(f"level_before.moves[{i}]", m, self.players, length)
            for i, m in enumerate(moves)
        ]
        self.before = {"level": self.level - 1, "row": cells, "log": log}

    def _moves(self) -> None:
        """The moves of this level: each read, and checked against the row (every threat dealt
        with is the one move's that dealt with it) and the order of the keeps."""
        moves = field(self.description, "moves", list)
        keep = min(self.card_level.keep, self.card_level.draw)
        self.moves, self.used, self.spent = [], [[] for _ in self.characters], []
        self.from_hand = [0] * self.players
        self.taken = [[] for _ in self.characters]
        self.passed_on = [None] * self.players
        dealt_with: dict[int, str] = {}  # threat -> the move that dealt with it
        keeps = 0
        for index, move in enumerate(moves):
            name = f"moves[{index}]"
            if not isinstance(move, Mapping):
                raise PositionError(name, f"expected a mapping of fields, got {written(move)}")
            seat = within(name, whole, move, "seat", 0, self.players - 1)
            event = within(name, one_of, move, "event", EVENTS)
            within(name, part, move, ("seat", "event", *MOVE_FIELDS[event]), f"in a {event!r} move")
            entry: dict = {"seat": seat, "event": event}
            if event == "keep":
                if (
                    index != keeps
                    or keeps == self.players
                    or seat != (self.starter + keeps) % self.players
                ):
                    raise PositionError(
                        name, "the keeps come first, one a seat, in turn from the starter"
                    )
                keeps += 1
                entry["count"] = within(name, whole, move, "count", keep, keep)
            elif index < self.players:
                raise PositionError(name, "nobody plays before every seat has kept")
            elif event == "use":
                entry["cards"] = self._used_cards(name, move, seat)
                entry["threats"] = self._positions(name, move, dealt_with, seat, OVERCOME)
                self.passed_on[seat] = None
            elif event == "treasure":
                position = self._positions(name, move, dealt_with, seat, TAKEN, "threat")[0]
                entry["threat"] = position
                self.taken[seat].append(self.row[position])
                self.passed_on[seat] = None
            else:
                position = within(name, whole, move, "threat", 0, len(self.row) - 1)
                entry["threat"] = position
                self.passed_on[seat] = position
            self.moves.append(entry)
        for position, status in enumerate(self.status):
            if status != OPEN and position not in dealt_with:
                raise PositionError(
                    f"row[{position}]", f"{STATUS_NAMES[status]}, but by no move of this level"
                )
        # the seats that have kept, in turn from the starter
        self.kept = [(self.starter + step) % self.players for step in range(keeps)]

    def _used_cards(self, name: str, move: Mapping, seat: int) -> list[str]:
        """The cards of a use: items of the seat's sheet (face up on its deck now), or treasures
        spent as wild cards."""
        cat = catalog()
        known = {**dict.fromkeys(cat.equipment, 1), **dict.fromkeys(cat.amulets, 1)}
        known.update(dict.fromkeys(cat.threats, 1))
        cards = within(name, card_list, move, "cards", known)
        if not 1 <= len(cards) <= 2:
            raise PositionError(f"{name}.cards", "a use is one card, or two on an x2 threat")
        for card in cards:
            if card in cat.threats:
                if not cat.threats[card].treasure:
                    raise PositionError(f"{name}.cards", f"{card!r} is a threat, not a card to use")
                self.spent.append(card)
            elif card not in self.sheets[seat]:
                raise PositionError(
                    f"{name}.cards", f"{card!r} is not an item of {self.characters[seat]}'s"
                )
            else:
                self.used[seat].append(card)
        self.from_hand[seat] += len(cards)
        return cards

    def _positions(
        self, name: str, move: Mapping, dealt_with: dict, seat: int, status: int, key="threats"
    ) -> list[int]:
        """The threats a move dealt with: each in the row, dealt with by this move alone, and
        shown there as `status` by `seat`."""
        if key == "threat":
            positions = [within(name, whole, move, key, 0, len(self.row) - 1)]
        else:
            positions = within(name, field, move, key, list)
            if not 1 <= len(positions) <= 2:
                raise PositionError(f"{name}.{key}", "a use overcomes one threat, or two")
            for at, position in enumerate(positions):
                if type(position) is not int or not 0 <= position < len(self.row):
                    raise PositionError(
                        f"{name}.{key}[{at}]", f"{position!r} is not a place in the row"
                    )
        for position in positions:
            if position in dealt_with:
                raise PositionError(
                    f"{name}.{key}", f"threat {position} was dealt with by {dealt_with[position]}"
                )
            if self.status[position] != status or self.by[position] != seat:
                raise PositionError(
                    f"{name}.{key}",
                    f"row[{position}] does not show it {STATUS_NAMES[status]} by seat {seat}",
                )
            dealt_with[position] = name
        return positions

    # -- the cards ------------------------------------------------------------------------------
    def _cards(self) -> None:
        """Each seat's treasures, the seat's own cards, and how many each partner holds."""
        cat = catalog()
        threat_ids = dict.fromkeys(cat.threats, 1)
        draw, keep = self.card_level.draw, self.card_level.keep
        self.treasures, self.held = [], []
        for seat, member in enumerate(self.party):
            name = f"party[{seat}]"
            treasures = within(name, card_list, member, "treasures", threat_ids, [])
            for card in treasures:
                if not cat.threats[card].treasure:
                    raise PositionError(f"{name}.treasures", f"{card!r} is no treasure")
            for card in self.taken[seat]:
                if card not in treasures:
                    raise PositionError(
                        f"{name}.treasures", f"{card!r}, taken this level, is not among them"
                    )
            if seat != self.seat:
                owned = dict.fromkeys(self.sheets[seat] + tuple(treasures), 1)
                count_copies({"moves": self.used[seat] + self.taken[seat]}, owned)
            self.treasures.append(treasures)
            kept = seat in self.kept
            if kept:
                if self.from_hand[seat] > keep:
                    raise PositionError("moves", f"seat {seat} used more than the {keep} it kept")
                expected = keep - self.from_hand[seat]
            else:
                expected = draw
            self.held.append(expected)
            if seat != self.seat:
                holds = within(name, whole, member, "holds", 0, draw)
                if holds != expected:
                    what = (
                        f"having kept {keep} and used {self.from_hand[seat]} this level"
                        if kept
                        else f"having drawn and not yet kept, at level {self.level}"
                    )
                    raise PositionError(f"{name}.holds", f"{what}, it holds {expected}")
        self._own_cards()

    def _own_cards(self) -> None:
        seat, member = self.seat, self.party[self.seat]
        name = f"party[{seat}]"
        equipment = Counter(self.sheets[seat]) + Counter(self.treasures[seat])
        copies = dict.fromkeys(equipment, 1)
        kept = seat in self.kept
        draw, keep = self.card_level.draw, self.card_level.keep
        if kept:
            if "drawn" in member:
                raise PositionError(f"{name}.drawn", "this seat has kept: give its hand")
            hand = within(name, _cards_of, member, "hand", copies)
            aside = within(name, _cards_of, member, "set_aside", copies)
            drawn = []
            if len(hand) != self.held[seat]:
                raise PositionError(
                    f"{name}.hand",
                    f"{len(hand)} cards: having kept {keep} and used {self.from_hand[seat]} "
                    f"this level, it holds {self.held[seat]}",
                )
            if len(aside) != draw - keep:
                raise PositionError(
                    f"{name}.set_aside", f"{len(aside)} cards: drawing {draw}, keeping {keep}"
                )
        else:
            for key in ("hand", "set_aside"):
                if key in member:
                    raise PositionError(f"{name}.{key}", "this seat has not kept yet")
            drawn = within(name, _cards_of, member, "drawn", copies)
            hand, aside = [], []
            if len(drawn) != draw:
                raise PositionError(
                    f"{name}.drawn", f"{count(len(drawn), 'card')}: level {self.level} draws {draw}"
                )
        count_copies(
            {
                f"{name}.drawn": drawn,
                f"{name}.hand": hand,
                f"{name}.set_aside": aside,
                "moves": self.used[seat] + self.taken[seat],
            },
            copies,
        )
        self.own = (sorted(drawn), sorted(hand), sorted(aside))
        self.own_deck = sorted(
            (
                equipment - Counter(drawn + hand + aside + self.used[seat] + self.taken[seat])
            ).elements()
        )

    def _threats(self) -> None:
        """Every threat card in one place: the row, a seat's treasures, the discards (spent this
        level), out of the game; the rest make the threat deck."""
        cat = catalog()
        out = field(self.description, "out_of_game", list, [])
        if out and not self.infernal:
            raise PositionError("out_of_game", "only the Infernal Dungeon puts treasures out")
        out = card_list(self.description, "out_of_game", dict.fromkeys(cat.threats, 1), [])
        for card in out:
            if not cat.threats[card].treasure:
                raise PositionError("out_of_game", f"{card!r} is no treasure")
        if self.infernal:
            for card in self.spent:
                if card not in out:
                    raise PositionError("out_of_game", f"{card!r}, spent this level, is not there")
        copies = Counter(threat_cards())
        places = {
            "row": [c for c, s in zip(self.row, self.status, strict=True) if s != TAKEN],
            **{f"party[{seat}].treasures": t for seat, t in enumerate(self.treasures)},
            ("out_of_game" if self.infernal else "moves"): out if self.infernal else self.spent,
        }
        placed = count_copies(places, copies)
        self.removed = out
        self.discards = [] if self.infernal else list(self.spent)
        self.threat_deck = sorted((copies - placed).elements())

    # -- the decision ---------------------------------------------------------------------------
    def _decision(self) -> None:
        """The decision must be the one the table is at: a keep in turn, or the play of the seat
        whose turn it is, holding cards, with no treasure due to it and the party alive."""
        if self.decision == KEEP:
            if len(self.kept) == self.players:
                raise PositionError("decision", "every seat has kept: the level is being played")
            if any(status != OPEN for status in self.status):
                raise PositionError("decision", "a keep comes before any threat is dealt with")
            expected = (self.starter + len(self.kept)) % self.players
            if self.to_act != expected:
                raise PositionError("to_act", f"seat {expected} keeps next")
            return
        if len(self.kept) != self.players:
            raise PositionError("decision", "not every seat has kept yet: it is a keep")
        if self.leftmost >= len(self.row):
            raise PositionError("decision", "the row is cleared: the level is over")
        last = self.moves[-1] if len(self.moves) > self.players else None
        if last is None:
            expected = self.starter
        elif last["event"] == "use":
            expected = last["seat"]
        else:
            expected = (last["seat"] + 1) % self.players
        if self.to_act != expected:
            raise PositionError("to_act", f"after the last move it is seat {expected}'s turn")
        if last is not None and last["event"] == "use":
            after = max(last["threats"]) + 1
            if (
                after < len(self.row)
                and self.status[after] == OPEN
                and self.threats[self.row[after]][2]
            ):
                raise PositionError("moves", f"the last use wins the treasure at row[{after}]")
        if self.passed_on[self.to_act] == self.leftmost:
            raise PositionError(
                "moves", f"the turn came back to seat {self.to_act}, who passed on that threat"
            )
        self.passed_on[self.to_act] = None
        if not self.held[self.to_act]:
            raise PositionError("decision", f"seat {self.to_act} holds no cards: it passes")
        if treasure_due(self) is not None:
            raise PositionError("decision", f"a treasure is due to seat {self.to_act}")

    @property
    def threats(self) -> dict:
        """Each threat card's facts, as :func:`~toolkit.tpk.rules.treasure_due` reads a table."""
        return threat_table()

    # -- the game -------------------------------------------------------------------------------
    def build(self) -> TPKState:
        """The game at the described decision (no move played: its history is empty)."""
        config = {"amulets": self.amulets} if self.players == 2 else {}
        game = TPKState(
            seed=self.seed,
            players=self.players,
            characters=list(self.characters),
            infernal=self.infernal,
            first_level=self.level,
            **config,
        )
        game.rng = random.Random(self.seed)
        game.threat_deck = Deck(self.threat_deck, self.discards)
        game.removed = list(self.removed)
        game.row, game.status, game.by = list(self.row), list(self.status), list(self.by)
        game.leftmost = self.leftmost
        game.passed_on = list(self.passed_on)
        game.log = [dict(move, **_listed(move)) for move in self.moves]
        game.last_level = self.before
        cleared = self.levels_cleared
        game.cleared = [
            {"level": self.level - cleared + n, "cleared_by": None} for n in range(cleared)
        ]
        if game.cleared:
            game.cleared[-1]["cleared_by"] = self.starter
        held = sum(len(t) for t in self.treasures)
        game.treasures_spent = len(self.removed) + len(self.discards)
        game.treasures_found = held + game.treasures_spent
        game.level, game.starter = self.level, self.starter
        for seat in range(self.players):
            used = self.used[seat] + self.taken[seat]
            if seat == self.seat:
                drawn, hand, aside = self.own
                deck = self.own_deck
            else:
                pool = Counter(self.sheets[seat]) + Counter(self.treasures[seat])
                pool = sorted((pool - Counter(used)).elements())
                kept = seat in self.kept
                count = self.held[seat]
                holding, pool = pool[:count], pool[count:]
                drawn, hand = ([], holding) if kept else (holding, [])
                spare = self.card_level.draw - self.card_level.keep if kept else 0
                aside, deck = pool[:spare], pool[spare:]
            game.drawn_cards[seat], game.hands[seat], game.aside[seat] = drawn, hand, aside
            game.decks[seat] = Deck(deck, used)
        game.stack = []
        game.chance = game.outcome = None
        if self.decision == KEEP:
            left = self.players - len(self.kept)
            args = {"seat": self.to_act, "left": left}
            game.prompt = Ask(self.to_act, KEEP, keep_options, "kept", args, KEEP_WHY)
        else:
            args = {"seat": self.to_act}
            game.prompt = Ask(self.to_act, PLAY, play_options, "played", args, PLAY_WHY)
        game.history = []
        return game


def _cards_of(member: Mapping, name: str, copies: Mapping[str, int]) -> list[str]:
    """A list of the seat's own cards (its sheet's items and the treasures it carries)."""
    cards = field(member, name, list, [])
    for index, card in enumerate(cards):
        if not isinstance(card, str) or card not in copies:
            raise PositionError(f"{name}[{index}]", f"{card!r} is not one of this seat's cards")
    return list(cards)


def _listed(move: Mapping) -> dict:
    """A move's lists copied (a game's log is its own)."""
    return {key: list(value) for key, value in move.items() if isinstance(value, list)}


def _read_cell(name: str, cell, players: int) -> tuple[str, int, int | None]:
    """A cell of a row: its card, what has been done to it, and by whom."""
    threats = catalog().threats
    if not isinstance(cell, Mapping):
        raise PositionError(name, f"expected a mapping with a card, got {written(cell)}")
    within(name, part, cell, CELL_FIELDS, "in a cell of the row")
    card = within(name, field, cell, "card", str)
    if card not in threats:
        raise PositionError(f"{name}.card", f"no threat card {card!r} in this game")
    state = within(name, one_of, cell, "state", STATUS_NAMES, "open")
    status = STATUS_NAMES.index(state)
    by = None
    if status != OPEN:
        by = within(name, whole, cell, "by", 0, players - 1)
    elif "by" in cell:
        raise PositionError(f"{name}.by", "an open threat has been dealt with by nobody")
    if status == TAKEN and not threats[card].treasure:
        raise PositionError(f"{name}.state", f"{card!r} is no treasure to take")
    if status == OVERCOME and threats[card].treasure:
        raise PositionError(f"{name}.state", f"{card!r} is a treasure: it is taken")
    return card, status, by


def _read_move(name: str, move, players: int, length: int) -> dict:
    """A move of the level before, read for what it names: a seat, an event, and the count,
    cards or places in the row the event has."""
    cat = catalog()
    if not isinstance(move, Mapping):
        raise PositionError(name, f"expected a mapping of fields, got {written(move)}")
    seat = within(name, whole, move, "seat", 0, players - 1)
    event = within(name, one_of, move, "event", EVENTS)
    within(name, part, move, ("seat", "event", *MOVE_FIELDS[event]), f"in a {event!r} move")
    entry: dict = {"seat": seat, "event": event}
    if event == "keep":
        entry["count"] = within(name, whole, move, "count", 1, LAST_LEVEL)
    elif event == "use":
        known = dict.fromkeys([*cat.equipment, *cat.amulets, *cat.threats], 1)
        entry["cards"] = within(name, card_list, move, "cards", known)
        threats = within(name, field, move, "threats", list)
        if not 1 <= len(entry["cards"]) <= 2 or not 1 <= len(threats) <= 2:
            raise PositionError(name, "a use is one card or two, on one threat or two")
        for at, position in enumerate(threats):
            if type(position) is not int or not 0 <= position < length:
                raise PositionError(f"{name}.threats[{at}]", f"{position!r} is not in the row")
        entry["threats"] = list(threats)
    else:
        entry["threat"] = within(name, whole, move, "threat", 0, length - 1)
    return entry


# -- picks -----------------------------------------------------------------------------------------
def picks(description: Mapping) -> list[Pick]:
    """What a player sets on screen at a described keep or play: each open threat of the row (of
    the kinds with a copy not shown elsewhere), the seat's own cards (drawn before its keep; its
    hand and the cards set aside after), each partner's character, the treasures each seat
    carries (from level 2, when the levels before can have given some), each amulet's side (two
    players) and the Infernal Dungeon. Cards are named with what they overcome, as the cards
    show them."""
    cat = catalog()
    party = description.get("party")
    seat = description.get("seat")
    if not isinstance(party, list) or type(seat) is not int or not 0 <= seat < len(party):
        return []
    chosen: list[Pick] = []
    row = _listed_or_none(description.get("row"))
    shown = Counter(_threats_shown(description))
    for position, cell in enumerate(row):
        if isinstance(cell, Mapping) and cell.get("state", "open") == "open":
            here = cell.get("card")
            threats = tuple(
                (_threat_words(card), card)
                for card, threat in cat.threats.items()
                if card == here or shown[card] < threat.copies
            )
            label = f"threat {position + 1} of the row"
            chosen.append(Pick(("row", position, "card"), label, threats))
    own = party[seat] if isinstance(party[seat], Mapping) else {}
    character = own.get("character")
    if character in CHARACTER_IDS:
        mine = _own_cards(description, seat, character)
        places = ("drawn",) if "drawn" in own else ("hand", "set_aside")
        for place in places:
            label = {"drawn": "your cards drawn", "hand": "your hand"}.get(
                place, "your cards set aside"
            )
            path = ("party", seat, place)
            chosen.append(Pick(path, label, mine, many=True, write=_sorted(path)))
    at_the_table = [m.get("character") for m in party if isinstance(m, Mapping)]
    for other, member in enumerate(party):
        if other == seat or not isinstance(member, Mapping):
            continue
        options = tuple(
            (f"{card.name}, the {card.profession}", card.id)
            for card in cat.characters.values()
            if card.id == member.get("character") or card.id not in at_the_table
        )
        known = member.get("character") in CHARACTER_IDS
        chosen.append(
            Pick(
                ("party", other, "character"),
                f"your partner {cat.name(member['character'])}"
                if known
                else f"your partner in seat {other}",
                options,
                write=_character(other),
            )
        )
    if isinstance(description.get("level"), int) and description["level"] > 1:
        for other, member in enumerate(party):
            if isinstance(member, Mapping) and member.get("character") in CHARACTER_IDS:
                elsewhere = _treasures_elsewhere(description, other)
                treasures = tuple(
                    (card.name, card.id)
                    for card in cat.threats.values()
                    if card.treasure and card.id not in elsewhere
                )
                whose = "your" if other == seat else f"{cat.name(member['character'])}'s"
                path = ("party", other, "treasures")
                label = f"{whose} treasures"
                chosen.append(Pick(path, label, treasures, many=True, write=_sorted(path)))
    if description.get("players") == 2:
        for character in at_the_table:
            amulet = cat.amulet(character) if character in CHARACTER_IDS else None
            if amulet is not None:
                sides = tuple(
                    (f"side {side}: " + " or ".join(use.label() for use in uses), side)
                    for side, uses in amulet.sides.items()
                )
                chosen.append(
                    Pick(
                        ("amulets", character),
                        f"{cat.name(character)}'s amulet",
                        (*sides, ("not used", "none")),
                        write=_amulet(character),
                    )
                )
    infernal = (
        ("no: used treasures go to the threat deck", False),
        ("yes: they leave the game", True),
    )
    chosen.append(Pick(("infernal",), "the Infernal Dungeon", infernal))
    return [one for one in chosen if one.options]


def _threat_words(card: str) -> str:
    """A threat card's name and what overcomes it: ``Large monster (monster x2)``."""
    threat = catalog().threats[card]
    if threat.treasure:
        return f"{threat.name} (treasure)"
    icons = " or ".join(icon.replace("_", " ") for icon in threat.icons)
    return f"{threat.name} ({icons}{' x2' if threat.double else ''})"


def _threats_shown(description: Mapping) -> list:
    """The threat cards the description shows: in the row, carried, out of the game."""
    row = description.get("row")
    shown = [cell.get("card") for cell in _listed_or_none(row) if isinstance(cell, Mapping)]
    for member in _listed_or_none(description.get("party")):
        if isinstance(member, Mapping):
            shown += _listed_or_none(member.get("treasures"))
    shown += _listed_or_none(description.get("out_of_game"))
    return [card for card in shown if isinstance(card, str)]


def _treasures_elsewhere(description: Mapping, seat: int) -> set:
    """The treasures the description places other than with `seat`: in the row, with another
    seat, out of the game (a treasure is one card: it cannot be carried by two)."""
    row = description.get("row")
    places = [cell.get("card") for cell in _listed_or_none(row) if isinstance(cell, Mapping)]
    for other, member in enumerate(description["party"]):
        if other != seat and isinstance(member, Mapping):
            places += _listed_or_none(member.get("treasures"))
    places += _listed_or_none(description.get("out_of_game"))
    return {card for card in places if isinstance(card, str)}


def _listed_or_none(value) -> list:
    """A part of a description that should be a list, or none where it is not one."""
    return list(value) if isinstance(value, list) else []


def _own_cards(description: Mapping, seat: int, character: str) -> tuple[tuple[str, str], ...]:
    """The cards the seat can hold: its sheet's items (for the party size and its amulet's side)
    and the treasures it carries, each with what it overcomes."""
    cat = catalog()
    players = description.get("players")
    amulets = description.get("amulets")
    side = "none"
    if players == 2 and cat.amulet(character) is not None:
        side = amulets.get(character, "a") if isinstance(amulets, Mapping) else "a"
    if not isinstance(players, int) or side not in ("a", "b", "none"):
        return ()
    options = []
    for card in sheet(character, players, side):
        if card in cat.equipment:
            options.append((cat.equipment[card].label(), card))
        else:
            uses = cat.amulets[card].sides[side]
            options.append((f"Amulet [{' / '.join(use.label() for use in uses)}]", card))
    for card in _listed_or_none(description["party"][seat].get("treasures")):
        if card in cat.threats:
            options.append((f"{cat.name(card)} (treasure, wild)", card))
    return tuple(options)


def _character(other: int):
    """A partner's character changed; an amulet's side set for the old one is the new one's."""

    def write(description: dict, character: str) -> dict:
        old = description["party"][other].get("character")
        description["party"][other]["character"] = character
        amulets = description.get("amulets")
        if isinstance(amulets, dict) and old in amulets:
            side = amulets.pop(old)
            if catalog().amulet(character) is not None:
                amulets[character] = side
        return description

    return write


def _sorted(path: tuple):
    """Cards set in sorted order, as a description lists a seat's cards (their order says
    nothing)."""

    def write(description: dict, cards: list) -> dict:
        return picked(description, path, sorted(cards, key=str))

    return write


def _amulet(character: str):
    """An amulet's side set (the field ``amulets`` made if the description has none)."""

    def write(description: dict, side: str) -> dict:
        amulets = description.get("amulets")
        description["amulets"] = {
            **(amulets if isinstance(amulets, Mapping) else {}),
            character: side,
        }
        return description

    return write
