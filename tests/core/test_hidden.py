"""The core's one way to hide a card, on a bare table: places, known cards, pools of unseen
cards behind different stand-ins, and one game dealt from a view."""

import random
from collections import Counter
from fractions import Fraction

from toolkit.hidden import Hiding, Place, blind_outcomes, pile_outcomes, set_outcomes
from toolkit.state import GameState, copying


class Table(Hiding, GameState):
    """Two players' hands, a deck of numbers, a deck of letters and a face-down letter."""

    game = "table"
    STAND_IN = "?"
    COPY = copying(
        shared=("numbers", "face_down"), copied=("letters",), each_copied=("hands", "seen_on_top")
    )

    def __init__(self, seed=0):
        super().__init__(seed)
        self.hands = [["1", "2"], ["3", "4"]]
        self.numbers = ("5", "6", "7")
        self.letters = ["a", "b"]
        self.face_down = "c"
        self.seen_on_top = {0: {"7"}, 1: set()}

    num_players = 2
    current_player = _compute_legal = _apply = returns = observation = None

    def places(self, seat):
        table = vars(self)
        return [
            Place(table, "numbers", self.seen_on_top[seat], sort=True),
            Place(table, "letters", (), stand_in="?letter"),
            Place(table, "face_down", (), stand_in="?letter"),
            *(Place(self.hands, s, None if s == seat else ()) for s in (0, 1)),
        ]


def test_a_view_hides_what_the_seat_does_not_know_in_pools_by_stand_in():
    view = Table().players_view(0)
    assert view.hands == [["1", "2"], ["?", "?"]]
    assert view.numbers == ("7", "?", "?")
    assert view.letters == ["?letter", "?letter"] and view.face_down == "?letter"
    assert view.unseen == {"?": ("3", "4", "5", "6"), "?letter": ("a", "b", "c")}
    assert Table().hands == [["1", "2"], ["3", "4"]]  # the game itself is untouched


def test_a_stand_in_is_drawn_from_its_own_pool():
    view = Table().players_view(0)
    outcomes = dict(pile_outcomes(view.numbers, view.unseen_for(), "?"))
    assert outcomes == {"7": Fraction(1, 3), **{c: Fraction(1, 6) for c in "3456"}}
    assert dict(view.reveal_outcomes("?letter")) == {c: Fraction(1, 3) for c in "abc"}
    view.seen_now("b", "?letter")
    assert view.unseen["?letter"] == ("a", "c")
    blind = dict(blind_outcomes(view.numbers, "?"))
    assert blind == {"7": Fraction(1, 3), "?": Fraction(2, 3)}


def test_a_game_dealt_from_a_view_keeps_every_card_and_what_the_seat_knows():
    view = Table().players_view(0)
    seen = Counter()
    for seed in range(200):
        game = view.determinise(random.Random(seed))
        assert game.viewer is None and game.unseen == {}
        assert game.hands[0] == ["1", "2"] and "7" in game.numbers
        assert list(game.numbers) == sorted(game.numbers)
        cards = [*game.hands[1], *game.numbers]
        assert sorted(cards) == ["3", "4", "5", "6", "7"]
        assert sorted([*game.letters, game.face_down]) == ["a", "b", "c"]
        seen[game.face_down] += 1
    assert set(seen) == {"a", "b", "c"}  # each letter may lie face down


class Dealer(Table):
    """The table with a public deck whose order no seat sees, a view generator of its own, and
    the hidden hand dealt by the view itself."""

    DRAWS_UNSEEN = True
    COPY = copying(copied=("public",))

    def __init__(self, seed=0):
        super().__init__(seed)
        self.public = ["x", "y", "z", "w"]

    def view_rng(self, seat):
        return random.Random(f"view-{seat}")

    def places(self, seat):
        return [*super().places(seat), Place(vars(self), "public", None, shuffled=True)]


def test_a_place_whose_order_is_hidden_is_shuffled_by_the_views_own_generator():
    game = Dealer()
    game.rng.random()  # the game's own generator is somewhere else: the view does not use it
    view = game.players_view(0)
    expected = ["x", "y", "z", "w"]
    own = random.Random("view-0")
    own.shuffle(expected)
    assert view.public == expected and game.public == ["x", "y", "z", "w"]
    assert view.rng.getstate() == own.getstate()  # later shuffles come from it too
    assert Dealer().players_view(0).public == view.public  # whatever the game's generator


def test_a_view_that_deals_its_own_stand_ins_keeps_them_in_a_determinised_game():
    view = Dealer().players_view(0)
    game = view.determinise(random.Random(3))
    assert game.hands[1] == ["?", "?"] and game.unseen == view.unseen and game.viewer == 0
    dealer = random.Random(random.Random(3).getrandbits(64))
    public = list(view.public)
    dealer.shuffle(public)
    assert game.public == public and game.rng.getstate() == dealer.getstate()


class Walked(Table):
    """The table with a shortcut its views take that a game played from one does not."""

    shortcut = False
    COPY = copying(shared=("shortcut",))

    def viewed(self):
        self.shortcut = True

    def determinised(self):
        self.shortcut = False


