"""The numbers beside every Epic Death! choice are the engine's own.

:func:`toolkit.epic_death.decisions.decision_odds` answers from closed forms; here every number it
shows is compared with the exact walk (:func:`toolkit.epic_death.decisions.walked`: the core
``Walk`` playing the engine from the seat's ``players_view``) at the decisions of seeded random
games of two to five players and at stacked positions: every Fate card one could play before the
roll, every re-roll after it (one die or two, of each kind), Deadly and Ancient Pact, an Epic
Quest. The counts are printed, and the book quotes them.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

from epic_death.stacking import first_quest, stacked
from odds_check import Report, at_least, compare, every

from toolkit.epic_death.decisions import DIES, ENDS, FAIL, SUCCESS, decision_odds, walked
from toolkit.epic_death.odds import PoolModifiers, quest_odds, victories
from toolkit.epic_death.rules import UNSEEN, EpicDeathState
from toolkit.simulate import decision_points
from toolkit.steps import PASS

GREEN_3_MIGHTY = first_quest("mighty", 3)
EPIC_3_MIGHTY = first_quest("mighty", 3, epic=True)


def skip_windows_until(state: EpicDeathState, seat: int, phase: str | None = None) -> None:
    """Everyone passes until `seat` is asked (in `phase`, if named)."""
    while state.current_player() != seat or (phase and state.stage() != phase):
        state.apply(PASS)


def before_the_roll(hand: list[str], quest=GREEN_3_MIGHTY, active_hand=()) -> EpicDeathState:
    """Seat 0 (holding `active_hand`) attempts `quest`; seat 1, holding `hand`, is asked before
    the roll."""
    state = stacked(hands={0: list(active_hand), 1: hand}, line=[quest])
    state.apply(("quest", quest))
    skip_windows_until(state, 1, "before_roll")
    return state


def after_the_roll(hand, plain: int, sixes: int, frenzy: bool = False, quest=GREEN_3_MIGHTY):
    """Seat 0 attempts `quest` (with Frenzy, if asked) and rolls ten dice; seat 1, holding
    `hand`, is asked after the roll."""
    state = stacked(hands={0: ["fate-frenzy"] * frenzy, 1: hand}, line=[quest])
    state.apply(("quest", quest))
    if frenzy:
        skip_windows_until(state, 0, "before_roll")
        state.apply(("fate", "fate-frenzy"))
    while not state.is_chance_node():
        state.apply(PASS)
    state.apply(("roll", plain, sixes))
    skip_windows_until(state, 1, "after_roll")
    return state


def stacked_positions():
    """The situations the issue names, and more: each card kind before the roll, each re-roll
    after it (a green and an Epic Quest, with and without Frenzy), the marks."""
    cards = ["fate-add-1", "fate-add-2", "fate-remove-2", "fate-add-d6", "fate-remove-d6"]
    for quest in (GREEN_3_MIGHTY, EPIC_3_MIGHTY):
        yield before_the_roll([*cards, "fate-frenzy", "fate-loot-envy"], quest)
        for plain, sixes, frenzy in itertools.product(range(5), range(3), (False, True)):
            yield after_the_roll(
                ["fate-reroll-failures", "fate-reroll-victories"], plain, sixes, frenzy, quest
            )
    for quest in (GREEN_3_MIGHTY, EPIC_3_MIGHTY):
        yield from marks(quest)


def marks(quest: str):
    """Seat 1 may mark one of seat 0's adventurers on `quest`, then seat 2 may take the mark
    with an Ancient Pact; after the roll, with the mark on seat 2's adventurer, seat 1 may
    re-roll."""
    state = stacked(
        hands={1: ["fate-deadly", "fate-reroll-failures"], 2: ["fate-ancient-pact"]}, line=[quest]
    )
    for adventurer in (*state.parties[0][:2], state.parties[2][0]):
        state.put_under(adventurer, state.loot.cards.pop())
    state.apply(("quest", quest))
    yield state.clone()
    state.apply(("fate", "fate-deadly", state.parties[0][0]))
    skip_windows_until(state, 2)
    yield state.clone()
    state.apply(next(a for a in state.legal_actions() if a != PASS))
    while not state.is_chance_node():
        state.apply(PASS)
    state.apply(("roll", 2, 0))
    skip_windows_until(state, 1, "after_roll")
    yield state


SAMPLE = 10  # the test compares every tenth of the seeded decisions; the sweep each one


def positions(step: int = 1):
    """The stacked positions, and every `step`-th of every other decision of seeded games of two
    to five players: random bots, and greedy ones, who play more cards (more choices to weigh)."""
    yield from stacked_positions()
    for players in (2, 3, 4, 5):
        points = decision_points("epic-death", players, range(2))
        yield from every(itertools.islice(points, 0, 400, 2), step)
    for players in (3, 4):
        points = decision_points("epic-death", players, range(2), bot="greedy")
        yield from every(itertools.islice(points, 0, 400, 2), step)


def reference(state):
    return walked(state)


def differential(step: int = SAMPLE) -> Report:
    """Every number shown at `positions(step)` is the exact walk's (step 1: 1,000 and more
    decisions, as ``benchmarks/sweep_differential.py`` runs it)."""
    report = compare("epic-death", positions(step), reference, Report("epic-death"))
    assert report.positions >= at_least(1000, step)
    return report


def test_every_number_shown_is_the_exact_walks():
    print(differential().line())


# -- issue #14's examples ----------------------------------------------------------------------
def test_after_the_roll_every_reroll_play_has_its_own_odds():
    """After the roll each re-roll card, one die or two and of which kind, has its numbers (the
    issue: none were shown, and the odds from before the roll stayed)."""
    state = after_the_roll(["fate-reroll-failures", "fate-reroll-victories"], 2, 0)
    shown = decision_odds(state)
    rows = {odds.action: odds.odds for odds in shown.actions}
    assert rows[PASS] == {"success": 0, "fail": 1, "dies": 0}  # 2 of 3: the roll fails as it is
    one, two = ("fate", "fate-reroll-failures", 1, 0, 0), ("fate", "fate-reroll-failures", 2, 0, 0)
    assert rows[one]["success"] == victories(1, "mighty").at_least(1) == Fraction(1, 3)
    assert rows[two]["success"] == victories(2, "mighty").at_least(1) == Fraction(5, 9)
    spoil = ("fate", "fate-reroll-victories", 0, 1, 0)
    assert rows[spoil]["fail"] == 1  # a rival's card: the quester's chance to fail
    assert shown.prompt == "Fate cards after the roll"
    assert walked(state) == {a: {**n, "epic_death": 0} for a, n in rows.items()}


def test_each_fate_card_one_could_play_has_its_odds():
    """Before the roll, each card in hand has its numbers: the quest's chances with it played
    (the issue: they were not shown)."""
    state = before_the_roll(["fate-add-2", "fate-add-d6", "fate-remove-1", "fate-frenzy"])
    rows = {odds.action: odds.odds for odds in decision_odds(state).actions}
    for card, modifiers in [
        (PASS, PoolModifiers()),
        (("fate", "fate-add-2"), PoolModifiers(dice=2)),
        (("fate", "fate-add-d6"), PoolModifiers(plus_d6=1)),
        (("fate", "fate-remove-1"), PoolModifiers(dice=-1)),
        (("fate", "fate-frenzy"), PoolModifiers(frenzy=True)),
    ]:
        assert rows[card]["success"] == quest_odds(3, "mighty", modifiers).success
        assert rows[card]["success"] + rows[card]["fail"] == 1
    assert len({rows[card]["success"] for card in rows}) == 5


def test_a_deadly_mark_and_a_pact_say_whose_adventurer_dies():
    deadly, state, rolled = marks(GREEN_3_MIGHTY)
    target = deadly.parties[0][0]
    rows = {o.action: o.odds for o in decision_odds(deadly).actions}
    assert rows[("fate", "fate-deadly", target)]["dies"] == 0  # seat 1's own party is not marked
    rows = {o.action: o.odds for o in decision_odds(state).actions}
    pact = next(a for a in rows if a != PASS)
    assert rows[pact]["dies"] == rows[pact]["fail"] > 0  # the pact player's adventurer dies
    assert rows[PASS]["dies"] == 0
    assert [m.heading for m in decision_odds(state).measures] == [
        m.heading for m in (SUCCESS, FAIL, DIES)
    ]
    rows = {o.action: o.odds for o in decision_odds(rolled).actions}  # seat 1, the mark moved
    assert rows[PASS] == {"success": 0, "fail": 1, "dies": 0}


# -- what the seat sees --------------------------------------------------------------------------
def test_the_view_hides_hands_decks_and_the_next_loot_but_shows_the_piece_being_placed():
    """At a success with two loot to place: the first piece is on the table, the second is not;
    the other hands and the decks are stand-ins; the view has no generator to tell a shuffle."""
    state = stacked(hands={0: ["fate-add-2"], 1: ["fate-deadly", "fate-frenzy"]})
    quest = next(q for q in state.quest_line if state.cards.quest(q).rewards.loot >= 2)
    state.apply(("quest", quest))
    while state.stage() != "place_loot":
        state.apply(PASS if not state.is_chance_node() else ("roll", 10, 0))
    view = state.players_view(0)
    assert view.observation(0) == state.observation(0)
    assert view.loot_to_place[0] == state.loot_to_place[0]
    fate, loot = UNSEEN["fate"], UNSEEN["loot"]
    assert view.loot_to_place[1:] == [loot] * (len(state.loot_to_place) - 1)
    assert view.hands[1] == [fate, fate] and view.hands[0] == state.hands[0]
    assert set(view.fate.cards) == {fate} and set(view.loot.cards) == {loot}
    greens = sum(q in state.cards.quests for q in state.quest_deck)
    epics = len(state.quest_deck) - greens
    assert view.quest_deck == [UNSEEN["epic_quests"]] * epics + [UNSEEN["quests"]] * greens
    assert sorted(view.unseen_for(loot)) == sorted(state.loot.cards + state.loot_to_place[1:])
    assert view.fate.discards == state.fate.discards and view.rng is None


def test_a_determinised_view_keeps_the_quest_decks_shape_and_deals_each_kind_its_own_cards():
    """A three-player game keeps five quests of each kind per player and leaves the rest in the
    box: a game dealt from a view has green Quests on top of the Epic Quests in the deck, the
    box's green Quests before its Epic ones, and each unseen card of its own kind."""
    state = EpicDeathState(seed=4, players=3)

    def green(pile):
        return [quest in state.cards.quests for quest in pile]

    deck_shape, box_shape = green(state.quest_deck), green(state.out_of_game)
    assert deck_shape == sorted(deck_shape) and box_shape == sorted(box_shape, reverse=True)
    view = state.players_view(1)
    kinds = Counter()
    for draw in range(20):
        game = view.determinise(random.Random(draw))
        assert green(game.quest_deck) == deck_shape and green(game.out_of_game) == box_shape
        assert game.card_locations() == state.card_locations()
        assert game.hands[1] == state.hands[1] and game.parties == state.parties
        assert set(game.unused_adventurers) == set(state.unused_adventurers)
        kinds[game.quest_deck[-1]] += 1
    assert len(kinds) > 1  # the top quest is any green Quest the seat cannot see


