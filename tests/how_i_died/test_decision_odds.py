"""The numbers beside each choice of And That's How I Died against the exact walk, and the
examples of issue #14 as regressions.

`decision_odds` walks the rest of the turn from the player's view with a memo over its positions
(`HowIDiedView.position`, the end swap's second pick by the cards it can still take, the end's
swaps by the best card of each kind they can take), shared by the walks of a decision's choices
(and by a more patient ask of the same decision), positions the memo holds not played to
(`HowIDiedView.key_after`), the last swaps that end alike walked once (`HowIDiedView.alike`), the
end's table swap from the player's own cards and to the best of each kind (`HowIDiedView.enough`),
cards revealed at the end that score alike walked once (`HowIDiedView.outcome_alike`, the last
by what its adventure reads), a budget of positions and the view's own fast copy; the reference
here walks the same view with none of those (Python's deep copy, no memo, no merging, nothing
left out, no budget), measuring the turn itself, for every number shown. It runs only for
numbers shown: a choice whose walk is refused shows none.
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Mapping
from fractions import Fraction

import pytest
from how_i_died.hid_table import asking, stacked
from odds_check import Report, at_least, cli_shows, compare, every

from toolkit.analysis import MemoFull, Walk, hearing_answers, kept_within, patience
from toolkit.hidden import FIRST, KNOWN
from toolkit.how_i_died import turn_odds
from toolkit.how_i_died.cards import ALL_IDS, is_legendary
from toolkit.how_i_died.knowledge import hidden_from, labels
from toolkit.how_i_died.odds import decision_odds, legendary_chance
from toolkit.how_i_died.rules import HowIDiedState, phase
from toolkit.how_i_died.view import Hidden, HowIDiedView, turn_view
from toolkit.simulate import decision_points, play_seeded

SLUG = "how-i-died"


class DeepCopiedView(HowIDiedView):
    """The view, copied by the generic deep copy rather than its own field-by-field one. A
    stand-in's name is a str: the copy keeps it, as the deep copy keeps a str (rebuilding each
    one through its pickling protocol was most of the reference walk's time)."""

    def clone(self):
        Hidden.__deepcopy__ = _kept
        try:
            return copy.deepcopy(self)
        finally:
            del Hidden.__deepcopy__


def _kept(name: Hidden, memo: dict) -> Hidden:
    return name


class NoGenerator:
    """Stands for the game's random generator in the reference's view: a view never shuffles
    (a reshuffle there makes the discards a new group of stand-ins), so any use of it fails the
    test. Copied as itself: a deep copy of a real generator was most of the plain walk's time."""

    def __getattr__(self, name):
        raise AssertionError(f"the view used the game's random generator ({name})")

    def __deepcopy__(self, memo: dict) -> NoGenerator:
        return self


def reference(state) -> Mapping:
    """For each legal action, on demand: the walk of the rest of the turn after it."""
    seat = state.current_player()
    view = turn_view(state, seat)
    view.__class__ = DeepCopiedView
    view.rng = NoGenerator()

    def score(s):
        won = sum(is_legendary(a) for a in s.adventures[seat])
        return won, s.glory(seat), s.damage(seat), s.alive[seat]

    legendary0, glory0, damage0, _ = score(view)

    def measure(s):
        won, glory, damage, alive = score(s)
        return (glory - glory0, damage0 - damage, -int(not alive), int(won > legendary0))

    walk = Walk(seat, lambda s: False, measure, limit=10**7)

    class Lazy(dict):
        def __missing__(self, action):
            after = view.clone()
            after.apply_listed(action)
            glory, damage, death, legendary = walk.value(after)
            self[action] = {"glory": glory, "damage": -damage, "death": -death,
                            "legendary": legendary}  # fmt: skip
            return self[action]

    return Lazy()


SAMPLE = 15  # every 15th seeded decision (the 10th to 13th meet plain walks of many seconds); the sweep: each one


