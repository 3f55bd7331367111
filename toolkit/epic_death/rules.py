"""The Epic Death! engine: the whole rulebook as a game on the core step machine
(:mod:`toolkit.steps`).

The module reads as the state's fields (:class:`EpicDeathState`), then the steps of a turn in
rulebook order, each a small function (their table is :data:`steps`); what each Fate card does is
in :mod:`toolkit.epic_death.fate`.

A turn: ``new_turn`` asks the active player for a quest -> the ``targets`` window (Deadly,
Resurrect, Ancient Pact) -> the ``before_roll`` window (dice cards, Frenzy, Loot Envy; a D6 card
draws a ``d6``) -> ``roll`` (a ``roll`` draw: plain Victories and sixes) -> the ``after_roll``
window (re-roll cards, each a ``reroll`` draw) -> ``resolve`` and ``quest_ends`` (loot to place, a
FAIL to place or a death to choose) -> ``end_turn``. A question's name is its window or its
decision ("choose_quest", "place_loot", "place_fail", "choose_death"); a draw's kind is "d6",
"roll" or "reroll".

In each Fate window the players are asked in turn, starting left of the active player
(``ask_round``); a player plays as many cards as they like and then passes (``PASS``), and the
window goes round until every player has passed since the last card was played, so any card can
be answered (see the rules notes). Where the asking stands (the window, the seat asked, the
passes since the last card) is a field of the table, ``window_turn``, so the window's questions
are made once and carry no arguments. A player is passed over only when the table shows that no
card of the window could be played by them, whatever they hold; anyone else is asked and may pass,
as at a table, so a pass tells the others nothing about a hand.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

from toolkit.deck import Deck
from toolkit.epic_death.cards import BASE_POOL, BOX, CardSet, Quest, catalog
from toolkit.epic_death.fate import KINDS, REROLLS, WINDOWS
from toolkit.epic_death.odds import roll_outcomes
from toolkit.hidden import Hiding, Place
from toolkit.state import Action, ChanceOutcomes, copying
from toolkit.steps import PASS, Ask, Draw, StepMachine, Steps

FATE_HAND = 5
SET_BONUS = 400
# What a seat holding no card of the window is offered: most moves of a game, so made once.
PASS_ONLY = (PASS,)
DISCARD = "discard"
# How a game ends: the quests run out, or a party has no one left alive (the highest EPIC wins).
QUESTS_RAN_OUT, PARTY_FELL = "the quests ran out", "a party fell"
ENDINGS = (QUESTS_RAN_OUT, PARTY_FELL)
# What a seat's view holds in place of a card it cannot see, one stand-in for each kind of card
# (toolkit.analysis walks from the view); a determinised game shuffles their pools in this order.
UNSEEN = {
    kind: f"unseen {kind}" for kind in ("fate", "loot", "adventurers", "quests", "epic_quests")
}


D6_OUTCOMES = ChanceOutcomes((("d6", face), Fraction(1, 6)) for face in range(1, 7))


@cache
def dice_outcomes(kind: str, dice: int, difficulty: str) -> ChanceOutcomes:
    """A roll's chance outcomes, (kind, plain Victories, sixes), with exact probabilities."""
    return ChanceOutcomes(((kind, *k), p) for k, p in roll_outcomes(dice, difficulty).pmf().items())


steps = Steps()


