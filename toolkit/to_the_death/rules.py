"""The To the Death! engine: the solo game against a monster deck and the two-player game.

The state follows :class:`toolkit.state.GameState`. Every check and every draw takes a card from a
deck whose order nobody knows, so it is a chance node: its outcomes are the cards in the deck, each
with probability 1/size. Nothing is hidden in a shuffled order, the odds calculators see exactly the
engine's own chance outcomes, and a rulebook example replays by feeding the cards it shows.

Play runs on a stack of resumable steps (see :mod:`toolkit.to_the_death.registry`): the turn's
steps are in :mod:`toolkit.to_the_death.steps`, the main step's choices in
:mod:`toolkit.to_the_death.main_step`, the cards' abilities in :mod:`toolkit.to_the_death.abilities`.
This module holds the state, the step machine that runs them, and the lookups and changes they
share. A step may stop to ask a player something (``self.prompt``) or to draw a card
(``self.chance``); the answer, an action, resumes it.

Seats: solo has one seat (0) and the monsters are side 1; in the two-player game sides are seats.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from operator import itemgetter
from typing import TypeVar

import toolkit.to_the_death.abilities  # noqa: F401  (registers every card's functions)
from toolkit.hidden import Hiding, Place, blind_outcomes, pile_outcomes
from toolkit.state import UniformOutcomes, copying
from toolkit.steps import PASS, Ask, Draw, StepMachine
from toolkit.to_the_death import main_step  # noqa: F401  (registers the main step)
from toolkit.to_the_death.cards import (
    SECOND_PARTY,
    STARTER_KING,
    STARTER_MONSTERS,
    STARTER_PARTY,
    SUITS,
    card_name,
    catalog,
    value_of,
)
from toolkit.to_the_death.registry import HOOKS, STEPS
from toolkit.to_the_death.steps import MONSTERS, TURN_CAP
from toolkit.to_the_death.words import describe

# How a game ends; who won is the outcome's winners. Solo, the heroes falling or the last card
# gone is a loss, the monster king falling a win; in the duel the side whose heroes all fell loses,
# and no card left is a draw. The turn cap is a draw in both.
HEROES_FELL = "every hero fell"
KING_FELL = "the monster king fell"
NO_CARD = "no card left to check"
ENDINGS = (HEROES_FELL, KING_FELL, NO_CARD, TURN_CAP)

HAND_SIZE = 5
MAX_HEALTH = 6
# The hero-turn cap, a safety net the rulebook does not have (see the rules notes): by default
# 5,000 hero turns solo, which no seeded random solo game comes near, and 200 in the duel, where
# random play between two self-healing champions can go on for tens of thousands of turns before
# the rules end it (benchmarks/soak.py lifts the cap to MAX_TURNS to show that they do).
DEFAULT_TURNS = {1: 5_000, 2: 200}
MAX_TURNS = 1_000_000  # the largest cap one may ask for (GameSpec.max_moves bounds the defaults)
MOVES_PER_TURN = 50  # room for a hero turn and the enemy turn after it (random play takes ~15)
HIDDEN = "hidden:-1"  # in a player's view, a card that seat cannot see (value -1 matches nothing)
T = TypeVar("T")


class UnseenPlaceUnknown(ValueError):
    """A player's view cannot go on exactly: the seat would learn which of several unseen cards
    went where, or would choose while the walk knows more than the seat (after a card went face
    down or into the other hand from a deck it knows in part). The question is refused rather than answered with a guess."""


class Kept:
    """What the engine works out from the table and keeps until a change it depends on, in one
    place, so that :meth:`forget` lets every kept value go (:meth:`ToTheDeathState.touch` does).

    - ``roster``: each side's units and heroes in play; a defeat, a new enemy or a hero's return
      changes it, and each touches the state;
    - ``sources`` and ``by_hook``: the working abilities, and their functions by hook, which hold
      until a touch, a hero's move to another health box, or the turn after ``until``;
    - ``views``: each unit's view with what it shows (uid -> (shown, view)), until a touch, a
      health change or a new turn.
    """

    __slots__ = ("roster", "sources", "by_hook", "until", "views")

    def __init__(self):
        self.forget()

    def forget(self) -> None:
        self.roster: tuple[list[list[dict]], list[list[dict]]] | None = None
        self.views: dict[str, tuple] = {}
        self.forget_abilities()

    def forget_abilities(self) -> None:
        self.sources: list[tuple[str, dict | None]] | None = None
        self.by_hook: dict[str, list] | None = None
        self.until = -1


class ToTheDeathState(Hiding, StepMachine):
    """A game of To the Death!: ``players=1`` is the solo game, ``players=2`` the duel.

    Options (all JSON-able): ``party`` (solo, four hero ids), ``parties`` (duel, two lists),
    ``monsters`` (four monster ids) and ``king`` or ``challenge`` (a challenge card id that names
    both), ``encounter`` (one round against one monster card, for studies), ``max_turns`` (a
    safety cap on hero turns, :data:`DEFAULT_TURNS` unless given; reaching it ends the game as a
    draw).
    """

    game = "to-the-death"
    STEPS = STEPS
    STAND_IN = HIDDEN
    NOT_IN_KEY = ("kept", "public_history")  # a cache; the record of moves as seen
    # The random generator is shared: the engine draws nothing from it after set-up (every card
    # is a chance node). A unit is a flat dict but for its lists (_unit_copied), and the sides
    # list the copy's own units; the kept values start afresh.
    COPY = copying(
        shared=(
            "rng", "players", "max_turns", "deck", "blind", "offers_focus", "turn", "side",
            "hero_turns", "round", "challenge", "king", "wrapping_up", "_next_uid", "_pos",
        ),
        copied=(
            "deck_top", "top_put_by", "discard", "focus", "log", "attack_log", "public_history",
            "face_down_at", "monster_deck", "pile",
        ),
        each_copied=("known_in_deck", "hands"),
        plain=("tokens", "effects", "monster_cards"),
        fresh=("kept",),
        own={
            "units": lambda units, copy: {uid: _unit_copied(u) for uid, u in units.items()},
            "_sides": lambda sides, copy: [[copy.units[u["uid"]] for u in side] for side in sides],
        },
    )  # fmt: skip

    def __init__(
        self,
        seed: int = 0,
        players: int = 1,
        party=None,
        parties=None,
        monsters=None,
        king=None,
        challenge=None,
        encounter=None,
        max_turns: int | None = None,
    ):
        if max_turns is None:
            max_turns = DEFAULT_TURNS.get(players, 1)
        options = {"max_turns": max_turns}
        for name, value in (
            ("party", party),
            ("parties", parties),
            ("monsters", monsters),
            ("king", king),
            ("challenge", challenge),
            ("encounter", encounter),
        ):
            if value is not None:
                options[name] = value
        super().__init__(seed, players=players, **options)
        if players not in (1, 2):
            raise ValueError(f"To the Death! is played by 1 or 2 players, not {players}")
        _refuse_unused(players, options)
        if not 1 <= max_turns <= MAX_TURNS:
            raise ValueError(f"max_turns must be 1 to {MAX_TURNS}, not {max_turns}")
        cat = catalog()
        self.players = players
        self.max_turns = max_turns
        self.units: dict[str, dict] = {}
        self._sides: list[list[dict]] = [[], []]  # each side's units in the order they came
        # a multiset, kept sorted, and immutable: a card node's outcomes (see _chance_actions)
        self.deck: tuple[str, ...] = tuple(sorted(cat.arsenal))
        self.deck_top: list[str] = []  # cards whose place on top is known (end of list = top)
        self.top_put_by: list[int] = []  # the seat that put each card of deck_top there
        # the deck cards each seat knows are in the deck (from the discard pile shuffled in): a
        # player's view keeps them, and makes the others unseen
        self.known_in_deck: list[set[str]] = [set() for _ in range(players)]
        # in a view: a card went where the seat cannot see from a deck it knows in part, and the
        # walk took each card it could be as a chance outcome the seat never sees (see _unseen_top)
        self.blind = False
        # False only in the exact walk's copy (toolkit.to_the_death.options): a weapon's target
        # is then asked without the focus options, so the walk buys no focus on the way
        self.offers_focus = True
        self.discard: list[str] = []
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.tokens: list[dict] = []  # face-down cards that are not enemies (resurrection stones)
        self.effects: list[dict] = []
        self.focus = [0, 0]
        self.turn = 0
        self.side = 0  # whose turn it is
        self.hero_turns = 0
        self.round = 0
        self.log: list[str] = []
        # uid -> (weapons used, weapons that damaged): tuples, replaced on a change, so a clone
        # copies the dict alone (the exact walk clones at every branch)
        self.attack_log: dict[str, tuple[int, int]] = {}
        self.public_history: list = []  # the history with face-down cards hidden
        self.face_down_at: dict[str, int] = {}  # face-down card -> its "?" in public_history
        self.challenge = challenge
        self.monster_cards: list[dict] = []
        self.monster_deck: list[str] = []
        self.king = None
        self.pile: list[str] = []
        self.wrapping_up = False
        self._next_uid = 0
        self._pos = 0
        self.kept = Kept()
        if players == 1 and encounter is not None:
            self._setup_encounter(party or list(STARTER_PARTY), encounter)
        elif players == 1:
            self._setup_solo(party or list(STARTER_PARTY), monsters, king, challenge)
        else:
            chosen = parties or [list(STARTER_PARTY), list(SECOND_PARTY)]
            if len(chosen) != 2:
                raise ValueError("parties: the duel needs two parties")
            for seat, heroes in enumerate(chosen):
                self._add_party(seat, heroes)
            self._setup_duel()
        self.start_steps()

    # -- set-up ---------------------------------------------------------------------------------
    def _add_party(self, side: int, heroes) -> None:
        cat = catalog()
        heroes = list(heroes)
        if len(heroes) != 4:
            raise ValueError(f"a party is four heroes, got {len(heroes)}")
        unknown = [h for h in heroes if h not in cat.heroes]
        if unknown:
            raise ValueError(f"unknown hero {unknown[0]!r} (known: {', '.join(cat.heroes)})")
        classes = sorted(cat.heroes[h].hero_class for h in heroes)
        if classes != list(SUITS):
            raise ValueError(f"a party needs one hero of each class, got {', '.join(classes)}")
        near = sum(cat.heroes[h].area == "near" for h in heroes)
        if near != 2:
            raise ValueError(
                f"a party needs two heroes that start near and two far, got {near} near"
            )
        for hero_id in heroes:
            card = cat.heroes[hero_id]
            uid = f"{'ab'[side]}-{hero_id}"
            self.units[uid] = hero = {
                "uid": uid,
                "kind": "hero",
                "card": hero_id,
                "name": card.name,
                "side": side,
                "cls": card.hero_class,
                "area": card.area,
                "health": MAX_HEALTH,
                "max": MAX_HEALTH,
                "dmg": cat.damage_card_for(card.hero_class),
                "activated": False,
                "skip": False,
                "zombie": False,
                "acted": False,
                "attached": [],
                "defeated": False,
                "pos": self._new_pos(),
                "weapons": [(w.kind, w.value) for w in card.weapons],
                "armor": card.armor,
                "skill": card.skill,
            }
            self._sides[side].append(hero)

    def _setup_solo(self, party, monsters, king, challenge) -> None:
        cat = catalog()
        self._add_party(0, party)
        if challenge is not None:
            if challenge not in cat.challenges:
                raise ValueError(
                    f"unknown challenge {challenge!r} (known: {', '.join(cat.challenges)})"
                )
            card = cat.challenges[challenge]
            monsters = monsters or list(card.monsters)
            king = king or card.king
            self.pile.append(challenge)
        monsters = list(monsters or STARTER_MONSTERS)
        king = king or STARTER_KING
        if len(monsters) != 4 or len(set(monsters)) != 4:
            raise ValueError("monsters: the monster deck needs four different monsters")
        for name in (*monsters, king):
            if name not in cat.monsters:
                raise ValueError(f"unknown monster {name!r} (known: {', '.join(cat.monsters)})")
        if any(cat.monsters[m].king for m in monsters):
            raise ValueError(
                "monsters: a monster king goes under the monster deck, not among the four"
            )
        if not cat.monsters[king].king:
            raise ValueError(f"king: {king!r} is not a monster king")
        self.monster_deck = monsters
        self.king = king
        self.draw_cards(0, HAND_SIZE)
        self.then("new_round")

    def _setup_encounter(self, party, monster: str) -> None:
        """One round against a single monster card (for studies): defeating it wins."""
        if monster not in catalog().monsters:
            raise ValueError(
                f"unknown monster {monster!r} (known: {', '.join(catalog().monsters)})"
            )
        self._add_party(0, party)
        self.monster_deck, self.king = [], monster
        self.draw_cards(0, HAND_SIZE)
        self.then("new_round")

    def _setup_duel(self) -> None:
        self.draw_cards(0, 3)
        self.draw_cards(1, HAND_SIZE)
        self.then("hero_turn", side=0)

    def _new_pos(self) -> int:
        self._pos += 1
        return self._pos

    # -- the protocol ---------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return self.players

    def _compute_legal(self) -> Sequence:
        """A prompt's options, or the function that lists them from the game (the main step's:
        see :func:`toolkit.to_the_death.main_step.main`), with the prompt's arguments."""
        options = super()._compute_legal()
        if self.prompt is None or self.chance is not None or self.outcome is not None:
            return options
        if self.blind and self.prompt.seat == self.viewer and len(options) > 1:
            raise UnseenPlaceUnknown(
                "a card went where you cannot see from a deck whose cards you partly know, and "
                "you would choose before knowing which"
            )
        return options

    def draw_outcomes(self, draw: Draw) -> UniformOutcomes:
        """The next monster card, or the next card of the deck: each equally likely (in a
        player's view, see :meth:`_view_outcomes`)."""
        if self.viewer is not None and draw.kind != "monster":
            return self._view_outcomes()
        return UniformOutcomes(self._chance_actions())

    def draw_actions(self, draw: Draw) -> Sequence[str]:
        return self._chance_actions()

    def _chance_actions(self) -> Sequence[str]:
        """The chance node's outcomes alone. A card node's are the deck's cards, in sorted order:
        the deck tuple itself, which a change replaces, so outcomes once handed out stay as they
        were."""
        if self.chance.kind == "monster":
            return sorted(self.monster_deck) or [self.king]
        if self.viewer is not None:
            return [card for card, _ in self._view_outcomes()]
        return [self.deck_top[-1]] if self.deck_top else self.deck

    # -- a player's view ------------------------------------------------------------------------
    def places(self, seat: int) -> list[Place]:
        """Where cards lie that a seat may not see (see :mod:`toolkit.hidden`): the deck (the
        seat knows the cards of the discard pile shuffled into it), the cards put on top (the
        seat knows its own), the discard pile (seen by all), the hands (another's unseen), the
        cards face down under created enemies and resurrection stones. Drawing a stand-in is a
        chance node over the unseen cards; a stand-in turned face up is one too; a card drawn
        face down or into the other hand stays a stand-in, so the walk never learns what the
        seat would not."""
        mine_on_top = {
            card for card, by in zip(self.deck_top, self.top_put_by, strict=True) if by == seat
        }
        fields = vars(self)
        return [
            Place(fields, "deck", self.known_in_deck[seat], sort=True),
            Place(fields, "deck_top", mine_on_top),
            Place(fields, "discard", None),
            *(
                Place(self.hands, other, None if other == seat else ())
                for other in range(self.players)
            ),
            *(Place(unit, "facedown") for unit in self.units.values() if unit.get("facedown")),
            *(Place(token, "card") for token in self.tokens),
        ]

    def viewed(self) -> None:
        self.face_down_at = {}

    def _view_outcomes(self) -> Sequence[tuple[str, object]]:
        """In a player's view, the next card: a stand-in turned face up is any unseen card; a
        card known to be on top is that card; otherwise each card of the deck is as likely, a
        stand-in's share spread over the unseen cards."""
        if self.chance.kind == "reveal":
            return self.reveal_outcomes()
        if self.chance.kind == "blind":
            return blind_outcomes(self.deck, HIDDEN)
        if self.deck_top:
            top = self.deck_top[-1]
            return UniformOutcomes(self.unseen_for() if top == HIDDEN else [top])
        return pile_outcomes(self.deck, self.unseen_for(), HIDDEN)

    def _reveal(self, card: str) -> None:
        """In a player's view, the stand-in just turned face up was `card`."""
        self.seen_now(card)
        self.discard[self.discard.index(HIDDEN)] = card

    def returns(self) -> list[float]:
        """1 for a win and -1 for a loss; 0 for every seat while the game goes on, at the
        hero-turn cap and in a duel nobody won."""
        outcome = self.outcome
        if outcome is None or outcome.kind == TURN_CAP:
            return [0.0] * self.players
        if self.players == 1:
            return [1.0 if outcome.winners else -1.0]
        if not outcome.winners:
            return [0.0, 0.0]
        return [1.0 if seat in outcome.winners else -1.0 for seat in range(2)]

    def drawn(self, draw: Draw, card: str) -> None:
        """A card drawn leaves its deck, and the public history records it, as "?" where
        nobody but its taker sees it."""
        if draw.kind == "monster":
            if card in self.monster_deck:
                self.monster_deck.remove(card)
            self.public_history.append(card)
        elif draw.kind == "reveal":
            self._reveal(card)
        elif draw.kind == "blind":
            self.take_from_deck(card)
            self.public_history.append("?")
            self.blind = True
        else:
            self.take_from_deck(card)
            self.public_history.append(card if draw.public else "?")

    def answered(self, ask: Ask, answer) -> None:
        self.public_history.append(answer)

    def take_from_deck(self, card: str) -> None:
        """A card leaves the deck: drawn. In a player's view an unseen card
        takes a stand-in's place."""
        for known in self.known_in_deck:
            known.discard(card)
        if self.deck_top:
            top = self.deck_top[-1]
            if top == card or (top == HIDDEN and self.viewer is not None):
                self.deck_top.pop()
                self.top_put_by.pop()
                if top == HIDDEN:
                    self.seen_now(card)
                return
        if self.viewer is not None and card not in self.deck:
            self.seen_now(card)
            card = HIDDEN
        at = self.deck.index(card)
        self.deck = self.deck[:at] + self.deck[at + 1 :]

    def add_to_deck(self, cards: Sequence[str]) -> None:
        """Cards go into the deck, which is kept sorted (a card node's outcomes are the deck)."""
        self.deck = tuple(sorted((*self.deck, *cards)))

    def shuffle_discard_into_deck(self) -> None:
        """The discard pile, and any cards known to be on top, go back into the deck. Every seat
        saw the discard pile, so it knows those cards are in the deck now; a card on top, only
        the seat that put it there."""
        self._deck_takes_the_top()
        for known in self.known_in_deck:
            known.update(self.discard)
        self.add_to_deck(self.discard)
        self.discard = []

    def _deck_takes_the_top(self) -> None:
        for card, by in zip(self.deck_top, self.top_put_by, strict=True):
            self.known_in_deck[by].add(card)
        self.add_to_deck(self.deck_top)
        self.deck_top, self.top_put_by = [], []

    def put_on_top(self, seat: int, card: str) -> None:
        """A card of `seat`'s hand goes on top of the deck: that seat knows it is there."""
        self.hands[seat].remove(card)
        self.deck_top.append(card)
        self.top_put_by.append(seat)

    # -- draws -------------------------------------------------------------------------------
    def need_card(self, resume: str, /, hidden: str | None = None, **args) -> None:
        """Take the top card of the deck (a chance node), then call step `resume`(card, **args).

        An empty deck is first refilled from the discard pile; with no card anywhere, `resume`
        gets None.
        """
        if not self.deck and not self.deck_top:
            if not self.discard:
                self.answer_now(resume, None, **args)
                return
            self.shuffle_discard_into_deck()
            self.narrate("The deck is empty: the discard pile is shuffled into a new deck.")
        kind = "card"
        if self.viewer is not None and hidden == "all" and args.get("seat") != self.viewer:
            if self.deck_top or all(card == HIDDEN for card in self.deck):
                self.answer_now(resume, self._unseen_top(), **args)
                return
            kind = "blind"
        self.draw(kind, resume, public=hidden != "all", **args)

    def _unseen_top(self) -> str:
        """In a player's view, the top card goes where the seat cannot see it (face down, into
        the other hand), and the seat knows what it is: a card it put on top, or a stand-in
        that stays one. From a deck it knows in part, the card is a "blind" chance node: the
        walk takes each card it could be, and the seat, who cannot tell which went, may not
        choose again in that walk (a choice made knowing it would not be the seat's: the
        view then refuses with :class:`UnseenPlaceUnknown`)."""
        self.public_history.append("?")
        if self.deck_top:
            self.top_put_by.pop()
            return self.deck_top.pop()
        self.deck = self.deck[1:]
        return HIDDEN

    def need_check(self, resume: str, /, **args) -> None:
        """A check: take the top card of the deck, then call step `resume`(card, **args).

        With no card in the deck nor in the discard pile (every other card is in hands, attached
        or face down under created enemies) the game ends: the rulebook is silent, and without
        checks no weapon can hit again, so the game would only wait for its turn cap (our
        decision, see the rules notes). Solo, the monsters win; the duel is a draw."""
        if self.deck or self.deck_top or self.discard:
            self.need_card(resume, **args)
            return
        self.end(NO_CARD)
        self.narrate(
            "A check needs a card, and neither the deck nor the discard pile holds one: the game "
            + ("ends, and the monsters win." if self.players == 1 else "ends in a draw.")
        )

    def place_face_down(self, card: str) -> None:
        """Remember where the card just drawn face down stands hidden in the public history."""
        self.face_down_at[card] = len(self.public_history) - 1

    def turn_face_up(self, card: str) -> None:
        """Discard a face-down card face up. The player now knows which card was drawn there, so
        the public history names it (a search bot rebuilds the game from that history). In a
        player's view a stand-in turned up is a chance node over the unseen cards, which comes
        before anything else the step scheduled."""
        at = self.face_down_at.pop(card, None)
        if at is not None:
            self.public_history[at] = card
        self.discard.append(card)
        if card == HIDDEN:
            self._batch.insert(0, (STEPS["reveal_face_down"], {}))

    def narrate(self, text: str) -> None:
        self.log.append(text)

    # -- end of game and of round ---------------------------------------------------------------
    def check_end(self) -> bool:
        """After a change that may end something (a defeat, a new monster card): the game, or
        the round."""
        return self._game_over() or self._round_over()

    def _game_over(self) -> bool:
        heroes = (self.kept.roster or self._find_roster())[1]
        if self.players == 2:
            for side in (0, 1):
                if not heroes[side]:
                    self.end(HEROES_FELL, [1 - side])
                    self.narrate(
                        f"Every hero of player {side + 1} is defeated: player {2 - side} wins."
                    )
                    return True
            return False
        if not heroes[0]:
            self.end(HEROES_FELL)
            self.narrate("Every hero is defeated: the monsters win.")
            return True
        for card in self.monster_cards:
            if card["defeated"] and card["id"] == self.king:
                self.end(KING_FELL, [0])
                self.narrate("The monster king is defeated: you win!")
                return True
        return False

    def _round_over(self) -> bool:
        """All monsters in play defeated: the turn stops at once and goes to the draw step."""
        if self.players == 2 or self.wrapping_up or not self.monster_cards:
            return False
        if not all(card["defeated"] for card in self.monster_cards):
            return False
        self.wrapping_up = True
        self.stack.clear()
        self.side = 0
        self.narrate(f"Every monster of round {self.round} is defeated.")
        self.stack += [
            (STEPS["new_round"], {}),
            (STEPS["draw_step"], {"seat": 0}),
        ]  # the draw step first
        return True

    # -- looking things up ----------------------------------------------------------------------
    def heroes(self, side: int) -> list[dict]:
        return (self.kept.roster or self._find_roster())[1][side].copy()

    def enemies_of(self, side: int) -> list[dict]:
        return (self.kept.roster or self._find_roster())[0][1 - side].copy()

    def _find_roster(self) -> tuple[list[list[dict]], list[list[dict]]]:
        """Each side's units in play and each side's heroes in play, in the order they came; kept
        (``kept.roster``) until a touch."""
        in_play = [[unit for unit in side if not unit["defeated"]] for side in self._sides]
        heroes = [[unit for unit in side if unit["kind"] == "hero"] for side in in_play]
        self.kept.roster = (in_play, heroes)
        return self.kept.roster

    def monster_units(self) -> list[dict]:
        return [u for u in self._sides[MONSTERS] if u["kind"] == "enemy" and not u["defeated"]]

    def active_card(self) -> dict | None:
        return self.monster_cards[-1] if self.monster_cards else None

    def is_night(self) -> bool:
        monsters = catalog().monsters
        for card in self.monster_cards:
            if not card["defeated"] and monsters[card["id"]].night:
                return True
        return False

    # -- working abilities and the numbers they change -----------------------------------------
    def sources(self) -> list[tuple[str, dict | None]]:
        """Every ability working right now, as (source id, the unit or effect it belongs to)."""
        if self.kept.sources is None:
            self._find_abilities()
        return self.kept.sources

    def hooked(self, hook: str) -> list:
        """The working sources' functions for one hook, as (function, source) pairs."""
        if self.kept.by_hook is None:
            self._find_abilities()
        return self.kept.by_hook.get(hook, ())

    def _find_abilities(self) -> None:
        """Find the working abilities and their functions by hook, and the last turn over which
        they hold: the turn before a temporary effect starts, or the last turn of one that works."""
        turn = self.turn
        found: list[tuple[str, dict | None]] = []
        until = _FOREVER
        for effect in self.effects:
            start, end = effect["start"], effect["end"]
            if start <= turn <= end:
                found.append((effect["id"], effect))
                until = min(until, end)
            elif start > turn:
                until = min(until, start - 1)
        in_play = (self.kept.roster or self._find_roster())[0]
        for unit in in_play[0] + in_play[1]:  # the order they came, as in units
            if unit["kind"] == "hero":
                box = _working_box(unit["dmg"], unit["health"])
                if box is not None:
                    found.append((box, unit))
            else:
                for ability in unit["abilities"]:
                    found.append((ability, unit))
        active = self.active_card()
        for card in self.monster_cards:
            king, abilities = _monster_abilities(card["id"])
            working = not card["defeated"] and (card is active or king) and card.get("body") is None
            for source_id, progressive in abilities:
                if progressive or working:
                    found.append((source_id, card))
        if self.challenge is not None:
            found.append((_challenge_ability(self.challenge), None))
        by_hook: dict[str, list] = {}
        for source_id, source in found:
            for name, function in _hooks_of(source_id):
                by_hook.setdefault(name, []).append((function, source))
        self.kept.sources, self.kept.by_hook, self.kept.until = found, by_hook, until

    def next_turn(self) -> None:
        """Turns only go forward: the views show the new turn's numbers, and the working
        abilities are found again in a turn in which a temporary effect starts or has ended."""
        self.turn += 1
        self.kept.views = {}
        if self.turn > self.kept.until:
            self.kept.forget_abilities()

    def touch(self) -> None:
        """Note a change to which units or abilities are working (defeats, effects, new units):
        every kept value goes, and the end of the game and of the round is looked at again."""
        self._end_check_due = True
        self.kept.forget()

    def _health_changed(self, unit: dict, old: int) -> None:
        """A hero's health picks its working box; an enemy's health works no ability. So only a
        hero's new box lets the working abilities go; the units in play and the end of the game
        do not depend on a box. The views show health, so they always go."""
        self.kept.views = {}
        if unit["kind"] == "hero" and _working_box(unit["dmg"], old) != _working_box(
            unit["dmg"], unit["health"]
        ):
            self.kept.forget_abilities()

    def total(self, hook: str, *args) -> int:
        result = 0
        for function, source in self.hooked(hook):
            result += function(self, source, *args)
        return result

    def any(self, hook: str, *args) -> bool:
        for function, source in self.hooked(hook):
            if function(self, source, *args):
                return True
        return False

    def collect(self, hook: str, *args) -> list:
        found = []
        for function, source in self.hooked(hook):
            found.extend(function(self, source, *args))
        return found

    def emit(self, hook: str, *args) -> None:
        """A triggered ability's moment: each working source with this hook schedules its steps.
        (A change it makes finds the abilities again into new lists, so this one is safe to walk.)"""
        for function, source in self.hooked(hook):
            function(self, source, *args)

    def armor(self, unit: dict) -> int:
        return unit["armor"] + self.total("armor_bonus", unit)

    def skill(self, unit: dict) -> int:
        return unit["skill"] + self.total("skill_bonus", unit)

    def weapons(self, unit: dict, kind: str | None = None) -> list[tuple[str, int]]:
        """Printed weapons in printed order, then weapons gained from abilities."""
        found = list(unit["weapons"])
        for function, source in self.hooked("extra_weapons"):
            found += function(self, source, unit)
        return found if kind is None else [w for w in found if w[0] == kind]

    def weapon_bonus(self, attacker: dict, kind: str, target: dict | None) -> int:
        return self.total("weapon_bonus", attacker, kind, target)

    def reachable(self, attacker: dict, kind: str) -> list[dict]:
        """The enemies a hero's weapon of this kind may attack: a ranged one, any; a melee one,
        those it :meth:`reaches`."""
        foes = self.enemies_of(attacker["side"])
        if kind == "range":
            return foes
        return [foe for foe in foes if self.reaches(attacker, kind, foe)]

    def attack_kinds(self, hero: dict) -> list[str]:
        """The kinds of attack a hero can make now: it has a weapon of the kind, printed or
        gained, and an enemy it :meth:`reaches`."""
        foes = self.enemies_of(hero["side"])
        if not foes:
            return []
        kinds = _printed_kinds(hero["card"])
        if self.hooked("extra_weapons"):
            kinds = kinds.union(kind for kind, _ in self.collect("extra_weapons", hero))
        found = []
        if "melee" in kinds and any(self.reaches(hero, "melee", foe) for foe in foes):
            found.append("melee")
        if "range" in kinds:
            found.append("range")
        return found

    def enemy_target(self, attacker: dict, kind: str, suit: str) -> dict | None:
        """The hero a monster weapon attacks after checking `suit` (see :func:`first_reached`),
        or another one that takes the attack for it."""
        by_class = {hero["cls"]: hero for hero in self.heroes(0)}
        target = first_reached(suit, by_class, lambda hero: self.reaches(attacker, kind, hero))
        return None if target is None else self.redirected(attacker, kind, target)

    def redirected(self, attacker: dict, kind: str, target: dict) -> dict:
        """The unit a weapon aimed at `target` attacks: another hero when a working ability
        (Bodyguard, Taunt) takes the attack, as long as the weapon can reach that hero; monster and
        hero weapons alike (in the duel the other player's heroes are enemies too)."""
        for function, source in self.hooked("redirect"):
            for uid in function(self, source, attacker, kind, target):
                new = self.units[uid]
                if not new["defeated"] and self.reaches(attacker, kind, new):
                    return new
        return target

    def reaches(self, attacker: dict, kind: str, unit: dict) -> bool:
        """Whether a weapon of this kind can attack the unit: a ranged one always, a melee one a
        near unit, or any unit while its attacker charges. The same for heroes and monsters, from
        either area: the rulebook limits melee by the target's area only (see the rules notes)."""
        return kind == "range" or unit["area"] == "near" or self.any("charging", attacker)

    # -- changing the table (called by steps and abilities) -------------------------------------
    def add_effect(
        self, effect_id: str, owner: str | None, next_turn: bool = False, **data
    ) -> None:
        """A temporary ability: this turn, or (``next_turn``) the whole of the next turn."""
        start = self.turn + 1 if next_turn else self.turn
        self.effects.append(
            {
                "id": effect_id,
                "owner": owner,
                "side": self.side,
                "start": start,
                "end": start,
                **data,
            }
        )
        self.touch()

    def deal(self, uid: str, amount: int, why: str = "") -> None:
        """Deal damage. Several points at once skip the boxes in between (only the last counts)."""
        unit = self.units[uid]
        if unit["defeated"] or amount <= 0:
            return
        old, health = unit["health"], unit["health"] - amount
        self.narrate(f"{unit['name']} takes {amount} damage{why}.")
        if health <= 0:
            self.defeat(uid)
            return
        unit["health"] = health
        self._health_changed(unit, old)
        if unit["kind"] == "hero":
            self._arrive(unit)

    def heal(self, uid: str, amount: int) -> None:
        unit = self.units[uid]
        if unit["defeated"] or amount <= 0:
            return
        health = min(unit["max"], unit["health"] + amount)
        if health == unit["health"]:
            return
        self.narrate(f"{unit['name']} heals {health - unit['health']} (health {health}).")
        old, unit["health"] = unit["health"], health
        self._health_changed(unit, old)
        if unit["kind"] == "hero":
            self._arrive(unit)

    def exhaust(self, uid: str) -> None:
        unit = self.units[uid]
        if not unit["defeated"]:
            unit["health"] = 1
            self.touch()
            self.narrate(f"{unit['name']} is exhausted (health 1).")

    def _arrive(self, hero: dict) -> None:
        box = _burst_box(hero["dmg"], hero["health"])
        if box is not None:
            self.narrate(f"{hero['name']}'s box at health {hero['health']} bursts: {box.text}")
            self.then("burst", uid=hero["uid"], key=box.key)

    def defeat(self, uid: str) -> None:
        unit = self.units[uid]
        if unit["kind"] == "enemy" and self.any("prevent_defeat", unit):
            return
        unit["defeated"] = True
        unit["health"] = 0
        self.touch()
        self.narrate(f"{unit['name']} is defeated.")
        self.discard.extend(unit["attached"])
        unit["attached"] = []
        if unit.get("facedown"):
            self.turn_face_up(unit["facedown"])
            self.narrate(f"Its face-down card, the {card_name(unit['facedown'])}, is discarded.")
            unit["facedown"] = None
        if unit["kind"] == "enemy":
            card = self.monster_cards[unit["card_index"]]
            if all(self.units[u]["defeated"] for u in card["units"]):
                card["defeated"] = True
                if card["id"] not in self.pile:
                    self.pile.append(card["id"])
                self.narrate(f"The {catalog().monsters[card['id']].name} card is defeated.")
        else:
            unit["zombie"] = False
        self.emit("unit_defeated", unit)

    def create_enemy(self, card_index: int, name: str, by_challenge: bool = False) -> None:
        """Put a created enemy into play, shown by the top card of the deck face down."""
        self.need_card(
            "place_created",
            hidden="all",
            card_index=card_index,
            name=name,
            by_challenge=by_challenge,
        )

    def new_enemy(
        self, card_index: int, name: str, stats, abilities, facedown=None, main=False
    ) -> dict:
        card = self.monster_cards[card_index]
        self._next_uid += 1
        uid = f"m{self._next_uid}-{name.lower().replace(' ', '-').replace(',', '')}"
        unit = {
            "uid": uid,
            "kind": "enemy",
            "card": card["id"],
            "card_index": card_index,
            "name": name,
            "side": MONSTERS,
            "area": stats.area,
            "health": stats.health,
            "max": stats.health,
            "weapons": [(w.kind, w.value) for w in stats.weapons],
            "armor": stats.armor,
            "skill": stats.skill,
            "abilities": list(abilities),
            "facedown": facedown,
            "attached": [],
            "defeated": False,
            "pos": self._new_pos(),
            "zombie": False,
        }
        self.units[uid] = unit
        self._sides[MONSTERS].append(unit)
        card["units"].append(uid)
        self.touch()
        return unit

    def discard_from_hand(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.discard.append(card)

    def move(self, uid: str) -> None:
        """A hero moves to the other area, at the end of its row; the rulebook lets the player
        put it anywhere in that row, so where the order of a row can matter (an ability reads
        which heroes stand side by side: ``adjacency_matters``) the player is asked where."""
        hero = self.units[uid]
        hero["area"] = "far" if hero["area"] == "near" else "near"
        hero["pos"] = self._new_pos()
        self.narrate(f"{hero['name']} moves {hero['area']}.")
        row = self.row_of(hero)
        if len(row) > 1 and self.any("adjacency_matters"):
            options = [("place", i) for i in range(len(row))]
            self.ask(hero["side"], "place in row", options, "placed_in_row", uid=uid)

    def row_of(self, hero: dict) -> list[dict]:
        """The heroes of `hero`'s side in its area, in the row's order."""
        same = (h for h in self.heroes(hero["side"]) if h["area"] == hero["area"])
        return sorted(same, key=lambda h: h["pos"])

    # -- abilities' building blocks (they schedule steps) ---------------------------------------
    def attack_record(self, uid: str) -> tuple[int, int]:
        """(weapons used, weapons that damaged) in `uid`'s latest attack; (0, 0) before any."""
        return self.attack_log.get(uid, (0, 0))

    def attack(self, uid: str, kind: str, each: bool = False) -> None:
        """Schedule a melee or range attack: each weapon of that kind in turn."""
        hero = self.units[uid]
        weapons = self.weapons(hero, kind)
        self.attack_log[uid] = (len(weapons), 0)
        for index, (weapon_kind, value) in enumerate(weapons):
            self.then_now(
                "hero_weapon", uid=uid, kind=weapon_kind, value=value, index=index, each=each
            )

    def choose_attack(self, uid: str, each: bool = False) -> None:
        """Let the player pick melee or range (only kinds the hero has and can use)."""
        hero = self.units[uid]
        kinds = self.attack_kinds(hero)
        if kinds:
            self.ask(
                hero["side"],
                "attack kind",
                [("attack kind", k) for k in kinds] + [PASS],
                "attack_kind_chosen",
                uid=uid,
                each=each,
            )

    def skill_check(self, uid: str, target: int, success: str, **args) -> None:
        """A skill check of `uid` against `target`; then step `success`(uid, passed, **args)."""
        self.then_now("skill_check_start", uid=uid, target=target, success=success, args=args)

    def choose_enemy(self, seat: int, resume: str, **args) -> None:
        foes = self.enemies_of(seat)
        if foes:
            self.ask(seat, "choose enemy", [("enemy", f["uid"]) for f in foes], resume, **args)

    def choose_hero(
        self, seat: int, resume: str, why: str, exclude: str | None = None, **args
    ) -> None:
        """Ask for one of `seat`'s heroes (not `exclude`); `why` says what happens to it."""
        heroes = [h for h in self.heroes(seat) if h["uid"] != exclude]
        if heroes:
            options = [("hero", h["uid"]) for h in heroes]
            self.ask(seat, "choose hero", options, resume, why=why, **args)

    def draw_cards(self, seat: int, n: int) -> None:
        """Draw n cards, one chance node each; one step is scheduled, and each card drawn asks
        for the next at once (nothing else happens between the draws)."""
        if n > 0:
            self.then_now("draw_one", seat=seat, left=n - 1)

    # -- views ----------------------------------------------------------------------------------
    def hand_limit(self, seat: int) -> int:
        reduction = self.total("hand_size", seat)
        return max(3, HAND_SIZE + reduction) if reduction < 0 else HAND_SIZE + reduction

    def card_locations(self) -> Counter:
        """Every arsenal card wherever it is: deck, discards, hands, attached to units, face
        down as created enemies or as tokens."""
        found = Counter(self.deck) + Counter(self.deck_top) + Counter(self.discard)
        for hand in self.hands:
            found.update(hand)
        for unit in self.units.values():
            found.update(unit["attached"])
            if unit.get("facedown"):
                found[unit["facedown"]] += 1
        found.update(token["card"] for token in self.tokens)
        return found

    def unit_views(self) -> list[dict]:
        """Every unit in play as every seat sees it.

        A view is rebuilt only when something it shows may have changed: the working abilities or
        anyone's health (a new turn, a touch or a health change lets every kept view go) or the
        unit's own area, flags or number of attached cards. Bots get copies (tuples inside), so
        the kept views cannot be changed from outside.
        """
        kept = self.kept.views
        views = []
        for unit in self.units.values():
            if unit["defeated"]:
                continue
            hero = unit["kind"] == "hero"
            shown = ((_HERO_SHOWN if hero else _ENEMY_SHOWN)(unit), len(unit["attached"]))
            cached = kept.get(unit["uid"])
            if cached is None or cached[0] != shown:
                cached = kept[unit["uid"]] = (shown, self._unit_view(unit, hero))
            view = cached[1].copy()
            if hero:  # the one mutable value inside a view
                view["weapon_bonus"] = dict(view["weapon_bonus"])
            views.append(view)
        return views

    def _unit_view(self, unit: dict, hero: bool) -> dict:
        view = {
            "uid": unit["uid"],
            "kind": unit["kind"],
            "name": unit["name"],
            "card": unit["card"],
            "side": unit["side"],
            "area": unit["area"],
            "health": unit["health"],
            "armor": self.armor(unit),
            "weapons": tuple(map(tuple, self.weapons(unit))),
            "attached": tuple(unit["attached"]),
        }
        if hero:
            view["cls"] = unit["cls"]
            view["activated"] = unit["activated"]
            view["zombie"] = unit["zombie"]
            view["skip"] = unit["skip"]
            view["dmg"] = unit["dmg"]
            view["skill"] = self.skill(unit)
            view["weapon_bonus"] = {
                "melee": self.weapon_bonus(unit, "melee", None),
                "range": self.weapon_bonus(unit, "range", None),
            }
        else:
            view["facedown"] = unit.get("facedown") is not None
            view["skill"] = unit["skill"]
        return view

    def observation(self, player: int) -> dict:
        """What `player` may see: their hand, every public pile and unit, never the deck's cards
        nor face-down cards (nor, in the duel, the other hand). A prompt names its step, what the
        answer is for, as the card asking does at the table: one "choose hero" prompt serves a
        heal, Dispel's damage, Unmake's survivor and the Riddle's answerer."""
        prompt = self.prompt
        solo = self.players == 1
        turn = self.turn
        return {
            "mode": "solo" if solo else "duel",
            "seat": player,
            "to_play": self.to_play(),
            "turn": turn,
            "side": self.side,
            "round": self.round,
            "hand": sorted(self.hands[player]),
            "hand_sizes": list(map(len, self.hands)),
            "deck_size": len(self.deck) + len(self.deck_top),
            "discard": list(self.discard),
            "focus": self.focus[player],
            "units": self.unit_views(),
            "tokens": len(self.tokens),
            "pile": list(self.pile),
            "monster_deck_size": len(self.monster_deck),
            "effects": sorted({e["id"] for e in self.effects if e["start"] <= turn <= e["end"]})
            if self.effects
            else [],
            "prompt": None
            if prompt is None
            else {
                **_public_args(prompt.args),
                "kind": prompt.question,
                "seat": prompt.seat,
                "step": prompt.resume,
                "why": prompt.why,
            },
            "night": self.is_night() if solo else False,
            "seed": self.seed,
            "config": copy.deepcopy(self.config),
            "public_history": list(self.public_history) if player == 0 and solo else None,
        }

    def summary(self) -> dict:
        return {
            "rounds": self.round,
            "hero_turns": self.hero_turns,
            "heroes_left": len(self.heroes(0)),
            "won": self.winners == (0,),
            "monsters_defeated": sum(c["defeated"] for c in self.monster_cards),
        }

    def action_to_string(self, action) -> str:
        return describe(self, action)

    def why_illegal(self, action) -> str:
        if self.outcome is not None:
            return "the game is over"
        if self.chance is not None:
            if self.chance.kind == "monster":
                return f"the next monster card comes from {self._chance_actions()}, not {action!r}"
            return f"the game is waiting for a card from the deck, and {action!r} is not in it"
        kind = self.prompt.question
        seat = self.prompt.seat
        if isinstance(action, tuple) and action and action[0] == "ability" and len(action) == 4:
            hero = self.units.get(action[1])
            if hero is not None and hero["activated"]:
                return f"{hero['name']} has already been activated this turn"
            if hero is not None and action[3] not in self.hands[seat]:
                return f"{action[3]} is not in your hand"
            if hero is not None:
                try:
                    ability = catalog().heroes[hero["card"]].ability(action[2])
                except KeyError:
                    return f"{hero['name']} has no ability {action[2]!r}"
                if not ability.accepts(value_of(action[3])):
                    return (
                        f"{ability.name} needs a card from {ability.low} to {ability.high}, "
                        f"not a {value_of(action[3])}"
                    )
        return f"player {seat + 1} is asked for a {kind} decision; {action!r} is not one of its choices"

    def __repr__(self) -> str:
        return (
            f"ToTheDeathState(players={self.players}, turn={self.turn}, round={self.round}, "
            f"hand={sorted(self.hands[0])}, deck={len(self.deck) + len(self.deck_top)})"
        )


# each suit's class, then the classes after it alphabetically (a monster weapon's search order)
_CLASSES_FROM = {suit: SUITS[i:] + SUITS[:i] for i, suit in enumerate(SUITS)}


# the lists a unit holds (every other value of a unit is a string, a number, a bool or None)
_UNIT_LISTS = ("weapons", "abilities", "attached")


def _unit_copied(unit: dict) -> dict:
    """A unit's copy, the same as :func:`toolkit.state.plain_copy`'s at a fifth of the time (the
    units are most of a copy, and the exact walk copies at every branch): a unit is flat but for
    its lists."""
    copied = unit.copy()
    for name in _UNIT_LISTS:
        if name in copied:
            copied[name] = list(copied[name])
    return copied


def first_reached(suit: str, by_class: Mapping[str, T], reaches: Callable[[T], bool]) -> T | None:
    """The hero a monster weapon attacks after checking `suit`, before any other hero takes the
    attack: the hero of that class (`by_class`: the heroes in play by class) if the weapon
    `reaches` it, else the next class's alphabetically (Mender wraps round to Champion), and so
    on; None if it reaches none. A defeated class is passed over the same way (our decision, see
    the rules notes). The engine and :mod:`toolkit.to_the_death.odds` both ask this."""
    for cls in _CLASSES_FROM[suit]:
        hero = by_class.get(cls)
        if hero is not None and reaches(hero):
            return hero
    return None


_FOREVER = 1 << 62  # a turn no game reaches


@cache
def _hooks_of(source_id: str) -> tuple:
    """The (hook, function) pairs registered for one source id, in the registry's hook order."""
    return tuple((name, table[source_id]) for name, table in HOOKS.items() if source_id in table)


@cache
def _printed_kinds(hero_card: str) -> frozenset[str]:
    """The kinds of weapon a hero card prints."""
    return frozenset(weapon.kind for weapon in catalog().heroes[hero_card].weapons)


@cache
def _working_box(damage_card: str, health: int) -> str | None:
    """The source id of the passive box a hero's health marks (None: no box, or a burst box, which
    acts once on arrival instead)."""
    box = catalog().damage[damage_card].box(health)
    return f"{damage_card}/{box.key}" if box is not None and box.key and not box.burst else None


@cache
def _burst_box(damage_card: str, health: int):
    """The burst box a hero's health marks, or None."""
    box = catalog().damage[damage_card].box(health)
    return box if box is not None and box.burst else None


@cache
def _monster_abilities(monster_id: str) -> tuple[bool, tuple[tuple[str, bool], ...]]:
    """Whether a monster card is a king, and its abilities as (source id, progressive) pairs."""
    monster = catalog().monsters[monster_id]
    return monster.king, tuple((f"{monster_id}/{a.key}", a.progressive) for a in monster.abilities)


@cache
def _challenge_ability(challenge: str) -> str:
    return f"{challenge}/{catalog().challenges[challenge].ability.key}"


_PUBLIC_TYPES = (str, int, bool)
# what a unit's view shows that may change without a touch (besides its attached cards)
_HERO_SHOWN = itemgetter("health", "area", "activated", "skip", "zombie")
_ENEMY_SHOWN = itemgetter("health", "area")


def _public_args(args: dict) -> dict:
    """A prompt's public details; a weapon's `kind` (melee or range) is renamed so that it does not
    hide the prompt's own kind."""
    return {
        ("weapon_kind" if k == "kind" else k): v
        for k, v in args.items()
        if type(v) in _PUBLIC_TYPES and k != "card"
    }


# the options each mode has no use for: the solo game (with monsters and a king, or a challenge),
# a one-monster encounter, the duel
_UNUSED = {
    "solo": ("parties",),
    "encounter": ("parties", "monsters", "king", "challenge"),
    "duel": ("party", "monsters", "king", "challenge", "encounter"),
}


def _refuse_unused(players: int, options: dict) -> None:
    """An option the mode does not use is refused rather than kept (and saved) for nothing."""
    mode = "duel" if players == 2 else "encounter" if "encounter" in options else "solo"
    for name in _UNUSED[mode]:
        if name in options:
            game = {"solo": "the solo game", "encounter": "an encounter", "duel": "the duel"}
            raise ValueError(f"{name}: {game[mode]} does not use this option")
