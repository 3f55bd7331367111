"""An And That's How I Died position as one seat sees it, and a game built from it (see
:mod:`toolkit.position` for what every game's description has).

The fields, in the order :func:`describe` writes them (the book's rules notes show an example):

``turn``, ``to_act`` (only when it is not ``seat``)
    how many turns have been played, and the seat whose turn it is (every question of a turn is
    that seat's, a claim on dying too);
``decision``
    the question, by the step the answer goes to: ``build`` (the adventure's next card),
    ``effect`` (a pick of the effect of the card just played) or ``claim`` (an achievement, on
    dying, when several are met);
``passes`` (only when not 0)
    how many living players in a row have passed without making an adventure;
``achievements``, ``death_order`` (only once someone died)
    the achievements still on the table, in their order; the seats that died, first first;
``pool``, ``building``, ``resolving``, ``picks``, ``discards``
    the face-up cards: the Pool in its order, the cards of the adventure being played, the card
    whose effect is being chosen and the picks made for it (at ``effect``), the discard pile;
``deck``
    the draw pile from its top, as the seat sees it (below);
``reshuffled`` (only once the discards became the deck)
    for each reshuffle in order, the cards it brought that are hidden from the seat and that it
    cannot place: everyone saw them go into the deck, so they are a group of their own;
``lost_track`` (only when the seat lost track of a card)
    hidden cards another player moved where the seat could not follow them from cards it could
    tell apart: no numbers are given then (:mod:`toolkit.how_i_died.knowledge`);
``seats``
    each seat's, in seat order: ``dead: true`` once dead, ``adventures`` (each its three cards
    I, II, III), ``claimed`` (the achievement it took on dying), ``effects`` (how many effects
    it has applied, when not 0) and ``hand``: the seat's own cards, or another's as it sees them.

A hidden pile (the deck, another's hand) is a list in its order of card ids the seat knows are
there (it saw them go there, or its choice shows them) and runs of cards it cannot place:
``{unseen: 3}`` for cards never seen, ``{unseen: 2, reshuffle: 1}`` for cards of the first
reshuffle's group, ``{lost: 1}`` for a card it lost track of. What the seat cannot tell apart is
not described: a built game deals each group's cards to its runs in sorted order, and records
what the seat knows of them as the engine does (its ``knowledge``, ``doubts`` and
``reshuffles``), so the core hiding hides from it exactly what the real game's view hides.
"""

from __future__ import annotations

import random
from collections.abc import Mapping

from toolkit.deck import Deck
from toolkit.hidden import FIRST, KNOWN
from toolkit.how_i_died.achievements import ACHIEVEMENTS, meets
from toolkit.how_i_died.cards import (
    ALL_IDS,
    CARDS,
    DEATH_AT,
    EFFECT,
    POOL_SIZE,
    TYPE,
    TYPE_WORDS,
    TYPES,
    catalog,
)
from toolkit.how_i_died.rules import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    HowIDiedState,
    ask_build,
    ask_effect,
    build_options,
)
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
from toolkit.position import at as value_at  # `at` names places in a list below

GAME = "how-i-died"
FIELDS = (
    "turn",
    "to_act",
    "decision",
    "passes",
    "achievements",
    "death_order",
    "pool",
    "building",
    "resolving",
    "picks",
    "discards",
    "deck",
    "reshuffled",
    "lost_track",
    "seats",
)
SEAT_FIELDS = ("dead", "adventures", "claimed", "effects", "hand")
DECISIONS = ("build", "effect", "claim")
COPIES = dict.fromkeys(ALL_IDS, 1)
#: A bound on a hand: six drawn back, and the few cards effects give in a turn, well inside it.
MAX_HAND = 12


