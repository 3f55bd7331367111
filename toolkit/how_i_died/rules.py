"""The rules engine of And That's How I Died (the standard game, 2-5 players).

A turn runs on the core step machine (:mod:`toolkit.steps`): the steps at the end of this module,
in rulebook order, ask the player whose turn it is, and each answer resumes the step it names:

1. *build*: play a beginning (I), then a middle (II), then an end (III), each from the hand or the
   Pool (one action each: the card's id). A Pool card is replaced at once from the deck, and the new
   card may be used for the rest of the adventure. A card played is on the table at once.
2. *effect*: a card's effect resolves as soon as the card is played, before the next card, optional
   (``PASS``) and chosen in steps (see :mod:`toolkit.how_i_died.effects`). Should an effect leave no
   card of a type still needed, the mulligan applies as at the start of a turn (rules notes).
3. The pulse is checked: 15 or more damage on your own ends kills you. The dead discard their hand,
   their adventures are locked, and they may *claim* one achievement on the table whose requirement
   they meet, first come first served. The living draw back to six.

When everyone is dead, glory is counted (Legendary adventures, all three banners alike, count
double) plus achievement points; a tie is settled by a chance node standing for rock-paper-scissors.

The seeded RNG shuffles the deck and the achievements at set-up and reshuffles the discard pile when
the deck runs out; every decision is an action in the history, so a game replays from its seed.
Options ``deck`` (card ids dealt first: 6 to each seat in turn, then the Pool, then drawn) and
``achievements`` (the ids on the table) stack a table for a worked example, and survive save/load.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from toolkit.deck import Deck
from toolkit.hidden import Hiding, Place
from toolkit.how_i_died.achievements import ACHIEVEMENTS, meets
from toolkit.how_i_died.cards import (
    ALL_IDS,
    CARDS,
    DAMAGE,
    DEATH_AT,
    EFFECT,
    HAND_SIZE,
    POOL_SIZE,
    TYPE,
    TYPES,
    adventure_glory,
    is_legendary,
    listed_twice,
)
from toolkit.how_i_died.effects import EFFECTS
from toolkit.state import copying
from toolkit.steps import PASS, Ask, StepMachine, Steps

MIN_PLAYERS, MAX_PLAYERS = 2, 5
MAX_MULLIGANS = 50  # a bound on repeated mulligans; reached only near an exhausted deck
# How a game ends: every adventurer has died, or every living player passed in a row. Either way
# the most glory wins; a tie settled by a die (:attr:`HowIDiedState.tie_broken`) is not a kind of
# ending of its own, as the winner it names is the outcome's.
ALL_DIED, ALL_PASSED = "every adventurer died", "every player passed"
ENDINGS = (ALL_DIED, ALL_PASSED)
#: The effects' plain steps in words (a step naming a card or a player is named by what it picks).
STEP_WORDS = {
    PASS: "skip the effect",
    "draw": "draw two cards",
    "look": "look at the top three",
    "redeal": "lay out a new Pool",
    "redraw": "draw a new hand",
}


steps = Steps()


def names(cards) -> str:
    return ", ".join(CARDS[card].name for card in cards)


def _replace(holder: list, index: int, old: str, new: str) -> None:
    item = holder[index]
    if isinstance(item, tuple):  # an adventure: (I, II, III), kept immutable
        holder[index] = tuple(new if card == old else card for card in item)
    else:
        holder[index] = new


class HowIDiedState(Hiding, StepMachine):
    game = "how-i-died"
    #: A card hidden from a seat hides behind the stand-in of its group (``?`` and the group's
    #: number, see :mod:`toolkit.how_i_died.knowledge`); the view names each one apart.
    STAND_IN = "?"
    COPY = copying(
        shared=("players", "turn", "passes", "seat", "resolving", "picks", "stalled", "reshuffles"),
        copied=(
            "deck", "shown", "pool", "alive", "claimed", "death_order", "effects_applied",
            "turns_taken", "mulligans", "building", "log", "doubtful",
        ),
        each_copied=("hands", "adventures", "knowledge", "doubts"),
    )  # fmt: skip
    STEPS = steps
    #: A single card that can be played, or a single pick of an effect, is still asked: the
    #: player says it, and it is a move of the game's record.
    ASKS_SINGLE_OPTIONS = True

    def __init__(
        self,
        seed: int = 0,
        players: int = 4,
        deck: Sequence[str] | None = None,
        achievements: Sequence[str] | None = None,
    ):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(
                f"And That's How I Died takes {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}"
            )
        config = {"players": players}
        if deck is not None:
            config["deck"] = list(deck)
        if achievements is not None:
            config["achievements"] = list(achievements)
        super().__init__(seed, **config)
        self.players = players
        self.deck = Deck(self._ordered_deck(deck))
        self.shown = self._achievements_shown(achievements)
        self.hands = [self.deck.draw(HAND_SIZE) for _ in range(players)]
        self.pool = self.deck.draw(POOL_SIZE)
        self.adventures: list[list[tuple[str, str, str]]] = [[] for _ in range(players)]
        self.alive = [True] * players
        self.claimed: list[str | None] = [None] * players
        self.death_order: list[int] = []
        self.effects_applied = [0] * players
        self.turns_taken = [0] * players
        self.mulligans = [0] * players
        self.turn = 0
        self.passes = 0
        self.seat = 0  # whose turn it is
        self.building: list[str] = []  # the cards of the adventure being played, on the table
        self.resolving: str | None = None  # the card whose effect is being chosen
        self.picks: tuple = ()  # the effect's choices made so far
        self.stalled = False
        self.log: list[str] = []  # what happens without a decision: mulligans and passes
        #: What each seat knows of the cards hidden from it, recorded by the core as the cards
        #: move (:class:`~toolkit.hidden.Hiding`, :mod:`toolkit.how_i_died.knowledge`).
        self.keep_sightings(players)
        self.reshuffles = 0
        self.start_steps("ready_to_build")

    # -- set-up ---------------------------------------------------------------------------------
    def _ordered_deck(self, stacked: Sequence[str] | None) -> list[str]:
        """The draw pile, top last: stacked cards on top in the order given, the rest shuffled."""
        stacked = list(stacked or [])
        unknown = [card for card in stacked if card not in CARDS]
        if unknown:
            raise ValueError(f"deck option: unknown card id {unknown[0]!r}")
        twice = listed_twice(stacked)
        if twice is not None:
            raise ValueError(
                f"deck option: {twice} is listed twice (each card is in the game once)"
            )
        on_top = set(stacked)
        rest = [card for card in ALL_IDS if card not in on_top] if on_top else list(ALL_IDS)
        self.rng.shuffle(rest)
        return rest + stacked[::-1]

    def _achievements_shown(self, chosen: Sequence[str] | None) -> list[str]:
        if chosen is not None:
            unknown = [a for a in chosen if a not in ACHIEVEMENTS]
            if unknown:
                raise ValueError(f"achievements option: unknown achievement {unknown[0]!r}")
            return list(chosen)
        ids = list(ACHIEVEMENTS)
        self.rng.shuffle(ids)
        return ids[: 2 + self.players]

    # -- queries used by effects, bots and odds ---------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.players

    def damage(self, seat: int) -> int:
        total = 0
        for adventure in self.adventures[seat]:
            total += DAMAGE[adventure[2]]
        return total

    def glory(self, seat: int) -> int:
        """Glory as it would be counted now, achievement included."""
        total = sum(adventure_glory(adventure) for adventure in self.adventures[seat])
        claimed = self.claimed[seat]
        return total + (ACHIEVEMENTS[claimed].glory if claimed else 0)

    def living_opponents(self, seat: int) -> list[int]:
        return [other for other in range(self.players) if other != seat and self.alive[other]]

    def table_cards(self) -> list[str]:
        """Cards effects may move: the Pool, the adventure being played and every living player's
        adventures (the dead are locked)."""
        cards = self.pool + self.building
        for seat in range(self.players):
            if self.alive[seat]:
                for adventure in self.adventures[seat]:
                    cards.extend(adventure)
        return cards

    def card_locations(self) -> Counter:
        """The 90 cards wherever they are: hands, the Pool, the adventure being played, every
        adventure on the table, the deck and its discards."""
        where = Counter(self.pool + self.building + self.deck.cards + self.deck.discards)
        for seat in range(self.players):
            where.update(self.hands[seat])
            for adventure in self.adventures[seat]:
                where.update(adventure)
        return where

    def cards_to_draw(self) -> int:
        return len(self.deck) + len(self.deck.discards)

    def types_needed(self) -> tuple[str, ...]:
        """The types the adventure being played still lacks."""
        return TYPES[len(self.building) :]

    def can_build(self, seat: int) -> bool:
        """Whether `seat` can finish the adventure being played from their hand and the Pool."""
        kinds = {TYPE[card] for card in self.hands[seat]}
        kinds.update(TYPE[card] for card in self.pool)
        return kinds.issuperset(self.types_needed())

    # -- moving cards ---------------------------------------------------------------------------
    def draw_cards(self, n: int) -> list[str]:
        """Up to n cards from the deck, reshuffling the discard pile when the deck runs out."""
        deck = self.deck
        if n > len(deck.cards) and deck.discards and self.knowledge is not None:
            self.reshuffled(deck.discards)
        return deck.draw_up_to(n, self.rng)

    def take_from_pool(self, card: str) -> None:
        """Remove a Pool card and refill its place at once (the Pool shrinks only if no card is
        left to draw)."""
        index = self.pool.index(card)
        refill = self.draw_cards(1)
        if refill:
            self.pool[index] = refill[0]
        else:
            del self.pool[index]

    def _place(self, card: str) -> tuple[list, int]:
        """The list holding `card` (the Pool, a hand, or a player's list of adventures) and the
        index in it."""
        if card in self.pool:
            return self.pool, self.pool.index(card)
        if card in self.building:
            return self.building, self.building.index(card)
        for hand in self.hands:
            if card in hand:
                return hand, hand.index(card)
        for adventures in self.adventures:
            for index, adventure in enumerate(adventures):
                if card in adventure:
                    return adventures, index
        raise ValueError(f"card {card!r} is not on the table or in a hand")

    def swap(self, a: str, b: str) -> None:
        """Exchange the places of two cards (table or hand); effects have checked the types."""
        place_a, place_b = self._place(a), self._place(b)
        _replace(*place_a, a, b)
        _replace(*place_b, b, a)
        if self.knowledge is not None:  # a card swapped into a hand is seen going there
            for holder, card in ((place_a[0], b), (place_b[0], a)):
                for seat, hand in enumerate(self.hands):
                    if holder is hand:
                        self.seen_going((card,), seat)

    # -- the machine's hooks -------------------------------------------------------------------
    def draw_outcomes(self, draw) -> list[tuple[tuple, Fraction]]:
        """The tiebreak: each tied seat wins alike (rock-paper-scissors played out)."""
        tied = draw.args["tied"]
        return [(("winner", seat), Fraction(1, len(tied))) for seat in tied]

    def effect(self):
        """The effect being resolved now."""
        return EFFECTS[EFFECT[self.resolving]]

    # -- results --------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        return [self.glory(seat) for seat in range(self.players)]

    @property
    def tie_broken(self) -> bool:
        """Whether the game is over and its winner was drawn among players tied on glory."""
        if self.outcome is None:
            return False
        scores = self.scores()
        return scores.count(max(scores)) > 1

    def returns(self) -> list[float]:
        if self.outcome is None:
            return [0.0] * self.players
        return [1.0 if seat in self.outcome.winners else 0.0 for seat in range(self.players)]

    def summary(self) -> dict:
        adventures = [adventure for seat in self.adventures for adventure in seat]
        row = {f"glory_{seat}": self.glory(seat) for seat in range(self.players)}
        row.update({f"turns_{seat}": self.turns_taken[seat] for seat in range(self.players)})
        row.update(
            {f"achievement_{seat}": self.claimed[seat] or "" for seat in range(self.players)}
        )
        row.update(
            turns=self.turn,
            adventures=len(adventures),
            legendary=sum(1 for adventure in adventures if is_legendary(adventure)),
            first_dead=self.death_order[0] if self.death_order else -1,
            shown=",".join(sorted(self.shown + [a for a in self.claimed if a])),
            winner=self.outcome.winners[0] if self.outcome else -1,
            stalled=self.stalled,
            tie_broken=self.tie_broken,
        )
        return row

    # -- what a player sees ---------------------------------------------------------------------
    def observation(self, player: int) -> dict:
        """Everything face up, plus `player`'s own hand. The legal actions, which bots and people
        receive beside it, show what an effect reveals (an opponent's hand, the deck's top)."""
        return {
            "seat": player,
            "to_play": self.to_play(),
            "phase": phase(self),
            "hand": list(self.hands[player]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "pool": list(self.pool),
            "adventures": [list(seat) for seat in self.adventures],  # of (I, II, III) tuples
            "alive": list(self.alive),
            "damage": [self.damage(seat) for seat in range(self.players)],
            "achievements": list(self.shown),
            "claimed": list(self.claimed),
            "death_order": list(self.death_order),
            "effects_applied": list(self.effects_applied),
            "building": list(self.building),
            "resolving": self.resolving,
            "picks": list(self.picks),
            "discards": list(self.deck.discards),
            "deck_size": len(self.deck),
            "turn": self.turn,
            "log": list(self.log),  # the hands shown at a mulligan are shown to everybody
        }

    def places(self, seat: int) -> list[Place]:
        """Where cards lie that `seat` cannot see (see :mod:`toolkit.hidden`): the other hands in
        seat order, then the deck; the Pool, the table and the discards are face up. The seat
        knows a card there it saw go there or its choice shows it now; any other card hides
        behind the stand-in of its group (``?`` and the group's number, two digits, see
        :mod:`toolkit.how_i_died.knowledge`)."""
        seen, group = self.sighted(seat)
        in_view = self.knowledge is None  # a view's places hold their stand-ins already
        if not in_view and self.current_player() == seat:  # a choice shows the cards it lists
            seen.update(card for card in self.legal_actions() if isinstance(card, str))
        hands = [Place(self.hands, other, seen, stand_in=group) for other in range(self.players)
                 if other != seat]  # fmt: skip
        return [*hands, Place(vars(self.deck), "cards", seen, stand_in=group)]

    def viewed(self) -> None:
        """A view knows what its seat knows by its stand-ins alone: the seats' knowledge is
        dropped, but for the cards the seat could not follow (`doubtful`, those still hidden:
        while there are any, the view is not exact)."""
        seat = self.viewer
        hidden = [card for pool in self.unseen.values() for card in pool]
        hidden += self.deck.cards
        for other, hand in enumerate(self.hands):
            if other != seat:
                hidden += hand
        self.doubtful = sorted(self.doubts[seat].intersection(hidden))
        self.knowledge = self.doubts = None

    def determinised(self) -> None:
        """A game dealt from a view is a game of its own from there: every seat knows nothing
        of the cards hidden from it."""
        del self.doubtful
        self.keep_sightings(self.players)

    # -- explaining -----------------------------------------------------------------------------
    def why_illegal(self, action) -> str:
        asked = phase(self)
        if asked == "over":
            return "the game is over"
        if asked == "build" and isinstance(action, str):
            needed = self.types_needed()[0]
            if action not in CARDS:
                return f"{action!r} is not a card id"
            if action not in self.hands[self.seat] and action not in self.pool:
                return f"{CARDS[action].name} is neither in your hand nor in the Pool"
            if TYPE[action] != needed:
                return (
                    f"an adventure is played I, II, III: the next card must be a type "
                    f"{needed}, and {CARDS[action].name} is a type {TYPE[action]}"
                )
        if asked == "effect":
            effect = self.effect()
            step = len(self.picks) + 1
            return (
                f"{CARDS[self.resolving].name}'s effect ({effect.summary}) step {step} of "
                f"{effect.steps} allows: {', '.join(map(repr, self.legal_actions()))}"
            )
        if asked == "claim":
            return f"you may claim one of: {', '.join(self.prompt.options)}"
        return super().why_illegal(action)

    def action_to_string(self, action) -> str:
        """The words for a choice, the same on its button, in the log and in the numbers'
        table: a card with where it is, seen from the player whose turn it is ("hand" is that
        player's own, a bot's too), so the same card is never named two ways."""
        if isinstance(action, str) and action in CARDS:
            return f"{CARDS[action].name} ({self.where(action)})"
        if action in ACHIEVEMENTS and self.prompt is not None and self.prompt.resume == "claim":
            return f"claim {ACHIEVEMENTS[action].name} ({ACHIEVEMENTS[action].glory})"
        if isinstance(action, int):
            return f"player {action + 1}"
        return STEP_WORDS.get(action, str(action))

    def where(self, card: str) -> str:
        """Where `card` is, from the side of the player whose turn it is. Only a choice's own
        card is placed this way: a choice shows its card to the player anyway."""
        if card in self.pool:
            return "Pool"
        if card in self.building:
            return "this adventure"
        for seat, hand in enumerate(self.hands):
            if card in hand:
                return "hand" if seat == self.seat else f"player {seat + 1}'s hand"
        for seat, adventures in enumerate(self.adventures):
            if any(card in adventure for adventure in adventures):
                return "own adventure" if seat == self.seat else f"player {seat + 1}'s adventure"
        if card in self.deck.discards:
            return "discard pile"
        return "deck"

    def __repr__(self) -> str:
        lines = [
            f"And That's How I Died, {self.players} players, turn {self.turn}, "
            f"{phase(self)} (player {self.seat + 1})"
        ]
        for seat in range(self.players):
            status = "alive" if self.alive[seat] else "dead"
            lines.append(
                f"  player {seat + 1} ({status}): damage {self.damage(seat)}, "
                f"glory {self.glory(seat)}, {len(self.adventures[seat])} adventures"
            )
        return "\n".join(lines)


def phase(state: HowIDiedState) -> str:
    """What the game waits for, in one word: the step a seat's answer goes to ("build",
    "effect" or "claim"), the draw ("tiebreak"), or "over"."""
    prompt = state.prompt  # none once the game is over or at a draw
    if prompt is not None:
        return prompt.resume
    return "over" if state.outcome is not None else state.chance.kind


# -- the turn, step by step ------------------------------------------------------------------------
# The steps the machine resumes by name are registered (@steps): the first of the game, those a
# seat's answer goes to (build, effect, claim), the draw's (tie_broken) and next_turn, which the
# exact walk's view replaces to stop at the end of the turn. The others are the plain sequel of
# the step before, called at once.
def build_options(game: HowIDiedState) -> list[str]:
    """The cards of the type the adventure needs next, from the hand, then the Pool."""
    needed = TYPES[len(game.building)]
    return [c for c in game.hands[game.seat] if TYPE[c] == needed] + [
        c for c in game.pool if TYPE[c] == needed
    ]


def effect_options(game: HowIDiedState) -> list:
    """The effect's next pick; before the first, ``PASS`` too (an effect is optional)."""
    options = game.effect().choices(game, game.seat, game.picks)
    return options if game.picks else [PASS, *options]


