"""The numbers beside every Death May Die decision are the engine's own.

`decision_odds` walks the engine (the core :class:`~toolkit.analysis.Walk`) from the seat's view
with shortcuts of its own: a roll is walked die by die as the dice's decision process, the engine
played only at its ends (:class:`~toolkit.death_may_die.roll_walk.RollWalk`), enemies of one kind
with the same wounds are one target, two dice alike are one reroll, and die faces that cannot
change a roll's outcome (an elder sign is a blank where it does nothing) are walked once. The
reference walks the same view move by move, with each die's reroll and each target on its own, so
every number shown at 1,000 and more decisions of seeded games and stacked positions (rolls of
eight dice with every reroll left among them) is checked against it (the test takes every 11th
seeded decision, ``benchmarks/sweep_differential.py`` each one); a test of its own checks the
lumped faces against walking every face. The rest of a turn (beside "end actions") walks each roll
by RollWalk and meets a position again by what the rest of the turn reads; its reference walks
every die and keys a position by the whole table. Then the issue's three examples, each a position
where the old advice was wrong, and the rest of a turn at stacked positions.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

from odds_check import Report, at_least, compare, every

from toolkit.analysis import Walk
from toolkit.death_may_die.bots import roll_advice
from toolkit.death_may_die.decisions import (
    MEASURED,
    TOO_LARGE,
    _Changes,
    _merge,
    action_question,
    decision_odds,
    measured,
    others,
    question,
    ranking,
    walk_options,
)
from toolkit.death_may_die.rerolls import p_at_least
from toolkit.death_may_die.rules import DeathMayDieState
from toolkit.simulate import decision_points
from toolkit.state import CHANCE
from toolkit.steps import PASS

SLUG = "death-may-die"
# The plain walk visits far more positions than the walk it checks: the rest of a turn at two
# decisions of the seeded two-player games needs over 100,000 (under 2,000,000, two minutes).
PLAIN_LIMIT = 2_000_000


def _plain_key(state):
    """A roll's position with nothing lumped: every face as it is, the target by its own id."""
    step = state.roll
    if step is None:
        return None
    faces = [tuple(face) for face in step["faces"]]
    rerolling = faces.pop(step["reroll"])[0] if step["reroll"] is not None else None
    rest = repr(sorted((k, v) for k, v in step.items() if k not in ("faces", "reroll")))
    stress = state.investigators[step["seat"]]["stress"]
    return rest, tuple(sorted(faces)), rerolling, len(step["faces"]), stress


def _plain_position(state):
    """A position of the rest of a turn with nothing left out: the whole table, both decks and
    their discards card by card (in a view, with the unseen cards behind their stand-ins), the
    roll at the front by :func:`_plain_key`."""
    front = _plain_key(state)
    ahead = state.steps_ahead()
    pending = ahead[1:] if front is not None else ahead
    return (
        front, repr(pending), repr(state.investigators), repr(sorted(state.enemies.items())),
        repr(sorted(state.elder.items())), repr(sorted(state.fire.items())), repr(state.tokens),
        repr(sorted(state.wards)), state.outcome, state.turn, state.active, state.actions_left,
        state.tests_passed, state.rolls_resolved, state.ritual_disrupted,
        state.disrupted_this_turn,
        *(tuple(sorted(deck.cards)) + ("|",) + tuple(sorted(deck.discards))
          + ("|",) + state.unseen_in(kind)
          for deck, kind in ((state.mythos, "mythos"), (state.discovery, "discovery"))),
    )  # fmt: skip


