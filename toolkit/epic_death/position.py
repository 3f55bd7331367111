"""An Epic Death! position as one seat sees it, and a game built from it (see
:mod:`toolkit.position` for what every game's description has).

The fields, in the order :func:`describe` writes them (the book's rules notes show an example):

``quests_per_player`` (only when it is not the rulebook's recommendation)
    green Quests and Epic Quests a player the game was set up with (0: the whole decks); the
    rest stay in the box, unseen;
``turn``, ``active``
    the turn's number (the first is 1) and the seat whose quest it is;
``decision``
    the question asked, by the engine's short name: ``choose_quest``; a Fate window,
    ``targets`` (Deadly, Resurrect, Ancient Pact), ``before_roll`` or ``after_roll``; or a
    placing once the quest has ended, ``place_loot``, ``place_fail`` or ``choose_death``;
``to_act`` (only when it is not ``seat``)
    the seat asked, where the description is another seat's view;
``quest``, ``played``, ``dice_change`` (once a quest is chosen)
    the quest attempted; the Fate cards played on it so far, in order, each ``seat`` and
    ``card``, with ``on`` for the adventurer a card names (Deadly, Resurrect, Ancient Pact, the
    one Loot Envy takes from); the dice the cards have added (negative: removed), a D6 card at
    what its die showed;
``dice`` (once rolled)
    the faces showing, re-rolls included; a face counts by the quest's difficulty, so
    :func:`describe` writes each miss as a 1 and each Victory as the lowest face that makes one;
``loot_to_place``, ``more_loot`` (at ``place_loot``)
    the loot card being placed, and how many more reward cards wait face down;
``hand``
    the seat's own Fate cards;
``parties``
    each seat's, in seat order: ``fate_cards`` (how many it holds) and ``adventurers``, each
    ``adventurer``, ``alive`` and the cards ``under`` it, with ``epic_deaths`` (Epic Quests
    turned over for an EPIC DEATH) and ``won`` (quests completed with a Resurrect card, which
    score nothing) where it has any;
``quest_line``, ``quest_deck``, ``quests_done``
    the open quests in line order; how many green ``quests`` and ``epic_quests`` are left in the
    deck (green on top); the quests completed and put out of play;
``fate_deck``, ``fate_discards``, ``loot_deck``, ``loot_discards``
    how many cards each deck holds, and its discard pile as it lies (the last card on top).

:func:`picks` names what a player would pick on screen to change a description: the quests in
line (at ``choose_quest``) or the quest attempted, the cards played on it and what their D6 dice
showed, the dice rolled (at ``after_roll``), and the seat's hand.

The deck counts follow from the rest (every card of the game is somewhere), so a hand-written
description may leave them out; given, they are checked. A state is built without playing: the
cards the seat cannot see (the other hands, the decks, the reward loot still face down, the
unused adventurers, the quests left in the box) are dealt to their places in sorted order, and
the turn's step machine is set at the decision, so that the seat's view (``players_view``)
hides exactly what the real game's view hides.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from toolkit.data import expand
from toolkit.deck import Deck
from toolkit.epic_death.cards import COUNTS, catalog
from toolkit.epic_death.fate import KINDS, WINDOWS
from toolkit.epic_death.rules import (
    CHOOSE_DEATH,
    CHOOSE_QUEST,
    PLACE_FAIL,
    PLACE_LOOT,
    WINDOW_QUESTIONS,
    EpicDeathState,
)
from toolkit.position import (
    Pick,
    PositionError,
    card_list,
    common,
    count_copies,
    field,
    inside,
    one_of,
    part,
    picked,
    unknown_fields,
    whole,
)

GAME = "epic-death"
PLACING = ("place_loot", "place_fail", "choose_death")
DECISIONS = ("choose_quest", *WINDOWS, *PLACING)
# Where each decision falls in a turn: a card may be played only in a window up to it.
STAGE = {"choose_quest": -1, **{w: i for i, w in enumerate(WINDOWS)}} | dict.fromkeys(PLACING, 3)
FIELDS = (
    "quests_per_player",
    "turn",
    "active",
    "decision",
    "to_act",
    "quest",
    "played",
    "dice_change",
    "dice",
    "loot_to_place",
    "more_loot",
    "hand",
    "parties",
    "quest_line",
    "quest_deck",
    "quests_done",
    "fate_deck",
    "fate_discards",
    "loot_deck",
    "loot_discards",
)
TARGETED = ("deadly", "resurrect", "ancient_pact", "loot_envy")  # kinds whose play names one
ONCE = ("deadly", "resurrect", "ancient_pact", "frenzy")  # one of each a quest
LOWEST_VICTORY = {"trivial": 4, "mighty": 5, "exalted": 6}


def default_quests(players: int) -> int:
    """The rulebook's recommendation: 5 of each kind of quest a player below four players, else
    the whole decks (0)."""
    return 5 if players < 4 else 0


# -- describe ------------------------------------------------------------------------------------
def describe(state: EpicDeathState, seat: int) -> dict:
    """What `seat` knows of `state` at its decision, as plain data (see the module)."""
    if state.outcome is not None or state.chance is not None:
        raise ValueError("a position is described at a decision, not at chance or the end")
    cards = state.cards
    players = state.num_players
    decision = state.prompt.question
    out: dict[str, Any] = {"game": GAME, "players": players, "seat": seat}
    if state.seed:
        out["seed"] = state.seed
    quests = state.config.get("quests_per_player", default_quests(players))
    if quests != default_quests(players):
        out["quests_per_player"] = quests
    out.update(turn=state.turn, active=state.active, decision=decision)
    if state.prompt.seat != seat:
        out["to_act"] = state.prompt.seat
    if state.quest is not None:
        out["quest"] = state.quest
        out["played"] = [
            {"seat": player, "card": card, **({"on": on} if on is not None else {})}
            for player, card, on in state.plays
        ]
        out["dice_change"] = state.dice_change
    if state.rolled:
        low = LOWEST_VICTORY[state.quest_card.difficulty]
        out["dice"] = [6] * state.sixes + [low] * state.plain + [1] * state.failed_dice
    if decision == "place_loot":
        out["loot_to_place"] = state.loot_to_place[0]
        out["more_loot"] = len(state.loot_to_place) - 1
    out["hand"] = list(state.hands[seat])
    out["parties"] = [
        {
            "fate_cards": len(state.hands[other]),
            "adventurers": [_adventurer(state, a) for a in state.parties[other]],
        }
        for other in range(players)
    ]
    deck = state.quest_deck
    epics = sum(map(cards.epic_quests.__contains__, deck))
    out["quest_line"] = list(state.quest_line)
    out["quest_deck"] = {"quests": len(deck) - epics, "epic_quests": epics}
    out["quests_done"] = list(state.finished_quests)
    out["fate_deck"] = len(state.fate.cards)
    out["fate_discards"] = list(state.fate.discards)
    out["loot_deck"] = len(state.loot.cards)
    out["loot_discards"] = list(state.loot.discards)
    return out


def _adventurer(state: EpicDeathState, adventurer: str) -> dict:
    under = state.under[adventurer]
    entry = {"adventurer": adventurer, "alive": state.alive[adventurer], "under": list(under)}
    turned = [card for card in under if card in state.epic_deaths]
    won = [card for card in under if card in state.completed]
    if turned:
        entry["epic_deaths"] = turned
    if won:
        entry["won"] = won
    return entry


# -- position ------------------------------------------------------------------------------------
def one_card(description: Mapping, name: str, group: Mapping, default: Any = ...) -> str:
    """One card id of `group`, named in words when it is not one (the groups are too long to
    list)."""
    value = field(description, name, str, default)
    if value is not default and value not in group:
        raise PositionError(name, f"no such card in this game: {value!r}")
    return value


def position(description: Mapping) -> EpicDeathState:
    """A state at the decision described, built without playing (see the module); a description
    that cannot happen raises :class:`~toolkit.position.PositionError` naming its field."""
    players, seat = common(description, GAME, 2, 5)
    unknown_fields(description, FIELDS)
    cards = catalog()
    most = min(len(cards.quests), len(cards.epic_quests)) // players
    quests = whole(description, "quests_per_player", 0, most, default_quests(players))
    active = whole(description, "active", 0, players - 1)
    turn = whole(description, "turn", 1, 10**6, active + 1)
    if (turn - 1) % players != active:
        raise PositionError("turn", f"turn {turn} is seat {(turn - 1) % players}'s, not {active}'s")
    decision = one_of(description, "decision", DECISIONS)
    asked = whole(description, "to_act", 0, players - 1, seat)
    if decision not in WINDOWS and asked != active:
        raise PositionError("to_act" if "to_act" in description else "seat",
                            f"{decision} is asked of the active seat, {active}")  # fmt: skip
    table = _Table(*_parties(description, cards, players))
    table.hand = sorted(card_list(description, "hand", cards.fate))
    if len(table.hand) != table.held[seat]:
        raise PositionError(f"parties[{seat}].fate_cards",
                            f"seat {seat} holds {len(table.hand)} cards (its hand)")  # fmt: skip
    quest_ids = {**cards.quests, **cards.epic_quests}
    table.fate_discards = card_list(description, "fate_discards", cards.fate, [])
    table.loot_discards = card_list(description, "loot_discards", cards.loot, [])
    table.quest_line = card_list(description, "quest_line", quest_ids, [])
    table.quests_done = card_list(description, "quests_done", quest_ids, [])
    quest, played, dice_change = _quest(description, cards, table, active, decision)
    line = 4 if players == 5 else 5
    if len(table.quest_line) + (quest is not None) > line:
        raise PositionError("quest_line", f"a line holds {line} quests at {players} players")
    loot_to_place, more_loot = _loot_to_place(description, cards, quest, decision)
    placed = _count_places(table, quest, decision, loot_to_place, played)

    state = EpicDeathState(seed=description.get("seed", 0), players=players,
                           quests_per_player=quests)  # fmt: skip
    state.rng = random.Random(state.seed)  # as it stands before the deal, not after it
    state._reset_turn()
    state.active, state.turn = active, turn
    if quest is not None:
        _turn(state, description, table, quest, played, dice_change, decision)
    elif "dice" in description:
        raise PositionError("dice", f"the quest is not rolled yet at {decision}")
    box = _quest_deck(description, cards, table, placed, quests * players, quest)
    _deal(state, description, table, seat, box, loot_to_place, more_loot)
    _set_question(state, decision, asked)
    return state


class _Table:
    """The public table and the seat's own cards, as read so far."""

    def __init__(self, parties, alive, under, epic_deaths, won, held):
        self.parties, self.alive, self.under = parties, alive, under
        self.epic_deaths, self.won, self.held = epic_deaths, won, held
        self.hand: list[str] = []
        self.fate_discards: list[str] = []
        self.loot_discards: list[str] = []
        self.quest_line: list[str] = []
        self.quests_done: list[str] = []