def test_the_numbers_are_the_same_whatever_the_unseen_cards_are():
    """Two games that differ only in what seat 1 cannot see (seat 0's hand, the deck's order)
    show seat 1 the same numbers."""
    one = before_the_roll(["fate-add-d6", "fate-frenzy"], active_hand=["fate-add-1", "fate-deadly"])
    other = before_the_roll(["fate-add-d6", "fate-frenzy"], active_hand=["fate-add-2"] * 2)
    other.fate.cards.reverse()
    assert one.observation(1) == other.observation(1)
    assert one.hands[0] != other.hands[0]
    assert decision_odds(one) == decision_odds(other)


def test_the_advisors_table_names_each_end_as_the_engine_does():
    """The advisor's `success` on an Epic Quest once counted a roll of exactly the target, which
    the engine (``Quest.outcome``) and the play widget call an EPIC DEATH."""
    from toolkit.epic_death.advisor import advice_table, advise

    cards = EpicDeathState(seed=0, players=2).cards
    quests = sorted(cards.quests) + sorted(cards.epic_quests)
    table = advice_table(advise(cards, quests)).set_index("quest")
    assert table["epic"].any() and not table["epic"].all()
    for quest_id in quests:
        quest = cards.quest(quest_id)
        dist = quest_odds(quest.victories, quest.difficulty).victories
        row = table.loc[quest.name]
        ends = {end: dist.probability(lambda v, e=end, q=quest: q.outcome(v) == e) for end in ENDS}
        assert row["success"] == ends["success"]
        assert row["EPIC DEATH %"] == round(float(ends.get("epic_death", 0)) * 100, 1)