def reference(state, merge=_merge, shown=None):
    """Each shown action's numbers by the plain walk from the seat's view (faces lumped by
    `merge`, or each face walked when it is None)."""
    asked = question(state)
    legal = list(state.legal_actions())
    if asked is None:
        return {action: {} for action in legal}
    seat = state.current_player()
    view = state.players_view(seat)
    view.one_reroll_per_face = False  # every die's reroll walked, not one per face
    changes = _Changes(view, seat)
    shown = shown or decision_odds(state)
    numbers = {}
    for action in legal:
        if not shown.for_action(action).odds:
            continue  # nothing shown (nothing to count, or refused): nothing to compare
        own = action_question(asked, action)
        turn = own.stop == "turn"
        walk = Walk(seat, lambda s, own=own: changes.stopped(s, own.stop), measured(changes),
                    merge=merge, others=others if turn else None, rank=ranking(own.order),
                    key=_plain_position if turn else _plain_key,
                    limit=PLAIN_LIMIT)  # fmt: skip
        after = view.clone()
        after.apply_listed(action)
        values = dict(zip(MEASURED, walk.value(after), strict=True))
        numbers[action] = {name: values[name] for name in own.shown}
    return numbers


def new(players=1, seed=0):
    return DeathMayDieState(seed=seed, players=players)


def roll(state, faces):
    for face in faces:
        assert state.current_player() == CHANCE, state.describe_step()
        state.apply(face)


def stacked_positions():
    """Positions of the issue's examples and their neighbours: attacks on the Elder One with the
    stage nearly down, enemy attacks on a guarded investigator, won rolls showing tentacles."""
    for left, faces in itertools.product((1, 2), (["success", "blank"], ["tentacle", "elder"])):
        state = elder_attack(left, faces)
        yield state
    for guard, faces in itertools.product((1, 2, 3), (["success", "blank"], ["success"] * 2)):
        yield guarded_attack(guard, faces)
    for faces in (
        ["success", "success", "tentacle", "blank"],
        ["success", "tentacle", "success+tentacle", "success"],
    ):
        yield cultist_attack(faces)
    for stress in (0, 3):
        yield many_green_dice(stress)
        state = many_green_dice(stress)
        state.apply(("attack", "cultist-1"))
        roll(state, ["success", "tentacle", "blank", "success+elder", "elder", "blank", "blank"])
        yield state
    for companion in (None, "dog"):
        yield elder_one_attacks(companion, stress=0)
    for summoned, stress in itertools.product((False, True), (3, 4)):
        yield one_wound_from_death(summoned, stress)
    for stress in (3, 4):
        yield one_symbol_from_advancing(stress)
    yield a_red_space_for_the_other_investigator()


SAMPLE = 11  # every 11th seeded decision (each 10th meets a 12 s walk); the sweep each one


def differential(step: int = SAMPLE) -> Report:
    """Every number shown is the plain walk's, at every `step`-th decision of seeded one- and
    two-player games and at the stacked positions (step 1: 1,000 and more decisions, as
    ``benchmarks/sweep_differential.py`` runs it)."""
    report = Report(SLUG)
    games = itertools.chain(
        every(decision_points(SLUG, 1, range(5)), step),
        every(decision_points(SLUG, 2, range(5)), step),
        stacked_positions(),
    )
    refused, turns = [], []

    def counted(state):
        shown = decision_odds(state)
        refused.append([odds.action for odds in shown.actions if odds.note == TOO_LARGE])
        turns.extend(bool(o.odds) for o in shown.actions if o.action == PASS)
        return reference(state, shown=shown)

    compare(SLUG, games, counted, report)
    report.notes.append(
        f"{sum(map(len, refused))} choices at {sum(map(bool, refused))} decisions refused as "
        f"too large; the rest of the turn counted at {sum(turns)} of {len(turns)} decisions"
    )
    assert report.positions >= at_least(1000, step)
    # every roll, however many dice and stress, is walked in time; only the rest of a turn (a
    # Mythos card, a fight or a Discovery card, fire) can be too large, and is refused
    assert {action for actions in refused for action in actions} <= {PASS}
    assert sum(turns) >= at_least(20, step)
    return report


def test_every_number_shown_is_the_plain_walks():
    print(differential().line())