def _parties(description, cards, players) -> tuple:
    """Each seat's Fate card count and adventurers, checked: (parties, alive, under, epic deaths,
    quests won, the count of each hand)."""
    party_size = 4 if players == 5 else 5
    given = field(description, "parties", list)
    if len(given) != players:
        raise PositionError("parties", f"{len(given)} parties at a table of {players}")
    parties, alive, under, epic_deaths, won, held = [], {}, {}, set(), set(), []
    for index, party in enumerate(given):
        with inside(f"parties[{index}]"):
            party = part(party, ("fate_cards", "adventurers"))
            held.append(whole(party, "fate_cards", 0, COUNTS["fate"]))
            members = field(party, "adventurers", list)
            if len(members) != party_size:
                raise PositionError("adventurers", f"a party has {party_size} adventurers "
                                    f"at {players} players, not {len(members)}")  # fmt: skip
            names = []
            for number, member in enumerate(members):
                with inside(f"adventurers[{number}]"):
                    names.append(_member(member, cards, alive, under, epic_deaths, won))
            parties.append(names)
            if not any(alive[name] for name in names):
                raise PositionError("adventurers", "every adventurer is dead: the game is over")
    return parties, alive, under, epic_deaths, won, held


def _quest(description, cards, table, active, decision) -> tuple:
    """The quest attempted, the cards played on it and the dice they changed (none at
    ``choose_quest``)."""
    if decision == "choose_quest":
        for name in ("quest", "played", "dice_change"):
            if name in description:
                raise PositionError(name, "no quest is chosen yet at choose_quest")
        if not table.quest_line:
            raise PositionError("quest_line", "empty: a quest is chosen from the line")
        return None, [], 0
    quest = one_card(description, "quest", {**cards.quests, **cards.epic_quests})
    played = _played(description, cards, table.parties, active, decision)
    return quest, played, _dice_change(description, cards, played)