def positions(step: int = 1):
    """The stacked positions, the five-player reshuffles, and every `step`-th of 990 decisions of
    seeded games of two to four players."""
    yield from stacked_positions()
    games = itertools.chain(
        decision_points(SLUG, 2, range(8)),
        decision_points(SLUG, 3, range(100, 106)),
        decision_points(SLUG, 4, range(200, 210)),
    )
    yield from five_players_reshuffling()
    yield from every(itertools.islice(games, 990), step)


def five_players_reshuffling():
    """Five players, seed 1: from move 80 the deck runs out within a turn, and the reshuffle
    the view makes inside a trial move reveals cards of a group the view did not have yet."""
    for state in decision_points(SLUG, 5, [1]):
        if 80 <= len(state.history) <= 100:
            yield state


def differential(step: int = SAMPLE) -> Report:
    """Every number shown at `positions(step)` is the reference walk's (step 1: 1,000 and more
    decisions, as ``benchmarks/sweep_differential.py`` runs it)."""
    report = compare(SLUG, positions(step), reference, Report(SLUG))
    assert report.positions >= at_least(1000, step)
    assert report.numbers >= 4 * at_least(1000, step)
    return report


PARTS = 3  # the sample is checked in parts run side by side: a few plain walks take 5-15 s


@pytest.mark.parametrize("part", range(PARTS))
def test_every_number_shown_is_the_walks(part):
    """Every number shown at the sampled positions of `part` (every PARTS-th of them) is the
    reference walk's; the parts together are the whole sample of :func:`differential`."""
    sample = itertools.islice(positions(SAMPLE), part, None, PARTS)
    report = compare(SLUG, sample, reference, Report(SLUG))
    assert report.positions >= at_least(1000, SAMPLE) // PARTS
    assert report.numbers >= 4 * at_least(1000, SAMPLE) // PARTS
    print(report.line())


# -- issue #14's examples ------------------------------------------------------------------------
def out_of_play(placed, discards=()) -> dict:
    """Every card not `placed` nor discarded, in the adventures of a dead player 2 (locked: no
    effect reaches them), so that the questions below stay small."""
    rest = [c for c in ALL_IDS if c not in set(placed) | set(discards)]
    return {"adventures": {1: [tuple(rest[i : i + 3]) for i in range(0, len(rest), 3)]}}


def dead_opponent(state):
    state.alive[1] = False
    return state


def swap_builds_a_legendary():
    """Player 1 has made an all-red adventure but for its blue end (the Troll) and has played a
    blue beginning and middle this turn. The Lich, a red end in the Pool, has an effect that
    swaps a card of their adventures with one in the Pool: the Pool's red Dwarf for the Troll."""
    placed = ["cursed", "the-drunken", "lich", "dwarf", "betrayed", "the-demonic", "troll"]
    placed += ["goblin"]
    table = out_of_play(placed)
    table["adventures"][0] = [("betrayed", "the-demonic", "troll")]
    state = stacked(players=2, pool=["lich", "dwarf"], deck_top=["goblin"], **table)
    state.building = ["cursed", "the-drunken"]
    return dead_opponent(state)


RESHUFFLED = ["dwarf", "hugged", "the-royal", "cursed", "mummy"]  # one red end of five


def one_card_left():
    """One card in the deck (the green Goblin, the only card player 1 cannot see), five in the
    discard pile. Play the Pool's red beginning: the Goblin refills the Pool. Play the red
    middle: the second refill comes from the discard pile, reshuffled."""
    pool = ["betrayed", "the-demonic", "troll"]
    table = out_of_play([*pool, "goblin"], RESHUFFLED)
    state = stacked(players=2, pool=pool, deck_top=["goblin"], discards=RESHUFFLED, **table)
    return dead_opponent(state)


def stacked_positions():
    yield swap_builds_a_legendary()
    yield one_card_left()


def test_a_swap_effect_that_builds_a_legendary_counts():
    state = swap_builds_a_legendary()
    odds = decision_odds(state)
    assert odds.for_action("lich").odds["legendary"] == 1  # its swap makes one Legendary
    assert odds.for_action("dwarf").odds["legendary"] == 0
    # the old panel's chance (hand and Pool only, no effects) for the adventure being played
    assert legendary_chance(["cursed", "the-drunken"], ["lich", "dwarf"]) < 1


