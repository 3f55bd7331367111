"""The TPK engine: seven dungeon levels faced in silence.

A level goes: the threat row is laid out; every player draws from their own equipment deck and, in
turn, keeps some of the drawn cards (the rest are set aside); then turns go round the table. On a
turn a player uses cards against the threats, strictly from the left (ranged items reach further,
up to the next door), or passes. A player with no cards passes. If the turn comes back to someone
who passed while the threat they passed on is still there, the party dies. Whoever overcomes the
card just before a treasure (a ranged item included, even with threats still open to its left) takes
the treasure into their equipment deck and their turn ends; the next player takes the next one of a
run.

Everything random is a shuffle drawn from the state's seeded RNG, so a game is its seed, its options
and its actions (a real game has no chance nodes; a seat's view of it, which the core makes from
the places the state lists, :meth:`TPKState.places`, deals the cards that seat cannot see at
chance nodes). The rules
decisions the rulebook leaves open are in ``book/rules-notes/tpk.md``, and the tests that pin them
in ``book/conformance/tpk.md``.

The turn runs on the core step machine (:mod:`toolkit.steps`): the module reads as the card
tables, the state's fields, then the steps of a level in rulebook order (lay out, keep, turns)
and the effects of a move (pass, use, take a treasure, move past what is dealt with).
"""

from __future__ import annotations

import random
from collections import Counter
from functools import cache
from itertools import combinations

from toolkit.deck import Deck
from toolkit.hidden import Hiding, Place, set_outcomes
from toolkit.state import Action, ChanceOutcomes, GameState, copying
from toolkit.steps import PASS, Ask, Draw, StepMachine, Steps
from toolkit.tpk.cards import DOOR_BITS, catalog, check_characters

OPEN, OVERCOME, TAKEN = 0, 1, 2
STATUS_NAMES = ("open", "overcome", "taken")
KEEP, PLAY = "keep", "play"  # the two questions: what to keep, and what to use (or pass)
KEEP_WHY = "the cards not kept are set aside until the next level"
PLAY_WHY = "a pass hands the turn on; if it comes back with that threat still first, the party dies"
KILLED, ESCAPED = "the party was killed", "the last level was cleared"  # how a game ends
ENDINGS = (KILLED, ESCAPED)  # every kind of ending; only ESCAPED is a win, for every seat
DEAL = "a partner's hidden cards"  # the one chance node, in a seat's view only
STAND_IN = "?"  # a card of a partner's the viewer cannot see: "?" and the partner's seat
MIN_PLAYERS, MAX_PLAYERS = 2, 5
DEFAULT_PARTIES = {
    2: ("taric", "land"),
    3: ("brin", "taric", "galen"),
    4: ("taric", "galen", "brin", "land"),
    5: ("taric", "galen", "brin", "land", "pentegarn"),
}
LAST_LEVEL = catalog().last_level
Uses = tuple[tuple[int, bool, bool], ...]  # an item's uses: (icon bits, powerful, ranged) each
Facts = tuple[int, bool, bool]  # a threat: (icon bits, x2, treasure)
WILD: Uses = ()  # a treasure held as a wild card


@cache
def item_table(amulet_sides: tuple[tuple[str, str], ...]) -> dict[str, Uses]:
    """Each equipment card's uses as (icon bits, powerful, ranged); amulets on their chosen side."""
    cat = catalog()
    table = {
        card.id: tuple((use.bits, use.powerful, use.ranged) for use in card.uses)
        for card in cat.equipment.values()
    }
    for character, side in amulet_sides:
        amulet = cat.amulet(character)
        table[amulet.id] = tuple((use.bits, use.powerful, use.ranged) for use in amulet.sides[side])
    return table


@cache
def threat_cards() -> tuple[str, ...]:
    """The threat deck's cards, every copy (the box's threat cards)."""
    return tuple(catalog().threat_deck())


@cache
def threat_table() -> dict[str, Facts]:
    """Each threat card as (icon bits, x2, treasure)."""
    return {t.id: (t.bits, t.double, t.treasure) for t in catalog().threats.values()}


def covers(uses: Uses, threat: Facts) -> bool:
    """Whether one card alone overcomes a threat: a use with one of its icons (a powerful one for an
    x2 threat), or a wild treasure. A treasure in the row is taken, never overcome."""
    bits, double, treasure = threat
    if treasure:
        return False
    if not uses:
        return True
    return any(b & bits and (powerful or not double) for b, powerful, _ in uses)