#: The questions of a turn, made once: a question is a value, and these are put at most moves.
BUILD_QUESTIONS = tuple(
    Ask(seat, "which card to play next", build_options, "build", {}) for seat in range(MAX_PLAYERS)
)


@cache
def effect_question(seat: int, card: str) -> Ask:
    """The question of `card`'s effect, to `seat`."""
    effect = EFFECTS[EFFECT[card]]
    return Ask(
        seat, f"the effect of {CARDS[card].name}", effect_options, "effect", {}, effect.summary
    )


def ask_build(game: HowIDiedState) -> None:
    """Ask the player for the adventure's next card."""
    game.pose(BUILD_QUESTIONS[game.seat])


@steps
def ready_to_build(game: HowIDiedState) -> None:
    """Ask for the next card of the adventure (the first, at the start of a turn), after the
    mulligans needed to go on; if none can help, the cards played this turn go back to the
    hand and the turn passes (rules notes)."""
    seat = game.seat
    for _ in range(MAX_MULLIGANS):
        if game.can_build(seat):
            ask_build(game)
            return
        if not _mulligan_can_help(game, seat):
            break
        _mulligan(game, seat)
    if game.can_build(seat):  # the last mulligan allowed may have helped
        ask_build(game)
        return
    taken_back = ""
    if game.building:
        taken_back = f", taking back {names(game.building)}"
        game.seen_going(game.building, seat)
        game.hands[seat].extend(game.building)
        game.building = []
    game.log.append(f"Player {seat + 1} cannot make an adventure and passes{taken_back}.")
    end_turn(game, played=False)