# -- describe --------------------------------------------------------------------------------------
def describe(state: HowIDiedState, seat: int) -> dict:
    """What `seat` knows of `state` at its decision: see the module's description."""
    if not isinstance(state, HowIDiedState):
        raise ValueError("the storytelling variant has no positions to describe")
    if state.outcome is not None or state.prompt is None:
        raise ValueError("the game is over: there is no decision to describe")
    if state.viewer is not None or state.knowledge is None:
        raise ValueError("a seat's view is not a game: describe the game itself")
    labels = state.knowledge[seat]
    seen = {card for card, label in labels.items() if label == KNOWN}
    if state.current_player() == seat:  # what the seat's choice lists, it sees (as places())
        seen.update(card for card in state.legal_actions() if isinstance(card, str))
    hidden = list(state.deck.cards)
    for other, hand in enumerate(state.hands):
        if other != seat:
            hidden += hand
    lost = sorted(state.doubts[seat].intersection(hidden))

    def entry(card: str):
        if card in lost:
            return ("lost",)
        if card in seen:
            return card
        return ("unseen", labels.get(card, FIRST))

    description: dict = {"game": GAME, "players": state.players, "seat": seat}
    if state.seed:
        description["seed"] = state.seed
    description["turn"] = state.turn
    if state.seat != seat:
        description["to_act"] = state.seat
    description["decision"] = state.prompt.resume
    if state.passes:
        description["passes"] = state.passes
    description["achievements"] = list(state.shown)
    if state.death_order:
        description["death_order"] = list(state.death_order)
    description["pool"] = list(state.pool)
    if state.building:
        description["building"] = list(state.building)
    if state.prompt.resume == "effect":
        description["resolving"] = state.resolving
        description["picks"] = list(state.picks)
    description["discards"] = list(state.deck.discards)
    description["deck"] = _runs([entry(card) for card in reversed(state.deck.cards)])
    if state.reshuffles:
        description["reshuffled"] = [
            sorted(
                card
                for card in hidden
                if labels.get(card) == group and card not in seen and card not in lost
            )
            for group in range(1, state.reshuffles + 1)
        ]
    if lost:
        description["lost_track"] = lost
    seats = []
    for other in range(state.players):
        about: dict = {}
        if not state.alive[other]:
            about["dead"] = True
        about["adventures"] = [list(adventure) for adventure in state.adventures[other]]
        if state.claimed[other]:
            about["claimed"] = state.claimed[other]
        if state.effects_applied[other]:
            about["effects"] = state.effects_applied[other]
        hand = state.hands[other]
        about["hand"] = list(hand) if other == seat else _runs([entry(card) for card in hand])
        seats.append(about)
    description["seats"] = seats
    return description


def _runs(entries: list) -> list:
    """A hidden pile's entries (a card id, or the key of a card the seat cannot place) with
    each run of like keys written as one mapping with its count."""
    runs: list = []
    last = None
    for item in entries:
        if isinstance(item, str):
            runs.append(item)
            last = None
            continue
        if item == last:
            runs[-1][next(iter(runs[-1]))] += 1
            continue
        if item[0] == "lost":
            runs.append({"lost": 1})
        elif item[1] == FIRST:
            runs.append({"unseen": 1})
        else:
            runs.append({"unseen": 1, "reshuffle": item[1]})
        last = item
    return runs


# -- position --------------------------------------------------------------------------------------
def position(description: Mapping) -> HowIDiedState:
    """A game at the described decision, built without playing: every field checked first
    (:class:`~toolkit.position.PositionError` names the one that cannot be), then the table laid
    out as described and the cards the seat cannot place dealt to their runs in sorted order."""
    return _Table(description).build()


