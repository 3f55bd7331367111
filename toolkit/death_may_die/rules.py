"""The Death May Die engine: one episode played from set-up to a win or a loss.

The turn runs on the core step machine (:mod:`toolkit.steps`): the state's fields and the table's
rules come first, then the steps of a turn in the rulebook's order (the actions, the Mythos card,
investigate or fight, fire, the Elder One, the next investigator), then rolls, harm and the
effects of cards. A step that needs a person (an action, a reroll, a path for a tied enemy move)
asks the seat; a die is a draw whose outcome (a face name) goes into the history, so a saved game
is just its seed, its options and its actions. The state's RNG only shuffles decks.

Rulebook decisions where the text is silent are listed in ``book/rules-notes/death_may_die.md``.
"""

from __future__ import annotations

import random
from collections import Counter
from contextlib import contextmanager
from fractions import Fraction
from functools import cache

from toolkit.death_may_die.board import load_board
from toolkit.death_may_die.cards import Effect, catalog, skill_value
from toolkit.death_may_die.dice import count, face_label, face_symbols, faces_text, load_dice
from toolkit.death_may_die.effects import EFFECTS, ELDER_SIGNS
from toolkit.death_may_die.odds import STANDARD_DICE
from toolkit.deck import Deck
from toolkit.hidden import Hiding, Place, pile_outcomes
from toolkit.state import Action, ChanceOutcomes, copied_rng, copying
from toolkit.steps import PASS, Ask, Draw, Step, StepMachine, Steps

DEFAULT_TEAM = ("sailor", "scholar", "priest", "boxer")
ACTIONS_PER_TURN = 3
DISCARD_STEPS = ("mythos_discard", "discovery_discard")  # a drawn card's way back to its pile
# The steps that begin a phase of the turn, and the next investigator's turn.
PHASES = ("actions", "turn", "mythos", "investigate_or_fight", "fire", "mythos_check",
          "summon_check", "elder_end", "next_turn")  # fmt: skip
MAP_EFFECTS = ("summon", "summon_elder")  # effects that need no investigator to carry them out
# How a game ends: the one win, for every seat, and the losses. Which investigator died is in
# the log; the kind stays one of these so that a table of games groups by it.
ELDER_DEFEATED = "the Elder One's final stage is defeated"
DIED_BEFORE_SUMMONING = "an investigator died before the Elder One was summoned"
ALL_DEAD = "every investigator is dead"
PROGRESSION_DONE = "the progression token reached the last space"
ENDINGS = (ELDER_DEFEATED, DIED_BEFORE_SUMMONING, ALL_DEAD, PROGRESSION_DONE)
ELDER_SYMBOLS_TO_ADVANCE = 3  # Mythos discards with the elder symbol that reshuffle and advance
# What each draw is, as the step waiting is named (the observation's "step"): a die of a roll, or
# in a seat's view a card of the deck the step draws from.
DRAWN_BY = {"die": "roll", "mythos": "mythos", "discovery": "investigate_or_fight"}
# In a seat's view, the stand-in for an unseen card of each deck (each deck its own pool).
HIDDEN = {"mythos": "?mythos", "discovery": "?discovery"}

steps = Steps()


def _copies_alike(outcomes) -> ChanceOutcomes:
    """The cards of a draw, each once (copies of a card alike, their shares added), in order."""
    shares = Counter()
    for card, share in outcomes:
        shares[card] += share
    return ChanceOutcomes(sorted(shares.items()))


@cache
def _face_outcomes(colour: str) -> ChanceOutcomes:
    faces = load_dice()[colour].distinct_faces()
    return ChanceOutcomes((face, Fraction(n, 6)) for face, n in faces.items())


@cache
def _face_actions(colour: str) -> tuple[str, ...]:
    return tuple(face for face, _ in _face_outcomes(colour))