def _mulligan(game: HowIDiedState, seat: int) -> None:
    """Show the hand to everybody, discard it, draw six."""
    hand = game.hands[seat]
    what = "finish the adventure" if game.building else "make an adventure"
    game.log.append(
        f"Player {seat + 1} cannot {what}: shows their hand "
        f"({names(hand) or 'no cards'}), discards it and draws six new cards."
    )
    game.mulligans[seat] += 1
    game.deck.discard(hand)
    game.hands[seat] = game.draw_cards(HAND_SIZE)


def _mulligan_can_help(game: HowIDiedState, seat: int) -> bool:
    """Whether a new hand could bring the missing types: they must be among the cards that a
    draw can reach (deck, discard pile, and this hand once discarded)."""
    present = {TYPE[card] for card in game.pool}
    reachable = {TYPE[card] for card in game.deck.cards}
    reachable.update(TYPE[card] for card in game.deck.discards)
    reachable.update(TYPE[card] for card in game.hands[seat])
    return all(kind in present or kind in reachable for kind in game.types_needed())


@steps
def build(game: HowIDiedState, card: str) -> None:
    """Put a card of the adventure on the table; its effect, if it has a choice, is applied
    at once, before the next card is played."""
    hand = game.hands[game.seat]
    if card in hand:
        hand.remove(card)
    else:
        game.take_from_pool(card)
    game.building.append(card)
    if len(game.building) == 3:  # the adventure is made: it joins the others before the effect
        game.adventures[game.seat].append(tuple(game.building))
        game.building = []
    if card in EFFECT:
        game.resolving = card
        if game.effect().choices(game, game.seat, ()):
            ask_effect(game)
            return
    card_done(game)