def _loot_to_place(description, cards, quest, decision) -> tuple[list[str], int]:
    """The loot card being placed and how many reward cards wait behind it."""
    if decision != "place_loot":
        for name in ("loot_to_place", "more_loot"):
            if name in description:
                raise PositionError(name, f"no loot is placed at {decision}")
        return [], 0
    loot = one_card(description, "loot_to_place", cards.loot)
    rewards = cards.quest(quest).rewards.loot
    if not rewards:
        raise PositionError("decision", f"{quest!r} rewards no loot to place")
    return [loot], whole(description, "more_loot", 0, rewards - 1)


def _count_places(table, quest, decision, loot_to_place, played) -> Counter:
    """Every card in one place only, in no more copies than the game has, and each card played
    on this quest in the Fate discards; how many of each card the description places."""
    places = {"hand": table.hand, "fate_discards": table.fate_discards,
              "loot_discards": table.loot_discards, "quest_line": table.quest_line,
              "quests_done": table.quests_done}  # fmt: skip
    for index, party in enumerate(table.parties):
        for number, name in enumerate(party):
            places[f"parties[{index}].adventurers[{number}]"] = [name, *table.under[name]]
    if quest is not None and decision != "place_loot":  # a quest won lies where it went
        places["quest"] = [quest]
    places["loot_to_place"] = loot_to_place
    cards = catalog()
    copies = {card.id: card.copies for group in _groups(cards) for card in group.values()}
    placed = count_copies(places, copies)
    for card, times in Counter(card for _, card, _ in played).items():
        if times > table.fate_discards.count(card):
            raise PositionError("played", f"{card!r} played but not in fate_discards")
    return placed


