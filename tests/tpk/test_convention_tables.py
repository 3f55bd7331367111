"""The convention bot's table estimates, counted the plain way at every decision of seeded games.

The bot keeps each partner's possible cards as kinds of uses with counts and remembers each
answer for the table; here the shares and flexibilities are counted card by card from the
observation, as a player would with the character sheets in hand, and must agree exactly.
"""

from toolkit.simulate import decision_points
from toolkit.tpk.bots import _Table
from toolkit.tpk.rules import WILD, covers, item_table, sheet, threat_table


def plain_share(obs: dict, seat: int, position: int) -> float:
    players = len(obs["characters"])
    items = item_table(tuple(sorted(obs["amulets"].items())))
    used = {c for entry in obs["log"] if entry["event"] == "use" and entry["seat"] == seat
            for c in entry["cards"]}  # fmt: skip
    character = obs["characters"][seat]
    cards = [
        items[c]
        for c in sheet(character, players, obs["amulets"].get(character, "none"))
        if c not in used
    ] + [WILD] * obs["treasures"][seat]
    threat = threat_table()[obs["row"][position]["id"]]
    return sum(covers(uses, threat) for uses in cards) / max(len(cards), 1)


def test_shares_and_flexibility_match_counting_card_by_card():
    checked = 0
    for players in (2, 3, 4):
        for state in decision_points("tpk", players, range(4), bot="convention"):
            seat = state.current_player()
            obs = state.observation(seat)
            table = _Table(obs)
            for position in table.open:
                for other in range(players):
                    assert table.share(other, position) == plain_share(obs, other, position)
                    checked += 1
            for card in obs["hand"] + obs["drawn"]:
                uses = table.uses_of(card)
                expected = sum(covers(uses, table.row[p]) for p in table.open)
                assert table.flexibility(card) == expected
    assert checked > 500