def test_with_one_card_left_the_second_refill_comes_from_the_reshuffled_discards():
    state = one_card_left()
    assert len(state.deck) == 1
    odds = decision_odds(state).for_action("betrayed").odds
    assert odds["legendary"] == Fraction(1, len(RESHUFFLED))
    # the old panel drew both refills from the one unseen card and said it could not happen
    assert legendary_chance([], ["betrayed", "the-demonic", "troll"], ["goblin"]) == 0


# -- merges, each exact at a stacked position ------------------------------------------------------
def red_adventure_swapping(picks=(), pool=(), deck_top=()):
    """Player 1 has just made the all-red Betrayed, Frozen, Dragon; the Dragon's table swap is
    being chosen (`picks` made so far). Player 2 is dead, holding every card not placed."""
    own = ("betrayed", "the-frozen", "dragon")
    table = out_of_play([*own, *pool, *deck_top])
    table["adventures"][0] = [own]
    state = stacked(players=2, pool=pool, deck_top=deck_top, **table)
    asking(state, "dragon", picks)
    return dead_opponent(state)


def test_the_end_swaps_second_pick_is_keyed_by_the_cards_it_can_still_take():
    """The Frozen (a middle) is picked: only the Pool's middles can take its place. Two tables
    that differ in a beginning of the Pool are one position to the memo, and the plain walk
    finds the same numbers for every second pick of each."""
    tables = [red_adventure_swapping(("the-frozen",), ["the-drunken", "the-royal", first])
              for first in ("cursed", "hugged")]  # fmt: skip
    views = [turn_view(table, 0) for table in tables]
    assert views[0].position() == views[1].position()
    walks = [reference(table) for table in tables]
    assert list(tables[0].legal_actions()) == ["the-drunken", "the-royal"]
    for action in tables[0].legal_actions():
        assert walks[0][action] == walks[1][action]
        assert decision_odds(tables[0]).for_action(action).odds == walks[0][action]


def test_the_end_swap_reads_only_the_best_card_of_each_kind_elsewhere():
    """The Pool holds the Challenged, a green beginning of 5 glory, and a lesser green beginning
    (the Hugged, 4, or the Grossed-out, 3): swapped into the player's adventure, the lesser one
    scores less glory and alike in all else. The two tables are one position to the memo, and
    the plain walk finds the same numbers for each: the lesser card's swap, and every other
    first pick."""
    lesser = ("hugged", "grossed-out")
    tables = [red_adventure_swapping(pool=["the-drunken", "challenged", card]) for card in lesser]
    views = [turn_view(table, 0) for table in tables]
    assert views[0].position() == views[1].position()
    walks = [reference(table) for table in tables]
    assert walks[0]["hugged"] == walks[1]["grossed-out"]
    for action in tables[0].legal_actions():
        if action != "hugged":
            assert walks[0][action] == walks[1][action]
    with patience(100):
        for table, walk in zip(tables, walks, strict=True):
            for row in decision_odds(table).actions:
                assert row.odds == walk[row.action]


def test_the_refill_is_named_before_the_ends_swap_is_chosen():
    """Player 1 plays the Pool's Dragon, ending the all-red Betrayed, Frozen, Dragon; the refill
    is unseen, a beginning of glory 4 (the deck holds four, of four banners). The player sees it
    before choosing the Dragon's table swap: the view reveals its type, then which card it is,
    each of the four alike, and only then lists the swap's choices, by name. Only the red one,
    the Summoned, keeps the adventure Legendary if swapped for the Betrayed."""
    deck = ["cursed", "hugged", "summoned", "lured"]
    table = out_of_play(["betrayed", "the-frozen", "dragon", *deck])
    state = dead_opponent(stacked(players=2, pool=["dragon"], deck_top=deck, **table))
    state.building = ["betrayed", "the-frozen"]
    state.deck.cards = deck[::-1]  # stacked() dealt the two cards played into the deck
    view = turn_view(state, 0)
    view.apply("dragon")
    view.apply(("type", "I"))  # the refill's type, read to list the swap's choices
    assert view.is_chance_node() and sorted(o for o, _ in view.chance_outcomes()) == sorted(deck)
    view.apply("summoned")
    assert view.pool == ["summoned"] and "summoned" in view.legal_actions()
    odds = decision_odds(state).for_action("dragon").odds
    assert odds == reference(state)["dragon"] and odds["legendary"] == 1