class EpicDeathState(Hiding, StepMachine):
    """One game of Epic Death! for 2 to 5 players.

    Options: `quests_per_player` (the rulebook recommends 5 green and 5 Epic Quests per player with
    fewer than four players; 0 means the whole deck) can be set to play a shorter game.
    """

    game = "epic-death"
    STEPS = steps
    # What a seat cannot see (:meth:`places`): each kind of card behind its own stand-in. Within a
    # turn no rule reads an unseen card: the quest's dice are chance nodes, a stand-in in another
    # hand is no card of any window (so that seat's only choice is to pass), and cards are drawn
    # only once the quest has ended, where a walk from the view stops. So the view has no
    # generator, which would tell the order of every later shuffle. A determinised game draws its
    # own generator first, then shuffles the pools in UNSEEN's order: the seeded search games of
    # tests/test_fingerprints.py play on that.
    STAND_IN = UNSEEN["fate"]
    POOL_ORDER = tuple(UNSEEN.values())
    VIEW_HAS_RNG = False
    GENERATOR_FIRST = True
    # A window asks a seat that can only pass, and a placement asks even with one adventurer
    # left: a pass tells nothing about a hand, and the player says it as at a table.
    ASKS_SINGLE_OPTIONS = True
    NOT_IN_KEY = ("cards",)  # the card tables
    # A copy shares the card set, the quest card being attempted, and the adventurers' public
    # views and parties (kept until a change, which replaces them).
    COPY = copying(
        shared=(
            "cards", "_players", "line_size", "_parties", "_death_to_check", "active", "turn",
            "quest", "quest_card", "quest_placed", "deadly", "resurrect", "pact", "dice_change",
            "frenzy", "rolled", "plain", "sixes", "failed_dice", "quest_outcome", "_open_to_all",
            "window_turn",
        ),
        copied=(
            "out_of_game", "quest_deck", "quest_line", "finished_quests", "unused_adventurers",
            "alive", "_adventurer_views", "epic_deaths", "completed", "loot", "fate", "results",
            "plays", "loot_to_place",
        ),
        each_copied=("parties", "under", "hands"),
    )  # fmt: skip

    def __init__(self, seed: int = 0, players: int = 4, quests_per_player: int | None = None):
        if not 2 <= players <= 5:
            raise ValueError(f"Epic Death! takes 2 to 5 players, not {players}")
        cards = catalog()
        if quests_per_player is None:
            quests_per_player = 5 if players < 4 else 0
        most = min(len(cards.quests), len(cards.epic_quests)) // players
        if type(quests_per_player) is not int or not 0 <= quests_per_player <= most:
            raise ValueError(
                f"quests_per_player must be a whole number from 0 (the whole deck) to {most} "
                f"at {players} players, not {str(quests_per_player)[:20]}"
            )
        super().__init__(seed, players=players, quests_per_player=quests_per_player)
        self.cards: CardSet = cards
        self._players = players
        self.line_size = 4 if players == 5 else 5
        self._deal(quests_per_player)
        self.active = 0
        self.turn = 1
        # (seat, quest, outcome) of every attempt: a turn's own fields are reset when the next one
        # starts, and displays and summaries want to say how each ended.
        self.results: list[tuple[int, str, str]] = []
        self.start_steps("new_turn")

    # -- set-up ---------------------------------------------------------------------------------
    def _deal(self, quests_per_player: int) -> None:
        rng = self.rng
        quests, epics = list(self.cards.quests), list(self.cards.epic_quests)
        rng.shuffle(quests)
        rng.shuffle(epics)
        self.out_of_game: list[str] = []  # quests left in the box for a shorter game
        if quests_per_player:
            keep = quests_per_player * self._players
            self.out_of_game = quests[keep:] + epics[keep:]
            quests, epics = quests[:keep], epics[:keep]
        # The deck's top is the end of the list: Epic Quests below, green Quests on top.
        self.quest_deck: list[str] = epics + quests
        self.quest_line: list[str] = []
        self.finished_quests: list[str] = []
        adventurers = list(self.cards.adventurers)
        rng.shuffle(adventurers)
        party_size = 4 if self._players == 5 else 5
        self.parties = [
            adventurers[i * party_size : (i + 1) * party_size] for i in range(self._players)
        ]
        self.unused_adventurers = adventurers[self._players * party_size :]
        self.alive = {adv: True for party in self.parties for adv in party}
        self.under: dict[str, list[str]] = {adv: [] for adv in self.alive}
        self._parties: tuple | None = None
        self._adventurer_views: dict[str, dict] = {}
        self._death_to_check = False  # whether the end of this turn must look for a fallen party
        self.epic_deaths: set[str] = set()
        # Quests completed with a Resurrect card lie under the revived adventurer but were won, not
        # failed: their seal never counts (it is a FAIL or EPIC for failing and dying).
        self.completed: set[str] = set()
        self.loot = Deck(self.cards.loot_deck)
        self.loot.shuffle(rng)
        self.fate = Deck(self.cards.fate_deck)
        self.fate.shuffle(rng)
        self.hands = [sorted(self.fate.draw(FATE_HAND, rng)) for _ in range(self._players)]

    def _reset_turn(self) -> None:
        """The fields of one turn's quest, as they are before a quest is chosen."""
        self.quest: str | None = None
        self.quest_card: Quest | None = None
        self.quest_placed = False  # the attempted quest has gone under an adventurer or away
        # (seat, fate card, the adventurer it names first if it names one)
        self.plays: list[tuple[int, str, str | None]] = []
        self.deadly: tuple[int, str] | None = None  # (player, target adventurer)
        self.resurrect: tuple[int, str] | None = None
        self.pact = False
        self.dice_change = 0
        self.frenzy = False
        self.rolled = False
        self.plain = self.sixes = self.failed_dice = 0
        self.quest_outcome: str | None = None  # success, epic_death, fail
        self.loot_to_place: list[str] = []
        # whether the table lets any seat play a card of the window, kept while players pass
        self._open_to_all: bool | None = None
        # where the Fate window asking now stands: the window, the seat asked, and how many seats
        # in a row have passed before it
        self.window_turn: tuple[str, int, int] | None = None

    # -- the protocol ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._players

    def draw_outcomes(self, draw: Draw) -> ChanceOutcomes:
        """The outcomes of a die or a roll: each kind of roll's are made once (dice_outcomes is
        cached), so a node's are not kept on the state."""
        kind = draw.kind
        if kind == "d6":
            return D6_OUTCOMES
        if kind == "roll":
            return dice_outcomes("roll", self.pool(), self.quest_card.difficulty)
        return dice_outcomes("reroll", draw.args["dice"], self.quest_card.difficulty)

    def _open_quests(self) -> list[str]:
        """Green Quests first: an Epic Quest in the line opens once no green one is left there."""
        green = list(filter(self.cards.quests.__contains__, self.quest_line))
        return green or list(self.quest_line)

    def stage(self) -> str:
        """What the game waits for, by name: the question asked (a Fate window, "choose_quest"
        or a placing), the kind of draw ("d6", "roll", "reroll"), or "over"."""
        if self.outcome is not None:
            return "over"
        if self.chance is not None:
            return self.chance.kind
        return self.prompt.question

    # -- Fate windows ---------------------------------------------------------------------------
    def _fate_plays(self, window: str, seat: int) -> list[Action]:
        """Each way `seat` may play a card in `window` now, a card once however many copies it
        holds."""
        plays: list[Action] = []
        window_plays = self.cards.window_plays[window]
        previous = None
        for card_id in self.hands[seat]:  # hands are kept sorted: copies of a card sit together
            if card_id == previous:
                continue
            previous = card_id
            play = window_plays.get(card_id)
            if play is None:  # not played in this window
                continue
            if isinstance(play, tuple):
                plays.append(play)
            else:  # a kind whose plays depend on the table
                plays += play(self, seat, card_id)
        return plays

    def _could_play(self, window: str, seat: int) -> bool:
        """Whether some card of `window` could be played by `seat` now, were it in their hand:
        a seat is passed over only when the table alone says no, so everyone knows it would
        have passed whatever it held (no one may be marked Deadly or Resurrected, say). What holds
        for every seat is kept until the table changes, as players pass: most moves are passes."""
        check = self.cards.window_checks[window]
        open_to_all = self._open_to_all
        if open_to_all is None:
            open_to_all = self._open_to_all = check.always or any(
                play(self, seat, card_id) for card_id, play in check.any_seat
            )
        return open_to_all or any(play(self, seat, card_id) for card_id, play in check.per_seat)

    # -- what Fate cards may do to the turn (see toolkit.epic_death.fate) ----------------------
    def offer_again(self, seat: int, action) -> bool:
        """After a play that changes nothing a card's plays depend on (the dice cards): `seat` is
        asked again with the same plays, less this card's once its last copy is gone, and the
        window is open to the same seats. Whether it was: it is where the plays the action was
        chosen from are the ones this engine offered (a position set up by hand has none kept)."""
        if self._legal_at != len(self.history):  # no offered plays: set up by hand
            return False
        plays = self._legal  # still the actions this one was chosen from, as it is being applied
        if action[1] not in self.hands[seat]:
            plays = tuple(play for play in plays if play != action)
        window = self.cards.fate[action[1]].timing
        self.window_turn = (window, seat, 0)
        self.pose(WINDOW_QUESTIONS[window][seat], plays)
        return True

    def roll_d6(self, seat: int, sign: int) -> None:
        """A D6 card played by `seat`: its die is rolled now, and the pool gains (+1) or loses
        (-1) what it shows."""
        self.draw("d6", "d6_rolled", sign=sign, seat=seat)

    def reroll(self, seat: int, failed: int, plain: int, sixes: int) -> None:
        """A re-roll card played by `seat` takes so many dice of each kind out of the roll, to
        roll them again now."""
        self.failed_dice -= failed
        self.plain -= plain
        self.sixes -= sixes
        self.draw("reroll", "rerolled", dice=failed + plain + sixes, seat=seat)

    def loot_of_class(self, adventurer: str, loot_class: str) -> list[str]:
        """The loot of `loot_class` under `adventurer`: at most one, as a new piece replaces it."""
        loot = self.cards.loot
        return [c for c in self.under[adventurer] if c in loot and loot[c].loot_class == loot_class]

    def pool(self) -> int:
        """The dice rolled: BASE_POOL plus the cards played, within 0 and the BOX's dice (1 under
        Frenzy)."""
        size = BASE_POOL + self.dice_change
        if size > BOX:
            return BOX
        floor = 1 if self.frenzy else 0
        return size if size > floor else floor

    def victories(self) -> int:
        return self.plain + self.sixes * (2 if self.frenzy else 1)

    def _kill(self, adventurer: str, quest_id: str) -> None:
        self._set_alive(adventurer, False)
        self.put_under(adventurer, quest_id)
        self.quest_placed = True

    def _end_game(self, kind: str) -> None:
        """The game is over (one of :data:`ENDINGS`): the highest EPIC wins, a tie shared."""
        scores = self.scores()
        best = max(scores)
        self.end(kind, [seat for seat, score in enumerate(scores) if score == best])

    # -- the parties change only here, so their public view is kept between changes: most moves
    # are Fate plays and passes that leave them alone ------------------------------------------
    def put_under(self, adventurer: str, card: str) -> None:
        self.under[adventurer].append(card)
        self._changed(adventurer)

    def take_from(self, adventurer: str, card: str) -> None:
        self.under[adventurer].remove(card)
        self._changed(adventurer)

    def _set_alive(self, adventurer: str, alive: bool) -> None:
        self.alive[adventurer] = alive
        self._death_to_check |= not alive
        self._changed(adventurer)

    def _changed(self, adventurer: str) -> None:
        self._adventurer_views.pop(adventurer, None)
        self._parties = None
        self._open_to_all = None  # whom a window is open to may change with the parties

    def parties_view(self) -> tuple:
        """Every party as the table shows it: each adventurer, alive or dead, and its cards."""
        if self._parties is None:
            self._parties = tuple(
                tuple(map(self._adventurer_view, party)) for party in self.parties
            )
        return self._parties

    def _adventurer_view(self, adventurer: str) -> dict:
        view = self._adventurer_views.get(adventurer)
        if view is None:
            view = self._adventurer_views[adventurer] = {
                "id": adventurer,
                "alive": self.alive[adventurer],
                "under": tuple(self.under[adventurer]),
            }
        return view

    def card_locations(self) -> Counter:
        """Every card in the game wherever it is: all of the box's (COUNTS; the invariant tests
        check)."""
        where = Counter(self.quest_deck + self.quest_line + self.finished_quests + self.out_of_game)
        if self.quest and not self.quest_placed:
            where[self.quest] += 1
        for piles in (self.under.values(), self.hands, self.parties):
            for pile in piles:
                where.update(pile)
        where.update(self.unused_adventurers)
        where.update(self.loot.cards + self.loot.discards + self.loot_to_place)
        where.update(self.fate.cards + self.fate.discards)
        return where

    # -- scoring --------------------------------------------------------------------------------
    def adventurer_score(self, adventurer: str) -> int:
        """What the cards under one adventurer are worth (counted only once it is dead)."""
        return score_cards(self.cards, self.under[adventurer], self.epic_deaths, self.completed)

    def scores(self) -> list[int]:
        """Final EPIC: only dead adventurers count."""
        return [
            sum(self.adventurer_score(a) for a in party if not self.alive[a])
            for party in self.parties
        ]

    def returns(self) -> list[float]:
        if self.winners is None:
            return [0.0] * self._players
        return [
            1.0 / len(self.winners) if seat in self.winners else 0.0
            for seat in range(self._players)
        ]

    def summary(self) -> dict:
        scores = self.scores()
        return {
            "turns": self.turn,
            **{f"score_{seat}": score for seat, score in enumerate(scores)},
            "dead": sum(not alive for alive in self.alive.values()),
        }

    # -- what a player sees ---------------------------------------------------------------------
    def observation(self, player: int) -> dict:
        """Everything on the table, plus `player`'s own hand; other hands only by their size."""
        return {
            "players": self._players,
            "seat": player,
            "to_play": self.to_play(),
            "hand": tuple(self.hands[player]),
            "hand_sizes": tuple(map(len, self.hands)),
            "quest_line": tuple(self.quest_line),
            "quest_deck_size": len(self.quest_deck),
            "active": self.active,
            "phase": self.stage(),
            "turn": self.turn,
            "quest": self.quest,
            "plays": tuple(self.plays),
            "deadly": self.deadly,
            "resurrect": self.resurrect,
            "dice_change": self.dice_change,
            "frenzy": self.frenzy,
            "pool": self.pool() if self.quest else None,
            "roll": {"plain": self.plain, "sixes": self.sixes, "failed": self.failed_dice}
            if self.rolled
            else None,
            "loot_to_place": tuple(self.loot_to_place[:1]),
            "parties": self.parties_view(),
            "epic_deaths": tuple(sorted(self.epic_deaths)),
            "completed": tuple(sorted(self.completed)),
        }

    def places(self, seat: int) -> list[Place]:
        """The other hands, the order and faces of the three decks (Fate, loot, quests), the loot
        drawn beyond the piece being placed, and what stays in the box. The quest deck's shape is
        known: green Quests on top of the Epic Quests, and in the box the green Quests before the
        Epic ones; each part hides behind its kind's stand-in, dealt from its top down."""
        fate, loot = UNSEEN["fate"], UNSEEN["loot"]
        deck, box = self.quest_deck, self.out_of_game
        epics = self._epic_quests_in(deck)
        greens = len(box) - self._epic_quests_in(box)
        return [
            *(
                Place(self.hands, other, None if other == seat else (), sort=True, stand_in=fate)
                for other in range(self._players)
            ),
            Place(vars(self.fate), "cards", (), stand_in=fate),
            Place(vars(self.loot), "cards", (), stand_in=loot),
            Place(self.loot_to_place, slice(1, None), (), stand_in=loot),
            Place(vars(self), "unused_adventurers", (), stand_in=UNSEEN["adventurers"]),
            Place(deck, _top_down(epics, len(deck)), (), stand_in=UNSEEN["quests"]),
            Place(deck, _top_down(0, epics), (), stand_in=UNSEEN["epic_quests"]),
            Place(box, _top_down(0, greens), (), stand_in=UNSEEN["quests"]),
            Place(box, _top_down(greens, len(box)), (), stand_in=UNSEEN["epic_quests"]),
        ]

    def _epic_quests_in(self, pile: list[str]) -> int:
        """How many of `pile`'s quests (or their stand-ins) are Epic Quests."""
        return sum(map(self.cards.epic_quests.__contains__, pile)) + pile.count(
            UNSEEN["epic_quests"]
        )

    def why_illegal(self, action: Action) -> str:
        if self.winners is not None:
            return "the game is over"
        if self.is_chance_node():
            return f"a die is being rolled ({self.chance.kind}); only its outcomes can be applied"
        seat = self.current_player()
        if isinstance(action, tuple) and action and action[0] == "fate" and len(action) > 1:
            card_id = action[1]
            if card_id not in self.hands[seat]:
                return f"player {seat} holds no {card_id!r}"
            card = self.cards.fate[card_id]
            window = self.prompt.question
            if card.timing != window:
                return f"{card.name} is played at {card.timing}, and it is now {window}"
            ways = [play for play in self._fate_plays(window, seat) if play[1] == card_id]
            return f"{card.name} cannot be played like that now (it can be: {ways})"
        if isinstance(action, tuple) and action and action[0] == "quest":
            return f"{action[1]!r} is not an open quest (open: {', '.join(self._open_quests())})"
        return super().why_illegal(action)

    def action_to_string(self, action: Action) -> str:
        if action == PASS:
            return "done with Fate cards"
        if action == DISCARD:
            return (
                f"discard {self.cards.loot[self.loot_to_place[0]].name}"
                if self.loot_to_place
                else "discard"
            )
        kind = action[0]
        if kind == "quest":
            card = self.cards.quest(action[1])
            return f"attempt {card.name} ({card.victories} {card.difficulty})"
        if kind == "fate":
            card = self.cards.fate[action[1]]
            name = card.name
            if len(action) == 2:
                return f"play {name}"
            if card.kind == "loot_envy":
                _, _, theirs, loot, to = action
                return (
                    f"play {name}: take {self.cards.loot[loot].name} from "
                    f"{self.cards.adventurers[theirs].name} for {self.cards.adventurers[to].name}"
                )
            if card.kind in REROLLS:
                return f"play {name}: re-roll {dice_words(*action[2:])}"
            return f"play {name} on {self.cards.adventurers[action[2]].name}"
        if kind in ("roll", "reroll"):
            return f"{kind}: {dice_words(0, action[1], action[2]) or 'no Victory'}"
        if kind == "d6":
            return f"the D6 shows {action[1]}"
        if kind == "loot":
            return f"give the loot to {self.cards.adventurers[action[1]].name}"
        if kind == "adventurer":
            placing = self.prompt is not None and self.prompt.question == "place_fail"
            verb = "place the FAIL under" if placing else "kill"
            return f"{verb} {self.cards.adventurers[action[1]].name}"
        return str(action)