def _turn(state, description, table, quest, played, dice_change, decision) -> None:
    """The turn's fields once a quest is chosen: the marks and Frenzy of the cards played, the
    dice, and the quest's end at a placing, each checked against the decision."""
    cards = state.cards
    card = cards.quest(quest)
    state.quest, state.quest_card = quest, card
    state.quest_placed = decision == "place_loot"
    state.plays = played
    for player, fate, on in played:
        kind = cards.fate[fate].kind
        if kind in ("deadly", "ancient_pact"):
            state.deadly = (player, on)
        if kind == "resurrect":
            state.resurrect = (player, on)
        state.pact |= kind == "ancient_pact"
        state.frenzy |= kind == "frenzy"
    state.dice_change = dice_change
    _check_marks(state, decision, table.alive, table.won)
    rolled = "dice" in description
    if rolled and STAGE[decision] < STAGE["after_roll"]:
        raise PositionError("dice", f"the quest is not rolled yet at {decision}")
    if not rolled and decision == "after_roll":
        raise PositionError("dice", "missing: the quest has been rolled at after_roll")
    if rolled:
        _roll(state, description, card)
    elif any(cards.fate[fate].timing == "after_roll" for _, fate, _ in played):
        raise PositionError("played", "a card played after the roll, but no dice are rolled")
    enough = state.pool() >= card.victories or state.frenzy
    if rolled and not enough:
        raise PositionError("dice", f"a pool of {state.pool()} is not rolled for "
                            f"{card.victories} Victories: the quest fails at once")  # fmt: skip
    if not rolled and decision in PLACING and enough:
        raise PositionError("dice", f"missing: a pool of {state.pool()} is rolled")
    if decision in PLACING:
        state.quest_outcome = card.outcome(state.victories()) if rolled else "fail"
        _check_placing(state, decision, quest, table.quests_done, table.under)
        state.results = [(state.active, quest, state.quest_outcome)]


def _quest_deck(description, cards, table, placed, in_play, quest) -> int:
    """The quest deck's shape checked (green Quests on top of the Epic Quests, counted if
    given), and the line's (an Epic Quest drawn and chosen only once the green ones are out);
    how many quests of each kind stay in the box."""
    box = COUNTS["quests"] - in_play if in_play else 0
    deck_green = COUNTS["quests"] - box - sum(placed[q] for q in cards.quests)
    deck_epic = COUNTS["epic_quests"] - box - sum(placed[q] for q in cards.epic_quests)
    if deck_green < 0 or deck_epic < 0:
        kind = "green Quests" if deck_green < 0 else "Epic Quests"
        raise PositionError("quests_per_player", f"more {kind} in sight than the game "
                            f"plays with at {in_play // len(table.parties)} a player")  # fmt: skip
    if "quest_deck" in description:
        with inside("quest_deck"):
            deck = part(description["quest_deck"], ("quests", "epic_quests"))
            for name, count in (("quests", deck_green), ("epic_quests", deck_epic)):
                _check_count(deck, name, count, COUNTS[name])
    line_epic = [q for q in table.quest_line if q in cards.epic_quests]
    chosen_epic = quest is not None and quest in cards.epic_quests
    if deck_green and (line_epic or chosen_epic):
        raise PositionError("quest_line", "an Epic Quest is drawn only once the deck's green "
                            "Quests are all out")  # fmt: skip
    if chosen_epic and len(line_epic) < len(table.quest_line):
        raise PositionError("quest", "an Epic Quest is chosen only once no green one is in line")
    return box


def _check_count(description, name, count, most) -> None:
    """A deck's count, if the description gives it, must be the `count` left for it."""
    if whole(description, name, 0, most, count) != count:
        raise PositionError(
            name,
            f"says {description[name]}, but {count} are left once every other place is counted",
        )


