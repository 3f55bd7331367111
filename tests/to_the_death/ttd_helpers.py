"""Shared helpers for the To the Death! tests."""

from toolkit.steps import PASS
from toolkit.to_the_death.rules import ToTheDeathState

EXAMPLE_HAND = ["mender:2", "magician:7", "champion:8", "fighter:6", "champion:3"]


def opening(hand=EXAMPLE_HAND, **options) -> ToTheDeathState:
    """A solo game with a stacked opening hand, waiting for round 1's monster card (change the
    heroes here to have them so when that card's first enemy turn begins)."""
    game = ToTheDeathState(seed=0, **options)
    for card in hand:
        game.apply(card)
    return game


def solo_with(monster: str, hand=EXAMPLE_HAND, **options) -> ToTheDeathState:
    """A solo game whose opening hand and first monster are stacked."""
    game = opening(hand, **options)
    game.apply(monster)
    return game


def uid_of(game, name: str) -> str:
    return next(u["uid"] for u in game.units.values() if u["name"] == name)


def units_named(game, name: str) -> list[dict]:
    return [u for u in game.units.values() if u["name"] == name and not u["defeated"]]


def feed(game, *actions) -> ToTheDeathState:
    """Apply actions in order: cards for checks and draws, tuples for decisions."""
    for action in actions:
        game.apply(action)
    return game


def set_heroes(game, health=None, area=None) -> ToTheDeathState:
    """Put heroes at a health ({uid: health}) or in an area ({uid: "near"/"far"}) directly."""
    for uid, value in (health or {}).items():
        game.units[uid]["health"] = value
    for uid, value in (area or {}).items():
        game.units[uid]["area"] = value
    game.touch()
    return game


def thin_deck(game, keep) -> ToTheDeathState:
    """Leave only the cards `keep` in the deck; the others go to the discard pile (seen), so a
    brute force over the deck's orders stays small."""
    game.discard += [card for card in game.deck if card not in keep]
    game.deck = tuple(card for card in game.deck if card in keep)
    return game


def until_main(game, cards=()) -> ToTheDeathState:
    """Feed the enemy turn's checks and draws from `cards` in order, never blocking (and taking
    the first option of any other decision), until the hero turn's main step."""
    cards = list(cards)
    while not (game.prompt and game.prompt.question == "main"):
        if game.is_chance_node():
            game.apply(cards.pop(0) if cards else game.legal_actions()[0])
        else:
            options = game.legal_actions()
            game.apply(("take",) if ("take",) in options else options[0])
    return game


def end_hero_turn(game, draws=()) -> ToTheDeathState:
    """End the main step, keep the hand, and draw up to the hand size from `draws` in order."""
    game.apply(PASS)
    game.apply(("discard",))
    draws = list(draws)
    while game.is_chance_node() and game.chance.resume == "card_drawn":
        game.apply(draws.pop(0) if draws else game.legal_actions()[0])
    return game


def next_round(game, body: str, monster: str, draws=()) -> ToTheDeathState:
    """From the hero turn's main step: defeat the round's monster (its unit `body`), keep the hand
    in the draw step, draw from `draws`, and reveal `monster` as the next round's card."""
    game.defeat(body)
    game.apply(PASS)  # the engine notices the round is over: straight to the draw step
    game.apply(("discard",))
    draws = list(draws)
    while game.chance.kind == "card":
        game.apply(draws.pop(0) if draws else game.legal_actions()[0])
    game.apply(monster)
    return game


def engine_best_turn(game, block: bool = True) -> dict:
    """The engine itself over every order of the cards the monster turn takes (its checks and the
    bursts' draws), with each decision made to leave the lowest expected damage still to come:
    {damage tuple (heroes by class): probability}, the damage read from the engine's log.

    Ties go to the first option in the engine's order, except that a hit is taken unless a block
    (the first one offered) does strictly better; with ``block=False`` hits are always taken."""
    import re
    from fractions import Fraction

    from toolkit.to_the_death.cards import SUITS

    heroes = sorted(game.heroes(0), key=lambda h: SUITS.index(h["cls"]))
    names = [h["name"] for h in heroes]
    start = len(game.log)

    def mean(dist):
        return sum(sum(o) * p for o, p in dist.items())

    def after(state, action):
        copy = state.clone()
        copy.apply(action)
        return go(copy)

    def go(state):
        chance = state.chance
        if chance is not None and chance.resume in ("enemy_check", "card_drawn"):
            found = {}
            for card, q in state.chance_outcomes():
                for outcome, p in after(state, card).items():
                    found[outcome] = found.get(outcome, 0) + p * q
            return found
        prompt = state.prompt
        if chance is None and prompt is not None and prompt.question not in ("main", "draw step"):
            options = state.legal_actions()
            if prompt.question == "block":
                best = after(state, ("take",))
                blocks = [o for o in options if o[0] == "block"]
                if block and blocks:
                    kept = after(state, blocks[0])
                    if mean(kept) < mean(best):
                        best = kept
                return best
            best = None
            for option in options:
                branch = after(state, option)
                if best is None or mean(branch) < mean(best):
                    best = branch
            return best
        damage = [0] * len(names)
        for line in state.log[start:]:
            hit = re.match(r"(.+) takes (\d+) damage", line)
            if hit and hit.group(1) in names:
                damage[names.index(hit.group(1))] += int(hit.group(2))
        return {tuple(damage): Fraction(1)}

    return go(game)
