"""The game as one seat knows it, as the exact walk plays it: the core's view
(:meth:`toolkit.hidden.Hiding.players_view`, from the places :meth:`HowIDiedState.places` lists),
with the stand-ins revealed as the walk reads them, by the core's lazy reveal
(:mod:`toolkit.reveal`).

The real game draws from a deck its seeded RNG shuffled; a player sees neither that order nor the
other hands. In the view every card the seat cannot place is a stand-in, one of a *group*
(:mod:`toolkit.how_i_died.knowledge` says which); a card it knows stays in its place. How I Died
declares what the reveal needs: a card's type is read first (to list what can be played, to
check a mulligan); the seat sees the Pool, the cards being played, its own hand, the adventures
and the discards, each stand-in there revealed by name before it plays a card or picks for an
effect, and so is each its choices list; the view is over at the end of the turn.

Where another seat is to act, its choices list its hidden cards as stand-ins, one revealed when
played. The view stops at the end of the turn it is in (phase ``"turn over"``, terminal for the
walk): the numbers beside a choice are about this turn, and the next player's turn would read their
hidden hand. The real game never uses this class, so it plays exactly as before.

The rest is the walk's own: keys that tell positions and choices alike (:meth:`HowIDiedView.alike`,
:meth:`~HowIDiedView.outcome_alike`, :meth:`~HowIDiedView.key_after`), the end's swaps worked
out as a whole (:class:`EndSwap`, at the swap and at an end card before it is played:
:meth:`~HowIDiedView.end_swap`, :meth:`~HowIDiedView.counted_after`) and the cards a foresee or a
steal shows counted by the sets they may be (:func:`mean_best_of_shown`), checked by the
differential test against a plain walk of the same view.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from math import comb

from toolkit.how_i_died.cards import (
    ALL_IDS,
    BANNER,
    DAMAGE,
    DEATH_AT,
    EFFECT,
    GLORY,
    HAND_SIZE,
    POOL_SIZE,
    TYPE,
    TYPES,
)
from toolkit.how_i_died.effects import FORESEE_CARDS
from toolkit.how_i_died.rules import HowIDiedState, _replace, phase, steps
from toolkit.reveal import Hidden, RevealOnRead, Unseen, ViewDeck, typed
from toolkit.state import copying
from toolkit.steps import PASS, Steps

TURN_OVER = "turn over"  # how a view ends once its turn is over; no ending of the game (ENDINGS)
AWAY = ("a swap away from the player's adventures",)  # see HowIDiedView.alike
#: The effects that only swap cards of the table and the player's own hand (never another hand).
SWAPS_IN_SIGHT = frozenset(
    {"swap_table", "swap_own", "pool_swap", "barbaric", "mounted", "the_deadly", "trade_with_pool"}
)
#: The effects that leave the player's adventures and every hand's size as they are.
ALIKE_AT_THE_END = frozenset({"trade_with_pool", "barbaric", "the_deadly", "new_pool"})
#: The end effects that list no card of the Pool, or move one only into a hand, whichever it is
#: (a swap between the player's adventures or with their hand, a trade of hand and Pool).
BLIND_TO_THE_POOL = frozenset({"swap_own", "mounted", "the_deadly", "trade_with_pool"})
UNREAD = ("a refill nothing reads",)  # see HowIDiedView.outcome_alike
LIVED = ("a turn's end where the player lives",)  # the memo keeps one: see EndSwap.ended
#: What the walk's keys read once off a view for all its actions, forgotten when it is played
#: on or copied.
READ_ONCE = ("_table_kinds", "_first_picks", "_last_swap", "_scored", "_unread")
#: The most cards a turn can still draw once its middle is played: the end's refill, a new Pool
#: and the draw back to six (a deck of as many is not reshuffled this turn).
DRAWS_LEFT = 1 + POOL_SIZE + HAND_SIZE
#: The effects of an end that, taken from the Pool, read of its refill (seen before the effect is
#: chosen) what a card from elsewhere is, and after it only the player's adventures, the hand's
#: size and the count of effects applied: its value does not depend on the cards in the hand.
POOL_ENDS_READ = frozenset(
    {None, "swap_table", "pool_swap", "trade_with_pool", "new_pool", "scavenge", "swap_own"}
)
#: The effects of an end that read of the table and the hands, once played, no more than the
#: key of the end's choice keeps (see HowIDiedView._end_choice): a swap with the player's cards
#: (of the table, the Pool or their own) reads only the best card of each kind it can take, and
#: the other effects leave the player's adventures and every hand's size as they are.
ENDS_READ = frozenset(
    {None, "swap_table", "swap_own", "pool_swap", "trade_with_pool", "new_pool", "scavenge"}
)
#: The effects of an end that, taken from the Pool, read its refill: a swap may take it.
REFILL_READ = frozenset({"swap_table", "pool_swap"})
#: The effects of an end that swap a card of the player's adventures with another (see EndSwap).
END_SWAPS = frozenset({"swap_table", "pool_swap", "swap_own"})
#: The middle's effects that swap two cards of the table: the table swap, and an opponent's card
#: for one of the Pool.
MIDDLE_SWAPS = frozenset({"swap_table", "barbaric"})
#: The phases whose choices are cards: a card the seat sees is revealed before them. A claim
#: reads none (after it only the player's adventures are scored), so nothing is revealed for it.
PICKING = ("build", "effect")


def scored(card: str):
    """What the end of a turn reads of a card in the player's adventures: the pulse check its
    damage, the scoring its glory and banner, the achievements those (a stand-in is revealed
    there, so it stands for itself)."""
    if isinstance(card, Hidden):
        return card
    return TYPE[card], BANNER[card], GLORY[card], DAMAGE[card]


def read_adventures(adventures) -> tuple[tuple, dict]:
    """A player's adventures by what the end of a turn reads of each card (:func:`scored`), and
    where each of their cards lies (adventure, place)."""
    places = {card: (at, index) for at, adventure in enumerate(adventures)
              for index, card in enumerate(adventure)}  # fmt: skip
    return tuple(tuple(map(scored, adventure)) for adventure in adventures), places


def best_kind(card: str) -> tuple:
    """What a swap into the player's adventures reads of a card from elsewhere, but for its
    glory: its type, banner and damage. Of two cards of one kind, the one with more glory
    swapped in scores more glory and alike in all else (the pulse check reads the damage, a
    Legendary and the achievements the banners, and none reads a card's glory), so the other
    never makes a better swap."""
    return TYPE[card], BANNER[card], DAMAGE[card]


def kinds_elsewhere(cards) -> tuple:
    """What the end's table swap can read of the cards on the table outside the player's
    adventures: the most glory of each kind (:func:`best_kind`), and how many of each type,
    up to two (two of one type make a swap away)."""
    return _kinds_key(*_kinds(cards))


def _kinds(cards, best=None, count=None) -> tuple[dict, dict]:
    """The most glory of each kind among `cards` and their count of each type, added to `best`
    and `count` (copies of them) if given."""
    best = {} if best is None else dict(best)
    count = dict.fromkeys(TYPES, 0) if count is None else dict(count)
    for card in cards:
        kind, glory, type_ = KIND_OF[card]
        if best.get(kind, 0) < glory:
            best[kind] = glory
        count[type_] += 1
    return best, count


def _kinds_key(best: dict, count: dict) -> tuple:
    return tuple(sorted(best.items())), tuple(min(n, 2) for n in count.values())


#: All that the rules read of each card (its type, banner, glory, damage and effect): cards
#: alike in it are alike to the game but for their names.
ALIKE_CARDS = {card: (TYPE[card], BANNER[card], GLORY[card], DAMAGE[card], EFFECT.get(card))
               for card in ALL_IDS}  # fmt: skip
#: What the end of a turn reads of each card (:func:`scored`), looked up by the end's swap.
SCORED = {card: scored(card) for card in ALL_IDS}
#: Each card's kind (:func:`best_kind`), glory and type, looked up by the walk's keys.
KIND_OF = {card: (best_kind(card), GLORY[card], TYPE[card]) for card in ALL_IDS}


class TypedUnseen(Unseen):
    """The groups of a How I Died view: a card's type is read first (what it can be played as,
    whether a hand must be shown for a mulligan), so a stand-in is revealed by its type first.
    The type table knows each group's typed stand-ins
    (:data:`~toolkit.how_i_died.cards.TYPED_GROUPS`)."""

    FIRST_READ = TYPE
    KINDS = TYPES


def turn_over(game: HowIDiedView) -> None:
    """In the view, the next turn is not played: the view ends with this one."""
    game.end(TURN_OVER)


class HowIDiedView(RevealOnRead, HowIDiedState):
    """A copy of the game as a seat sees it, for the walk (made by :func:`walk_view` of the
    core's view), its stand-ins revealed as they are read (:class:`~toolkit.reveal.RevealOnRead`).
    Its `unseen` cards are an :class:`~toolkit.reveal.Unseen`: by group, with what the walk has
    learnt of them, a card's type read first. A search deals a game from the core's view itself,
    not from this one."""

    STEPS = Steps({**steps, "next_turn": turn_over})
    doubtful: list[str] = []  # cards the seat could not follow: if any, the view is not exact
    # A view never shuffles, so its copies share the generator; the values read once off the
    # table are left out of a copy (see _swap_outcome, key_after).
    COPY = copying(
        shared=("rng",),
        forgotten=READ_ONCE,
        own={"deck": lambda deck, copy: ViewDeck(deck.cards, deck.discards, copy.unseen)},
    )
    FORGET_ON_MOVE = READ_ONCE  # the table may change (see _swap_outcome, key_after)

    @property
    def phase(self) -> str:
        """What the view waits for: the game's :func:`~toolkit.how_i_died.rules.phase`, or
        :data:`TURN_OVER` once the turn is over."""
        prompt = self.prompt
        if prompt is not None:
            return prompt.resume
        if self.outcome is not None and self.outcome.kind == TURN_OVER:
            return TURN_OVER
        return phase(self)

    # -- How I Died's declarations for the reveals ----------------------------------------------
    def ended(self) -> bool:
        """The view is over at the end of its turn (or of the game)."""
        return self.phase in (TURN_OVER, "over", "tiebreak")

    def read_at_end(self) -> Hidden | None:
        """At the end of the turn, what the player's adventures are made of (their glory and
        damage are read): a stand-in among them."""
        if self.phase == TURN_OVER:
            for adventure in self.adventures[self.seat]:
                for card in adventure:
                    if isinstance(card, Hidden):
                        return card
        return None

    def chooses_cards(self) -> bool:
        """The seat plays a card or picks for an effect. A claim reads no card (after it only
        the player's adventures are scored), so nothing is revealed for it."""
        return self.phase in PICKING and self._engine_player() == self.seat

    def seen_places(self):
        """What lies face up where the seat sees it: the Pool (a refill, a new Pool), the cards
        being played, the seat's own hand (cards drawn, taken or swapped into it), the
        adventures on the table and the discard pile."""
        return (
            self.pool,
            self.building,
            self.hands[self.seat],
            *(adventure for adventures in self.adventures for adventure in adventures),
            self.deck.discards,
        )

    def shown_when_chosen(self, action) -> bool:
        """A card played is seen: what it is, first."""
        return self.phase == "build"

    def reads_nothing_hidden(self, action) -> bool:
        """Whether `action` can be carried out without reading a stand-in, so needs no trial
        on a copy: the first pick of a two-step effect (it is only noted); or, while every card
        it could lead the engine to read is known, a card played or the end's PASS or last pick
        when its effect only swaps cards (nothing is listed after it: the turn ends). A card
        without an effect, and the end of a turn, read only the player's adventures, the one
        being played among them (the pulse check, the achievements), and the discards a
        reshuffle would take; a card with an effect also what its choices are listed from: the
        Pool, the hand and the table (from the Pool, its refill too, unknown until drawn)."""
        if self.phase == "effect":
            if action != PASS and len(self.picks) + 1 < self.effect().steps:
                return True
            if self.building or self.effect().id not in SWAPS_IN_SIGHT:
                return False
            cards = [*self.picks] if action == PASS else [*self.picks, action]
        elif self.phase != "build":
            return False
        elif action not in EFFECT:
            cards = [action, *self.building]  # the adventure it may end
        elif action in self.pool:
            return False
        else:
            cards = [*self.pool, *self.hands[self.seat], *self.building]
            cards.extend("".join(adventure) for seat in self.adventures for adventure in seat)
        cards.extend(self.deck.discards)
        cards.extend(map("".join, self.adventures[self.seat]))
        # a stand-in's name starts with "?" (a card id with one would only cost a needless trial)
        return "?" not in "".join(cards)

    def put_revealed(self, stand_in: Hidden, name: str) -> None:
        """Put `name` in place of `stand_in` (one of its name, if several: the first where the
        engine looks for a card, as an effect's pick of that name means that one, and the pick
        is renamed with it). At the end of the turn, the one read: in the player's adventure."""
        if self.phase == TURN_OVER and self._in_adventures(stand_in, name):
            return
        for pile in (self.pool, self.building, *self.hands):
            if stand_in in pile:
                pile[pile.index(stand_in)] = name
                break
        else:
            if not self._in_adventures(stand_in, name):
                for pile in (self.deck.cards, self.deck.discards):
                    if stand_in in pile:
                        pile[pile.index(stand_in)] = name
                        return
                raise ValueError(f"{stand_in} is nowhere in the view")
        if stand_in in self.picks:
            self.picks = tuple(name if pick == stand_in else pick for pick in self.picks)

    def _in_adventures(self, stand_in: Hidden, name: str) -> bool:
        """Put `name` in place of `stand_in` in an adventure (the player's first), if one has it."""
        seats = [self.seat] + [other for other in range(self.players) if other != self.seat]
        for seat in seats:
            adventures = self.adventures[seat]
            for index, adventure in enumerate(adventures):
                if stand_in in adventure:
                    _replace(adventures, index, stand_in, name)
                    return True
        return False

    def alike(self, action):
        """A key for `action`: choices with the same key end the turn alike. The last pick of
        the end's effect, when the effect only swaps cards (the turn ends with it), is known by
        what the player's adventures are made of after it, each card by what the pulse check,
        the scoring and the achievements read of it (:func:`scored`): swaps that leave them
        alike are the same, and so is any swap that touches none of them. Nothing else is read
        before the turn ends but for the hand's size, which a swap keeps."""
        if (
            self.phase != "effect"
            or self.building
            or action == PASS
            or self.effect().id not in SWAPS_IN_SIGHT
            or len(self.picks) + 1 < self.effect().steps
        ):
            return action
        own, places = self._own_scored()
        a, b = *self.picks, action
        if a not in places and b not in places:
            return AWAY
        if isinstance(a, Hidden) or isinstance(b, Hidden):
            return action  # stand-ins alike share a name: the name does not tell which moves
        own = list(own)
        for card, other in ((a, b), (b, a)):
            if card in places:
                at, index = places[card]
                adventure = list(own[at])
                adventure[index] = scored(other)
                own[at] = tuple(adventure)
        return tuple(own)

    def _own_scored(self) -> tuple[tuple, dict]:
        """The player's adventures by what the end reads of each card (:func:`scored`), and
        where each of their cards lies (adventure, place), read once for all the choices of a
        position (until the view is played on or copied)."""
        known = self.__dict__.get("_scored")
        if known is None:
            known = self._scored = read_adventures(self.adventures[self.seat])
        return known

    def outcome_alike(self, outcome):
        """A key for a chance outcome: outcomes with the same key lead to the same numbers. At
        the end of the turn a card revealed in the player's adventures is only scored, and so is
        any revealed after it: cards alike in what is read of them (:func:`scored`) are one
        outcome; the last of them only by what its adventure reads (:meth:`last_scored`). Any
        other outcome is its own. A refill of the Pool at an end effect that reads no card of
        the Pool by name (:meth:`_refill_unread`) is one outcome, its type and its card alike.
        Before the end's table swap, the one card left to reveal
        where the player sees it (a refill of the Pool) is read only as a card from elsewhere
        is by the swap: cards that leave the best of each kind alike (:func:`kinds_elsewhere`)
        are one outcome. Any other card revealed from a group is one outcome with the cards of
        the group alike in all that the rules read of a card (:data:`ALIKE_CARDS`): the numbers
        after one are those after the other, the two cards' names swapped."""
        if self.phase == "effect" and self._refill_unread():
            return UNREAD
        if self.phase == "effect" and isinstance(outcome, str) and self._last_before_swap():
            return self._swap_outcome(outcome)
        if self.phase != TURN_OVER and isinstance(outcome, str) and not isinstance(outcome, Hidden):
            if self.reveal is not None and self.early is None and self.pending is None:
                return ALIKE_CARDS[outcome]
            return outcome
        if self.phase != TURN_OVER or not isinstance(outcome, str):
            return outcome
        if isinstance(outcome, Hidden):  # a stand-in scores as itself
            return outcome
        own = [card for adventure in self.adventures[self.seat] for card in adventure]
        if [card for card in own if isinstance(card, Hidden)] == [self.reveal]:
            return self.last_scored(outcome)
        return scored(outcome)

    def _refill_unread(self) -> bool:
        """Whether the card being revealed is a refill of the Pool that nothing reads by name
        before the turn ends (read once for all its outcomes, until the view is played on or
        copied): the end card's effect is one that never reads a card of the Pool, or moves one
        only into a hand (:data:`BLIND_TO_THE_POOL`), or lays out a new Pool, the old one
        discarded, where the deck holds enough cards that the discards are not reshuffled this
        turn; so after it the end reads the player's adventures, the hand's size and the
        effects applied, none of which a Pool card can change; and no card the seat has not
        seen is read later (none in the player's adventures or hand, the adventures on the
        table or the discards a draw may reshuffle), so that which card was taken from the
        unseen does not change what another turns out to be. Every type and card it may be
        then leads to the same numbers."""
        known = self.__dict__.get("_unread")
        if known is None:
            known = self._unread = self._is_refill_unread()
        return known

    def _is_refill_unread(self) -> bool:
        if (
            self.building
            or self.pending is not None
            or self.early is not None
            or self.unseen.presets
            or self.reveal not in self.pool
        ):
            return False
        effect = EFFECT[self.resolving]
        redeal = effect == "new_pool" and len(self.deck.cards) >= POOL_SIZE + HAND_SIZE
        if effect not in BLIND_TO_THE_POOL and not redeal:
            return False
        read = [*self.hands[self.seat], *self.deck.discards]
        read.extend(
            "".join(adventure) for adventures in self.adventures for adventure in adventures
        )
        return "?" not in "".join(read)

    def _swap_outcome(self, card: str) -> tuple:
        """What the end's table swap reads of the table once the stand-in being revealed in the
        Pool turns out to be `card`: the best of each kind (:func:`kinds_elsewhere`). The rest
        of the table is read once for all the outcomes of the reveal (kept until the view is
        played on or copied)."""
        known = self.__dict__.get("_table_kinds")
        if known is None or known[0] != self.reveal:
            table = [card for other in self.living_opponents(self.seat)
                     for adventure in self.adventures[other] for card in adventure]  # fmt: skip
            table.extend(other for other in self.pool if other != self.reveal)
            known = self._table_kinds = (self.reveal, *_kinds(table))
        return ("end swap", _kinds_key(*_kinds((card,), known[1], known[2])))

    def _last_before_swap(self) -> bool:
        """Whether the card being revealed is a card of the Pool, the last stand-in the player
        sees before the end's table swap is chosen, with nothing pending: once it is known,
        the swap's key is the end's (see :meth:`position`)."""
        known = self.__dict__.get("_last_swap")
        if known is None:
            known = self._last_swap = self._is_last_before_swap()
        return known

    def _is_last_before_swap(self) -> bool:
        if (
            self.building
            or self.picks
            or self.pending is not None
            or self.early is not None
            or self.unseen.presets
            or EFFECT[self.resolving] != "swap_table"
            or self.reveal not in self.pool
        ):
            return False
        seat = self.seat
        seen = [*self.pool, *self.hands[seat], *self.deck.discards]
        seen.extend(card for adventures in self.adventures for adventure in adventures
                    for card in adventure)  # fmt: skip
        return sum(1 for card in seen if isinstance(card, Hidden)) == 1

    def last_scored(self, card: str):
        """What the end of the turn reads of `card`, the last hidden card of the player's
        adventures, once revealed in the place of :attr:`reveal`: the pulse check and any claim
        are over, and only the glory, the damage and the Legendary Adventures are counted (no
        other card revealed after it could tell two cards apart by their banner). So its banner
        matters only by whether it is the banner of the other two cards of its adventure."""
        adventure = next(a for a in self.adventures[self.seat] if self.reveal in a)
        banners = {BANNER[other] for other in adventure if other != self.reveal}
        legendary = BANNER[card] in banners if len(banners) == 1 else None
        return TYPE[card], GLORY[card], DAMAGE[card], legendary

    def enough(self, actions: Sequence) -> Sequence:
        """Of the picks of the end's table swap, those enough for the walk to find the best
        swap. First: the cards of the player's own adventures (and PASS), and one card from
        elsewhere with a partner from elsewhere, for the swap away (see :meth:`alike`). A swap
        is the same made from either end, so any other first pick from elsewhere reaches only
        swaps with the player's cards, which their own first picks reach, or a swap away.
        Second, after one of the player's own cards: the player's own cards, and of the cards
        from elsewhere one of the most glory in each kind (:func:`kinds_elsewhere`); after a
        card from elsewhere, the player's own cards and one card from elsewhere (every swap
        away is alike). Any other choice is kept."""
        if (
            self.phase != "effect"
            or self.building
            or len(self.picks) > 1
            or EFFECT[self.resolving] != "swap_table"
        ):
            return actions
        own = {card for adventure in self.adventures[self.seat] for card in adventure}
        if self.picks:
            if "?" in "".join(actions):  # stand-ins alike share a name: every one is walked
                return actions
            best: dict[tuple, str] = {}
            for card in actions:
                if card not in own:
                    kind = best_kind(card) if self.picks[0] in own else None
                    if kind not in best or GLORY[card] > GLORY[best[kind]]:
                        best[kind] = card
            kept = set(best.values())
            return [card for card in actions if card in own or card in kept]
        elsewhere: dict[str, set] = {}
        for card in actions:
            if card != PASS and card not in own:
                elsewhere.setdefault(TYPE[card], set()).add(card)
        away = next((card for card in actions if len(elsewhere.get(TYPE.get(card), ())) > 1
                     and card not in own), None)  # fmt: skip
        return [card for card in actions if card == PASS or card in own or card == away]

    def position(self):
        """All that the rest of the turn can read, as a key for the walk's memo: positions with
        the same key have the same numbers. At the end of the turn that is what the player's
        adventures turn out to be and whether they live; once the player has died, those and
        the achievements they may claim (their hand is discarded, and nothing else is read
        again). Before it, the whole view but for what
        no rule of this turn reads: which living opponent holds which card of the adventures on
        the table (effects take those cards from any of them alike, and only the player's own
        adventures are scored; the dead's are locked), the order of the cards in each hand (no
        rule reads it; the stand-ins of a hand the seat is shown are revealed one after the
        other with no choice between, so in any order they turn out alike), the order of the
        Pool (a refill takes the place of the card taken, and no rule reads the places: the
        walk meets the same Pool in another order when two cards of it are taken in turn, each
        refilled), the log and the counts of turns and mulligans."""
        seat = self.seat
        unseen = self._unseen_key()
        if self.phase == TURN_OVER:
            return (self.reveal, tuple(self.adventures[seat]), self.alive[seat],
                    self.claimed[seat], unseen)  # fmt: skip
        if self.phase == "claim":  # the player died: an achievement to claim, then the scoring
            own = tuple(self.adventures[seat])
            hidden_own = "?" in "".join(map("".join, own))  # a stand-in, revealed at the end
            return ("claim", tuple(self.prompt.options), own, hidden_own and unseen,
                    self.reveal, self.pending)  # fmt: skip
        others = [
            card
            for other in self.living_opponents(seat)
            for adventure in self.adventures[other]
            for card in adventure
        ]
        hidden = self._hidden(unseen)
        end_swap = self.phase == "effect" and not self.building
        end_swap = end_swap and EFFECT[self.resolving] == "swap_table"
        if end_swap and self.picks and self.reveal is None:
            return self._second_pick(others, self.picks)
        own = tuple(self.adventures[seat])
        if end_swap and self.reveal is None and self.pending is None and self.early is None:
            table = others + self.pool
            read = [*table, *self.deck.discards, *map("".join, own)]
            if "?" not in "".join(read):
                # nothing hidden is read after the swap: of the cards from elsewhere only the
                # best of each kind matters (kinds_elsewhere), and nothing of the deck
                return ("end swap", self.resolving, own, kinds_elsewhere(table),
                        len(self.hands[seat]), tuple(self.alive),
                        self.effects_applied[seat])  # fmt: skip
        end = self._end_effect(own)
        if end is None and self._end_choice_known():
            end = self._end_choice(self.building, self._own_scored()[0], self.pool, others, unseen)
        if end is not None:
            return end
        if end_swap:
            # the end's table swap, the turn's last step: the Pool and the opponents' adventures
            # are alike to it, and nothing after it reads a hand but for its size
            return (
                self.resolving,
                self.picks,
                tuple(self.adventures[seat]),
                tuple(sorted(others + self.pool)),
                len(self.hands[seat]),
                tuple(self.alive),
                len(self.deck.cards),
                hidden,
            )
        others.sort()
        return (
            self.phase,
            self.resolving,
            self.picks,
            tuple(self.building),
            tuple(sorted(self.pool)),
            tuple(tuple(sorted(hand)) for hand in self.hands),
            tuple(self.adventures[seat]),
            tuple(others),
            tuple(self.alive),
            self.claimed[seat],
            tuple(self.deck.cards),
            hidden,
        )

    def _hidden(self, unseen: tuple | None, applied: int = 0) -> tuple:
        """What every key before the turn's end holds: the effects applied (`applied` more than
        now), the cards still unknown (`unseen`, by group and type) and what is pending."""
        return (
            self.effects_applied[self.seat] + applied,
            self.passes,
            tuple(self.deck.discards),
            unseen,
            tuple(sorted(self.unseen.presets.items())),
            self.reveal,
            self.pending,
            self.early and tuple(map(tuple, self.early.groups)),
        )

    def _end_choice_known(self) -> bool:
        """Whether the end card is to be chosen with nothing left to reveal or pending."""
        return (
            self.phase == "build"
            and len(self.building) == 2
            and self.reveal is None
            and self.pending is None
            and self.early is None
        )

    def _end_choice(self, building, own: tuple, pool, others, unseen: tuple, applied: int = 0):
        """The key of the choice of the end card (see :meth:`_end_choice_known`) with the two
        cards played `building`, the player's adventures `own` by what the end reads of each
        card (:func:`scored`), the Pool `pool` and the living opponents' adventures `others`,
        where every end the player can play has an effect of :data:`ENDS_READ`: what the rest
        of the turn reads then is the cards played and the player's adventures by
        :func:`scored`, the ends in the hand and in the Pool by all that the rules read of a
        card (:data:`ALIKE_CARDS`), the hand's size, and of the other cards of the table only
        what a swap with the player's cards can take (:func:`kinds_elsewhere`; of the Pool apart
        where an end swaps with the Pool only), with the effects applied (`applied` more than
        now), what is still unknown (`unseen`) and what is pending. Of the cards drawn after
        the end card (its refill, a new Pool, the draw
        back to six, from the discards reshuffled if the deck runs out) only the refill of an
        end of the Pool whose swap may take it is read (:data:`REFILL_READ`): without one, the
        cards unseen and the deck are left out. None for any other position."""
        hand = self.hands[self.seat]
        if "?" in "".join([*hand, *pool, *others, *building]):
            return None
        effects = {EFFECT.get(card) for card in (*hand, *pool) if TYPE[card] == "III"}
        if not effects or not effects <= ENDS_READ:
            return None
        rest = [card for card in pool if TYPE[card] != "III"]
        refill_read = any(EFFECT.get(card) in REFILL_READ for card in pool if TYPE[card] == "III")
        if "pool_swap" in effects:
            table = (kinds_elsewhere(others), kinds_elsewhere(rest))
        else:
            table = kinds_elsewhere([*others, *rest])
        return (
            "end choice",
            tuple(SCORED[card] for card in building),
            own,
            tuple(sorted(ALIKE_CARDS[card] for card in hand if TYPE[card] == "III")),
            len(hand),
            tuple(sorted(ALIKE_CARDS[card] for card in pool if TYPE[card] == "III")),
            table,
            tuple(self.alive),
            self.claimed[self.seat],
            refill_read and tuple(self.deck.cards),
            self._hidden(unseen if refill_read else None, applied),
        )

    def _after_middle_swap(self, action):
        """The key of the end's choice (:meth:`_end_choice`) after `action`, the last pick of
        the middle's swap of two cards of the table (the table swap, or an opponent's card for
        one of the Pool), told without playing it: the two cards change places, one more
        effect is applied, and the end card is chosen next, unless no end is left in the hand
        or the Pool (a mulligan follows). None for any other action."""
        if (
            self.phase != "effect"
            or len(self.building) != 2
            or self.reveal is not None
            or self.pending is not None
            or self.early is not None
            or action == PASS
            or isinstance(action, Hidden)
            or EFFECT[self.resolving] not in MIDDLE_SWAPS
            or len(self.picks) != 1
        ):
            return None
        a, b = self.picks[0], action

        def swap(cards):
            return [b if card == a else a if card == b else card for card in cards]

        pool = swap(self.pool)
        if not any(TYPE[card] == "III" for card in (*self.hands[self.seat], *pool)):
            return None
        own = read_adventures([tuple(swap(adventure)) for adventure in self.adventures[self.seat]])
        others = swap(self._others())
        return self._end_choice(swap(self.building), own[0], pool, others, self._unseen_key(), 1)

    def _unseen_key(self) -> tuple:
        """The cards still unseen, by group, and the count of each type known among them."""
        return (
            tuple(map(tuple, self.unseen.groups)),
            tuple(tuple(counts.values()) for counts in self.unseen.typed),
        )

    def _end_effect(self, own: tuple):
        """The key of the end's effect, the turn's last step, where nothing hidden is left to
        read (none of the player's adventures, the discards or the cards it swaps is a
        stand-in) and its effect changes no hand's size: after it the turn's end reads the
        player's adventures, their hand's size and the count of effects applied. An effect
        that leaves the player's adventures as they are (:data:`ALIKE_AT_THE_END`) is known by
        how many of its picks are made; one that swaps a card of them with one of the Pool or
        the hand by its picks and the best card of each kind it could take (as the table swap,
        :func:`kinds_elsewhere`); a swap between the player's own adventures by its picks.
        None for any other position."""
        if (
            self.phase != "effect"
            or self.building
            or self.reveal is not None
            or self.pending is not None
            or self.early is not None
        ):
            return None
        effect, seat = EFFECT[self.resolving], self.seat
        source = {"pool_swap": self.pool, "mounted": self.hands[seat]}.get(effect, ())
        if effect in ALIKE_AT_THE_END:
            picks = len(self.picks)
        elif effect in ("pool_swap", "mounted", "swap_own"):
            picks = self.picks
        else:
            return None
        if self.picks and source:
            source = [card for card in source if TYPE[card] == TYPE[self.picks[0]]]
        if "?" in "".join([*source, *self.deck.discards, *map("".join, own)]):
            return None
        return ("end effect", effect, self.resolving, picks, own, kinds_elsewhere(source),
                len(self.hands[seat]), tuple(self.alive), self.effects_applied[seat])  # fmt: skip

    def key_after(self, action):
        """The memo key (:meth:`position`) after `action`, told without playing it: after the
        first pick of the end's table swap, where nothing is left to reveal, the position
        differs only by that pick (see :meth:`_second_pick`); the card revealed last before
        that swap (:meth:`_last_before_swap`), by the best of each kind it leaves (see
        :meth:`outcome_alike`); an action that ends the turn, by what the end reads (see
        :meth:`_turn_end`). None for any other action."""
        end = self._turn_end(action)
        if end is None:
            end = self._after_middle_swap(action)
        if end is not None:
            return end
        if self.reveal is not None and self.phase == "effect" and isinstance(action, str):
            if isinstance(action, Hidden) or not self._last_before_swap():
                return None
            return ("end swap", self.resolving, tuple(self.adventures[self.seat]),
                    self._swap_outcome(action)[1], len(self.hands[self.seat]), tuple(self.alive),
                    self.effects_applied[self.seat])  # fmt: skip
        if (
            self.phase != "effect"
            or self.building
            or self.picks
            or action == PASS
            or isinstance(action, Hidden)
            or self.reveal is not None
            or self.pending is not None
            or self.early is not None
            or EFFECT[self.resolving] != "swap_table"
        ):
            return None
        known = self.__dict__.get("_first_picks")
        if known is None:  # read once for all the first picks (until played on or copied)
            others = [card for other in self.living_opponents(self.seat)
                      for adventure in self.adventures[other] for card in adventure]  # fmt: skip
            known = self._first_picks = (others, {})
        others, tails = known
        kind = TYPE[action], any(action in adventure for adventure in self.adventures[self.seat])
        if kind not in tails:
            tails[kind] = self._second_pick(others, (action,))[2:]
        return ("second pick", (action,), *tails[kind])

    def _turn_end(self, action):
        """The key after `action` where it ends the turn and nothing hidden is read after it:
        the end card played from the hand or the Pool without an effect, the skip of the end's
        effect, or the last pick of an end effect that only swaps cards (:data:`SWAPS_IN_SIGHT`,
        which keep every hand's size). After it the turn's end reads only the player's
        adventures (by :func:`scored`: the pulse check their damage, the scoring their glory
        and banners, the achievements a dying player may claim those, the count of adventures,
        the hand's size, the effects applied, who is alive), the hand's size and the count of
        effects applied; the draw back to six reads the discards only if it reshuffles them,
        so none of them may be a stand-in, nor any card of the player's adventures. None for
        any other action."""
        if self.reveal is not None or self.pending is not None or self.early is not None:
            return None
        seat = self.seat
        phase, hand = self.phase, len(self.hands[seat])
        applied = self.effects_applied[seat]
        if phase == "build":
            if len(self.building) != 2 or action in EFFECT or isinstance(action, Hidden):
                return None
            own = [*self.adventures[seat], (*self.building, action)]
            hand -= action in self.hands[seat]
        elif phase != "effect" or self.building:
            return None
        elif action == PASS:
            own = self.adventures[seat]
        elif (
            EFFECT[self.resolving] in SWAPS_IN_SIGHT and len(self.picks) + 1 == self.effect().steps
        ):
            own = self.alike(action)
            if own is action:  # a stand-in picked: the name does not tell which card moves
                return None
            if own is AWAY:
                own = self.adventures[seat]
            applied += 1
        else:
            return None
        read = [*self.deck.discards, *self.building, *map("".join, self.adventures[seat])]
        if "?" in "".join(read):
            return None
        if isinstance(own, list):
            own = tuple(tuple(map(scored, adventure)) for adventure in own)
        elif own is self.adventures[seat]:
            own = self._own_scored()[0]
        return ("turn end", own, hand, applied, tuple(self.alive))

    def end_swap(self, value, memo: dict | None):
        """The values of the end's table swap, worked out as a whole rather than pick by pick
        (:class:`EndSwap`), with the count of the turn's ends it looked up (each counted as
        a position reached), or None if this is not such a position: the swap, with nothing
        hidden left to read (the position's key is the end's, see :meth:`position`), or the
        reveal of the Pool's refill, of a known type, just before it
        (:meth:`_last_before_swap`)."""
        if self.phase != "effect" or self.building or self.picks:
            return None
        if self.resolving is None or EFFECT[self.resolving] != "swap_table":
            return None
        if self.reveal is not None:
            if self.reveal.kind is None or not self._last_before_swap():
                return None
            refills = self.unseen.outcomes(self.reveal).outcomes
            elsewhere = self._elsewhere()
            elsewhere.remove(self.reveal)
        elif self.pending is not None or self.early is not None or not self._end_key_known():
            return None
        else:
            refills, elsewhere = None, self._elsewhere()

        def play(picks, revealed):
            state = self.clone()
            if refills is not None:
                state.apply_listed(revealed)
            for pick in picks:
                state.apply_listed(pick)
            return state

        seat = self.seat
        swap = EndSwap(
            seat,
            self.adventures[seat],
            elsewhere,
            (len(self.hands[seat]), tuple(self.alive)),
            self.effects_applied[seat],
            {} if memo is None else memo,
            self._own_scored(),
        )
        return swap.values(refills, self.reveal and self.reveal.kind, play, value)

    def after_pool_end(self, action, value, memo: dict | None):
        """The values after `action` where it is the turn's end card taken from the Pool with
        the table swap for its effect (or the swap with the Pool), and nothing else hidden is
        read after it, with the count of the turn's ends looked up; None for any other action.

        Played, the card's refill comes from the deck and the seat sees it before the swap: a
        chance node over its type, then over its card (the walk's :meth:`end_swap` at that
        reveal). Every card it may be is scored as a card from elsewhere, beside the rest of
        the table as it is now, so the swaps are counted here for each type as at that reveal,
        weighed by the type's chance, without playing the card: the ends the swaps lead to and
        the best swap without the refill are looked up in the memo by what they read, which the
        many ends of a turn that differ only in another card of the Pool or in what is still
        unseen share."""
        effect = self._end_with_swap(action)
        if effect not in REFILL_READ or action not in self.pool or not self.deck.cards:
            return None
        refill = self.deck.cards[-1]  # the top of the deck
        if not isinstance(refill, Hidden) or self._seen_stand_in() is not None:
            return None
        elsewhere = self._elsewhere() if effect == "swap_table" else list(self.pool)
        elsewhere.remove(action)
        swap = self._swap_after(action, elsewhere, len(self.hands[self.seat]), memo)
        if refill.kind is None:
            types = [(kind, chance) for (_, kind), chance in self.unseen.outcomes(refill)]
        else:
            types = [(refill.kind, 1)]
        made: dict[str, HowIDiedView] = {}  # the card played, its refill revealed as each card

        def play(picks, revealed):
            if revealed not in made:
                made[revealed] = self.clone()
                made[revealed].apply_listed(action)
                made[revealed].revealed_as(revealed)
            state = made[revealed].clone()
            for pick in picks:
                state.apply_listed(pick)
            return state

        total: list = [0] * 4
        for kind, chance in types:
            refills = self.unseen.outcomes(typed(refill.group, kind)).outcomes
            chance = Fraction(chance, len(refills))
            for at, number in enumerate(swap.summed(refills, kind, play, value)):
                if number:
                    total[at] += chance * number
        return tuple(total), swap.looked

    def after_end_swap(self, action, value, memo: dict | None):
        """The values after `action` where it is the turn's end card with a swap for its effect
        that reads no card still to be seen: the table swap or the swap with the Pool played
        from the hand, or a swap between the player's own adventures from either (taken from
        the Pool, its refill is read by nothing), and nothing hidden is read after it (no
        stand-in on the table, in the discards or in the player's adventures), with the count
        of the turn's ends looked up; None for any other action. The swap is worked out as a
        whole (:class:`EndSwap`) as at the swap itself (:meth:`end_swap`), without playing the
        card first."""
        effect, from_pool = self._end_with_swap(action), action in self.pool
        if (
            effect is None
            or (from_pool and effect in REFILL_READ)
            or not self._end_key_known()
            or "?" in "".join([*self.building, *self.hands[self.seat]])
        ):
            return None

        def play(picks, revealed):
            state = self.clone()
            state.apply_listed(action)
            while state.is_chance_node():  # the refill of a swap of the player's own cards
                state.apply_listed(state.chance_outcomes()[0][0])
            if state.phase != "effect":  # nothing to swap: the effect is not asked
                return state
            for pick in picks:
                state.apply_listed(pick)
            return state

        elsewhere = {"swap_table": self._elsewhere, "pool_swap": lambda: list(self.pool)}
        hand = len(self.hands[self.seat]) - (not from_pool)
        swap = self._swap_after(action, elsewhere.get(effect, list)(), hand, memo)
        return swap.values(None, None, play, value)

    def _end_with_swap(self, action) -> str | None:
        """The effect of `action` where it is the turn's end card, played with nothing being
        revealed or pending, and its effect a swap of a card of the player's adventures
        (:data:`END_SWAPS`); None for any other action."""
        if (
            not self._end_choice_known()
            or self.unseen.presets
            or not isinstance(action, str)
            or isinstance(action, Hidden)
        ):
            return None
        effect = EFFECT.get(action)
        return effect if effect in END_SWAPS else None

    def _swap_after(self, action, elsewhere: list[str], hand: int, memo: dict | None):
        """The swap of the end card `action` (:class:`EndSwap`), with the cards it may take
        from `elsewhere` and the hand's size `hand` once it is played."""
        seat = self.seat
        return EndSwap(
            seat,
            [*self.adventures[seat], (*self.building, action)],
            elsewhere,
            (hand, tuple(self.alive)),
            self.effects_applied[seat],
            {} if memo is None else memo,
            table=EFFECT[action] != "pool_swap",
        )

    def counted_after(self, action, value, memo: dict | None):
        """The values after `action` that the walk counts without playing it, with the count
        of positions that took (:meth:`after_pool_end`, :meth:`after_end_swap`,
        :meth:`after_foresee`, :meth:`after_steal`), or None."""
        shortcuts = (self.after_pool_end, self.after_end_swap, self.after_foresee, self.after_steal)
        for shortcut in shortcuts:
            found = shortcut(action, value, memo)
            if found is not None:
                return found
        return None

    def after_foresee(self, action, value, memo: dict | None):
        """The values after the middle's foresee is made (`action` "look"), counted over the
        sets of three cards it may show rather than card by card (:meth:`_one_of_shown`), with
        the count of positions that took; None where this does not apply.

        The three cards are the deck's top three, any three of the unseen cards of one group
        (every card of the group as likely); the player takes one of them, the other two go to
        the bottom of the deck, and the end is chosen. The deck must hold a card beyond the
        three, the refill of an end taken from the Pool, a stand-in of the group too; the two
        put back may be drawn later in the turn (into a new Pool, or the hand's draw back to
        six), where nothing reads them."""
        if (
            action != "look"
            or not self._middle_waits_on("foresee")
            or len(self.deck.cards) <= FORESEE_CARDS
        ):
            return None
        top = self.deck.cards[-FORESEE_CARDS - 1 :]  # the three shown, and the end's refill
        if not self._unseen_alike(top):
            return None
        return self._one_of_shown("look", top[-1].group, FORESEE_CARDS, True, value)

    def after_steal(self, action, value, memo: dict | None):
        """The values after the middle's steal picks an opponent (`action`, their seat), counted
        over the hands they may hold rather than card by card (:meth:`_one_of_shown`), with the
        count of positions that took; None where this does not apply.

        The seat sees the opponent's whole hand and takes one card of it; the rest stay in that
        hand, now known, and the end is chosen. Every card of the hand must be a stand-in of one
        group, of no known type, and so must the deck's top (an end's refill): the hand is then
        any set of that many of the group's unseen cards, each set as likely."""
        if not isinstance(action, int) or not self._middle_waits_on("steal") or not self.deck.cards:
            return None
        hand = self.hands[action]
        if not hand or not self._unseen_alike([*hand, self.deck.cards[-1]]):
            return None
        return self._one_of_shown(action, hand[0].group, len(hand), False, value)

    def _middle_waits_on(self, effect: str) -> bool:
        """Whether the middle's `effect` waits for its first pick, with nothing being revealed
        or pending and no card set aside for a stand-in."""
        return (
            self.phase == "effect"
            and not self.picks
            and len(self.building) == 2
            and self.resolving is not None
            and EFFECT[self.resolving] == effect
            and self.reveal is None
            and self.pending is None
            and self.early is None
            and not self.unseen.presets
        )

    def _unseen_alike(self, cards) -> bool:
        """Whether `cards` are all stand-ins of one group, of no known type, with no type known
        of any stand-in of that group (each of its cards as likely anywhere), and no stand-in
        lies where the seat sees it."""
        group = cards[0].group if isinstance(cards[0], Hidden) else None
        if group is None or any(
            not isinstance(card, Hidden) or card.kind is not None or card.group != group
            for card in cards
        ):
            return False
        return not any(self.unseen.typed[group].values()) and self._seen_stand_in() is None

    def _one_of_shown(self, action, group, shown: int, in_order: bool, value):
        """The values after `action` shows the seat `shown` of the unseen cards of `group` and
        the seat takes one, with the end of the turn next, and the count of positions that
        took; None where this does not apply. The choices list the cards in the order shown if
        `in_order` (see :meth:`_shown_and_taken`).

        What the end reads of the cards shown but not taken is only that they are no longer
        unseen, and only an end taken from the Pool whose refill is seen reads that: its refill
        is any card of the group but those shown. So, with cards alike to the rules as one
        (:data:`ALIKE_CARDS`), the best of the other ends is walked once for each card that may
        be taken (once for all the cards that are no end: the ends read of those only the
        hand's size), each such end of the Pool once for each card its refill may be, and each set
        shown is worth the better of the best end after its best card and of each such end's
        mean over the cards but those shown (:func:`mean_best_of_shown`). Each end of the Pool
        must read only the player's adventures, their hand's size and the table once played
        (:data:`POOL_ENDS_READ`), and an end the player can play must be in their hand or the
        Pool already (so no new hand is drawn)."""
        pool_ends = [card for card in self.pool if TYPE[card] == "III"]
        if not pool_ends and not any(TYPE[card] == "III" for card in self.hands[self.seat]):
            return None
        if any(EFFECT.get(card) not in POOL_ENDS_READ for card in pool_ends):
            return None
        cards = self.unseen.groups[group]
        if len(cards) < 2 * shown:
            return None
        classes: dict[tuple, list[str]] = {}
        for card in cards:
            classes.setdefault(ALIKE_CARDS[card], []).append(card)
        # two sets shown with no card in common: each card of the group is unseen after one
        bases = [tuple(cards[:shown]), tuple(cards[shown : 2 * shown])]
        after_bases = [self._shown_and_taken(action, base, in_order) for base in bases]
        if None in after_bases:
            return None
        positions = 2 * (2 * shown + 2)
        refilled = []  # the ends of the Pool whose refill is seen: each kind's values
        for end in pool_ends:
            after = after_bases[0].clone()
            after.apply_listed(end)
            if after.reveal is None:
                continue  # the refill is never read: the end is one of the others
            if after.reveal.group != group:
                return None
            each = {}
            for alike, members in classes.items():
                state = after_bases[members[0] in bases[0]].clone()
                state.apply_listed(end)
                if not state.revealed_as(members[0]):  # the refill
                    return None
                each[alike] = value(state)
                positions += 4
            refilled.append((end, each))
        skipped = {end for end, _ in refilled}
        kinds: dict[tuple, int] = {}  # what a kind of card is worth: (best, each end's), count
        bests: dict = {}  # the best of the other ends after taking a card, by what they read
        for alike, members in classes.items():
            taken = members[0]
            # a card taken that is no end is read by no end but for the hand's size
            reads = alike if TYPE[taken] == "III" else "no end"
            if reads not in bests:
                others = [card for card in cards if card != taken][: shown - 1]
                state = self._shown_and_taken(action, (taken, *others), in_order)
                if state is None:
                    return None
                values = []
                for end in state.legal_actions():
                    if end not in skipped:
                        after = state.clone()
                        after.apply_listed(end)
                        values.append(value(after))
                        positions += 1
                positions += 2 * shown + 2
                bests[reads] = max(values) if values else None
            read = (bests[reads], tuple(each[alike] for _, each in refilled))
            kinds[read] = kinds.get(read, 0) + len(members)
        found = mean_best_of_shown(
            [(count, best, each) for (best, each), count in kinds.items()], shown
        )
        return None if found is None else (found, positions)

    def revealed_as(self, card: str) -> bool:
        """Reveal the stand-in the view waits on as `card`: its type first if that is not
        known, then the card. False if no stand-in is waiting to be revealed."""
        if self.reveal is not None and self.reveal.kind is None:
            self.apply_listed(("type", TYPE[card]))
        if self.reveal is None:
            return False
        self.apply_listed(card)
        return True

    def _shown_and_taken(self, action, shown: tuple, in_order: bool):
        """A copy after `action` shows the cards `shown` (revealed in that order) and the first
        of them is taken: the end's decision, or None if the view goes otherwise. The choices
        list the cards in the order shown if `in_order` (the deck's top), else in any (a hand)."""
        state = self.clone()
        state.apply_listed(action)
        if not all(state.revealed_as(card) for card in shown):
            return None
        listed = list(state.legal_actions())
        if (listed if in_order else sorted(listed)) != (list(shown) if in_order else sorted(shown)):
            return None
        state.apply_listed(shown[0])
        if state.reveal is not None or state.phase != "build" or len(state.building) != 2:
            return None
        return state

    def _elsewhere(self) -> list[str]:
        """The cards of the table outside the player's adventures that a swap may take: the
        Pool and the living opponents' adventures."""
        return self._others() + self.pool

    def _others(self) -> list[str]:
        """The cards of the living opponents' adventures."""
        return [card for other in self.living_opponents(self.seat)
                for adventure in self.adventures[other] for card in adventure]  # fmt: skip

    def _end_key_known(self) -> bool:
        """Whether nothing hidden is read at the end's table swap or after it: no stand-in on the
        table, in the discards or in the player's adventures (the condition of the end swap's
        key in :meth:`position`)."""
        read = [*self._elsewhere(), *self.deck.discards]
        read.extend(map("".join, self.adventures[self.seat]))
        return "?" not in "".join(read)

    def _second_pick(self, others: list[str], picks: tuple):
        """The key of the end's table swap once its first card is picked: the second is one of
        the cards of the same type on the table, and after the swap the turn ends, reading only
        the player's adventures (a stand-in among them revealed by its group's cards), their
        hand's size and the count of effects applied. So the other types' cards of the Pool and
        the opponents' adventures do not matter, nor what is known of types, the deck or the
        discards, unless a reshuffle could read a stand-in there (see :meth:`position`)."""
        seat, kind = self.seat, TYPE[picks[0]]
        elsewhere = [card for card in others + self.pool if TYPE[card] == kind]
        own = tuple(self.adventures[seat])
        readable = "".join(elsewhere) + "".join(map("".join, own))
        if "?" not in readable + "".join(self.deck.discards):
            if any(picks[0] in adventure for adventure in own):
                candidates = kinds_elsewhere(elsewhere)  # only the best of each kind matters
            else:  # from elsewhere: a swap with one of the player's cards, or one away
                candidates = min(len(elsewhere) - 1, 1)
            return ("second pick", picks, own, candidates, len(self.hands[seat]),
                    self.effects_applied[seat], tuple(self.alive))  # fmt: skip
        candidates = tuple(sorted(elsewhere))
        groups = tuple(map(tuple, self.unseen.groups)) if "?" in readable else None
        if "?" in "".join(self.deck.discards):
            groups = (groups, tuple(tuple(counts.values()) for counts in self.unseen.typed),
                      tuple(self.deck.cards), tuple(self.deck.discards))  # fmt: skip
        return ("second pick", picks, own, candidates, len(self.hands[seat]),
                self.effects_applied[seat], tuple(self.alive), groups)  # fmt: skip

    def returns(self) -> list[float]:
        return [0.0] * self.players


def mean_best_of_shown(kinds, shown: int) -> tuple | None:
    """The mean, over every set of `shown` unseen cards (each set as likely), of what the set is
    worth to a player who sees it, takes one card of it and then chooses the end: the better of
    the best end after the best card of the set, and of each end of the Pool whose refill is
    seen, that end's mean over the cards but those of the set. `kinds`: for each kind of
    card, (count, best, each): the values of the best end after taking one (None if taking it
    leaves none of those ends), and of each such end of the Pool with one as its refill.

    The sets are counted, not listed: by the kind of card that is best to take, from the
    worst to the best, each kind with the sets of the worse kinds it may join, kept by how
    many cards they hold and what they take from each end's sum (one entry for all of them
    when no end of the Pool reads its refill: the best card is then all that counts). None
    if a set would leave no end to choose."""
    unseen = sum(count for count, _, _ in kinds)
    left = unseen - shown  # each end's mean is compared times this
    ends = len(kinds[0][2]) if kinds else 0
    sums = [tuple(sum(count * each[end][at] for count, _, each in kinds) for at in range(4))
            for end in range(ends)]  # fmt: skip
    nothing = tuple((0,) * 4 for _ in range(ends))
    worse: list[dict] = [{nothing: 1}] + [{} for _ in range(shown)]  # sets of the worse kinds
    total: list = [0] * 4
    for count, best, each in sorted(kinds, key=lambda kind: (kind[1] is not None, kind[1] or ())):
        scaled = None if best is None else tuple(left * v for v in best)
        grown: list[dict] = [dict(sets) for sets in worse]
        for taken in range(1, min(count, shown) + 1):
            ways = comb(count, taken)
            adds = tuple(tuple(taken * v for v in values) for values in each)
            for held, sets in enumerate(worse[: shown - taken + 1]):
                for read, number in sets.items():
                    after = tuple(tuple(read[end][at] + adds[end][at] for at in range(4))
                                  for end in range(ends))  # fmt: skip
                    if held + taken == shown:  # a whole set, this kind its best card
                        options = [] if scaled is None else [scaled]
                        options.extend(tuple(sums[end][at] - after[end][at] for at in range(4))
                                       for end in range(ends))  # fmt: skip
                        if not options:
                            return None
                        chosen = max(options)
                        for at in range(4):
                            total[at] += ways * number * chosen[at]
                    else:
                        into = grown[held + taken]
                        into[after] = into.get(after, 0) + ways * number
        worse = grown
    sets = comb(unseen, shown) * left
    return tuple(Fraction(number, sets) for number in total)


class EndSwap:
    """The end's table swap worked out as a whole rather than pick by pick: the player's
    adventures by what the end reads of each card (:func:`scored`) and where each of their
    cards lies, the cards elsewhere on the table it may take (the Pool and the living
    opponents' adventures, a refill still to come left out), what the turn's end reads beside
    the adventures (the hand's size, who is alive), the effects applied before it, and the
    walk's memo.

    The turn ends with the swap, so the swap's value is the best of the turn's ends it can
    make: the skip, a swap away from the player's adventures (any two cards of one type
    elsewhere: :meth:`HowIDiedView.alike`), and each swap of a card of theirs with one of its
    type, from another of their adventures or from elsewhere, of the latter only the one of
    most glory of each kind (:func:`best_kind`). Each end is known by its key
    (:meth:`HowIDiedView._turn_end`) and played only if the memo lacks it.

    With a refill of the Pool still to be seen, every card it may be is of one type T: the
    swaps that do not take it are the same for each, and it adds only swaps of it with a card
    of the player's of type T (and a swap away, if another card of type T lies elsewhere). So
    each card's value is the better of the best without it, found once, and of its own swaps;
    the refill's value is their mean, each card being equally likely, and cards that score
    alike make the same swaps (each such kind is looked at once, weighed by its count).

    The best without the refill reads only the player's adventures and the best of each kind
    elsewhere (:func:`kinds_elsewhere`), and a refill's own swaps only the player's adventures
    and what is scored of the refill: the memo keeps both under those keys, for the many swaps
    of a walk that differ only in what else lies in the Pool or is still unseen.

    The end's swap with the Pool is the same but for what it may swap: only a card of the
    player's adventures with one of the Pool (`table` false, `elsewhere` the Pool): no swap
    away, none between their own adventures."""

    def __init__(self, seat, adventures, elsewhere, end, applied, memo, read=None, table=True):
        self.seat, self.adventures, self.table = seat, adventures, table
        self.own, self.places = read_adventures(adventures) if read is None else read
        self.elsewhere, self.end, self.applied, self.memo = elsewhere, end, applied, memo
        self.kinds = kinds_elsewhere(elsewhere)
        # the adventures and the kinds elsewhere by a number of their own in the memo's keys
        # (many keys hold them: a number is hashed at once, they are not)
        names = memo.setdefault(("names",), {})
        self.named_own = names.setdefault(self.own, len(names))
        self.named_kinds = names.setdefault(self.kinds, len(names))
        self.looked = 0  # the ends looked up: what the walk counts as positions reached

    def values(self, refills, kind, play, value) -> tuple[tuple, int]:
        """The swap's values (with `refills`, the cards of type `kind` the refill may be, if
        given) and the count of ends looked up. `play(picks, refill)` makes the position after
        the picks (the refill revealed as that card first, where there is one to come), for
        `value` to walk."""
        if refills is None:
            return self.without(None, None, play, value), self.looked
        total = self.summed(refills, kind, play, value)
        return tuple(Fraction(number, len(refills)) for number in total), self.looked

    def summed(self, refills, kind, play, value) -> list:
        """The sum of the swap's values over the cards `refills` (of type `kind`) the refill may
        be, each as likely."""
        ways: dict[tuple, list] = {}  # what is scored of a refill: one such card, their count
        for refill in refills:
            read = SCORED[refill]
            if read in ways:
                ways[read][1] += 1
            else:
                ways[read] = [refill, 1]
        without = self.without(refills, kind, play, value)
        places, memo, of = self.places, self.memo, self.end_of(refills, play, value)
        total: list = [0] * len(without)
        mine = [card for card in places if TYPE[card] == kind]  # a refill swaps with these
        for read, (refill, count) in ways.items():
            swaps_key = ("refill swaps", self.named_own, read, self.end, self.applied)
            swaps = memo.get(swaps_key)
            if swaps is None and mine:
                swaps = memo[swaps_key] = max(
                    of((card, refill), self.swapped(card, refill), refill) for card in mine
                )
            best_of_all = without if swaps is None or swaps < without else swaps
            for at, number in enumerate(best_of_all):
                total[at] += count * number
        return total

    def end_of(self, refills, play, value):
        """The values of the turn's end after `picks` that leave the player's adventures as
        `after` reads them (the refill revealed as `revealed`, or the first of `refills`),
        looked up in the memo by their key, else walked."""
        memo = self.memo

        def of(picks, after, revealed=None):
            self.looked += 1
            key = ("turn end", after, self.end[0], self.applied + (picks != (PASS,)), self.end[1])
            found = memo.get(key)
            if found is None:
                state = self.ended(picks)
                if state is None:
                    state = play(picks, revealed or (refills and refills[0]))
                    if LIVED not in memo and state.phase == TURN_OVER and state.alive[self.seat]:
                        memo[LIVED] = state.clone()
                found = memo[key] = value(state)
            return found

        return of

    def ended(self, picks):
        """The turn's end after `picks`, made of another end of the walk where the player lives
        (kept in the memo under :data:`LIVED`) rather than played, or None. Of a turn's end the
        numbers read only the player's adventures, what they claimed and whether they live;
        nothing is claimed by one who lives, so where the player lives after these picks too
        (the pulse check reads their adventures), the two ends differ in what the numbers read
        only by the adventures, swapped here in the one kept."""
        state = self.memo.get(LIVED)
        if state is None:
            return None
        adventures = self.adventures if PASS in picks else self.exchanged(self.adventures, picks)
        # the one copy is used again for each such end: a turn's end is only read
        state.adventures[self.seat] = list(adventures)
        return state if state.damage(self.seat) < DEATH_AT else None

    def without(self, refills, kind, play, value) -> tuple:
        """The best swap that does not take the refill (of type `kind`, one of `refills`, if one
        is to come)."""
        own, places, memo = self.own, self.places, self.memo
        best_key = ("swap without", self.named_own, self.named_kinds, kind, self.end,
                    self.applied, self.table)  # fmt: skip
        without = memo.get(best_key)
        if without is not None:
            return without
        of = self.end_of(refills, play, value)
        counts: dict[str, list[str]] = {}
        for card in self.elsewhere:
            counts.setdefault(TYPE[card], []).append(card)
        best = [of((PASS,), own)]
        away = next((cards for cards in counts.values() if len(cards) > 1), None)
        if self.table:  # the swap with the Pool swaps only with the player's cards
            if away is not None:
                best.append(of(tuple(away[:2]), own))
            elif refills is not None and counts.get(kind):  # the refill and another of its type
                best.append(of((counts[kind][0], refills[0]), own))
        kinds: dict[tuple, str] = {}
        for card in self.elsewhere:
            best_of = best_kind(card)
            if best_of not in kinds or GLORY[card] > GLORY[kinds[best_of]]:
                kinds[best_of] = card
        mine = list(places)
        for index, card in enumerate(mine):
            for other in [*(mine[index + 1 :] if self.table else ()), *kinds.values()]:
                if TYPE[other] == TYPE[card] and (
                    other not in places or places[other][0] != places[card][0]
                ):
                    best.append(of((card, other), self.swapped(card, other)))
        without = memo[best_key] = max(best)
        return without

    def swapped(self, mine: str, other: str) -> tuple:
        """The player's adventures, as the end reads them, once `mine` (one of their cards) and
        `other` have swapped places."""
        return self.exchanged(self.own, (mine, other), scored)

    def exchanged(self, adventures, picks, read=None) -> tuple:
        """The player's `adventures` (by name, or by what `read` reads of each card) once the two
        cards `picks` have changed places: each of them that lies in those adventures takes
        the other's card there."""
        result = list(adventures)
        for card, other in (picks, picks[::-1]):
            if card in self.places:
                at, index = self.places[card]
                adventure = list(result[at])
                adventure[index] = other if read is None else read(other)
                result[at] = tuple(adventure)
        return tuple(result)


def walk_view(view: HowIDiedState) -> HowIDiedView:
    """The walk's view made of a seat's view (the core's ``players_view``: each card of the deck
    and the other hands that the seat cannot place is the stand-in ``?L`` of its group L, the
    group's cards in ``view.unseen``): each stand-in named apart, ``?g.n``, the groups in the
    order of their labels and the stand-ins of a group in the order of their places (the
    deck's first). The view itself becomes it."""
    seat = view.viewer
    pools = sorted(view.unseen.items(), key=lambda pool: int(pool[0][1:]))
    unseen = TypedUnseen()
    piles = [view.deck.cards] + [view.hands[o] for o in range(view.players) if o != seat]
    renamed = unseen.name_apart(pools, piles)
    view.__class__ = HowIDiedView
    view.deck = ViewDeck(renamed[0], view.deck.discards, unseen)
    others = iter(renamed[1:])
    view.hands = [hand if o == seat else next(others) for o, hand in enumerate(view.hands)]
    view.unseen = unseen
    view.history = []  # the view's own moves: the walk's, not the game's
    return view


def turn_view(state: HowIDiedState, seat: int) -> HowIDiedView:
    """The walk's view of `state` for `seat`."""
    return walk_view(state.players_view(seat))