def test_lumped_faces_are_the_walk_of_every_face():
    """The faces walked once (an elder sign as a blank where elder signs do nothing: every roll
    but the attack of an enemy whose card gives them an effect, so also the Elder One's) give the
    numbers of walking every face, at the rolls and fights of a seeded game and the Elder One's
    and a Fire Vampire's attacks."""
    checked = 0
    seeded = (
        state for state in decision_points(SLUG, 2, range(4)) if state.front() in ("roll", "fight")
    )
    stacked = (elder_one_attacks(None, stress=2), fire_vampire_attacks())
    for state in itertools.chain(itertools.islice(seeded, 25), stacked):
        plain = reference(state, merge=None)
        for odds in decision_odds(state).actions:
            walked = plain.get(odds.action, {})
            assert odds.odds == {name: walked[name] for name in odds.odds}, odds.label
        checked += 1
    assert checked == 27


def test_the_view_draws_unseen_cards_at_chance_nodes_and_keeps_what_is_seen():
    """In a seat's view the Mythos draw is a chance node over the cards not in the discards, each
    as likely; the real order is not kept (two games shuffled apart give the same view)."""
    state = new(players=1)
    state.apply(PASS)  # the real game draws its Mythos card off the shuffled deck
    view = new(players=1).players_view(0)
    view.apply(PASS)
    assert view.current_player() == CHANCE
    outcomes = dict(view.chance_outcomes())
    assert sorted(outcomes) == sorted(new(players=1).mythos.cards)
    assert set(outcomes.values()) == {Fraction(1, len(outcomes))}
    other = new(players=1, seed=7).players_view(0)
    assert other.mythos.cards == new(players=1).players_view(0).mythos.cards
    # a card seen in the discards is not drawn again before the reshuffle
    seen = new(players=1)
    card = seen.mythos.cards[-1]
    seen.mythos.cards.remove(card)
    seen.mythos.discard(card)
    peek = seen.players_view(0)
    peek.apply(PASS)
    assert card not in dict(peek.chance_outcomes())
    assert seen.players_view(0).observation(0) == seen.observation(0)


def test_each_deck_hides_its_own_pool_and_a_reshuffle_mixes_the_seen_cards_in():
    """A view holds each deck's cards as stand-ins, the cards themselves in that deck's pool; after
    the Mythos discards are shuffled back, a draw is any card of the deck, seen or unseen, each as
    likely; a card drawn from behind a stand-in leaves the pool, a seen one leaves it as it was.
    A game dealt from the view keeps the pools (its draws are chance nodes too) and lists every
    die for a reroll again."""
    state = new(players=1)
    seen = state.mythos.cards.pop()
    state.mythos.discard(seen)
    view = state.players_view(0)
    assert view.mythos.cards == ["?mythos"] * len(state.mythos.cards)
    assert view.unseen_in("mythos") == tuple(sorted(state.mythos.cards))
    assert view.unseen_in("discovery") == tuple(sorted(state.discovery.cards))
    assert view.card_locations() == state.card_locations()
    assert view.one_reroll_per_face and view.log == []
    game = view.determinise(random.Random(0))
    assert game.unseen == view.unseen and not game.one_reroll_per_face
    view.mythos.reshuffle(view.rng)
    view.apply(PASS)
    every_card = sorted([*state.mythos.cards, seen])
    assert dict(view.chance_outcomes()) == dict.fromkeys(every_card, Fraction(1, len(every_card)))
    for card, pool in ((seen, view.unseen_in("mythos")), (state.mythos.cards[0], None)):
        drawn = view.clone()
        drawn.apply(card)
        left = pool or tuple(c for c in view.unseen_in("mythos") if c != card)
        assert drawn.unseen_in("mythos") == left
        assert drawn.mythos.cards.count("?mythos") == len(left)
        assert (seen in drawn.mythos.cards) == (card != seen)


