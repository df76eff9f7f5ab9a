"""Card effects: what a card does that its data cannot say.

A card's data may name an ``effect``; the object registered under that name
(hook ``register_effects``) acts for the card. An effect:

* does something when its card is played through :class:`~boardcore.PlayCard`
  (:meth:`Effect.play`);
* reacts to rule moments: any event class (``PhaseBegan``, ``CardPlayed``,
  ``DieRolled``, or a game's own such as a resolved attack). Mark a method with
  :func:`reacts_to`; it is called as ``method(m, card, event)`` right after every
  such event is recorded, for every card whose effect it is, wherever that card
  is: the method checks whether its card is placed to act (in play, just played);
* answers the questions its game asks of effects (how much Force a card adds, a
  bonus to hit): a game documents those as methods of its own ``Effect``
  subclass, with neutral defaults.

A reaction that needs a decision schedules a step with ``m.trigger(step)``; it
runs as soon as the step during which the moment happened is done.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

from ._events import Event

if TYPE_CHECKING:
    from ._actions import Target
    from ._cards import Card
    from ._match import Match

F = TypeVar("F", bound=Callable[..., Any])


def reacts_to(*events: type[Event]) -> Callable[[F], F]:
    """Mark an :class:`Effect` method as a reaction to ``events`` (classes; their
    subclasses included). The method is called as ``method(m, card, event)``."""
    if not events or not all(isinstance(e, type) and issubclass(e, Event) for e in events):
        raise TypeError("reacts_to() takes one or more Event classes")

    def mark(method: F) -> F:
        method.__boardcore_reacts_to__ = events  # type: ignore[attr-defined]
        return method

    return mark


class Effect:
    """Base class of card effects. Every method has a neutral default."""

    reactions: ClassVar[dict[type[Event], tuple[str, ...]]] = {}
    """Method names by the event class they react to (built from :func:`reacts_to`)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        found: dict[type[Event], tuple[str, ...]] = {}
        for klass in reversed(cls.__mro__):
            for name, member in vars(klass).items():
                for event in getattr(member, "__boardcore_reacts_to__", ()):
                    if name not in found.get(event, ()):
                        found[event] = found.get(event, ()) + (name,)
        cls.reactions = found

    def play(self, m: Match, player: int, card: Card, target: Target) -> None:
        """The card was played by ``player`` aimed at ``target``, after the rule of its
        kind of play has been applied."""


def reactions_of(effect: Any, event_type: type[Event]) -> list[str]:
    """The method names of ``effect`` that react to events of ``event_type``."""
    table = getattr(type(effect), "reactions", None) or {}
    return [name for cls, names in table.items() if issubclass(event_type, cls) for name in names]