def _deal(state, description, table, seat, box, loot_to_place, more_loot) -> None:
    """The cards the seat cannot see, dealt to their places in sorted order: the other hands and
    the Fate deck, the loot still face down and the loot deck, the quest deck and the box, the
    unused adventurers. The decks' counts, if given, are checked."""
    cards = state.cards
    fate_unseen = _unseen(expand(cards.fate), table.hand + table.fate_discards)
    fate_left = len(fate_unseen)
    for other in range(state.num_players):
        if other != seat:
            fate_left -= table.held[other]
            if fate_left < 0:
                raise PositionError(f"parties[{other}].fate_cards", "more Fate cards than are "
                                    "left beside the hand and the discards")  # fmt: skip
    loot_seen = [c for name in table.under for c in table.under[name] if c in cards.loot]
    loot_unseen = _unseen(expand(cards.loot), loot_seen + table.loot_discards + loot_to_place)
    if more_loot > len(loot_unseen):
        raise PositionError("more_loot", f"only {len(loot_unseen)} loot cards are unseen")
    _check_count(description, "fate_deck", fate_left, COUNTS["fate"])
    _check_count(description, "loot_deck", len(loot_unseen) - more_loot, COUNTS["loot"])
    unseen = iter(fate_unseen)
    state.hands = [
        table.hand if other == seat else sorted(next(unseen) for _ in range(table.held[other]))
        for other in range(state.num_players)
    ]
    state.fate = Deck(list(unseen), table.fate_discards)
    state.loot_to_place = loot_to_place + loot_unseen[:more_loot]
    state.loot = Deck(loot_unseen[more_loot:], table.loot_discards)
    seen = [c for name in table.under for c in table.under[name]] + table.quest_line
    seen += table.quests_done + ([state.quest] if state.quest else [])
    greens, epics = _unseen(list(cards.quests), seen), _unseen(list(cards.epic_quests), seen)
    state.quest_deck = epics[box:] + greens[box:]  # the top is the end: green on top
    state.out_of_game = greens[:box] + epics[:box]
    state.quest_line, state.finished_quests = table.quest_line, table.quests_done
    used = [name for party in table.parties for name in party]
    state.parties, state.unused_adventurers = table.parties, _unseen(list(cards.adventurers), used)
    state.alive, state.under = table.alive, table.under
    state.epic_deaths, state.completed = table.epic_deaths, table.won
    state._parties, state._adventurer_views, state._death_to_check = None, {}, False


def _groups(cards):
    return (cards.adventurers, cards.quests, cards.epic_quests, cards.loot, cards.fate)


def _unseen(every: list[str], seen: list[str]) -> list[str]:
    """The cards of `every` not in `seen` (a multiset difference), sorted."""
    return sorted((Counter(every) - Counter(seen)).elements())


def _member(member, cards, alive, under, epic_deaths, won) -> str:
    """One adventurer of a party, read into `alive`, `under` and the sets of turned-over and won
    quests; its id."""
    member = part(member, ("adventurer", "alive", "under", "epic_deaths", "won"))
    name = one_card(member, "adventurer", cards.adventurers)
    if name in alive:
        raise PositionError("adventurer", f"{name!r} sits in two places")
    alive[name] = field(member, "alive", bool)
    quests = {**cards.quests, **cards.epic_quests}
    scored = {**cards.loot, **quests}
    under[name] = card_list(member, "under", scored, [])
    classes = Counter(cards.loot[c].loot_class for c in under[name] if c in cards.loot)
    for loot_class, count in classes.items():
        if count > 1:
            raise PositionError("under", f"{count} pieces of {loot_class}: one of each class")
    for name_of, group, kept in (("epic_deaths", cards.epic_quests, epic_deaths),
                                 ("won", quests, won)):  # fmt: skip
        for index, card in enumerate(card_list(member, name_of, group, [])):
            if card not in under[name]:
                raise PositionError(f"{name_of}[{index}]", f"{card!r} is not under {name}")
            kept.add(card)
    if not alive[name] and not any(c in quests and c not in won for c in under[name]):
        raise PositionError("alive", f"{name} is dead, but no quest it died of lies under it")
    return name