def counting(monkeypatch, name: str) -> list[bool]:
    """Whether each call of the view's shortcut `name` (a HowIDiedView method counting what
    follows an action without playing it) applied, in a list filled as the walks call it."""
    counted, shortcut = [], getattr(HowIDiedView, name)

    def counted_call(view, action, value, memo):
        found = shortcut(view, action, value, memo)
        counted.append(found is not None)
        return found

    monkeypatch.setattr(HowIDiedView, name, counted_call)
    return counted


def assert_counted(monkeypatch, state, action: str, shortcut: str) -> None:
    """The numbers after `action`, which the view's `shortcut` counts (it must apply), are the
    plain walk's."""
    counted = counting(monkeypatch, shortcut)
    assert decision_odds(state).for_action(action).odds == reference(state)[action]
    assert any(counted)


def counted_as_walked(monkeypatch, state, action: str, shortcut: str) -> dict:
    """The numbers after `action` (with patience) that the view's `shortcut` counts, which must
    apply, after checking them against the walk without it, which reveals card by card."""

    def numbers():
        turn_odds._LAST[:] = [None, {}]  # a walk of its own, no memo of the other's
        with patience(1000):
            return decision_odds(state).for_action(action).odds

    counted = counting(monkeypatch, shortcut)
    by_shortcut = numbers()
    assert any(counted)
    monkeypatch.setattr(HowIDiedView, shortcut, lambda view, action, value, memo: None)
    assert by_shortcut == numbers()
    return by_shortcut


@pytest.mark.parametrize("end", ["dragon", "lich"])
def test_an_end_swap_from_the_pool_is_counted_for_each_refill_without_playing_it(monkeypatch, end):
    """Player 1 has played the Betrayed (red) and plays the red Frozen from the hand as the
    middle. Then the end: the Troll from the hand, or from the Pool the red Dragon (its effect
    is the table swap) or the red Lich (a swap with the Pool), whose refill is unseen, one of
    four beginnings of glory 4, one of them red. The walk counts the swap for every card the
    refill may be without playing the end, and the numbers are the plain walk's."""
    deck = ["cursed", "hugged", "summoned", "lured"]
    hand = ["the-frozen", "troll"]
    table = out_of_play(["betrayed", *hand, end, *deck])
    state = dead_opponent(stacked(players=2, hands={0: hand}, pool=[end], deck_top=deck,
                                  **table))  # fmt: skip
    state.building = ["betrayed"]
    state.deck.cards = deck[::-1]  # stacked() dealt the card played into the deck
    assert_counted(monkeypatch, state, "the-frozen", "after_pool_end")


@pytest.mark.parametrize("end", ["dragon", "lich", "phoenix", "pool's phoenix"])
def test_an_end_swap_that_reads_no_unseen_card_is_counted_without_playing_it(monkeypatch, end):
    """Player 1 has made the Ambushed, Spied-on, Troll, has played the Betrayed (red) and plays
    the red Frozen from the hand as the middle. Then the end: the Mummy or, from the hand,
    the red Dragon (the table swap), the red Lich (a swap with the Pool) or the Phoenix (a swap
    between their own adventures), or the Pool's Phoenix, whose refill nothing reads; four
    beginnings of glory 4 in the Pool, one of them red. The walk counts the swap as a whole
    without playing the end, and the numbers are the plain walk's."""
    card = end.removeprefix("pool's ")
    pool = ["cursed", "hugged", "summoned", "lured", *([card] if card != end else [])]
    hand = ["the-frozen", "mummy", *([card] if card == end else [])]
    own = ("ambushed", "spied-on", "troll")
    deck = ["goblin", "the-royal"]
    table = out_of_play(["betrayed", *hand, *pool, *own, *deck])
    table["adventures"][0] = [own]
    state = dead_opponent(stacked(players=2, hands={0: hand}, pool=pool, deck_top=deck,
                                  **table))  # fmt: skip
    state.building = ["betrayed"]
    state.deck.cards = deck[::-1]  # stacked() dealt the card played into the deck
    assert_counted(monkeypatch, state, "the-frozen", "after_end_swap")


