"""TPK's numbers beside a decision, checked against the exact walk of the engine itself.

The number shown is P(the level can still be cleared, every hand shown): after the action, over
the partners' cards the seat cannot see, the chance that the party could still clear the level if
from then on every hand were on the table. :func:`walk_reference` gets it with no model of the
rules at all: the core :class:`toolkit.analysis.Walk` plays the engine from the seat's
``players_view``, dealing the partners' cards at its chance nodes and then taking every seat's
decisions as one mind (each keep, use and pass tried), until the level ends; the measure is 1 for a
level cleared. ``decision_odds`` instead groups the partners' hands and asks the covering search
(:mod:`toolkit.tpk.coordination`), so every number it shows is compared with the walk's.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from odds_check import Report, at_least, cli_shows, compare, every

from toolkit.analysis import Walk, WalkTooLarge
from toolkit.simulate import decision_points
from toolkit.state import CHANCE, TERMINAL
from toolkit.tpk.examples import LEVEL_ONE_MOVES, LEVEL_ONE_OPTIONS, level_one_example
from toolkit.tpk.odds import CLEARABLE, decision_odds
from toolkit.tpk.rules import DEAL, KEEP, PASS, WILD, TPKState
from toolkit.tpk.widget import TPKWidget

WALK_LIMIT = 3_000  # positions one reference walk may visit; larger ones are left out, counted


class OneMind:
    """A TPK position in which every seat's decision is the walk's seat's: the walk then takes
    the best play of the whole party, which is what "every hand shown" means."""

    def __init__(self, state: TPKState, seat: int):
        self.state, self.seat = state, seat

    def clone(self) -> OneMind:
        return OneMind(self.state.clone(), self.seat)

    def current_player(self) -> int:
        seat = self.state.current_player()
        return seat if seat in (CHANCE, TERMINAL) else self.seat

    def is_terminal(self) -> bool:
        return self.state.is_terminal()

    def is_chance_node(self) -> bool:
        return self.state.is_chance_node()

    def legal_actions(self):
        return self.state.legal_actions()

    def chance_outcomes(self):
        return self.state.chance_outcomes()

    def apply_listed(self, action) -> None:
        self.state.apply_listed(action)


def asked(state: TPKState) -> tuple | None:
    """The question waiting, as the step its answer resumes and that step's arguments (the seat,
    and in a keep the keeps still to come); None once the game is over."""
    ask = state.prompt
    return None if ask is None else (ask.resume, tuple(ask.args.items()))


def walk_reference(state: TPKState, limit: int = WALK_LIMIT, only=None) -> dict:
    """P(the level can still be cleared, every hand shown) after each legal action (or each of
    `only`), by walking the engine from the seat's view. Cards are told apart by what they do
    (their uses), so partner hands dealt alike are walked once and positions reached again are
    remembered."""
    seat, level, cleared, items = (
        state.current_player(),
        state.level,
        state.levels_cleared(),
        state.items,
    )

    def kinds(cards):
        return tuple(sorted(items.get(card, WILD) for card in cards))

    def key(mind: OneMind):
        s = mind.state
        return (
            asked(s), s.leftmost, tuple(s.status), tuple(s.to_deal()),
            tuple(passed == s.leftmost for passed in s.passed_on),
            tuple(map(kinds, s.hands)), tuple(map(kinds, s.drawn_cards)), s.current_player(),
        )  # fmt: skip

    walk = Walk(
        seat,
        stop=lambda mind: mind.state.level != level,
        measure=lambda mind: (int(mind.state.levels_cleared() > cleared),),
        merge=lambda mind, outcome: kinds(outcome),
        key=key,
        limit=limit,
    )
    start = OneMind(state.players_view(seat), seat)
    if only is None:
        options = walk.options(start)
    else:  # those actions alone, a walk each, the positions one finished remembered by the next
        walk, options = replace(walk, memo={}), {}
        for action in only:
            after = start.clone()
            after.apply_listed(action)
            options[action] = walk.value(after)
    return {action: {CLEARABLE.name: values[0]} for action, values in options.items()}


def example_positions():
    """Every decision of the rulebook's level-one example, under several seeds (the cards each
    player drew besides the one they keep come from the seed)."""
    for seed in range(6):
        state = level_one_example(seed)
        for action, _ in LEVEL_ONE_MOVES:
            if state.outcome is not None or state.level != 1:
                break
            yield state.clone()
            state.apply(action)


def game_positions():
    """Seeded games: random play with two, three and four characters, the convention bots with
    two (they reach deeper levels). A keep before a partner has kept costs the walk a deal of
    every partner's draw and every way they could keep, so only every second (two characters) or
    eighth (three) keep position is taken, and none with four, to keep the sweep near a minute."""
    plan = (
        (2, "random", range(150), 2),
        (2, "convention", range(5), 2),
        (3, "random", range(60), 8),
        (4, "random", range(20), None),
    )
    for players, bot, seeds, nth_keep in plan:
        keeps = 0
        for state in decision_points("tpk", players, seeds, bot):
            if state.prompt.question == KEEP:
                keeps += 1
                if nth_keep is None or keeps % nth_keep:
                    continue
            yield state


SAMPLE = 10  # the test compares every tenth of the seeded decisions; the sweep each one


def differential(step: int = SAMPLE) -> Report:
    """Every number shown is the walk's, at the rulebook example's decisions and every `step`-th
    of :func:`game_positions` (step 1: 1,000 and more decisions, as
    ``benchmarks/sweep_differential.py`` runs it); a position too large to walk is left out and
    counted."""
    answers: dict[str, dict] = {}
    left_out = 0

    def walked():
        nonlocal left_out
        for state in (*example_positions(), *every(game_positions(), step)):
            try:
                answers[state.to_json()] = walk_reference(state)
            except WalkTooLarge:
                left_out += 1
                continue
            yield state

    report = compare("tpk", walked(), lambda state: answers[state.to_json()], Report("tpk"))
    report.notes.append(f"{left_out} positions too large to walk left out")
    report.notes.append(f"{report.actions - report.numbers} actions refused")
    assert report.positions >= at_least(1000, step)
    assert report.numbers >= 0.9 * report.actions
    return report


def test_every_number_beside_a_choice_is_the_walks():
    print(differential().line())


def test_the_view_deals_a_partners_hand_from_what_they_could_hold():
    """Galen (seat 2) in the rulebook's example, after the keeps and Brin's and Taric's passes:
    his own potion stays; his partners' kept cards are stand-ins until he moves, then each is
    dealt from the eight cards they could hold, equally likely; a card used is never dealt."""
    state = level_one_example()
    for action, _ in LEVEL_ONE_MOVES[:5]:
        state.apply(action)
    view = state.players_view(2)
    assert view.observation(2) == state.observation(2)
    assert view.current_player() == 2 and view.hands[2] == ["potion-galen"]
    assert view.hands[1] != ["taric-greatsword"]  # the stand-in is not the real card
    view.apply(LEVEL_ONE_MOVES[5][0])  # the potion on the small monster
    assert view.current_player() == CHANCE
    assert view.chance.kind == DEAL and not view.chance.public  # Galen does not see the deal
    assert view.prompt.seat == 0  # Brin's question waits for the deal
    deals = dict(view.unseen_deals())
    assert sorted(deals) == [0, 1]
    assert all(len(outcomes) == 8 for outcomes in deals.values())
    assert {p for outcomes in deals.values() for _, p in outcomes} == {Fraction(1, 8)}
    assert (("brin-torch",), Fraction(1, 8)) in deals[0]
    for action, _ in LEVEL_ONE_MOVES[5:7]:
        state.apply(action)  # Galen's potion, Brin's pass: Taric is to act
    state.apply(LEVEL_ONE_MOVES[7][0])  # Taric's greatsword fells the large monster
    view = state.players_view(0)  # Brin is to act; Taric and Galen hold nothing
    assert view.current_player() == 0 and view.to_deal() == []


def test_the_view_holds_nothing_of_a_partners_real_cards():
    """Two deals that differ only in the card Taric keeps look the same from Brin's seat, and so
    do their views (the stand-ins and the decks are the same cards)."""
    other = {**LEVEL_ONE_OPTIONS, "scenario": {"1": {
        **LEVEL_ONE_OPTIONS["scenario"]["1"],
        "draws": [["brin-torch"], ["taric-mace"], ["potion-galen"]],
    }}}  # fmt: skip
    views = []
    for state in (level_one_example(), TPKState(**other)):
        state.apply(("keep", ("brin-torch",)))
        state.apply(("keep", tuple(sorted(state.drawn_cards[1]))[:1]))
        views.append(state.players_view(0))
    first, second = views
    assert first.observation(0) == second.observation(0)
    for seat in (1, 2):
        assert (
            first.hands[seat] == second.hands[seat]
            or first.drawn_cards[seat] == second.drawn_cards[seat]
        )
        assert sorted(first.decks[seat].cards) == sorted(second.decks[seat].cards)


def test_the_level_one_example_gets_numbers_for_every_keep():
    """Issue #14: TPK's play widget showed no odds. Brin's keep in the rulebook's example now
    shows, for each card, the chance the level can still be cleared; the torch (the only card of
    the party that finds the secret door, as Brin sees it) scores highest."""
    state = level_one_example()
    odds = decision_odds(state)
    values = {o.action: o.odds[CLEARABLE.name] for o in odds.actions}
    assert set(values) == set(state.legal_actions())
    assert values[("keep", ("brin-torch",))] == max(values.values())
    assert values == {a: v[CLEARABLE.name] for a, v in walk_reference(state).items()}
    assert cli_shows("tpk", state)["actions"][0]["odds"][CLEARABLE.name] == str(
        values[state.legal_actions()[0]]
    ).replace(" ", "")


def test_a_pass_when_every_partner_has_passed_kills_the_party():
    """The example after Brin's and Taric's passes: Galen must cover the small monster, as the
    turn would come back to a player who passed on it; passing scores 0 (the engine ends the
    game), the potion on the small monster scores what the walk says."""
    state = level_one_example()
    for action, _ in LEVEL_ONE_MOVES[:5]:
        state.apply(action)
    odds = decision_odds(state)
    values = {o.action: o.odds[CLEARABLE.name] for o in odds.actions}
    assert values[PASS] == 0
    assert values[LEVEL_ONE_MOVES[5][0]] > 0
    assert values == {a: v[CLEARABLE.name] for a, v in walk_reference(state).items()}


def test_the_widget_shows_the_same_numbers_and_no_other_pane():
    """The play widget had no numbers (issue #14); it now shows decision_odds under the choices,
    and no pane of its own beside them."""
    game = TPKWidget(seat=0, **LEVEL_ONE_OPTIONS)
    seen = 0
    while not game.state.is_terminal() and seen < 4:
        assert game.odds == decision_odds(game.state)
        assert CLEARABLE.heading in game.numbers_on_show()
        seen += 1
        game.click(next(iter(game.buttons())))
    assert seen >= 2
    assert "odds" not in type(game).__dict__ and "_odds" not in vars(game)


def test_a_choice_too_large_to_weigh_in_time_shows_no_number_and_says_why():
    """Two characters, a turn on level 6 in the convention game of seed 14 (twelve threats
    left, the partner's hand any six of twelve cards): counting some uses would take too long, so
    they show no number (never a guess), with a note; the rest are the walk's, and the command
    line prints the same."""
    state = next(s for s in decision_points("tpk", 2, [14], "convention") if len(s.history) == 41)
    odds = decision_odds(state)
    refused = [o for o in odds.actions if not o.odds]
    assert refused and len(refused) < len(odds.actions)
    assert all("steps" in o.note for o in refused)
    assert "no number" in odds.note
    shown = [o for o in odds.actions if o.odds]
    walked = walk_reference(state, limit=200_000, only=[o.action for o in shown])
    assert all(o.odds[CLEARABLE.name] == walked[o.action][CLEARABLE.name] for o in shown)
    printed = cli_shows("tpk", state)["actions"]
    assert [bool(a["odds"]) for a in printed] == [bool(o.odds) for o in odds.actions]