# -- the steps of a turn, in rulebook order ------------------------------------------------------
@steps
def new_turn(game: EpicDeathState) -> None:
    """The quest line is refilled once empty; the game ends when no quest is left, else the
    active player chooses a quest."""
    game._reset_turn()
    if not game.quest_line:
        deck = game.quest_deck
        game.quest_line = [deck.pop() for _ in range(min(game.line_size, len(deck)))]
    if not game.quest_line:
        game._end_game(QUESTS_RAN_OUT)
        return
    game.pose(CHOOSE_QUEST[game.active])


def quest_choices(game: EpicDeathState) -> list[Action]:
    return [("quest", quest) for quest in game._open_quests()]


def made_for_each_seat(question: str, options, resume: str) -> tuple[Ask, ...]:
    """A question made once for each seat (of up to five), to be put, not made, at every turn
    or window; resumed with no arguments (an empty dict: the machine's NO_ARGS is a mapping
    proxy, which a deep copy of the game could not copy). A question with one option is asked
    all the same in this game, as :meth:`ask` would."""
    return tuple(Ask(seat, question, options, resume, {}) for seat in range(5))


CHOOSE_QUEST = made_for_each_seat("choose_quest", quest_choices, "quest_chosen")


@steps
def quest_chosen(game: EpicDeathState, action) -> None:
    game.quest = action[1]
    game.quest_card = game.cards.quest(game.quest)
    game.quest_line.remove(game.quest)
    open_window(game, "targets")


