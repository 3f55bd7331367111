"""The expected outcome of every option open now, played out by the engine from the seat's view.

An option is a legal action of the player asked to decide (the main step's attacks, rests, feats,
printed abilities, charge, focus, move, reset, search and end; a weapon's target; a block; a
draw-step discard; a hero or enemy to choose...). Its outcome is read off the engine itself: the
exact walk (:class:`toolkit.analysis.Walk`) takes the option in the player's view of the game
(:meth:`~toolkit.to_the_death.rules.ToTheDeathState.players_view`, where every card the player
cannot see is a chance node over the unseen cards) and plays on until the option has resolved: the
player is back at the main step or the draw step, a new hit asks for a block, the next enemy check
comes, the turn or the game ends, or (in the duel) the other player must decide. An option taken
in the other side's turn, such as a block, ends at the next card that turn draws.

Decisions met on the way (a weapon's target, which hero to heal, melee or range) are taken to keep
the most cards first (so no focus is bought and nothing is discarded by choice: each of those is
an option of its own), then to deal the most damage, then to defeat an enemy most likely, then to
heal the most, then to keep the most heroes able to act. A skill check of your own hero in the
enemy turn (the Sphinx's Riddle) is walked through, so its options show what failing costs.
Checks are merged by value: no rule of a hero turn reads a check's suit, so the cards of one value
lead to the same numbers (the differential test checks this against the walk that keeps every
card apart). Where nothing after a check draws again, as at an attack's last check, the cards that
land alike (a miss, or a hit for the same damage) are walked once: they differ only in the card
left in the discard pile, which only a later draw could tell. In the draw step nothing happens
between the draws and the end of the turn, so every card drawn there is walked as one. A draw-step
discard (one card; the step then asks for the next) is walked as that card and no other.

Which monster attacks next (the enemy turn's "attack order" prompt) is walked through that
monster's whole attack: every weapon's check, a second attack from Brains, and what its hits set
off (bursts, Trophy, Pilfer), until the next monster's attack begins or the main step ends. Every
card there is kept apart (a check's suit picks the hero, so a card drawn for a burst changes what
a later check may turn up), except where nothing after it draws again, as at the last check: there
cards that land alike (the same hero, hit, damage and blocks; a burst's cards of one value) are
walked once. Blocks on the way are not made (each costs a
card, and the block prompt shows its own numbers), so the numbers are the attack's before blocks:
"healed" is then minus the damage your heroes are expected to take.
"""

from __future__ import annotations

from collections.abc import Hashable
from fractions import Fraction

from toolkit.analysis import Measure, Walk, WalkTooLarge, heard, patient
from toolkit.to_the_death.budgets import DECISION_BUDGET, OPTION_LIMIT
from toolkit.to_the_death.cards import is_card, value_of
from toolkit.to_the_death.registry import STEPS
from toolkit.to_the_death.rules import UnseenPlaceUnknown
from toolkit.to_the_death.steps import enemy_check_lands, hero_check_lands

STOP_PROMPTS = ("main", "draw step", "block")
MEASURES = (
    Measure("dealt", "expected damage dealt", chance=False),
    Measure("p_defeat", "P(an enemy defeated)"),
    Measure("healed", "expected change of your heroes' health", chance=False),
    Measure("cards", "expected change of your hand size", chance=False),
    Measure("ready", "expected change of your heroes able to act next turn", chance=False),
)
# the order decisions on the way compare the measures in (see the module's docstring)
DECIDE_BY = ("cards", "dealt", "p_defeat", "healed", "ready")
# Cheapest first without knowing the costs: every option is tried with at most PASSES[0]
# positions, the ones left over with PASSES[1], and so on, then with all that remains. Most options
# of a main step (a move, a rest, the end) resolve at once, in one position: the first pass answers
# them all before any walk can spend the budget, and a large walk (a two-weapon attack) cannot
# take what a dozen smaller ones need. A walk tried again costs at most the positions of the tries
# before it (a third of its own size, each pass four times the last). An option whose kin (the
# same attack or ability paid with a card of another value, see _kin) ran out in this pass waits
# for the next without a try: kin walk the same steps and need about as many positions, so the
# try would spend its share to learn nothing.
PASSES = (1, 12, 48)