class DeathMayDieState(Hiding, StepMachine):
    """A game of one episode (the learning one unless another is named) for 1 to 4 investigators
    (one per seat).

    Besides the machine's :attr:`prompt` and :attr:`chance`, :attr:`roll` is the roll being
    thrown or waiting for its reroll or acceptance (its purpose, dice, the faces showing and the
    die being rerolled), None between rolls."""

    game = "death-may-die"
    STEPS = steps
    # A question with one choice is still asked (a skill to level when only one is below its
    # cap), as the engine always has: the histories hold the answer.
    ASKS_SINGLE_OPTIONS = True
    NOT_IN_KEY = ("cards", "rules", "episode", "elder_card", "board", "_faces")  # tables
    COPY = copying(
        shared=(
            "cards", "rules", "episode", "elder_card", "board", "_faces", "_enemy_serial",
            "ritual_disrupted", "turn", "rolls_resolved", "tests_passed", "active",
            "actions_left", "disrupted_this_turn", "one_reroll_per_face",
        ),
        copied=("mythos", "discovery", "fire", "wards", "elder", "log"),
        each_copied=("enemies", "tokens"),
        plain=("roll",),
        own={
            "investigators": lambda investigators, copy: [_public(i) for i in investigators],
            # a view's generator orders only decks it draws by chance: its copies share it
            "rng": lambda rng, copy: rng if copy.viewer is not None else copied_rng(rng),
        },
    )  # fmt: skip
    STAND_IN = HIDDEN["mythos"]
    #: A seat's view draws each Mythos or Discovery card at a chance node over the cards the deck
    #: may hold (not off the shuffled deck's hidden order), and so does a game dealt from it.
    DRAWS_UNSEEN = True
    #: True in a seat's view: rerolling either of two dice alike (see :meth:`alike_die`) is one
    #: choice, listed once (the first such die), so the walk does not weigh it twice.
    one_reroll_per_face = False

    def __init__(
        self,
        seed: int = 0,
        players: int = 2,
        episode: str = "drowned_chapel",
        elder_one: str = "cthulhu",
        investigators: list[str] | None = None,
    ):
        super().__init__(
            seed, players=players, episode=episode, elder_one=elder_one, investigators=investigators
        )
        self.cards = cards = catalog()
        self.rules = cards.rules
        if episode not in cards.episodes:
            raise ValueError(f"unknown episode {episode!r}; known: {', '.join(cards.episodes)}")
        if elder_one not in cards.elder_ones:
            raise ValueError(
                f"unknown Elder One {elder_one!r}; known: {', '.join(cards.elder_ones)}"
            )
        if investigators is None:
            team = self.default_team(cards.episodes[episode].teams, players)
        else:
            team = list(investigators)
        if not 1 <= players <= 4 or len(team) != players:
            raise ValueError(f"1 to 4 players, one investigator each (got {players}, {team})")
        for name in team:
            if name not in cards.investigators:
                raise ValueError(
                    f"unknown investigator {name!r}; known: {', '.join(cards.investigators)}"
                )
        if len(set(team)) != len(team):
            raise ValueError("each investigator can be played once")
        self.episode = cards.episodes[episode]
        self.elder_card = cards.elder_ones[elder_one]
        self.board = load_board(self.episode.map)
        self._faces = {colour: _face_outcomes(colour) for colour in ("black", "green")}
        self._setup(team)
        self.start_steps("begin_turn", seat=0)

    @staticmethod
    def default_team(teams: tuple[tuple[str, ...], ...], players: int) -> list[str]:
        """The investigators dealt when none are chosen: the episode's team of that size if it
        names one, else the first `players` of the standard order."""
        return list(next((t for t in teams if len(t) == players), DEFAULT_TEAM[:players]))

    # -- set-up -------------------------------------------------------------------------------------
    def _setup(self, team: list[str]) -> None:
        cards, board = self.cards, self.board
        self.mythos = Deck(
            [m.id for m in cards.mythos.values() if m.deck in (self.episode.id, self.elder_card.id)]
        )
        self.mythos.shuffle(self.rng)
        self.discovery = Deck([c.id for c in cards.discovery.values() for _ in range(c.copies)])
        self.discovery.shuffle(self.rng)
        insanity = Deck(list(cards.insanity))
        insanity.shuffle(self.rng)
        self.investigators = []
        for seat, name in enumerate(team):
            card = cards.investigators[name]
            self.investigators.append(
                {
                    "id": name, "name": card.name, "seat": seat, "space": board.start,
                    "wounds": 0, "stress": 0, "sanity": 0, "fire": 0, "alive": True,
                    "skills": {kind: 1 for kind in card.skills}, "items": [], "companions": [],
                    "conditions": [], "insanity": insanity.draw()[0],
                }
            )  # fmt: skip
        self.enemies: dict[str, dict] = {}
        self._enemy_serial = 0
        for enemy, space in board.spawns:
            self._place_enemy(enemy, space)
        self.fire = Counter(board.fire)
        self.tokens = {kind: list(spaces) for kind, spaces in board.tokens.items()}
        self.wards: set[str] = set()
        self.elder = {
            "position": 1, "summoned": False, "progression": None, "stage": 1,
            "wounds": 0, "space": None, "entered_red": False,
        }  # fmt: skip
        self.ritual_disrupted = False
        self.turn = 1
        # Counts the exact walk reads to tell where a roll ends and whether a test was passed.
        self.rolls_resolved = 0
        self.tests_passed = 0
        self.roll: dict | None = None
        self.log: list[str] = []

    def _place_enemy(self, enemy: str, space: str) -> bool:
        """Put a figure of `enemy` on `space` if the box has one left. Each figure on the map
        carries the lowest number no other figure of its kind has (its name, "Cultist 2")."""
        taken = {e["number"] for e in self.enemies.values() if e["type"] == enemy}
        if len(taken) >= self.cards.enemies[enemy].figures:
            return False
        self._enemy_serial += 1
        uid = f"{enemy}-{self._enemy_serial}"
        number = min(set(range(1, len(taken) + 2)) - taken)
        self.enemies[uid] = {"type": enemy, "space": space, "wounds": 0, "number": number}
        return True

    # -- the protocol ----------------------------------------------------------------------------
    @property
    def num_players(self) -> int:
        return len(self.investigators)

    def draw_outcomes(self, draw: Draw) -> ChanceOutcomes:
        """A die of the roll in progress, or in a seat's view a card of the deck drawn from: any of
        its cards, those behind its stand-ins any unseen card of its pool."""
        if draw.kind == "die":
            return self._faces[self._next_die_colour(self.roll)]
        deck = self.mythos if draw.kind == "mythos" else self.discovery
        hidden = HIDDEN[draw.kind]
        return _copies_alike(
            pile_outcomes(deck.cards or deck.discards, self.unseen_for(hidden), hidden)
        )

    def draw_actions(self, draw: Draw) -> tuple:
        """The outcomes alone: a die's faces listed once per colour, as a die is thrown often."""
        if draw.kind == "die":
            return _face_actions(self._next_die_colour(self.roll))
        return tuple(card for card, _ in self.draw_outcomes(draw))

    def drawn(self, draw: Draw, outcome) -> None:
        """A card drawn at a chance node of a seat's view leaves its deck (an empty draw pile takes
        the discards back first, as a real draw does) before it is revealed."""
        if draw.kind != "die":
            deck = self.mythos if draw.kind == "mythos" else self.discovery
            if not deck.cards:
                deck.cards.extend(deck.discards)
                deck.discards.clear()
            if outcome in deck.cards:  # a card seen in the discards before a reshuffle
                deck.cards.remove(outcome)
            else:
                deck.cards.remove(HIDDEN[draw.kind])
                self.seen_now(outcome, HIDDEN[draw.kind])

    def returns(self) -> list[float]:
        value = {"win": 1.0, "loss": -1.0}.get(self.result, 0.0)
        return [value] * self.num_players

    @property
    def result(self) -> str | None:
        """The game's result once it is over, "win" or "loss" (every seat wins or loses
        together), else None; why it ended is :attr:`ended_by`."""
        if self.outcome is None:
            return None
        return "win" if self.outcome.winners else "loss"

    def front(self) -> str:
        """The step waiting, by name: the question asked ("actions", "roll", "level" ...), "roll"
        while its dice are thrown, the step drawing a card in a seat's view, "over" at the end."""
        if self.outcome is not None:
            return "over"
        if self.chance is not None:
            return DRAWN_BY[self.chance.kind]
        return self.prompt.question

    def drawing_card(self) -> bool:
        """Whether the game waits for a Mythos or Discovery card (a chance node of a seat's view)."""
        return self.outcome is None and self.chance is not None and self.chance.kind != "die"

    def steps_ahead(self) -> list[tuple[str, dict]]:
        """The steps to come, next first, each by name with its arguments: the step waiting (the
        roll in progress as its record; a question by its name and arguments), then the stack."""
        if self.roll is not None:
            ahead = [("roll", self.roll)]
        elif self.prompt is not None:
            ahead = [(self.prompt.question, self.prompt.args)]
        elif self.chance is not None:
            ahead = [(DRAWN_BY[self.chance.kind], self.chance.args)]
        else:
            ahead = []
        ahead += [(step.__name__, args) for step, args in reversed(self.stack)]
        return ahead

    def why_illegal(self, action: Action) -> str:
        if self.outcome is not None:
            return f"the game is over ({self.result}: {self.ended_by})"
        seat = self.prompt.seat if self.prompt else (self.roll or {}).get("seat", self.active)
        me = self.investigators[seat]
        if isinstance(action, tuple) and action:
            verb = action[0]
            if verb == "rest" and self._enemies_at(me["space"]):
                return "you can rest only on a safe space (no enemies there)"
            if verb == "attack" and len(action) > 1 and action[1] == "elder":
                if not self.ritual_disrupted:
                    return "the Elder One cannot be attacked until the ritual is disrupted"
            if verb == "reroll" and me["stress"] >= self.rules.max_stress:
                return f"your stress is at its maximum ({self.rules.max_stress}): no more rerolls"
            if verb in ("run", "attack", "rest", "trade", "episode") and self.front() != "actions":
                return f"it is not the time for actions (waiting for: {self.describe_step()})"
        return super().why_illegal(action)

    # -- scheduling ------------------------------------------------------------------------------
    def push(self, *scheduled: tuple[str, dict]) -> None:
        """Schedule steps (names and arguments) before every step the current one has scheduled
        so far, where :meth:`then` puts them after: what an investigator's change brings (a red
        space's insanity card, a wound to place) comes at once, before what the card still has
        to do; a change to everyone brings the last investigator's first."""
        self._batch[0:0] = [(self.STEPS[name], args) for name, args in scheduled]

    @contextmanager
    def by_hand(self):
        """Change the table as a step would, for tests and hand-made positions: what the change
        schedules then runs, before the question or draw waiting (put to the seat again after)."""
        waiting = self.prompt or self.chance
        if waiting is not None:
            seat = self.prompt.seat if self.prompt else (self.roll or {}).get("seat", self.active)
            self.stack.append((again, {"waiting": waiting, "seat": seat}))
        self.prompt = self.chance = None
        self._batch = batch = []
        yield self
        self._run(batch)
        self._batch = None

    def run_steps(self, *scheduled: tuple[str, dict]) -> None:
        """Run steps (names and arguments) now, before the question or draw waiting, which is put
        to the seat again after them: for tests and hand-made positions."""
        with self.by_hand():
            for name, args in scheduled:
                self.then(name, **args)

    def replace_steps(self, *scheduled: tuple[str, dict]) -> None:
        """The turn goes on with `scheduled` alone, then the next investigator's, once something
        runs (:meth:`run_steps`, :meth:`by_hand`): for tests and hand-made positions."""
        self.stack = [(next_turn, {})]
        self.stack += [(self.STEPS[name], dict(args)) for name, args in reversed(scheduled)]
        self.prompt = self.chance = self.roll = None

    # -- action choices ------------------------------------------------------------------------
    def _action_choices(self, me: dict) -> list[Action]:
        here = me["space"]
        enemies = self._enemies_at(here)
        choices: list[Action] = [PASS, ("run",)]
        choices += [("attack", uid) for uid in enemies]
        if self.elder["space"] == here and self.ritual_disrupted:
            choices.append(("attack", "elder"))
        safe = not enemies and self.elder["space"] != here
        if safe:
            heal = self.rules.rest_heal
            rests = {(min(w, me["wounds"]), min(heal - w, me["stress"])) for w in range(heal + 1)}
            choices += [("rest", w, s) for w, s in sorted(rests)]
            for action in self.episode.actions:
                if self._episode_action_open(action, here):
                    choices.append(("episode", action.id))
        if self._gifts(me):
            choices.append(("trade",))
        return choices

    def _episode_action_open(self, action, space: str) -> bool:
        if action.token and space not in self.tokens.get(action.token, []):
            return False
        if action.gate:
            colours = [c for c, s in self.board.gates.items() if s == space and c not in self.wards]
            if not colours:
                return False
        return True

    def _gifts(self, me: dict) -> list[Action]:
        """Every card one investigator on `me`'s space may hand to another there: a trade is
        among all of them, so a player holding nothing can still receive (``("give", kind, card,
        giver, receiver)``). The active player arranges the whole trade (a cooperative table)."""
        here = [o for o in self.living() if o["space"] == me["space"]]
        gifts = []
        for giver in here:
            cards = [("item", item) for item in sorted(set(giver["items"]))]
            cards += [("companion", c[0]) for c in giver["companions"]]
            for receiver in here:
                if receiver is not giver:
                    gifts += [("give", *card, giver["seat"], receiver["seat"]) for card in cards]
        return gifts

    def _levelable(self, me: dict) -> list[str]:
        return [k for k, level in me["skills"].items() if level < self.rules.max_skill_level]

    def _give(self, what: str, card: str, giver: int, receiver: int) -> None:
        source, target = self.investigators[giver], self.investigators[receiver]
        self.log.append(f"{source['name']} gives {self.card_name(what, card)} to {target['name']}")
        if what == "item":
            source["items"].remove(card)
            target["items"].append(card)
        else:
            companion = next(c for c in source["companions"] if c[0] == card)
            source["companions"].remove(companion)
            target["companions"].append(companion)  # keeps its wounds: a card keeps its side

    def _still_here(self, uid: str, me: dict) -> bool:
        if uid == "elder":
            return self.elder["space"] == me["space"]
        return uid in self.enemies and self.enemies[uid]["space"] == me["space"]

    # -- rolls ---------------------------------------------------------------------------------
    def roll_args(self, purpose: str, black: int, green: int, seat: int, **context) -> dict:
        """The arguments of a roll step: what it is for, its black and green dice, whose roll it
        is, and what it is against or needs (`context`)."""
        return {"purpose": purpose, "black": black, "green": max(green, 0), "seat": seat, **context}

    def _skill(self, me: dict, kind: str) -> int:
        return skill_value(self.cards, me, kind)

    def dice_for(self, me: dict, purpose: str) -> tuple[int, int]:
        """(black, green) of an investigator's roll: 3 black; green from sanity, skill, cards."""
        field = "attack_green" if purpose == "attack" else "test_green"
        green = self.rules.sanity.bonus_dice(me["sanity"])
        green += self._skill(me, "attack" if purpose == "attack" else "test")
        green += sum(getattr(self.cards.items[i], field) for i in me["items"])
        green += sum(getattr(self.cards.conditions[c], field) for c in me["conditions"])
        return STANDARD_DICE, max(green, 0)

    def investigator_roll(self, me: dict, purpose: str, **context) -> dict:
        """The roll of `me` making an attack or a test (:meth:`roll_args`), with the dice
        :meth:`dice_for` gives."""
        black, green = self.dice_for(me, purpose)
        return self.roll_args(purpose, black, green, me["seat"], **context)

    def attack_roll(self, uid: str, me: dict) -> dict:
        """The roll of the enemy `uid` (or the Elder One's stages) attacking `me`."""
        if uid == "elder":
            black = sum(s.black for s in self._revealed_stages())
            green = sum(s.green for s in self._revealed_stages())
            return self.roll_args("enemy", black, green, me["seat"], attacker="elder")
        enemy = self.cards.enemies[self.enemies[uid]["type"]]
        return self.roll_args("enemy", enemy.black, enemy.green, me["seat"], attacker=uid)

    def _roll_needs_die(self, step: dict) -> bool:
        return step["reroll"] is not None or len(step["faces"]) < step["black"] + step["green"]

    def _next_die_colour(self, step: dict) -> str:
        if step["reroll"] is not None:
            return step["faces"][step["reroll"]][0]
        return "black" if len(step["faces"]) < step["black"] else "green"

    def await_last_die(self, faces: list) -> None:
        """Make the roll in progress show `faces` with its last die still to land (a hand-made
        position of the roll walk, on a copy)."""
        self.roll["faces"], self.roll["reroll"] = faces, None
        self.prompt, self.chance = None, DIE

    def _resolve_roll(self, roll: dict) -> None:
        """Apply an accepted roll: its successes at once, and steps for what follows them."""
        me = self.investigators[roll["seat"]]
        totals = [0, 0, 0]
        for _, face in roll["faces"]:
            for i, n in enumerate(face_symbols(face)):
                totals[i] += n
        successes, tentacles, elders = totals
        purpose = roll["purpose"]
        self.rolls_resolved += 1
        # Dodge cancels successes of an attack on you; Will ignores tentacles of your own rolls.
        cancelled = min(successes, self._skill(me, "guard")) if purpose == "enemy" else 0
        against_me = purpose in ("enemy", "fire")
        ignored = 0 if against_me else min(tentacles, self._skill(me, "resolve"))
        self._log_roll(roll, totals, cancelled, ignored)
        successes, tentacles = successes - cancelled, tentacles - ignored
        # The rulebook's order (Dice and Checks, "Applying Results"): the successes first, then
        # the effects tied to the result, then the tentacles. Each is a step, so a wound placed on
        # a companion (a choice) still comes before the sanity lost and what a red space brings.
        seat = me["seat"]
        if purpose in ("episode", "test"):
            won = successes >= roll["need"]
            self.tests_passed += won
            for effect in roll["on_success"] if won else roll.get("on_failure", ()):
                self.then("effect", effect=effect, seat=seat)
        elif against_me:
            if successes:
                self.then("wound", amount=successes, seat=seat)
            sign = self.elder_sign_kind(roll)
            if elders and sign is not None:
                self.then("elder_signs", sign=sign, amount=elders, seat=seat)
        if tentacles:
            self.then("tentacles", amount=tentacles, seat=seat)
        if purpose == "attack":  # wounds at once; a stage they defeat reveals the next after
            self._wound_target(roll["target"], successes)

    def _log_roll(self, step: dict, totals, cancelled: int, ignored: int) -> None:
        """One line for a roll: what it was for, every die's face, and what they add up to."""
        successes, tentacles, elders = totals
        said = [count(successes, "success", "successes"), count(tentacles, "tentacle")]
        if step["purpose"] == "enemy" and elders:
            said.append(count(elders, "elder sign"))
        if cancelled:
            said.append(
                f"{self.skill_name('guard')} cancels {count(cancelled, 'success', 'successes')}"
            )
        if ignored:
            said.append(f"{self.skill_name('resolve')} ignores {count(ignored, 'tentacle')}")
        if step["purpose"] in ("episode", "test"):
            said.append("passed" if successes >= step["need"] else "failed")
        self.log.append(
            f"{self.roll_title(step)}: rolled {faces_text(step['faces'])}: {', '.join(said)}"
        )

    def _wound_target(self, target: str, wounds: int) -> None:
        if wounds <= 0:
            return
        if target == "elder":
            elder = self.elder
            if not self.ritual_disrupted or elder["space"] is None:
                return
            elder["wounds"] += wounds
            stage = self.elder_card.stages[elder["stage"] - 1]
            self.log.append(
                f"the Elder One takes {count(wounds, 'wound')} "
                f"({min(elder['wounds'], stage.health)} of {stage.health} on stage {stage.number})"
            )
            if elder["wounds"] >= stage.health:  # excess wounds are lost
                self.log.append(f"stage {stage.number} of the Elder One is defeated")
                if elder["stage"] == len(self.elder_card.stages):
                    self._end(ELDER_DEFEATED)
                else:
                    self._reveal_stage(elder["stage"] + 1)
            return
        if target not in self.enemies:
            return
        enemy, name = self.enemies[target], self.enemy_name(target)
        enemy["wounds"] += wounds
        health = self.cards.enemies[enemy["type"]].health
        if enemy["wounds"] >= health:
            del self.enemies[target]
            self.log.append(f"{name} is killed")
        else:
            self.log.append(
                f"{name} takes {count(wounds, 'wound')} ({enemy['wounds']} of {health})"
            )

    # -- harm to investigators -----------------------------------------------------------------
    def _take_one_wound(self, me: dict, where: str) -> None:
        if where == "self":
            self._wound_self(me, 1)
            return
        companion = next(c for c in me["companions"] if c[0] == where)
        companion[1] += 1
        name, health = self.card_name("companions", where), self.cards.companions[where].health
        self.log.append(
            f"{me['name']}'s companion {name} takes a wound ({companion[1]} of {health})"
        )
        if companion[1] >= health:
            me["companions"].remove(companion)
            self.log.append(f"{me['name']}'s companion {name} is lost")

    def _wound_self(self, me: dict, amount: int) -> None:
        me["wounds"] += amount
        most = self.rules.wounds_to_die
        self.log.append(
            f"{me['name']} takes {count(amount, 'wound')} ({min(me['wounds'], most)} of {most})"
        )
        if me["wounds"] >= self.rules.wounds_to_die:
            me["wounds"] = self.rules.wounds_to_die
            self._die(me, "wounds")

    def lose_sanity(self, me: dict, amount: int) -> None:
        """Move the sanity marker: the last space is madness; a red space reached brings the
        investigator's insanity card and a skill level, at once."""
        position, red = self.rules.sanity.lose(me["sanity"], amount)
        lost, me["sanity"] = position - me["sanity"], position
        stopped = " (stopped at a red space)" if lost < amount else ""
        self.log.append(
            f"{me['name']} loses {lost} sanity{stopped}: {position} of {self.rules.sanity.last}"
        )
        if position >= self.rules.sanity.last:
            self._die(me, "madness")
        elif red:
            insanity = self.cards.insanity[me["insanity"]]
            self.log.append(f"{me['name']} reaches a red space: Insanity card {insanity.name}")
            seat = me["seat"]
            self.push(
                *(("effect", {"effect": effect, "seat": seat}) for effect in insanity.effects),
                ("level", {"seat": seat}),
            )

    def _die(self, me: dict, cause: str) -> None:
        if not me["alive"]:
            return
        me["alive"] = False
        me.update(items=[], companions=[], conditions=[], fire=0)
        self.log.append(f"{me['name']} dies ({cause})")
        if not self.elder["summoned"]:
            self._end(DIED_BEFORE_SUMMONING)
            return
        if not any(i["alive"] for i in self.investigators):
            self._end(ALL_DEAD)
            return
        seat = me["seat"]
        batch, stack = self._batch, self.stack
        if seat != self.active:
            batch[:] = [s for s in batch if not self._theirs(s, seat)]
            stack[:] = [s for s in stack if not self._theirs(s, seat)]
            return
        # The rest of the card or roll being resolved goes on (a Mythos card's summons), less
        # what was the dead investigator's own; the turn's following phases are skipped, all
        # but the Mythos discard check (if it is still to come).
        ahead = batch + stack[::-1]
        first = next(i for i, (step, _) in enumerate(ahead) if step.__name__ in PHASES)
        current = [s for s in ahead[:first] if not self._theirs(s, seat)]
        later = {step.__name__ for step, _ in ahead[first:]}
        check = [(mythos_check, {})] if later & {"turn", "mythos_check"} else []
        batch[:] = current + check + [(next_turn, {})]
        stack.clear()

    def _theirs(self, scheduled: tuple, seat: int) -> bool:
        """Whether the scheduled step is the investigator of `seat`'s own, to go with them when
        they die: a choice or roll of theirs, or an effect on them or where they stand. A card's
        discard, its summons and an effect on everyone or on the map alone stay."""
        step, args = scheduled
        if args.get("seat", self.active) != seat or step.__name__ in (*DISCARD_STEPS, "summon"):
            return False
        if step.__name__ == "effect":
            effect_ = args["effect"]
            return effect_.who != "all" and effect_.do not in MAP_EFFECTS
        return True

    def _end(self, kind: str) -> None:
        """End the game (`kind`, one of :data:`ENDINGS`): every seat wins at
        :data:`ELDER_DEFEATED`, else every seat loses; a win in the same step overrides a loss."""
        won = kind == ELDER_DEFEATED
        if self.outcome is None or (won and not self.outcome.winners):
            self.end(kind, range(self.num_players) if won else ())
            self.log.append(f"game {self.result}: {kind}")

    def _advance_elder(self) -> None:
        elder = self.elder
        if elder["summoned"]:
            elder["progression"] += 1
            self.log.append(
                f"the progression token advances to {elder['progression']} of "
                f"{self.rules.summoning.spaces}"
            )
            if elder["progression"] >= self.rules.summoning.spaces:
                self._end(PROGRESSION_DONE)
                return
        else:
            elder["position"] += 1
            self.log.append(
                f"the Elder One advances to space {elder['position']} of "
                f"{self.rules.summoning.spaces}"
            )
            if elder["position"] == self.rules.summoning.first_red:
                elder["entered_red"] = True
        effects: list[Effect] = []
        for stage in self._revealed_stages():
            effects += stage.advance
        effects += self.episode.advance
        for effect in effects:
            self.then("effect", effect=effect, seat=self.active)

    def _reveal_stage(self, number: int) -> None:
        self.elder["stage"] = number
        self.elder["wounds"] = 0
        stage = self.elder_card.stages[number - 1]
        for effect in stage.reveal:
            self.then("effect", effect=effect, seat=self.active)

    def _revealed_stages(self):
        return self.elder_card.stages[: self.elder["stage"]]

    def living(self) -> list[dict]:
        """The investigators still alive, in seat order."""
        return [i for i in self.investigators if i["alive"]]

    def _enemies_at(self, space: str) -> list[str]:
        return [uid for uid, e in self.enemies.items() if e["space"] == space]

    def _step_investigator(self, me: dict, space: str) -> None:
        """One step of a run: enemies here follow, fire here comes along on your board."""
        here = me["space"]
        followers = [self.enemy_name(uid) for uid in self._enemies_at(here)]
        for uid in self._enemies_at(here):
            self.enemies[uid]["space"] = space
        if self.elder["space"] == here:
            self.elder["space"] = space
            followers.append("the Elder One")
        me["fire"] += self.fire[here]
        me["space"] = space
        notes = []
        if self.fire[here]:
            notes.append(f"carries {count(self.fire[here], 'fire token')} along")
        if followers:
            who = " and ".join(
                [", ".join(followers[:-1]), followers[-1]] if followers[1:] else followers
            )
            notes.append(f"{who} {'follow' if followers[1:] else 'follows'}")
        said = f" ({'; '.join(notes)})" if notes else ""
        self.log.append(f"{me['name']} runs to {self.space_name(space)}{said}")

    def _move_enemy_one(self, uid: str, left: int, target: int, space: str) -> None:
        if uid == "elder":
            self.elder["space"] = space
        else:
            self.enemies[uid]["space"] = space
        self.log.append(f"{self.enemy_name(uid)} moves to {self.space_name(space)}")
        if left > 1:
            self.then("enemy_move", uid=uid, left=left - 1, target=target)

    # -- a seat's view: hidden cards drawn at chance nodes ---------------------------------------
    def places(self, seat: int) -> list[Place]:
        """Nothing is hidden but what the Mythos and Discovery decks hold (their discards are face
        up, and every other card is on the table): each deck's cards are one pool behind its own
        stand-in, drawn at chance nodes (see :mod:`toolkit.hidden`)."""
        return [
            Place(vars(self.mythos), "cards", stand_in=HIDDEN["mythos"]),
            Place(vars(self.discovery), "cards", stand_in=HIDDEN["discovery"]),
        ]

    def view_rng(self, seat: int) -> random.Random:
        """A generator of the view's own: its reshuffles no longer matter (draws are chance)."""
        return random.Random("players_view")

    def unseen_in(self, kind: str) -> tuple:
        """In a view, the cards behind the stand-ins of the "mythos" or "discovery" deck."""
        return self.unseen_for(HIDDEN[kind])

    def viewed(self) -> None:
        """A view lists a reroll of either of two dice alike once, so the walk does not weigh it
        twice, and forgets the real game's narration (a walk copies a view at every step)."""
        self.one_reroll_per_face = True
        self.log = []

    def determinised(self) -> None:
        """A game played from a view lists every die for a reroll, as the real game does."""
        self.one_reroll_per_face = False

    def alike_die(self, step: dict, index: int) -> int:
        """The first die of the roll `step` alike to die `index`: of its colour, showing the same
        :meth:`counted_symbols`."""

        def alike(face):
            return face[0], self.counted_symbols(step, face[1])

        faces = step["faces"]
        mine = alike(faces[index])
        return next(i for i, face in enumerate(faces) if alike(face) == mine)

    def counted_symbols(self, step: dict, face: str) -> tuple[int, ...]:
        """What a die's `face` can change in the roll `step`: its successes and tentacles, and its
        elder signs only where they do something (:meth:`elder_sign_effect`). Faces alike so give
        the roll the same end, so the exact walk throws them once."""
        symbols = face_symbols(face)
        return symbols if self.elder_sign_effect(step) is not None else symbols[:2]

    def elder_sign_effect(self, step: dict):
        """What each elder sign of the roll `step` does, or None where it does nothing: only the
        attack of an enemy whose card gives its elder signs an effect (not the Elder One's)."""
        kind = self.elder_sign_kind(step)
        return None if kind is None else ELDER_SIGNS[kind]

    def elder_sign_kind(self, step: dict) -> str | None:
        """The name (``Enemy.elder``) of what the roll `step`'s elder signs do, or None."""
        if step["purpose"] != "enemy" or step["attacker"] == "elder":
            return None
        kind = self.cards.enemies[self.enemies[step["attacker"]]["type"]].elder
        return kind if kind in ELDER_SIGNS else None

    # -- names a person reads ---------------------------------------------------------------------
    # The log, the prompts and the labels of actions name things as the card and map data do; the
    # ids stay in the history and the saves.
    def enemy_name(self, uid: str) -> str:
        """An enemy as a person calls it: its card's name, with its figure's number only while
        another figure of its kind is on the map ("Cultist 2"); the Elder One by its title."""
        if uid == "elder":
            return "the Elder One"
        enemy = self.enemies.get(uid)
        if enemy is None:  # gone from the map: named by its kind
            return self.cards.enemies[uid.rsplit("-", 1)[0]].name
        name = self.cards.enemies[enemy["type"]].name
        alike = sum(1 for other in self.enemies.values() if other["type"] == enemy["type"])
        return f"{name} {enemy['number']}" if alike > 1 else name

    def space_name(self, space: str) -> str:
        return self.board.spaces[space].name

    def skill_name(self, kind: str) -> str:
        """A skill kind by the name rules.yaml gives it ("guard" is Dodge)."""
        return self.rules.skills[kind].name

    def card_name(self, pile: str, card: str) -> str:
        """An asset's name; `pile` is "item", "companion" or "condition" (or their plurals)."""
        return getattr(self.cards, pile.rstrip("s") + "s")[card].name

    def roll_title(self, step: dict) -> str:
        """What a roll is for, as a person says it: "Sailor attacks Cultist 2"."""
        name = self.investigators[step["seat"]]["name"]
        purpose = step["purpose"]
        if purpose == "attack":
            return f"{name} attacks {self.enemy_name(step['target'])}"
        if purpose == "enemy":
            return f"{self.enemy_name(step['attacker'])} attacks {name}"
        if purpose == "fire":
            return f"{name}'s fire burns"
        need = count(step["need"], "success", "successes")
        return f"{name}: {step.get('title', 'a test')} ({need} needed)"

    def describe_step(self) -> str:
        if self.outcome is not None:
            return f"game over: {self.result} ({self.ended_by})"
        roll = self.roll
        if roll is not None:
            name = self.investigators[roll["seat"]]["name"]
            if roll["reroll"] is not None:
                return f"{self.roll_title(roll)}: rerolling die {roll['reroll'] + 1}"
            if self._roll_needs_die(roll):
                dice = roll["black"] + roll["green"]
                return f"{self.roll_title(roll)}: die {len(roll['faces']) + 1} of {dice} to roll"
            title = self.roll_title(roll)
            return f"{title}: {name}, reroll a die for 1 stress, or accept the roll"
        kind = self.front()
        args = self.prompt.args if self.prompt is not None else {}
        name = self.investigators[args.get("seat", self.active)]["name"]
        if self.drawing_card():  # a seat's view, the card unseen: named by its deck
            return f"{name}: a {self.chance.kind.capitalize()} card is drawn"
        if kind == "enemy_move_choice":
            return f"{name}: choose the path of {self.enemy_name(args['uid'])}"
        if kind == "choose":
            return f"{name}: choose on the Discovery card {self.cards.discovery[args['card']].name}"
        return {
            "actions": f"{name}: choose an action ({self.actions_left} left)",
            "run": f"{name}: run ({args.get('left')} steps left)",
            "trade": f"{name}: trade",
            "fight": f"{name}: choose which enemy attacks first",
            "wound": f"{name}: take a wound yourself or on a companion",
            "level": f"{name}: level up a skill",
        }.get(kind, kind)

    def observation(self, player: int) -> dict:
        step, roll = self.roll, None
        if step is not None:
            roll = {
                "purpose": step["purpose"],
                "black": step["black"],
                "green": step["green"],
                "faces": [list(f) for f in step["faces"]],
                "need": step.get("need"),
                "attacker": step.get("attacker"),
                "target": step.get("target"),
            }
        return {
            "seat": player,
            "to_play": self.to_play(),
            "active": self.active,
            "turn": self.turn,
            "step": self.front(),
            "prompt": self.describe_step(),
            "actions_left": self.actions_left,
            "roll": roll,
            "investigators": [_public(i) for i in self.investigators],
            "enemies": {uid: dict(e) for uid, e in sorted(self.enemies.items())},
            "fire": {s: n for s, n in sorted(self.fire.items()) if n},
            "tokens": {k: list(v) for k, v in self.tokens.items()},
            "wards": sorted(self.wards),
            "elder": dict(self.elder),
            "ritual_disrupted": self.ritual_disrupted,
            "elder_one": self.elder_card.id,
            "mythos_discards": list(self.mythos.discards),
            "map": self.board.id,
            "outcome": self.result,
        }

    def card_locations(self) -> Counter:
        """The Mythos, Discovery and Insanity cards wherever they are: the two decks and their
        discards, a card being resolved (its discard step still to come) and each investigator's
        Insanity card (the rest of that deck goes back in the box at set-up). Items and companions
        are not dealt from a deck: one is claimed while a copy is left, which the rules tests pin.
        In a view, the cards behind a deck's stand-ins are counted in their stead."""
        decks = (self.mythos, self.discovery)
        where = Counter(card for deck in decks for card in deck.cards + deck.discards)
        for stand_in in HIDDEN.values():
            del where[stand_in]
        where.update(card for pool in self.unseen.values() for card in pool)
        where.update(args["card"] for name, args in self.steps_ahead() if name in DISCARD_STEPS)
        where.update(investigator["insanity"] for investigator in self.investigators)
        return where

    def summary(self) -> dict:
        return {
            "outcome": self.result or "unfinished",
            "reason": self.ended_by or "",
            "turns": self.turn,
            "elder_position": self.elder["position"],
            "summoned": self.elder["summoned"],
            "ritual_disrupted": self.ritual_disrupted,
            "seals_left": len(self.tokens.get(self.episode.ritual_token, [])),
            "deaths": sum(1 for i in self.investigators if not i["alive"]),
            "enemies_on_map": len(self.enemies),
        }

    def action_to_string(self, action: Action) -> str:
        if isinstance(action, str):  # a die's face, or a card drawn in a seat's view
            for kind, cards in (("Mythos", self.cards.mythos), ("Discovery", self.cards.discovery)):
                if action in cards:
                    return f"{kind} card {cards[action].name}"
            return f"die shows {face_label(action)}"
        verb = action[0]
        asked = self.prompt.args if self.prompt is not None else {}
        if verb == "attack":
            return f"attack {self.enemy_name(action[1])}"
        if verb == "rest":
            return rest_words(action[1], action[2])
        if verb == "episode":
            return next(a.name for a in self.episode.actions if a.id == action[1])
        if verb == "reroll":
            colour, face = self.roll["faces"][action[1]]
            return f"reroll die {action[1] + 1} ({colour} {face_label(face)}) for 1 stress"
        if verb == "give":
            giver, receiver = (self.investigators[seat]["name"] for seat in action[3:])
            return f"{giver} gives {self.card_name(action[1], action[2])} to {receiver}"
        if verb == "move":
            return f"move to {self.space_name(action[1])}"
        if verb == "path":
            mover = self.enemy_name(asked["uid"]) if "uid" in asked else "it"
            return f"{mover} moves to {self.space_name(action[1])}"
        if verb == "choose" and self.prompt is not None and self.prompt.question == "choose":
            return self.cards.discovery[asked["card"]].choices[action[1]].label
        if verb == "fight":
            return f"{self.enemy_name(action[1])} attacks first"
        if verb == "wound":
            if action[1] == "self":
                return "take the wound yourself"
            return f"{self.card_name('companion', action[1])} takes the wound"
        if verb == "level":
            return f"level up {self.skill_name(action[1])}"
        if action == PASS:
            return PASS_WORDS.get(self.prompt.resume if self.prompt is not None else "", "pass")
        words = {"run": "run", "accept": "accept the roll", "trade": "trade"}
        if verb in words:
            return words[verb]
        return " ".join(str(a) for a in action)

    def __repr__(self) -> str:
        return f"DeathMayDieState(turn {self.turn}, active {self.active}, {self.describe_step()})"