class _Table:
    """A description read and checked, field by field, in the order the fields depend on."""

    def __init__(self, description: Mapping):
        self.players, self.seat = common(description, GAME, MIN_PLAYERS, MAX_PLAYERS)
        unknown_fields(description, FIELDS)
        self.description = description
        self.seed = description.get("seed", 0)
        self.turn = whole(description, "turn", 0, 10**6)
        self.to_act = whole(description, "to_act", 0, self.players - 1, self.seat)
        self.decision = one_of(description, "decision", DECISIONS)
        self.passes = whole(description, "passes", 0, self.players, 0)
        self._achievements()
        self._seats()
        self._face_up()
        self._hidden()
        self._cards()

    def _achievements(self) -> None:
        shown = field(self.description, "achievements", list)
        for index, name in enumerate(shown):
            if not isinstance(name, str) or name not in ACHIEVEMENTS:
                raise PositionError(f"achievements[{index}]", f"no achievement {name!r}")
        self.shown = list(shown)
        order = field(self.description, "death_order", list, [])
        for index, dead in enumerate(order):
            if type(dead) is not int or not 0 <= dead < self.players:
                raise PositionError(f"death_order[{index}]", f"{dead!r} is not a seat")
        if len(set(order)) != len(order):
            raise PositionError("death_order", "a seat dies once")
        self.death_order = list(order)

    def _seats(self) -> None:
        seats = field(self.description, "seats", list)
        if len(seats) != self.players:
            raise PositionError("seats", f"{self.players} players need {self.players} entries")
        self.alive, self.adventures, self.claimed, self.effects, self.hands = [], [], [], [], []
        taken = {}
        for index, about in enumerate(seats):
            name = f"seats[{index}]"
            within(name, part, about, SEAT_FIELDS, "in a seat's entry")
            dead = within(name, field, about, "dead", bool, False)
            if dead != (index in self.death_order):
                raise PositionError(f"{name}.dead", "the dead are those of death_order")
            adventures = within(name, field, about, "adventures", list, [])
            for at, adventure in enumerate(adventures):
                where = f"{name}.adventures[{at}]"
                if not isinstance(adventure, list) or len(adventure) != len(TYPES):
                    raise PositionError(where, "an adventure is three cards, I, II, III")
                for card, kind in zip(adventure, TYPES, strict=True):
                    if not isinstance(card, str) or card not in CARDS:
                        raise PositionError(where, f"no card {card!r} in this game")
                    if TYPE[card] != kind:
                        raise PositionError(where, f"{card!r} is a type {TYPE[card]}, not {kind}")
            claimed = within(name, field, about, "claimed", str, None)
            if claimed is not None:
                if claimed not in ACHIEVEMENTS:
                    raise PositionError(f"{name}.claimed", f"no achievement {claimed!r}")
                if not dead:
                    raise PositionError(f"{name}.claimed", "only the dead claim achievements")
                if claimed in self.shown or claimed in taken:
                    raise PositionError(f"{name}.claimed", f"{claimed!r} is claimed once")
                taken[claimed] = index
            effects = within(name, whole, about, "effects", 0, 10**6, 0)
            hand = within(name, field, about, "hand", list)
            if dead and hand:
                raise PositionError(f"{name}.hand", "the dead discarded their hand")
            self.alive.append(not dead)
            self.adventures.append([tuple(adventure) for adventure in adventures])
            self.claimed.append(claimed)
            self.effects.append(effects)
            self.hands.append(hand)
        # A living seat may have more: a swap may move ends onto it, and its pulse is checked on
        # its own turn. The dead are locked as they died.
        for index in range(self.players):
            damage = sum(CARDS[adventure[2]].damage for adventure in self.adventures[index])
            if not self.alive[index] and damage < DEATH_AT:
                raise PositionError(f"seats[{index}].dead", f"only {damage} damage")

    def _face_up(self) -> None:
        self.pool = card_list(self.description, "pool", COPIES)
        if len(self.pool) > POOL_SIZE:
            raise PositionError("pool", f"the Pool holds {POOL_SIZE} cards at most")
        self.building = card_list(self.description, "building", COPIES, [])
        for at, card in enumerate(self.building):
            if TYPE[card] != TYPES[at] or at == len(TYPES) - 1:
                raise PositionError("building", "an adventure being played is its I, then II")
        self.discards = card_list(self.description, "discards", COPIES)
        own = self.hands[self.seat]
        for index, card in enumerate(own):
            if not isinstance(card, str) or card not in CARDS:
                raise PositionError(f"seats[{self.seat}].hand[{index}]", f"no card {card!r}")
        if len(own) > MAX_HAND:
            raise PositionError(f"seats[{self.seat}].hand", f"more than {MAX_HAND} cards")
        if self.decision == "effect":
            self.resolving = one_of(self.description, "resolving", list(EFFECT))
            self.picks = field(self.description, "picks", list, [])
        else:
            for name in ("resolving", "picks"):
                if name in self.description:
                    raise PositionError(name, "only at an effect's decision")
            self.resolving, self.picks = None, []

    def _hidden(self) -> None:
        """The deck and the other hands: card ids known there and runs of cards not placed."""
        self.groups = []
        for index, group in enumerate(field(self.description, "reshuffled", list, [])):
            if not isinstance(group, list):
                raise PositionError(f"reshuffled[{index}]", "expected a list of card ids")
            self.groups.append(card_list({"cards": group}, "cards", COPIES))
        self.lost = card_list(self.description, "lost_track", COPIES, [])
        deck = field(self.description, "deck", list)
        self.piles = {"deck": self._pile("deck", deck)}
        for other in range(self.players):
            if other != self.seat:
                name = f"seats[{other}].hand"
                self.piles[name] = self._pile(name, self.hands[other])
                if len(self.piles[name]) > MAX_HAND:
                    raise PositionError(name, f"more than {MAX_HAND} cards")

    def _pile(self, name: str, runs: list) -> list:
        """A hidden pile's entries, each a card id or the key (``"lost"`` or a group number) of
        a card the seat cannot place."""
        entries: list = []
        for index, run in enumerate(runs):
            where = f"{name}[{index}]"
            if isinstance(run, str):
                if run not in CARDS:
                    raise PositionError(where, f"no card {run!r} in this game")
                entries.append(run)
                continue
            if not isinstance(run, Mapping):
                raise PositionError(where, f"expected a card id or a run, got {written(run)}")
            if "lost" in run:
                if set(run) != {"lost"}:
                    raise PositionError(where, "a run of lost cards has only its count")
                entries += ["lost"] * within(where, whole, run, "lost", 1, len(ALL_IDS))
                continue
            within(where, part, run, ("unseen", "reshuffle"), "in a run")
            count = within(where, whole, run, "unseen", 1, len(ALL_IDS))
            group = within(where, whole, run, "reshuffle", 1, len(self.groups) or 1, FIRST)
            if group and not self.groups:
                raise PositionError(f"{where}.reshuffle", "no reshuffle has happened")
            entries += [group] * count
        return entries

    def _cards(self) -> None:
        """Every card in one place, and each run as long as the cards it stands for."""
        known = {
            name: [c for c in pile if isinstance(c, str) and c != "lost"]
            for name, pile in self.piles.items()
        }
        places = {
            "pool": self.pool,
            "building": self.building,
            "discards": self.discards,
            f"seats[{self.seat}].hand": self.hands[self.seat],
            **{
                f"seats[{s}].adventures": [c for a in self.adventures[s] for c in a]
                for s in range(self.players)
            },
            **known,
            **{f"reshuffled[{g}]": cards for g, cards in enumerate(self.groups)},
            "lost_track": self.lost,
        }
        placed = count_copies(places, COPIES)
        self.never_seen = sorted(card for card in ALL_IDS if not placed[card])
        wanted = {FIRST: self.never_seen, "lost": self.lost}
        wanted.update({g + 1: cards for g, cards in enumerate(self.groups)})
        for key, cards in wanted.items():
            runs = sum(1 for pile in self.piles.values() for c in pile if c == key)
            if runs != len(cards):
                what = {FIRST: "unseen", "lost": "lost"}.get(key, f"reshuffle {key}")
                raise PositionError(
                    "deck", f"the piles hold {runs} {what} cards, but {len(cards)} are left"
                )

    # -- the game -------------------------------------------------------------------------------
    def build(self) -> HowIDiedState:
        """The game at the described decision (no move played: its history is empty)."""
        game = HowIDiedState(seed=self.seed, players=self.players)
        game.rng = random.Random(self.seed)
        deals = {
            key: iter(cards)
            for key, cards in [(FIRST, self.never_seen), ("lost", self.lost)]
            + [(g + 1, cards) for g, cards in enumerate(self.groups)]
        }
        piles = {
            name: [
                card if isinstance(card, str) and card != "lost" else next(deals[card])
                for card in pile
            ]
            for name, pile in self.piles.items()
        }
        game.deck = Deck(piles["deck"][::-1], self.discards)
        game.shown = list(self.shown)
        game.hands = [
            list(self.hands[s]) if s == self.seat else piles[f"seats[{s}].hand"]
            for s in range(self.players)
        ]
        game.pool = list(self.pool)
        game.adventures = [list(adventures) for adventures in self.adventures]
        game.alive = list(self.alive)
        game.claimed = list(self.claimed)
        game.death_order = list(self.death_order)
        game.effects_applied = list(self.effects)
        game.turn, game.passes, game.seat = self.turn, self.passes, self.to_act
        game.building = list(self.building)
        game.knowledge = [{} for _ in range(self.players)]
        for group, cards in enumerate(self.groups, start=1):
            for labels in game.knowledge:  # everyone saw the discards become the deck
                labels.update(dict.fromkeys(cards, group))
        for name, pile in self.piles.items():
            for at, card in enumerate(pile):
                if isinstance(card, str):  # the seat knows it there (a lost card: somewhere)
                    game.knowledge[self.seat][piles[name][at]] = KNOWN
        game.doubts = [set() for _ in range(self.players)]
        game.doubts[self.seat] = set(self.lost)
        game.reshuffles = len(self.groups)
        game.log = []
        game.stack, game._batch = [], []
        game.prompt = game.chance = game.outcome = None
        game._end_check_due = False
        self._decide(game)
        game._batch = None
        game.history = []
        return game

    def _decide(self, game: HowIDiedState) -> None:
        """Put the described question, as the engine asks it; refuse one it would not ask."""
        seat = self.to_act
        if self.decision == "claim":
            if game.alive[seat] or game.death_order[-1:] != [seat] or game.claimed[seat]:
                raise PositionError("decision", f"seat {seat} has not just died")
            if game.building:
                raise PositionError("building", "a turn that ended has no adventure in play")
            options = [a for a in game.shown if meets(game, seat, a)]
            if len(options) < 2:
                raise PositionError("decision", "a claim is asked only when several are met")
            game.ask(seat, "which achievement to claim", options, "claim")
            return
        if not game.alive[seat]:
            raise PositionError("to_act", f"seat {seat} is dead")
        if self.decision == "build":
            # The engine asks only when the types still needed are in the hand or the Pool
            # (else it mulligans or passes). Another seat's hand is a deal: its next card will do.
            able = game.can_build(seat) if seat == self.seat else build_options(game)
            if not able:
                raise PositionError("decision", _cannot_build(game, seat, seat == self.seat))
            ask_build(game)
            return
        last = game.building[-1] if game.building else None
        if last is None and game.adventures[seat]:
            last = game.adventures[seat][-1][-1]
        if self.resolving != last:
            raise PositionError("resolving", "the effect is that of the last card played")
        game.resolving = self.resolving
        effect = game.effect()
        for at, pick in enumerate(self.picks):
            if at >= effect.steps - 1 or pick not in effect.choices(game, seat, tuple(game.picks)):
                raise PositionError(f"picks[{at}]", f"{pick!r} is not a pick of this effect")
            game.picks += (pick,)
        if not effect.choices(game, seat, tuple(game.picks)):
            raise PositionError("picks", "the effect has no pick left to make")
        ask_effect(game)