class OverBudget(WalkTooLarge):
    """The decision's budget of positions ran out before this option's walk ended."""

    def __init__(self, budget: int):
        ValueError.__init__(
            self, f"its exact walk needs more of the {budget} positions the widget may walk"
        )
        self.limit = budget


class OptionWalk:
    """The walk of every option open at one decision, from the deciding seat's view: its `stop`,
    its `measure` (read against the decision's table) and how chance outcomes are merged."""

    def __init__(
        self,
        state,
        merge_checks: bool = True,
        limit: int = OPTION_LIMIT,
        no_focus_on_the_way: bool = True,
        budget: float = float("inf"),
    ):
        self.seat = seat = state.current_player()
        self.view = view = state.players_view(seat)
        view.offers_focus = not no_focus_on_the_way
        # nothing the walk reads is in the game's history or its story so far: the view drops
        # them, so that a copy at each position does not copy a few hundred moves and lines
        view.history, view.public_history, view.log = [], [], []
        self.turn = view.turn
        self.their_turn = view.side != seat  # a block or a trophy in the other side's turn
        self.draw_step = view.prompt.question == "draw step"
        # an attack-order option lasts while the step that picks the attacker after it waits
        self.still_to_pick = None
        if view.prompt.question == "attack order":
            self.still_to_pick = len(view.prompt.args["left"]) - 1
        units = view.units.values()
        self.foes = [u["uid"] for u in units if u["side"] != seat and not u["defeated"]]
        self.mine = [u["uid"] for u in units if u["kind"] == "hero" and u["side"] == seat]
        self.hand = len(view.hands[seat])
        self.table = self._table(view)
        merge = self.merge if merge_checks else None
        closed = self.landing_alike if merge_checks else None
        self.budget = budget
        self.reached, self.allowed = 0, budget
        self.walk = Walk(
            seat,
            self.stop,
            self.measure,
            merge=merge,
            merge_closed=closed,
            enough=self.enough,
            limit=limit,
        )

    def stop(self, state) -> bool:
        self.reached += 1
        if self.reached > self.allowed:
            raise OverBudget(self.budget)
        if state.outcome is not None or state.turn != self.turn:
            return True
        if self.still_to_pick is not None:
            return not self._attacking(state)
        chance = state.chance
        if chance is not None:
            if chance.resume == "skill_check_card" and chance.args["uid"] in self.mine:
                return False  # your hero's check (the Riddle's in the enemy turn): read its effect
            return self.their_turn or chance.kind == "monster" or chance.resume == "enemy_check"
        prompt = state.prompt
        if prompt.question == "draw step" and self.draw_step:
            return False  # the next discard of the draw step being decided: see enough
        return prompt.seat == self.seat and prompt.question in STOP_PROMPTS

    def enough(self, state, actions):
        """The draw step asks for one discard at a time: a discard option is measured as that
        card and no other, so at the draw step's next question the walk discards no more. That
        is among the best on the way: a discard never adds a card, and the rest of the turn
        reads nothing of the hand (the draws come, then the turn ends)."""
        prompt = state.prompt
        if prompt is not None and prompt.question == "draw step" and DISCARD_NO_MORE in actions:
            return [DISCARD_NO_MORE]
        return actions

    def _attacking(self, state) -> bool:
        """Whether the monster picked at the attack-order decision is still attacking: the step
        that picks the next attacker after it has not run yet."""
        wanted = self.still_to_pick
        return any(s is _ENEMY_NEXT and len(args["left"]) == wanted for s, args in state.stack)

    def measure(self, state) -> tuple[int, ...]:
        """(cards, dealt, p_defeat, healed, ready) against the decision's table, in DECIDE_BY
        order."""
        foes, defeated, mine, skipping = self._table(state)
        start = self.table
        return (
            len(state.hands[self.seat]) - self.hand,
            start[0] - foes,
            defeated,
            mine - start[2],
            start[3] - skipping,
        )

    def _table(self, state) -> tuple[int, int, int, int]:
        """(the health of the decision's enemies, 1 if one of them is defeated, the health of
        your heroes, those of your heroes in play that will miss their next activation: a failed
        Riddle, a Curse), a defeated unit's health 0; one pass, as it is read at every end."""
        units = state.units
        foes = defeated = mine = skipping = 0
        for uid in self.foes:
            unit = units[uid]
            if unit["defeated"]:
                defeated = 1
            else:
                foes += unit["health"]
        for uid in self.mine:
            unit = units[uid]
            if not unit["defeated"]:
                mine += unit["health"]
                if unit["skip"]:
                    skipping += 1
        return foes, defeated, mine, skipping

    def merge(self, state, card: str) -> Hashable:
        """In a hero turn cards of one value act alike (the walk stops before a monster's check,
        the first rule to read a suit), if all are unseen or none is: a card known to be in the
        deck (from the discard pile shuffled in) is there for sure, an unseen one maybe not (it
        may be in the other hand), so the one drawn leaves the next draw other odds. In the draw
        step every card drawn acts alike. In the enemy turn (an attack-order option) a card drawn
        or checked now changes the cards a monster's check may turn up later, whose suit picks
        the hero it attacks: each card is kept apart there, and :meth:`landing_alike` merges
        those it can."""
        resume = state.chance.resume
        if state.chance.kind == "blind":  # each card that may have gone unseen (see below)
            return card
        if self.draw_step and resume == "card_drawn":
            return None
        if resume == "enemy_check" or self.still_to_pick is not None:
            return card
        return value_of(card), card in state.unseen_for()

    def landing_alike(self, state, card: str) -> Hashable:
        """Cards that lead to the same position but for the card itself, which the walk merges
        where nothing after them draws again (:attr:`toolkit.analysis.Walk.merge_closed`), as at
        a weapon's last check: a monster weapon's check cards that attack the same hero, hit or
        miss alike, deal the same damage and offer the same blocks (what
        :func:`~toolkit.to_the_death.steps.enemy_check_lands` reads of them); a hero weapon's
        that hit or miss alike, deal the same damage and offer the same blocks, kept in the hand
        only if of one value (:func:`~toolkit.to_the_death.steps.hero_check_lands`); and the
        cards of one value drawn or checked for a hero (a burst's draw, the Riddle). Cards are
        merged only if all or none were unseen, so the deck left behind holds as many stand-ins
        (which a card drawn where the seat cannot see it reads). Any other card is kept as it
        is."""
        resume, args = state.chance.resume, state.chance.args
        if state.chance.kind == "blind":  # a card the seat does not see: only a draw tells
            return "blind"
        if resume == "enemy_check":
            target, total, armor, damage, blocks = enemy_check_lands(state, card, **args)
            lands = (target and target["uid"], total >= armor, damage, blocks)
        elif resume == "hero_check":
            kept, total, armor, immune, damage, blocks = hero_check_lands(state, card, **args)
            lands = (value_of(card) if kept else None, total >= armor, immune, damage, blocks)
        elif resume in _READ_FOR_VALUE:
            lands = value_of(card)
        else:
            return card
        return lands, card in state.unseen_for()

    def outcomes(self, actions) -> tuple[dict, dict]:
        """({action: {measure name: Fraction}}, {action: why it has no numbers}): the actions
        alike but for the cards they pay with (:meth:`_paid_alike`) are walked once. Each
        action is told as soon as its walk is done (:func:`~toolkit.analysis.heard`)."""
        walked_for = {}  # action -> the first action alike, walked for it
        first_of: dict[Hashable, object] = {}
        for action in actions:
            walked_for[action] = first_of.setdefault(self._paid_alike(action), action)

        def told(first, numbers: dict) -> None:
            for action, walked in walked_for.items():
                if walked == first:
                    heard(action, dict(numbers))

        values, notes = self._walked(list(first_of.values()), told)
        found = {a: dict(values[first]) for a, first in walked_for.items() if first in values}
        return found, {a: notes[first] for a, first in walked_for.items() if first in notes}

    def _paid_alike(self, action) -> Hashable:
        """Options that differ only in which card of a value they pay with (or take, or put on
        top) lead to the same numbers outside the enemy turn, as no rule there reads a card's
        suit (see :meth:`merge`): the first of them is walked for all."""
        if self.still_to_pick is not None or not isinstance(action, tuple):
            return action
        return tuple((value_of(part),) if is_card(part) else part for part in action)

    def _walked(self, actions, told) -> tuple[dict, dict]:
        """Each action walked with at most PASSES[0] positions, the ones left over with
        PASSES[1]..., and the last with what remains of the budget (see PASSES); `told(action,
        numbers)` as each is done."""
        values, notes = {}, {}
        spent, waiting = 0, sorted(actions, key=_looked_at_later)
        for most in (*PASSES, self.budget):
            retry, outgrown = [], set()  # the kin of the options this pass was too small for
            for action in waiting:
                left = self.budget - spent
                if left <= 0:
                    notes[action] = f"not computed: {OverBudget(self.budget)}"
                    continue
                if _kin(action) in outgrown:
                    retry.append(action)  # in the last pass none is: its try has all that is left
                    continue
                self.reached = 0
                self.allowed = min(most, left)
                after = self.view.clone()
                try:
                    after.apply_listed(action)
                    found = self._value(after)
                except (WalkTooLarge, UnseenPlaceUnknown) as error:
                    spent += min(self.reached, self.allowed)
                    notes[action] = f"not computed: {error}"
                    if isinstance(error, OverBudget) and self.allowed < left:
                        retry.append(action)
                        outgrown.add(_kin(action))
                    continue
                spent += self.reached
                values[action] = dict(zip(DECIDE_BY, found, strict=True))
                notes.pop(action, None)
                told(action, values[action])
            waiting = retry
        return values, notes

    def _value(self, after) -> tuple:
        """The walk's value from `after`; read at once where the option has already resolved
        (most main-step options: a move, a rest), which saves the walk's copy of the game."""
        if after.is_terminal() or self.stop(after):
            return tuple(Fraction(v) for v in self.measure(after))
        return self.walk.value(after)