def test_the_field_by_field_clone_copies_every_changing_part():
    """A clone played on leaves the original as it was, at every position of a seeded game."""
    for state in itertools.islice(decision_points(SLUG, 2, [1]), 0, 200, 5):
        before = state.to_json(), state.observation(0), repr(state.steps_ahead())
        copy = state.clone()
        while not copy.is_terminal() and len(copy.history) < len(state.history) + 30:
            copy.apply_listed(copy.legal_actions()[-1])
        assert (state.to_json(), state.observation(0), repr(state.steps_ahead())) == before


# -- the examples --------------------------------------------------------------------------
def elder_attack(left: int, faces: list[str]) -> DeathMayDieState:
    """An attack on the Elder One's second stage with `left` wounds to go, its first dice
    showing `faces` and the rest blank."""
    state = new(players=1)
    health = state.elder_card.stages[1].health
    state.ritual_disrupted = True
    state.elder.update(summoned=True, progression=5, stage=2, wounds=health - left, space="dock")
    state.investigators[0]["stress"] = 2  # two rerolls left
    state.apply(("attack", "elder"))
    roll(state, faces)
    while state.current_player() == CHANCE:
        state.apply("blank")
    return state


def test_advice_on_the_elder_one_wants_no_success_the_stage_cannot_take():
    """The stage has one wound to go and the roll shows a success: more successes would be lost,
    so a reroll only spends stress. The old advice counted every success (it rerolled a blank);
    the walk keeps the roll, and its wounds dealt stop at the stage's health."""
    state = elder_attack(1, ["success", "blank"])
    assert roll_advice(state.observation(0)) is None  # the greedy bot keeps it too
    options = walk_options(state)
    best = max(options, key=lambda a: options[a][1])
    assert best == ("accept",)
    shown = decision_odds(state)
    keep = shown.for_action(("accept",)).odds
    assert keep["defeated"] == 1 and keep["dealt"] == 1 and keep["stress"] == 0
    for action in state.legal_actions()[1:]:
        reroll = shown.for_action(action).odds
        assert reroll["dealt"] <= 1 and reroll["stress"] >= 1
    assert "best choice is 'accept the roll'" in shown.prompt


def guarded_attack(guard: int, faces: list[str]) -> DeathMayDieState:
    """A cultist's attack on an investigator whose guard skill is at `guard`."""
    state = new(players=1)
    me = state.investigators[0]
    me["skills"]["guard"] = guard
    state.run_steps(("roll", state.roll_args("enemy", len(faces), 0, 0, attacker="cultist-1")))
    roll(state, faces)
    return state


def test_advice_on_an_enemy_attack_counts_the_successes_guard_cancels():
    """Guard at level 2 cancels one success of an attack on you, so the one success showing
    wounds nobody: the old advice (fewest successes and tentacles) rerolled it, which costs
    stress and can only add a tentacle. The walk keeps the roll."""
    state = guarded_attack(2, ["success", "blank"])
    assert roll_advice(state.observation(0)) is None  # the greedy bot keeps it too
    shown = decision_odds(state)
    keep = shown.for_action(("accept",)).odds
    assert keep == {"died": 0, "wounds": 0, "sanity": 0, "stress": 0}
    reroll = shown.for_action(("reroll", 0)).odds
    assert reroll["wounds"] == 0 and reroll["sanity"] > 0 and reroll["stress"] >= 1
    assert "best choice is 'accept the roll'" in shown.prompt


def cultist_attack(faces: list[str]) -> DeathMayDieState:
    state = new(players=1)
    state.investigators[0]["space"] = "nave"
    state.apply(("attack", "cultist-1"))  # health 2
    roll(state, faces)
    return state


def many_green_dice(stress: int) -> DeathMayDieState:
    """An investigator before her actions, facing a cultist with Brawl and Lore at the top level
    and the sanity marker past three bonus spaces: 3 black and 5 green dice to attack or test,
    and `stress` taken (4 - `stress` rerolls left). A tentacle more reaches a red space."""
    state = new(players=1)
    me = state.investigators[0]
    me.update(space="nave", sanity=12, stress=stress)
    me["skills"].update(attack=4, test=4)
    assert state.dice_for(me, "attack") == state.dice_for(me, "test") == (3, 5)
    return state