def covers_both(uses: Uses, first: Facts, second: Facts) -> bool:
    """Whether one powerful use overcomes two adjacent simple threats at once."""
    if first[1] or first[2] or second[1] or second[2]:
        return False
    return any(powerful and b & first[0] and b & second[0] for b, powerful, _ in uses)


def half_of_x2(uses: Uses, threat: Facts) -> bool:
    """Whether a card can be one of the two simple cards that overcome an x2 threat together."""
    return bool(uses) and any(not powerful and b & threat[0] for b, powerful, _ in uses)


def amulet_sides(characters: list[str], players: int, chosen: dict[str, str]) -> dict[str, str]:
    """The amulet side each character uses: two-player games only, side "a" unless chosen."""
    cat = catalog()
    for character, side in chosen.items():
        if character not in characters or cat.amulet(character) is None:
            raise ValueError(f"amulets: {character!r} is not a party character with an amulet")
        if side not in ("a", "b", "none"):
            raise ValueError(f"amulets: side of {character!r} must be 'a', 'b' or 'none'")
        if players != 2 and side != "none":
            raise ValueError("amulets are only used in two-player games")
    if players != 2:
        return {}
    return {
        c: chosen.get(c, "a")
        for c in characters
        if cat.amulet(c) is not None and chosen.get(c, "a") != "none"
    }


def starting_deck(character: str, players: int, amulet_side: str) -> list[str]:
    """A character's eight equipment cards for this party size: potions replace a card with 2 or 3
    characters, and the amulet on `amulet_side` ("none" if it is not used: :func:`amulet_sides`
    decides, two-player games only) replaces another."""
    cat = catalog()
    deck = cat.basic_deck(character)
    if players <= 3:
        potion = cat.potion(character)
        deck[deck.index(potion.replaces)] = potion.id
    amulet = cat.amulet(character)
    if amulet is not None and amulet_side != "none":
        deck[deck.index(amulet.replaces)] = amulet.id
    return deck


@cache
def sheet(character: str, players: int, amulet_side: str) -> tuple[str, ...]:
    """The equipment printed on a character's sheet for this party size (public knowledge)."""
    return tuple(starting_deck(character, players, amulet_side))


steps = Steps()  # the turn, step by step: filled in below the state


