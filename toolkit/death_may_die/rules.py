"""The Death May Die engine: one episode played from set-up to a win or a loss.

A turn is a queue of steps. Automatic steps (draw a Mythos card, summon, check the discard pile)
run at once; a step that needs a person (choose an action, a reroll, a path for a tied enemy move)
or chance (one die) waits at the front of the queue, and :meth:`current_player` says who it waits
for. Every die is its own chance node whose outcome (a face name) goes into the history, so a saved
game is just its seed, its options and its actions. The state's RNG only shuffles decks.

Rulebook decisions where the text is silent are listed in ``book/rules-notes/death_may_die.md``.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from fractions import Fraction
from functools import cache

from toolkit.death_may_die.board import load_board
from toolkit.death_may_die.cards import Effect, catalog, skill_value
from toolkit.death_may_die.dice import count, face_label, face_symbols, faces_text, load_dice
from toolkit.death_may_die.effects import EFFECTS, ELDER_SIGNS
from toolkit.death_may_die.odds import STANDARD_DICE
from toolkit.deck import Deck
from toolkit.state import CHANCE, TERMINAL, Action, ChanceOutcomes, GameState

DEFAULT_TEAM = ("sailor", "scholar", "priest", "boxer")
ACTIONS_PER_TURN = 3
DISCARD_STEPS = ("mythos_discard", "discovery_discard")  # a drawn card's way back to its pile
# The steps that begin a phase of the turn (the rest of the turn after the actions is "turn").
PHASES = ("actions", "turn", "mythos", "investigate_or_fight", "fire", "mythos_check",
          "summon_check", "elder_end")  # fmt: skip
MAP_EFFECTS = ("summon", "summon_elder")  # effects that need no investigator to carry them out
ELDER_SYMBOLS_TO_ADVANCE = 3  # Mythos discards with the elder symbol that reshuffle and advance


def _card_outcomes(cards: list[str]) -> ChanceOutcomes:
    """A card drawn from `cards` (copies alike), each card equally likely."""
    counts = Counter(cards)
    return ChanceOutcomes((card, Fraction(n, len(cards))) for card, n in sorted(counts.items()))


@cache
def _face_outcomes(colour: str) -> ChanceOutcomes:
    faces = load_dice()[colour].distinct_faces()
    return ChanceOutcomes((face, Fraction(n, 6)) for face, n in faces.items())


class DeathMayDieState(GameState):
    """A game of one episode (the learning one unless another is named) for 1 to 4 investigators
    (one per seat)."""

    game = "death-may-die"
    FLAT_LISTS = ("log",)
    #: True in a seat's view (:meth:`players_view`): a Mythos or Discovery card is then drawn at a
    #: chance node over the cards the deck may hold, not off the shuffled deck's hidden order.
    unseen_draws = False
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
        self._advance()

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
        self.outcome: str | None = None
        self.reason = ""
        self.log: list[str] = []
        self._begin_turn(0)

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

    def current_player(self) -> int:
        if self.outcome is not None:
            return TERMINAL
        step = self.pending[0]
        if step["kind"] == "roll" and self._roll_needs_die(step):
            return CHANCE
        if self.unseen_draws and self._deck_drawn(step) is not None:
            return CHANCE
        return step.get("seat", self.active)

    def chance_outcomes(self) -> ChanceOutcomes:
        step = self.pending[0]
        deck = self._deck_drawn(step) if self.unseen_draws and self.outcome is None else None
        if deck is not None:
            return _card_outcomes(deck.cards or deck.discards)
        if self.outcome is not None or step["kind"] != "roll" or not self._roll_needs_die(step):
            raise ValueError("not a chance node")
        return self._faces[self._next_die_colour(step)]

    def returns(self) -> list[float]:
        value = {"win": 1.0, "loss": -1.0}.get(self.outcome, 0.0)
        return [value] * self.num_players

    @property
    def winners(self) -> tuple[int, ...] | None:
        if self.outcome is None:
            return None
        return tuple(range(self.num_players)) if self.outcome == "win" else ()

    @property
    def ended_by(self) -> str | None:
        return None if self.outcome is None else self.reason

    def _compute_legal(self) -> list[Action]:
        if self.outcome is not None:
            return []
        step = self.pending[0]
        kind = step["kind"]
        me = self.investigators[step.get("seat", self.active)]
        if self.unseen_draws and self._deck_drawn(step) is not None:
            return [card for card, _ in self.chance_outcomes()]
        if kind == "roll":
            if self._roll_needs_die(step):
                return [face for face, _ in self._faces[self._next_die_colour(step)]]
            rerolls = []
            if me["stress"] < self.rules.max_stress:
                rerolls = [("reroll", i) for i in range(len(step["faces"]))]
                if self.one_reroll_per_face:
                    firsts = sorted({self.alike_die(step, i) for i in range(len(step["faces"]))})
                    rerolls = [("reroll", i) for i in firsts]
            return [("accept",), *rerolls]
        if kind == "actions":
            return self._action_choices(me)
        if kind == "run":
            return [("stop",)] + [("move", s) for s in self.board.neighbours(me["space"])]
        if kind == "trade":
            return [("done",)] + self._gifts(me)
        if kind == "enemy_move_choice":
            return [("path", s) for s in step["options"]]
        if kind == "choose":
            card = self.cards.discovery[step["card"]]
            return [("choose", i) for i in range(len(card.choices))]
        if kind == "fight":
            return [("fight", uid) for uid in step["attackers"]]
        if kind == "wound":
            return [("wound", "self")] + [("wound", c[0]) for c in me["companions"]]
        if kind == "level":
            return [("level", k) for k in self._levelable(me)]
        raise AssertionError(f"no decision at step {kind!r}")

    def why_illegal(self, action: Action) -> str:
        if self.outcome is not None:
            return f"the game is over ({self.outcome}: {self.reason})"
        step = self.pending[0]
        me = self.investigators[step.get("seat", self.active)]
        if isinstance(action, tuple) and action:
            verb = action[0]
            if verb == "rest" and self._enemies_at(me["space"]):
                return "you can rest only on a safe space (no enemies there)"
            if verb == "attack" and len(action) > 1 and action[1] == "elder":
                if not self.ritual_disrupted:
                    return "the Elder One cannot be attacked until the ritual is disrupted"
            if verb == "reroll" and me["stress"] >= self.rules.max_stress:
                return f"your stress is at its maximum ({self.rules.max_stress}): no more rerolls"
            if verb in ("run", "attack", "rest", "trade", "episode") and step["kind"] != "actions":
                return f"it is not the time for actions (waiting for: {self.describe_step()})"
        return super().why_illegal(action)

    # -- action choices ------------------------------------------------------------------------
    def _action_choices(self, me: dict) -> list[Action]:
        here = me["space"]
        enemies = self._enemies_at(here)
        choices: list[Action] = [("end_actions",), ("run",)]
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

    # -- applying ------------------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        step = self.pending[0]
        kind = step["kind"]
        me = self.investigators[step.get("seat", self.active)]
        if self.unseen_draws and self._deck_drawn(step) is not None:
            self._apply_unseen_draw(step, action)
        elif kind == "roll":
            self._apply_roll(step, me, action)
        elif kind == "actions":
            self._apply_action(me, action)
        elif kind == "run":
            if action == ("stop",):
                self.pending.pop(0)
            else:
                self._step_investigator(me, action[1])
                step["left"] -= 1
                if step["left"] == 0:
                    self.pending.pop(0)
        elif kind == "trade":
            if action == ("done",):
                self.pending.pop(0)
            else:
                self._give(*action[1:])
        elif kind == "enemy_move_choice":
            self.pending.pop(0)
            self._move_enemy_one(step, action[1])
        elif kind == "choose":
            self.pending.pop(0)
            choice = self.cards.discovery[step["card"]].choices[action[1]]
            self.log.append(f"{me['name']} chooses: {choice.label}")
            self._push_effects(choice.effects, step.get("seat", self.active))
        elif kind == "fight":
            step["attackers"].remove(action[1])
            if not step["attackers"]:
                self.pending.pop(0)
            self.push([self._attack_roll_step(action[1], me)])
        elif kind == "wound":
            self._take_one_wound(me, action[1], step)
        elif kind == "level":
            self.pending.pop(0)
            me["skills"][action[1]] += 1
            level = me["skills"][action[1]]
            self.log.append(f"{me['name']} levels up {self.skill_name(action[1])} to {level}")
        self._advance()

    def _apply_action(self, me: dict, action: Action) -> None:
        verb = action[0]
        if verb == "end_actions":
            self.pending.pop(0)
            return
        self.actions_left -= 1
        if self.actions_left == 0:
            self.pending.pop(0)
        if verb == "run":
            self.push([{"kind": "run", "left": self.rules.run_steps}])
        elif verb == "attack":
            self.push([self.investigator_roll(me, "attack", target=action[1])])
        elif verb == "rest":
            me["wounds"] -= action[1]
            me["stress"] -= action[2]
            self.log.append(
                f"{me['name']} rests: heals {count(action[1], 'wound')} and {action[2]} stress"
            )
        elif verb == "trade":
            self.push([{"kind": "trade"}])
        elif verb == "episode":
            ep_action = next(a for a in self.episode.actions if a.id == action[1])
            self.push(
                [
                    self.investigator_roll(
                        me,
                        "episode",
                        need=ep_action.need,
                        on_success=ep_action.on_success,
                        title=ep_action.name,
                    )
                ]
            )

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

    # -- the step machine ----------------------------------------------------------------------
    def push(self, steps: list[dict]) -> None:
        """Put `steps` at the front of the turn's queue, to run before what was already there (the
        engine and its effects grow a turn so; a player acts only through :meth:`apply`)."""
        self.pending[0:0] = steps

    def _advance(self) -> None:
        """Run automatic steps until one needs a decision or a die, or the game ends."""
        while self.outcome is None:
            if not self.pending:
                self._next_turn()
                continue
            step = self.pending[0]
            kind = step["kind"]
            handler = _AUTOMATIC.get(kind)
            if handler is None:
                if self._decision_ready(step):
                    return
                continue
            if self.unseen_draws and self._deck_drawn(step) is not None:
                return  # a chance node in a seat's view
            self.pending.pop(0)
            handler(self, step)

    def _decision_ready(self, step: dict) -> bool:
        """True if the step waits for someone; otherwise it resolves or drops itself."""
        kind = step["kind"]
        me = self.investigators[step.get("seat", self.active)]
        if kind == "roll":
            if self._roll_needs_die(step) or me["stress"] < self.rules.max_stress:
                return True
            self.pending.pop(0)
            self._resolve_roll(step, me)
            return False
        if kind == "actions" and (not me["alive"] or self.actions_left <= 0):
            self.pending.pop(0)
            return False
        if kind == "run" and not me["alive"]:
            self.pending.pop(0)
            return False
        if kind == "trade" and not self._gifts(me):
            self.pending.pop(0)
            return False
        if kind == "level" and not self._levelable(me):
            self.pending.pop(0)
            return False
        if kind == "wound" and not me["companions"]:
            self.pending.pop(0)
            self._wound_self(me, step["amount"])
            return False
        if kind == "fight":
            step["attackers"] = [u for u in step["attackers"] if self._still_here(u, me)]
            if not step["attackers"] or not me["alive"]:
                self.pending.pop(0)
                return False
            if len(step["attackers"]) == 1:
                self.pending.pop(0)
                self.push([self._attack_roll_step(step["attackers"][0], me)])
                return False
        return True

    def _still_here(self, uid: str, me: dict) -> bool:
        if uid == "elder":
            return self.elder["space"] == me["space"]
        return uid in self.enemies and self.enemies[uid]["space"] == me["space"]

    # -- turn structure ------------------------------------------------------------------------
    def _next_turn(self) -> None:
        if not self.living():
            self._end("loss", "every investigator is dead")
            return
        seat = self.active
        for _ in range(self.num_players):
            seat = (seat + 1) % self.num_players
            if self.investigators[seat]["alive"]:
                break
        if seat <= self.active:
            self.turn += 1
        self._begin_turn(seat)

    def _begin_turn(self, seat: int) -> None:
        self.active = seat
        self.actions_left = ACTIONS_PER_TURN
        self.disrupted_this_turn = False
        self.pending: list[dict] = [{"kind": "actions"}, {"kind": "turn"}]

    def _step_mythos(self, step: dict) -> None:
        self._reveal_mythos(self.mythos.draw(1, self.rng)[0])

    def _reveal_mythos(self, card_id: str) -> None:
        card = self.cards.mythos[card_id]
        self.log.append(f"Mythos: {card.name}")
        steps = self._effect_steps(card.effects, self.active)
        steps += [{"kind": "summon", "gate": s.gate, "enemy": s.enemy} for s in card.summons]
        steps.append({"kind": "mythos_discard", "card": card_id})
        self.push(steps)

    def _step_mythos_discard(self, step: dict) -> None:
        self.mythos.discard(step["card"])

    def _step_investigate_or_fight(self, step: dict) -> None:
        me = self.investigators[self.active]
        if not me["alive"]:
            return
        attackers = self._enemies_at(me["space"])
        if self.elder["space"] == me["space"]:
            attackers.append("elder")
        if attackers:
            self.push([{"kind": "fight", "attackers": attackers}])
            return
        self._investigate(self.discovery.draw(1, self.rng)[0])

    def _investigate(self, card_id: str) -> None:
        me = self.investigators[self.active]
        card = self.cards.discovery[card_id]
        self.log.append(f"{me['name']} investigates: {card.name}")
        steps = self._effect_steps(card.effects, self.active)
        if card.choices:
            steps.append({"kind": "choose", "card": card_id})
        steps.append({"kind": "discovery_discard", "card": card_id})
        self.push(steps)

    def clone(self) -> DeathMayDieState:
        """A copy to play on, made field by field: the exact walk copies a position at every
        choice and die, and the generic deep copy spent most of its time on tables and tuples
        that never change. Each mutable part of the table is copied; the rest is shared."""
        other = copy.copy(self)
        if not self.unseen_draws:  # a view's generator orders only decks it draws by chance
            other.rng = random.Random(0)
            other.rng.setstate(self.rng.getstate())
        other.config = dict(self.config, investigators=copy.copy(self.config["investigators"]))
        other.history = list(self.history)
        other.log = list(self.log)
        other.mythos = Deck(self.mythos.cards, self.mythos.discards)
        other.discovery = Deck(self.discovery.cards, self.discovery.discards)
        other.investigators = [_public(i) for i in self.investigators]
        other.enemies = {uid: dict(e) for uid, e in self.enemies.items()}
        other.fire = Counter(self.fire)
        other.tokens = {kind: list(spaces) for kind, spaces in self.tokens.items()}
        other.wards = set(self.wards)
        other.elder = dict(self.elder)
        other.pending = [
            {key: value.copy() if type(value) is list else value for key, value in s.items()}
            for s in self.pending
        ]
        return other

    # -- a seat's view: hidden cards drawn at chance nodes ---------------------------------------
    def players_view(self, seat: int) -> DeathMayDieState:
        """The game as `seat` knows it. Nothing is hidden but the order of the Mythos and
        Discovery decks (discards are face up, and every other card is on the table), so the view
        is a copy whose draws are chance nodes over each deck's cards, each card as likely as any
        other; the copy keeps neither the real order nor the seed that shuffled it."""
        view = self.clone()
        view.unseen_draws = view.one_reroll_per_face = True
        view.log = []  # the narration so far is the real game's; a walk copies a view at every step
        view.rng = random.Random("players_view")  # reshuffles no longer matter: draws are chance
        for deck in (view.mythos, view.discovery):
            deck.cards.sort()
        return view

    def determinise(self, rng: random.Random) -> DeathMayDieState:
        """On a view: a copy whose draws stay chance nodes, with the real game's choices (every
        die listed for a re-roll, not one of each alike pair as in the walk's view) and a
        generator from `rng` for the reshuffles."""
        game = super().determinise(rng)
        game.one_reroll_per_face = False
        game.forget_legal()
        return game

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

    def _deck_drawn(self, step: dict) -> Deck | None:
        """The deck the automatic `step` is about to draw from, if it draws."""
        kind = step["kind"]
        if kind == "mythos":
            return self.mythos
        if kind == "investigate_or_fight":
            me = self.investigators[self.active]
            if me["alive"] and not self._enemies_at(me["space"]) and not self._elder_here(me):
                return self.discovery
        return None

    def _elder_here(self, me: dict) -> bool:
        return self.elder["space"] == me["space"]

    def _apply_unseen_draw(self, step: dict, card_id: str) -> None:
        """A card drawn at a chance node of a seat's view: taken from the deck (an empty draw
        pile takes the discards back first, as a real draw does), then revealed."""
        deck = self._deck_drawn(step)
        self.pending.pop(0)
        if not deck.cards:
            deck.cards.extend(deck.discards)
            deck.discards.clear()
        deck.cards.remove(card_id)
        if step["kind"] == "mythos":
            self._reveal_mythos(card_id)
        else:
            self._investigate(card_id)

    def _step_discovery_discard(self, step: dict) -> None:
        self.discovery.discard(step["card"])

    def _step_fire(self, step: dict) -> None:
        me = self.investigators[self.active]
        if me["alive"] and me["fire"]:
            tokens, me["fire"] = me["fire"], 0
            self.push([self._roll_step("fire", tokens, 0, self.active)])

    def _step_mythos_check(self, step: dict) -> None:
        symbols = sum(1 for c in self.mythos.discards if self.cards.mythos[c].elder_symbol)
        if symbols >= ELDER_SYMBOLS_TO_ADVANCE:
            self.mythos.reshuffle(self.rng)
            self._advance_elder()

    def _advance_elder(self) -> None:
        elder = self.elder
        if elder["summoned"]:
            elder["progression"] += 1
            self.log.append(
                f"the progression token advances to {elder['progression']} of "
                f"{self.rules.summoning.spaces}"
            )
            if elder["progression"] >= self.rules.summoning.spaces:
                self._end("loss", "the progression token reached the last space")
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
        self.push(self._effect_steps(effects, self.active))

    def _step_summon_check(self, step: dict) -> None:
        elder = self.elder
        if not elder["summoned"] and (elder["entered_red"] or self.disrupted_this_turn):
            elder["summoned"] = True
            elder["progression"] = elder["position"]
            self.log.append("the Elder One is summoned")
            self._reveal_stage(2)

    def _reveal_stage(self, number: int) -> None:
        self.elder["stage"] = number
        self.elder["wounds"] = 0
        stage = self.elder_card.stages[number - 1]
        self.push(self._effect_steps(stage.reveal, self.active))

    def _revealed_stages(self):
        return self.elder_card.stages[: self.elder["stage"]]

    def _step_elder_end(self, step: dict) -> None:
        effects: list[Effect] = []
        for stage in self._revealed_stages():
            effects += stage.end_of_turn
        self.push(self._effect_steps(effects, self.active))

    def _step_turn(self, step: dict) -> None:
        """The turn after the actions: Mythos, investigate or fight, fire, then the Elder One."""
        self.push(
            [
                {"kind": "mythos"}, {"kind": "investigate_or_fight"}, {"kind": "fire"},
                {"kind": "mythos_check"}, {"kind": "summon_check"}, {"kind": "elder_end"},
            ]
        )  # fmt: skip

    # -- effects -------------------------------------------------------------------------------
    def _effect_steps(self, effects, seat: int) -> list[dict]:
        """One step an effect, leaving out those scaled to other table sizes than this one."""
        size = len(self.investigators)
        return [
            {"kind": "effect", "effect": e, "seat": seat}
            for e in effects
            if not e.players or size in e.players
        ]

    def _push_effects(self, effects, seat: int) -> None:
        self.push(self._effect_steps(effects, seat))

    def _step_effect(self, step: dict) -> None:
        effect: Effect = step["effect"]
        EFFECTS[effect.do](self, effect, self.investigators[step["seat"]])

    def _step_elder_signs(self, step: dict) -> None:
        """What an attacking enemy's elder signs do to the investigator it attacked."""
        ELDER_SIGNS[step["sign"]](self, self.investigators[step["seat"]], step["amount"])

    def _step_tentacles(self, step: dict) -> None:
        """A roll's tentacles, lost after its successes and the effects tied to its result."""
        self.lose_sanity(self.investigators[step["seat"]], step["amount"])

    def _step_summon(self, step: dict) -> None:
        gate, name = step["gate"], self.cards.enemies[step["enemy"]].name
        space = self.board.gates[gate]
        if gate in self.wards:
            self.log.append(f"the {gate} gate is warded: no {name} comes through")
        elif self._place_enemy(step["enemy"], space):
            self.log.append(f"a {name} is summoned at the {gate} gate ({self.space_name(space)})")
        else:
            self.log.append(f"no {name} is left in the box to summon at the {gate} gate")

    # -- enemies moving ------------------------------------------------------------------------
    def _step_enemy_move(self, step: dict) -> None:
        uid = step["uid"]
        if uid != "elder" and uid not in self.enemies:
            return
        target = self.investigators[step["target"]]
        if not target["alive"]:
            return
        where = self.elder["space"] if uid == "elder" else self.enemies[uid]["space"]
        options = self.board.steps_toward(where, target["space"])
        if not options or step["left"] <= 0:
            return
        if len(options) == 1:
            self._move_enemy_one(step, options[0])
        else:
            self.push([{**step, "kind": "enemy_move_choice", "options": options}])

    def _move_enemy_one(self, step: dict, space: str) -> None:
        if step["uid"] == "elder":
            self.elder["space"] = space
        else:
            self.enemies[step["uid"]]["space"] = space
        self.log.append(f"{self.enemy_name(step['uid'])} moves to {self.space_name(space)}")
        if step["left"] > 1:
            self.push(
                [
                    {
                        "kind": "enemy_move",
                        "uid": step["uid"],
                        "left": step["left"] - 1,
                        "target": step["target"],
                    }
                ]
            )

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

    # -- rolls ---------------------------------------------------------------------------------
    def _roll_step(self, purpose: str, black: int, green: int, seat: int, **context) -> dict:
        return {
            "kind": "roll",
            "purpose": purpose,
            "black": black,
            "green": max(green, 0),
            "faces": [],
            "reroll": None,
            "seat": seat,
            **context,
        }

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
        """The roll step of `me` making an attack or a test, with the dice :meth:`dice_for` gives."""
        black, green = self.dice_for(me, purpose)
        return self._roll_step(purpose, black, green, me["seat"], **context)

    def _attack_roll_step(self, uid: str, me: dict) -> dict:
        if uid == "elder":
            black = sum(s.black for s in self._revealed_stages())
            green = sum(s.green for s in self._revealed_stages())
            return self._roll_step("enemy", black, green, me["seat"], attacker="elder")
        enemy = self.cards.enemies[self.enemies[uid]["type"]]
        return self._roll_step("enemy", enemy.black, enemy.green, me["seat"], attacker=uid)

    def _roll_needs_die(self, step: dict) -> bool:
        return step["reroll"] is not None or len(step["faces"]) < step["black"] + step["green"]

    def _next_die_colour(self, step: dict) -> str:
        if step["reroll"] is not None:
            return step["faces"][step["reroll"]][0]
        return "black" if len(step["faces"]) < step["black"] else "green"

    def _apply_roll(self, step: dict, me: dict, action: Action) -> None:
        if self._roll_needs_die(step):
            colour = self._next_die_colour(step)
            if step["reroll"] is not None:
                step["faces"][step["reroll"]] = [colour, action]
                step["reroll"] = None
            else:
                step["faces"].append([colour, action])
        elif action == ("accept",):
            self.pending.pop(0)
            self._resolve_roll(step, me)
        else:
            me["stress"] += 1
            step["reroll"] = action[1]
            colour, face = step["faces"][action[1]]
            self.log.append(
                f"{me['name']} spends 1 stress ({me['stress']} of {self.rules.max_stress}) to "
                f"reroll the {colour} {face_label(face)}"
            )

    def _resolve_roll(self, step: dict, me: dict) -> None:
        totals = [0, 0, 0]
        for _, face in step["faces"]:
            for i, n in enumerate(face_symbols(face)):
                totals[i] += n
        successes, tentacles, elders = totals
        purpose = step["purpose"]
        self.rolls_resolved += 1
        # Dodge cancels successes of an attack on you; Will ignores tentacles of your own rolls.
        cancelled = min(successes, self._skill(me, "guard")) if purpose == "enemy" else 0
        against_me = purpose in ("enemy", "fire")
        ignored = 0 if against_me else min(tentacles, self._skill(me, "resolve"))
        self._log_roll(step, totals, cancelled, ignored)
        successes, tentacles = successes - cancelled, tentacles - ignored
        # The rulebook's order (Dice and Checks, "Applying Results"): the successes first, then
        # the effects tied to the result, then the tentacles. Each is a step, so a wound placed on
        # a companion (a choice) still comes before the sanity lost and what a red space brings.
        seat, steps = me["seat"], []
        if purpose == "attack":
            self._wound_target(step["target"], successes)
        elif purpose in ("episode", "test"):
            won = successes >= step["need"]
            self.tests_passed += won
            steps += self._effect_steps(
                step["on_success"] if won else step.get("on_failure", ()), seat
            )
        elif against_me:
            if successes:
                steps.append({"kind": "wound", "amount": successes, "seat": seat})
            sign = self.elder_sign_kind(step)
            if elders and sign is not None:
                steps.append({"kind": "elder_signs", "sign": sign, "amount": elders, "seat": seat})
        if tentacles:
            steps.append({"kind": "tentacles", "amount": tentacles, "seat": seat})
        self.push(steps)

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
                    self._end("win", "the Elder One's final stage is defeated")
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
    def _take_one_wound(self, me: dict, where: str, step: dict) -> None:
        step["amount"] -= 1
        if step["amount"] == 0:
            self.pending.pop(0)
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
        """Move the sanity marker: the last space is madness; a red space reached queues the
        investigator's insanity card and a skill level."""
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
            self.push(
                self._effect_steps(insanity.effects, me["seat"])
                + [{"kind": "level", "seat": me["seat"]}]
            )

    def _die(self, me: dict, cause: str) -> None:
        if not me["alive"]:
            return
        me["alive"] = False
        me.update(items=[], companions=[], conditions=[], fire=0)
        self.log.append(f"{me['name']} dies ({cause})")
        if not self.elder["summoned"]:
            self._end("loss", f"{me['name']} died before the Elder One was summoned")
            return
        if not any(i["alive"] for i in self.investigators):
            self._end("loss", "every investigator is dead")
            return
        seat = me["seat"]
        if seat != self.active:
            self.pending = [s for s in self.pending if not self._theirs(s, seat)]
            return
        # The rest of the card or roll being resolved goes on (a Mythos card's summons), less
        # what was the dead investigator's own; the turn's following phases are skipped, all
        # but the Mythos discard check (if it is still to come).
        first = next(
            (i for i, s in enumerate(self.pending) if s["kind"] in PHASES), len(self.pending)
        )
        current = [s for s in self.pending[:first] if not self._theirs(s, seat)]
        later = {s["kind"] for s in self.pending[first:]}
        check = [{"kind": "mythos_check"}] if later & {"turn", "mythos_check"} else []
        self.pending = current + check

    def _theirs(self, step: dict, seat: int) -> bool:
        """Whether the queued `step` is the investigator of `seat`'s own, to go with them when
        they die: a choice or roll of theirs, or an effect on them or where they stand. A card's
        discard, its summons and an effect on everyone or on the map alone stay."""
        if step.get("seat", self.active) != seat or step["kind"] in (*DISCARD_STEPS, "summon"):
            return False
        if step["kind"] == "effect":
            effect = step["effect"]
            return effect.who != "all" and effect.do not in MAP_EFFECTS
        return True

    def _end(self, outcome: str, reason: str) -> None:
        if self.outcome is None or (outcome == "win" and self.outcome != "win"):
            self.outcome, self.reason = outcome, reason
            self.log.append(f"game {outcome}: {reason}")

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
            return f"game over: {self.outcome} ({self.reason})"
        step = self.pending[0]
        name = self.investigators[step.get("seat", self.active)]["name"]
        kind = step["kind"]
        if kind == "roll":
            if step["reroll"] is not None:
                return f"{self.roll_title(step)}: rerolling die {step['reroll'] + 1}"
            if self._roll_needs_die(step):
                dice = step["black"] + step["green"]
                return f"{self.roll_title(step)}: die {len(step['faces']) + 1} of {dice} to roll"
            title = self.roll_title(step)
            return f"{title}: {name}, reroll a die for 1 stress, or accept the roll"
        if kind == "enemy_move_choice":
            return f"{name}: choose the path of {self.enemy_name(step['uid'])}"
        if kind == "choose":
            return f"{name}: choose on the Discovery card {self.cards.discovery[step['card']].name}"
        return {
            "actions": f"{name}: choose an action ({self.actions_left} left)",
            "run": f"{name}: run ({step.get('left')} steps left)",
            "trade": f"{name}: trade",
            "fight": f"{name}: choose which enemy attacks first",
            "wound": f"{name}: take a wound yourself or on a companion",
            "level": f"{name}: level up a skill",
        }.get(kind, kind)

    def observation(self, player: int) -> dict:
        step = self.pending[0] if self.pending and self.outcome is None else {}
        roll = None
        if step.get("kind") == "roll":
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
            "step": step.get("kind", "over"),
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
            "outcome": self.outcome,
        }

    def card_locations(self) -> Counter:
        """The Mythos, Discovery and Insanity cards wherever they are: the two decks and their
        discards, a card being resolved (its discard step still to come) and each investigator's
        Insanity card (the rest of that deck goes back in the box at set-up). Items and companions
        are not dealt from a deck: one is claimed while a copy is left, which the rules tests pin."""
        decks = (self.mythos, self.discovery)
        where = Counter(card for deck in decks for card in deck.cards + deck.discards)
        where.update(step["card"] for step in self.pending if step["kind"] in DISCARD_STEPS)
        where.update(investigator["insanity"] for investigator in self.investigators)
        return where

    def summary(self) -> dict:
        return {
            "outcome": self.outcome or "unfinished",
            "reason": self.reason,
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
        step = self.pending[0] if self.pending else {}
        if verb == "attack":
            return f"attack {self.enemy_name(action[1])}"
        if verb == "rest":
            return f"rest: heal {count(action[1], 'wound')} and {action[2]} stress"
        if verb == "episode":
            return next(a.name for a in self.episode.actions if a.id == action[1])
        if verb == "reroll":
            colour, face = step["faces"][action[1]]
            return f"reroll die {action[1] + 1} ({colour} {face_label(face)}) for 1 stress"
        if verb == "give":
            giver, receiver = (self.investigators[seat]["name"] for seat in action[3:])
            return f"{giver} gives {self.card_name(action[1], action[2])} to {receiver}"
        if verb == "move":
            return f"move to {self.space_name(action[1])}"
        if verb == "path":
            mover = self.enemy_name(step["uid"]) if "uid" in step else "it"
            return f"{mover} moves to {self.space_name(action[1])}"
        if verb == "choose" and step.get("kind") == "choose":
            return self.cards.discovery[step["card"]].choices[action[1]].label
        if verb == "fight":
            return f"{self.enemy_name(action[1])} attacks first"
        if verb == "wound":
            if action[1] == "self":
                return "take the wound yourself"
            return f"{self.card_name('companion', action[1])} takes the wound"
        if verb == "level":
            return f"level up {self.skill_name(action[1])}"
        words = {
            "end_actions": "end actions",
            "run": "run",
            "stop": "stop running",
            "accept": "accept the roll",
            "trade": "trade",
            "done": "done trading",
        }
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


_AUTOMATIC = {
    "turn": DeathMayDieState._step_turn,
    "mythos": DeathMayDieState._step_mythos,
    "mythos_discard": DeathMayDieState._step_mythos_discard,
    "investigate_or_fight": DeathMayDieState._step_investigate_or_fight,
    "discovery_discard": DeathMayDieState._step_discovery_discard,
    "fire": DeathMayDieState._step_fire,
    "mythos_check": DeathMayDieState._step_mythos_check,
    "summon_check": DeathMayDieState._step_summon_check,
    "elder_end": DeathMayDieState._step_elder_end,
    "effect": DeathMayDieState._step_effect,
    "elder_signs": DeathMayDieState._step_elder_signs,
    "tentacles": DeathMayDieState._step_tentacles,
    "summon": DeathMayDieState._step_summon,
    "enemy_move": DeathMayDieState._step_enemy_move,
}
