"""The core's lazy reveal on a bare game: a stand-in stays one until a rule reads it, is then a
chance node over its group (its first-read value first, where the game declares one), and the
move that read it is made again with the card in its place; a reshuffle makes a new group."""

from fractions import Fraction

import pytest

from toolkit.reveal import Hidden, NeedReveal, RevealOnRead, Unseen, ViewDeck, typed
from toolkit.state import CHANCE, TERMINAL, GameState, copying

VALUE = {"a": 1, "b": 2, "c": 3}
COLOUR = {"a": "red", "b": "red", "c": "blue"}
COLOUR.update({typed(0, colour): colour for colour in ("red", "blue")})  # the typed stand-ins


class Draw(GameState):
    """One seat draws the deck's top card or stops; a card drawn scores its value (a rule that
    reads it), or, in `by_colour`, its value only if it is red (its colour read first)."""

    game = "draw"
    COPY = copying(shared=("score", "done", "by_colour"), each_copied=("hand",))
    by_colour = False

    def __init__(self, deck: ViewDeck):
        super().__init__(0)
        self.deck, self.hand, self.score, self.done = deck, [], 0, False

    num_players = 1
    observation = None

    def current_player(self):
        return TERMINAL if self.done else 0

    def _compute_legal(self):
        return ["draw", "stop"]

    def _apply(self, action):
        if action == "draw":
            card = self.deck.draw(1, self.rng)[0]
            self.hand.append(card)
            if not self.by_colour or COLOUR[card] == "red":
                self.score += VALUE[card]
        self.done = True

    def returns(self):
        return [float(self.score)]


class DrawView(RevealOnRead, Draw):
    COPY = copying(
        own={"deck": lambda deck, copy: ViewDeck(deck.cards, deck.discards, copy.unseen)}
    )

    def ended(self):
        return self.done

    def chooses_cards(self):
        return False

    def seen_places(self):
        return (self.hand,)

    def put_revealed(self, stand_in, name):
        for pile in (self.hand, self.deck.cards):
            if stand_in in pile:
                pile[pile.index(stand_in)] = name
                return
        raise ValueError(stand_in)


class ByColour(Unseen):
    FIRST_READ = COLOUR
    KINDS = ("red", "blue")


def view_of(cards, unseen: Unseen, *, by_colour=False) -> DrawView:
    deck = ViewDeck([], [], unseen)
    deck.cards = unseen.hide(cards)
    view = DrawView(deck)
    view.unseen, view.by_colour = unseen, by_colour
    return view


def mean(state) -> Fraction:
    """The exact expected score of drawing, by walking every chance node."""
    if state.current_player() == TERMINAL:
        return Fraction(state.score)
    if state.current_player() == CHANCE:
        total = Fraction(0)
        for outcome, share in state.chance_outcomes():
            after = state.clone()
            after.apply_listed(outcome)
            total += share * mean(after)
        return total
    after = state.clone()
    after.apply_listed("draw")
    return mean(after)


def test_a_stand_in_read_by_a_rule_is_revealed_and_the_move_made_again():
    view = view_of(["a", "b", "c"], Unseen())
    assert view.deck.cards == ["?0.0", "?0.1", "?0.2"]
    view.apply_listed("draw")
    assert view.current_player() == CHANCE and view.reveal == "?0.2"
    assert sorted(view.chance_outcomes().outcomes) == ["a", "b", "c"]
    view.apply_listed("b")
    assert view.hand == ["b"] and view.score == 2 and view.current_player() == TERMINAL
    assert view.unseen.groups == [["a", "c"]]
    assert mean(view_of(["a", "b", "c"], Unseen())) == 2


def test_a_first_read_value_is_revealed_before_the_card():
    view = view_of(["a", "b", "c"], ByColour(), by_colour=True)
    view.apply_listed("draw")
    colours = dict(view.chance_outcomes())
    assert colours == {("type", "red"): Fraction(2, 3), ("type", "blue"): Fraction(1, 3)}
    view.apply_listed(("type", "blue"))  # the colour alone decides: blue scores nothing
    assert view.hand == ["?0:blue"] and view.score == 0 and view.current_player() == TERMINAL
    # red: a or b alike, value 1 or 2; blue: nothing. (2/3) * 1.5 = 1.
    assert mean(view_of(["a", "b", "c"], ByColour(), by_colour=True)) == 1


def test_a_reshuffle_makes_the_discards_a_new_group_and_reads_no_stand_in():
    unseen = Unseen()
    deck = ViewDeck([], ["a", "b"], unseen)
    deck.reshuffle()
    assert deck.cards == ["?0.0", "?0.1"] and deck.discards == [] and unseen.groups == [["a", "b"]]
    deck.discards = [Hidden("?0.0")]
    with pytest.raises(NeedReveal):
        deck.reshuffle()