def option_outcomes(state, budget: float | None = None, **walk):
    """The expected outcome of each legal action of the seat to decide now (see the module's
    docstring): ({action: {name: Fraction}}, {action: note}) for the actions refused. The
    budget is the widget's (:mod:`toolkit.to_the_death.budgets`: ``DECISION_BUDGET``,
    ``OPTION_LIMIT`` an option) unless given, times the :func:`~toolkit.analysis.patience` in
    force."""
    walk.setdefault("limit", patient(OPTION_LIMIT))
    budget = patient(DECISION_BUDGET) if budget is None else budget
    return OptionWalk(state, budget=budget, **walk).outcomes(state.legal_actions())


_ENEMY_NEXT = STEPS["enemy_next"]
DISCARD_NO_MORE = ("discard",)


# the card nodes whose card only its value is read of: a card drawn, a hero's skill check
_READ_FOR_VALUE = frozenset(("card_drawn", "skill_check_card"))


def _looked_at_later(action) -> bool:
    """Attacks are walked first in each pass, as a player looks at them first: in the duel a
    decision's budget then answers about a tenth more attacks, at the cost of as many abilities."""
    return not (isinstance(action, tuple) and action[:1] == ("attack",))


def _kin(action) -> Hashable:
    """The options that are one move paid with different cards, which walk the same steps: a
    main-step attack, ability or feat of one hero (its head, hero and weapon kind or ability)."""
    if isinstance(action, tuple) and action[:1] in _PAID_MOVES:
        return action[:3]
    return action


_PAID_MOVES = (("attack",), ("ability",), ("feat",))


__all__ = ["DECIDE_BY", "MEASURES", "OptionWalk", "option_outcomes"]
