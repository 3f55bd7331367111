"""What each effect kind does, one small function per kind registered by the name the data files
use (``do: stress``, ``do: summon`` ...; :data:`toolkit.death_may_die.cards.EFFECTS` lists them).

An effect function takes the state, the :class:`~toolkit.death_may_die.cards.Effect` and the
investigator it is resolved for, and changes the table or schedules the steps that follow
(:meth:`toolkit.steps.StepMachine.then`). What an enemy's elder signs do to the investigator it
attacks (``Enemy.elder``) is registered the same way, by the name the enemy card gives.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from toolkit.death_may_die.cards import Effect
from toolkit.death_may_die.dice import count

if TYPE_CHECKING:
    from toolkit.death_may_die.rules import DeathMayDieState

Resolve = Callable[["DeathMayDieState", Effect, dict], None]
Change = Callable[["DeathMayDieState", dict, int], None]

EFFECTS: dict[str, Resolve] = {}
ELDER_SIGNS: dict[str, Change] = {}


def effect(kind: str):
    """Register what the effect `kind` does."""

    def decorate(resolve: Resolve) -> Resolve:
        EFFECTS[kind] = resolve
        return resolve

    return decorate


def personal(kind: str):
    """Register the effect `kind` as a change of `amount` to one investigator: the one it is for,
    or every living investigator when the effect says ``who: all``."""

    def decorate(change: Change) -> Change:
        def resolve(state: DeathMayDieState, effect: Effect, me: dict) -> None:
            people = state.living() if effect.who == "all" else [me]
            for person in people:
                if person["alive"]:  # an earlier change may have killed them
                    change(state, person, effect.amount)

        EFFECTS[kind] = resolve
        return change

    return decorate


def elder_signs(kind: str):
    """Register what an enemy of elder-sign `kind` does to the investigator it attacks."""

    def decorate(change: Change) -> Change:
        ELDER_SIGNS[kind] = change
        return change

    return decorate


# -- an investigator's own tracks -------------------------------------------------------------
@personal("stress")
@elder_signs("stress")
def gain_stress(state, person, amount):
    before, most = person["stress"], state.rules.max_stress
    person["stress"] = min(most, before + amount)
    if person["stress"] == before:
        state.log.append(f"{person['name']}'s stress is already at its most ({most})")
    else:
        gained = person["stress"] - before
        state.log.append(f"{person['name']} gains {gained} stress ({person['stress']} of {most})")


@personal("heal_stress")
def heal_stress(state, person, amount):
    before = person["stress"]
    person["stress"] = max(0, before - amount)
    state.log.append(f"{person['name']} heals {before - person['stress']} stress")


@personal("heal_wounds")
def heal_wounds(state, person, amount):
    before = person["wounds"]
    person["wounds"] = max(0, before - amount)
    state.log.append(f"{person['name']} heals {count(before - person['wounds'], 'wound')}")


@personal("wounds")
def wounds(state, person, amount):
    """Wounds are taken one by one, on the investigator or a companion they choose."""
    state.push(("wound", {"amount": amount, "seat": person["seat"]}))


@personal("sanity")
def lose_sanity(state, person, amount):
    state.lose_sanity(person, amount)


# -- the map --------------------------------------------------------------------------------------
@effect("fire")
def fire(state, effect, me):
    spread_fire(state, me["space"], effect.amount)


@elder_signs("fire")
def fire_per_sign(state, me, signs):
    spread_fire(state, me["space"], signs)


def spread_fire(state, space: str, tokens: int) -> None:
    state.fire[space] += tokens
    state.log.append(
        f"{count(tokens, 'fire token')} on {state.space_name(space)} ({state.fire[space]} there)"
    )


@effect("move_enemies")
def move_enemies(state, effect, me):
    for uid in sorted(state.enemies, reverse=True):  # one after another, the last by name first
        state.then("enemy_move", uid=uid, left=effect.amount, target=me["seat"])


@effect("elder_moves")
def elder_moves(state, effect, me):
    if state.elder["space"] is not None:
        state.then("enemy_move", uid="elder", left=effect.amount, target=me["seat"])


@effect("summon")
def summon(state, effect, me):
    state.then("summon", gate=effect.gate, enemy=effect.enemy)


@effect("summon_elder")
def summon_elder(state, effect, me):
    space = state.elder["space"] = state.board.gates[effect.gate]
    state.log.append(f"the Elder One appears at the {effect.gate} gate ({state.space_name(space)})")


@effect("remove_token")
def remove_token(state, effect, me):
    """Take the token from the investigator's space; the last ritual token disrupts the ritual."""
    spaces = state.tokens.get(effect.card, [])
    if me["space"] in spaces:
        spaces.remove(me["space"])
        state.log.append(f"{me['name']} removes a {effect.card}")
        if effect.card == state.episode.ritual_token and not spaces:
            state.ritual_disrupted = state.disrupted_this_turn = True
            state.log.append("the ritual is disrupted")


@effect("ward_gate")
def ward_gate(state, effect, me):
    for colour, space in state.board.gates.items():
        if space == me["space"]:
            state.wards.add(colour)
            state.log.append(f"{me['name']} wards the {colour} gate")


# -- cards an investigator gains -----------------------------------------------------------------
@effect("item")
def item(state, effect, me):
    if _copy_left(state, "items", effect.card, state.cards.items[effect.card].copies, me):
        me["items"].append(effect.card)
        state.log.append(f"{me['name']} takes the {state.card_name('item', effect.card)}")


@effect("companion")
def companion(state, effect, me):
    card = state.cards.companions[effect.card]
    if _copy_left(state, "companions", effect.card, card.copies, me):
        me["companions"].append([effect.card, 0])  # [card, wounds]
        state.log.append(f"{card.name} joins {me['name']}")


def _copy_left(state, pile: str, card: str, copies: int, me: dict) -> bool:
    """Whether a copy of the asset `card` is left to claim: a card in play is one physical card,
    so a second claim of it (its Discovery card drawn again) gives nothing while every copy is
    held (a lost companion goes back, and may be claimed anew)."""
    held = sum(
        1
        for person in state.investigators
        for owned in person[pile]
        if (owned[0] if pile == "companions" else owned) == card
    )
    if held < copies:
        return True
    state.log.append(
        f"{me['name']} cannot claim the {state.card_name(pile, card)}: it is already in play"
    )
    return False


@effect("condition")
def condition(state, effect, me):
    if effect.card not in me["conditions"]:
        me["conditions"].append(effect.card)
        state.log.append(f"{me['name']} is {state.card_name('condition', effect.card)}")


# -- tests ------------------------------------------------------------------------------------------
@effect("roll")
def roll(state, effect, me):
    """A test: roll, then carry out the effects of its success or failure."""
    state.then(
        "roll",
        **state.investigator_roll(
            me, "test", need=effect.need, on_success=effect.on_success, on_failure=effect.on_failure
        ),
    )
