"""The Epic Death! engine: the whole rulebook as an OpenSpiel-style state.

A turn walks through phases, each a small method:

``choose_quest`` -> ``targets`` (Deadly, Resurrect, Ancient Pact) -> ``before_roll`` (dice cards,
Frenzy, Loot Envy; a D6 card makes a ``d6`` chance node) -> ``roll`` (chance: plain Victories and
sixes) -> ``after_roll`` (re-roll cards, each a ``reroll`` chance node) -> the outcome
(``place_loot``, ``place_fail`` or ``choose_death`` when the active player must choose) -> the next
turn. In each Fate window the players are asked in turn, starting left of the active player; a
player plays as many cards as they like and then says ``done``, and the window goes round until
every player has passed since the last card was played, so any card can be answered (see the rules
notes). A player is passed over only when the table shows that no card of the window could be
played by them, whatever they hold; anyone else is asked and may say ``done``, as at a table, so a
pass tells the others nothing about a hand.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from fractions import Fraction
from functools import cache

from toolkit.data import expand
from toolkit.deck import Deck
from toolkit.epic_death.cards import BASE_POOL, BOX, CardSet, Quest, catalog
from toolkit.epic_death.fate import KINDS, REROLLS, WINDOWS
from toolkit.epic_death.odds import roll_outcomes
from toolkit.state import CHANCE, TERMINAL, Action, ChanceOutcomes, GameState

FATE_HAND = 5
SET_BONUS = 400
DONE = "done"
# What a seat holding no card of the window is offered: most moves of a game, so made once.
DONE_ONLY = (DONE,)
DISCARD = "discard"
# What a seat's view holds in place of a card it cannot see (toolkit.analysis walks from the view).
UNSEEN = "unseen"
CHANCE_PHASES = frozenset({"d6", "roll", "reroll"})
WINDOW_PHASES = frozenset(WINDOWS)


D6_OUTCOMES = ChanceOutcomes((("d6", face), Fraction(1, 6)) for face in range(1, 7))


@cache
def dice_outcomes(kind: str, dice: int, difficulty: str) -> ChanceOutcomes:
    """A roll's chance outcomes, (kind, plain Victories, sixes), with exact probabilities."""
    return ChanceOutcomes(((kind, *k), p) for k, p in roll_outcomes(dice, difficulty).pmf().items())