def _public(investigator: dict) -> dict:
    """A copy of an investigator's record that a bot cannot use to change the game."""
    copy = dict(investigator)
    copy.update(
        skills=dict(investigator["skills"]), items=list(investigator["items"]),
        companions=[list(c) for c in investigator["companions"]],
        conditions=list(investigator["conditions"]),
    )  # fmt: skip
    return copy


# -- the turn, in the rulebook's order ------------------------------------------------------------
# Each step is ``step(game, **args)``; a step that asks names the step its answer resumes, and the
# options of a question are listed when the seat looks (a seat's view lists a reroll of dice
# alike once). A step that would run next anyway runs at once (``then_now``): the next action
# after one that started nothing, the next step of a run.
@steps
def begin_turn(game: DeathMayDieState, seat: int) -> None:
    """An investigator's turn: three actions, the rest of the turn, then the next investigator."""
    game.active = seat
    game.actions_left = ACTIONS_PER_TURN
    game.disrupted_this_turn = False
    game.then("actions")
    game.then("turn")
    game.then("next_turn")


@steps
def actions(game: DeathMayDieState) -> None:
    me = game.investigators[game.active]
    if me["alive"] and game.actions_left > 0:
        game.pose(ACTIONS[game.active])


def _action_options(game: DeathMayDieState) -> list[Action]:
    return game._action_choices(game.investigators[game.active])