def test_a_determinised_game_takes_back_what_only_its_view_may_do():
    view = Walked().players_view(0)
    assert view.shortcut and not Walked().shortcut
    game = view.determinise(random.Random(1))
    assert not game.shortcut and view.shortcut  # the view keeps its own
    assert game.hands[1] == Table().players_view(0).determinise(random.Random(1)).hands[1]


def test_a_pool_dealt_in_order_gives_the_first_cards_then_the_rest_sorted():
    view = Table().players_view(0)
    view.deal_in_order("?", ("6", "3"))  # the numbers come first among the places
    assert view.numbers == ("3", "6", "7")  # a sorted place is sorted again
    assert view.hands == [["1", "2"], ["4", "5"]]
    assert "?" not in view.unseen and view.unseen["?letter"] == ("a", "b", "c")


def test_a_hand_dealt_as_one_set_of_its_pool():
    outcomes = set_outcomes(("a", "b", "c", "d"), 2)
    assert dict(outcomes) == {
        pair: Fraction(1, 6) for pair in [("a", "b"), ("a", "c"), ("a", "d"), ("b", "c"),
                                           ("b", "d"), ("c", "d")]
    }  # fmt: skip
    assert dict(set_outcomes(("a", "b"), 0)) == {(): 1}


class Shelf(Table):
    """The table with a deck of two kinds in a known shape (numbers below letters), each part a
    slice of the one list dealt from the top down, pools shuffled letters first, and the
    determinised game's generator drawn before the deal."""

    POOL_ORDER = ("?letter",)
    GENERATOR_FIRST = True
    COPY = copying(copied=("shelf",))

    def __init__(self, seed=0):
        super().__init__(seed)
        self.shelf = ["8", "9", "d", "e", "f"]

    def places(self, seat):
        numbers = sum(card.isdigit() or card == "?" for card in self.shelf)
        return [
            *super().places(seat),
            Place(self.shelf, slice(numbers - 1, None, -1), ()),
            Place(self.shelf, slice(len(self.shelf) - 1, numbers - 1, -1), (), stand_in="?letter"),
        ]


def test_parts_of_one_list_hide_behind_their_own_stand_ins():
    view = Shelf().players_view(0)
    assert view.shelf == ["?", "?", "?letter", "?letter", "?letter"]
    assert view.unseen == {"?": ("3", "4", "5", "6", "8", "9"), "?letter": tuple("abcdef")}


def test_a_view_may_have_no_generator():
    class Blind(Table):
        VIEW_HAS_RNG = False

    game = Blind()
    state = game.rng.getstate()
    view = game.players_view(0)
    assert view.rng is None and view.hands == [["1", "2"], ["?", "?"]]
    assert game.rng.getstate() == state  # the game keeps its own
    assert Table().players_view(0).rng.getstate() == Table().rng.getstate()  # by default a copy


def test_pools_in_a_given_order_and_the_generator_drawn_first():
    view = Shelf().players_view(0)
    game = view.determinise(random.Random(5))
    rng = random.Random(5)
    generator = random.Random(rng.getrandbits(64))  # first: before the deal
    letters, numbers = list(view.unseen["?letter"]), list(view.unseen["?"])
    rng.shuffle(letters)  # the letters first, as POOL_ORDER says
    rng.shuffle(numbers)
    assert game.rng.getstate() == generator.getstate()
    # place by place, each stand-in takes the last card of its shuffled pool
    assert game.letters == [letters.pop(), letters.pop()] and game.face_down == letters.pop()
    numbers_first = [numbers.pop() for _ in range(3)]  # the deck of numbers, then the hand
    assert game.numbers == tuple(sorted(["7", *numbers_first[:2]]))
    assert game.hands[1] == [numbers_first[2], numbers.pop()]
    # the shelf's parts are dealt from the top (the end of the list) down
    top_down = [numbers.pop(), numbers.pop()]
    assert game.shelf[1::-1] == top_down
    assert game.shelf[:1:-1] == [letters.pop(), letters.pop(), letters.pop()]


class Reshuffled(Table):
    """The table with a deck whose lower cards came back from a reshuffle: the seat tells them
    from the cards dealt before it, but not one from another of the same group; one card of the
    deck it saw put back."""

    COPY = copying(copied=("deck", "since"))

    def __init__(self, seed=0):
        super().__init__(seed)
        self.deck = ["x", "y", "k", "z", "w"]
        self.since = {"x", "y", "z"}

    def places(self, seat):
        def group(card):
            return "?new" if card in self.since else "?old"

        return [*super().places(seat), Place(vars(self), "deck", {"k"}, stand_in=group)]


def test_cards_of_one_place_hide_behind_the_stand_ins_of_their_groups():
    view = Reshuffled().players_view(0)
    assert view.deck == ["?new", "?new", "k", "?new", "?old"]
    assert view.unseen["?new"] == ("x", "y", "z") and view.unseen["?old"] == ("w",)
    for seed in range(20):
        game = view.determinise(random.Random(seed))
        assert sorted(game.deck[:2] + game.deck[3:4]) == ["x", "y", "z"]
        assert game.deck[2:3] + game.deck[4:] == ["k", "w"]
    view.deal_in_order("?new", ("z",))
    assert view.deck == ["z", "x", "k", "y", "?old"] and "?new" not in view.unseen