def _played(description, cards, parties, active, decision) -> list:
    """The Fate cards played on this quest, checked: in window order, none of a window still to
    come, one of each kind that may be played once, each naming an adventurer it may name."""
    given = field(description, "played", list, [])
    played, kinds, last = [], Counter(), -1
    players = len(parties)
    party_of = {name: seat for seat, party in enumerate(parties) for name in party}
    for index, entry in enumerate(given):
        with inside(f"played[{index}]"):
            entry = part(entry, ("seat", "card", "on"))
            player = whole(entry, "seat", 0, players - 1)
            fate = one_card(entry, "card", cards.fate)
            kind = cards.fate[fate].kind
            stage = STAGE[KINDS[kind].window]
            if stage > STAGE[decision]:
                raise PositionError("card", f"played at {KINDS[kind].window}, after {decision}")
            if stage < last:
                raise PositionError("card", f"played at {KINDS[kind].window}, after a later card")
            last = stage
            kinds[kind] += 1
            if kind in ONCE and kinds[kind] > 1:
                raise PositionError("card", f"one {kind.replace('_', ' ')} card a quest")
            if kind == "ancient_pact" and not kinds["deadly"]:
                raise PositionError("card", "an Ancient Pact answers a Deadly card played before")
            on = None
            if kind in TARGETED:
                on = one_card(entry, "on", party_of)
                owner = party_of[on]
                if kind in ("deadly", "resurrect") and owner != active:
                    raise PositionError("on", f"{kind} is played on the active party's")
                if kind == "ancient_pact" and owner != player:
                    raise PositionError(
                        "on", "an Ancient Pact takes the mark onto its player's own"
                    )
                if kind == "loot_envy" and owner == player:
                    raise PositionError("on", "Loot Envy takes from another party")
            elif "on" in entry:
                raise PositionError("on", f"{cards.fate[fate].name} names no adventurer")
            played.append((player, fate, on))
    return played


def _dice_change(description, cards, played) -> int:
    """The dice the cards played add or take away: the fixed amounts, and each D6 card's die at
    a face from 1 to 6."""
    fixed = sum(
        cards.fate[card].amount * {"add_dice": 1, "remove_dice": -1}.get(cards.fate[card].kind, 0)
        for _, card, _ in played
    )
    kinds = Counter(cards.fate[card].kind for _, card, _ in played)
    low = fixed + kinds["add_d6"] - 6 * kinds["remove_d6"]
    high = fixed + 6 * kinds["add_d6"] - kinds["remove_d6"]
    change = field(description, "dice_change", int, fixed if low == high else ...)
    if not low <= change <= high:
        shown = f"{low}" if low == high else f"from {low} to {high}"
        raise PositionError("dice_change", f"{change}, but the cards played make it {shown}")
    return change


def _check_marks(state, decision, alive, won) -> None:
    """The Deadly mark lies on a living adventurer; the Resurrect card's on a dead one, or, once
    the quest is won, on the revived adventurer it lies under."""
    if state.deadly and not alive[state.deadly[1]]:
        raise PositionError("played", f"the Deadly mark is on {state.deadly[1]!r}, who is dead")
    if state.resurrect:
        target = state.resurrect[1]
        revived = decision == "place_loot"
        if alive[target] != revived or (revived and state.quest not in won):
            should = "alive, the quest won under it" if revived else "dead"
            raise PositionError("played", f"the Resurrect target {target!r} must be {should}")


def _roll(state, description, quest_card) -> None:
    """The dice's faces, counted by the quest's difficulty into the engine's Victories."""
    faces = field(description, "dice", list)
    for index, face in enumerate(faces):
        if type(face) is not int or not 1 <= face <= 6:
            raise PositionError(f"dice[{index}]", f"{face!r} is not a face of a six-sided die")
    if len(faces) != state.pool():
        raise PositionError("dice", f"{len(faces)} dice, but the pool is {state.pool()}")
    low = LOWEST_VICTORY[quest_card.difficulty]
    state.sixes = faces.count(6)
    state.plain = sum(low <= face < 6 for face in faces)
    state.failed_dice = len(faces) - state.plain - state.sixes
    state.rolled = True


def _check_placing(state, decision, quest, quests_done, under) -> None:
    """The placing asked is the one the quest's end asks for; a won quest lies where it goes."""
    outcome, card = state.quest_outcome, state.quest_card
    if outcome == "success":
        wanted = "place_loot"
    elif outcome == "fail" and state.deadly:
        wanted = None  # the marked adventurer dies: nobody is asked
    elif outcome == "fail" and not card.epic_quest:
        wanted = "place_fail"
    else:
        wanted = "choose_death"
    if decision != wanted:
        why = f"asks {wanted}" if wanted else "kills the Deadly target, and nobody is asked"
        raise PositionError("decision", f"a quest ending in {outcome} {why}, not {decision}")
    if decision == "place_loot" and not state.resurrect:
        if not quests_done or quests_done[-1] != quest:
            raise PositionError("quests_done", f"the quest won, {quest!r}, goes on top of it")
    if decision == "place_loot" and state.resurrect and quest not in under[state.resurrect[1]]:
        raise PositionError("played", "the quest won lies under the Resurrected adventurer")