def test_a_refill_the_new_pool_discards_is_one_outcome():
    """Player 1 has played the Betrayed and the Frozen; the end may be the Pool's Kraken, whose
    effect lays out a new Pool, the old one discarded. Its refill is seen before the effect,
    but nothing reads it after: with a deck long enough that no discard is drawn again this
    turn, every card it may be is one outcome. The numbers are the plain walk's."""
    deck = ["cursed", "hugged", "summoned", "lured", "goblin", "the-royal", "grossed-out",
            "bit", "wraith", "witch", "the-giant", "mocked", "the-wicked", "demigod"]  # fmt: skip
    hand = ["troll"]
    table = out_of_play(["betrayed", "the-frozen", *hand, "kraken", *deck])
    state = dead_opponent(stacked(players=2, hands={0: hand}, pool=["kraken"], deck_top=deck,
                                  **table))  # fmt: skip
    state.building = ["betrayed", "the-frozen"]
    state.deck.cards = deck[::-1]  # stacked() dealt the cards played into the deck
    view = turn_view(state, 0)
    view.apply("kraken")
    assert view.is_chance_node()  # the refill, its type first: every type is one outcome
    assert len({view.outcome_alike(outcome) for outcome, _ in view.chance_outcomes()}) == 1
    odds = decision_odds(state).for_action("kraken").odds
    assert odds == reference(state)["kraken"]


@pytest.mark.parametrize("unseen", [16, 7])
def test_the_foresee_is_counted_by_the_sets_of_three_it_may_show(monkeypatch, unseen):
    """Player 1 has played the red Betrayed and may play the Prophetic as the middle: its
    foresee shows three of the unseen cards (sixteen, or seven: the draw back to six then
    reaches the two put back) and the player takes one. The ends: the Troll from the hand, or
    from the Pool the Dragon (a table swap) or the Lich (a swap with the Pool), whose refills
    are seen first. The walk counts the foresee by the sets of three it may show
    (HowIDiedView.after_foresee), and its numbers are those of the walk that reveals the three
    cards one by one."""
    deck = ["cursed", "hugged", "summoned", "lured", "the-frozen", "goblin", "the-drunken",
            "the-royal", "grossed-out", "bit", "wraith", "witch", "the-giant", "mocked",
            "the-wicked", "demigod"][:unseen]  # fmt: skip
    hand, pool = ["the-prophetic", "troll", "the-spiteful"], ["dragon", "spied-on", "lich"]
    table = out_of_play(["betrayed", *hand, *pool, *deck])
    state = dead_opponent(stacked(players=2, hands={0: hand}, pool=pool, deck_top=deck, **table))
    state.building = ["betrayed"]
    state.deck.cards = deck[::-1]  # stacked() dealt the card played into the deck

    assert counted_as_walked(monkeypatch, state, "the-prophetic", "after_foresee")["glory"] > 0


def test_the_steal_is_counted_by_the_hands_it_may_show(monkeypatch):
    """Player 1 has played the red Betrayed and may play the Sneaky as the middle: its steal
    shows player 2's hand, six of the twelve cards player 1 cannot see, and player 1 takes one.
    The ends: the Troll from the hand, a card taken, or from the Pool the Dragon (a table swap)
    or the Lich (a swap with the Pool), whose refills are seen first, from the six cards left
    unseen. The walk counts the steal by the hands it may show (HowIDiedView.after_steal), and
    its numbers are those of the walk that reveals the hand card by card."""
    deck = ["cursed", "hugged", "summoned", "lured", "the-frozen", "goblin"]
    theirs = ["the-drunken", "the-royal", "grossed-out", "bit", "wraith", "witch"]
    hand, pool = ["the-sneaky", "troll"], ["dragon", "spied-on", "lich"]
    table = out_of_play(["betrayed", *hand, *pool, *deck, *theirs])
    table["adventures"] = {2: table["adventures"][1]}  # player 3 is the dead one
    state = stacked(players=3, hands={0: hand, 1: theirs}, pool=pool, deck_top=deck, **table)
    state.alive[2] = False
    state.building = ["betrayed"]
    state.deck.cards = deck[::-1]  # stacked() dealt the card played into the deck

    assert counted_as_walked(monkeypatch, state, "the-sneaky", "after_steal")["glory"] > 0