def elder_one_attacks(companion: str | None, stress: int) -> DeathMayDieState:
    """The Elder One at its final stage attacks with every stage's dice (4 black and 2 green), its
    throw on the table; with a companion that can take its wounds, or none."""
    state = new(players=1)
    state.ritual_disrupted = True
    state.elder.update(summoned=True, progression=5, stage=4, wounds=0, space="nave")
    me = state.investigators[0]
    me.update(space="nave", stress=stress, companions=[[companion, 0]] if companion else [])
    state.run_steps(("roll", state.attack_roll("elder", me)))
    roll(state, ["success", "tentacle", "elder", "blank", "success", "elder"])
    return state


def one_wound_from_death(summoned: bool, stress: int) -> DeathMayDieState:
    """An investigator one wound from death, at her actions on the nave with a cultist there and
    a second investigator at the dock: the Elder One summoned (her death does not lose the game,
    which goes on with the other) or not (it does)."""
    state = new(players=2)
    me = state.investigators[0]
    me.update(space="nave", wounds=state.rules.wounds_to_die - 1, stress=stress)
    if summoned:
        state.elder.update(summoned=True, progression=state.elder["position"])
    return state


def one_symbol_from_advancing(stress: int) -> DeathMayDieState:
    """Two Mythos cards with the elder symbol in the discards (Drowned Dreams, Omen): a third
    drawn advances the Elder One. Seven of the fourteen cards left have it."""
    state = new(players=1)
    for card in ("dreams", "omen"):
        state.mythos.cards.remove(card)
        state.mythos.discard(card)
    state.investigators[0]["stress"] = stress
    return state


def a_red_space_for_the_other_investigator() -> DeathMayDieState:
    """Two investigators, the second a sanity loss from a red space: Creeping Madness (every
    investigator loses sanity) makes her level a skill in the first one's turn."""
    state = new(players=2)
    red = next(p for p in range(16) if state.rules.sanity.lose(p, 1)[1])
    state.investigators[1]["sanity"] = red
    for me in state.investigators:
        me["stress"] = state.rules.max_stress
    return state


def test_the_rest_of_a_turn_one_elder_symbol_from_advancing():
    """Ending the actions draws a Mythos card: with two elder symbols among the discards, the
    Elder One advances exactly when the card drawn has one, seven of the fourteen left: 1/2.
    Nothing in the turn can kill a fresh investigator (one wound, one sanity at most), so
    neither death nor the game's loss is possible; the numbers span the rest of the turn."""
    shown = decision_odds(one_symbol_from_advancing(stress=4))
    turn = shown.for_action(PASS)
    assert turn.odds["advanced"] == Fraction(1, 2)
    assert turn.odds["died"] == turn.odds["lost"] == 0
    assert set(turn.odds) == {"died", "sanity", "wounds", "stress", "advanced", "lost"}
    assert "rest of your turn" in turn.note
    run = shown.for_action(("run",))
    assert not run.odds and run.note  # a run rolls nothing itself: its next choices are yours


def test_the_rest_of_a_turn_one_wound_from_death_with_a_cultist_there():
    """One wound from death with a cultist on your space: ending the actions brings its attack
    (unless a Mythos card moves it away), so death is likely; before the Elder One is summoned
    a death loses the game, after it does not (the game goes on without you)."""
    before = decision_odds(one_wound_from_death(False, 4)).for_action(PASS).odds
    after = decision_odds(one_wound_from_death(True, 4)).for_action(PASS).odds
    assert Fraction(1, 2) < before["died"] == after["died"] < 1
    assert before["lost"] == before["died"]
    assert after["lost"] == 0


def fire_vampire_attacks() -> DeathMayDieState:
    """A Fire Vampire's attack (its elder signs set your space on fire) on the table."""
    state = new(players=1)
    assert state._place_enemy("fire_vampire", "nave")
    vampire = next(uid for uid, e in state.enemies.items() if e["type"] == "fire_vampire")
    state.investigators[0]["space"] = "nave"
    state.run_steps(("roll", state.attack_roll(vampire, state.investigators[0])))
    roll(state, ["success", "elder", "success+elder"])
    return state