# What follows each Fate window once every player has passed.
AFTER_WINDOW = {"targets": "before_roll", "before_roll": "roll", "after_roll": "resolve"}


@steps
def before_roll(game: EpicDeathState) -> None:
    open_window(game, "before_roll")


def open_window(game: EpicDeathState, window: str) -> None:
    """Ask the players in turn, left of the active player first."""
    game._open_to_all = None
    ask_round(game, window, (game.active + 1) % game._players, 0)


def ask_round(game: EpicDeathState, window: str, seat: int, passes: int) -> None:
    """Ask `seat` in `window`, after `passes` seats in a row have passed: after a play the same
    player may play again, after ``PASS`` the next one is asked. A seat the table shows could
    play no card of the window passes without being asked. The window closes when every player
    has passed since the last card played."""
    players = game._players
    while passes < players:
        if game._open_to_all or game._could_play(window, seat):  # the kept answer is the usual one
            game.window_turn = (window, seat, passes)
            # the legal actions at once, as fate_choices lists them: most moves are made here
            if game.cards.window_cards[window].isdisjoint(game.hands[seat]):
                game.pose(WINDOW_QUESTIONS[window][seat], PASS_ONLY)
            else:
                game.pose(WINDOW_QUESTIONS[window][seat], (*game._fate_plays(window, seat), PASS))
            return
        seat = (seat + 1) % players
        passes += 1
    game.window_turn = None  # the window is closed
    game.then_now(AFTER_WINDOW[window])


