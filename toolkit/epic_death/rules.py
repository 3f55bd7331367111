"""The Epic Death! engine: the whole rulebook as an OpenSpiel-style state.

A turn walks through phases, each a small method:

``choose_quest`` -> ``targets`` (Deadly, Resurrect, Ancient Pact) -> ``before_roll`` (dice cards,
Frenzy, Loot Envy; a D6 card makes a ``d6`` chance node) -> ``roll`` (chance: plain Victories and
sixes) -> ``after_roll`` (re-roll cards, each a ``reroll`` chance node) -> the outcome
(``place_loot``, ``place_fail`` or ``choose_death`` when the active player must choose) -> the next
turn. In each Fate window the players are asked in one lap, starting left of the active player and
ending with them; a player plays as many cards as they like and then says ``done`` (see the rules
notes). Players with no card they could play now are skipped, so every decision is a real one.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

from toolkit.data import expand
from toolkit.deck import Deck, shuffle
from toolkit.epic_death.cards import CardSet, Quest, default_cards
from toolkit.epic_death.odds import BASE_POOL, BOX, roll_outcomes
from toolkit.state import CHANCE, TERMINAL, Action, ChanceOutcomes, GameState

FATE_HAND = 5
SET_BONUS = 400
DONE = "done"
DISCARD = "discard"
CHANCE_PHASES = frozenset({"d6", "roll", "reroll"})
WINDOW_PHASES = frozenset({"targets", "before_roll", "after_roll"})  # Fate windows


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

    def __init__(self, seed: int = 0, players: int = 4, quests_per_player: int | None = None):
        if not 2 <= players <= 5:
            raise ValueError(f"Epic Death! takes 2 to 5 players, not {players}")
        if quests_per_player is None:
            quests_per_player = 5 if players < 4 else 0
        super().__init__(seed, players=players, quests_per_player=quests_per_player)
        self.cards: CardSet = default_cards()
        self._players = players
        # The order a Fate window asks the seats in, for each active player.
        self._laps = [
            [(active + i) % players for i in range(1, players + 1)] for active in range(players)
        ]
        self.line_size = 4 if players == 5 else 5
        self._deal(quests_per_player)
        self.active = 0
        self.turn = 1
        # (seat, quest, outcome) of every attempt: a turn's own fields are reset when the next one
        # starts, and displays and summaries want to say how each ended.
        self.results: list[tuple[int, str, str]] = []
        self._start_turn()

    # -- set-up ---------------------------------------------------------------------------------
    def _deal(self, quests_per_player: int) -> None:
        rng = self.rng
        quests, epics = list(self.cards.quests), list(self.cards.epic_quests)
        shuffle(quests, rng)
        shuffle(epics, rng)
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
        shuffle(adventurers, rng)
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
        self.plays: list[tuple[int, str, str | None]] = []  # (seat, fate card, first target)
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
        self.window: list[int] = []
        if not self.quest_line:
            self.quest_line = [
                self.quest_deck.pop() for _ in range(min(self.line_size, len(self.quest_deck)))
            ]
        if not self.quest_line:
            self._end_game("the quests ran out")
        self._chosen_from: list[Action] | None = None
        self._chance: ChanceOutcomes | None = None

    # -- the protocol ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self._players

    def current_player(self) -> int:
        phase = self.phase  # the commonest first: most moves are Fate plays and passes
        if phase in WINDOW_PHASES:
            return self.window[0]
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
            return self._fate_plays(self.window[0]) + [DONE]
        if self.phase == "place_loot":
            living = [a for a in self.parties[self.active] if self.alive[a]]
            return [("loot", a) for a in living] + [DISCARD]
        if self.phase in ("place_fail", "choose_death"):
            return [("adventurer", a) for a in self.parties[self.active] if self.alive[a]]
        raise AssertionError(f"unknown phase {self.phase}")

    def chance_outcomes(self) -> ChanceOutcomes:
        """Kept for the node: the simulator asks for them once to draw and once more to check."""
        if self._chance is None:
            if self.phase == "d6":
                self._chance = D6_OUTCOMES
            elif self.phase == "roll":
                self._chance = dice_outcomes("roll", self.pool(), self.quest_card.difficulty)
            elif self.phase == "reroll":
                dice = self.pending_reroll[1]
                self._chance = dice_outcomes("reroll", dice, self.quest_card.difficulty)
            else:
                raise ValueError("not a chance node")
        return self._chance

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
            if play.__class__ is tuple:
                plays.append(play)
            else:  # a kind whose targets are on the table
                plays += self._card_plays(seat, card_id, play)
        return plays

    def _card_plays(self, seat: int, card_id: str, kind: str) -> list[Action]:
        """The ways `seat` may play a card of `kind` now, one action a target; none means it
        cannot be played. The commonest kinds are asked first."""
        if kind == "reroll_failures":
            return [("fate", card_id)] if self.failed_dice else []
        if kind == "reroll_victories":
            return [("fate", card_id)] if self.plain + self.sixes else []
        party = self.parties[self.active]
        if kind == "deadly":
            if self.deadly:
                return []
            return [("fate", card_id, a) for a in party if self.alive[a] and self.under[a]]
        if kind == "frenzy":
            return [] if self.frenzy else [("fate", card_id)]
        if kind == "resurrect":
            if self.resurrect:
                return []
            return [("fate", card_id, a) for a in party if not self.alive[a] and self.under[a]]
        if kind == "loot_envy":
            return self._envy_plays(seat, card_id)
        if kind == "ancient_pact":
            if not self.deadly or self.pact:
                return []
            doomed = self.deadly[1]
            return [
                ("fate", card_id, a) for a in self.parties[seat] if self.alive[a] and a != doomed
            ]
        return [("fate", card_id)]  # untargeted cards (UNTARGETED_KINDS) can always be played

    def _envy_plays(self, seat: int, card_id: str) -> list[Action]:
        """Loot Envy's plays, ("fate", card, their adventurer, loot card, my adventurer), for
        every loot card under a living adventurer of another party and every living one of mine."""
        alive, under, loot_cards = self.alive, self.under, self.cards.loot
        mine = [a for a in self.parties[seat] if alive[a]]
        return [
            ("fate", card_id, theirs, loot, to)
            for other, party in enumerate(self.parties)
            if other != seat
            for theirs in party
            if alive[theirs]
            for loot in under[theirs]
            if loot in loot_cards
            for to in mine
        ]

    def _open_window(self, phase: str) -> None:
        """Ask every player once, left of the active player first and the active player last."""
        self.phase = phase
        self.window = self._laps[self.active][:]
        self._next_in_window()

    def _close_window(self) -> None:
        if self.phase == "targets":
            self._open_window("before_roll")
        elif self.phase == "before_roll":
            self._check_pool()
        elif self.phase == "after_roll":
            self._resolve()

    def _next_in_window(self) -> None:
        """After a play the same player may play again; after `done` the next player is asked.
        Players with nothing they could play are passed over. The plays found for the player
        asked are the legal actions, so they are kept rather than worked out again."""
        window, now_playable = self.window, self.cards.window_cards[self.phase]
        while window:
            if not now_playable.isdisjoint(self.hands[window[0]]):  # a quick look first
                plays = self._fate_plays(window[0])
                if plays:
                    plays.append(DONE)
                    self._offer(plays)
                    return
            window.pop(0)
        self._close_window()

    # -- applying actions -----------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        # the actions this one was chosen from, for a handler that can tell the next ones from them
        known = self._legal_at == len(self.history)
        self._chosen_from, self._chance = (list(self._legal) if known else None), None
        HANDLERS[action[0] if action.__class__ is tuple else action](self, action)

    def _do_quest(self, action) -> None:
        self.quest = action[1]
        self.quest_card = self.cards.quest(self.quest)
        self.quest_line.remove(self.quest)
        self._open_window("targets")

    def _do_done(self, action) -> None:
        self.window.pop(0)
        self._next_in_window()

    def _do_fate(self, action) -> None:
        seat, card_id, details = self.window[0], action[1], action[2:]
        target = details[0] if details else None
        card = self.cards.fate[card_id]
        self.hands[seat].remove(card_id)
        self.fate.discard(card_id)
        self.plays.append((seat, card_id, target))
        kind = card.kind
        if kind == "add_dice" or kind == "remove_dice":  # the commonest cards
            self.dice_change += card.amount if kind == "add_dice" else -card.amount
            # Nothing a card's targets depend on has changed: the same plays are open, less this
            # card's once its last copy is gone; a player left with only `done` is passed over.
            plays = self._chosen_from
            if plays is not None:
                if card_id not in self.hands[seat]:
                    plays.remove(action)
                if len(plays) > 1:
                    self._offer(plays)
                    return
        elif kind == "deadly":
            self.deadly = (seat, target)
        elif kind == "resurrect":
            self.resurrect = (seat, target)
        elif kind == "ancient_pact":
            self.pact = True
            self.deadly = (seat, target)
        elif kind in ("add_d6", "remove_d6"):
            self.pending_d6 = 1 if kind == "add_d6" else -1
            self.phase = "d6"
            return
        elif kind == "frenzy":
            self.frenzy = True
        elif kind == "loot_envy":
            self._envy(*details)
        elif kind in ("reroll_failures", "reroll_victories"):
            pool = self.failed_dice if kind == "reroll_failures" else self.plain + self.sixes
            dice = min(card.amount, pool)
            if kind == "reroll_failures":
                self.failed_dice -= dice
            else:  # sixes first: under Frenzy they are worth the most, otherwise it is all one
                from_sixes = min(self.sixes, dice)
                self.sixes -= from_sixes
                self.plain -= dice - from_sixes
            self.pending_reroll = (kind, dice)
            self.phase = "reroll"
            return
        self._next_in_window()

    def _envy(self, owner: str, loot_id: str, to_adv: str) -> None:
        self._take_from(owner, loot_id)
        loot_class = self.cards.loot[loot_id].loot_class
        swapped = [
            c
            for c in self.under[to_adv]
            if c in self.cards.loot and self.cards.loot[c].loot_class == loot_class
        ]
        for card in swapped:  # one of each class: the envious party's piece goes the other way
            self._take_from(to_adv, card)
            self._put_under(owner, card)
        self._put_under(to_adv, loot_id)

    def _do_d6(self, action) -> None:
        self.dice_change += self.pending_d6 * action[1]
        self.pending_d6 = 0
        self.phase = "before_roll"
        self._next_in_window()

    def _check_pool(self) -> None:
        """Too few dice for the target fails the quest at once, unless a Frenzy card was played."""
        if self.pool() < self.quest_card.victories and not self.frenzy:
            self.outcome = "fail"
            self._after_outcome()
        else:
            self.phase = "roll"

    def pool(self) -> int:
        """The dice rolled: 10 plus the cards played, within the box's 0 to 16 (1 under Frenzy)."""
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
        kind, dice = self.pending_reroll
        self.plain += plain
        self.sixes += sixes
        self.failed_dice += dice - plain - sixes
        self.pending_reroll = None
        self.phase = "after_roll"
        self._next_in_window()

    def victories(self) -> int:
        return self.plain + self.sixes * (2 if self.frenzy else 1)

    def _resolve(self) -> None:
        needed, got = self.quest_card.victories, self.victories()
        if self.quest_card.epic_quest and got == needed:
            self.outcome = "epic_death"
        else:
            self.outcome = "success" if got >= needed else "fail"
        self._after_outcome()

    def _after_outcome(self) -> None:
        quest = self.quest_card
        self.results.append((self.active, self.quest, self.outcome))
        if self.outcome == "success":
            if self.resurrect:
                target = self.resurrect[1]
                self._set_alive(target, True)
                self._put_under(target, self.quest)
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
        self._put_under(adventurer, quest_id)
        self.quest_placed = True

    def _next_loot(self) -> None:
        if self.loot_to_place:
            self.phase = "place_loot"
        else:
            self._end_turn()

    def _do_loot(self, action) -> None:
        loot_id, adventurer = self.loot_to_place.pop(0), action[1]
        loot_class = self.cards.loot[loot_id].loot_class
        for card in list(self.under[adventurer]):
            if card in self.cards.loot and self.cards.loot[card].loot_class == loot_class:
                self._take_from(adventurer, card)
                self.loot.discard(card)
        self._put_under(adventurer, loot_id)
        self._next_loot()

    def _do_discard(self, action) -> None:
        self.loot.discard(self.loot_to_place.pop(0))
        self._next_loot()

    def _do_adventurer(self, action) -> None:
        adventurer = action[1]
        if self.phase == "place_fail":
            self._put_under(adventurer, self.quest)
            self.quest_placed = True
        else:
            self._kill(adventurer, self.quest)
            if self.outcome == "epic_death":
                self.epic_deaths.add(self.quest)
        self._end_turn()

    def _end_turn(self) -> None:
        """Fate for the active player (the reward, or back up to five), then the next player."""
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
    def _put_under(self, adventurer: str, card: str) -> None:
        self.under[adventurer].append(card)
        self._changed(adventurer)

    def _take_from(self, adventurer: str, card: str) -> None:
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

    @property
    def last_result(self) -> tuple[int, str, str] | None:
        return self.results[-1] if self.results else None

    def card_locations(self) -> Counter:
        """Every card in the game wherever it is: the 158 of the box (the invariant tests check)."""
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
        return score_cards(self.cards, self.under[adventurer], self.epic_deaths)

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
        }

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
            ways = self._card_plays(seat, card_id, card.kind)
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
            name = self.cards.fate[action[1]].name
            if len(action) == 2:
                return f"play {name}"
            if len(action) == 5:
                _, _, theirs, loot, to = action
                return (
                    f"play {name}: take {self.cards.loot[loot].name} from "
                    f"{self.cards.adventurers[theirs].name} for {self.cards.adventurers[to].name}"
                )
            return f"play {name} on {self.cards.adventurers[action[2]].name}"
        if kind in ("roll", "reroll"):
            return f"{kind}: {action[1]} plain Victories and {action[2]} sixes"
        if kind == "d6":
            return f"the D6 shows {action[1]}"
        if kind == "loot":
            return f"give the loot to {self.cards.adventurers[action[1]].name}"
        if kind == "adventurer":
            verb = "place the FAIL under" if self.phase == "place_fail" else "kill"
            return f"{verb} {self.cards.adventurers[action[1]].name}"
        return str(action)

    def _repr_html_(self) -> str:
        from toolkit.epic_death.display import state_html

        return state_html(self)


def score_cards(cards: CardSet, under, epic_deaths) -> int:
    """EPIC of a pile of cards under one adventurer: loot, full sets, Epic Quests, minus FAIL."""
    total, sets = 0, {}
    for card_id in under:
        if card_id in cards.loot:
            loot = cards.loot[card_id]
            total += loot.epic
            if loot.set:
                sets.setdefault(loot.set, set()).add(loot.loot_class)
        else:
            quest = cards.quest(card_id)
            total += quest.epic * (2 if card_id in epic_deaths else 1) - quest.fail
    return total + SET_BONUS * sum(len(classes) == 3 for classes in sets.values())


# An action's first word names the method that carries it out: "fate" -> `_do_fate`.
HANDLERS = {
    name.removeprefix("_do_"): method
    for name, method in vars(EpicDeathState).items()
    if name.startswith("_do_")
}