class TPKState(Hiding, StepMachine):
    """A game of TPK. Seat 0 starts level 1; play goes to the left (seat + 1).

    Options (all JSON-able): ``characters`` (one character id per seat, default by party size),
    ``infernal`` (treasures used as wild cards leave the game), ``amulets`` (two players only:
    character -> "a", "b" or "none"; default "a"), ``scenario`` (stacked cards for worked examples:
    ``{"1": {"row": [threat ids], "draws": [[card ids] per seat]}}``, put on top before dealing),
    ``first_level`` (start deeper in the dungeon, for studying one level).

    The table: the threat deck and each seat's equipment deck; each seat's cards drawn (before
    its keep), hand and set aside cards; the row of threats with each one's status and who dealt
    with it; the first open threat (`leftmost`); the threat each seat last passed on; the level,
    its starter and its log. The turn runs on :data:`steps`, below the class.
    """

    NOT_IN_KEY = ("items", "threats")  # the card tables
    # The logs' entries are only ever added, never changed; the tables and the party are shared.
    COPY = copying(
        shared=(
            "characters", "infernal", "amulet_sides", "items", "threats", "scenario",
            "last_level", "treasures_found", "treasures_spent", "level", "starter", "leftmost",
        ),
        copied=("threat_deck", "removed", "row", "status", "by", "passed_on", "log", "cleared"),
        each_copied=("decks", "drawn_cards", "hands", "aside"),
    )  # fmt: skip

    game = "tpk"
    STEPS = steps
    #: A keep with one way to keep, and a play whose only option is to pass, are still asked:
    #: every keep and every pass is an action of the game's history.
    ASKS_SINGLE_OPTIONS = True
    STAND_IN = STAND_IN
    #: A view deals a partner's held cards at its own chance node (:meth:`viewed`), and the rest
    #: of what it cannot see in order when the level ends (:func:`level`: it is all shuffled
    #: again), so a search's game keeps them for the view to deal.
    DRAWS_UNSEEN = True

    def __init__(
        self,
        seed: int = 0,
        players: int = 3,
        characters: list[str] | None = None,
        infernal: bool = False,
        amulets: dict[str, str] | None = None,
        scenario: dict | None = None,
        first_level: int = 1,
    ):
        characters = list(characters) if characters is not None else None
        super().__init__(
            seed,
            players=players,
            characters=characters,
            infernal=infernal,
            amulets=amulets,
            scenario=scenario,
            first_level=first_level,
        )
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"TPK takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
        self.characters = characters if characters is not None else list(DEFAULT_PARTIES[players])
        self._check_party(players)
        self.infernal = bool(infernal)
        self.amulet_sides = amulet_sides(self.characters, players, amulets or {})
        self.items = item_table(tuple(sorted(self.amulet_sides.items())))
        self.threats = threat_table()
        self.scenario = scenario or {}
        self._check_scenario()

        self.threat_deck = Deck(threat_cards())
        self.threat_deck.shuffle(self.rng)
        self.removed: list[str] = []  # treasures out of the game (Infernal Dungeon)
        self.decks = [
            Deck(sheet(c, players, self.amulet_sides.get(c, "none"))) for c in self.characters
        ]
        n = players
        self.drawn_cards: list[list[str]] = [[] for _ in range(n)]
        self.hands: list[list[str]] = [[] for _ in range(n)]
        self.aside: list[list[str]] = [[] for _ in range(n)]
        self.row: list[str] = []
        self.status: list[int] = []
        self.by: list[int | None] = []
        self.passed_on: list[int | None] = [None] * n
        self.log: list[dict] = []  # this level's keeps, uses, passes and treasures
        self.last_level: dict | None = None  # the level before: its number, final row and log
        self.cleared: list[dict] = []  # one entry per level overcome
        self.treasures_found = 0
        self.treasures_spent = 0
        self.level = 0
        self.starter = 0  # who begins the level: whoever overcame the last threat of the one before
        self.leftmost = 0
        if first_level not in range(1, LAST_LEVEL + 1):
            raise ValueError(f"first_level must be 1 to {LAST_LEVEL}, not {first_level!r}")
        self.start_steps("level", number=first_level, starter=0)

    # -- set-up ----------------------------------------------------------------------------------
    def _check_party(self, players: int) -> None:
        if len(self.characters) != players:
            raise ValueError(f"{players} players need {players} characters, got {self.characters}")
        check_characters(self.characters)
        if len(set(self.characters)) != players:
            raise ValueError(f"each character can be played once, got {self.characters}")

    def _check_scenario(self) -> None:
        for key, spec in self.scenario.items():
            if key not in {str(n) for n in range(1, LAST_LEVEL + 1)} or not isinstance(spec, dict):
                raise ValueError(
                    f"scenario: {key!r} is not a level number 1-{LAST_LEVEL} with a mapping"
                )
            unknown = set(spec) - {"row", "draws"}
            if unknown:
                raise ValueError(f"scenario level {key}: unknown keys {sorted(unknown)}")
            if len(spec.get("draws", [])) > len(self.characters):
                raise ValueError(f"scenario level {key}: more draw lists than players")

    @property
    def num_players(self) -> int:
        return len(self.characters)

    def reach(self) -> list[int]:
        """Open threat positions a ranged item can hit: from the first open one up to the next door."""
        positions = []
        for position in range(self.leftmost, len(self.row)):
            if self.status[position] != OPEN:
                continue
            bits, _, treasure = self.threats[self.row[position]]
            if treasure:
                continue
            positions.append(position)
            if bits & DOOR_BITS:
                break
        return positions

    # -- a seat's view -------------------------------------------------------------------------
    def places(self, seat: int) -> list[Place]:
        """Where cards lie that `seat` may not see (see :mod:`toolkit.hidden`). What a partner
        holds (drawn, or once kept the hand), sets aside and has in their deck is one pool
        behind that partner's own stand-in: the seat reads nothing into a partner's keeps and
        passes (the silence: a choice is no signal), only hard facts: how many cards they hold,
        which they have used (back in their deck, face up), the treasures they carry. The order
        of the threat deck and of every equipment deck is hidden too (the view shuffles them)."""
        places = [Place(vars(self.threat_deck), "cards", None, shuffled=True)]
        for other in range(self.num_players):
            deck = vars(self.decks[other])
            if other == seat:
                places.append(Place(deck, "cards", None, shuffled=True))
                continue
            hidden = self.stand_in(other)
            places += [
                Place(self.drawn_cards, other, (), stand_in=hidden),
                Place(self.hands, other, (), stand_in=hidden),
                Place(self.aside, other, (), stand_in=hidden),
                Place(deck, "cards", (), stand_in=hidden, shuffled=True),
            ]
        return places

    def stand_in(self, seat: int) -> str:
        """The stand-in for a card of `seat`'s equipment that the viewer cannot see."""
        return f"{STAND_IN}{seat}"

    def view_rng(self, seat: int) -> random.Random:
        """A view's own generator, fixed by the seat and the moves so far: nothing of the real
        game's next shuffles is in the view (and the view's questions end with the level)."""
        return random.Random(f"tpk-view-{seat}-{len(self.history)}")

    def viewed(self) -> None:
        """A partner's held cards are dealt, at a chance node, once the seat has made its move
        (the numbers beside a choice are about the position after it: the next question waits
        for the deal, :func:`deal_hidden`), or at once when another seat is to act."""
        if self.outcome is None and self.prompt.seat != self.viewer and self.to_deal():
            deal_hidden(self)

    def to_deal(self) -> list[int]:
        """In a view, the partners whose held cards are stand-ins still to be dealt, in seat
        order (none in a real game)."""
        if not self.unseen:
            return []
        return [
            seat
            for seat in range(self.num_players)
            if self.stand_in(seat) in (self.drawn_cards[seat] or self.hands[seat])
        ]

    def draw_outcomes(self, draw: Draw) -> ChanceOutcomes:
        """The next unseen partner's cards: every set of the right size from the cards they could
        hold, each equally likely (a set is its card ids, sorted)."""
        return self.unseen_deals()[0][1]

    def unseen_deals(self) -> list[tuple[int, ChanceOutcomes]]:
        """Each partner still to be dealt, with the chance node that deals them. The deals are
        independent (each partner draws from their own deck), so these are the chance nodes the
        view will meet one after another, whatever comes out of the earlier ones."""
        deals = []
        for seat in self.to_deal():
            count = len(self.drawn_cards[seat] or self.hands[seat])
            deals.append((seat, set_outcomes(self.unseen_for(self.stand_in(seat)), count)))
        return deals

    # -- results -----------------------------------------------------------------------------------
    @property
    def won(self) -> bool:
        """Whether the game is over and the party won: every seat is among the winners, as the
        party wins or dies together."""
        outcome = self.outcome
        return outcome is not None and len(outcome.winners) == self.num_players

    def returns(self) -> list[float]:
        won = 1.0 if self.won else 0.0
        return [won] * self.num_players

    def treasures_held(self) -> int:
        """Treasures in the party's equipment (decks, hands, set aside, drawn)."""
        treasure = self.threats
        return sum(
            1
            for seat in range(self.num_players)
            for card in self._equipment_of(seat)
            if card in treasure
        )

    def _equipment_of(self, seat: int) -> list[str]:
        """Every card of `seat`'s equipment; in a view, its cards behind stand-ins are its pool."""
        deck = self.decks[seat]
        cards = deck.cards + deck.discards + self.drawn_cards[seat] + self.hands[seat]
        cards += self.aside[seat]
        if not self.unseen:
            return cards
        hidden = self.stand_in(seat)
        return [card for card in cards if card != hidden] + list(self.unseen_for(hidden))

    def levels_cleared(self) -> int:
        return len(self.cleared)

    def summary(self) -> dict:
        held = self.treasures_held()
        return {
            "won": self.won,
            "levels_cleared": self.levels_cleared(),
            "treasures": held if self.won else 0,
            "treasures_found": self.treasures_found,
            "treasures_spent": self.treasures_spent,
        }

    def card_locations(self) -> Counter:
        """The box's 105 cards wherever they are, counted (:meth:`card_places` says where)."""
        return Counter(card for cards in self.card_places().values() for card in cards)

    def card_places(self) -> dict[str, list[str]]:
        """Where each of the box's 105 cards is now, by place (a failed conservation check can
        say which place gained or lost a card)."""
        cat = catalog()
        places: dict[str, list[str]] = {
            "level cards": list(cat.levels),
            "characters in play": list(self.characters),
            "threat deck": self.threat_deck.cards + self.threat_deck.discards,
            "row": [c for c, s in zip(self.row, self.status, strict=True) if s != TAKEN],
            "out of the game": list(self.removed),
        }
        in_play = set()
        for seat, character in enumerate(self.characters):
            cards = self._equipment_of(seat)
            places[f"equipment of {character}"] = cards
            in_play.update(cards)
        places["box"] = [c for c in cat.characters if c not in self.characters] + [
            c for c in list(cat.equipment) + list(cat.amulets) if c not in in_play
        ]
        return places

    # -- what players see ------------------------------------------------------------------------
    def observation(self, player: int) -> dict:
        """What `player` knows at the table: the row, their own cards, everyone's hand sizes, passes
        and plays this level (and how the level before ended), treasure counts and the character
        sheets; never another hand."""
        level = catalog().level(self.level)
        over = self.outcome is not None
        return {
            "seat": player,
            "characters": list(self.characters),
            "amulets": dict(self.amulet_sides),
            "infernal": self.infernal,
            "level": self.level,
            "draw": level.draw,
            "keep": level.keep,
            "phase": "over" if over else self.prompt.question,
            "result": None if not over else "won" if self.won else "lost",
            # whose turn it is at the table (a seat's view may first deal what that seat cannot see)
            "to_play": None if over else self.prompt.seat,
            "starter": self.starter,
            "row": self._row_cells(),
            "first_open": self.leftmost,
            "hand": list(self.hands[player]),
            "drawn": list(self.drawn_cards[player]),
            "set_aside": list(self.aside[player]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "kept": [not drawn for drawn in self.drawn_cards],
            "passed_on": list(self.passed_on),
            "treasures": [
                sum(1 for c in self._equipment_of(seat) if c in self.threats)
                for seat in range(self.num_players)
            ],
            "threat_deck": len(self.threat_deck.cards) + len(self.threat_deck.discards),
            "log": _copy_log(self.log),
            "last_level": _copy_level(self.last_level),
            "levels_cleared": self.levels_cleared(),
        }

    def _row_cells(self) -> list[dict]:
        return [
            {"id": card, "state": STATUS_NAMES[status], "by": by}
            for card, status, by in zip(self.row, self.status, self.by, strict=True)
        ]

    # -- explanations ----------------------------------------------------------------------------
    def action_to_string(self, action: Action) -> str:
        cat = catalog()
        if self.chance is not None:  # a seat's view dealing a partner's hidden cards
            dealt = cat.characters[self.characters[self.to_deal()[0]]].name
            return f"{dealt} holds " + ", ".join(cat.name(c) for c in action)
        who = cat.characters[self.characters[self.prompt.seat]].name
        if action == PASS:
            return f"{who} passes"
        if action[0] == "keep":
            return f"{who} keeps " + ", ".join(cat.name(c) for c in action[1])
        cards = " and ".join(cat.name(c) for c in action[1])
        threats = " and ".join(cat.name(self.row[p]) for p in action[2])
        return f"{who} uses {cards} on {threats}"

    def why_illegal(self, action: Action) -> str:
        if self.outcome is not None:
            return f"the game is over ({self.ended_by})"
        if self.chance is not None:
            return GameState.why_illegal(self, action)
        seat = self.prompt.seat
        name = catalog().characters[self.characters[seat]].name
        if self.prompt.question == KEEP:
            keep = catalog().level(self.level).keep
            if not (isinstance(action, tuple) and len(action) == 2 and action[0] == "keep"):
                return f"{name} (seat {seat}) must first choose cards to keep: ('keep', (ids...))"
            missing = [c for c in action[1] if c not in self.drawn_cards[seat]]
            if missing:
                return f"{missing[0]!r} is not among the cards {name} drew {self.drawn_cards[seat]}"
            return f"keep exactly {min(keep, len(self.drawn_cards[seat]))} different drawn cards"
        if not (isinstance(action, tuple) and len(action) == 3 and action[0] == "use"):
            plays = "('pass',) or ('use', (cards...), (threats...))"
            return f"it is {name}'s turn (seat {seat}): {plays}"
        cards, targets = action[1], action[2]
        missing = [c for c in cards if c not in self.hands[seat]]
        if missing:
            return f"{missing[0]!r} is not in {name}'s hand {self.hands[seat]}"
        for position in targets:
            if not isinstance(position, int) or not 0 <= position < len(self.row):
                return f"threat position {position!r} is not in the row (0 to {len(self.row) - 1})"
            if self.status[position] != OPEN:
                return f"threat {position} is already {STATUS_NAMES[self.status[position]]}"
        ranged = all(any(use[2] for use in self.items.get(card, ())) for card in cards)
        if not ranged and any(p != self.leftmost for p in targets):
            return f"threats are faced from the left: the first open one is at position {self.leftmost}"
        if any(p not in self.reach() for p in targets):
            return "a ranged item reaches no further than the next locked or secret door"
        return "those cards cannot overcome those threats that way (icon, x2 or adjacency rules)"

    def __repr__(self) -> str:
        cat = catalog()
        row = " | ".join(
            ("~" if s != OPEN else "") + cat.name(c)
            for c, s in zip(self.row, self.status, strict=True)
        )
        if self.outcome is not None:
            return f"TPK level {self.level}, over ({self.ended_by}): {row}"
        ask = self.prompt
        if ask is None:  # between steps
            return f"TPK level {self.level}: {row}"
        return f"TPK level {self.level}, {ask.question}, seat {ask.seat} to act: {row}"


# -- the steps of a level, in rulebook order -------------------------------------------------------
@steps
def level(game: TPKState, number: int, starter: int) -> None:
    """Set up level `number` (rulebook, Setup and Overcoming a Dungeon Level): the threats not
    taken go back and are shuffled, the level's row is laid out, and every player shuffles their
    whole equipment (treasures taken included) and draws the level's number of cards. `starter`
    (whoever overcame the last threat of the level before) keeps first and plays first."""
    card = catalog().level(number)
    game.level = number
    game.threat_deck.cards.extend(
        threat for threat, status in zip(game.row, game.status, strict=True) if status != TAKEN
    )
    game.threat_deck.reshuffle(game.rng)
    stacked = game.scenario.get(str(number), {})
    _stack(game.threat_deck, stacked.get("row", []), f"scenario level {number} row")
    game.row = game.threat_deck.draw(card.threats_per_character * game.num_players)
    game.status = [OPEN] * len(game.row)
    game.by = [None] * len(game.row)
    game.leftmost = 0
    draws = stacked.get("draws", [])
    for stand_in in list(game.unseen):  # a view: hidden cards go back into the decks unseen
        game.deal_in_order(stand_in)
    for seat, deck in enumerate(game.decks):
        deck.cards.extend(game.hands[seat] + game.aside[seat] + game.drawn_cards[seat])
        game.hands[seat], game.aside[seat] = [], []
        deck.reshuffle(game.rng)
        if seat < len(draws):
            _stack(deck, draws[seat], f"scenario level {number} draws of seat {seat}")
        game.drawn_cards[seat] = deck.draw(card.draw)
    game.passed_on = [None] * game.num_players
    game.log = []
    game.starter = starter
    game.then_now("keep", seat=starter, left=game.num_players)


@steps
def keep(game: TPKState, seat: int, left: int) -> None:
    """In turn from the starter, each player keeps the level's number of the cards they drew
    (all of them if they drew fewer); `left` counts this keep and those still to come."""
    if game.to_deal():
        deal_hidden(game)
    game.pose(KEEP_QUESTIONS[seat][left])


def keep_options(game: TPKState, seat: int, left: int) -> list[Action]:
    """Every way to keep: ("keep", card ids sorted)."""
    count = catalog().level(game.level).keep
    drawn = game.drawn_cards[seat]
    return sorted({("keep", tuple(sorted(c))) for c in combinations(drawn, min(count, len(drawn)))})


# The keep asked of each seat (of up to five) with so many keeps to come, made once: a question is
# a value, so the game puts a made one rather than making it at every keep.
KEEP_QUESTIONS = tuple(
    tuple(
        Ask(seat, KEEP, keep_options, "kept", {"seat": seat, "left": left}, KEEP_WHY)
        for left in range(MAX_PLAYERS + 1)
    )
    for seat in range(MAX_PLAYERS)
)


@steps
def kept(game: TPKState, choice: Action, seat: int, left: int) -> None:
    """The kept cards make the hand; the rest are set aside until the next level. Once everyone
    has kept, the starter's turn begins."""
    hand = list(choice[1])
    rest = list(game.drawn_cards[seat])
    for card in hand:
        rest.remove(card)
    game.hands[seat], game.aside[seat], game.drawn_cards[seat] = hand, rest, []
    game.log.append({"seat": seat, "event": "keep", "count": len(hand)})
    if left > 1:
        game.then_now("keep", seat=(seat + 1) % game.num_players, left=left - 1)
    else:
        game.then_now("turn", seat=game.starter)


@steps
def turn(game: TPKState, seat: int) -> None:
    """The turn reaches `seat` (rulebook, Game Turn): if the threat it last passed on is still the
    first one open, the party is killed. Otherwise it takes a treasure that is due to it (which
    ends its turn), passes if it holds no cards, or plays."""
    if game.passed_on[seat] == game.leftmost:
        game.log.append({"seat": seat, "event": "party killed", "threat": game.leftmost})
        game.end(KILLED)
        return
    game.passed_on[seat] = None
    due = treasure_due(game)
    if due is not None:
        take_treasure(game, seat, due)
    elif not game.hands[seat]:
        pass_turn(game, seat, "pass (no cards)")
    else:
        play(game, seat)


def play(game: TPKState, seat: int) -> None:
    """Ask `seat` to use cards on the threats or pass: its turn goes on while it has cards and
    does not pass."""
    if game.to_deal():
        deal_hidden(game)
    game.pose(PLAY_QUESTIONS[seat])


def play_options(game: TPKState, seat: int) -> list[Action]:
    """The plays open to `seat`: ``PASS``, and every ("use", cards, threat positions) its hand
    allows: a card on the first open threat (a ranged item on any threat it reaches), a powerful
    use on two adjacent simple threats, two simple cards on an x2 threat, a treasure as a wild
    card on the first threat."""
    hand = game.hands[seat]
    first = game.leftmost
    reach = game.reach()
    row, status, threats = game.row, game.status, game.threats
    uses: set[tuple] = set()
    simple: dict[int, list[str]] = {}  # x2 threat position -> cards that could be one of a pair
    for card in hand:
        if card not in game.items:  # a treasure: a wild card against the first threat
            uses.add(((card,), (first,)))
            continue
        for bits, powerful, ranged in game.items[card]:
            for position in reach if ranged else (first,):
                t_bits, double, _ = threats[row[position]]
                if not t_bits & bits:
                    continue
                if double:
                    if powerful:
                        uses.add(((card,), (position,)))
                    else:
                        simple.setdefault(position, []).append(card)
                    continue
                uses.add(((card,), (position,)))
                after = position + 1
                if (
                    powerful
                    and after < len(row)
                    and status[after] == OPEN
                    and (not ranged or position == first or after in reach)
                ):
                    a_bits, a_double, a_treasure = threats[row[after]]
                    if a_bits & bits and not a_double and not a_treasure:
                        uses.add(((card,), (position, after)))
    for position, cards in simple.items():
        for pair in combinations(sorted(set(cards)), 2):
            uses.add((pair, (position,)))
    return [PASS] + sorted(("use", cards, targets) for cards, targets in uses)


# The play asked of each seat, made once as the keeps are.
PLAY_QUESTIONS = tuple(
    Ask(seat, PLAY, play_options, "played", {"seat": seat}, PLAY_WHY) for seat in range(MAX_PLAYERS)
)


@steps
def played(game: TPKState, choice: Action, seat: int) -> None:
    if choice == PASS:
        pass_turn(game, seat, "pass")
    else:
        use(game, seat, choice[1], choice[2])


def deal_hidden(game: TPKState) -> None:
    """In a seat's view whose partners' hidden cards are not dealt yet (the seat has just moved),
    they are dealt before the next question, one partner a chance node. The question's options
    are read from the table when they are listed, so they are the dealt cards'."""
    game.draw(DEAL, "dealt", public=False)


@steps
def dealt(game: TPKState, cards: tuple[str, ...]) -> None:
    """A seat's view: the next partner's hidden cards are `cards`; the partner after them is
    dealt next."""
    game.deal_in_order(game.stand_in(game.to_deal()[0]), cards)
    if game.to_deal():
        game.draw(DEAL, "dealt", public=False)


# -- the effects of a move -------------------------------------------------------------------------
def pass_turn(game: TPKState, seat: int, event: str) -> None:
    """`seat` passes on the first open threat: the turn goes to the left."""
    game.passed_on[seat] = game.leftmost
    game.log.append({"seat": seat, "event": event, "threat": game.leftmost})
    game.then_now("turn", seat=(seat + 1) % game.num_players)


def use(game: TPKState, seat: int, cards: tuple[str, ...], targets: tuple[int, ...]) -> None:
    """`seat` overcomes the threats at `targets` with `cards`: an item goes back into its owner's
    equipment deck, a treasure used as a wild card to the threat deck (out of the game in the
    Infernal Dungeon). Whoever overcomes the card just before a treasure takes it; a seat left
    with no cards passes; otherwise its turn goes on."""
    for card in cards:
        game.hands[seat].remove(card)
        if card in game.items:
            game.decks[seat].discard(card)
        else:
            game.treasures_spent += 1
            (game.removed if game.infernal else game.threat_deck.discards).append(card)
    for position in targets:
        game.status[position] = OVERCOME
        game.by[position] = seat
    game.log.append({"seat": seat, "event": "use", "cards": list(cards), "threats": list(targets)})
    if not advance(game, seat):
        return
    after = max(targets) + 1  # the card just past what was overcome
    if after < len(game.row) and game.status[after] == OPEN and game.threats[game.row[after]][2]:
        take_treasure(game, seat, after)
    elif not game.hands[seat]:
        pass_turn(game, seat, "pass (no cards)")
    else:
        play(game, seat)


def take_treasure(game: TPKState, seat: int, position: int) -> None:
    """Take the treasure at `position` into `seat`'s equipment deck; the turn ends."""
    game.status[position] = TAKEN
    game.by[position] = seat
    game.decks[seat].discard(game.row[position])
    game.treasures_found += 1
    game.log.append({"seat": seat, "event": "treasure", "threat": position})
    if advance(game, seat):
        game.then_now("turn", seat=(seat + 1) % game.num_players)


def treasure_due(game: TPKState) -> int | None:
    """The treasure the player whose turn begins takes: one first in the row (the level's
    starter), or the next of a run after the treasure the player before took."""
    row, status, threats = game.row, game.status, game.threats
    for position in range(game.leftmost, len(row)):
        if (
            status[position] == OPEN
            and threats[row[position]][2]
            and (position == 0 or status[position - 1] == TAKEN)
        ):
            return position
    return None


def advance(game: TPKState, seat: int) -> bool:
    """Move past what is dealt with, and say whether the level goes on. A clear row ends it:
    after level 7 the party has escaped; otherwise `seat`, who cleared its last card, sets up
    and starts the next one."""
    while game.leftmost < len(game.row) and game.status[game.leftmost] != OPEN:
        game.leftmost += 1
    if game.leftmost < len(game.row):
        return True
    game.cleared.append({"level": game.level, "cleared_by": seat})
    # Kept for the table: whoever did not make the level's last moves sees how it ended.
    game.last_level = {"level": game.level, "row": game._row_cells(), "log": game.log}
    if game.level == LAST_LEVEL:
        game.end(ESCAPED, range(game.num_players))
    else:
        game.then_now("level", number=game.level + 1, starter=seat)
    return False


def _copy_log(log: list[dict]) -> list[dict]:
    """An observer's own copy of a level's log (its entries hold lists of cards and positions);
    every observation makes one, so this is written out rather than left to ``copy.deepcopy``."""
    return [
        {key: list(value) if isinstance(value, list) else value for key, value in entry.items()}
        for entry in log
    ]


def _copy_level(record: dict | None) -> dict | None:
    if record is None:
        return None
    row = [dict(cell) for cell in record["row"]]
    return {"level": record["level"], "row": row, "log": _copy_log(record["log"])}


def _stack(deck: Deck, cards: list[str], where: str) -> None:
    """Move the named cards to the top of the deck so they are drawn first, in the order given."""
    for card in cards:
        if card not in deck.cards:
            raise ValueError(f"{where}: card {card!r} is not in the deck being dealt")
        deck.cards.remove(card)
    deck.cards.extend(reversed(cards))