def ask_effect(game: HowIDiedState) -> None:
    """Ask the player for the next pick of the effect being resolved."""
    game.pose(effect_question(game.seat, game.resolving))


@steps
def effect(game: HowIDiedState, pick) -> None:
    """One pick of the effect being resolved (``PASS`` leaves it); the last carries it out."""
    if pick == PASS:
        card_done(game)
        return
    game.picks += (pick,)
    chosen = game.effect()
    if len(game.picks) < chosen.steps:
        ask_effect(game)
        return
    chosen.resolve(game, game.seat, game.picks)
    game.effects_applied[game.seat] += 1
    card_done(game, effect_applied=True)


def card_done(game: HowIDiedState, effect_applied: bool = False) -> None:
    """After a card and its effect: the next card, or the end of the turn once the adventure
    is made. Playing a card leaves the types still needed in the hand or the Pool; only an
    applied effect may take them away, so only then is the mulligan looked at."""
    game.resolving = None
    game.picks = ()
    if not game.building:
        end_turn(game, played=True)
    elif effect_applied:
        ready_to_build(game)
    else:
        ask_build(game)


def end_turn(game: HowIDiedState, played: bool) -> None:
    """The pulse: 15 or more damage kills. The dead discard their hand and claim an
    achievement they meet (asked if several); the living draw back to six."""
    seat = game.seat
    game.turn += 1
    game.turns_taken[seat] += 1
    dies = game.damage(seat) >= DEATH_AT
    # A run of passes counts living players only; a death also ends it, as the dead player's
    # hand goes to the discard pile, where a mulligan may find the missing type.
    game.passes = 0 if played or dies else game.passes + 1
    if dies:
        game.alive[seat] = False
        game.death_order.append(seat)
        claimable = [a for a in game.shown if meets(game, seat, a)]
        game.deck.discard(game.hands[seat])
        game.hands[seat] = []
        if len(claimable) > 1:
            game.ask(seat, "which achievement to claim", claimable, "claim")
            return
        if claimable:
            claim(game, claimable[0])
            return
    else:
        hand = game.hands[seat]
        if len(hand) < HAND_SIZE:
            hand.extend(game.draw_cards(HAND_SIZE - len(hand)))
    game.then_now("next_turn")


