"""A search bot for every game: information-set Monte Carlo tree search through the protocol.

The bot is handed its seat's view of the game (``state.players_view(seat)``), never the state:
each iteration plays one determinisation of it (:meth:`~toolkit.state.GameState.determinise`,
drawn from the bot's own RNG), a game consistent with what the seat knows; what the view leaves
to chance nodes is sampled as it goes (single-observer IS-MCTS, Cowling, Powley and Whitehouse
2012; OpenSpiel's ``ismcts.py`` likewise samples a whole state up front). The tree is keyed by
the moves made from the root, chance outcomes left out (an open-loop tree): a node stands for
everything that may follow the same choices, whatever the cards and dice did, which is what a
player's information set looks like from the root.

Each iteration walks down the tree choosing, at every decision, the move that does best for the
seat deciding it by UCB, where a move's "parent visits" are the times it was available (moves
come and go with the cards drawn); adds one node (no deeper than `depth` decisions below the root);
plays on with the rollout bot (random unless the game gives a better one) for at most `horizon`
moves; and credits every move on its path with the return of the seat that made it.

At the root the budget is spent in rounds: one determinisation and one seed for the dice and the
rollout bots a round, and every move tried once on them (common random numbers). Two moves are then
compared on the same cards and dice, so a difference between them is the moves' and not the luck
of the draw, and a handful of rounds tells moves apart that hundreds of unpaired playouts would not.
The bot plays its favourite's move (the rollout bot's, unless a game names a stronger, slower bot
to favour) unless another one beat it, round by round, by more than `confidence` standard errors:
where the playouts cannot tell, it plays as its heuristic would, so a small budget costs no
strength. Its RNG is seeded, so a game of search bots replays exactly.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Hashable, Sequence

from toolkit.bots import Bot, RandomBot, below, handed
from toolkit.simulate import sample_outcome
from toolkit.state import CHANCE, TERMINAL, Action, GameState

Estimate = Callable[[GameState], Sequence[float]]


class _Move:
    """What the tree knows of one move at one node."""

    __slots__ = ("available", "child", "total", "visits")

    def __init__(self):
        self.visits, self.total, self.available = 0, 0.0, 0
        self.child: dict[Hashable, _Move] | None = None


class SearchBot:
    """IS-MCTS from the seat's view. `iterations` is the budget of a decision, in playouts (a
    decision with one legal move is not searched), spent in rounds of one playout a root move;
    `rollout(seat, seed)` makes the bot that plays every seat after the tree's frontier; a playout
    that has not ended after `horizon` moves is scored by `estimate(state)` (one value a seat, on
    the scale of the game's returns), or by its returns so far without one; `exploration` is UCB's
    constant, for returns within [-1, 1]; `depth` bounds the tree below the root (1: every root
    move is played out by the rollout bots alone, the surest use of a small budget);
    `confidence` is how many standard errors another move must beat the favourite's by, where
    `favourite(seat, seed)` makes the bot whose move that is, and who makes the decisions not
    searched (the rollout bot unless given: a game may favour a bot too slow to play out). A game
    whose small decisions are many (which card to discard, which die to aim) names the ones
    worth a search (`searches(view)`): the favourite makes the others, from the seat's
    observation, so the budget goes where a move decides the game. Where a decision has more
    moves than the budget could try, `candidates(view, legal)` names the few worth trying (the
    game's heuristic's best), and only those are searched at the root."""

    reads_view = True  # toolkit.bots.handed gives it players_view(seat)

    def __init__(
        self,
        seat: int,
        seed: int = 0,
        iterations: int = 200,
        rollout: Callable[[int, int], Bot] = lambda seat, seed: RandomBot(seed),
        horizon: int = 1000,
        estimate: Estimate | None = None,
        exploration: float = 0.7,
        searches: Callable[[GameState], bool] | None = None,
        candidates: Callable[[GameState, Sequence[Action]], Sequence[Action]] | None = None,
        depth: int | None = None,
        confidence: float = 1.0,
        favourite: Callable[[int, int], Bot] | None = None,
    ):
        self.seat, self.iterations, self.horizon = seat, iterations, horizon
        self.rng = random.Random(seed)
        self.rollout_factory, self.estimate, self.exploration = rollout, estimate, exploration
        self.searches, self.candidates = searches, candidates
        self.depth, self.confidence = depth, confidence
        self.favourite_factory = favourite or rollout

    def choose(self, view: GameState, legal_actions: Sequence[Action]) -> Action:
        if len(legal_actions) == 1:
            return legal_actions[0]
        mine = self.favourite_factory(self.seat, self.rng.getrandbits(32))
        if self.searches is not None and not self.searches(view):
            return mine.choose(handed(mine, view, self.seat), legal_actions)
        moves = self.candidates(view, legal_actions) if self.candidates else legal_actions
        favourite = mine.choose(handed(mine, view, self.seat), moves)
        moves = [favourite, *(move for move in moves if move != favourite)]
        root: dict[Hashable, _Move] = {}
        values: list[list[float]] = [[] for _ in moves]  # the seat's, a move's, round by round
        players = range(view.num_players)
        for _ in range(max(1, self.iterations // len(moves))):
            deal, seed = view.determinise(self.rng), self.rng.getrandbits(32)
            for move, scores in zip(moves, values, strict=True):
                rollout = [self.rollout_factory(seat, seed + seat) for seat in players]
                state, dice = deal.clone(), random.Random(seed)
                scores.append(self._iterate(root, move, state, rollout, dice))
        return moves[self._best(values)]

    def _best(self, values: list[list[float]]) -> int:
        """The index of the move to play: the first (the favourite's) unless another beat it
        round by round by more than `confidence` standard errors of the paired differences, then
        the one that beat it by most."""
        best, best_gain = 0, 0.0
        rounds = len(values[0])
        for index, scores in enumerate(values[1:], 1):
            gains = [score - first for score, first in zip(scores, values[0], strict=True)]
            gain = sum(gains) / rounds
            spread = statistics.stdev(gains) / math.sqrt(rounds) if rounds > 1 else math.inf
            if gain > max(best_gain, self.confidence * spread):
                best, best_gain = index, gain
        return best

    def _iterate(
        self, root: dict, move: Action, state: GameState, rollout: list[Bot], dice: random.Random
    ) -> float:
        """One playout from a determinisation, whose first decision (the seat's, now) is `move`;
        `dice` draws the chance outcomes. The value the seat gets from it."""
        path: list[tuple[_Move, int]] = []  # the tree's moves below the root, and their seats
        # a bot that picks one of the listed actions as listed has its move applied unchecked
        applies = [
            state.apply_listed if getattr(bot, "picks_listed", False) else state.apply
            for bot in rollout
        ]
        state.apply_listed(move)
        node = self._grow(root.setdefault(move, _Move()), 1)
        for _ in range(self.horizon):
            seat = state.current_player()
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                state.apply_listed(sample_outcome(state.chance_outcomes(), dice))
                continue
            legal = state.legal_actions()
            if node is None:  # past the frontier: the rollout bots play
                applies[seat](rollout[seat].choose(handed(rollout[seat], state, seat), legal))
                continue
            action, chosen = self._select(node, legal)
            path.append((chosen, seat))
            state.apply_listed(action)
            node = self._grow(chosen, len(path) + 1)
        if state.is_terminal() or self.estimate is None:
            values = state.returns()
        else:
            values = self.estimate(state)
        for visited, seat in path:
            visited.visits += 1
            visited.total += values[seat]
        return values[self.seat]

    def _grow(self, move: _Move, depth: int) -> dict | None:
        """The node after `move`, `depth` decisions below the root: None (the rollout plays on)
        when the move is new, the node just added; or where the tree may grow no deeper."""
        if move.child is None:  # a new node: the rest is rollout
            if self.depth is None or depth < self.depth:
                move.child = {}
            return None
        return move.child

    def _select(self, node: dict, legal: Sequence[Action]) -> tuple[Action, _Move]:
        """The move UCB picks among the legal ones (an untried one first, at random)."""
        moves = [node.setdefault(action, _Move()) for action in legal]
        for move in moves:
            move.available += 1
        untried = [i for i, move in enumerate(moves) if move.visits == 0]
        if untried:
            index = untried[below(self.rng, len(untried))]
        else:
            c = self.exploration
            index = max(
                range(len(moves)),
                key=lambda i: (
                    moves[i].total / moves[i].visits
                    + c * math.sqrt(math.log(moves[i].available) / moves[i].visits)
                ),
            )
        return legal[index], moves[index]