def test_the_pool_in_another_order_is_the_same_position():
    """No rule reads where a card lies in the Pool: the same cards in another order are one
    position to the walk's memo (the differential test checks the numbers)."""
    pools = [["dragon", "the-frozen", "cursed"], ["cursed", "dragon", "the-frozen"]]
    tables = [stacked(players=2, hands={0: ["betrayed", "troll"]}, pool=pool) for pool in pools]
    views = [turn_view(table, 0) for table in tables]
    assert views[0].pool != views[1].pool and views[0].position() == views[1].position()


def test_the_key_after_a_middle_swap_is_the_key_once_played():
    """After the last pick of the middle's swap of two table cards the memo's key is told
    without playing it (HowIDiedView.key_after): it is the key of the position once played,
    at every such pick met on random walks through turns of two, three and five players."""
    rng, checked = random.Random(0), 0
    for players in (2, 3, 5):
        for state in itertools.islice(decision_points(SLUG, players, range(12)), 400):
            view = turn_view(state, state.current_player())
            for _ in range(12):
                if view.is_terminal():
                    break
                if view.is_chance_node():
                    view.apply(rng.choice([outcome for outcome, _ in view.chance_outcomes()]))
                    continue
                for action in view.legal_actions():
                    key = view.key_after(action)
                    if key is not None and key[0] == "end choice":
                        after = view.clone()
                        after.apply_listed(action)
                        assert after.position() == key
                        checked += 1
                view.apply(rng.choice(view.legal_actions()))
    assert checked > 500


def first_card_few_unseen():
    """Player 1's first card of a turn, eight cards unseen (player 2 is dead, holding the rest):
    walks the widget's budget refuses, small enough for more patience."""
    hand = ["bit", "cursed", "the-hungry", "the-royal", "ogre", "troll"]
    pool = ["spied-on", "the-spiteful", "sorceress", "dragon", "lich", "the-rabid"]
    deck = ["demigod", "witch", "wraith", "trampled", "the-giant", "goblin", "mocked", "the-wicked"]
    table = out_of_play([*hand, *pool, *deck])
    return dead_opponent(stacked(players=2, hands={0: hand}, pool=pool, deck_top=deck, **table))


def test_patience_answers_the_first_card_with_the_next_decisions_best():
    """With more patience than the widget's, the first cards get numbers, and they are the walk's
    own: after a first card from the hand with no effect the turn goes on at the second card's
    decision, nothing learnt, and the first card's numbers are the best of that decision's (the
    most glory, then the least damage, then staying alive, then a new Legendary)."""
    state = first_card_few_unseen()
    assert not any(row.odds for row in decision_odds(state).actions)
    with patience(100):
        odds = decision_odds(state)
        compared = 0
        for row in odds.actions:
            after = state.clone()
            after.apply(row.action)
            if row.action in state.pool or phase(after) != "build":
                continue  # a refill drawn and seen, or an effect to resolve first
            following = [o.odds for o in decision_odds(after).actions]

            def rank(numbers):
                return (numbers["glory"], -numbers["damage"], -numbers["death"],
                        numbers["legendary"])  # fmt: skip

            assert all(following) and row.odds == max(following, key=rank)
            compared += 1
    assert compared >= 2


def test_each_choice_is_heard_with_the_numbers_its_row_shows():
    """The walks tell each choice's numbers as they find them (a widget fills its row then):
    every choice answered is told once, with the numbers the decision's table shows for it."""
    state = first_card_few_unseen()
    told: dict = {}

    def hear(action, numbers):
        told.setdefault(action, []).append(numbers)

    with patience(100), hearing_answers(hear):
        odds = decision_odds(state)
    answered = {row.action: row.odds for row in odds.actions if row.odds}
    assert len(answered) >= 2
    assert told == {action: [numbers] for action, numbers in answered.items()}


