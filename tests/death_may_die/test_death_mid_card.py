"""An investigator who dies part-way through a card: the rest of the card is still resolved
(Draw Mythos Card: a card is resolved top to bottom, a step that cannot be done skipped), and only
the turn's following phases are skipped, all but the Mythos discard check (Death of an
Investigator)."""

from toolkit.death_may_die.rules import PHASES, DeathMayDieState


def summoned(players=2):
    state = DeathMayDieState(seed=0, players=players)
    state.elder.update(summoned=True, progression=5, stage=2)
    return state


def cultists(state):
    return sorted(e["space"] for e in state.enemies.values() if e["type"] == "cultist")


def test_madness_from_the_call_still_summons_its_cultist():
    """The Call: lose a sanity, then a Cultist comes through the red gate. The active
    investigator is one sanity from madness: she dies of the first step, and the second is
    still carried out."""
    state = summoned()
    me = state.investigators[0]
    me["sanity"] = state.rules.sanity.last - 1
    before = cultists(state)
    state.pending = [{"kind": kind} for kind in PHASES[3:]]  # the Mythos card is being drawn
    state._reveal_mythos("call")
    state._advance()
    assert not me["alive"] and state.outcome is None
    assert cultists(state) == sorted([*before, state.board.gates["red"]])
    assert "call" in state.mythos.discards  # the card still goes to its discard pile
    assert state.active == 1 and state.pending[0]["kind"] == "actions"  # no fight, no fire


def test_the_rest_of_the_card_goes_on_but_the_following_phases_do_not():
    state = summoned()
    me = state.investigators[0]
    me.update(sanity=state.rules.sanity.last - 1, fire=2)
    state.pending = [{"kind": "investigate_or_fight"}, {"kind": "fire"}, {"kind": "mythos_check"},
                     {"kind": "summon_check"}, {"kind": "elder_end"}]  # fmt: skip
    state._reveal_mythos("call")
    state.pending.pop(0)  # the card's sanity effect, resolved by hand
    state.lose_sanity(me, 1)
    assert [s["kind"] for s in state.pending] == ["summon", "mythos_discard", "mythos_check"]


def test_a_death_after_the_discard_check_does_not_check_again():
    """Dying of the final stage's reveal (every investigator loses a sanity), in the summoning
    phase, after the Mythos discard check: nothing of the turn is left to do."""
    state = summoned()
    me = state.investigators[0]
    me["sanity"] = state.rules.sanity.last - 1
    state.pending = [{"kind": "elder_end"}]
    state.lose_sanity(me, 1)
    assert not me["alive"] and state.pending == []