class EpicDeathState(GameState):
    """One game of Epic Death! for 2 to 5 players.

    Options: `quests_per_player` (the rulebook recommends 5 green and 5 Epic Quests per player with
    fewer than four players; 0 means the whole deck) can be set to play a shorter game.
    """

    game = "epic-death"
    # A clone shares the card set and the immutable quest card being attempted, and copies flat
    # the lists of card ids and of plays and results (tuples).
    FLAT_LISTS = (
        "quest_deck",
        "quest_line",
        "finished_quests",
        "out_of_game",
        "unused_adventurers",
        "loot_to_place",
        "plays",
        "results",
    )

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
        self._start_turn()

    def clone(self) -> EpicDeathState:
        """A copy, as :meth:`GameState.clone` makes, written out field by field: the exact walk
        copies the game at every roll outcome, and a deep copy, which visits every card of every
        pile, was most of its time. Only the read-only tables (cards, quest card) and the public
        views of the adventurers, which are replaced and never changed, are shared; the invariant
        tests check the copy against a deep one."""
        new = copy.copy(self)
        if self.rng is not None:  # a player's view has none
            new.rng = random.Random()
            new.rng.setstate(self.rng.getstate())
        for name in ("history", *self.FLAT_LISTS):
            setattr(new, name, list(getattr(self, name)))
        new.config = dict(self.config)
        new.parties = [list(party) for party in self.parties]
        new.alive = dict(self.alive)
        new.under = {adventurer: list(cards) for adventurer, cards in self.under.items()}
        new.hands = [list(hand) for hand in self.hands]
        new.loot = Deck(self.loot.cards, self.loot.discards)
        new.fate = Deck(self.fate.cards, self.fate.discards)
        new.epic_deaths = set(self.epic_deaths)
        new.completed = set(self.completed)
        new._adventurer_views = dict(self._adventurer_views)
        return new

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
        self.loot = Deck(expand(self.cards.loot))
        self.loot.shuffle(rng)
        self.fate = Deck(expand(self.cards.fate))
        self.fate.shuffle(rng)
        self.hands = [sorted(self.fate.draw(FATE_HAND, rng)) for _ in range(self._players)]

    def _start_turn(self) -> None:
        self.phase = "choose_quest"
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
        self.pending_d6: int = 0  # +1 or -1 while a D6 card's die is being rolled
        self.pending_reroll: tuple[str, int] | None = None  # (kind, dice) while re-rolling
        self.rolled = False
        self.plain = self.sixes = self.failed_dice = 0
        self.outcome: str | None = None  # success, epic_death, fail
        self.loot_to_place: list[str] = []
        self.asked = self.active  # the seat a Fate window is asking
        self.passes = 0  # seats in a row that have passed since the last Fate card played
        # whether the table lets any seat play a card of the window, kept while players pass
        self._open_to_all: bool | None = None
        if not self.quest_line:
            self.quest_line = [
                self.quest_deck.pop() for _ in range(min(self.line_size, len(self.quest_deck)))
            ]
        if not self.quest_line:
            self._end_game("the quests ran out")

    # -- the protocol ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._players

    def current_player(self) -> int:
        phase = self.phase  # the commonest first: most moves are Fate plays and passes
        if phase in WINDOW_PHASES:
            return self.asked
        if phase in CHANCE_PHASES:
            return CHANCE
        return TERMINAL if phase == "over" else self.active

    def _compute_legal(self) -> list[Action]:
        if self.winners is not None:
            return []
        if self.phase in CHANCE_PHASES:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if self.phase == "choose_quest":
            return [("quest", q) for q in self._open_quests()]
        if self.phase in WINDOW_PHASES:
            return self._fate_plays(self.asked) + [DONE]
        if self.phase == "place_loot":
            living = [a for a in self.parties[self.active] if self.alive[a]]
            return [("loot", a) for a in living] + [DISCARD]
        if self.phase in ("place_fail", "choose_death"):
            return [("adventurer", a) for a in self.parties[self.active] if self.alive[a]]
        raise AssertionError(f"unknown phase {self.phase}")

    def chance_outcomes(self) -> ChanceOutcomes:
        """The roll's outcomes: each kind of roll's are made once (dice_outcomes is cached), so
        a node's are not kept on the state."""
        if self.phase == "d6":
            return D6_OUTCOMES
        if self.phase == "roll":
            return dice_outcomes("roll", self.pool(), self.quest_card.difficulty)
        if self.phase == "reroll":
            return dice_outcomes("reroll", self.pending_reroll[1], self.quest_card.difficulty)
        raise ValueError("not a chance node")

    def _open_quests(self) -> list[str]:
        """Green Quests first: an Epic Quest in the line opens once no green one is left there."""
        green = list(filter(self.cards.quests.__contains__, self.quest_line))
        return green or list(self.quest_line)

    # -- Fate windows ---------------------------------------------------------------------------
    def _fate_plays(self, seat: int) -> list[Action]:
        """Each way `seat` may play a card now, a card once however many copies it holds."""
        plays: list[Action] = []
        window_plays = self.cards.window_plays[self.phase]
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

    def _open_window(self, phase: str) -> None:
        """Ask the players in turn, left of the active player first."""
        self.phase = phase
        self.asked = (self.active + 1) % self._players
        self.passes = 0
        self._ask()

    def _close_window(self) -> None:
        if self.phase == "targets":
            self._open_window("before_roll")
        elif self.phase == "before_roll":
            self._check_pool()
        elif self.phase == "after_roll":
            self._resolve()

    def _ask(self) -> None:
        """Ask on after the table changed (a window opened, a card was played, a die rolled): whom
        the window is open to is worked out afresh."""
        self._open_to_all = None
        self._ask_on()

    def _ask_on(self) -> None:
        """Ask the seat whose turn it is in the window: after a play the same player may play
        again, after `done` the next one is asked. The window closes when every player has passed
        since the last card played. The plays found for the player asked are the legal actions,
        so they are kept rather than worked out again."""
        now_playable = self.cards.window_cards[self.phase]
        while self.passes < self._players:
            seat = self.asked
            if self._open_to_all or self._could_play(seat):  # the kept answer is the usual one
                if now_playable.isdisjoint(self.hands[seat]):
                    self._offer(DONE_ONLY)
                else:
                    self._offer((*self._fate_plays(seat), DONE))
                return
            self._pass()
        self._close_window()

    def _could_play(self, seat: int) -> bool:
        """Whether some card of this window could be played by `seat` now, were it in their hand:
        a seat is passed over only when the table alone says no, so everyone knows it would
        have passed whatever it held (no one may be marked Deadly or Resurrected, say). What holds
        for every seat is kept until the table changes, as players pass: most moves are passes."""
        check = self.cards.window_checks[self.phase]
        open_to_all = self._open_to_all
        if open_to_all is None:
            open_to_all = self._open_to_all = check.always or any(
                play(self, seat, card_id) for card_id, play in check.any_seat
            )
        return open_to_all or any(play(self, seat, card_id) for card_id, play in check.per_seat)

    def forget_legal(self) -> None:
        """A position stacked by hand may have changed the table: whom the window is open to
        is worked out again too."""
        super().forget_legal()
        self._open_to_all = None

    def _pass(self) -> None:
        self.passes += 1
        self.asked = (self.asked + 1) % self._players

    # -- applying actions -----------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        HANDLERS[action[0] if isinstance(action, tuple) else action](self, action)

    def _do_quest(self, action) -> None:
        self.quest = action[1]
        self.quest_card = self.cards.quest(self.quest)
        self.quest_line.remove(self.quest)
        self._open_window("targets")

    def _do_done(self, action) -> None:
        self._pass()
        self._ask_on()  # a pass changes nothing on the table

    def _do_fate(self, action) -> None:
        seat, card_id = self.asked, action[1]
        self.passes = 0  # everyone may answer this card
        card = self.cards.fate[card_id]
        self.hands[seat].remove(card_id)
        self.fate.discard(card_id)
        target = action[2] if len(action) > 2 and action[2] in self.alive else None
        self.plays.append((seat, card_id, target))
        if not KINDS[card.kind].effect(self, seat, card, action):
            self._ask()

    # -- what Fate cards may do to the turn (see toolkit.epic_death.fate) ----------------------
    def offer_again(self, seat: int, action) -> bool:
        """After a play that changes nothing a card's plays depend on (the dice cards): the same
        plays are open, less this card's once its last copy is gone, and the window is open to the
        same seats. Whether they were offered (they are unless the state was stacked by hand and
        never listed them)."""
        if self._legal_at != len(self.history):  # the position was stacked by hand
            return False
        plays = self._legal  # still the actions this one was chosen from, as it is being applied
        if action[1] not in self.hands[seat]:
            plays = tuple(play for play in plays if play != action)
        self._offer(plays)
        return True

    def roll_d6(self, sign: int) -> None:
        """A D6 card's die is rolled now: the pool gains (+1) or loses (-1) what it shows."""
        self.pending_d6 = sign
        self.phase = "d6"

    def reroll(self, kind: str, failed: int, plain: int, sixes: int) -> None:
        """A re-roll card of `kind` takes so many dice of each kind out of the roll, to roll them
        again now."""
        self.failed_dice -= failed
        self.plain -= plain
        self.sixes -= sixes
        self.pending_reroll = (kind, failed + plain + sixes)
        self.phase = "reroll"

    def loot_of_class(self, adventurer: str, loot_class: str) -> list[str]:
        """The loot of `loot_class` under `adventurer`: at most one, as a new piece replaces it."""
        loot = self.cards.loot
        return [c for c in self.under[adventurer] if c in loot and loot[c].loot_class == loot_class]

    def _do_d6(self, action) -> None:
        self.dice_change += self.pending_d6 * action[1]
        self.pending_d6 = 0
        self.phase = "before_roll"
        self._ask()

    def _check_pool(self) -> None:
        """Too few dice for the target fails the quest at once, unless a Frenzy card was played."""
        if self.pool() < self.quest_card.victories and not self.frenzy:
            self.outcome = "fail"
            self._after_outcome()
        else:
            self.phase = "roll"

    def pool(self) -> int:
        """The dice rolled: BASE_POOL plus the cards played, within 0 and the BOX's dice (1 under
        Frenzy)."""
        size = BASE_POOL + self.dice_change
        if size > BOX:
            return BOX
        floor = 1 if self.frenzy else 0
        return size if size > floor else floor

    def _do_roll(self, action) -> None:
        _, self.plain, self.sixes = action
        self.failed_dice = self.pool() - self.plain - self.sixes
        self.rolled = True
        self._open_window("after_roll")

    def _do_reroll(self, action) -> None:
        _, plain, sixes = action
        dice = self.pending_reroll[1]
        self.plain += plain
        self.sixes += sixes
        self.failed_dice += dice - plain - sixes
        self.pending_reroll = None
        self.phase = "after_roll"
        self._ask()

    def victories(self) -> int:
        return self.plain + self.sixes * (2 if self.frenzy else 1)

    def _resolve(self) -> None:
        self.outcome = self.quest_card.outcome(self.victories())
        self._after_outcome()

    def _after_outcome(self) -> None:
        quest = self.quest_card
        self.results.append((self.active, self.quest, self.outcome))
        if self.outcome == "success":
            if self.resurrect:
                target = self.resurrect[1]
                self._set_alive(target, True)
                self.put_under(target, self.quest)
                self.completed.add(self.quest)
            else:
                self.finished_quests.append(self.quest)
            self.quest_placed = True
            self.loot_to_place = self.loot.draw_up_to(quest.rewards.loot, self.rng)
            self._next_loot()
        elif self.outcome == "fail" and self.deadly:
            self._kill(self.deadly[1], self.quest)
            self._end_turn()
        elif self.outcome == "fail" and not quest.epic_quest:
            self.phase = "place_fail"
        else:  # a failed Epic Quest or an EPIC DEATH: the active player picks who dies
            self.phase = "choose_death"

    def _kill(self, adventurer: str, quest_id: str) -> None:
        self._set_alive(adventurer, False)
        self.put_under(adventurer, quest_id)
        self.quest_placed = True

    def _next_loot(self) -> None:
        if self.loot_to_place:
            self.phase = "place_loot"
        else:
            self._end_turn()

    def _do_loot(self, action) -> None:
        loot_id, adventurer = self.loot_to_place.pop(0), action[1]
        for card in self.loot_of_class(adventurer, self.cards.loot[loot_id].loot_class):
            self.take_from(adventurer, card)
            self.loot.discard(card)
        self.put_under(adventurer, loot_id)
        self._next_loot()

    def _do_discard(self, action) -> None:
        self.loot.discard(self.loot_to_place.pop(0))
        self._next_loot()

    def _do_adventurer(self, action) -> None:
        adventurer = action[1]
        if self.phase == "place_fail":
            self.put_under(adventurer, self.quest)
            self.quest_placed = True
        else:
            self._kill(adventurer, self.quest)
            if self.outcome == "epic_death":
                self.epic_deaths.add(self.quest)
        self._end_turn()

    def _end_turn(self) -> None:
        """Fate for the active player (the reward, or back up to FATE_HAND), then the next player."""
        hand = self.hands[self.active]
        if self.outcome == "success":
            hand.extend(self.fate.draw_up_to(self.quest_card.rewards.fate, self.rng))
        else:
            hand.extend(self.fate.draw_up_to(max(0, FATE_HAND - len(hand)), self.rng))
        hand.sort()
        if self._death_to_check:  # only a death can leave a party with no one alive
            self._death_to_check = False
            alive = self.alive.__getitem__
            if not all(any(map(alive, party)) for party in self.parties):
                self._end_game("a party fell")
                return
        self.active = (self.active + 1) % self._players
        self.turn += 1
        self._start_turn()

    def _end_game(self, ended_by: str) -> None:
        scores = self.scores()
        best = max(scores)
        self.winners = tuple(seat for seat, score in enumerate(scores) if score == best)
        self.ended_by = ended_by
        self.phase = "over"

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
            "phase": self.phase,
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

    def players_view(self, seat: int) -> EpicDeathState:
        """The game as `seat` knows it: every card it cannot see is an :data:`UNSEEN` stand-in.

        Unseen are the other hands, the order and faces of the three decks (Fate, loot, quests),
        the loot drawn beyond the piece being placed, and what stays in the box. Within a turn no
        rule reads an unseen card's face: the quest's dice are chance nodes, a stand-in in another
        hand is no card of any window (so that seat's only choice is ``done``), and cards are
        drawn only once the quest has ended (loot as a reward, Fate at the end of the turn), where
        a walk from the view stops. The view has no generator, as the game's would tell the
        order of every later shuffle: it never shuffles, and a draw takes stand-ins from the top
        of the pile, as many as it holds."""
        view = self.clone()
        view.rng = None
        for other, hand in enumerate(view.hands):
            if other != seat:
                view.hands[other] = [UNSEEN] * len(hand)
        view.fate.cards = [UNSEEN] * len(view.fate.cards)
        view.loot.cards = [UNSEEN] * len(view.loot.cards)
        view.loot_to_place[1:] = [UNSEEN] * len(view.loot_to_place[1:])
        for pile in ("quest_deck", "out_of_game", "unused_adventurers"):
            setattr(view, pile, [UNSEEN] * len(getattr(view, pile)))
        view.forget_legal()  # the kept actions may be another seat's plays
        return view

    def determinise(self, rng: random.Random) -> EpicDeathState:
        """On a view: the game with every :data:`UNSEEN` stand-in dealt, from the cards of its kind
        the view shows nowhere, shuffled by `rng`, and a generator from `rng` for later shuffles.
        A stand-in's kind is known from its place (Fate in a hand or the Fate deck, loot in the
        loot deck or drawn to be placed, adventurers left unused, quests in the quest deck or
        the box). The quest deck keeps its known shape: green Quests on top of the Epic Quests,
        as many of each left as were dealt into it, the rest of each in the box."""
        game = self.clone()
        game.rng = random.Random(rng.getrandbits(64))
        seen = game.card_locations()
        del seen[UNSEEN]
        cards = self.cards
        unseen = {
            kind: _shuffled(Counter(expand(getattr(cards, kind))) - seen, rng)
            for kind in ("fate", "loot", "adventurers", "quests", "epic_quests")
        }
        for seat, hand in enumerate(game.hands):
            if UNSEEN in hand:
                game.hands[seat] = sorted(unseen["fate"].pop() for _ in hand)
        game.fate.cards = [unseen["fate"].pop() for _ in game.fate.cards]
        game.loot.cards = [unseen["loot"].pop() for _ in game.loot.cards]
        game.loot_to_place[1:] = [unseen["loot"].pop() for _ in game.loot_to_place[1:]]
        game.unused_adventurers = [unseen["adventurers"].pop() for _ in game.unused_adventurers]
        keep = self.config["quests_per_player"] * self._players
        greens, epics = unseen["quests"], unseen["epic_quests"]
        boxed = [
            max(len(deck) - keep, 0) if keep else 0 for deck in (cards.quests, cards.epic_quests)
        ]
        game.out_of_game = greens[: boxed[0]] + epics[: boxed[1]]
        game.quest_deck = epics[boxed[1] :] + greens[boxed[0] :]
        game.forget_legal()
        return game

    def why_illegal(self, action: Action) -> str:
        if self.winners is not None:
            return "the game is over"
        if self.is_chance_node():
            return f"a die is being rolled ({self.phase}); only its outcomes can be applied"
        seat = self.current_player()
        if isinstance(action, tuple) and action and action[0] == "fate" and len(action) > 1:
            card_id = action[1]
            if card_id not in self.hands[seat]:
                return f"player {seat} holds no {card_id!r}"
            card = self.cards.fate[card_id]
            if card.timing != self.phase:
                return f"{card.name} is played at {card.timing}, and it is now {self.phase}"
            ways = [play for play in self._fate_plays(seat) if play[1] == card_id]
            return f"{card.name} cannot be played like that now (it can be: {ways})"
        if isinstance(action, tuple) and action and action[0] == "quest":
            return f"{action[1]!r} is not an open quest (open: {', '.join(self._open_quests())})"
        return super().why_illegal(action)

    def action_to_string(self, action: Action) -> str:
        if action == DONE:
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
            verb = "place the FAIL under" if self.phase == "place_fail" else "kill"
            return f"{verb} {self.cards.adventurers[action[1]].name}"
        return str(action)


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


# An action's first word names the method that carries it out: "fate" -> `_do_fate`.
HANDLERS = {
    name.removeprefix("_do_"): method
    for name, method in vars(EpicDeathState).items()
    if name.startswith("_do_")
}


def _shuffled(cards: Counter, rng: random.Random) -> list[str]:
    """The cards counted, in an order drawn from `rng` (sorted first, so the order depends on
    `rng` alone)."""
    deck = sorted(cards.elements())
    rng.shuffle(deck)
    return deck