def fate_choices(game: EpicDeathState) -> tuple:
    """The cards the seat asked may play in the window now, each way to play them, and ``PASS``."""
    window, seat, _ = game.window_turn
    if game.cards.window_cards[window].isdisjoint(game.hands[seat]):
        return PASS_ONLY
    return (*game._fate_plays(window, seat), PASS)


# The question of a Fate window to a seat, by window and then by seat, each made once: one is put
# at most moves of a game. Where the window stands is the table's (window_turn), so the answer
# resumes fate_answered with no arguments.
WINDOW_QUESTIONS = {
    window: made_for_each_seat(window, fate_choices, "fate_answered") for window in WINDOWS
}


@steps
def fate_answered(game: EpicDeathState, action) -> None:
    """``PASS`` passes to the next seat (the table is unchanged); a card played is discarded and
    takes effect, and the window goes round again from its player, so anyone may answer it."""
    window, seat, passes = game.window_turn
    if action == PASS:
        ask_round(game, window, (seat + 1) % game._players, passes + 1)
        return
    card_id = action[1]
    card = game.cards.fate[card_id]
    game.hands[seat].remove(card_id)
    game.fate.discard(card_id)
    target = action[2] if len(action) > 2 and action[2] in game.alive else None
    game.plays.append((seat, card_id, target))
    if not KINDS[card.kind].effect(game, seat, card, action):
        ask_again(game, window, seat)