@steps
def act(game: DeathMayDieState, action: Action) -> None:
    """One action (or the end of the actions); the next action is asked after what it starts."""
    me = game.investigators[game.active]
    if action == PASS:  # the investigator ends its actions
        return
    verb = action[0]
    game.actions_left -= 1
    if verb == "run":
        game.then("run", left=game.rules.run_steps)
    elif verb == "attack":
        game.then("roll", **game.investigator_roll(me, "attack", target=action[1]))
    elif verb == "rest":
        me["wounds"] -= action[1]
        me["stress"] -= action[2]
        game.log.append(
            f"{me['name']} rests: heals {count(action[1], 'wound')} and {action[2]} stress"
        )
    elif verb == "trade":
        game.then("trade")
    elif verb == "episode":
        chosen = next(a for a in game.episode.actions if a.id == action[1])
        game.then(
            "roll",
            **game.investigator_roll(
                me, "episode", need=chosen.need, on_success=chosen.on_success, title=chosen.name
            ),
        )
    if game.actions_left > 0:
        game.then_now("actions")


@steps
def run(game: DeathMayDieState, left: int) -> None:
    if game.investigators[game.active]["alive"]:
        game.ask(game.active, "run", _run_options, "ran", left=left)


def _run_options(game: DeathMayDieState, left: int) -> list[Action]:
    here = game.investigators[game.active]["space"]
    return [PASS] + [("move", s) for s in game.board.neighbours(here)]