@steps
def claim(game: HowIDiedState, achievement: str) -> None:
    """The dead player takes the achievement: it leaves the table."""
    game.claimed[game.seat] = achievement
    game.shown.remove(achievement)
    game.then_now("next_turn")


@steps
def next_turn(game: HowIDiedState) -> None:
    """The next living player's turn, unless every player is dead or every living player has
    passed in a row: then the game is scored."""
    living = sum(game.alive)
    if living == 0 or game.passes >= living:
        game.stalled = living > 0
        finish(game, ALL_PASSED if game.stalled else ALL_DIED)
        return
    seat = (game.seat + 1) % game.players
    while not game.alive[seat]:
        seat = (seat + 1) % game.players
    game.seat = seat
    ready_to_build(game)


def finish(game: HowIDiedState, kind: str) -> None:
    """The game ends (`kind`, one of :data:`ENDINGS`): the most glory wins; a tie is settled
    by a draw standing for rock-paper-scissors."""
    scores = game.scores()
    best = max(scores)
    tied = [seat for seat, score in enumerate(scores) if score == best]
    if len(tied) == 1:
        game.end(kind, tied)
    else:
        game.draw("tiebreak", "tie_broken", tied=tied, kind=kind)


@steps
def tie_broken(game: HowIDiedState, outcome: tuple, tied: list[int], kind: str) -> None:
    """The die has named the winner among the tied."""
    game.end(kind, [outcome[1]])