# -- picks -----------------------------------------------------------------------------------------
def picks(description: Mapping) -> list[Pick]:
    """What a player sets on screen at a described decision: the Pool, the seat's own hand, each
    card of the adventure being played (a card of its type) and the achievements still on the
    table. Each card is offered unless the description places it elsewhere, named with its type
    and banner (``Dwarf (III, red)``). A card put in sight or taken out of it moves the deck's
    run of unseen cards, so that every card is still somewhere. At an effect, the card whose
    effect is being picked is offered among the cards with an effect, the effect follows it,
    and the picks made start again when a card they name is taken away."""
    seat, seats = description.get("seat"), description.get("seats")
    if not isinstance(seats, list) or type(seat) is not int or not 0 <= seat < len(seats):
        return []
    if not isinstance(seats[seat], Mapping) or not isinstance(description.get("deck"), list):
        return []
    placed = _placed(description)
    chosen: list[Pick] = []
    for path, label in ((("pool",), "the Pool"), (("seats", seat, "hand"), "your hand")):
        here = _cards_at(description, path)
        options = tuple(
            (_card_words(card), card) for card in ALL_IDS if card in here or card not in placed
        )
        chosen.append(Pick(path, label, options, many=True, write=_moved(path)))
    resolving = description.get("resolving") if description.get("decision") == "effect" else None
    for index, card in enumerate(_cards_at(description, ("building",))[: len(TYPES) - 1]):
        options = tuple(
            (_card_words(other), other)
            for other in ALL_IDS
            if TYPE[other] == TYPES[index]
            and (other == card or other not in placed)
            and (card != resolving or other in EFFECT)
        )
        label = f"card {TYPES[index]} of the adventure being played"
        chosen.append(Pick(("building", index), label, options, write=_moved(("building", index))))
    claimed = {about.get("claimed") for about in seats if isinstance(about, Mapping)}
    achievements = tuple(
        (f"{card.name} ({card.glory} glory)", card.id)
        for card in catalog().achievements.values()
        if card.id not in claimed
    )
    chosen.append(Pick(("achievements",), "the achievements on the table", achievements, many=True))
    return [one for one in chosen if one.options]