@steps
def ran(game: DeathMayDieState, action: Action, left: int) -> None:
    if action == PASS:  # the investigator stops running
        return
    game._step_investigator(game.investigators[game.active], action[1])
    if left > 1:
        game.then_now("run", left=left - 1)


@steps
def trade(game: DeathMayDieState) -> None:
    if game._gifts(game.investigators[game.active]):
        game.ask(game.active, "trade", _trade_options, "traded")


def _trade_options(game: DeathMayDieState) -> list[Action]:
    return [PASS] + game._gifts(game.investigators[game.active])


@steps
def traded(game: DeathMayDieState, action: Action) -> None:
    if action != PASS:  # a gift; PASS is done trading
        game._give(*action[1:])
        game.then_now("trade")


@steps
def turn(game: DeathMayDieState) -> None:
    """The turn after the actions: Mythos, investigate or fight, fire, then the Elder One."""
    game.then_now("mythos")
    for phase in ("investigate_or_fight", "fire", "mythos_check", "summon_check", "elder_end"):
        game.then(phase)


def draw_card(game: DeathMayDieState, deck: str, resume: Step) -> None:
    """The top card of the Mythos or Discovery `deck` goes to the step `resume`: off the shuffled
    deck in the game itself, at a chance node over the unseen cards in a seat's view."""
    if game.viewer is not None:
        game.draw(deck, resume.__name__)
    else:
        resume(game, getattr(game, deck).draw(1, game.rng)[0])


