"""Exact odds from the cards a player cannot see.

A check is the top card of a deck whose order nobody knows, so from a player's seat the next check
is any card they have not seen, each equally likely, and a run of checks is a draw without
replacement from those cards. Every number here is an exact Fraction (or a :class:`Dist` with
integer weights).

- :func:`p_hit`: one weapon check reaching an armor value, with bonuses and focus;
- :func:`p_skill`: a skill check;
- :func:`p_block`: the next enemy check can be blocked from a given hand;
- :func:`monster_turn`: the exact damage a monster turn deals to each hero, checks in sequence
  without replacement, suit targeting and redirection, and the blocks that minimise the expected
  damage, by :class:`MonsterTurn`, a dedicated solver that mirrors the engine's monster turn;
- :func:`attack_odds` and :func:`expected_attack_damage`: the odds of each attack open to a hero
  now.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from functools import cache
from math import lcm
from typing import NamedTuple

from toolkit.analysis import WAIT_FOR_THEM, ActionOdds, DecisionOdds
from toolkit.deck import unseen
from toolkit.dist import Dist
from toolkit.to_the_death.cards import SUITS, catalog, suit_of, value_of
from toolkit.to_the_death.options import MEASURES, option_outcomes
from toolkit.to_the_death.registry import BURSTS, HOOKS, Burst
from toolkit.to_the_death.rules import MONSTERS, first_reached
from toolkit.to_the_death.words import decision_words


def unseen_cards(seen: Iterable[str]) -> Counter:
    """The cards not seen, or a ValueError naming a card seen twice or not in the arsenal."""
    seen = list(seen)
    repeated = [card for card, n in Counter(seen).items() if n > 1]
    if repeated:
        raise ValueError(
            f"card {repeated[0]!r} is listed as seen more than once; the arsenal "
            "holds one of each suit and value"
        )
    return unseen(list(catalog().arsenal), seen)


def check_values(seen: Iterable[str] = ()) -> Dist:
    """The value of the next check, from the cards not seen."""
    seen = list(seen)
    if len(seen) >= len(catalog().arsenal):
        raise ValueError("every arsenal card is seen: no card is left for a check")
    return Dist(Counter(value_of(card) for card in unseen_cards(seen).elements()))


@cache
def arsenal_values() -> tuple[dict[str, int], list[int]]:
    """Each arsenal card's value, and every value in ascending order (made once, with the
    catalog)."""
    values = {card: value_of(card) for card in catalog().arsenal}
    return values, sorted(values.values())


def check_at_least(needed: int, seen: Iterable[str] = ()) -> Fraction:
    """P(the next check's value >= `needed`): the cards at or above it that are not seen, over the
    cards not seen. Equal to ``check_values(seen).at_least(needed)`` (the tests compare them), and
    counted straight from the arsenal's values rather than building the distribution for one
    tail; an impossible `seen` list goes to :func:`check_values` for its error."""
    seen = tuple(seen)
    values, ascending = arsenal_values()
    if (
        len(set(seen)) != len(seen)
        or len(seen) >= len(values)
        or not all(card in values for card in seen)
    ):
        return check_values(seen).at_least(needed)  # raises, naming the card
    above = len(ascending) - bisect_left(ascending, needed)
    above -= sum(1 for card in seen if values[card] >= needed)
    return Fraction(above, len(values) - len(seen))


def p_hit(
    weapon: int, armor: int, bonus: int = 0, seen: Iterable[str] = (), focus: int = 0
) -> Fraction:
    """P(weapon + check + bonus + focus >= armor): the consistent reading of the hit rule."""
    return check_at_least(armor - weapon - bonus - focus, seen)


def p_skill(
    skill: int, target: int, bonus: int = 0, seen: Iterable[str] = (), focus: int = 0
) -> Fraction:
    """P(skill + check + bonus + focus >= target)."""
    return check_at_least(target - skill - bonus - focus, seen)


def p_block(hand: Iterable[str], seen: Iterable[str] = ()) -> Fraction:
    """P(the next check's value matches a card in `hand`), the hand counted among the seen cards."""
    hand = list(hand)
    values = {value_of(card) for card in hand}
    return check_values([*seen, *hand]).probability(lambda v: v in values)


# -- from a game state --------------------------------------------------------------------------
def seen_by(state, seat: int = 0) -> list[str]:
    """Every arsenal card `seat` can see: hand, discard pile, attached cards, known deck top.

    With an empty deck the discard pile is about to become the deck, so it is not counted."""
    deck_empty = not state.deck and not state.deck_top
    seen = list(state.hands[seat]) + ([] if deck_empty else list(state.discard))
    seen += list(state.deck_top)
    for unit in state.units.values():
        seen += unit["attached"]
    return seen


def attack_odds(state, uid: str, kind: str, seat: int | None = None) -> list[dict]:
    """For each weapon of a hero's attack and each enemy it can reach: P(hit) and expected damage,
    from the cards the hero's player cannot see (focus already bought counts for the first check).
    A weapon aimed at a hero that Bodyguard or Taunt protects is measured against the hero that
    takes the attack instead (`attacked`)."""
    hero = state.units[uid]
    seat = hero["side"] if seat is None else seat
    values = check_values(seen_by(state, seat))
    rows = []
    for index, (weapon_kind, value) in enumerate(state.weapons(hero, kind)):
        for aimed in state.reachable(hero, kind):
            foe = state.redirected(hero, weapon_kind, aimed)  # Bodyguard, Taunt in the duel
            bonus = state.weapon_bonus(hero, weapon_kind, foe) + (
                state.focus[seat] if index == 0 else 0
            )
            needed = state.armor(foe) - value - bonus
            p = values.at_least(needed)
            rows.append(
                {
                    "weapon": index,
                    "value": value,
                    "bonus": bonus,
                    "target": aimed["uid"],
                    "target_name": aimed["name"],
                    "attacked": foe["uid"],
                    "armor": state.armor(foe),
                    "needs": needed,
                    "p_hit": p,
                }
            )
    return rows


def expected_attack_damage(state, uid: str, kind: str) -> Fraction:
    """Expected damage of an attack with each weapon aimed at the enemy it hits most often.

    Each check is a card drawn from the unseen ones; by symmetry every check, first or later, has
    the same chance of any value, so the expectation is the sum of the single-check chances.
    """
    best: dict[int, Fraction] = {}
    for row in attack_odds(state, uid, kind):
        best[row["weapon"]] = max(best.get(row["weapon"], Fraction(0)), row["p_hit"])
    return sum(best.values(), Fraction(0))


# -- a monster turn ------------------------------------------------------------------------------
# Abilities that act in the middle of a monster turn, after a weapon damages a hero or a monster
# attacks. Those that change a later check of the same turn are modelled; those that cannot change
# any check of the turn are ignored; any other one makes monster_turn refuse (a wrong number is
# worse than none).
TAKES_A_CARD = {
    "gladiator/trophy": "attach",  # a hand card becomes a trophy: +1 to its weapons, and blocks
    "ratman/pilfer": "discard",  # a hand card of the player's choice is discarded
}
CHANGES_NO_CHECK = {
    "zombie/zombify",  # a zombie hero is activated differently next turn
    "mummy/curse",  # the hero skips its next activation
    "basilisk/petrifying-gaze",  # the hero skips its next activation
    "sekzar/feast",  # Sekzar heals
    "gryphon/grasping-talons",  # discard or skip: skipping keeps the hand, never worse this turn
}
MID_TURN_HOOKS = ("weapon_damaged", "enemy_attacked")
# Abilities that a block sets off (Dispel after a block paid with a 0: damage to a hero of the
# player's choice in the middle of the turn); modelled by none, so refused where blocks are made.
BLOCK_HOOKS = ("player_ability_activated",)
# Abilities at the start of an enemy turn (new enemies, a discard, a weapon bonus) that only act on
# a monster card's first enemy turn; the others act at the start of every one.
FIRST_TURN_ONLY = {"goblins/horde", "lizardmen/ambush", "unmaker-numenax/unmake"}


def monster_turn(state, seat: int = 0, block: bool = True, order=None) -> dict:
    """The exact distribution of damage the coming monster turn's weapons deal, hero by hero.

    Every monster attacks with each weapon in order, the monsters in `order` (their uids; see
    :func:`attack_order` for the default, the order they came into play); each check is drawn
    without replacement from the cards the player cannot see (when the deck runs out, the known
    discard pile becomes the deck); the checked suit picks the hero, a melee weapon passes over far or defeated heroes to the
    next class, and redirection (Bodyguard, Taunt) applies. A hero's armor follows its health box
    as it takes damage (the champion's box at 5 raises it). With ``block=True`` the player blocks
    exactly when that lowers the expected total damage still to come.

    Abilities that fire mid-turn are played out: the gladiator's **Trophy** takes a card from the
    hand (the one that leaves the lowest expected damage) and gives its later weapons +1 per trophy
    (and 1 more damage from three trophies); the ratman's **Pilfer** discards a hand card the same
    way. Abilities that cannot change a later check (Zombify, Curse, Feast, Grasping Talons, where
    the hero skips instead of discarding) are ignored. A monster with any other mid-turn ability
    (the zombie's Brains attacks again) is refused with a ValueError, and so is a question asked
    before the enemy turn has begun when an ability at its start would change it (Sekzar's Swarm
    brings a new grave beetle, the goblins' Horde four goblins): ask at the turn's first check.

    **Bursts.** A hit that lands a hero on a burst box of its damage card fires the burst (after
    Trophy or Pilfer has taken its card), and the rest of the turn is played from there: a
    **draw** puts one of the unseen cards in the hand, where it can block a later hit; a **heal**
    of another hero (the mender's boxes) goes to the hero that leaves the lowest expected damage
    still to come, changes its armor box and may land it on a burst of its own; a **move** (the
    fighter's box at 3) moves the hero, or none, that leaves the lowest expected damage, which
    changes where later melee checks go. A burst **attack** (a hero's weapons checking cards and
    perhaps defeating monsters mid-turn) is not played out: when one can fire before the turn's
    last check and the hero has an enemy in reach, monster_turn refuses with a ValueError. A burst
    after the last check changes nothing that is counted. The figures are the damage the weapons
    deal; healing does not subtract from them. Ties between choices go to the first in the
    engine's order of options (taking a hit before blocking it).

    Returns ``{"heroes": [uid...], "joint": Dist of damage tuples, "per_hero": {uid: Dist},
    "total": Dist, "expected": Fraction}``.
    """
    return MonsterTurn(state, seat, block, order).result()


def attack_order(state, order=None) -> list[dict]:
    """The monsters still to attack this turn, in the order they will: `order`, a list of their
    uids (the player picks the order at the table), or by default the order they came into play.
    At the attack-order prompt those still to attack are the ones it offers (a monster that has
    attacked is not counted again); at a monster's check, that monster comes first. A ValueError
    if `order` does not name each of them once."""
    prompt = state.prompt
    if prompt is not None and prompt.question == "attack order":
        units = [state.units[uid] for uid in prompt.args["left"]]
        units = [unit for unit in units if not unit["defeated"]]
    else:
        units = state.monster_units()  # the order they came
        chance = state.chance
        if chance is not None and chance.resume == "enemy_check":
            first = [u for u in units if u["uid"] == chance.args["uid"]]
            units = first + [u for u in units if u not in first]
    if order is None:
        return units
    by_uid = {u["uid"]: u for u in units}
    if sorted(order) != sorted(by_uid):
        raise ValueError(
            f"order must name each monster still to attack once: {', '.join(by_uid)}, "
            f"not {', '.join(map(str, order)) or 'none'}"
        )
    return [by_uid[uid] for uid in order]


class MonsterWeapon(NamedTuple):
    """One monster weapon of the turn, in the order it attacks: its `total` (value and bonuses)
    and `damage` before the target is known, whether a block can stop it, what its hits `take`
    from the hand ("attach" for Trophy, "discard" for Pilfer, or None), and whether it is a
    `trophy` weapon (+1 for each trophy the turn adds)."""

    unit: dict
    kind: str
    total: int
    damage: int
    blockable: bool
    take: str | None
    trophy: bool


class Rest(NamedTuple):
    """What the rest of the monster turn depends on, besides the next weapon: the unseen cards
    by class (`pool`), the hand's classes, each hero's health (`hp`) and whether it is near
    (`areas`), the cards left in the deck, the discard pile by class (None where it cannot
    become the deck this turn), and the trophies the turn has added (`gained`)."""

    pool: tuple[int, ...]
    hand: tuple[int, ...]
    hp: tuple[int, ...]
    areas: tuple[bool, ...]
    left: int
    discards: tuple[int, ...] | None
    gained: int


class BoxBurst(NamedTuple):
    """A burst box of a hero's damage card: its id (``"<card>/<key>"``) and what it does, as its
    effect declares (``Burst("unknown")`` where it declares nothing)."""

    box: str
    burst: Burst


class MonsterTurn:
    """The dedicated solver of :func:`monster_turn`, mirroring the engine's monster turn.

    It plays out the rules the engine's monster turn applies (weapon totals and damage as the
    engine computes them, the suit that picks the hero, redirection, blocks, Trophy and Pilfer,
    the heroes' armor boxes and the bursts their effects declare) over classes of cards that act
    alike. It is kept beside the engine for the 100 ms budget of a question: the engine's own
    walk of a whole turn copies the game at every position and keeps every card apart, and is
    far beyond it. Its differential tests hold it to the engine over every order of the cards
    (``engine_monster_turn``, ``engine_best_turn`` in the tests) and to a brute force.

    ``__init__`` lays the turn out: the monster weapons in order (:class:`MonsterWeapon`), what
    each hero's boxes do, and the unseen cards merged into classes. The walk then goes check by
    check over a :class:`Rest`, remembering each one it solves: :meth:`solve` (the memo) and
    :meth:`_solve` (one check), :meth:`after_damage` and :meth:`land` (a hit, a card taken from
    the hand and the burst the hero lands on), :meth:`draw` (a burst's draw), and the last check
    in closed form (:meth:`last_check`, :meth:`last_table`, :meth:`draw_then_last`). A solved rest
    of the turn is a triple: the weights of its damage tuples (counts of equally likely card
    sequences), their sum, and the sum of weight x damage.
    """

    def __init__(self, state, seat: int = 0, block: bool = True, order=None):
        self.state, self.seat, self.block = state, seat, block
        self.heroes = sorted(self.state.heroes(seat), key=lambda h: SUITS.index(h["cls"]))
        units = attack_order(self.state, order)
        _check_turn_start(self.state)
        takes = _mid_turn_abilities(self.state, units, block)
        trophy_units = [u["uid"] for u in units if takes.get(u["uid"]) == "attach"]
        self.trophies_now = (
            len(self.state.units[trophy_units[0]]["attached"]) if trophy_units else 0
        )
        self.weapons: list[MonsterWeapon] = []
        for unit in units:
            for kind, value in self.state.weapons(unit):
                take = takes.get(unit["uid"])
                self.weapons.append(
                    MonsterWeapon(
                        unit=unit,
                        kind=kind,
                        total=value + self.state.weapon_bonus(unit, kind, None),
                        damage=1 + self.state.total("damage_bonus", unit, kind, None, 0, 0),
                        blockable=not self.state.any("unblockable", unit),
                        take=None if take == "attach" and kind != "melee" else take,
                        trophy=unit["uid"] in trophy_units,
                    )
                )
        self.last = len(self.weapons)
        self.extra = _damage_by_target(self.state, self.weapons, self.heroes)
        gains = sum(1 for w in self.weapons if w.take == "attach")  # trophies the turn can add
        most_extra = max(
            (d for table in self.extra for by in table for d in by.values()), default=0
        )
        most_damage = (
            max((w.damage for w in self.weapons), default=1) + (1 if gains else 0) + most_extra
        )
        # what each hero's boxes do: armor_at[k][h], and the burst that fires on landing at h
        self.bursts = [_bursts_by_health(h) for h in self.heroes]
        self.healths = tuple(h["health"] for h in self.heroes)
        self.tops = tuple(h["max"] for h in self.heroes)
        self.areas0 = tuple(h["area"] == "near" for h in self.heroes)
        self.targets = _targeting(self.state, self.heroes, self.weapons)
        masks, layouts = self._bursts_in_reach(most_damage)
        self.armor_at = [
            _armor_by_health(self.state, h, upto=h["max"] if self.heals else None)
            for h in self.heroes
        ]
        # the heroes in the order the engine offers them as options
        self.engine_order = [self.heroes.index(h) for h in self.state.heroes(seat)]
        seen = seen_by(self.state, seat)
        pool_cards = sorted(unseen_cards(seen).elements())
        self.hand_values = {value_of(c) for c in self.state.hands[seat]}
        self.deck_left = len(self.state.deck) + len(self.state.deck_top)
        self._merge_cards(pool_cards, masks, layouts, gains)
        # who each weapon attacks, by class of card, by which heroes still stand and where they are
        self.aims: dict = {}
        # damage still possible from weapon i on: above that, a hero's health changes nothing, unless
        # its boxes on the way down differ
        self.still = [most_damage * (self.last - i) for i in range(self.last + 1)]
        # Two healths of a hero play alike from weapon i on when neither can fall to 0 and the boxes
        # met on the way down (armor and bursts) are the same: the memo merges them. With a heal in
        # reach, healths can climb, and none are merged.
        self.canon = [[{} for _ in range(self.last + 1)] for _ in self.heroes]
        self.memo: dict = {}
        self.nothing = ({tuple(0 for _ in self.heroes): 1}, 1, 0)
        self.zero = tuple(0 for _ in self.heroes)
        # one_hit[k][d]: the outcome "d damage to hero k, none to the others"
        self.one_hit = [
            [self.zero[:k] + (d,) + self.zero[k + 1 :] for d in range(most_damage + 1)]
            for k in range(len(self.heroes))
        ]
        self.last_tables: dict = {}
        self.blocks_last = self.block and self.weapons[-1].blockable if self.weapons else False
        self.last_memo: dict = {}
        # at the last check a health only matters up to the most one hit deals, and by its armor
        self.last_health = [
            {h: h if h <= most_damage else (-1, table[h]) for h in table} for table in self.armor_at
        ]

    def _bursts_in_reach(self, most_damage: int) -> tuple[list, list]:
        """Find which kinds of burst can fire before the last check (`heals`, `draws`; a burst
        after it changes nothing counted). Returns every pattern of heroes standing and the
        layouts of near heroes the turn can see (every one, if a burst can move a hero)."""
        masks = [
            tuple(m >> k & 1 for k in range(len(self.heroes))) for m in range(1 << len(self.heroes))
        ]
        every_layout = [
            tuple(bool(m >> k & 1) for k in range(len(self.heroes)))
            for m in range(1 << len(self.heroes))
        ]
        # The bursts that can fire before the last check decide what must be modelled (a burst after
        # it changes nothing counted). A hero no weapon can reach never lands on a box by damage.
        reach_down = most_damage * max(self.last - 1, 0)
        heal_up = 2 * max(self.last - 1, 0)
        layouts, kinds = [self.areas0], set()
        while True:
            hit = {
                self.targets(i, suit, hp, ar)
                for i in range(self.last)
                for suit in SUITS
                for hp in masks
                for ar in layouts
            }
            heals = "heal" in kinds
            found = set()
            for k, hero in enumerate(self.heroes):
                now = hero["health"]
                low = now - reach_down if k in hit else now
                landings = set(range(low, now))  # by damage
                if heals:  # a heal may lift it back up, or above where it stands
                    landings |= set(range(low, min(hero["max"], now + heal_up) + 1))
                found |= {b.burst.kind for h, b in self.bursts[k].items() if h in landings}
            if found <= kinds:
                break
            kinds |= found
            if "move" in kinds:
                layouts = every_layout
        self.heals, self.draws = "heal" in kinds, "draw" in kinds
        return masks, layouts

    def _merge_cards(self, pool_cards: list[str], masks: list, layouts: list, gains: int) -> None:
        """Merge the cards into classes that act alike for every weapon and block, and count
        the unseen cards, the discard pile and the hand by class."""
        # Suits that send every weapon to the same hero, whoever is still standing (and wherever the
        # heroes are, when a burst can move one), act alike.
        first_with: dict[tuple, str] = {}
        self.suit_group = {}
        for suit in SUITS:
            behaviour = tuple(
                self.targets(i, suit, hp, ar)
                for i in range(self.last)
                for hp in masks
                for ar in layouts
            )
            self.suit_group[suit] = first_with.setdefault(behaviour, suit)
        # Cards that behave alike for every remaining weapon and block are merged into classes (a
        # card a burst may draw can block by its value, whatever the hand holds now).
        armors = {a for table in self.armor_at for a in table.values()}
        self.thresholds = sorted(
            {a - w.total - g for a in armors for w in self.weapons for g in range(gains + 1)}
        )
        hand_cards = sorted(self.state.hands[self.seat])
        known = [*pool_cards, *self.state.discard, *hand_cards]
        self.classes = sorted({self.signature(c) for c in known})
        self.class_suit = [cls[0] for cls in self.classes]
        self.class_block = [cls[2] for cls in self.classes]
        self.threshold_at = {t: k for k, t in enumerate(self.thresholds)}
        index = {cls: i for i, cls in enumerate(self.classes)}
        self.start_pool = [0] * len(self.classes)
        for card in pool_cards:
            self.start_pool[index[self.signature(card)]] += 1
        self.discard_pool = [0] * len(self.classes)
        for card in self.state.discard:
            self.discard_pool[index[self.signature(card)]] += 1
        self.hand_classes = tuple(sorted(index[self.signature(c)] for c in hand_cards))

    def signature(self, card):
        v = value_of(card)
        hit_pattern = tuple(v >= t for t in self.thresholds)
        return (
            self.suit_group[suit_of(card)],
            hit_pattern,
            v if self.draws or v in self.hand_values else -1,
        )

    def aim(self, i, hp, areas):
        key = (i, tuple(1 if h > 0 else 0 for h in hp), areas)
        found = self.aims.get(key)
        if found is None:
            found = self.aims[key] = [
                self.targets(i, self.class_suit[c], key[1], areas) for c in range(len(self.classes))
            ]
        return found

    def canonical(self, k, i, h):
        found = self.canon[k][i].get(h)
        if found is None:
            reach = self.still[i]
            found = h
            if h > reach and not self.heals:
                found = (
                    -1,
                    *(
                        (self.armor_at[k][h - j], self.bursts[k].get(h - j))
                        for j in range(reach + 1)
                    ),
                )
            self.canon[k][i][h] = found
        return found

    def solve(self, i: int, rest: Rest) -> tuple:
        """(weights of damage tuples, their sum, the sum of weight x total damage) for weapons i..
        (weights count the equally likely card sequences)."""
        if i == self.last:
            return self.nothing
        if i == self.last - 1 and rest.left:
            return self.last_check(rest)  # a table lookup, cheaper than the memo
        pool, hand, hp, areas, left, discards, gained = rest
        if not self.heals:  # healths that play alike from here on are one key (see canonical)
            hp = tuple([self.canonical(k, i, h) for k, h in enumerate(hp)])
        key = (i, pool, hand, hp, areas, left, discards, gained)
        found = self.memo.get(key)
        if found is None:
            found = self.memo[key] = self._solve(i, rest)
        return found

    def after_damage(self, i: int, rest: Rest, take: str | None, k: int) -> tuple:
        """The rest of the turn once weapon i has damaged hero k (a card may leave the hand)."""
        if take is None or not rest.hand:
            return self.land(i, k, rest)
        best = None
        for c in sorted(set(rest.hand)):
            kept = list(rest.hand)
            kept.remove(c)
            if take == "attach":
                after = rest._replace(hand=tuple(kept), gained=rest.gained + 1)
            else:
                after = rest._replace(hand=tuple(kept), discards=_bump(rest.discards, c))
            branch = self.land(i, k, after)
            if best is None or _lower_mean(branch, best):
                best = branch
        return best

    def land(self, i: int, k: int, rest: Rest) -> tuple:
        """Hero k's health has just changed during weapon i: its burst, then weapon i + 1 on."""
        hp = rest.hp
        fired = self.bursts[k].get(hp[k]) if hp[k] > 0 else None
        if fired is None or i + 1 >= self.last:
            return self.solve(i + 1, rest)
        burst = fired.burst
        if burst.kind == "draw":
            return self.draw(i, rest)
        if burst.kind == "heal":
            best = None
            for j in (j for j in self.engine_order if j != k and hp[j] > 0):
                healed = min(self.tops[j], hp[j] + burst.amount)
                if healed == hp[j]:
                    branch = self.solve(i + 1, rest)
                else:
                    branch = self.land(i, j, rest._replace(hp=hp[:j] + (healed,) + hp[j + 1 :]))
                if best is None or _lower_mean(branch, best):
                    best = branch
            return best if best is not None else self.solve(i + 1, rest)
        if burst.kind == "move":
            best = None
            areas = rest.areas
            for j in [*(j for j in self.engine_order if hp[j] > 0), None]:
                moved = areas if j is None else areas[:j] + (not areas[j],) + areas[j + 1 :]
                branch = self.solve(i + 1, rest._replace(areas=moved))
                if best is None or _lower_mean(branch, best):
                    best = branch
            return best
        if burst.kind == "attack" and not _can_attack(
            self.state, self.heroes[k], burst.attacks, rest.areas[k]
        ):
            return self.solve(i + 1, rest)
        raise ValueError(
            f"monster_turn cannot play out {fired.box!r}, the burst {self.heroes[k]['name']} fires "
            f"at health {hp[k]} in the middle of the monster turn (an attack, whose checks and "
            "hits change the later checks); its odds would be wrong"
        )

    def draw(self, i: int, rest: Rest) -> tuple:
        """A burst draws the top card: any unseen card, which joins the hand."""
        if rest.left == 0:
            if rest.discards is None or not sum(rest.discards):
                return self.solve(i + 1, rest)
            rest = _reshuffled(rest)
        if i + 1 == self.last - 1 and rest.left > 1:
            found = self.draw_then_last(rest)
            if found is not None:
                return found
        pool, hand, hp, areas, left, discards, gained = rest
        parts = []
        for c, count in enumerate(pool):
            if count:
                more = tuple(sorted((*hand, c)))
                drawn = Rest(_take(pool, c), more, hp, areas, left - 1, discards, gained)
                parts.append((count, self.solve(i + 1, drawn)))
        return _mix(parts)

    def _solve(self, i: int, rest: Rest) -> tuple:
        """Weapon i's check, over every class of card it may turn up, then the rest of the turn."""
        if (
            rest.left == 0
        ):  # the deck ran out: the discard pile, drawn checks included, is the new deck
            rest = _reshuffled(rest)
        if sum(rest.pool) == 0:
            return self.nothing
        if i == self.last - 1:
            return self.last_check(rest)
        weapon = self.weapons[i]
        total, damage = self.strength(weapon, rest.gained)
        pool, hand, hp, areas, left, discards, gained = rest
        aimed = self.aim(i, hp, areas)
        needs = self.needs(hp, total)
        extra = self.extra[i]
        parts = []
        for c, count in enumerate(pool):
            if not count:
                continue
            after, thrown = _take(pool, c), _bump(discards, c)  # the checked card is discarded
            target = aimed[c]
            if target is None or not self.classes[c][1][needs[target]]:
                branch = self.solve(i + 1, Rest(after, hand, hp, areas, left - 1, thrown, gained))
            else:
                dealt = damage + extra[target].get(hp[target], 0)
                hurt = Rest(after, hand, _hurt(hp, target, dealt), areas, left - 1, thrown, gained)
                taken = self.after_damage(i, hurt, weapon.take, target)
                branch = _shift(taken, target, min(dealt, hp[target]))
                v = self.class_block[c]
                blocker = next((h for h in hand if v >= 0 and self.class_block[h] == v), None)
                if self.block and weapon.blockable and blocker is not None:
                    spent = list(hand)
                    spent.remove(blocker)
                    blocked = Rest(
                        after, tuple(spent), hp, areas, left - 1, _bump(thrown, blocker), gained
                    )
                    kept = self.solve(i + 1, blocked)
                    if _lower_mean(kept, branch):
                        branch = kept
            parts.append((count, branch))
        return _mix(parts)

    def strength(self, weapon: MonsterWeapon, gained: int) -> tuple[int, int]:
        """The weapon's total and damage once the turn has added `gained` trophies (a trophy
        weapon gets +1 for each, and 1 more damage from three trophies on)."""
        total, damage = weapon.total, weapon.damage
        if weapon.trophy:
            total += gained
            damage += (self.trophies_now + gained >= 3) - (self.trophies_now >= 3)
        return total, damage

    def needs(self, hp: tuple, total: int) -> list[int]:
        """For each hero at its health, which of the thresholds a check must reach for a weapon
        of `total` to hit it: a card of class c hits hero k when ``classes[c][1][needs[k]]``."""
        return [self.threshold_at[self.armor_at[k][h] - total] for k, h in enumerate(hp)]

    def last_table(self, hp, areas, gained, can_block):
        """What each class of card does as the turn's last check, grouped by outcome:
        [(outcome, damage dealt, classes)] (a hit is blocked whenever it can be)."""
        key = (hp, areas, gained, can_block)
        table = self.last_tables.get(key)
        if table is None:
            total, damage = self.strength(self.weapons[-1], gained)
            aimed = self.aim(self.last - 1, hp, areas)
            needs = self.needs(hp, total)
            groups: dict = {}
            for c in range(len(self.classes)):
                target = aimed[c]
                outcome, dealt = self.zero, 0
                if target is not None and self.classes[c][1][needs[target]]:
                    d = min(damage + self.extra[-1][target].get(hp[target], 0), hp[target])
                    blocked = self.class_block[c] >= 0 and self.class_block[c] in can_block
                    if d > 0 and not blocked:
                        outcome, dealt = self.one_hit[target][d], d
                groups.setdefault((outcome, dealt), []).append(c)
            table = self.last_tables[key] = [(o, d, tuple(cs)) for (o, d), cs in groups.items()]
        return table

    def blocking(self, hand):
        return frozenset(self.class_block[h] for h in hand) if self.blocks_last else frozenset()

    def last_check(self, rest: Rest) -> tuple:
        """The turn's last check, without recursion."""
        can_block = self.blocking(rest.hand)
        key = (
            rest.pool,
            can_block,
            tuple(self.last_health[k][h] for k, h in enumerate(rest.hp)),
            rest.areas,
            rest.gained,
        )
        found = self.last_memo.get(key)
        if found is not None:
            return found
        pool = rest.pool
        size = sum(pool)
        if not size:
            return self.nothing
        result: dict = {}
        damages = 0
        for outcome, dealt, members in self.last_table(rest.hp, rest.areas, rest.gained, can_block):
            n = sum([pool[c] for c in members])
            if n:
                result[outcome] = n
                damages += dealt * n
        found = self.last_memo[key] = (result, size, damages)
        return found

    def draw_then_last(self, rest: Rest) -> tuple | None:
        """A burst draw just before the last check, in closed form: the drawn card x (any class,
        `pool[x]` ways) leaves the pool and may add its value to the blocks the hand can make."""
        pool = rest.pool
        size = sum(pool)
        if size < 2:
            return None
        can_block = self.blocking(rest.hand)
        by_blocks: dict = {}
        for x, count in enumerate(pool):
            if count:
                v = self.class_block[x]
                more = can_block | {v} if self.blocks_last and v >= 0 else can_block
                by_blocks.setdefault(more, []).append(x)
        result: dict = {}
        damages = 0
        for blocks, drawn in by_blocks.items():
            ways = sum([pool[x] for x in drawn])
            drawn = set(drawn)
            for outcome, dealt, members in self.last_table(
                rest.hp, rest.areas, rest.gained, blocks
            ):
                n = ways * sum([pool[c] for c in members])
                n -= sum([pool[c] for c in members if c in drawn])
                if n:
                    result[outcome] = result.get(outcome, 0) + n
                    damages += dealt * n
        return result, size * (size - 1), damages

    def result(self) -> dict:
        # the discard pile only matters if the deck can run out during the turn (bursts draw too)
        discards = (
            tuple(self.discard_pool)
            if self.deck_left < self.last * (2 if self.draws else 1)
            else None
        )
        start = Rest(
            pool=tuple(self.start_pool),
            hand=self.hand_classes,
            hp=self.healths,
            areas=self.areas0,
            left=self.deck_left,
            discards=discards,
            gained=0,
        )
        joint = Dist(self.solve(0, start)[0])
        uids = [h["uid"] for h in self.heroes]
        per_hero = {uid: joint.map(lambda d, k=k: d[k]) for k, uid in enumerate(uids)}
        total = joint.map(sum)
        return {
            "heroes": uids,
            "joint": joint,
            "per_hero": per_hero,
            "total": total,
            "expected": total.mean(),
        }


def _mix(parts: list) -> tuple:
    """Equally likely cards, each `count` times, each followed by its solved rest of the turn.

    Each rest's weights count its own card sequences; rests of different lengths (a burst drew a
    card, the deck was refilled from a pile a block made larger) are brought to a common total
    first, so every card keeps its share."""
    totals = {branch[1] for _, branch in parts}
    scale = dict.fromkeys(totals, 1)
    if len(totals) > 1:
        common = lcm(*totals)
        scale = {t: common // t for t in totals}
    result: dict = {}
    weights = damages = 0
    for count, (outcomes, weight, dealt) in parts:
        factor = count * scale[weight]
        for outcome, w in outcomes.items():
            result[outcome] = result.get(outcome, 0) + w * factor
        weights += weight * factor
        damages += dealt * factor
    return result, weights, damages


def _damage_by_target(state, weapons, heroes) -> list[list[dict[int, int]]]:
    """extra[i][k][health]: the damage weapon i deals beyond its usual to hero k at that health,
    from rules that read the target (the gladiator's Bloodsport: +1 against a hero at health 1).
    Asked of the engine's own damage bonus on a copy with the hero at each health."""
    probe = state.clone()
    extra = [[{} for _ in heroes] for _ in weapons]
    for k, hero in enumerate(heroes):
        target = probe.units[hero["uid"]]
        for health in range(1, hero["max"] + 1):
            target["health"] = health
            probe.kept.forget()
            for i, weapon in enumerate(weapons):
                attacker = probe.units[weapon.unit["uid"]]
                bonus = probe.total("damage_bonus", attacker, weapon.kind, target, 0, 0)
                more = 1 + bonus - weapon.damage
                if more:
                    extra[i][k][health] = more
    return extra


def _bursts_by_health(hero) -> dict[int, BoxBurst]:
    """{health: the burst box there}, each with what its effect declares it does."""
    found = {}
    for box in catalog().damage[hero["dmg"]].boxes:
        if box.burst:
            key = f"{hero['dmg']}/{box.key}"
            found[box.health] = BoxBurst(key, BURSTS.get(key, Burst("unknown")))
    return found


def _can_attack(state, hero, kinds, near: bool) -> bool:
    """Could a burst attack of these kinds reach an enemy, with the hero near or far? (During the
    monster turn every monster is still in play: no hero weapon has checked a card.)"""
    foes = state.monster_units()
    for kind in kinds:
        if not state.weapons(hero, kind):
            continue
        if kind == "range" and foes:
            return True
        if any(f["area"] == "near" for f in foes) or (near and state.any("charging", hero)):
            return True
    return False


def _mid_turn_abilities(state, units, block: bool = True) -> dict:
    """{unit uid: "attach" or "discard"} for the units whose mid-turn ability takes a hand card;
    a ValueError for a mid-turn ability that monster_turn does not model (one a block sets off
    only when blocks are made)."""
    takes = {}
    uids = {u["uid"] for u in units}
    hooks = MID_TURN_HOOKS + BLOCK_HOOKS if block else MID_TURN_HOOKS
    for source_id, source in state.sources():
        if not any(source_id in HOOKS.get(name, {}) for name in hooks):
            continue
        if source_id in CHANGES_NO_CHECK:
            continue
        owner = source.get("uid") if source is not None else None
        if source_id in TAKES_A_CARD and owner in uids:
            takes[owner] = TAKES_A_CARD[source_id]
            continue
        raise ValueError(
            f"monster_turn cannot play out {source_id!r}, an ability that acts in the middle of "
            "the monster turn and changes its later checks; its odds would be wrong"
        )
    if sum(1 for take in takes.values() if take == "attach") > 1:
        raise ValueError("monster_turn models one monster with Trophy at a time")
    return takes


def _check_turn_start(state) -> None:
    """Before the enemy turn has begun, refuse when an ability at its start would change it."""
    if state.side == MONSTERS:
        return
    for source_id, source in state.sources():
        if source_id not in HOOKS.get("enemy_turn_begin", {}):
            continue
        if source_id in FIRST_TURN_ONLY:
            card = source if "turns" in source else state.monster_cards[source["card_index"]]
            if card["turns"] > 0:
                continue
        raise ValueError(
            f"monster_turn cannot foresee {source_id!r}, which acts at the start of the enemy "
            "turn; ask again once the enemy turn has begun (at its first check)"
        )


def _armor_by_health(state, hero, upto: int | None = None) -> dict[int, int]:
    """{health: armor} for every health the hero can fall to this turn, or climb to `upto` (its
    box may change it)."""
    now = state.armor(hero)
    base = now - _box_armor(state, hero, hero["health"])
    top = hero["health"] if upto is None else max(upto, hero["health"])
    return {h: base + _box_armor(state, hero, h) for h in range(0, top + 1)}


def _box_armor(state, hero, health: int) -> int:
    """The armor a hero's damage-card box gives at a health (0 when the box gives none)."""
    box = catalog().damage[hero["dmg"]].box(health)
    if box is None or not box.key or box.burst:
        return 0
    function = HOOKS.get("armor_bonus", {}).get(f"{hero['dmg']}/{box.key}")
    return function(state, hero, hero) if function is not None else 0


def _bump(counts: tuple | None, index: int) -> tuple | None:
    """One more card of a class in the discard pile (None when the pile does not matter)."""
    if counts is None:
        return None
    return counts[:index] + (counts[index] + 1,) + counts[index + 1 :]


def _take(pool: tuple, index: int) -> tuple:
    """One card fewer of a class in the pool."""
    return pool[:index] + (pool[index] - 1,) + pool[index + 1 :]


def _reshuffled(rest: Rest) -> Rest:
    """The deck has run out: the discard pile becomes the pool of unseen cards and the deck."""
    discards = rest.discards
    return rest._replace(pool=discards, discards=tuple(0 for _ in discards), left=sum(discards))


def _hurt(hp: tuple, target: int, damage: int) -> tuple:
    return hp[:target] + (max(0, hp[target] - damage),) + hp[target + 1 :]


def _shift(result: tuple, target: int, amount: int) -> tuple:
    """A solved rest of the turn, with `amount` more damage to hero `target` in every outcome."""
    if amount == 0:
        return result
    outcomes, weight, dealt = result
    moved = {o[:target] + (o[target] + amount,) + o[target + 1 :]: w for o, w in outcomes.items()}
    return moved, weight, dealt + amount * weight


def _lower_mean(a: tuple, b: tuple) -> bool:
    """Is the expected total damage of `a` below that of `b`? (integer cross-multiplication)"""
    return a[2] * b[1] < b[2] * a[1]


def _targeting(state, heroes, weapons):
    """target(i, suit, healths, areas) -> index of the hero weapon i attacks, or None (`areas`:
    for each hero, is it near)."""
    by_class = {h["cls"]: k for k, h in enumerate(heroes)}
    redirecting = bool(state.hooked("redirect"))
    probes: dict = {}

    def redirects(areas):
        """For each weapon and hero it would attack, the heroes that take the attack instead
        (Taunt looks at the areas, so they are probed on a copy with the heroes placed so)."""
        found = probes.get(areas)
        if found is None:
            table = state
            if areas != tuple(h["area"] == "near" for h in heroes):
                table = state.clone()
                for hero, near in zip(heroes, areas, strict=True):
                    table.units[hero["uid"]]["area"] = "near" if near else "far"
            units = [table.units[h["uid"]] for h in heroes]
            found = probes[areas] = [
                {
                    k: [units.index(table.units[u]) for u in moved if table.units[u] in units]
                    for k, hero in enumerate(units)
                    for moved in [
                        table.collect("redirect", table.units[w.unit["uid"]], w.kind, hero)
                    ]
                }
                for w in weapons
            ]
        return found

    charging = [w.kind == "melee" and state.any("charging", w.unit) for w in weapons]

    def target(i, suit, hp, areas):
        kind = weapons[i].kind
        reach = lambda k: hp[k] > 0 and (kind == "range" or charging[i] or areas[k])  # noqa: E731
        found = first_reached(suit, by_class, reach)
        if found is None:
            return None
        if redirecting:
            for k in redirects(areas)[i][found]:
                if reach(k):
                    return k
        return found

    return target


# -- the numbers beside a decision -----------------------------------------------------------------
def decision_odds(state):
    """The exact numbers beside each choice of the seat to act: each option's expected outcome,
    played out by the engine from that seat's view (:mod:`toolkit.to_the_death.options`). The
    widget shows them under the choices and ``death-toolkit analyse`` prints them. An option
    whose walk would be too large, or would need to know where unseen cards lie, has no numbers
    and a note saying why."""
    seat = state.current_player()
    actions = state.legal_actions()
    values, notes = option_outcomes(state)
    prompt = state.prompt
    return DecisionOdds(
        game=state.game,
        seat=seat,
        prompt=f"{decision_words(prompt)}: the expected outcome of each choice, from the cards "
        "you cannot see",
        measures=MEASURES,
        actions=tuple(
            ActionOdds(
                action,
                state.action_to_string(action),
                values.get(action, {}),
                notes.get(action, ""),
                refused="positions" in notes.get(action, ""),  # too large, not unseen cards
            )
            for action in actions
        ),
        note=(
            f"Some options are not computed: the exact answer is too large ({WAIT_FOR_THEM}) or "
            "depends on where cards you cannot see lie."
            if notes
            else ""
        ),
    )