def _card_words(card: str) -> str:
    """A card as the table names it: ``Dwarf (III, red)``."""
    return f"{CARDS[card].name} ({TYPE[card]}, {CARDS[card].banner})"


def _cards_at(description: Mapping, path: tuple) -> list[str]:
    """The card ids at `path` (a run of hidden cards is none of them)."""
    value = value_at(description, path)
    return [card for card in value if isinstance(card, str)] if isinstance(value, list) else []


def _placed(description: Mapping) -> set[str]:
    """Every card the description places: face up, in the seat's hand, in an adventure, known in
    a hidden pile, in a reshuffle's group, lost track of."""
    places = [("pool",), ("building",), ("discards",), ("deck",), ("lost_track",)]
    seats = description.get("seats")
    for index, about in enumerate(seats if isinstance(seats, list) else []):
        places.append(("seats", index, "hand"))
        adventures = about.get("adventures") if isinstance(about, Mapping) else None
        for at, _ in enumerate(adventures if isinstance(adventures, list) else []):
            places.append(("seats", index, "adventures", at))
    groups = description.get("reshuffled")
    places += [("reshuffled", g) for g, _ in enumerate(groups if isinstance(groups, list) else [])]
    return {card for path in places for card in _cards_at(description, path) if card in CARDS}


def _moved(path: tuple):
    """The card or cards at `path` set (see :func:`picks`); as many cards as leave the unseen
    ones (or come back to them) leave the deck's last run of unseen cards (or join it)."""

    def write(description: dict, value) -> dict:
        before = len(ALL_IDS) - len(_placed(description))
        old = value_at(description, path)
        changed = picked(description, path, value)
        gone = {c for c in (old if isinstance(old, list) else [old]) if isinstance(c, str)}
        gone -= set(
            c for c in (value if isinstance(value, list) else [value]) if isinstance(c, str)
        )
        named = changed.get("picks") if isinstance(changed.get("picks"), list) else []
        if changed.get("resolving") in gone:
            changed["resolving"], named = value, gone
        if gone.intersection(p for p in named if isinstance(p, str)):
            changed["picks"] = []
        fewer = before - (len(ALL_IDS) - len(_placed(changed)))
        deck = changed["deck"]
        runs = [
            at for at, run in enumerate(deck) if isinstance(run, dict) and set(run) == {"unseen"}
        ]
        if runs and isinstance(deck[runs[-1]]["unseen"], int):
            left = deck[runs[-1]]["unseen"] - fewer
            if left > 0:
                deck[runs[-1]]["unseen"] = left
            elif left == 0:
                del deck[runs[-1]]
        elif fewer < 0:
            deck.append({"unseen": -fewer})
        return changed

    return write


def _cannot_build(game: HowIDiedState, seat: int, own: bool) -> str:
    """Why a described choice of a card to play cannot be asked, in the table's words: the
    player (named as the game's log names them) and the types of card missing from their hand
    and the Pool (of another player, whose hand is unseen, the type needed next). The rules
    have a player who cannot form an adventure show and discard their hand and draw a new one
    (mulligan), and the engine passes the turn when that cannot help: no card is chosen."""
    if own:
        held = {TYPE[card] for card in [*game.hands[seat], *game.pool]}
        missing = [kind for kind in game.types_needed() if kind not in held]
    else:
        missing = [game.types_needed()[0]]
    kinds = " or ".join(TYPE_WORDS[kind] for kind in missing)
    where = "their hand, and the Pool is empty" if not game.pool else "their hand or the Pool"
    aim = "finish the adventure" if game.building else "form an adventure"
    return (
        f"Player {seat + 1} cannot {aim}: no {kinds} card is in {where}; the rules then have "
        "them take a new hand (mulligan) or pass, not choose a card"
    )