@steps
def mythos(game: DeathMayDieState) -> None:
    draw_card(game, "mythos", reveal_mythos)


@steps
def reveal_mythos(game: DeathMayDieState, card: str) -> None:
    """A Mythos card, top to bottom: its effects, its summons, then its discard."""
    mythos_card = game.cards.mythos[card]
    game.log.append(f"Mythos: {mythos_card.name}")
    for effect_ in mythos_card.effects:
        game.then("effect", effect=effect_, seat=game.active)
    for summons in mythos_card.summons:
        game.then("summon", gate=summons.gate, enemy=summons.enemy)
    game.then("mythos_discard", card=card)


@steps
def mythos_discard(game: DeathMayDieState, card: str) -> None:
    game.mythos.discard(card)


@steps
def investigate_or_fight(game: DeathMayDieState) -> None:
    """Every enemy on the active investigator's space attacks; with none there, a Discovery card."""
    me = game.investigators[game.active]
    if not me["alive"]:
        return
    attackers = game._enemies_at(me["space"])
    if game.elder["space"] == me["space"]:
        attackers.append("elder")
    if attackers:
        game.then("fight", attackers=attackers)
    else:
        draw_card(game, "discovery", investigate)


@steps
def investigate(game: DeathMayDieState, card: str) -> None:
    """A Discovery card: its effects, its choice if it has one, then its discard."""
    discovery = game.cards.discovery[card]
    game.log.append(f"{game.investigators[game.active]['name']} investigates: {discovery.name}")
    for effect_ in discovery.effects:
        game.then("effect", effect=effect_, seat=game.active)
    if discovery.choices:
        game.then("choose", card=card)
    game.then("discovery_discard", card=card)