def ask_again(game: EpicDeathState, window: str, seat: int) -> None:
    """The table changed (a card was played, a die rolled): the window asks on from `seat`, and
    whom it is open to is worked out afresh."""
    game._open_to_all = None
    ask_round(game, window, seat, 0)


@steps
def d6_rolled(game: EpicDeathState, action, sign: int, seat: int) -> None:
    game.dice_change += sign * action[1]
    ask_again(game, "before_roll", seat)


@steps
def roll(game: EpicDeathState) -> None:
    """Too few dice for the target fails the quest at once, unless a Frenzy card was played;
    else the pool is rolled."""
    if game.pool() < game.quest_card.victories and not game.frenzy:
        game.quest_outcome = "fail"
        game.then_now("quest_ends")
    else:
        game.chance = ROLL


# The quest's roll, a draw of every quest: made once and set as draw() would set a new one.
ROLL = Draw("roll", "rolled", {})


@steps
def rolled(game: EpicDeathState, action) -> None:
    _, game.plain, game.sixes = action
    game.failed_dice = game.pool() - game.plain - game.sixes
    game.rolled = True
    open_window(game, "after_roll")


@steps
def rerolled(game: EpicDeathState, action, dice: int, seat: int) -> None:
    _, plain, sixes = action
    game.plain += plain
    game.sixes += sixes
    game.failed_dice += dice - plain - sixes
    ask_again(game, "after_roll", seat)


