"""Lists of legal actions whose actions are made only when read.

A step of a card game can offer a hundred actions of one shape: an ability, a hero, then a card of
the hand. A random bot, and so a simulation, reads just one of them, and building all of them at
every step was a third of the work of listing them (in To the Death!'s main step).
:class:`ActionBlocks` keeps the parts the actions are made of and makes the one a reader asks for.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from itertools import accumulate
from operator import itemgetter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from toolkit.state import Action


class ActionBlocks(Sequence):
    """Actions listed by blocks ``(head, items)``: `head` and each item are tuples, and the block's
    actions are ``head + item`` for each item in order. ``(("move", hero), cards)`` lists moving
    `hero` paid with each card (one-card tuples); ``((), actions)`` lists ready-made actions.

    Reading one action by its index costs a few operations; iterating, testing membership or
    comparing makes the whole list once and keeps it. The blocks are kept as tuples and handed
    out only as tuples: a caller cannot change the list a state has offered, so a copy of the list
    is the list itself."""

    __slots__ = ("_blocks", "_ends", "_made")

    def __init__(self, blocks: Sequence[tuple[tuple, Sequence[tuple]]]):
        self._blocks = tuple(
            (head, items if isinstance(items, tuple) else tuple(items)) for head, items in blocks
        )
        self._ends: tuple[int, ...] | None = None
        self._made: tuple[Action, ...] | None = None

    @property
    def blocks(self) -> tuple[tuple[tuple, tuple[tuple, ...]], ...]:
        """The ``(head, items)`` blocks, read-only."""
        return self._blocks

    def _block_ends(self) -> list[int]:
        """Where each block ends in the list (a block with no items ends where the last did)."""
        self._ends = ends = tuple(accumulate(map(len, map(_ITEMS, self._blocks))))
        return ends

    def __len__(self) -> int:
        ends = self._ends or self._block_ends()
        return ends[-1] if ends else 0

    def __getitem__(self, index):
        if isinstance(index, slice):
            return list(self._list()[index])
        ends = self._ends or self._block_ends()
        size = ends[-1] if ends else 0
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("action index out of range")
        at = bisect_right(ends, index)
        head, items = self._blocks[at]
        return head + items[index - ends[at - 1] if at else index]

    def _list(self) -> tuple[Action, ...]:
        made = self._made
        if made is None:
            made = self._made = tuple(head + item for head, items in self._blocks for item in items)
        return made

    def __iter__(self):
        return iter(self._list())

    def __contains__(self, action: object) -> bool:
        return action in self._list()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Sequence):
            return NotImplemented
        return list(self._list()) == list(other)

    __hash__ = None

    def __copy__(self) -> ActionBlocks:
        return self

    def __deepcopy__(self, memo: dict) -> ActionBlocks:
        return self

    def __repr__(self) -> str:
        return f"ActionBlocks({self._list()!r})"


_ITEMS = itemgetter(1)