@steps
def choose(game: DeathMayDieState, card: str) -> None:
    game.ask(game.active, "choose", _choose_options, "chosen", card=card)


def _choose_options(game: DeathMayDieState, card: str) -> list[Action]:
    return [("choose", i) for i in range(len(game.cards.discovery[card].choices))]


@steps
def chosen(game: DeathMayDieState, action: Action, card: str) -> None:
    choice = game.cards.discovery[card].choices[action[1]]
    game.log.append(f"{game.investigators[game.active]['name']} chooses: {choice.label}")
    for effect_ in choice.effects:
        game.then("effect", effect=effect_, seat=game.active)


@steps
def discovery_discard(game: DeathMayDieState, card: str) -> None:
    game.discovery.discard(card)


@steps
def fight(game: DeathMayDieState, attackers: list[str]) -> None:
    """The enemies still on the space attack one by one, in the order the active player picks."""
    me = game.investigators[game.active]
    attackers = [uid for uid in attackers if game._still_here(uid, me)]
    if not attackers or not me["alive"]:
        return
    if len(attackers) == 1:
        game.then("roll", **game.attack_roll(attackers[0], me))
    else:
        game.ask(game.active, "fight", _fight_options, "fought", attackers=attackers)


def _fight_options(game: DeathMayDieState, attackers: list[str]) -> list[Action]:
    return [("fight", uid) for uid in attackers]


@steps
def fought(game: DeathMayDieState, action: Action, attackers: list[str]) -> None:
    game.then("roll", **game.attack_roll(action[1], game.investigators[game.active]))
    rest = [uid for uid in attackers if uid != action[1]]
    if rest:
        game.then("fight", attackers=rest)


def rest_words(wounds: int, stress: int) -> str:
    """A rest, in words: what it heals, naming only what there is to heal. Resting is an action
    on a safe space whatever there is to heal (the rulebook's Rest: heal up to 3 in any mix of
    wounds and stress), so a rest that heals nothing is offered and says so."""
    healed = [count(wounds, "wound") if wounds else "", f"{stress} stress" if stress else ""]
    healed = [words for words in healed if words]
    return f"rest: heal {' and '.join(healed)}" if healed else "rest (nothing to heal)"


@steps
def fire(game: DeathMayDieState) -> None:
    """The fire on the active investigator's board: one black die a token, then the tokens go."""
    me = game.investigators[game.active]
    if me["alive"] and me["fire"]:
        tokens, me["fire"] = me["fire"], 0
        game.then("roll", **game.roll_args("fire", tokens, 0, game.active))


@steps
def mythos_check(game: DeathMayDieState) -> None:
    symbols = sum(1 for c in game.mythos.discards if game.cards.mythos[c].elder_symbol)
    if symbols >= ELDER_SYMBOLS_TO_ADVANCE:
        game.mythos.reshuffle(game.rng)
        game._advance_elder()


@steps
def summon_check(game: DeathMayDieState) -> None:
    elder = game.elder
    if not elder["summoned"] and (elder["entered_red"] or game.disrupted_this_turn):
        elder["summoned"] = True
        elder["progression"] = elder["position"]
        game.log.append("the Elder One is summoned")
        game._reveal_stage(2)


@steps
def elder_end(game: DeathMayDieState) -> None:
    for stage in game._revealed_stages():
        for effect_ in stage.end_of_turn:
            game.then("effect", effect=effect_, seat=game.active)


@steps
def next_turn(game: DeathMayDieState) -> None:
    """The next living investigator's turn (a new round after the last seat)."""
    if not game.living():
        game._end(ALL_DEAD)
        return
    seat = game.active
    for _ in range(game.num_players):
        seat = (seat + 1) % game.num_players
        if game.investigators[seat]["alive"]:
            break
    if seat <= game.active:
        game.turn += 1
    begin_turn(game, seat)


