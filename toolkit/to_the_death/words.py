"""To the Death!'s words for actions and units: the sentence for a choice that the engine's log,
its ``action_to_string`` and the widget's buttons share, and the names that tell apart units of one
card (Goblin 1, Goblin 2). Plain text from the state, read by the engine and by the display alike.
"""

from __future__ import annotations

from toolkit.steps import PASS
from toolkit.to_the_death.cards import card_name, catalog, is_card
from toolkit.to_the_death.steps import attack_groups


def describe(game, action) -> str:
    """A short sentence for an action, for logs and the widget's buttons: cards by the names
    people say ("5 of Fighters"), abilities and feats by their printed names, never by ids."""
    if isinstance(action, str):
        return f"card {card_name(action)}" if ":" in action else f"monster {action}"
    if action == PASS:  # ends the main step; elsewhere lets a choice go (an attack, a move)
        return "end" if game.prompt is not None and game.prompt.question == "main" else "pass"
    name = lambda uid: game.units[uid]["name"] if uid in game.units else uid  # noqa: E731
    head = action[0]
    if head == "attack":
        return f"{name(action[1])}: {action[2]} attack (discard {card_name(action[3])})"
    if head == "rest":
        return f"{name(action[1])}: rest (discard {card_name(action[2])})"
    if head == "ability":
        ability = catalog().heroes[game.units[action[1]]["card"]].ability(action[2])
        return f"{name(action[1])}: {ability.name} (discard {card_name(action[3])})"
    if head == "feat":
        paid = ", ".join(map(card_name, action[3:]))
        return f"{name(action[1])}: feat, {feat_name(game, action)} twice (discard {paid})"
    if head in ("charge", "move"):
        return f"{head} {name(action[1])} (discard {card_name(action[2])})"
    if head in ("focus", "reset", "search"):
        return f"{head} (discard {card_name(action[1])})"
    if head in ("target", "enemy", "hero"):
        return f"{head}: {name(action[1])}"
    if head == "block":
        return f"block with the {card_name(action[1])}"
    if head == "next attacker":
        return next_attacker_text(game, action[1])
    if head == "place":
        return f"place {action[1] + 1} of the row"
    if head == "check":
        return "make the check"
    return " ".join(card_name(part) if is_card(part) else str(part) for part in action)


def next_attacker_text(game, uid: str) -> str:
    """'Goblin 2 attacks next', by display name (an attack-order option), naming the monsters
    alike to it that the one choice stands for."""
    names = display_names(game)
    text = f"{names[uid]} attacks next"
    left = (
        game.prompt.args["left"] if game.prompt and game.prompt.question == "attack order" else ()
    )
    alike = next((group for group in attack_groups(game, left) if group[0] == uid), [uid])[1:]
    if alike:
        text += f" (alike to {', '.join(names[other] for other in alike)}: the same choice)"
    return text


def feat_name(game, action) -> str:
    """What a feat triggers, as printed: 'rest', 'range attack' or the ability's own name (the
    engine's key is 'rest', 'attack:KIND' or the ability's key)."""
    key = action[2]
    if key == "rest":
        return "rest"
    if key.startswith("attack:"):
        return f"{key.split(':', 1)[1]} attack"
    return catalog().heroes[game.units[action[1]]["card"]].ability(key).name


def display_names(state) -> dict[str, str]:
    """A name per unit that tells apart enemies sharing a card name (Goblin 1, Goblin 2, ...),
    numbered in the order they came into play, so a name never changes during a game."""
    by_name: dict[str, list[dict]] = {}
    for unit in state.units.values():  # in the order they came into play
        by_name.setdefault(unit["name"], []).append(unit)
    names = {}
    for name, units in by_name.items():
        sides = {u["side"] for u in units}
        for number, unit in enumerate(units, 1):
            if len(units) == 1:
                names[unit["uid"]] = name
            elif len(sides) == len(units):  # the same hero on both sides of a duel
                names[unit["uid"]] = f"{name} (player {unit['side'] + 1})"
            else:
                names[unit["uid"]] = f"{name} {number}"
    return names


#: Each decision the engine asks (its prompt's question), named in the words of the table of
#: choices: the headline over the numbers, in the widget and in ``death-toolkit analyse``.
DECISIONS = {
    "main": "What to do in the main step",
    "draw step": "Which cards to discard before drawing back up",
    "block": "Which card to block the hit with, or take it",
    "target": "Which target to attack, or focus first",
    "skill check": "Whether to focus before the skill check",
    "choose hero": "Which hero to choose",
    "choose enemy": "Which enemy to choose",
    "attack kind": "Which kind of attack to make",
    "move a hero": "Which hero to move, if any",
    "card to the top": "Which card to put on top of the deck",
    "discard": "Which card to discard",
    "trophy": "Which card becomes the gladiator's trophy",
    "grasping talons": "Which card to discard, or let the hero skip its next activation",
    "resurrect": "Which defeated hero returns",
    "choose area": "Which area to choose",
    "attack order": "Which monster attacks next",
    "place in row": "Where the moved hero stands in its new row",
}


def decision_words(prompt) -> str:
    """The decision a prompt asks, in the table's words (and why it is asked, where the engine
    says), for the headline over its numbers."""
    words = DECISIONS.get(prompt.question, prompt.question.capitalize())
    return f"{words} ({prompt.why})" if prompt.why else words