def test_a_won_roll_is_kept_and_the_pre_roll_numbers_are_the_post_roll_best():
    """An attack that already kills the cultist shows a tentacle: the tentacle tie-break spent
    stress to shed it while the pre-roll panel assumed a stop. The walk keeps the roll; and the
    numbers beside "attack cultist-1" before the roll are the average, over every first throw,
    of the numbers of the choice the walk then recommends."""
    state = cultist_attack(["success", "success", "tentacle", "blank"])
    shown = decision_odds(state)
    assert "best choice is 'accept the roll'" in shown.prompt
    keep = shown.for_action(("accept",)).odds
    assert keep["defeated"] == 1 and keep["stress"] == 0 and keep["sanity"] == 1

    start = new(players=1)
    start.investigators[0]["space"] = "nave"
    start.investigators[0]["stress"] = 3  # one reroll left keeps the enumeration small
    before = decision_odds(start).for_action(("attack", "cultist-1")).odds
    start.apply(("attack", "cultist-1"))
    average = dict.fromkeys(before, Fraction(0))
    for throw, weight in throws(start):
        after = decision_odds(throw)
        options = walk_options(throw)
        best = max(options, key=lambda a: options[a][1])
        for name in average:
            average[name] += weight * after.for_action(best).odds.get(name, 0)
    assert average == before


def throws(state):
    """Every first throw of the roll at the front, with its probability."""
    if state.current_player() != CHANCE:
        yield state, Fraction(1)
        return
    for face, p in state.chance_outcomes():
        child = state.clone()
        child.apply(face)
        for end, q in throws(child):
            yield end, p * q


def test_p_defeated_is_the_reroll_solvers_chance_of_enough_successes():
    """Where nothing else is at stake (no madness within reach), the walk's chance of defeating a
    target is the reroll solver's P(at least its health) with the stress left: the hand-written
    solver and the walk agree."""
    for stress in range(5):
        state = new(players=1)
        me = state.investigators[0]
        me["space"], me["stress"] = "nave", stress
        numbers = decision_odds(state).for_action(("attack", "cultist-1")).odds
        black, green = state.dice_for(me, "attack")
        assert numbers["defeated"] == p_at_least(black, green, 2, 4 - stress)


def test_a_hand_made_roll_too_large_to_walk_in_time_is_refused_at_once():
    """A roll of 3 black and 30 green dice (no game deals that many; a hand-made state can) has
    more positions than budgets.ROLL_LIMIT: every choice says it is too large (the count comes before
    any walk, so the refusal is at once; the benchmark times it)."""
    state = new(players=1)
    state.investigators[0]["space"] = "nave"
    state.run_steps(("roll", state.roll_args("attack", 3, 30, 0, target="cultist-1")))
    roll(state, ["blank"] * 33)
    shown = decision_odds(state)
    assert all(odds.note == TOO_LARGE and not odds.odds for odds in shown.actions)
    assert TOO_LARGE in shown.note


def test_another_investigators_tied_choices_are_each_as_likely(monkeypatch):
    """Another investigator's choice in your turn is the greedy bot's, which breaks ties at
    random: the walk takes each of its tied best choices with the same chance."""
    import toolkit.death_may_die.decisions as decisions

    state = new(players=2)
    while state.is_chance_node() or len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    legal = list(state.legal_actions())
    monkeypatch.setattr(decisions, "evaluate", lambda observation, action: 0.0)
    assert others(state) == [(action, Fraction(1, len(legal))) for action in legal]
    monkeypatch.setattr(decisions, "evaluate", lambda observation, action: action == legal[-1])
    assert others(state) == [(legal[-1], 1)]