def test_a_decision_whose_memo_would_pass_its_bound_stops_and_gives_its_memory_back():
    """Counting in the background, the walks' memo is bounded (the widget's gigabyte): past
    it the decision stops rather than grow, and the memo it filled is emptied."""
    state = first_card_few_unseen()
    decision_odds(state)  # asked afresh: nothing kept from a walk asked before
    with patience(100), kept_within(50), pytest.raises(MemoFull):
        decision_odds(state)
    assert turn_odds._LAST[1] == {}


# -- the view -----------------------------------------------------------------------------------
def first(slug_positions, test):
    return next(state for state in slug_positions if test(state))


def test_the_view_hides_the_deck_and_other_hands_but_not_what_the_seat_sees():
    state = stacked(players=3, hands={0: ["cursed"], 1: ["bit", "troll"]}, pool=["the-drunken"])
    view = turn_view(state, 0)
    assert view.observation(0) == state.observation(0)
    assert view.hands[0] == ["cursed"] and view.pool == ["the-drunken"]
    assert all(isinstance(card, Hidden) for card in view.hands[1] + view.deck.cards)
    assert len(view.hands[1]) == 2 and len(view.deck) == len(state.deck)
    assert view.deck.discards == state.deck.discards


def test_cards_a_choice_shows_stay_known_in_the_view():
    """Stealing, the seat looks at the opponent's hand; foreseeing, at the deck's top three: the
    view keeps them where they are (a known top card stays on top)."""
    steal = stacked(players=2, hands={0: ["the-sneaky"], 1: ["bit", "troll"]})
    asking(steal, "the-sneaky", (1,))
    assert sorted(steal.legal_actions()) == ["bit", "troll"]
    assert sorted(turn_view(steal, 0).hands[1]) == ["bit", "troll"]
    foresee = stacked(players=2, hands={0: []}, deck_top=["ogre", "bit", "the-royal"])
    asking(foresee, "the-prophetic", ("look",))
    view = turn_view(foresee, 0)
    assert view.deck.peek(3) == ["ogre", "bit", "the-royal"]
    assert all(isinstance(card, Hidden) for card in view.deck.cards[:-3])


def test_the_view_reveals_a_refill_when_it_is_read_and_reshuffles_without_the_rng():
    state = one_card_left()
    view = turn_view(state, 0)
    rng_before = state.rng.getstate()
    view.apply("betrayed")  # the Goblin refills the Pool: the only unseen card
    assert view.is_chance_node()  # the next choice lists the Pool's middles: read its type
    assert [o for o, _ in view.chance_outcomes()] == [("type", "III")]
    view.apply(("type", "III"))
    assert [o for o, _ in view.chance_outcomes()] == ["goblin"]  # seen in the Pool: its name
    view.apply("goblin")
    view.apply("the-demonic")  # the deck is empty: the discards become a new group
    assert view.unseen.groups[1] == sorted(RESHUFFLED) and view.deck.discards == []
    assert view.is_chance_node()
    assert dict(view.chance_outcomes()) == {
        ("type", "I"): Fraction(2, 5),
        ("type", "II"): Fraction(1, 5),
        ("type", "III"): Fraction(2, 5),
    }
    assert state.rng.getstate() == rng_before


def test_cli_shows_what_decision_odds_shows_at_a_game_position():
    state = first(decision_points(SLUG, 2, range(1)), lambda s: phase(s) == "effect")
    assert cli_shows(SLUG, state) == json.loads(json.dumps(decision_odds(state).to_json()))