# -- rolls ---------------------------------------------------------------------------------------
@steps
def roll(game: DeathMayDieState, **roll_args) -> None:
    """A roll (:meth:`DeathMayDieState.roll_args`): its dice one by one, then the seat's rerolls."""
    game.roll = roll_args  # a dict of its own: the faces showing and the die rerolled join it
    roll_args["faces"], roll_args["reroll"] = [], None
    _roll_on(game)


def _roll_on(game: DeathMayDieState) -> None:
    """The roll's next die, or the seat's choice to reroll or accept (while stress allows a
    reroll), or else its result."""
    rolling = game.roll
    if game._roll_needs_die(rolling):
        game.chance = DIE
    elif game.investigators[rolling["seat"]]["stress"] < game.rules.max_stress:
        game.pose(REROLL_OR_ACCEPT[rolling["seat"]])
    else:
        game.roll = None
        game._resolve_roll(rolling)


def _roll_options(game: DeathMayDieState) -> list[Action]:
    rolling = game.roll
    rerolls = []
    if game.investigators[rolling["seat"]]["stress"] < game.rules.max_stress:
        dice = range(len(rolling["faces"]))
        if game.one_reroll_per_face:
            rerolls = [("reroll", i) for i in sorted({game.alike_die(rolling, i) for i in dice})]
        else:
            rerolls = [("reroll", i) for i in dice]
    return [("accept",), *rerolls]


# The die and the two questions put most often (an action, a reroll or acceptance) are built
# once: the questions are put with pose(), the die set as draw() would set a new one (a die is
# thrown hundreds of times a game).
DIE = Draw("die", "landed")
ACTIONS = tuple(Ask(seat, "actions", _action_options, "act") for seat in range(4))
#: What PASS does, in words, by the step its question resumes: the same action ends the actions,
#: stops a run and ends a trade.
PASS_WORDS = {"act": "end actions", "ran": "stop running", "traded": "done trading"}
REROLL_OR_ACCEPT = tuple(Ask(seat, "roll", _roll_options, "rerolled") for seat in range(4))


@steps
def landed(game: DeathMayDieState, face: str) -> None:
    rolling = game.roll
    colour = game._next_die_colour(rolling)
    if rolling["reroll"] is not None:
        rolling["faces"][rolling["reroll"]] = [colour, face]
        rolling["reroll"] = None
    else:
        rolling["faces"].append([colour, face])
    _roll_on(game)


@steps
def rerolled(game: DeathMayDieState, action: Action) -> None:
    rolling = game.roll
    if action == ("accept",):
        game.roll = None
        game._resolve_roll(rolling)
        return
    me = game.investigators[rolling["seat"]]
    me["stress"] += 1
    rolling["reroll"] = action[1]
    colour, face = rolling["faces"][action[1]]
    game.log.append(
        f"{me['name']} spends 1 stress ({me['stress']} of {game.rules.max_stress}) to "
        f"reroll the {colour} {face_label(face)}"
    )
    _roll_on(game)


# -- harm ----------------------------------------------------------------------------------------
@steps
def wound(game: DeathMayDieState, amount: int, seat: int) -> None:
    """Wounds taken one by one, each on the investigator or a companion of their choice."""
    me = game.investigators[seat]
    if not me["companions"]:
        game._wound_self(me, amount)
    else:
        game.ask(seat, "wound", _wound_options, "wounded", amount=amount, seat=seat)


def _wound_options(game: DeathMayDieState, amount: int, seat: int) -> list[Action]:
    companions = game.investigators[seat]["companions"]
    return [("wound", "self")] + [("wound", c[0]) for c in companions]


@steps
def wounded(game: DeathMayDieState, action: Action, amount: int, seat: int) -> None:
    if amount > 1:  # scheduled first: a death of this wound drops it
        game.then("wound", amount=amount - 1, seat=seat)
    game._take_one_wound(game.investigators[seat], action[1])


@steps
def elder_signs(game: DeathMayDieState, sign: str, amount: int, seat: int) -> None:
    """What an attacking enemy's elder signs do to the investigator it attacked."""
    ELDER_SIGNS[sign](game, game.investigators[seat], amount)


@steps
def tentacles(game: DeathMayDieState, amount: int, seat: int) -> None:
    """A roll's tentacles, lost after its successes and the effects tied to its result."""
    game.lose_sanity(game.investigators[seat], amount)


@steps
def level(game: DeathMayDieState, seat: int) -> None:
    if game._levelable(game.investigators[seat]):
        game.ask(seat, "level", _level_options, "levelled", seat=seat)


def _level_options(game: DeathMayDieState, seat: int) -> list[Action]:
    return [("level", k) for k in game._levelable(game.investigators[seat])]


@steps
def levelled(game: DeathMayDieState, action: Action, seat: int) -> None:
    me = game.investigators[seat]
    me["skills"][action[1]] += 1
    game.log.append(
        f"{me['name']} levels up {game.skill_name(action[1])} to {me['skills'][action[1]]}"
    )


# -- effects and enemies -------------------------------------------------------------------------
@steps
def effect(game: DeathMayDieState, effect: Effect, seat: int) -> None:
    """One effect of a card (:mod:`toolkit.death_may_die.effects`), for the investigator of
    `seat`; an effect scaled to other table sizes (its `players`) does nothing at this one."""
    if effect.players and len(game.investigators) not in effect.players:
        return
    EFFECTS[effect.do](game, effect, game.investigators[seat])


@steps
def summon(game: DeathMayDieState, gate: str, enemy: str) -> None:
    name, space = game.cards.enemies[enemy].name, game.board.gates[gate]
    if gate in game.wards:
        game.log.append(f"the {gate} gate is warded: no {name} comes through")
    elif game._place_enemy(enemy, space):
        game.log.append(f"a {name} is summoned at the {gate} gate ({game.space_name(space)})")
    else:
        game.log.append(f"no {name} is left in the box to summon at the {gate} gate")


@steps
def enemy_move(game: DeathMayDieState, uid: str, left: int, target: int) -> None:
    """An enemy (or the Elder One) moves one space toward the investigator of `target`, by a
    shortest path; where paths tie the active player chooses."""
    if uid != "elder" and uid not in game.enemies:
        return
    hunted = game.investigators[target]
    if not hunted["alive"]:
        return
    where = game.elder["space"] if uid == "elder" else game.enemies[uid]["space"]
    options = game.board.steps_toward(where, hunted["space"])
    if not options or left <= 0:
        return
    if len(options) == 1:
        game._move_enemy_one(uid, left, target, options[0])
    else:
        game.ask(game.active, "enemy_move_choice", _path_options, "enemy_path",
                 uid=uid, left=left, target=target, options=options)  # fmt: skip


def _path_options(game, uid: str, left: int, target: int, options: list) -> list[Action]:
    return [("path", s) for s in options]


@steps
def enemy_path(game, action: Action, uid: str, left: int, target: int, options: list) -> None:
    game._move_enemy_one(uid, left, target, action[1])


@steps
def again(game: DeathMayDieState, waiting: Ask | Draw, seat: int) -> None:
    """A question or draw put back behind steps run by hand (:meth:`DeathMayDieState.by_hand`)."""
    if isinstance(waiting, Ask):
        game.ask(seat, waiting.question, waiting.options, waiting.resume, why=waiting.why,
                 **waiting.args)  # fmt: skip
    else:
        game.draw(waiting.kind, waiting.resume, public=waiting.public, **waiting.args)
