"""A deck of cards as plain data: a draw pile, a discard pile and a removed pile of card ids.

Card ids are strings; a title keeps the card definitions elsewhere (TOML), the deck only orders
ids. Piles are lists read from the top: `draw_pile[0]` is the next card drawn, and
`discard_pile[0]` is the card discarded last (face up on top). Hands, cards in play and other
zones belong to the title; `cards()` lists every id the deck still holds so that a title can
check conservation as `sorted(deck.cards() + hands...) == sorted(all ids)`.

Every random operation takes the RNG (a `Pcg32` stream or an `Rng`) explicitly, so shuffles
come from the game state's RNG and replays repeat them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable, Protocol


class Shuffler(Protocol):
    def shuffle(self, items: list[Any]) -> None: ...


class DeckError(ValueError):
    """A card operation that cannot be done (card not in the deck, no RNG to reshuffle)."""


@dataclass(slots=True)
class Deck:
    name: str
    draw_pile: list[str] = field(default_factory=list)
    discard_pile: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    # Whether an empty draw pile is refilled from the discard pile (titles differ).
    reshuffle_when_empty: bool = True
    # Times the discard pile was shuffled back; titles compare it to log "deck reshuffled".
    reshuffles: int = 0

    @classmethod
    def new(cls, name: str, cards: Iterable[str], rng: Shuffler | None = None,
            reshuffle_when_empty: bool = True) -> Deck:
        """A deck holding `cards` in its draw pile, shuffled if an RNG is given."""
        deck = cls(name, list(cards), reshuffle_when_empty=reshuffle_when_empty)
        if rng is not None:
            deck.shuffle(rng)
        return deck

    def __len__(self) -> int:
        return len(self.draw_pile)

    def shuffle(self, rng: Shuffler) -> None:
        """Shuffles the draw pile only."""
        rng.shuffle(self.draw_pile)

    def reshuffle(self, rng: Shuffler, mix: bool = False) -> None:
        """Shuffles the discard pile and puts it under the draw pile.

        With `mix=True` the remaining draw pile is shuffled in with it ("shuffle the discard
        pile back into the deck").
        """
        returned = self.discard_pile
        self.discard_pile = []
        if mix:
            self.draw_pile.extend(returned)
            rng.shuffle(self.draw_pile)
        else:
            rng.shuffle(returned)
            self.draw_pile.extend(returned)
        self.reshuffles += 1

    def can_draw(self) -> bool:
        """Whether `draw(1)` would give a card."""
        return bool(self.draw_pile) or (self.reshuffle_when_empty and bool(self.discard_pile))

    def draw(self, n: int = 1, rng: Shuffler | None = None) -> list[str]:
        """Draws up to `n` cards from the top, top card first.

        When the draw pile runs out and the deck allows it, the discard pile is reshuffled
        (with `rng`) and drawing goes on. Returns fewer than `n` cards when both piles are
        exhausted: what that means (a loss, no effect) is the title's rule.
        """
        drawn: list[str] = []
        while len(drawn) < n:
            if not self.draw_pile:
                if not (self.reshuffle_when_empty and self.discard_pile):
                    break
                if rng is None:
                    raise DeckError(f"deck {self.name!r} must reshuffle but draw() got no RNG")
                self.reshuffle(rng)
            take = min(n - len(drawn), len(self.draw_pile))
            drawn.extend(self.draw_pile[:take])
            del self.draw_pile[:take]
        return drawn

    def peek(self, n: int = 1) -> list[str]:
        """The top `n` cards of the draw pile, top first, without moving them."""
        return self.draw_pile[:n]

    def discard(self, cards: Iterable[str]) -> None:
        """Puts cards face up on the discard pile; the last one given ends on top."""
        for card in cards:
            self.discard_pile.insert(0, card)

    def put_on_top(self, cards: Iterable[str]) -> None:
        """Puts cards on the draw pile; `cards[0]` becomes the top card."""
        self.draw_pile[:0] = list(cards)

    def put_on_bottom(self, cards: Iterable[str]) -> None:
        """Puts cards under the draw pile; `cards[-1]` becomes the bottom card."""
        self.draw_pile.extend(cards)

    def take(self, card: str) -> str:
        """Takes a named card out of the draw or discard pile (a search), e.g. into a hand."""
        for pile in (self.draw_pile, self.discard_pile):
            if card in pile:
                pile.remove(card)
                return card
        raise DeckError(f"card {card!r} is not in the draw or discard pile of deck {self.name!r}")

    def remove(self, card: str) -> None:
        """Removes a card from the game: from the draw or discard pile to the removed pile."""
        self.removed.append(self.take(card))

    def cards(self) -> list[str]:
        """Every card id the deck holds, across all piles (for conservation checks)."""
        return self.draw_pile + self.discard_pile + self.removed

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "draw": list(self.draw_pile),
            "discard": list(self.discard_pile),
            "removed": list(self.removed),
            "reshuffle_when_empty": self.reshuffle_when_empty,
            "reshuffles": self.reshuffles,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Deck:
        return cls(
            name=str(data["name"]),
            draw_pile=[str(c) for c in data["draw"]],
            discard_pile=[str(c) for c in data["discard"]],
            removed=[str(c) for c in data["removed"]],
            reshuffle_when_empty=bool(data["reshuffle_when_empty"]),
            reshuffles=int(data["reshuffles"]),
        )
