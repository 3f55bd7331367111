"""The storytelling variant (3-5 players): no glory, no damage, no effects; only the cards' names.

Each round one player is the Storyteller; everyone draws two cards. The Storyteller lays the first
card of the story, the players to their left follow in turn, round the table twice, until every
hand is empty. A card comes from your hand, or from the Pool, in which case a card from your hand
takes its place in the Pool. After the opening card, a card either adds a new scene to the story or
covers one already there (the covered card stays underneath). When every hand is empty, the
Storyteller closes the story ("...and that's how I died!") and keeps it. When everyone has been the
Storyteller, each player votes for the most entertaining other player; the most votes win, and a
tie shares the victory.

Actions are tuples:

- ``("hand", card, target)``: play `card` from your hand;
- ``("pool", card, replacement, target)``: play `card` from the Pool, leaving `replacement` from
  your hand in its place;
- ``CLOSE``, the Storyteller's closing line once every card of the round is down;
- ``("vote", seat)`` in the vote at the end.

`target` is ``-1`` to add a new scene, or the index of the scene to cover.
"""

from __future__ import annotations

from toolkit.deck import Deck
from toolkit.how_i_died.cards import ALL_IDS, CARDS, POOL_SIZE
from toolkit.state import TERMINAL, GameState, Outcome, copying

STORY_HAND = 2
CLOSE = ("close",)
VOTES_COUNTED = "the votes are counted"  # the variant's one ending
ENDINGS = (VOTES_COUNTED,)


class StoryState(GameState):
    game = "how-i-died"
    COPY = copying(
        shared=("players", "round", "plays", "voter"),
        copied=("deck", "pool", "votes"),
        each_copied=("hands",),
        plain=("story", "stories"),
    )

    def __init__(self, seed: int = 0, players: int = 3, variant: str = "story"):
        if not 3 <= players <= 5:
            raise ValueError(f"the storytelling variant takes 3 to 5 players, not {players}")
        if variant != "story":
            raise ValueError(f"StoryState plays the 'story' variant, not {variant!r}")
        super().__init__(seed, players=players, variant=variant)
        self.players = players
        cards = list(ALL_IDS)
        self.rng.shuffle(cards)
        self.deck = Deck(cards)
        self.pool = self.deck.draw(POOL_SIZE)
        self.hands: list[list[str]] = [[] for _ in range(players)]
        self.round = 0
        self.plays = 0  # cards played this round
        self.story: list[list[str]] = []  # scenes; each a stack, the visible card last
        self.stories: list[list[list[str]] | None] = [None] * players  # kept by each storyteller
        self.votes: list[int | None] = [None] * players
        self.voter = 0
        self._deal()

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def storyteller(self) -> int:
        return self.round

    @property
    def phase(self) -> str:
        if self.round < self.players:
            return "close" if self.plays and not any(self.hands) else "story"
        if self.voter < self.players:
            return "vote"
        return "over"

    @property
    def outcome(self) -> Outcome | None:
        """Once every vote is cast, the players with the most votes win (a tie shares the
        victory)."""
        if self.phase != "over":
            return None
        counts = self.vote_counts()
        best = max(counts)
        return Outcome(VOTES_COUNTED, tuple(s for s, count in enumerate(counts) if count == best))

    def _deal(self) -> None:
        for hand in self.hands:
            hand.extend(self.deck.draw_up_to(STORY_HAND, self.rng))

    def current_player(self) -> int:
        phase = self.phase
        if phase == "story":
            return (self.storyteller + self.plays) % self.players
        if phase == "close":
            return self.storyteller
        if phase == "vote":
            return self.voter
        return TERMINAL

    def _compute_legal(self) -> list:
        phase = self.phase
        if phase == "vote":
            return [("vote", seat) for seat in range(self.players) if seat != self.voter]
        if phase == "close":
            return [CLOSE]
        if phase != "story":
            return []
        hand = self.hands[self.current_player()]
        targets = [-1] + list(range(len(self.story))) if self.story else [-1]
        actions = [("hand", card, target) for card in hand for target in targets]
        actions += [
            ("pool", card, replacement, target)
            for card in self.pool
            for replacement in hand
            for target in targets
        ]
        return actions

    def _apply(self, action) -> None:
        if action[0] == "vote":
            self.votes[self.voter] = action[1]
            self.voter += 1
            return
        if action == CLOSE:
            self.stories[self.storyteller] = self.story
            self.story = []
            self.plays = 0
            self.round += 1
            if self.round < self.players:
                self._deal()
            return
        seat = self.current_player()
        hand = self.hands[seat]
        if action[0] == "hand":
            _, card, target = action
            hand.remove(card)
        else:
            _, card, replacement, target = action
            hand.remove(replacement)
            self.pool[self.pool.index(card)] = replacement
        if target == -1:
            self.story.append([card])
        else:
            self.story[target].append(card)
        self.plays += 1

    def vote_counts(self) -> list[int]:
        counts = [0] * self.players
        for vote in self.votes:
            if vote is not None:
                counts[vote] += 1
        return counts

    def returns(self) -> list[float]:
        """1 for each winner, else 0."""
        winners = self.winners or ()
        return [1.0 if seat in winners else 0.0 for seat in range(self.players)]

    def observation(self, player: int) -> dict:
        over = self.phase == "over"
        return {
            "seat": player,
            "phase": self.phase,
            "to_play": self.to_play(),
            "storyteller": self.storyteller if self.phase in ("story", "close") else None,
            "hand": list(self.hands[player]),
            "hand_sizes": [len(hand) for hand in self.hands],
            "pool": list(self.pool),
            "story": [list(scene) for scene in self.story],
            "stories": [None if s is None else [list(scene) for scene in s] for s in self.stories],
            "my_vote": self.votes[player],
            "votes_cast": sum(vote is not None for vote in self.votes),
            "votes": self.vote_counts() if over else None,  # secret until everyone has voted
        }

    def action_to_string(self, action) -> str:
        if action == CLOSE:
            return "…and that's how I died!"
        if action[0] == "vote":
            return f"vote for player {action[1] + 1}"
        card = CARDS[action[1]].name
        where = "from the hand"
        if action[0] == "pool":
            where = f"from the Pool, leaving {CARDS[action[2]].name} there"
        target = action[-1]
        if target == -1:
            return f"add {card} ({where})"
        return f"cover {CARDS[self.story[target][-1]].name} with {card} ({where})"