def _set_question(state: EpicDeathState, decision: str, asked: int) -> None:
    """The step machine stopped at `decision`, asking `asked`, as the engine asks it (nothing
    scheduled after: every step of a turn schedules the next itself)."""
    state.stack, state.chance, state.outcome = [], None, None
    state._end_check_due, state._batch, state.history = False, None, []
    active = state.active
    if decision in WINDOWS:
        players = state.num_players
        mine = [p for p, card, _ in state.plays if state.cards.fate[card].timing == decision]
        passes = (asked - (mine[-1] if mine else active + 1)) % players
        if not state._could_play(decision, asked):
            raise PositionError("decision", f"seat {asked} is passed over at {decision}: no card "
                                "of that window could be played by it now")  # fmt: skip
        state.window_turn = (decision, asked, passes)
        state.prompt = WINDOW_QUESTIONS[decision][asked]
    else:
        made = {"choose_quest": CHOOSE_QUEST, "place_loot": PLACE_LOOT, "place_fail": PLACE_FAIL,
                "choose_death": CHOOSE_DEATH}  # fmt: skip
        state.prompt = made[decision][active]
    if not state.legal_actions():
        raise PositionError("decision", f"no choice is open at {decision}")


# -- picks ---------------------------------------------------------------------------------------
def picks(description: Mapping) -> list[Pick]:
    """What a player would pick to change this position (see :class:`~toolkit.position.Pick`),
    in card names: each quest in line while one is chosen, else the quest attempted; each card
    played that names no adventurer, for another of its window; the dice the D6 cards made; the
    dice faces at ``after_roll``, by what each counts; and the seat's hand of Fate cards. A
    quest is offered in place of one of its kind (green or Epic) that is nowhere else on the
    table; a card played, changed, is changed in the discards too, and the dice it adds with
    it. A part of the description that is not what it should be makes no pick fail (the set-up
    names it)."""
    cards = catalog()
    decision = description.get("decision")
    quests = {**cards.quests, **cards.epic_quests}
    found: list[Pick] = []
    quest = _name(description.get("quest"))
    if decision == "choose_quest":
        for index, now in enumerate(_listed(description.get("quest_line"))):
            options = _quest_options(description, cards, _name(now), ("quest_line", index))
            found.append(Pick(("quest_line", index), f"quest {index + 1} in the line", options))
    elif decision not in PLACING and quest in quests:
        options = _quest_options(description, cards, quest, ("quest",))
        found.append(Pick(("quest",), "the quest", options, write=_write_quest))
    found += _played_picks(description, cards)
    dice = description.get("dice")
    if decision == "after_roll" and isinstance(dice, list) and quest in quests:
        low = LOWEST_VICTORY[quests[quest].difficulty]
        faces = {1: "1: no Victory", low: f"{low}: a Victory", 6: "6: a Victory, two with Red Mist"}
        options = tuple((words, face) for face, words in faces.items())
        found += [
            Pick(("dice", i), f"die {i + 1}", options, write=_write_die(i))
            for i in range(len(dice))
        ]
    hand = tuple((card.name, card.id) for card in cards.fate.values())
    found.append(Pick(("hand",), "your hand", hand, many=True, write=_write_hand))
    return found


def _name(value: Any) -> str | None:
    """A card id where the description has a name, else None."""
    return value if isinstance(value, str) else None


def _listed(value: Any) -> list:
    """The entries of a list in the description (none where it holds no list)."""
    return value if isinstance(value, list) else []


def _quest_options(description, cards, now: str | None, path: tuple) -> tuple:
    """The quests of `now`'s kind that could stand in its place: none seen elsewhere."""
    group = cards.epic_quests if now in cards.epic_quests else cards.quests
    seen = set(_quests_seen(description, path))
    return tuple(
        (f"{q.name} ({q.victories} {q.difficulty})", q.id)  # as the choice to attempt it reads
        for q in group.values()
        if q.id == now or q.id not in seen
    )


def _quests_seen(description, leave_out: tuple) -> list[str]:
    """The quests the description places, but the one at `leave_out`."""
    seen = [q for i, q in enumerate(_listed(description.get("quest_line")))
            if ("quest_line", i) != leave_out]  # fmt: skip
    if leave_out != ("quest",):
        seen.append(description.get("quest"))
    seen += _listed(description.get("quests_done"))
    for party in _listed(description.get("parties")):
        members = _listed(party.get("adventurers")) if isinstance(party, Mapping) else []
        for member in members:
            if isinstance(member, Mapping):
                seen += _listed(member.get("under"))
    return [card for card in seen if isinstance(card, str)]