@steps
def resolve(game: EpicDeathState) -> None:
    game.quest_outcome = game.quest_card.outcome(game.victories())
    game.then_now("quest_ends")


@steps
def quest_ends(game: EpicDeathState) -> None:
    """A success brings loot (and revives a Resurrected adventurer); a failure with a Deadly mark
    kills the marked adventurer; another failed green Quest is placed under an adventurer of the
    active player's choice; a failed Epic Quest or an EPIC DEATH kills one of their choice."""
    quest = game.quest_card
    game.results.append((game.active, game.quest, game.quest_outcome))
    if game.quest_outcome == "success":
        if game.resurrect:
            target = game.resurrect[1]
            game._set_alive(target, True)
            game.put_under(target, game.quest)
            game.completed.add(game.quest)
        else:
            game.finished_quests.append(game.quest)
        game.quest_placed = True
        game.loot_to_place = game.loot.draw_up_to(quest.rewards.loot, game.rng)
        game.then_now("place_loot")
    elif game.quest_outcome == "fail" and game.deadly:
        game._kill(game.deadly[1], game.quest)
        game.then_now("end_turn")
    elif game.quest_outcome == "fail" and not quest.epic_quest:
        game.pose(PLACE_FAIL[game.active])
    else:
        game.pose(CHOOSE_DEATH[game.active])