def test_a_card_seen_going_into_an_opponents_hand_stays_known_there():
    """Seed 0 of a three-player game: the Barbaric was seen going into player 3's hand, so
    player 1's view keeps it there; the other hidden cards are alike."""
    for state in decision_points(SLUG, 3, range(1)):
        seat = state.current_player()
        seen = [card for card, label in labels(state, seat)[0].items() if label == KNOWN]
        if seen:
            break
    view = turn_view(state, seat)
    for card in seen:
        holder = next(s for s, hand in enumerate(state.hands) if card in hand)
        assert card in view.hands[holder] and holder != seat
    hidden = [c for o, hand in enumerate(view.hands) if o != seat for c in hand if c not in seen]
    assert all(isinstance(card, Hidden) for card in hidden + view.deck.cards)
    assert not any(card in group for group in view.unseen.groups for card in seen)


def where(state) -> dict[str, tuple]:
    """Where each card is: ("deck",), ("hand", seat), ("discards",) or ("seen",) (face up)."""
    places = dict.fromkeys(ALL_IDS, ("seen",))
    places.update((card, ("deck",)) for card in state.deck.cards)
    places.update((card, ("discards",)) for card in state.deck.discards)
    for seat, hand in enumerate(state.hands):
        places.update((card, ("hand", seat)) for card in hand)
    return places


def replayed(players: int, seed: int):
    """The moves of a seeded game of random bots, and a new game to replay them on."""
    played = play_seeded(SLUG, players, ["random"] * players, seed)
    return played.history, HowIDiedState(seed=seed, players=players)


def test_the_seats_knowledge_follows_the_cards_moves():
    """Followed move by move from where each card was before and after it, for every seat: a
    card that left a place the seat sees for one it does not, or that the seat's choice showed
    it, is known there; moved between two hidden places it keeps what the seat knew of it (a
    move that reshuffles the discard pile is checked below)."""
    checked, known_there = 0, 0
    for players, seed in ((4, 300), (5, 1), (5, 7), (3, 11)):
        history, game = replayed(players, seed)
        follow = [{card: FIRST for card in hidden_from(game, seat)} for seat in range(players)]
        for action in history:
            before, shuffles = where(game), game.reshuffles
            acting = game.current_player()
            shown = set(game.legal_actions()) if acting >= 0 else set()
            game.apply(action)
            for seat in range(players):
                known, _ = labels(game, seat)
                hidden = hidden_from(game, seat)
                if game.reshuffles != shuffles:
                    follow[seat] = known
                    continue
                for card in hidden:
                    was = before[card]
                    seen = was[0] in ("seen", "discards") or was == ("hand", seat)
                    if seen or (seat == acting and card in shown):
                        follow[seat][card] = KNOWN
                follow[seat] = {card: follow[seat][card] for card in hidden}
                assert known == follow[seat], (seed, len(game.history), seat)
                checked += 1
                known_there += KNOWN in known.values()
    assert checked > 1000 and known_there > 100


def test_a_reshuffled_pile_is_a_group_of_its_own_to_every_seat():
    """A move that reshuffles the discard pile into the deck: every card of the new deck is,
    to every seat, one of that reshuffle's group (whoever discarded it and wherever it lay
    before, nobody knows its place in the shuffled deck), and no card of the pile drawn into a
    hand in the same move is known there to anyone else."""
    found = 0
    for players, seed in ((5, 1), (5, 2), (5, 3), (5, 9)):
        history, game = replayed(players, seed)
        for action in history:
            discards, shuffles = list(game.deck.discards), game.reshuffles
            game.apply(action)
            if game.reshuffles == shuffles:
                continue
            found += 1
            for seat in range(players):
                known, _ = labels(game, seat)
                assert all(known[card] == game.reshuffles for card in game.deck.cards)
                assert not [card for card in discards if known.get(card) == KNOWN]
                assert not game.doubts[seat] & set(game.deck.cards)
    assert found >= 4


def test_a_card_given_unseen_from_unlike_cards_refuses_the_numbers():
    """Seed 301, four players: player 4 gives player 3 a card from a hand in which player 1
    knows some cards; which one went is player 4's secret, so player 1's numbers are refused
    until those cards are seen again."""
    for state in decision_points(SLUG, 4, [301]):
        if len(state.history) > 68 and state.current_player() == 0:
            break
    assert turn_view(state, 0).doubtful
    odds = decision_odds(state)
    assert not any(o.odds for o in odds.actions) and "could not follow" in odds.note