# -- a run step that ends the actions ---------------------------------------------------------------
def a_run_as_the_last_action(fire: int) -> DeathMayDieState:
    """One investigator carrying `fire` tokens on their board, running as their last action: the
    step that ends the run ends the actions too, so the same move goes on to the Mythos card, the
    fight or a Discovery card, and the fire roll (which takes the tokens off the board)."""
    state = new(players=1)
    state.actions_left = 1
    state.investigators[0]["fire"] = fire
    state.apply(("run",))
    return state


def _engine_hands_back(start: int):
    """Where the real engine's move after a choice ends, read on the seat's view: past the choice,
    at anyone's decision or at a die to roll (a card drawn is dealt within the move)."""

    def stop(state) -> bool:
        handed_back = not state.drawing_card()
        return len(state.history) > start and handed_back

    return stop


def _real_moves(state, action):
    """The real engine's move `action` for every top card of each deck it may draw (each deck's
    cards as the seat sees them), with its chance: the change of fire on the seat's board."""
    seat = state.current_player()
    mythos, discovery = sorted(set(state.mythos.cards)), sorted(set(state.discovery.cards))
    for card, found in itertools.product(mythos, discovery):
        game = state.clone()
        for deck, top in ((game.mythos, card), (game.discovery, found)):
            deck.cards.remove(top)
            deck.cards.append(top)
        game.apply(action)
        drawn = (len(state.mythos) - len(game.mythos), len(state.discovery) - len(game.discovery))
        assert drawn[0] <= 1 and drawn[1] <= 1  # one card each at most: their tops are all it read
        chance = Fraction(state.mythos.cards.count(card), len(state.mythos.cards)) * Fraction(
            state.discovery.cards.count(found), len(state.discovery.cards)
        )
        yield chance, game.investigators[seat]["fire"] - state.investigators[seat]["fire"]


def test_a_run_step_that_ends_the_actions_counts_the_rest_of_its_move():
    """Stopping a run that was the last action ends the actions in the same move: the engine
    draws the Mythos card and then, with no enemy on your space, a Discovery card, and starts the
    fire roll, which takes your 2 fire tokens off your board, unless a choice or a fight comes
    first. The fire shown is the plain walk's to where the engine hands the game back, and the
    real engine's over every pair of top cards; it was 0 when the walk stopped at the first card
    drawn. A step that leaves actions to take ends at the next action, picking up nothing."""
    state = a_run_as_the_last_action(fire=2)
    shown = decision_odds(state)
    seat = state.current_player()
    view = state.players_view(seat)
    start = view.investigators[seat]["fire"]
    plain = Walk(seat, _engine_hands_back(len(view.history)),
                 lambda s: (s.investigators[seat]["fire"] - start,), limit=PLAIN_LIMIT)  # fmt: skip
    for odds in shown.actions:
        after = view.clone()
        after.apply_listed(odds.action)
        assert odds.odds == {"fire": plain.value(after)[0]}, odds.label
    stop = shown.for_action(PASS).odds["fire"]
    assert stop == sum(chance * fire for chance, fire in _real_moves(state, PASS))
    assert -2 < stop < 0  # the fire roll is reached in some moves, not in all
    assert shown.for_action(("move", "pier")).odds["fire"] == 0


def test_a_fight_ahead_reads_its_attackers_by_kind_and_the_elder_one_as_itself():
    """The turn's key reads the attackers of a fight to come: two cultists alike as one kind,
    and a figure that is not on your space (the Elder One) as itself, the two sorted together."""
    from toolkit.death_may_die.decisions import _enemies_read
    from toolkit.games import get_game

    state = get_game("death-may-die").new_state(1, 0)
    here = state.investigators[state.active]["space"]
    first, second = list(state.enemies)[:2]
    for uid in (first, second):
        state.enemies[uid]["space"] = here
    one = _enemies_read(state, [("fight", {"attackers": [first, "elder"]})])
    other = _enemies_read(state, [("fight", {"attackers": [second, "elder"]})])
    assert one == other  # either cultist, alike
    assert "elder" in one[0]