def living_choices(game: EpicDeathState) -> list[Action]:
    return [("adventurer", a) for a in game.parties[game.active] if game.alive[a]]


PLACE_FAIL = made_for_each_seat("place_fail", living_choices, "fail_placed")
CHOOSE_DEATH = made_for_each_seat("choose_death", living_choices, "death_chosen")


@steps
def place_loot(game: EpicDeathState) -> None:
    """Each piece of loot drawn goes under a living adventurer of the active party, or away."""
    if game.loot_to_place:
        game.pose(PLACE_LOOT[game.active])
    else:
        game.then_now("end_turn")


def loot_choices(game: EpicDeathState) -> list[Action]:
    living = [a for a in game.parties[game.active] if game.alive[a]]
    return [("loot", a) for a in living] + [DISCARD]


PLACE_LOOT = made_for_each_seat("place_loot", loot_choices, "loot_placed")


@steps
def loot_placed(game: EpicDeathState, action) -> None:
    """A new piece replaces the adventurer's piece of the same class, which is discarded."""
    loot_id = game.loot_to_place.pop(0)
    if action == DISCARD:
        game.loot.discard(loot_id)
    else:
        adventurer = action[1]
        for card in game.loot_of_class(adventurer, game.cards.loot[loot_id].loot_class):
            game.take_from(adventurer, card)
            game.loot.discard(card)
        game.put_under(adventurer, loot_id)
    game.then_now("place_loot")


@steps
def fail_placed(game: EpicDeathState, action) -> None:
    game.put_under(action[1], game.quest)
    game.quest_placed = True
    game.then_now("end_turn")


@steps
def death_chosen(game: EpicDeathState, action) -> None:
    game._kill(action[1], game.quest)
    if game.quest_outcome == "epic_death":
        game.epic_deaths.add(game.quest)
    game.then_now("end_turn")


@steps
def end_turn(game: EpicDeathState) -> None:
    """Fate for the active player (the reward, or back up to FATE_HAND); the game ends if a party
    has fallen, else the next player's turn begins."""
    hand = game.hands[game.active]
    if game.quest_outcome == "success":
        hand.extend(game.fate.draw_up_to(game.quest_card.rewards.fate, game.rng))
    else:
        hand.extend(game.fate.draw_up_to(max(0, FATE_HAND - len(hand)), game.rng))
    hand.sort()
    if game._death_to_check:  # only a death can leave a party with no one alive
        game._death_to_check = False
        alive = game.alive.__getitem__
        if not all(any(map(alive, party)) for party in game.parties):
            game._end_game(PARTY_FELL)
            return
    game.active = (game.active + 1) % game._players
    game.turn += 1
    game.then_now("new_turn")


def dice_words(failed: int, plain: int, sixes: int) -> str:
    """'1 failed die', '1 plain Victory and 1 six': the dice a re-roll card takes."""
    kinds = (("failed die", "failed dice", failed), ("plain Victory", "plain Victories", plain),
             ("six", "sixes", sixes))  # fmt: skip
    return " and ".join(f"{n} {one if n == 1 else more}" for one, more, n in kinds if n)


def score_cards(cards: CardSet, under, epic_deaths, completed=()) -> int:
    """EPIC of a pile of cards under one adventurer: loot, full sets, Epic Quests, minus FAIL. A
    quest's seal counts for failing it (twice for an EPIC DEATH), never for a quest `completed`."""
    total, sets = 0, {}
    for card_id in under:
        if card_id in cards.loot:
            loot = cards.loot[card_id]
            total += loot.epic
            if loot.set:
                sets.setdefault(loot.set, set()).add(loot.loot_class)
        elif card_id not in completed:
            quest = cards.quest(card_id)
            total += quest.epic * (2 if card_id in epic_deaths else 1) - quest.fail
    return total + SET_BONUS * sum(len(classes) == 3 for classes in sets.values())


def _top_down(start: int, stop: int) -> slice:
    """The cards of a pile at `start` to `stop` (not included), from the top (the end) down."""
    if stop <= start:
        return slice(0, 0)
    return slice(stop - 1, start - 1 if start else None, -1)