def _write_quest(description: dict, quest: str) -> dict:
    """The quest attempted changed; dice rolled on it show the same faces, written as the new
    quest's difficulty counts them (a miss as 1, a Victory as its lowest face, a 6 as 6)."""
    description["quest"] = quest
    dice = description.get("dice")
    if isinstance(dice, list):
        low = LOWEST_VICTORY[catalog().quest(quest).difficulty]
        description["dice"] = [
            face if type(face) is not int else 6 if face == 6 else low if face >= low else 1
            for face in dice
        ]
    return description


def _write_die(index: int):
    """The write of die `index`: its face changed, and the dice written highest first, as a
    built game describes them."""

    def write(description: dict, face: int) -> dict:
        dice = picked(description, ("dice", index), face)["dice"]
        if all(type(die) is int for die in dice):
            dice = sorted(dice, reverse=True)
        description["dice"] = dice
        return description

    return write


def _played_picks(description, cards) -> list[Pick]:
    """A pick for each card played that names no adventurer (another card of its window in its
    place), and one for the dice its D6 cards made where they could have made several."""
    played = _listed(description.get("played"))
    found = []
    for index, entry in enumerate(played):
        card = _name(entry.get("card")) if isinstance(entry, Mapping) else None
        if card not in cards.fate or cards.fate[card].kind in TARGETED:
            continue
        window = KINDS[cards.fate[card].kind].window
        options = tuple(
            (fate.name, fate.id)
            for fate in cards.fate.values()
            if fate.kind not in TARGETED and KINDS[fate.kind].window == window
        )
        seat = entry.get("seat")
        by = f" (Player {seat + 1})" if type(seat) is int else ""
        label = f"card {index + 1} played{by}"
        found.append(Pick(("played", index, "card"), label, options, write=_write_played(index)))
    low, high = _change_range(cards, played)
    if low < high:
        options = tuple((_dice_words(change), change) for change in range(low, high + 1))
        found.append(Pick(("dice_change",), "dice the cards add", options))
    return found


def _change_range(cards, played: list) -> tuple[int, int]:
    """The fewest and most dice the cards `played` add (negative: take away)."""
    low = high = 0
    for entry in played:
        card = _name(entry.get("card")) if isinstance(entry, Mapping) else None
        if card not in cards.fate:
            continue
        fixed = _fixed(cards, card)
        low, high = low + fixed, high + fixed
        if cards.fate[card].kind == "add_d6":
            low, high = low + 1, high + 6
        if cards.fate[card].kind == "remove_d6":
            low, high = low - 6, high - 1
    return low, high


def _dice_words(change: int) -> str:
    if change == 0:
        return "none"
    more = "more" if change > 0 else "fewer"
    return f"{abs(change)} {more} {'die' if abs(change) == 1 else 'dice'}"


def _write_played(index: int):
    """The write of card `index` played: the card changed in ``played`` and in the Fate discards
    (where every card played on the quest lies), and the dice the cards add kept as near as
    can be: changed by the difference of the two cards' fixed dice, within the new range."""

    def write(description: dict, card: str) -> dict:
        cards = catalog()
        played = _listed(description.get("played"))
        if not (index < len(played) and isinstance(played[index], Mapping)):
            raise PositionError(f"played[{index}]", "no such place in this description")
        old = _name(played[index].get("card"))
        played[index] = {**played[index], "card": card}
        discards = description.get("fate_discards")
        if isinstance(discards, list) and old in discards:
            discards[len(discards) - 1 - discards[::-1].index(old)] = card
        change = description.get("dice_change")
        if type(change) is int:
            low, high = _change_range(cards, played)
            change += _fixed(cards, card) - (_fixed(cards, old) if old in cards.fate else 0)
            description["dice_change"] = min(max(change, low), high)
        return description

    return write


def _fixed(cards, card: str) -> int:
    """The dice a Fate card adds for certain (negative: takes away), 0 for a D6 card."""
    fate = cards.fate[card]
    return fate.amount * {"add_dice": 1, "remove_dice": -1}.get(fate.kind, 0)


def _write_hand(description: dict, hand: list) -> dict:
    """The seat's hand changed: sorted as a built game holds it, its count in the seat's party
    changed with it and the Fate deck's count (where given) by the difference."""
    seat, parties = description.get("seat"), description.get("parties")
    old = len(_listed(description.get("hand")))
    description["hand"] = sorted(hand, key=str)
    if type(seat) is int and isinstance(parties, list) and 0 <= seat < len(parties):
        if isinstance(parties[seat], dict):
            parties[seat]["fate_cards"] = len(hand)
    if type(description.get("fate_deck")) is int:
        description["fate_deck"] += old - len(hand)
    return description
