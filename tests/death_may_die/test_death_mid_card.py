"""An investigator who dies part-way through a card: the rest of the card is still resolved
(Draw Mythos Card: a card is resolved top to bottom, a step that cannot be done skipped), and only
the turn's following phases are skipped, all but the Mythos discard check (Death of an
Investigator)."""

from toolkit.death_may_die.rules import PHASES, DeathMayDieState

REST_OF_TURN = [(phase, {}) for phase in PHASES[3:-1]]  # the Mythos card is being drawn


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
    state.replace_steps(*REST_OF_TURN)
    state.run_steps(("reveal_mythos", {"card": "call"}))
    assert not me["alive"] and state.outcome is None
    assert cultists(state) == sorted([*before, state.board.gates["red"]])
    assert "call" in state.mythos.discards  # the card still goes to its discard pile
    assert state.active == 1 and state.front() == "actions"  # no fight, no fire


def test_the_rest_of_the_card_goes_on_but_the_following_phases_do_not():
    """The Call's sanity kills; its summons and discard follow, then the discard check (two
    elder symbols discarded before, the Call the third: the progression token advances), and
    neither the fight nor the fire on her board, nor the Elder One's end of the turn."""
    state = summoned()
    me = state.investigators[0]
    me.update(sanity=state.rules.sanity.last - 1, fire=2)
    for card in ("tide", "omen"):
        state.mythos.cards.remove(card)
        state.mythos.discard(card)
    state.replace_steps(*REST_OF_TURN)
    state.run_steps(("reveal_mythos", {"card": "call"}))
    died = state.log.index(f"{me['name']} dies (madness)")
    assert "a Cultist is summoned at the red gate" in state.log[died + 1]
    assert state.log[died + 2] == "the progression token advances to 6 of 8"
    assert not state.mythos.discards  # the check reshuffled the discards, the Call with them
    assert state.active == 1 and state.front() == "actions"


def test_a_death_after_the_discard_check_does_not_check_again():
    """Dying of the final stage's reveal (every investigator loses a sanity), in the summoning
    phase, after the Mythos discard check: nothing of the turn is left to do."""
    state = summoned()
    me = state.investigators[0]
    me["sanity"] = state.rules.sanity.last - 1
    for card in ("tide", "omen", "stirring"):
        state.mythos.cards.remove(card)
        state.mythos.discard(card)
    state.replace_steps(("elder_end", {}))
    with state.by_hand():
        state.lose_sanity(me, 1)
    assert not me["alive"] and len(state.mythos.discards) == 3  # no second check
    assert state.active == 1 and state.front() == "actions"
